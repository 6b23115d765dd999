import { describe, expect, it } from 'vitest';
import { init } from 'sepaxis';

const sx = await init();

// Deterministic points: a small LCG keeps the test reproducible.
function cloud(n, seed) {
  let s = seed;
  const r = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  return Array.from({ length: n }, () => [5 + r() * 3, r(), r() * 0.5]);
}

const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe("fit('sphere')", () => {
  it('is the smallest sphere: the cube corners give the half diagonal, an icosahedron its sphere', () => {
    const cube = [];
    for (let i = 0; i < 8; i++) cube.push([i & 1 ? 3 : 1, i & 2 ? 3 : 1, i & 4 ? 3 : 1]);
    const s = sx.fit('sphere', cube);
    expect(s.radius).toBeCloseTo(Math.sqrt(3), 12);
    for (const c of s.center) expect(c).toBeCloseTo(2, 12);
    const t = (1 + Math.sqrt(5)) / 2, n = Math.hypot(1, t);
    const ico = [[-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t],
      [0, -1, -t], [0, 1, -t], [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1]].map((p) => p.map((x) => x / n));
    expect(sx.fit('sphere', ico).radius).toBeCloseTo(1, 12);
    // A regular tetrahedron: its circumsphere, where Ritter's grows from an edge to a larger one.
    const tetra = [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]];
    const smallest = sx.fit('sphere', tetra);
    expect(smallest.radius).toBeCloseTo(Math.sqrt(3), 12);
    for (const c of smallest.center) expect(c).toBeCloseTo(0, 12);
    expect(sx.fit('sphere', tetra, { method: 'ritter' }).radius).toBeGreaterThan(1.01 * Math.sqrt(3));
  });

  it("'minimal' is the default, 'ritter' is Ritter's: both contain every point, Ritter's is no smaller", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const points = cloud(200, seed);
      const minimal = sx.fit('sphere', points);
      expect(sx.fit('sphere', points, { method: 'minimal' })).toEqual(minimal);
      const ritter = sx.fit('sphere', points, { method: 'ritter' });
      expect(ritter.type).toBe('sphere');
      expect(ritter.radius).toBeGreaterThanOrEqual(minimal.radius);
      for (const p of points) {
        expect(sx.contains(minimal, p)).toBe(true);
        expect(sx.contains(ritter, p)).toBe(true);
      }
      // The smallest sphere touches its farthest point.
      const farthest = Math.max(...points.map((p) => distance(p, minimal.center)));
      expect(farthest).toBeGreaterThanOrEqual(minimal.radius * (1 - 1e-12));
    }
  });

  it('takes flat typed arrays for both methods', () => {
    const points = cloud(30, 3);
    const flat = new Float64Array(points.flat());
    expect(sx.fit('sphere', flat)).toEqual(sx.fit('sphere', points));
    expect(sx.fit('sphere', flat, { method: 'ritter' })).toEqual(sx.fit('sphere', points, { method: 'ritter' }));
  });

  it('rejects a wrong method naming the valid ones, and a method for another type', () => {
    const heap = sx.heapSize;
    expect(() => sx.fit('sphere', [[0, 0, 0]], { method: 'welzl' }))
      .toThrow(new TypeError('fit method must be "minimal" or "ritter", got "welzl"'));
    expect(() => sx.fit('sphere', [[0, 0, 0]], { method: 3 })).toThrow(/fit method must be "minimal" or "ritter", got 3/);
    expect(() => sx.fit('aabb', [[0, 0, 0]], { method: 'ritter' }))
      .toThrow(new TypeError('fit method applies to type "sphere" only, got type "aabb"'));
    expect(() => sx.fit('sphere', [], { method: 'ritter' })).toThrow(new RangeError('points must be a non-empty list, got length 0'));
    for (let i = 0; i < 500; i++) sx.fit('sphere', cloud(64, i), { method: i % 2 ? 'ritter' : 'minimal' });
    expect(sx.heapSize).toBe(heap);
  });
});

describe('volumeOf', () => {
  it('gives each type its volume', () => {
    expect(sx.volumeOf({ type: 'sphere', center: [1, 2, 3], radius: 2 })).toBeCloseTo((32 * Math.PI) / 3, 12);
    expect(sx.volumeOf({ type: 'aabb', min: [-1, 0, 2], max: [1, 3, 2.5] })).toBe(3);
    expect(sx.volumeOf({ type: 'obb', center: [0, 0, 0], halfExtents: [1, 2, 3], axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] })).toBe(48);
    // An OBB turned by a quaternion keeps its volume.
    const s = Math.SQRT1_2;
    expect(sx.volumeOf({ type: 'obb', center: [9, 9, 9], halfExtents: [1, 2, 3], rotation: [0, 0, s, s] })).toBeCloseTo(48, 12);
  });

  it("gives a unit cube's k-DOPs the cube's volume, and its 8-DOP more", () => {
    const corners = [];
    for (let i = 0; i < 8; i++) corners.push([i & 1, (i >> 1) & 1, (i >> 2) & 1]);
    for (const k of [6, 14, 18, 26]) expect(sx.volumeOf(sx.fit('kdop', corners, { k }))).toBeCloseTo(1, 12);
    expect(sx.volumeOf(sx.fit('kdop', corners, { k: 8 }))).toBeGreaterThan(1.5);
  });

  it('throws the validator\'s message for an invalid volume', () => {
    for (const bad of [{ type: 'sphere', center: [0, 0, 0], radius: -1 }, { type: 'aabb', min: [0, 0, 0], max: [1, NaN, 1] },
      { type: 'kdop', k: 7, min: [], max: [] }, { type: 'cone' }, null]) {
      const [problem] = sx.validate(bad);
      expect(problem).toBeDefined();
      expect(() => sx.volumeOf(bad)).toThrow(problem.message);
    }
  });
});
