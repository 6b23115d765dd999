// Single overlaps() has two paths. Pairs of spheres, AABBs and OBBs are read straight from the
// scratch area by the export (and written by a fast JS writer when their vectors are plain
// arrays); pairs with a k-DOP decode both slots. These tests hold every path to the same verdicts
// and the same errors: the fast writers against the general ones (typed arrays, {x, y, z}),
// the direct reads against the report, and the direct reads' errors against validate().

import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { randomVolume, rng, unitVolumes } from './helpers.js';

let sx;
const good = unitVolumes();
const goodObbByRotation = { type: 'obb', center: [0, 0, 0], halfExtents: [1, 1, 1], rotation: [0, 0, 0.3826834323650898, 0.9238795325112867] };
const DIRECT_TYPES = ['sphere', 'aabb', 'obb', 'obb-rotation'];

beforeAll(async () => {
  sx = await init();
});

function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

function randomOf(r, type, at) {
  return type === 'obb-rotation' ? randomVolume(r, 'obb', at, { rotation: true }) : randomVolume(r, type, at);
}

// The same volume with every vector as a Float64Array or an {x, y, z} object: the general writer.
const asTyped = (v) => Float64Array.from(v);
const asObject = (v) => (v.length === 4 ? { x: v[0], y: v[1], z: v[2], w: v[3] } : { x: v[0], y: v[1], z: v[2] });
function rewritten(v, as) {
  const out = { ...v };
  for (const key of ['center', 'min', 'max', 'halfExtents', 'rotation']) if (out[key]) out[key] = as(out[key]);
  if (out.axes) out.axes = out.axes.map(as);
  return out;
}

describe('single overlaps() on its direct path', () => {
  it('gives the verdicts of the report for every pair of sphere, AABB and OBB types, in both orders', () => {
    const r = rng(20240611);
    for (const ta of DIRECT_TYPES) {
      for (const tb of DIRECT_TYPES) {
        let overlapping = 0;
        for (let i = 0; i < 300; i++) {
          const a = randomOf(r, ta, r.vec(-1, 1));
          const b = randomOf(r, tb, r.vec(-2, 2));
          const verdict = sx.overlaps(a, b);
          expect(verdict, `${ta}-${tb} #${i}`).toBe(sx.collide(a, b).overlap);
          expect(sx.overlaps(b, a), `${tb}-${ta} #${i}`).toBe(verdict);
          overlapping += verdict ? 1 : 0;
        }
        // Both verdicts occur often: the cross-check covers overlapping and separated pairs.
        expect(overlapping).toBeGreaterThan(20);
        expect(overlapping).toBeLessThan(280);
      }
    }
  });

  it('gives the same verdicts whether the vectors are plain arrays, typed arrays or {x, y, z} objects', () => {
    const r = rng(77);
    for (const ta of DIRECT_TYPES) {
      for (const tb of DIRECT_TYPES) {
        for (let i = 0; i < 100; i++) {
          const a = randomOf(r, ta, r.vec(-1, 1));
          const b = randomOf(r, tb, r.vec(-2.5, 2.5));
          const verdict = sx.overlaps(a, b);
          expect(sx.overlaps(rewritten(a, asTyped), rewritten(b, asObject))).toBe(verdict);
          expect(sx.overlaps(rewritten(a, asObject), rewritten(b, asTyped))).toBe(verdict);
        }
      }
    }
  });

  it('counts touching as overlap for spheres and AABBs that share only a boundary point', () => {
    expect(sx.overlaps({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { type: 'sphere', center: [2, 0, 0], radius: 1 })).toBe(true);
    expect(sx.overlaps({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { type: 'sphere', center: [2.000001, 0, 0], radius: 1 })).toBe(false);
    expect(sx.overlaps({ type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] }, { type: 'aabb', min: [1, 1, 1], max: [2, 2, 2] })).toBe(true);
    expect(sx.overlaps({ type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] }, { type: 'aabb', min: [1, 0, 0], max: [2, 1, 1e-300] })).toBe(true);
    expect(sx.overlaps({ type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] }, { type: 'aabb', min: [0, 0, 1.0000001], max: [1, 1, 2] })).toBe(false);
  });

  it('alternates with k-DOP pairs (the decode path and its cache) without mixing their volumes up', () => {
    const r = rng(5);
    const kdops = Array.from({ length: 20 }, () => randomVolume(r, 'kdop', r.vec(-1, 1), { k: 14 }));
    const boxes = Array.from({ length: 20 }, () => randomVolume(r, 'obb', r.vec(-2, 2)));
    const expected = kdops.map((k, i) => sx.collide(k, boxes[i]).overlap);
    for (let round = 0; round < 3; round++) {
      kdops.forEach((k, i) => {
        expect(sx.overlaps(k, boxes[i])).toBe(expected[i]);
        expect(sx.overlaps(boxes[i], boxes[(i + 1) % 20])).toBe(sx.collide(boxes[i], boxes[(i + 1) % 20]).overlap);
        expect(sx.overlaps(boxes[i], k)).toBe(expected[i]);
      });
    }
  });
});

describe('single overlaps() errors on its direct path', () => {
  // Well-formed volumes whose values the core rejects: the direct read fails, the slot is decoded
  // for the message. Each must throw what validate() reports, from either slot, with any partner.
  const INVALID = [
    ['a negative radius', { type: 'sphere', center: [0, 0, 0], radius: -1 }],
    ['a NaN radius', { type: 'sphere', center: [0, 0, 0], radius: NaN }],
    ['an infinite radius', { type: 'sphere', center: [0, 0, 0], radius: Infinity }],
    ['a sphere centre with -Infinity', { type: 'sphere', center: [0, -Infinity, 0], radius: 1 }],
    ['an AABB min above its max', { type: 'aabb', min: [0, 0, 5], max: [1, 1, 1] }],
    ['an AABB min with NaN', { type: 'aabb', min: [NaN, 0, 0], max: [1, 1, 1] }],
    ['an AABB max with Infinity', { type: 'aabb', min: [0, 0, 0], max: [1, Infinity, 1] }],
    ['an AABB min and max both -Infinity', { type: 'aabb', min: [-Infinity, 0, 0], max: [-Infinity, 1, 1] }],
    ['an OBB half-extent below 0', { ...good.obb, halfExtents: [1, -2, 1] }],
    ['OBB axes not orthonormal', { ...good.obb, axes: [[1, 0, 0], [0.1, 1, 0], [0, 0, 1]] }],
    ['an OBB axis with NaN', { ...good.obb, axes: [[1, 0, 0], [0, NaN, 0], [0, 0, 1]] }],
    ['an OBB rotation that is not unit', { ...goodObbByRotation, rotation: [0, 0, 0, 2] }],
    ['an OBB centre with NaN (with a rotation)', { ...goodObbByRotation, center: [0, NaN, 0] }],
  ];
  const partners = [good.sphere, good.aabb, good.obb, goodObbByRotation];

  it.each(INVALID)('%s throws the message validate() gives, in either slot, against every direct type', (_, v) => {
    const [problem] = sx.validate(v);
    expect(problem).toBeDefined();
    for (const other of partners) {
      for (const call of [() => sx.overlaps(v, other), () => sx.overlaps(other, v)]) {
        const e = thrown(call);
        expect(e).toBeInstanceOf(RangeError);
        expect(e.message).toBe(problem.message);
      }
    }
    // The module still answers correctly afterwards.
    expect(sx.overlaps(good.sphere, good.aabb)).toBe(true);
  });

  it('reports the first slot when both volumes are invalid', () => {
    const a = INVALID[0][1];
    const b = INVALID[4][1];
    expect(thrown(() => sx.overlaps(a, b)).message).toBe(sx.validate(a)[0].message);
    expect(thrown(() => sx.overlaps(b, a)).message).toBe(sx.validate(b)[0].message);
  });
});
