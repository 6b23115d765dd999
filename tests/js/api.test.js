// The single-call API of the package on every volume type and every pair of types: verdicts,
// report invariants, queries, transforms, and the shape of what comes back.

import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import {
  KDOP_DIRECTIONS, KS, ORDERED_PAIRS, TYPES, add, boxCorners, dot, isPlainData, kdopOfPoints, norm, quatAxes,
  randomVolume, rng, sameJson, scale, sub, translate, unitVolumes,
} from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

const S = Math.SQRT1_2;

function expectVec(actual, expected, tol = 1e-12) {
  expect(actual.length ?? 3).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (Math.abs(actual[i] - expected[i]) > tol) expect(actual, `component ${i}`).toEqual(expected);
  }
}

/** The interval of a sphere, AABB or OBB on a unit direction, computed here independently. */
function projection(v, d) {
  if (v.type === 'sphere') return [dot(v.center, d) - v.radius, dot(v.center, d) + v.radius];
  const corners = v.type === 'aabb'
    ? boxCorners(scale(add(v.min, v.max), 0.5), [[1, 0, 0], [0, 1, 0], [0, 0, 1]], scale(sub(v.max, v.min), 0.5))
    : boxCorners(v.center, v.axes, v.halfExtents);
  const s = corners.map((c) => dot(c, d));
  return [Math.min(...s), Math.max(...s)];
}

/** The invariants every report satisfies, whatever the pair. */
function checkReport(a, b, report) {
  expect(typeof report.overlap).toBe('boolean');
  expect(report.overlap).toBe(sx.overlaps(a, b));
  expect(report.separatingAxis === -1).toBe(report.overlap);
  expect(report.axes.length).toBeGreaterThan(0);
  const scaleOf = 1 + Math.max(...report.axes.flatMap((x) => [...x.a, ...x.b].map(Math.abs)));
  report.axes.forEach((axis, i) => {
    expect(typeof axis.label).toBe('string');
    expect(axis.label.length).toBeGreaterThan(0);
    expect(typeof axis.degenerate).toBe('boolean');
    expect(typeof axis.separating).toBe('boolean');
    if (axis.degenerate) {
      expect(typeof axis.reason).toBe('string');
      expect(axis.reason.length).toBeGreaterThan(0);
      expect(axis.separating).toBe(false);
      return;
    }
    expect(axis.reason).toBeUndefined();
    expect(Math.abs(norm(axis.direction) - 1)).toBeLessThan(1e-12);
    expect(axis.a[0]).toBeLessThanOrEqual(axis.a[1]);
    expect(axis.b[0]).toBeLessThanOrEqual(axis.b[1]);
    expect(Math.abs(axis.gap - Math.max(axis.b[0] - axis.a[1], axis.a[0] - axis.b[1]))).toBeLessThanOrEqual(1e-12 * scaleOf);
    expect(axis.separating).toBe(axis.gap > 0);
    if (i < report.separatingAxis || report.separatingAxis === -1) expect(axis.separating).toBe(false);
    // The intervals are the projections of the volumes (k-DOPs: checked by parity with the core).
    for (const [v, interval] of [[a, axis.a], [b, axis.b]]) {
      if (v.type === 'kdop') continue;
      const p = projection(v, axis.direction);
      expect(Math.abs(p[0] - interval[0])).toBeLessThanOrEqual(1e-12 * scaleOf);
      expect(Math.abs(p[1] - interval[1])).toBeLessThanOrEqual(1e-12 * scaleOf);
    }
  });
  if (report.overlap) {
    expect(report.penetration).not.toBeNull();
    expect(report.penetration.depth).toBeGreaterThanOrEqual(0);
    expect(Math.abs(norm(report.penetration.normal) - 1)).toBeLessThan(1e-12);
  } else {
    expect(report.penetration).toBeNull();
    const sep = report.axes[report.separatingAxis];
    expect(sep.separating).toBe(true);
    expect(sep.gap).toBeGreaterThan(0);
  }
}

describe('init', () => {
  it('init() loads the module once: a second call resolves to the same instance', async () => {
    const again = await init();
    expect(again).toBe(sx);
    expect(await Promise.all([init(), init()])).toEqual([sx, sx]);
  });

  it('the instance offers every call of the contract', () => {
    for (const name of ['overlaps', 'collide', 'contains', 'closestPoint', 'raycast', 'segmentCast', 'boundingBox',
      'transform', 'overlapsConservative', 'validate', 'createPairBuffer', 'createVolumeBuffer', 'overlapsMany'])
      expect(typeof sx[name], name).toBe('function');
    expect(typeof sx.heapSize).toBe('number');
  });
});

describe('overlaps and collide on every pair of types', () => {
  // Unit volumes: sphere r = 1, the cube [-1, 1]^3 as an AABB and as a 26-DOP, and that cube
  // turned 45 degrees about z as an OBB (x-extent sqrt 2). B is moved by `offset`.
  const cases = [
    { offset: [1.5, 0, 0], overlap: true },
    { offset: [1.2, 1.2, 0], overlap: true },
    { offset: [0, 0, 0], overlap: true },
    { offset: [3.5, 0, 0], overlap: false },
    { offset: [0, 0, -3.5], overlap: false },
    { offset: [2.5, 2.5, 0], overlap: false },
  ];

  for (const [ta, tb] of ORDERED_PAIRS) {
    it(`${ta} against ${tb}: overlapping and separated placements give the expected verdict in both orders`, () => {
      for (const { offset, overlap } of cases) {
        const a = unitVolumes()[ta], b = unitVolumes(offset)[tb];
        expect(sx.overlaps(a, b), `offset ${offset}`).toBe(overlap);
        expect(sx.overlaps(b, a), `reversed, offset ${offset}`).toBe(overlap);
        const report = sx.collide(a, b);
        expect(report.overlap).toBe(overlap);
        expect(sx.collide(b, a).overlap).toBe(overlap);
        checkReport(a, b, report);
      }
    });
  }

  const exact = ['sphere', 'aabb', 'kdop'];
  for (const ta of exact) {
    for (const tb of exact) {
      it(`${ta} against ${tb}: touching counts as overlap, and a gap of 2^-40 separates`, () => {
        const a = unitVolumes()[ta];
        const touching = unitVolumes([2, 0, 0])[tb];
        const apart = unitVolumes([2 + 2 ** -40, 0, 0])[tb];
        expect(sx.overlaps(a, touching)).toBe(true);
        expect(sx.overlaps(touching, a)).toBe(true);
        expect(sx.collide(a, touching).overlap).toBe(true);
        expect(sx.collide(a, touching).penetration.depth).toBeLessThanOrEqual(1e-12);
        expect(sx.overlaps(a, apart)).toBe(false);
        expect(sx.overlaps(apart, a)).toBe(false);
        const report = sx.collide(a, apart);
        expect(report.overlap).toBe(false);
        expect(report.axes[report.separatingAxis].gap).toBeGreaterThan(0);
      });
    }
  }

  it('random pairs of every type: reports are consistent, the verdict is symmetric and the penetration is minimal along its normal', () => {
    const r = rng(1001);
    let overlapping = 0, apart = 0;
    for (const [ta, tb] of ORDERED_PAIRS) {
      for (let i = 0; i < 25; i++) {
        const a = randomVolume(r, ta, [0, 0, 0]);
        const b = randomVolume(r, tb, r.vec(-1.5, 1.5));
        const report = sx.collide(a, b);
        checkReport(a, b, report);
        const reversed = sx.collide(b, a);
        expect(reversed.overlap).toBe(report.overlap);
        expect(sx.overlaps(b, a)).toBe(report.overlap);
        if (!report.overlap) { apart++; continue; }
        overlapping++;
        const { depth, normal } = report.penetration;
        expect(Math.abs(reversed.penetration.depth - depth)).toBeLessThanOrEqual(1e-12 * Math.max(1, depth));
        // Moving B by the penetration separates the pair; moving it slightly less does not.
        expect(sx.overlaps(a, translate(b, scale(normal, depth * (1 + 1e-9) + 1e-9)))).toBe(false);
        if (depth > 1e-6) expect(sx.overlaps(a, translate(b, scale(normal, depth * (1 - 1e-9) - 1e-9)))).toBe(true);
      }
    }
    expect(overlapping).toBeGreaterThan(50);
    expect(apart).toBeGreaterThan(50);
  });

  it('a point inside both volumes always means they overlap', () => {
    const r = rng(1002);
    for (const [ta, tb] of ORDERED_PAIRS) {
      for (let i = 0; i < 15; i++) {
        const a = randomVolume(r, ta, [0, 0, 0]);
        const b = randomVolume(r, tb, r.vec(-1.5, 1.5));
        const witness = Array.from({ length: 60 }, () => r.vec(-2, 2)).some((p) => sx.contains(a, p) && sx.contains(b, p));
        if (witness) expect(sx.overlaps(a, b)).toBe(true);
      }
    }
  });

  it('an OBB pair separated only by an edge-edge axis is reported apart', () => {
    const r = rng(1003);
    let found = null;
    for (let i = 0; i < 20000 && !found; i++) {
      const a = randomVolume(r, 'obb', [0, 0, 0]);
      const b = randomVolume(r, 'obb', r.vec(-2, 2));
      if (sx.overlaps(a, b)) continue;
      const report = sx.collide(a, b);
      const faceSeparates = report.axes.some((x) => !x.label.includes('×') && x.separating);
      if (!faceSeparates) found = { a, b, report };
    }
    expect(found, 'an OBB pair separated only along a cross product of edges').not.toBeNull();
    const { a, b, report } = found;
    expect(report.overlap).toBe(false);
    expect(report.axes[report.separatingAxis].label).toMatch(/^A\.u[012] × B\.u[012]$/);
    expect(sx.overlaps(b, a)).toBe(false);
  });
});

describe('k-DOPs: the conservative test', () => {
  it('overlapsConservative is true whenever overlaps is true', () => {
    const r = rng(2001);
    let both = 0;
    for (let i = 0; i < 400; i++) {
      const a = randomVolume(r, 'kdop', [0, 0, 0]);
      const b = randomVolume(r, 'kdop', r.vec(-2, 2));
      const exact = sx.overlaps(a, b), conservative = sx.overlapsConservative(a, b);
      if (exact) { both++; expect(conservative).toBe(true); }
      expect(sx.overlapsConservative(b, a)).toBe(conservative);
    }
    expect(both).toBeGreaterThan(50);
  });

  for (const k of [8, 26]) {
    it(`two ${k}-DOPs separated only by an edge-edge axis overlap conservatively but not exactly`, () => {
      // The k-DOPs of two random segments: thin polytopes whose slabs all overlap while a cross
      // product of their edges separates them. Searched for, then checked.
      const r = rng(2000 + k);
      let found = null;
      for (let i = 0; i < 5000 && !found; i++) {
        const seg = (o) => { const d = r.vec(-0.5, 0.5); return [sub(o, d), add(o, d)]; };
        const a = kdopOfPoints(k, seg([0, 0, 0]));
        const b = kdopOfPoints(k, seg(r.vec(-1, 1)));
        if (sx.overlapsConservative(a, b) && !sx.overlaps(a, b)) found = { a, b };
      }
      expect(found, `a pair of ${k}-DOPs apart only along an edge-edge axis`).not.toBeNull();
      const { a, b } = found;
      expect(sx.overlapsConservative(a, b)).toBe(true);
      expect(sx.overlaps(a, b)).toBe(false);
      expect(sx.overlaps(b, a)).toBe(false);
      const report = sx.collide(a, b);
      expect(report.overlap).toBe(false);
      const sep = report.axes[report.separatingAxis];
      expect(sep.label).toContain('×');
      expect(sep.gap).toBeGreaterThan(1e-6);
      // No slab direction separates them: that is why the classic test says "overlap".
      for (const axis of report.axes.filter((x) => !x.label.includes('×'))) expect(axis.separating).toBe(false);
    });
  }

  it('k-DOPs of different k are compared on the directions they share', () => {
    const cube6 = kdopOfPoints(6, boxCorners([0, 0, 0], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [1, 1, 1]));
    const octahedron = { type: 'kdop', k: 8, min: [-1, -1, -1, -1], max: [1, 1, 1, 1] };
    // The octahedron |x|+|y|+|z| <= 1 moved to (1.6, 1.6, 0): the cube's nearest point (1, 1, 0)
    // is at |x-1.6|+|y-1.6|+|z| = 1.2 > 1, so they are apart; k = 6 and k = 8 share no direction,
    // so the classic interval test has nothing to compare and says "overlap".
    const moved = translate(octahedron, [1.6, 1.6, 0]);
    expect(sx.overlaps(cube6, moved)).toBe(false);
    expect(sx.overlapsConservative(cube6, moved)).toBe(true);
    expect(sx.overlaps(cube6, translate(octahedron, [1.4, 1.4, 0]))).toBe(true);
  });
});

describe('vectors may be arrays, typed arrays or {x, y, z} objects', () => {
  const asObject = (v) => ({ x: v[0], y: v[1], z: v[2] });
  const variants = {
    Float64Array: (v) => Float64Array.from(v),
    Float32Array: (v) => Float32Array.from(v),
    '{x, y, z}': asObject,
  };
  const volumes = {
    sphere: { type: 'sphere', center: [0.5, -0.25, 1], radius: 1.5 },
    aabb: { type: 'aabb', min: [-1, -0.5, 0], max: [1, 0.5, 2] },
    obb: { type: 'obb', center: [0.5, 0, 0.25], halfExtents: [1, 0.5, 0.75], axes: [[0.6, 0.8, 0], [-0.8, 0.6, 0], [0, 0, 1]] },
    kdop: { type: 'kdop', k: 14, min: [-1, -1, -1, -1.5, -1.5, -1.5, -1.5], max: [1, 1, 1, 1.5, 1.5, 1.5, 1.5] },
  };
  function convert(v, f) {
    switch (v.type) {
      case 'sphere': return { ...v, center: f(v.center) };
      case 'aabb': return { ...v, min: f(v.min), max: f(v.max) };
      case 'obb': return { ...v, center: f(v.center), halfExtents: f(v.halfExtents), axes: v.axes.map(f) };
      default: return f === asObject ? v : { ...v, min: f(v.min), max: f(v.max) };
    }
  }

  for (const [name, f] of Object.entries(variants)) {
    it(`volumes with ${name} vectors give exactly the results of arrays of the same numbers`, () => {
      // The arrays hold what the variant holds (a Float32Array rounds 0.6 to float).
      const same = (v) => (f === asObject ? v : Array.from(f(v)));
      const plain = (v) => convert(v, same);
      for (const [ta, tb] of ORDERED_PAIRS) {
        const a = volumes[ta], b = translate(volumes[tb], [1, 0.5, 0]);
        expect(sx.collide(convert(a, f), convert(b, f))).toEqual(sx.collide(plain(a), plain(b)));
        expect(sx.overlaps(convert(a, f), b)).toBe(sx.overlaps(plain(a), b));
      }
      for (const t of TYPES) {
        const v = convert(volumes[t], f), w = plain(volumes[t]);
        expect(sx.validate(v)).toEqual([]);
        expect(sx.boundingBox(v)).toEqual(sx.boundingBox(w));
        expect(sx.contains(v, f([0.5, 0, 0.5]))).toBe(sx.contains(w, [0.5, 0, 0.5]));
        expect(sx.closestPoint(v, f([5, 4, 3]))).toEqual(sx.closestPoint(w, [5, 4, 3]));
        expect(sx.raycast(v, f([5, 0, 0.5]), f([-1, 0, 0]))).toEqual(sx.raycast(w, [5, 0, 0.5], [-1, 0, 0]));
        expect(sx.segmentCast(v, f([5, 0, 0.5]), f([0, 0, 0.5]))).toEqual(sx.segmentCast(w, [5, 0, 0.5], [0, 0, 0.5]));
        expect(sx.transform(v, { translation: f([1, 2, 3]) })).toEqual(sx.transform(w, { translation: [1, 2, 3] }));
      }
    });
  }

  it('an OBB rotation may be an array, a typed array or an {x, y, z, w} quaternion', () => {
    const q = [0, 0, 0.6, 0.8];
    const base = { type: 'obb', center: [0, 0, 0], halfExtents: [1, 2, 3] };
    const other = { type: 'aabb', min: [0.5, 0.5, 0.5], max: [3, 3, 3] };
    const expected = sx.collide({ ...base, rotation: q }, other);
    expect(sx.collide({ ...base, rotation: Float64Array.from(q) }, other)).toEqual(expected);
    expect(sx.collide({ ...base, rotation: { x: 0, y: 0, z: 0.6, w: 0.8 } }, other)).toEqual(expected);
    // The rotation gives the same box as the axes it stands for.
    expect(sx.collide({ ...base, axes: quatAxes(q) }, other)).toEqual(expected);
  });
});

describe('contains', () => {
  it('is closed: boundary points are inside, points just beyond are not (every type)', () => {
    const u = unitVolumes();
    const e = 1e-9;
    const cases = {
      sphere: [[[0, 0, 0], true], [[1, 0, 0], true], [[0, -1, 0], true], [[1 + e, 0, 0], false], [[0.6, 0.6, 0.6], false]],
      aabb: [[[1, 1, 1], true], [[-1, 0.3, 1], true], [[1 + e, 0, 0], false], [[0, 0, -1 - e], false]],
      obb: [[[Math.SQRT2 * (1 - e), 0, 0], true], [[Math.SQRT2 * (1 + e), 0, 0], false], [[0, 0, 1], true], [[0, 0, 1 + e], false],
        [[0.9, 0.9, 0], false]],
      kdop: [[[1, 1, 1], true], [[1, -1, 0], true], [[1, 1, 1 + e], false], [[0, 1 + e, 0], false]],
    };
    for (const t of TYPES)
      for (const [p, inside] of cases[t]) expect(sx.contains(u[t], p), `${t} ${p}`).toBe(inside);
    const octahedron = { type: 'kdop', k: 8, min: [-1, -1, -1, -1], max: [1, 1, 1, 1] };
    expect(sx.contains(octahedron, [0.5, 0.5, 0])).toBe(true);
    expect(sx.contains(octahedron, [0.5, 0.5, 0.01])).toBe(false);
    expect(sx.contains(octahedron, [-0.25, 0.25, -0.5])).toBe(true);
  });
});

describe('closestPoint', () => {
  it('gives the nearest point of each type, and the point itself when inside', () => {
    const u = unitVolumes();
    expectVec(sx.closestPoint(u.sphere, [3, 4, 0]), [0.6, 0.8, 0]);
    expectVec(sx.closestPoint(u.aabb, [3, -0.5, -7]), [1, -0.5, -1]);
    expectVec(sx.closestPoint(u.obb, [5, 5, 0]), [S, S, 0], 1e-12);      // the face centre along (1, 1, 0)
    expectVec(sx.closestPoint(u.obb, [9, 0, 5]), [Math.SQRT2, 0, 1], 1e-12);  // the corner
    expectVec(sx.closestPoint(u.kdop, [2, 3, 0.5]), [1, 1, 0.5]);
    const octahedron = { type: 'kdop', k: 8, min: [-1, -1, -1, -1], max: [1, 1, 1, 1] };
    expectVec(sx.closestPoint(octahedron, [1, 1, 1]), [1 / 3, 1 / 3, 1 / 3], 1e-12);
    expectVec(sx.closestPoint(octahedron, [0, 0, -5]), [0, 0, -1], 1e-12);
    for (const t of TYPES) expect(sx.closestPoint(u[t], [0.1, -0.2, 0.3])).toEqual([0.1, -0.2, 0.3]);
  });

  it('writes into the target it is given and returns that target', () => {
    const u = unitVolumes();
    const array = [9, 9, 9];
    expect(sx.closestPoint(u.aabb, [3, 0, 0], array)).toBe(array);
    expect(array).toEqual([1, 0, 0]);
    const typed = new Float64Array(3);
    expect(sx.closestPoint(u.aabb, [0, -3, 0], typed)).toBe(typed);
    expect([...typed]).toEqual([0, -1, 0]);
    const object = { x: 0, y: 0, z: 0 };
    expect(sx.closestPoint(u.sphere, [0, 0, 4], object)).toBe(object);
    expect(object).toEqual({ x: 0, y: 0, z: 1 });
    expect(sx.closestPoint(u.sphere, [0, 0, 4])).toEqual([0, 0, 1]);
  });
});

describe('raycast and segmentCast', () => {
  it('hits every type at the analytic distance, point and normal', () => {
    const u = unitVolumes();
    const octahedron = { type: 'kdop', k: 8, min: [-1, -1, -1, -1], max: [1, 1, 1, 1] };
    const n = 1 / Math.sqrt(3);
    const cases = [
      [u.sphere, [5, 0, 0], [-1, 0, 0], 4, [1, 0, 0], [1, 0, 0]],
      [u.aabb, [0.5, 5, 0.5], [0, -2, 0], 4, [0.5, 1, 0.5], [0, 1, 0]],
      [u.obb, [0.2, 0.1, 5], [0, 0, -1], 4, [0.2, 0.1, 1], [0, 0, 1]],
      [u.obb, [3, 3, 0], [-1, -1, 0], 3 * Math.SQRT2 - 1, [S, S, 0], [S, S, 0]],
      [u.kdop, [-7, 0.25, 0.5], [3, 0, 0], 6, [-1, 0.25, 0.5], [-1, 0, 0]],
      [octahedron, [5, 0.25, 0.25], [-1, 0, 0], 4.5, [0.5, 0.25, 0.25], [n, n, n]],
    ];
    for (const [v, origin, direction, distance, point, normal] of cases) {
      const hit = sx.raycast(v, origin, direction);
      expect(hit, `${v.type} from ${origin}`).not.toBeNull();
      expect(Math.abs(hit.distance - distance)).toBeLessThan(1e-12);
      expectVec(hit.point, point, 1e-12);
      expectVec(hit.normal, normal, 1e-12);
      expect(hit.startsInside).toBe(false);
      // maxDistance is inclusive; anything shorter misses.
      expect(sx.raycast(v, origin, direction, distance + 1e-9)).not.toBeNull();
      expect(sx.raycast(v, origin, direction, distance - 1e-9)).toBeNull();
    }
  });

  it('returns null on a miss: pointing away, passing by, or stopping short (every type)', () => {
    const u = unitVolumes();
    for (const t of TYPES) {
      expect(sx.raycast(u[t], [5, 0, 0], [1, 0, 0]), t).toBeNull();
      expect(sx.raycast(u[t], [5, 3, 0], [-1, 0, 0]), t).toBeNull();
      expect(sx.raycast(u[t], [5, 0, 0], [-1, 0, 0], 2), t).toBeNull();
      expect(sx.raycast(u[t], [5, 0, 0], [-1, 0, 0], 0), t).toBeNull();
      expect(sx.segmentCast(u[t], [5, 0, 0], [3, 0, 0]), t).toBeNull();
      expect(sx.segmentCast(u[t], [5, 0, 0], [5, 0, 0]), t).toBeNull();
    }
  });

  it('reports a start inside with distance 0 and a zero normal (every type)', () => {
    const u = unitVolumes();
    for (const t of TYPES) {
      const hit = sx.raycast(u[t], [0.1, 0.2, 0.3], [0, 1, 0]);
      expect(hit, t).toEqual({ distance: 0, point: [0.1, 0.2, 0.3], normal: [0, 0, 0], startsInside: true });
      expect(sx.raycast(u[t], [0.1, 0.2, 0.3], [0, 1, 0], 0)).toEqual(hit);
      expect(sx.segmentCast(u[t], [0.1, 0.2, 0.3], [0.1, 0.2, 0.3])).toEqual(hit);
    }
  });

  it('segmentCast measures the distance from p and stops at q', () => {
    const u = unitVolumes();
    for (const t of ['sphere', 'aabb', 'kdop']) {
      const hit = sx.segmentCast(u[t], [0, 0, 6], [0, 0, 0]);
      expect(hit.distance).toBe(5);
      expect(hit.point).toEqual([0, 0, 1]);
      expect(hit.normal).toEqual([0, 0, 1]);
      expect(sx.segmentCast(u[t], [0, 0, 6], [0, 0, 1])).not.toBeNull();
      expect(sx.segmentCast(u[t], [0, 0, 6], [0, 0, 1 + 1e-9])).toBeNull();
    }
  });
});

describe('boundingBox', () => {
  it('is the tightest AABB around each type', () => {
    const u = unitVolumes([1, 2, 3]);
    expect(sx.boundingBox(u.sphere)).toEqual({ type: 'aabb', min: [0, 1, 2], max: [2, 3, 4] });
    expect(sx.boundingBox(u.aabb)).toEqual({ type: 'aabb', min: [0, 1, 2], max: [2, 3, 4] });
    const obb = sx.boundingBox(u.obb);
    expect(obb.type).toBe('aabb');
    expectVec(obb.min, [1 - Math.SQRT2, 2 - Math.SQRT2, 2], 1e-12);
    expectVec(obb.max, [1 + Math.SQRT2, 2 + Math.SQRT2, 4], 1e-12);
    const kdop = sx.boundingBox(u.kdop);
    expectVec(kdop.min, [0, 1, 2], 1e-12);
    expectVec(kdop.max, [2, 3, 4], 1e-12);
    // An 8-DOP has no x/y/z slabs: its box comes from its vertices.
    const octahedron = { type: 'kdop', k: 8, min: [-1, -1, -1, -1], max: [1, 1, 1, 1] };
    const box = sx.boundingBox(octahedron);
    expectVec(box.min, [-1, -1, -1], 1e-12);
    expectVec(box.max, [1, 1, 1], 1e-12);
  });

  it('contains the volume and touches it on every face (random volumes of every type and k)', () => {
    const r = rng(3001);
    for (const t of TYPES) {
      for (let i = 0; i < 20; i++) {
        const v = randomVolume(r, t, r.vec(-5, 5), { k: KS[i % KS.length] });
        const box = sx.boundingBox(v);
        // Tight on every side: a slab just inside each face meets v, a slab just outside does not.
        for (let axis = 0; axis < 3; axis++) {
          for (const side of ['min', 'max']) {
            const face = box[side][axis], eps = 1e-9 * (1 + Math.abs(face)), out = side === 'max' ? 1 : -1;
            const slab = (from, to) => {
              const min = [-1e3, -1e3, -1e3], max = [1e3, 1e3, 1e3];
              min[axis] = Math.min(from, to); max[axis] = Math.max(from, to);
              return { type: 'aabb', min, max };
            };
            expect(sx.overlaps(v, slab(face - out * eps, face + out * 10)), `${t} ${side}[${axis}] inside`).toBe(true);
            expect(sx.overlaps(v, slab(face + out * eps, face + out * 10)), `${t} ${side}[${axis}] outside`).toBe(false);
          }
        }
        expect(sx.overlaps(v, box)).toBe(true);
      }
    }
  });
});

describe('transform', () => {
  const q = [0.1, 0.2, 0.3, Math.sqrt(1 - 0.14)];
  const R = quatAxes(q);
  const rotate = (v) => add(add(scale(R[0], v[0]), scale(R[1], v[1])), scale(R[2], v[2]));
  const t = { rotation: q, translation: [1, -2, 3], scale: 2 };
  const apply = (p) => add(scale(rotate(p), 2), [1, -2, 3]);

  it('turns an AABB into an OBB: rotated axes, scaled half-extents, moved centre', () => {
    const box = { type: 'aabb', min: [0, 0, 0], max: [2, 4, 6] };
    const obb = sx.transform(box, t);
    expect(obb.type).toBe('obb');
    expectVec(obb.center, apply([1, 2, 3]), 1e-12);
    expectVec(obb.halfExtents, [2, 4, 6], 1e-12);
    R.forEach((axis, i) => expectVec(obb.axes[i], axis, 1e-12));
    // Even the identity gives an OBB: the type follows the transform, not its value.
    const same = sx.transform(box);
    expect(same).toEqual({ type: 'obb', center: [1, 2, 3], halfExtents: [1, 2, 3], axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] });
  });

  it('with { enclosingAabb: true } gives the AABB around the transformed volume', () => {
    const r = rng(4001);
    for (const type of TYPES) {
      const v = randomVolume(r, type, [0.5, 0, -0.5], { k: 26 });
      const enclosing = sx.transform(v, t, { enclosingAabb: true });
      expect(enclosing.type).toBe('aabb');
      const exact = sx.transform(v, t);
      // For every type but the k-DOP (whose transform is itself an enclosing k-DOP), it is the
      // bounding box of the transformed volume.
      if (type !== 'kdop') {
        const bb = sx.boundingBox(exact);
        expectVec(enclosing.min, bb.min, 1e-12);
        expectVec(enclosing.max, bb.max, 1e-12);
      } else {
        expect(sx.overlaps(enclosing, exact)).toBe(true);
      }
    }
    const box = { type: 'aabb', min: [0, 0, 0], max: [2, 4, 6] };
    const corners = boxCorners([1, 2, 3], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [1, 2, 3]).map(apply);
    const enclosing = sx.transform(box, t, { enclosingAabb: true });
    for (let i = 0; i < 3; i++) {
      expect(Math.abs(enclosing.min[i] - Math.min(...corners.map((c) => c[i])))).toBeLessThan(1e-12);
      expect(Math.abs(enclosing.max[i] - Math.max(...corners.map((c) => c[i])))).toBeLessThan(1e-12);
    }
  });

  it('moves and scales a sphere, composes an OBB rotation, and keeps a k-DOP a k-DOP', () => {
    const sphere = sx.transform({ type: 'sphere', center: [1, 0, 0], radius: 1.5 }, t);
    expect(sphere.type).toBe('sphere');
    expect(sphere.radius).toBe(3);
    expectVec(sphere.center, apply([1, 0, 0]), 1e-12);
    const obb = sx.transform(unitVolumes().obb, t);
    expect(obb.type).toBe('obb');
    unitVolumes().obb.axes.forEach((axis, i) => expectVec(obb.axes[i], rotate(axis), 1e-12));
    expectVec(obb.halfExtents, [2, 2, 2], 1e-12);
    for (const k of KS) {
      const kdop = randomVolume(rng(k), 'kdop', [0, 0, 0], { k });
      const moved = sx.transform(kdop, t);
      expect(moved.type).toBe('kdop');
      expect(moved.k).toBe(k);
      expect(sx.validate(moved)).toEqual([]);
    }
  });

  it('is exact for a k-DOP under a quarter turn, which maps the directions onto themselves', () => {
    const quarter = [0, 0, S, S];  // +90 degrees about z: (x, y, z) -> (-y, x, z)
    const cloud = [[0, 0, 0], [2, 0, 0], [0, 1, 0], [0, 0, 3], [1, 1, 1]];
    for (const k of KS) {
      const moved = sx.transform(kdopOfPoints(k, cloud), { rotation: quarter, translation: [10, 0, 0] });
      const expected = kdopOfPoints(k, cloud.map(([x, y, z]) => [10 - y, x, z]));
      expect(moved.k).toBe(k);
      for (let i = 0; i < k / 2; i++) {
        expect(Math.abs(moved.min[i] - expected.min[i]), `k=${k} min[${i}]`).toBeLessThan(1e-12);
        expect(Math.abs(moved.max[i] - expected.max[i]), `k=${k} max[${i}]`).toBeLessThan(1e-12);
      }
    }
  });

  it('a transformed volume contains exactly the transformed points', () => {
    const r = rng(4002);
    const steps = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map((d) => scale(d, 1e-6));
    let inside = 0, outside = 0;
    for (const type of ['sphere', 'aabb', 'obb']) {
      for (let i = 0; i < 10; i++) {
        const v = randomVolume(r, type, [0, 0, 0]);
        const moved = sx.transform(v, t);
        for (let j = 0; j < 20; j++) {
          const p = r.vec(-1, 1);
          const before = sx.contains(v, p);
          // Too close to the surface to tell after rounding: some neighbour 1e-6 away disagrees.
          if (steps.some((s) => sx.contains(v, add(p, s)) !== before)) continue;
          expect(sx.contains(moved, apply(p))).toBe(before);
          if (before) inside++; else outside++;
        }
      }
    }
    expect(inside).toBeGreaterThan(20);
    expect(outside).toBeGreaterThan(20);
  });
});

describe('validate', () => {
  it('returns an empty array for valid volumes of every type and k', () => {
    const r = rng(5001);
    for (const t of TYPES) {
      for (let i = 0; i < 10; i++) {
        expect(sx.validate(randomVolume(r, t, r.vec(-3, 3), { k: KS[i % 5] }))).toEqual([]);
        expect(sx.validate(randomVolume(r, t, r.vec(-3, 3), { rotation: true }))).toEqual([]);
      }
    }
    // Degenerate but valid: a point sphere, a flat box, a point k-DOP, a zero-size OBB.
    expect(sx.validate({ type: 'sphere', center: [0, 0, 0], radius: 0 })).toEqual([]);
    expect(sx.validate({ type: 'aabb', min: [0, 0, 0], max: [1, 0, 1] })).toEqual([]);
    expect(sx.validate({ type: 'kdop', k: 26, min: Array(13).fill(0), max: Array(13).fill(0) })).toEqual([]);
    expect(sx.validate({ type: 'obb', center: [0, 0, 0], halfExtents: [0, 0, 0], rotation: [0, 0, 0, 1] })).toEqual([]);
  });

  it('returns one { message } for an invalid volume instead of throwing', () => {
    const problems = sx.validate({ type: 'obb', center: [0, 0, 0], halfExtents: [1, -2, 1], axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] });
    expect(problems).toEqual([{ message: 'obb.halfExtents[1] must be >= 0, got -2' }]);
  });
});

describe('results are plain JSON', () => {
  function allResults() {
    const out = [];
    const r = rng(6001);
    for (const [ta, tb] of ORDERED_PAIRS) {
      for (let i = 0; i < 4; i++) {
        const a = randomVolume(r, ta, [0, 0, 0]), b = randomVolume(r, tb, r.vec(-1.5, 1.5));
        out.push([`collide(${ta}, ${tb})`, sx.collide(a, b)]);
      }
      // Fixed placements, some of which have degenerate axes (parallel edges, a centre inside).
      out.push([`collide(${ta}, ${tb}) unit`, sx.collide(unitVolumes()[ta], unitVolumes([0.5, 0, 0])[tb])]);
    }
    for (const t of TYPES) {
      const v = unitVolumes()[t];
      out.push([`raycast(${t})`, sx.raycast(v, [5, 0.1, 0.2], [-1, 0, 0])]);
      out.push([`raycast(${t}) inside`, sx.raycast(v, [0, 0, 0], [-1, 0, 0])]);
      out.push([`segmentCast(${t})`, sx.segmentCast(v, [5, 0.1, 0.2], [0, 0, 0])]);
      out.push([`boundingBox(${t})`, sx.boundingBox(v)]);
      out.push([`closestPoint(${t})`, sx.closestPoint(v, [3, 2, 1])]);
      out.push([`transform(${t})`, sx.transform(v, { rotation: [0, S, 0, S], translation: [1, 2, 3], scale: 0.5 })]);
      out.push([`transform(${t}, enclosing)`, sx.transform(v, { rotation: [0, S, 0, S] }, { enclosingAabb: true })]);
      out.push([`validate(${t})`, sx.validate(v)]);
    }
    out.push(['validate(bad)', sx.validate({ type: 'sphere', center: [0, 0, 0], radius: -1 })]);
    return out;
  }

  it('every result is built only of plain objects, arrays, strings, numbers, booleans and null', () => {
    for (const [name, value] of allResults()) expect(isPlainData(value), name).toBe(true);
  });

  it('every result survives a JSON.stringify round trip unchanged', () => {
    const broken = allResults().filter(([, value]) => !sameJson(JSON.parse(JSON.stringify(value)), value))
      .map(([name, value]) => `${name}: ${findNonJson(value)}`);
    expect(broken).toEqual([]);
  });
});

/** Where a value holds something JSON cannot (NaN, Infinity, undefined), for failure messages. */
function findNonJson(value, path = '') {
  if (typeof value === 'number') return Number.isFinite(value) ? '' : `${path} is ${value}`;
  if (value === undefined) return `${path} is undefined`;
  if (value === null || typeof value !== 'object') return '';
  for (const [key, v] of Object.entries(value)) {
    const found = findNonJson(v, `${path}.${key}`);
    if (found) return found;
  }
  return '';
}

it('k-DOP directions of the tests match those the core documents for every k', () => {
  // A self-check of helpers.js against the package: the slab of direction d_i is [min_i, max_i].
  for (const k of KS) {
    KDOP_DIRECTIONS[k].forEach((d, i) => {
      const min = Array(k / 2).fill(-10), max = Array(k / 2).fill(10);
      min[i] = -1; max[i] = 1;
      const v = { type: 'kdop', k, min, max };
      const l = dot(d, d);
      expect(sx.contains(v, scale(d, 1 / l))).toBe(true);
      expect(sx.contains(v, scale(d, (1 + 1e-9) / l))).toBe(false);
    });
  }
});
