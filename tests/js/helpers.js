// Shared test data for the Vitest suite: a seeded generator, volumes of every type, the k-DOP
// directions (an independent copy of the ones documented in volume.schema.json), and number
// comparisons. Not a test file (vitest.config.js collects only *.test.js).

export const TYPES = ['sphere', 'aabb', 'obb', 'kdop'];
export const KS = [6, 8, 14, 18, 26];

/** Every ordered pair of types: 16, i.e. the 10 unordered pairs in both orders. */
export const ORDERED_PAIRS = TYPES.flatMap((a) => TYPES.map((b) => [a, b]));

const AXES = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
const CORNERS = [[1, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1]];
const EDGES = [[1, 1, 0], [1, -1, 0], [1, 0, 1], [1, 0, -1], [0, 1, 1], [0, 1, -1]];

/** The unnormalized slab directions d_i of each k (kdop.min[i] <= d_i . x <= kdop.max[i]). */
export const KDOP_DIRECTIONS = {
  6: AXES,
  8: CORNERS,
  14: [...AXES, ...CORNERS],
  18: [...AXES, ...EDGES],
  26: [...AXES, ...CORNERS, ...EDGES],
};

export const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
export const norm = (a) => Math.hypot(a[0], a[1], a[2]);

/** A seeded generator (mulberry32): the same numbers on every machine, so every run is identical. */
export function rng(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    pick: (list) => list[Math.floor(next() * list.length)],
    vec: (lo, hi) => [r.uniform(lo, hi), r.uniform(lo, hi), r.uniform(lo, hi)],
    /** A random unit quaternion [x, y, z, w]. */
    quat: () => {
      const q = [r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(0.1, 1)];
      const l = Math.hypot(...q);
      return q.map((x) => x / l);
    },
  };
  return r;
}

/** The columns of the rotation matrix of a unit quaternion [x, y, z, w]: the box axes it gives. */
export function quatAxes([x, y, z, w]) {
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)],
    [2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)],
    [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)],
  ];
}

/** The tightest k-DOP around a point cloud. */
export function kdopOfPoints(k, points) {
  const dirs = KDOP_DIRECTIONS[k];
  const min = dirs.map(() => Infinity), max = dirs.map(() => -Infinity);
  for (const p of points) {
    dirs.forEach((d, i) => {
      const s = dot(d, p);
      if (s < min[i]) min[i] = s;
      if (s > max[i]) max[i] = s;
    });
  }
  return { type: 'kdop', k, min, max };
}

/** The 8 corners of a box given by center, axes and half-extents. */
export function boxCorners(center, axes, h) {
  const out = [];
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1])
    out.push(add(add(add(center, scale(axes[0], sx * h[0])), scale(axes[1], sy * h[1])), scale(axes[2], sz * h[2])));
  return out;
}

/**
 * A random volume of `type` near `at` with a size around `size`. OBBs use `axes` (or `rotation`
 * with { rotation: true }); k-DOPs are the k-DOP of a random point cloud (k random unless given).
 */
export function randomVolume(r, type, at, { size = 1, k, rotation = false } = {}) {
  switch (type) {
    case 'sphere':
      return { type, center: add(at, r.vec(-0.1, 0.1)), radius: r.uniform(0.2, 1) * size };
    case 'aabb': {
      const h = r.vec(0.1 * size, size);
      return { type, min: sub(at, h), max: add(at, h) };
    }
    case 'obb': {
      const q = r.quat();
      const halfExtents = r.vec(0.1 * size, size);
      return rotation ? { type, center: at, halfExtents, rotation: q } : { type, center: at, halfExtents, axes: quatAxes(q) };
    }
    default: {
      const kk = k ?? r.pick(KS);
      const points = Array.from({ length: 10 }, () => add(at, r.vec(-size, size)));
      return kdopOfPoints(kk, points);
    }
  }
}

/** The volume moved by t (exactly, per type). */
export function translate(v, t) {
  switch (v.type) {
    case 'sphere': return { ...v, center: add(v.center, t) };
    case 'aabb': return { ...v, min: add(v.min, t), max: add(v.max, t) };
    case 'obb': return { ...v, center: add(v.center, t) };
    default: {
      const d = KDOP_DIRECTIONS[v.k].map((dir) => dot(dir, t));
      return { ...v, min: v.min.map((m, i) => m + d[i]), max: v.max.map((m, i) => m + d[i]) };
    }
  }
}

/** One simple volume of each type (and of each k), centred at c with "radius" about 1. */
export function unitVolumes(c = [0, 0, 0]) {
  const s = Math.SQRT1_2;
  return {
    sphere: { type: 'sphere', center: c, radius: 1 },
    aabb: { type: 'aabb', min: sub(c, [1, 1, 1]), max: add(c, [1, 1, 1]) },
    // A cube turned 45 degrees about z: its x-extent is sqrt(2).
    obb: { type: 'obb', center: c, halfExtents: [1, 1, 1], axes: [[s, s, 0], [-s, s, 0], [0, 0, 1]] },
    kdop: kdopOfPoints(26, boxCorners(c, [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [1, 1, 1])),
  };
}

/** |x - y| <= rel * max(1, |x|, |y|): the parity tolerance. */
export function closeRel(x, y, rel = 1e-12) {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
  if (x === y) return true;
  return Math.abs(x - y) <= rel * Math.max(1, Math.abs(x), Math.abs(y));
}

/**
 * Deep equality of plain data in which numbers compare with === (so 0 equals -0, which JSON
 * cannot tell apart, but NaN equals nothing): the test of "survives a JSON round trip".
 */
export function sameJson(a, b) {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameJson(a[key], b[key]));
}

/** True when every object and array in the value is plain (Object/Array prototypes only). */
export function isPlainData(value) {
  if (value === null || typeof value !== 'object') return ['number', 'string', 'boolean'].includes(typeof value) || value === null;
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && value.every(isPlainData);
  return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isPlainData);
}

/** The error fn throws, or null when it returns. */
export function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return null;
}

/** Bytes of an f64 sphere buffer's element: 4 fields and 1 result byte. */
export const SPHERE_BUFFER_BYTES = 4 * 8 + 1;
/** Bytes ballast() leaves free. */
export const HEAP_HEADROOM = 2 << 20;

/**
 * Fills the module's heap with one buffer so that about HEAP_HEADROOM bytes stay free: a leak of
 * more than that then has to grow the heap (sx.heapSize), which the memory tests watch. Allocations
 * this large come from the top of the heap, so a 1 MB probe shows where the used part ends. Null
 * when the heap has no room to fill.
 */
export function ballast(sx) {
  const probe = sx.createVolumeBuffer('sphere', Math.ceil((1 << 20) / SPHERE_BUFFER_BYTES));
  const top = probe.ptr + (1 << 20);
  probe.dispose();
  const free = sx.heapSize - top - HEAP_HEADROOM;
  return free > SPHERE_BUFFER_BYTES ? sx.createVolumeBuffer('sphere', Math.floor(free / SPHERE_BUFFER_BYTES)) : null;
}
