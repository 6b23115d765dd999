import { describe, expect, it } from 'vitest';
import { init } from 'sepaxis';

const sx = await init();

// A reproducible cloud stretched along turned axes: a small LCG and a fixed rotation.
function cloud(n, seed) {
  let s = seed;
  const r = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  const c = Math.cos(0.6), si = Math.sin(0.6);
  return Array.from({ length: n }, () => {
    const x = r() * 4, y = r(), z = r() * 0.3;
    return [c * x - si * y + 10, si * x + c * y - 3, z + 2];
  });
}

const volumeOf = (box) => 8 * box.halfExtents[0] * box.halfExtents[1] * box.halfExtents[2];

describe('fit obb', () => {
  it('both qualities give a valid box around every point, tight by default', () => {
    const points = cloud(500, 3);
    const tight = sx.fit('obb', points);
    expect(tight).toEqual(sx.fit('obb', points, { quality: 'tight' }));
    for (const box of [tight, sx.fit('obb', points, { quality: 'fast' })]) {
      expect(box.type).toBe('obb');
      expect(sx.validate(box)).toEqual([]);
      for (const p of points) expect(sx.contains(box, p)).toBe(true);
    }
  });

  it('fast is never larger than the AABB, tight hugs a turned box', () => {
    const points = cloud(500, 5);
    const aabb = sx.fit('aabb', points);
    const side = [0, 1, 2].map((i) => aabb.max[i] - aabb.min[i]);
    expect(volumeOf(sx.fit('obb', points, { quality: 'fast' }))).toBeLessThanOrEqual(side[0] * side[1] * side[2] * (1 + 1e-9));
    // The cloud fills a turned 8 x 2 x 0.6 box: the tight box is within a few percent of it.
    const tight = volumeOf(sx.fit('obb', points));
    expect(tight).toBeLessThan(8 * 2 * 0.6 * 1.01);
    expect(tight).toBeGreaterThan(8 * 2 * 0.6 * 0.9);
  });

  it('takes flat typed arrays like fit does', () => {
    const points = cloud(40, 9);
    expect(sx.fit('obb', new Float64Array(points.flat()))).toEqual(sx.fit('obb', points));
  });

  it('rejects a wrong quality, no points and non-finite numbers by name, and does not leak', () => {
    const heap = sx.heapSize;
    expect(() => sx.fit('obb', [[0, 0, 0]], { quality: 'best' })).toThrow(new TypeError('fit options.quality must be "fast" or "tight", got "best"'));
    expect(() => sx.fit('aabb', [[0, 0, 0]], { quality: 'fast' })).toThrow(new TypeError('fit options.quality applies to "obb" only, got "fast" for "aabb"'));
    expect(() => sx.fit('obb', [[0, 0, 0]], null)).toThrow(TypeError);
    expect(() => sx.fit('obb', [])).toThrow(new RangeError('points must be a non-empty list, got length 0'));
    expect(() => sx.fit('obb', [[0, 0, 0], [1, 1, Infinity]], { quality: 'fast' })).toThrow(new RangeError('points[1][2] must be finite, got Infinity'));
    expect(() => sx.fit('obb', [0, 0, 0, 1, NaN, 0])).toThrow(new RangeError('points[1][1] must be finite, got NaN'));
    for (let i = 0; i < 200; i++) sx.fit('obb', cloud(30, i), { quality: i % 2 ? 'fast' : 'tight' });
    expect(sx.heapSize).toBe(heap);
  });
});

describe('convexHull', () => {
  it('a cube with points inside and on its faces is its 8 corners and 12 outward triangles', () => {
    const points = [];
    for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) for (let k = 0; k <= 4; k++) points.push([i / 2 - 1, j / 2 - 1, k / 2 - 1]);
    const hull = sx.convexHull(points);
    expect(hull.vertices).toHaveLength(8);
    expect(hull.faces).toHaveLength(12);
    for (const v of hull.vertices) expect(v.map(Math.abs)).toEqual([1, 1, 1]);
    for (const [a, b, c] of hull.faces) {
      const [p, q, r] = [hull.vertices[a], hull.vertices[b], hull.vertices[c]];
      const u = q.map((x, i) => x - p[i]), w = r.map((x, i) => x - p[i]);
      const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
      // Outward: the normal points away from the cube's centre, the origin.
      expect(n[0] * p[0] + n[1] * p[1] + n[2] * p[2]).toBeGreaterThan(0);
    }
  });

  it('every vertex is an input point, and degenerate sets come back as documented', () => {
    const points = cloud(300, 1);
    const hull = sx.convexHull(points);
    const keys = new Set(points.map((p) => p.join()));
    for (const v of hull.vertices) expect(keys.has(v.join())).toBe(true);
    expect(sx.convexHull([[1, 2, 3], [1, 2, 3]])).toEqual({ vertices: [[1, 2, 3]], faces: [] });
    expect(sx.convexHull([[0, 0, 0], [2, 2, 2], [1, 1, 1]]).vertices).toHaveLength(2);
    const square = sx.convexHull([[0, 0, 5], [1, 0, 5], [1, 1, 5], [0, 1, 5], [0.5, 0.5, 5]]);
    expect(square.vertices).toHaveLength(4);
    expect(square.faces).toHaveLength(4);
  });

  it('rejects bad points by name', () => {
    expect(() => sx.convexHull([])).toThrow(new RangeError('points must be a non-empty list, got length 0'));
    expect(() => sx.convexHull([[0, 0, 0], [0, NaN, 0]])).toThrow(new RangeError('points[1][1] must be finite, got NaN'));
    expect(() => sx.convexHull([[0, 0]])).toThrow(TypeError);
    expect(() => sx.convexHull('points')).toThrow(TypeError);
  });
});
