import { describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { FIT_KINDS, MAX_VERTICES, distinctPoints, fitRows, hullVolume, placedInView } from '../../web/view/fit-table.js';

const sx = await init();

/** The 8 corners of the cube [-1, 1]³, flat. */
const CUBE = new Float64Array([-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].flatMap((z) => [x, y, z]))));

describe('fit table', () => {
  it('the hull volume of a cube is 8 and of a corner tetrahedron 1/6; a flat set encloses 0', () => {
    expect(hullVolume(sx.convexHull(CUBE))).toBeCloseTo(8, 12);
    expect(hullVolume(sx.convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]))).toBeCloseTo(1 / 6, 14);
    expect(hullVolume(sx.convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]))).toBe(0);
  });

  it("around a cube's 8 corners the boxes and k-DOPs but the 8-DOP have ratio 1, both spheres π√3/2", () => {
    let t = 0;
    const rows = [...fitRows(sx, CUBE, () => (t += 1))];
    expect(rows[0].hull.volume).toBeCloseTo(8, 12);
    const byId = Object.fromEntries(rows.slice(1).map((r) => [r.id, r]));
    expect(Object.keys(byId)).toEqual(FIT_KINDS.map((k) => k.id));
    expect(Object.keys(byId)).toEqual(['aabb', 'sphere', 'sphere-ritter', 'obb-fast', 'obb-tight', 'kdop6', 'kdop8', 'kdop14', 'kdop18', 'kdop26']);
    for (const id of ['aabb', 'obb-fast', 'obb-tight', 'kdop6', 'kdop14', 'kdop18', 'kdop26']) {
      expect(byId[id].ratio, id).toBeCloseTo(1, 9);
    }
    // The 8-DOP's four diagonal slabs alone: the octahedron |x| + |y| + |z| <= 3, 4/3 · 27 = 36.
    expect(byId.kdop8.ratio).toBeCloseTo(36 / 8, 9);
    expect(byId.aabb.ratio).toBe(1);
    expect(byId.sphere.ratio).toBeCloseTo((Math.PI * Math.sqrt(3)) / 2, 12);
    expect(byId['sphere-ritter'].ratio).toBeCloseTo((Math.PI * Math.sqrt(3)) / 2, 12);
    expect(byId.sphere.volume).toMatchObject({ type: 'sphere' });
    expect(byId.kdop14.volume).toMatchObject({ type: 'kdop', k: 14 });
    // Each row is timed by the clock given: one tick per fit.
    for (const r of rows.slice(1)) expect(r.ms).toBe(1);
  });

  it('a corner tetrahedron: the AABB is 6 times the hull', () => {
    const rows = [...fitRows(sx, [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1])];
    expect(rows.find((r) => r.id === 'aabb').ratio).toBeCloseTo(6, 12);
  });

  it('a flat point set has no ratio (its hull encloses nothing), but its volumes are fitted', () => {
    const rows = [...fitRows(sx, [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0])];
    expect(rows[0].hull.volume).toBe(0);
    expect(rows.slice(1).every((r) => r.ratio === null && r.volume.type)).toBe(true);
  });

  it('keeps each distinct point once', () => {
    const p = distinctPoints(new Float32Array([1, 2, 3, 4, 5, 6, 1, 2, 3, -0, 0, 0, 0, 0, 0]));
    expect(Array.from(p)).toEqual([1, 2, 3, 4, 5, 6, 0, 0, 0]);
    expect(Object.is(p[6], 0)).toBe(true);
    expect(p).toBeInstanceOf(Float64Array);
  });

  it('keeps the distinct points of a large set in their first order, as a naive set does', () => {
    let seed = 5;
    const rnd = () => (seed = (seed * 16807) % 2147483647) % 20;
    const positions = Array.from({ length: 3 * 5000 }, rnd);
    const naive = [];
    const seen = new Set();
    for (let i = 0; i < positions.length; i += 3) {
      const key = positions.slice(i, i + 3).join();
      if (!seen.has(key)) { seen.add(key); naive.push(...positions.slice(i, i + 3)); }
    }
    expect(naive.length).toBeLessThan(positions.length);
    expect(Array.from(distinctPoints(positions))).toEqual(naive);
  });

  it('says what is wrong: no vertices, a coordinate that is not finite, too many vertices', () => {
    expect(() => distinctPoints(new Float32Array(0))).toThrow('it has no vertices');
    expect(() => distinctPoints(new Float32Array([0, 0, 0, 1, NaN, 2]))).toThrow('vertex 2 has y = NaN, not a finite number');
    expect(() => distinctPoints([0, 0, Infinity])).toThrow('vertex 1 has z = Infinity');
    expect(() => distinctPoints(new Float32Array(3 * (MAX_VERTICES + 1)))).toThrow('it has 2,000,001 vertices; at most 2,000,000 can be fitted here');
  });

  it('places points in the view by a power of two, centred, so ratios do not change', () => {
    const { points, scale, offset } = placedInView(new Float64Array([10, 20, 30, 10.25, 20.125, 30.0625]));
    expect(scale).toBe(16);
    expect(offset).toEqual([10.125, 20.0625, 30.03125]);
    expect(Array.from(points)).toEqual([-2, -1, -0.5, 2, 1, 0.5]);
    const rows = (p) => [...fitRows(sx, p)].slice(1).map((r) => r.ratio);
    const tet = new Float64Array([0, 0, 0, 0.001, 0, 0, 0, 0.002, 0, 0, 0, 0.003]);
    expect(rows(placedInView(tet).points)).toEqual(rows(tet).map((r) => expect.closeTo(r, 9)));
  });
});
