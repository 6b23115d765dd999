import { describe, expect, it } from 'vitest';
import { init } from 'sepaxis';

const sx = await init();

// Deterministic points around a centre: a small LCG keeps the test reproducible.
function cloud(n, seed, [cx, cy, cz] = [0, 0, 0]) {
  let s = seed;
  const r = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  return Array.from({ length: n }, () => [cx + r() * 3, cy + r(), cz + r() * 0.2]);
}

describe('fit', () => {
  it('the fitted AABB, k-DOP and sphere contain every point', () => {
    const points = cloud(300, 7, [10, -4, 2]);
    for (const volume of [sx.fit('aabb', points), sx.fit('sphere', points), ...[6, 8, 14, 18, 26].map((k) => sx.fit('kdop', points, { k }))]) {
      expect(sx.validate(volume)).toEqual([]);
      for (const p of points) expect(sx.contains(volume, p)).toBe(true);
    }
  });

  it('the fitted AABB is the tightest: each face touches a point', () => {
    const points = cloud(50, 3);
    const box = sx.fit('aabb', points);
    for (let axis = 0; axis < 3; axis++) {
      expect(Math.min(...points.map((p) => p[axis]))).toBe(box.min[axis]);
      expect(Math.max(...points.map((p) => p[axis]))).toBe(box.max[axis]);
    }
  });

  it('accepts flat typed arrays of x, y, z and {x, y, z} points alike', () => {
    const points = cloud(20, 11);
    const flat = new Float32Array(points.flat());
    const fromFlat = sx.fit('kdop', flat, { k: 14 });
    const fromObjects = sx.fit('kdop', Array.from({ length: 20 }, (_, i) => ({ x: flat[3 * i], y: flat[3 * i + 1], z: flat[3 * i + 2] })), { k: 14 });
    expect(fromFlat).toEqual(fromObjects);
  });

  it('rejects bad input with a message naming the point and does not leak', () => {
    const heap = sx.heapSize;
    expect(() => sx.fit('aabb', [])).toThrow(new RangeError('points must be a non-empty list, got length 0'));
    expect(() => sx.fit('aabb', [[0, 0, 0], [1, NaN, 1]])).toThrow(new RangeError('points[1][1] must be finite, got NaN'));
    expect(() => sx.fit('aabb', [0, 1])).toThrow(RangeError);
    expect(() => sx.fit('aabb', [[0, 0]])).toThrow(TypeError);
    expect(() => sx.fit('capsule', [[0, 0, 0]])).toThrow(TypeError);
    expect(() => sx.fit('kdop', [[0, 0, 0]], { k: 7 })).toThrow(/kdop.k must be one of 6, 8, 14, 18, 26, got 7/);
    for (let i = 0; i < 2000; i++) sx.fit('sphere', cloud(64, i));
    expect(sx.heapSize).toBe(heap);
  });
});
