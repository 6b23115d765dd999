// Volumes near the largest double (1.8e308): centres of opposite sign then differ by more than
// any double, and the core tests such pairs scaled down (cpp/src/range_scale.h). Single calls,
// reports and f64 batches must all give the true verdict, worked out by hand for each pair.

import { beforeAll, expect, it } from 'vitest';
import { init } from 'sepaxis';

let sx;
beforeAll(async () => {
  sx = await init();
});

const I = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
const c = Math.SQRT1_2;
const TURNED = [[c, c, 0], [-c, c, 0], [0, 0, 1]];  // 45 degrees about z: reaches h * sqrt(2) along x
const obb = (x, h, axes = I) => ({ type: 'obb', center: [x, 0, 0], halfExtents: [h, h, h], axes });
const sphere = (x, r) => ({ type: 'sphere', center: [x, 0, 0], radius: r });
const aabb = (lo, hi) => ({ type: 'aabb', min: [lo, -1, -1], max: [hi, 1, 1] });
const kdop = (lo, hi) => ({ type: 'kdop', k: 14, min: [lo, -1, -1, lo - 2, lo - 2, lo - 2, lo - 2], max: [hi, 1, 1, hi + 2, hi + 2, hi + 2, hi + 2] });

// [a, b, overlap]: the distance between the centres against the reach of both, along x.
const PAIRS = [
  [sphere(-1e308, 1.5e308), sphere(1e308, 1.5e308), true],   // 2e308 apart, reach 3e308
  [sphere(-1e308, 0.9e308), sphere(1e308, 0.9e308), false],  // reach 1.8e308
  [sphere(1e308, 1.5e308), aabb(-1.7e308, 0), true],         // the box ends 1e308 from the centre
  [sphere(1e308, 0.5e308), aabb(-1.7e308, 0), false],
  [sphere(1e308, 1.5e308), obb(-0.85e308, 0.85e308), true],
  [sphere(1e308, 1.5e308), obb(-0.85e308, 0.85e308, TURNED), true],
  [aabb(-1.7e308, 0), obb(1e308, 1.5e308), true],
  [aabb(-1.7e308, 0), obb(1e308, 0.5e308, TURNED), false],   // reaches 0.71e308 of the 1e308
  [obb(-1e308, 1.5e308), obb(1e308, 1.5e308, TURNED), true],
  [obb(-1e308, 0.9e308, TURNED), obb(1e308, 0.9e308, TURNED), true],  // 1.27e308 each
  [obb(-1e308, 0.6e308, TURNED), obb(1e308, 0.6e308, TURNED), false], // 0.85e308 each
  [sphere(1e308, 1.5e308), kdop(-1.7e308, 0), true],
  [obb(1e308, 0.5e308), kdop(-1.7e308, 0), false],
];

it('single calls and reports give the true verdict when the centres differ by more than any double', () => {
  for (const [a, b, overlap] of PAIRS) {
    expect(sx.overlaps(a, b), `${a.type}-${b.type}`).toBe(overlap);
    expect(sx.overlaps(b, a), `${b.type}-${a.type}`).toBe(overlap);
    const report = sx.collide(a, b);
    expect(report.overlap).toBe(overlap);
    expect(report.separatingAxis === -1).toBe(overlap);
  }
});

it('f64 batches agree, in every lane position', () => {
  for (const [a, b, overlap] of PAIRS) {
    if (a.type === 'kdop' || b.type === 'kdop') continue;
    const buffer = sx.createPairBuffer(a.type, b.type, 9);
    const filler = { sphere: (x) => sphere(x, 1), aabb: (x) => aabb(x - 1, x + 1), obb: (x) => obb(x, 1, TURNED) };
    for (let i = 0; i < 9; i++) {
      // the pair in lanes 1 and 5 (of four-pair steps), ordinary separated pairs elsewhere
      buffer.a.set(i, i % 4 === 1 ? a : filler[a.type](0));
      buffer.b.set(i, i % 4 === 1 ? b : filler[b.type](10));
    }
    const results = buffer.run(9);
    for (let i = 0; i < 9; i++) expect(results[i], `${a.type}-${b.type} lane ${i}`).toBe(i % 4 === 1 ? Number(overlap) : 0);
    buffer.dispose();
  }
});

it('points, rays and segments far from the volume', () => {
  const box = obb(-1e308, 1e307);
  const close = (x, y) => Math.abs(x - y) <= 1e-15 * Math.abs(y);
  const closest = sx.closestPoint(box, [1e308, 0, 0]);
  expect(close(closest[0], -9e307) && closest[1] === 0 && closest[2] === 0, String(closest)).toBe(true);
  expect(sx.contains(sphere(-1e308, 1.5e308), [0.4e308, 0, 0])).toBe(true);
  const hit = sx.raycast(box, [0.5e308, 0, 0], [-1, 0, 0], Infinity);
  expect(hit).not.toBe(null);
  expect(close(hit.distance, 1.4e308), String(hit.distance)).toBe(true);
  expect(close(hit.point[0], -9e307), String(hit.point)).toBe(true);
  const segment = sx.segmentCast(box, [0.5e308, 0, 0], [-1.5e308, 0, 0]);
  expect(segment !== null && close(segment.distance, 1.4e308), JSON.stringify(segment)).toBe(true);
});

it('boundingBox beyond the double range is clamped to the largest doubles: a box every call accepts', () => {
  const MAX = Number.MAX_VALUE;
  const s = sphere(1e308, 1.5e308);
  const box = sx.boundingBox(s);
  expect(box).toEqual({ type: 'aabb', min: [1e308 - 1.5e308, -1.5e308, -1.5e308], max: [MAX, 1.5e308, 1.5e308] });
  expect(sx.validate(box)).toEqual([]);
  expect(sx.overlaps(s, box)).toBe(true);
  // The sphere's point farthest along +x that has double coordinates is in the box.
  expect(sx.contains(box, sx.closestPoint(s, [MAX, 0, 0]))).toBe(true);
  const turned = sx.boundingBox(obb(1e308, 1.5e308, TURNED));
  expect([...turned.min, ...turned.max].every(Number.isFinite)).toBe(true);
  expect(turned.max[0]).toBe(MAX);
  expect(turned.min[1]).toBe(-MAX);
});
