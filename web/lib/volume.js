// Reading volumes from the JSON interchange format into the scratch area of the WebAssembly
// module (see cpp/bindings/scratch.h for the layout), and the structural checks that only
// JavaScript can make (types, lengths). Value checks (finite, >= 0, min <= max, orthonormal,
// non-empty k-DOP) are the core's, whose messages use the same field names.

export const TYPE_CODES = { sphere: 0, aabb: 1, obb: 2, kdop: 3 };
export const OBB_QUATERNION_CODE = 4;
export const KDOP_KS = [6, 8, 14, 18, 26];

/** A short, safe rendering of any value for an error message. */
export function show(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of length ${value.length}`;
  if (typeof value === 'function') return 'a function';
  return 'an object';
}

function vectorError(value, field, size) {
  if (value == null || typeof value !== 'object')
    return new TypeError(`${field} must be an array of ${size} numbers, got ${show(value)}`);
  if (typeof value.length === 'number' && value.length !== size)
    return new TypeError(`${field} must be an array of ${size} numbers, got length ${value.length}`);
  for (let i = 0; i < size; i++) {
    const x = typeof value.length === 'number' ? value[i] : value['xyzw'[i]];
    if (typeof x !== 'number') return new TypeError(`${field}[${i}] must be a number, got ${show(x)}`);
  }
  return new TypeError(`${field} must be an array of ${size} numbers, got ${show(value)}`);
}

/** Writes [x, y, z] (array, typed array or {x, y, z}) at f64[at..at+3). */
export function writeVec3(f64, at, value, field) {
  if (value != null && value.length === 3) {
    const x = value[0], y = value[1], z = value[2];
    if (typeof x === 'number' && typeof y === 'number' && typeof z === 'number') {
      f64[at] = x; f64[at + 1] = y; f64[at + 2] = z;
      return;
    }
  } else if (value != null && typeof value.length !== 'number' && typeof value.x === 'number' &&
             typeof value.y === 'number' && typeof value.z === 'number') {
    f64[at] = value.x; f64[at + 1] = value.y; f64[at + 2] = value.z;
    return;
  }
  throw vectorError(value, field, 3);
}

export function writeQuaternion(f64, at, value, field) {
  if (value != null && value.length === 4) {
    const x = value[0], y = value[1], z = value[2], w = value[3];
    if (typeof x === 'number' && typeof y === 'number' && typeof z === 'number' && typeof w === 'number') {
      f64[at] = x; f64[at + 1] = y; f64[at + 2] = z; f64[at + 3] = w;
      return;
    }
  } else if (value != null && typeof value.length !== 'number' && typeof value.w === 'number' &&
             typeof value.x === 'number' && typeof value.y === 'number' && typeof value.z === 'number') {
    f64[at] = value.x; f64[at + 1] = value.y; f64[at + 2] = value.z; f64[at + 3] = value.w;
    return;
  }
  throw vectorError(value, field, 4);
}

function writeNumbers(f64, at, values, field, count) {
  if (values == null || typeof values !== 'object' || values.length !== count) {
    if (values != null && typeof values === 'object' && typeof values.length === 'number')
      throw new TypeError(`${field} must be an array of ${count} numbers, got length ${values.length}`);
    throw new TypeError(`${field} must be an array of ${count} numbers, got ${show(values)}`);
  }
  for (let i = 0; i < count; i++) {
    const x = values[i];
    if (typeof x !== 'number') throw new TypeError(`${field}[${i}] must be a number, got ${show(x)}`);
    f64[at + i] = x;
  }
}

function typeError(volume) {
  if (volume == null || typeof volume !== 'object')
    return new TypeError(`volume must be an object such as {type: 'sphere', center, radius}, got ${show(volume)}`);
  return new TypeError(`volume.type must be one of "sphere", "aabb", "obb", "kdop", got ${show(volume.type)}`);
}

/**
 * Writes a volume into a scratch slot: [type, fields...]. Throws TypeError for a wrong shape;
 * value problems are found by the core when the slot is decoded.
 */
export function writeVolume(f64, at, volume) {
  const type = volume == null ? undefined : volume.type;
  if (type === 'sphere') {
    f64[at] = 0;
    writeVec3(f64, at + 1, volume.center, 'sphere.center');
    const r = volume.radius;
    if (typeof r !== 'number') throw new TypeError(`sphere.radius must be a number, got ${show(r)}`);
    f64[at + 4] = r;
  } else if (type === 'aabb') {
    f64[at] = 1;
    writeVec3(f64, at + 1, volume.min, 'aabb.min');
    writeVec3(f64, at + 4, volume.max, 'aabb.max');
  } else if (type === 'obb') {
    writeVec3(f64, at + 1, volume.center, 'obb.center');
    const axes = volume.axes;
    if (axes !== undefined) {
      if (axes === null || typeof axes !== 'object' || axes.length !== 3)
        throw new TypeError(`obb.axes must be an array of 3 unit vectors, got ${axes !== null && typeof axes === 'object' && typeof axes.length === 'number' ? `length ${axes.length}` : show(axes)}`);
      if (volume.rotation !== undefined)
        throw new TypeError('obb must have axes or a rotation, not both, got both');
      f64[at] = 2;
      writeVec3(f64, at + 4, axes[0], 'obb.axes[0]');
      writeVec3(f64, at + 7, axes[1], 'obb.axes[1]');
      writeVec3(f64, at + 10, axes[2], 'obb.axes[2]');
      writeVec3(f64, at + 13, volume.halfExtents, 'obb.halfExtents');
    } else if (volume.rotation !== undefined) {
      f64[at] = OBB_QUATERNION_CODE;
      writeQuaternion(f64, at + 4, volume.rotation, 'obb.rotation');
      writeVec3(f64, at + 8, volume.halfExtents, 'obb.halfExtents');
    } else {
      throw new TypeError('obb.axes must be an array of 3 unit vectors (or obb.rotation a unit quaternion [x, y, z, w]), got undefined');
    }
  } else if (type === 'kdop') {
    const k = volume.k;
    if (k !== 6 && k !== 8 && k !== 14 && k !== 18 && k !== 26) {
      if (typeof k !== 'number') throw new TypeError(`kdop.k must be one of 6, 8, 14, 18, 26, got ${show(k)}`);
      throw new RangeError(`kdop.k must be one of 6, 8, 14, 18, 26, got ${show(k)}`);
    }
    f64[at] = 3;
    f64[at + 1] = k;
    writeNumbers(f64, at + 2, volume.min, 'kdop.min', k / 2);
    writeNumbers(f64, at + 2 + k / 2, volume.max, 'kdop.max', k / 2);
  } else {
    throw typeError(volume);
  }
}
