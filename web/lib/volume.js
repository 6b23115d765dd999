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
 * Writes a volume into a scratch slot: [type, fields...], and returns its type code (0 sphere,
 * 1 aabb, 2 obb with axes, 3 kdop, 4 obb with a rotation). Throws TypeError for a wrong shape;
 * value problems are found by the core when the slot is read.
 */
export function writeVolume(f64, at, volume) {
  const type = volume == null ? undefined : volume.type;
  if (type === 'sphere') return writeSphere(f64, at, volume);
  if (type === 'aabb') return writeAabb(f64, at, volume);
  if (type === 'obb') return writeObb(f64, at, volume);
  if (type === 'kdop') return writeKdop(f64, at, volume);
  throw typeError(volume);
}

// Each type has its own writer, so that the property loads in it only ever see that type's
// objects (fast, single-shape loads in single overlaps() calls). A writer first tries the common
// case, plain arrays of numbers, written out inline: the engine inlines such small functions
// into the caller only while their total size stays within its budget, and a helper per vector
// would exceed it. Anything else (typed arrays, {x, y, z} objects, wrong input) goes to the
// general path, a separate function that writes the same numbers or throws the error naming
// the field.

function writeSphere(f64, at, sphere) {
  const c = sphere.center, r = sphere.radius;
  if (Array.isArray(c) && c.length === 3 && typeof r === 'number') {
    const x = c[0], y = c[1], z = c[2];
    if (typeof x === 'number' && typeof y === 'number' && typeof z === 'number') {
      f64[at] = 0; f64[at + 1] = x; f64[at + 2] = y; f64[at + 3] = z; f64[at + 4] = r;
      return 0;
    }
  }
  return writeSphereChecked(f64, at, sphere);
}

function writeSphereChecked(f64, at, sphere) {
  f64[at] = 0;
  writeVec3(f64, at + 1, sphere.center, 'sphere.center');
  const r = sphere.radius;
  if (typeof r !== 'number') throw new TypeError(`sphere.radius must be a number, got ${show(r)}`);
  f64[at + 4] = r;
  return 0;
}

function writeAabb(f64, at, box) {
  const min = box.min, max = box.max;
  if (Array.isArray(min) && Array.isArray(max) && min.length === 3 && max.length === 3) {
    const x0 = min[0], y0 = min[1], z0 = min[2], x1 = max[0], y1 = max[1], z1 = max[2];
    if (typeof x0 === 'number' && typeof y0 === 'number' && typeof z0 === 'number' &&
        typeof x1 === 'number' && typeof y1 === 'number' && typeof z1 === 'number') {
      f64[at] = 1; f64[at + 1] = x0; f64[at + 2] = y0; f64[at + 3] = z0;
      f64[at + 4] = x1; f64[at + 5] = y1; f64[at + 6] = z1;
      return 1;
    }
  }
  return writeAabbChecked(f64, at, box);
}

function writeAabbChecked(f64, at, box) {
  f64[at] = 1;
  writeVec3(f64, at + 1, box.min, 'aabb.min');
  writeVec3(f64, at + 4, box.max, 'aabb.max');
  return 1;
}

// Too long to be inlined into the caller, but one call with no calls inside.
function writeObb(f64, at, box) {
  const c = box.center, axes = box.axes, h = box.halfExtents;
  if (Array.isArray(axes) && axes.length === 3 && box.rotation === undefined) {
    const u = axes[0], v = axes[1], w = axes[2];
    if (Array.isArray(c) && Array.isArray(u) && Array.isArray(v) && Array.isArray(w) && Array.isArray(h) &&
        c.length === 3 && u.length === 3 && v.length === 3 && w.length === 3 && h.length === 3) {
      const c0 = c[0], c1 = c[1], c2 = c[2], u0 = u[0], u1 = u[1], u2 = u[2], v0 = v[0], v1 = v[1], v2 = v[2];
      const w0 = w[0], w1 = w[1], w2 = w[2], h0 = h[0], h1 = h[1], h2 = h[2];
      if (typeof c0 === 'number' && typeof c1 === 'number' && typeof c2 === 'number' &&
          typeof u0 === 'number' && typeof u1 === 'number' && typeof u2 === 'number' &&
          typeof v0 === 'number' && typeof v1 === 'number' && typeof v2 === 'number' &&
          typeof w0 === 'number' && typeof w1 === 'number' && typeof w2 === 'number' &&
          typeof h0 === 'number' && typeof h1 === 'number' && typeof h2 === 'number') {
        f64[at] = 2; f64[at + 1] = c0; f64[at + 2] = c1; f64[at + 3] = c2;
        f64[at + 4] = u0; f64[at + 5] = u1; f64[at + 6] = u2;
        f64[at + 7] = v0; f64[at + 8] = v1; f64[at + 9] = v2;
        f64[at + 10] = w0; f64[at + 11] = w1; f64[at + 12] = w2;
        f64[at + 13] = h0; f64[at + 14] = h1; f64[at + 15] = h2;
        return 2;
      }
    }
  } else if (axes === undefined) {
    const q = box.rotation;
    if (Array.isArray(c) && Array.isArray(q) && Array.isArray(h) && c.length === 3 && q.length === 4 && h.length === 3) {
      const c0 = c[0], c1 = c[1], c2 = c[2], q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], h0 = h[0], h1 = h[1], h2 = h[2];
      if (typeof c0 === 'number' && typeof c1 === 'number' && typeof c2 === 'number' &&
          typeof q0 === 'number' && typeof q1 === 'number' && typeof q2 === 'number' && typeof q3 === 'number' &&
          typeof h0 === 'number' && typeof h1 === 'number' && typeof h2 === 'number') {
        f64[at] = OBB_QUATERNION_CODE; f64[at + 1] = c0; f64[at + 2] = c1; f64[at + 3] = c2;
        f64[at + 4] = q0; f64[at + 5] = q1; f64[at + 6] = q2; f64[at + 7] = q3;
        f64[at + 8] = h0; f64[at + 9] = h1; f64[at + 10] = h2;
        return OBB_QUATERNION_CODE;
      }
    }
  }
  return writeObbChecked(f64, at, box);
}

function writeObbChecked(f64, at, box) {
  writeVec3(f64, at + 1, box.center, 'obb.center');
  const axes = box.axes;
  if (axes !== undefined) {
    if (axes === null || typeof axes !== 'object' || axes.length !== 3)
      throw new TypeError(`obb.axes must be an array of 3 unit vectors, got ${axes !== null && typeof axes === 'object' && typeof axes.length === 'number' ? `length ${axes.length}` : show(axes)}`);
    if (box.rotation !== undefined)
      throw new TypeError('obb must have axes or a rotation, not both, got both');
    f64[at] = 2;
    writeVec3(f64, at + 4, axes[0], 'obb.axes[0]');
    writeVec3(f64, at + 7, axes[1], 'obb.axes[1]');
    writeVec3(f64, at + 10, axes[2], 'obb.axes[2]');
    writeVec3(f64, at + 13, box.halfExtents, 'obb.halfExtents');
    return 2;
  }
  if (box.rotation !== undefined) {
    f64[at] = OBB_QUATERNION_CODE;
    writeQuaternion(f64, at + 4, box.rotation, 'obb.rotation');
    writeVec3(f64, at + 8, box.halfExtents, 'obb.halfExtents');
    return OBB_QUATERNION_CODE;
  }
  throw new TypeError('obb.axes must be an array of 3 unit vectors (or obb.rotation a unit quaternion [x, y, z, w]), got undefined');
}

function writeKdop(f64, at, kdop) {
  const k = kdop.k;
  if (k !== 6 && k !== 8 && k !== 14 && k !== 18 && k !== 26) {
    if (typeof k !== 'number') throw new TypeError(`kdop.k must be one of 6, 8, 14, 18, 26, got ${show(k)}`);
    throw new RangeError(`kdop.k must be one of 6, 8, 14, 18, 26, got ${show(k)}`);
  }
  f64[at] = 3;
  f64[at + 1] = k;
  writeNumbers(f64, at + 2, kdop.min, 'kdop.min', k / 2);
  writeNumbers(f64, at + 2 + k / 2, kdop.max, 'kdop.max', k / 2);
  return 3;
}
