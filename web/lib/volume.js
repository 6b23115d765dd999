// Reading volumes from the JSON interchange format into the scratch area of the WebAssembly
// module (its layout and type codes: wire.js, generated from cpp/bindings/wire.h), and the
// structural checks that only JavaScript can make (types, lengths). Value checks (finite, >= 0,
// min <= max, orthonormal, non-empty k-DOP) are the core's validators', whose messages use the
// same field names.

import * as wire from './wire.js';

// The wire's numbers as this module's own constants: V8 folds a module-level const into optimized
// code like a literal, where a use of the imported binding itself would be a load and a check.
const {
  TYPE_SPHERE, TYPE_AABB, TYPE_OBB, TYPE_KDOP, TYPE_OBB_QUATERNION, SLOT_TYPE, SLOT_FIELDS, SLOT_KDOP_K,
  SLOT_KDOP_FIELDS, KDOP_MIN_BLOCK, KDOP_MAX_BLOCK, SLOT_OBB_QUATERNION_CENTER, SLOT_OBB_QUATERNION_ROTATION, SLOT_OBB_QUATERNION_HALF_EXTENTS,
} = wire;
// Where each number of a volume goes in a slot: after the type code, in the batch field order.
const SPHERE_C = SLOT_FIELDS + wire.SPHERE_CENTER, SPHERE_R = SLOT_FIELDS + wire.SPHERE_RADIUS;
const AABB_MIN = SLOT_FIELDS + wire.AABB_MIN, AABB_MAX = SLOT_FIELDS + wire.AABB_MAX;
const OBB_C = SLOT_FIELDS + wire.OBB_CENTER, OBB_U = SLOT_FIELDS + wire.OBB_AXES, OBB_V = OBB_U + 3, OBB_W = OBB_U + 6;
const OBB_H = SLOT_FIELDS + wire.OBB_HALF_EXTENTS;
const OBBQ_C = SLOT_OBB_QUATERNION_CENTER, OBBQ_Q = SLOT_OBB_QUATERNION_ROTATION, OBBQ_H = SLOT_OBB_QUATERNION_HALF_EXTENTS;

export const TYPE_CODES = { sphere: TYPE_SPHERE, aabb: TYPE_AABB, obb: TYPE_OBB, kdop: TYPE_KDOP };
const TYPE_TRIANGLE = wire.TYPE_TRIANGLE, TRIANGLE_V = wire.SLOT_TRIANGLE_VERTICES;
export const OBB_QUATERNION_CODE = TYPE_OBB_QUATERNION;
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
  // three.js's Euler (and Vector3) has x, y, z and no w: angles where a quaternion belongs.
  if (size === 4 && typeof value.length !== 'number' && typeof value.x === 'number' && value.w === undefined)
    return new TypeError(`${field} has x, y, z and no w (Euler angles? three.js's Quaternion.setFromEuler turns them ` +
      `into a quaternion): ${field}[3] must be a number, got undefined`);
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
  return new TypeError(`volume.type must be one of "sphere", "aabb", "obb", "kdop", "triangle", got ${show(volume.type)}`);
}

/** A k-DOP's batch fields (batch.h): two blocks of k/2, min and max. */
export const kdopMin = (k, j) => KDOP_MIN_BLOCK * (k / 2) + j;
export const kdopMax = (k, j) => KDOP_MAX_BLOCK * (k / 2) + j;

/**
 * Writes a volume into a scratch slot: [type, fields...], and returns its type code (wire.js:
 * TYPE_SPHERE, TYPE_AABB, TYPE_OBB with axes, TYPE_KDOP, TYPE_OBB_QUATERNION with a rotation). Throws TypeError for a wrong shape;
 * value problems are found by the core when the slot is read.
 */
export function writeVolume(f64, at, volume) {
  const type = volume == null ? undefined : volume.type;
  if (type === 'sphere') return writeSphere(f64, at, volume);
  if (type === 'aabb') return writeAabb(f64, at, volume);
  if (type === 'obb') return writeObb(f64, at, volume);
  if (type === 'kdop') return writeKdop(f64, at, volume);
  if (type === 'triangle') return writeTriangle(f64, at, volume);
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
      f64[at + SLOT_TYPE] = TYPE_SPHERE;
      f64[at + SPHERE_C] = x; f64[at + SPHERE_C + 1] = y; f64[at + SPHERE_C + 2] = z; f64[at + SPHERE_R] = r;
      return TYPE_SPHERE;
    }
  }
  return writeSphereChecked(f64, at, sphere);
}

function writeSphereChecked(f64, at, sphere) {
  f64[at + SLOT_TYPE] = TYPE_SPHERE;
  writeVec3(f64, at + SPHERE_C, sphere.center, 'sphere.center');
  const r = sphere.radius;
  if (typeof r !== 'number') throw new TypeError(`sphere.radius must be a number, got ${show(r)}`);
  f64[at + SPHERE_R] = r;
  return TYPE_SPHERE;
}

function writeAabb(f64, at, box) {
  const min = box.min, max = box.max;
  if (Array.isArray(min) && Array.isArray(max) && min.length === 3 && max.length === 3) {
    const x0 = min[0], y0 = min[1], z0 = min[2], x1 = max[0], y1 = max[1], z1 = max[2];
    if (typeof x0 === 'number' && typeof y0 === 'number' && typeof z0 === 'number' &&
        typeof x1 === 'number' && typeof y1 === 'number' && typeof z1 === 'number') {
      f64[at + SLOT_TYPE] = TYPE_AABB;
      f64[at + AABB_MIN] = x0; f64[at + AABB_MIN + 1] = y0; f64[at + AABB_MIN + 2] = z0;
      f64[at + AABB_MAX] = x1; f64[at + AABB_MAX + 1] = y1; f64[at + AABB_MAX + 2] = z1;
      return TYPE_AABB;
    }
  }
  return writeAabbChecked(f64, at, box);
}

function writeAabbChecked(f64, at, box) {
  f64[at + SLOT_TYPE] = TYPE_AABB;
  writeVec3(f64, at + AABB_MIN, box.min, 'aabb.min');
  writeVec3(f64, at + AABB_MAX, box.max, 'aabb.max');
  return TYPE_AABB;
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
        f64[at + SLOT_TYPE] = TYPE_OBB; f64[at + OBB_C] = c0; f64[at + OBB_C + 1] = c1; f64[at + OBB_C + 2] = c2;
        f64[at + OBB_U] = u0; f64[at + OBB_U + 1] = u1; f64[at + OBB_U + 2] = u2;
        f64[at + OBB_V] = v0; f64[at + OBB_V + 1] = v1; f64[at + OBB_V + 2] = v2;
        f64[at + OBB_W] = w0; f64[at + OBB_W + 1] = w1; f64[at + OBB_W + 2] = w2;
        f64[at + OBB_H] = h0; f64[at + OBB_H + 1] = h1; f64[at + OBB_H + 2] = h2;
        return TYPE_OBB;
      }
    }
  } else if (axes === undefined) {
    const q = box.rotation;
    if (Array.isArray(c) && Array.isArray(q) && Array.isArray(h) && c.length === 3 && q.length === 4 && h.length === 3) {
      const c0 = c[0], c1 = c[1], c2 = c[2], q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3], h0 = h[0], h1 = h[1], h2 = h[2];
      if (typeof c0 === 'number' && typeof c1 === 'number' && typeof c2 === 'number' &&
          typeof q0 === 'number' && typeof q1 === 'number' && typeof q2 === 'number' && typeof q3 === 'number' &&
          typeof h0 === 'number' && typeof h1 === 'number' && typeof h2 === 'number') {
        f64[at + SLOT_TYPE] = TYPE_OBB_QUATERNION;
        f64[at + OBBQ_C] = c0; f64[at + OBBQ_C + 1] = c1; f64[at + OBBQ_C + 2] = c2;
        f64[at + OBBQ_Q] = q0; f64[at + OBBQ_Q + 1] = q1; f64[at + OBBQ_Q + 2] = q2; f64[at + OBBQ_Q + 3] = q3;
        f64[at + OBBQ_H] = h0; f64[at + OBBQ_H + 1] = h1; f64[at + OBBQ_H + 2] = h2;
        return TYPE_OBB_QUATERNION;
      }
    }
  }
  return writeObbChecked(f64, at, box);
}

function writeObbChecked(f64, at, box) {
  writeVec3(f64, at + OBB_C, box.center, 'obb.center');  // = OBBQ_C (asserted by tests/js/wire.test.js)
  const axes = box.axes;
  if (axes !== undefined) {
    if (axes === null || typeof axes !== 'object' || axes.length !== 3)
      throw new TypeError(`obb.axes must be an array of 3 unit vectors, got ${axes !== null && typeof axes === 'object' && typeof axes.length === 'number' ? `length ${axes.length}` : show(axes)}`);
    if (box.rotation !== undefined)
      throw new TypeError('obb must have axes or a rotation, not both, got both');
    f64[at + SLOT_TYPE] = TYPE_OBB;
    writeVec3(f64, at + OBB_U, axes[0], 'obb.axes[0]');
    writeVec3(f64, at + OBB_V, axes[1], 'obb.axes[1]');
    writeVec3(f64, at + OBB_W, axes[2], 'obb.axes[2]');
    writeVec3(f64, at + OBB_H, box.halfExtents, 'obb.halfExtents');
    return TYPE_OBB;
  }
  if (box.rotation !== undefined) {
    f64[at + SLOT_TYPE] = TYPE_OBB_QUATERNION;
    writeQuaternion(f64, at + OBBQ_Q, box.rotation, 'obb.rotation');
    writeVec3(f64, at + OBBQ_H, box.halfExtents, 'obb.halfExtents');
    return TYPE_OBB_QUATERNION;
  }
  throw new TypeError('obb.axes must be an array of 3 unit vectors (or obb.rotation a unit quaternion [x, y, z, w]), got undefined');
}

function writeKdop(f64, at, kdop) {
  const k = kdop.k;
  if (k !== 6 && k !== 8 && k !== 14 && k !== 18 && k !== 26) {
    if (typeof k !== 'number') throw new TypeError(`kdop.k must be one of 6, 8, 14, 18, 26, got ${show(k)}`);
    throw new RangeError(`kdop.k must be one of 6, 8, 14, 18, 26, got ${show(k)}`);
  }
  f64[at + SLOT_TYPE] = TYPE_KDOP;
  f64[at + SLOT_KDOP_K] = k;
  writeNumbers(f64, at + SLOT_KDOP_FIELDS + kdopMin(k, 0), kdop.min, 'kdop.min', k / 2);
  writeNumbers(f64, at + SLOT_KDOP_FIELDS + kdopMax(k, 0), kdop.max, 'kdop.max', k / 2);
  return TYPE_KDOP;
}

// Three corners, each written (and checked: three numbers) as a vector of its own.
function writeTriangle(f64, at, triangle) {
  const v = triangle.vertices;
  if (v == null || typeof v !== 'object' || v.length !== 3) {
    const got = v != null && typeof v === 'object' && typeof v.length === 'number' ? `length ${v.length}` : show(v);
    throw new TypeError(`triangle.vertices must be an array of 3 points [x, y, z], got ${got}`);
  }
  f64[at + SLOT_TYPE] = TYPE_TRIANGLE;
  for (let i = 0; i < 3; i++) writeVec3(f64, at + TRIANGLE_V + 3 * i, v[i], `triangle.vertices[${i}]`);
  return TYPE_TRIANGLE;
}
