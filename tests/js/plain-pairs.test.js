// Sphere–sphere and AABB–AABB single calls are decided in JavaScript (web/lib/plain-pairs.js) with
// the core's operations. These tests hold them to the core bit for bit: every pair is also asked
// of the module's export (the same numbers as {x, y, z} vectors, which the JS path leaves to it)
// and of the report (collide), on pairs placed where rounding decides: exactly touching, one ulp
// apart, radii from the rounded distance, and at the ends of the ranges. Bad input must still
// reach the module and be reported there.

import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { UNDECIDED, aabbsOverlap, plainPairOverlap, spheresOverlap } from '../../dist/plain-pairs.js';
import { rng } from './helpers.js';

let sx;
beforeAll(async () => {
  sx = await init();
});

const xyz = (v) => ({ x: v[0], y: v[1], z: v[2] });
const nextUp = (x) => {
  const f = new Float64Array([x]), i = new BigInt64Array(f.buffer);
  if (x === 0) return Number.MIN_VALUE;
  i[0] += x > 0 ? 1n : -1n;
  return f[0];
};
const nextDown = (x) => -nextUp(-x);

/** The module's verdict on the same numbers: {x, y, z} vectors are left to the export. */
function inModule(a, b) {
  if (a.type === 'sphere')
    return sx.overlaps({ ...a, center: xyz(a.center) }, { ...b, center: xyz(b.center) });
  return sx.overlaps({ ...a, min: xyz(a.min), max: xyz(a.max) }, { ...b, min: xyz(b.min), max: xyz(b.max) });
}

function sphere(center, radius) {
  return { type: 'sphere', center, radius };
}
function aabb(min, max) {
  return { type: 'aabb', min, max };
}

/** Sphere pairs on the edge: radii summing to the rounded distance and one ulp either side. */
function edgeSpheres(seed, count, scaleOf) {
  const r = rng(seed);
  const pairs = [];
  for (let i = 0; i < count; i++) {
    const s = scaleOf(r);
    const p = [r.uniform(-1, 1) * s, r.uniform(-1, 1) * s, r.uniform(-1, 1) * s];
    const q = [p[0] + r.uniform(-1, 1) * s, p[1] + r.uniform(-1, 1) * s, p[2] + r.uniform(-1, 1) * s];
    const d = Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
    const share = r.uniform(0, 1);
    for (const reach of [d, nextUp(d), nextDown(d), nextUp(nextUp(d)), nextDown(nextDown(d))]) {
      const ra = reach * share;
      pairs.push([sphere(p, ra), sphere(q, reach - ra)]);
    }
  }
  return pairs;
}

/** AABB pairs whose faces touch exactly, or miss or cross by one ulp, on a random axis. */
function edgeBoxes(seed, count, scaleOf) {
  const r = rng(seed);
  const pairs = [];
  for (let i = 0; i < count; i++) {
    const s = scaleOf(r);
    const min = [r.uniform(-1, 1) * s, r.uniform(-1, 1) * s, r.uniform(-1, 1) * s];
    const max = min.map((m) => m + r.uniform(0, 1) * s);
    const axis = Math.floor(r.next() * 3);
    for (const face of [max[axis], nextUp(max[axis]), nextDown(max[axis])]) {
      const bmin = min.map((m, k) => (k === axis ? face : m + r.uniform(-0.5, 0.5) * s));
      const bmax = bmin.map((m) => m + r.uniform(0, 1) * s);
      pairs.push([aabb(min, max), aabb(bmin, bmax)]);
    }
  }
  return pairs;
}

/**
 * Every pair's verdict from sx.overlaps, the module's export and the report agree, and with the
 * JS decision where it makes one; both verdicts occur. Returns how many pairs JS decided.
 */
function expectAgreement(pairs, decideInJs) {
  let decided = 0, overlapping = 0;
  for (const [a, b] of pairs) {
    const js = decideInJs(a, b);
    const core = inModule(a, b);
    expect(sx.overlaps(a, b)).toBe(core);
    expect(sx.collide(a, b).overlap).toBe(core);
    if (js !== UNDECIDED) {
      decided++;
      expect(js === 1).toBe(core);
    }
    if (core) overlapping++;
  }
  expect(overlapping).toBeGreaterThan(pairs.length / 10);
  expect(overlapping).toBeLessThan(pairs.length);
  return decided;
}

/** Each bad volume, either side of a good one: JS leaves it, the module throws what it names. */
function expectLeftToTheModule(bad, ok, decideInJs) {
  for (const [volume, kind, message] of bad) {
    for (const [a, b] of [[volume, ok], [ok, volume]]) {
      expect(decideInJs(a, b)).toBe(UNDECIDED);
      expect(() => sx.overlaps(a, b)).toThrow(kind);
      expect(() => sx.overlaps(a, b)).toThrow(message);
    }
  }
}

const SCALES = {
  unit: () => 1,
  tiny: () => 1e-120,
  huge: () => 1e120,
  mixed: (r) => 10 ** r.uniform(-150, 150),
};

describe('sphere–sphere in JavaScript', () => {
  for (const [name, scaleOf] of Object.entries(SCALES)) {
    it(`agrees with the module and the report on touching pairs (${name} scale)`, () => {
      const pairs = edgeSpheres(11, 400, scaleOf);
      const decided = expectAgreement(pairs, spheresOverlap);
      // In the plain range JS decides every pair itself.
      if (name === 'unit') expect(decided).toBe(pairs.length);
      if (name === 'mixed') expect(decided).toBeGreaterThan(pairs.length / 3);
    });
  }

  it('leaves squares beyond the plain range to the core, which rescales them', () => {
    for (const [a, b, expected] of [
      [sphere([0, 0, 0], 1e-150), sphere([2e-150, 0, 0], 1e-150), true],   // squares ~1e-300
      [sphere([0, 0, 0], 1e-150), sphere([3e-150, 0, 0], 1e-150), false],
      [sphere([0, 0, 0], 1e150), sphere([2e150, 0, 0], 1e150), true],      // squares ~1e300
      [sphere([-1e308, 0, 0], 1e308), sphere([1e308, 0, 0], 1e308), true], // the difference overflows
      [sphere([1, 2, 3], 0), sphere([1, 2, 3], 0), true],                  // coincident points
    ]) {
      expect(spheresOverlap(a, b)).toBe(UNDECIDED);
      expect(sx.overlaps(a, b)).toBe(expected);
      expect(inModule(a, b)).toBe(expected);
    }
  });

  it('decides exact touching, -0 and zero radii like the core', () => {
    for (const [a, b] of [
      [sphere([0, 0, 0], 1), sphere([3, 0, 0], 2)],
      [sphere([-0, 0, 0], 0), sphere([0, 4, 0], 4)],
      [sphere([0.1, 0.2, 0.3], 0.5), sphere([0.1, 0.2, 1.3], 0.5)],
      [sphere([0.1, 0.2, 0.3], 0.5), sphere([0.1, 0.2, 1.3], nextDown(0.5))],
    ]) {
      expect(spheresOverlap(a, b)).not.toBe(UNDECIDED);
      expect(spheresOverlap(a, b) === 1).toBe(inModule(a, b));
    }
  });

  it('leaves bad input to the module, which reports it', () => {
    const ok = sphere([0, 0, 0], 1);
    const bad = [
      [sphere([NaN, 0, 0], 1), RangeError, /sphere\.center\[0\] must be finite, got NaN/],
      [sphere([0, Infinity, 0], 1), RangeError, /sphere\.center\[1\]/],
      [sphere([0, 0, 0], -2), RangeError, /sphere\.radius must be >= 0, got -2/],
      [sphere([0, 0, 0], Infinity), RangeError, /sphere\.radius/],
      [sphere([0, 0, 0], NaN), RangeError, /sphere\.radius/],
      [sphere([0, '1', 0], 1), TypeError, /sphere\.center\[1\] must be a number, got "1"/],
      [sphere([0, 0, 0], '1'), TypeError, /sphere\.radius must be a number/],
      [sphere([0, 0, null], 1), TypeError, /sphere\.center\[2\]/],
      [sphere([0, 0], 1), TypeError, /sphere\.center must be an array of 3 numbers, got length 2/],
      [sphere(null, 1), TypeError, /sphere\.center/],
    ];
    expectLeftToTheModule(bad, ok, spheresOverlap);
  });
});

describe('AABB–AABB in JavaScript', () => {
  for (const [name, scaleOf] of Object.entries(SCALES)) {
    it(`agrees with the module and the report on touching faces (${name} scale)`, () => {
      const pairs = edgeBoxes(12, 400, scaleOf);
      expect(expectAgreement(pairs, aabbsOverlap)).toBe(pairs.length);  // no square, no overflow here
    });
  }

  it('decides flat and touching boxes, and leaves overflowing widths to the core', () => {
    const flat = aabb([0, 0, 0], [0, 1, 1]);
    expect(aabbsOverlap(flat, aabb([-0, 0.5, 0.5], [0, 2, 2]))).toBe(1);
    expect(aabbsOverlap(flat, aabb([nextUp(0), 0, 0], [1, 1, 1]))).toBe(0);
    const wide = aabb([-1e308, 0, 0], [1e308, 1, 1]);
    expect(aabbsOverlap(wide, flat)).toBe(UNDECIDED);
    expect(sx.overlaps(wide, flat)).toBe(true);
    expect(sx.overlaps(wide, aabb([0, 2, 0], [1, 3, 1]))).toBe(false);
  });

  it('leaves bad input to the module, which reports it', () => {
    const ok = aabb([0, 0, 0], [1, 1, 1]);
    const bad = [
      [aabb([2, 0, 0], [1, 1, 1]), RangeError, /aabb\.min\[0\] must be <= aabb\.max\[0\]/],
      [aabb([0, NaN, 0], [1, 1, 1]), RangeError, /aabb\.min\[1\] must be finite, got NaN/],
      [aabb([0, 0, 0], [1, 1, Infinity]), RangeError, /aabb\.max\[2\] must be finite, got Infinity/],
      [aabb([-Infinity, 0, 0], [Infinity, 1, 1]), RangeError, /aabb\.min\[0\] must be finite/],
      [aabb([0, 0, 0], [1, true, 1]), TypeError, /aabb\.max\[1\] must be a number, got true/],
      [aabb([0, 0, 0], [1, 1]), TypeError, /aabb\.max must be an array of 3 numbers, got length 2/],
      [aabb(undefined, [1, 1, 1]), TypeError, /aabb\.min/],
    ];
    expectLeftToTheModule(bad, ok, aabbsOverlap);
  });
});

it('typed-array vectors are decided in JS too, with the same numbers the module reads', () => {
  const r = rng(13);
  let decided = 0;
  for (let i = 0; i < 200; i++) {
    const p = [r.uniform(-2, 2), r.uniform(-2, 2), r.uniform(-2, 2)], q = [r.uniform(-2, 2), r.uniform(-2, 2), r.uniform(-2, 2)];
    for (const Typed of [Float64Array, Float32Array]) {
      const a = sphere(Typed.from(p), r.uniform(0, 2)), b = sphere(Typed.from(q), r.uniform(0, 2));
      const box = aabb(Typed.from(p.map((x) => x - 1)), Typed.from(p)), other = aabb(Typed.from(q), Typed.from(q.map((x) => x + 1)));
      for (const [x, y, decide] of [[a, b, spheresOverlap], [box, other, aabbsOverlap]]) {
        const js = decide(x, y);
        expect(js).not.toBe(UNDECIDED);
        expect(js === 1).toBe(inModule(x, y));
        decided++;
      }
    }
  }
  expect(decided).toBe(800);
});

it('plainPairOverlap decides only sphere–sphere and AABB–AABB', () => {
  const s = sphere([0, 0, 0], 1), b = aabb([0, 0, 0], [1, 1, 1]);
  expect(plainPairOverlap(s, sphere([1, 0, 0], 1))).toBe(1);
  expect(plainPairOverlap(b, aabb([2, 0, 0], [3, 1, 1]))).toBe(0);
  expect(plainPairOverlap(s, b)).toBe(UNDECIDED);
  expect(plainPairOverlap(b, s)).toBe(UNDECIDED);
  expect(plainPairOverlap(null, s)).toBe(UNDECIDED);
  expect(plainPairOverlap(s, undefined)).toBe(UNDECIDED);
  const obb = { type: 'obb', center: [0, 0, 0], halfExtents: [1, 1, 1], axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] };
  expect(plainPairOverlap(obb, obb)).toBe(UNDECIDED);
});
