// The computation of the fitting benchmark (scripts/bench/fit-tightness.js): on a turned box,
// whose ratios are known in closed form, every type's volume over the hull's is what geometry
// says, never below 1; the PCA comparator finds the box's own axes; the hull's volume is exact.

import { describe, expect, test } from 'vitest';
import { init } from 'sepaxis';
import { FIT_TYPES, fitRatios, meshVolume, pcaObb, rotatePoints, symmetricEigenvectors } from '../../scripts/bench/fit-tightness.js';
import { mulberry32, randomRotation } from '../../web/view/random.js';

const sx = await init();

const norm = (q) => q.map((v) => v / Math.hypot(...q));
const TURN = norm([0.3, -0.5, 0.2, 0.8]);
/** The 8 corners of the box [-h, h], as flat numbers. */
const corners = ([a, b, c]) => [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].flatMap((z) => [x * a, y * b, z * c])));

describe('a box of half-extents 1, 2, 3, turned', () => {
  const h = [1, 2, 3];
  const points = rotatePoints(corners(h), TURN);
  const hull = 48;  // 2 × 4 × 6
  const ratios = fitRatios(sx, points);

  test('the hull of its corners has the box\'s volume', () => {
    expect(meshVolume(sx.convexHull(points))).toBeCloseTo(hull, 9);
  });

  test('every type is measured, none below 1', () => {
    expect(Object.keys(ratios)).toEqual(FIT_TYPES.map((t) => t.key));
    for (const [key, r] of Object.entries(ratios)) expect(r, key).toBeGreaterThanOrEqual(1 - 1e-9);
  });

  test('spheres: the corners on the sphere of the diagonal, 7π√14 / 18', () => {
    // radius √(1 + 4 + 9); (4/3)π·14√14 / 48. Ritter's starts from the extremes along an axis,
    // two opposite corners of the box, so it finds the same sphere.
    const exact = (7 * Math.PI * Math.sqrt(14)) / 18;
    expect(ratios.sphere).toBeCloseTo(exact, 9);
    expect(ratios.sphereRitter).toBeCloseTo(exact, 9);
  });

  test('AABB and 6-DOP: the box\'s extent along each world axis is Σ |R_ij| h_j', () => {
    const columns = [[1, 0, 0], [0, 1, 0], [0, 0, 1]].map((e) => rotatePoints(e, TURN));  // R e_j
    const half = [0, 1, 2].map((i) => columns.reduce((s, col, j) => s + Math.abs(col[i]) * h[j], 0));
    const exact = (8 * half[0] * half[1] * half[2]) / hull;
    expect(exact).toBeGreaterThan(1.5);  // turned enough to matter
    expect(ratios.aabb).toBeCloseTo(exact, 9);
    expect(ratios.kdop6).toBeCloseTo(exact, 9);
  });

  test('OBBs: PCA and tight find the box itself; fast is never larger than the AABB', () => {
    expect(ratios.obbPca).toBeCloseTo(1, 9);
    expect(ratios.obbTight).toBeLessThan(1.01);
    expect(ratios.obbFast).toBeLessThanOrEqual(ratios.aabb * (1 + 1e-9));
  });

  test('k-DOPs: more directions never fit worse than the directions they include', () => {
    // The 26-DOP's 13 directions hold the 14-DOP's 7 and the 18-DOP's 9; both hold the 6-DOP's 3.
    const eps = 1 + 1e-9;
    expect(ratios.kdop26).toBeLessThanOrEqual(ratios.kdop14 * eps);
    expect(ratios.kdop26).toBeLessThanOrEqual(ratios.kdop18 * eps);
    expect(ratios.kdop14).toBeLessThanOrEqual(ratios.kdop6 * eps);
    expect(ratios.kdop18).toBeLessThanOrEqual(ratios.kdop6 * eps);
  });
});

test('a turned cube: the smallest sphere is π√3 / 2 of it', () => {
  const r = fitRatios(sx, rotatePoints(corners([1, 1, 1]), TURN));
  expect(r.sphere).toBeCloseTo((Math.PI * Math.sqrt(3)) / 2, 9);
});

test('the PCA box of a stretched cloud lies along its stretch; the eigenvectors are orthonormal', () => {
  const next = mulberry32(7);
  const flat = Array.from({ length: 600 }, (_, i) => (next() - 0.5) * [10, 3, 1][i % 3]);
  const box = pcaObb(rotatePoints(flat, TURN));
  const long = rotatePoints([1, 0, 0], TURN);
  expect(Math.max(...box.axes.map((a) => Math.abs(a.reduce((s, v, i) => s + v * long[i], 0))))).toBeGreaterThan(0.99);
  expect(sx.validate(box)).toEqual([]);
  const v = symmetricEigenvectors([[4, 1, 0.5], [1, 3, 0.25], [0.5, 0.25, 1]]);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    expect(v[i].reduce((s, x, k) => s + x * v[j][k], 0)).toBeCloseTo(i === j ? 1 : 0, 12);
  }
  // Each is an eigenvector: A v = λ v.
  const A = [[4, 1, 0.5], [1, 3, 0.25], [0.5, 0.25, 1]];
  for (const e of v) {
    const Ae = A.map((row) => row.reduce((s, x, k) => s + x * e[k], 0));
    const lambda = Ae.reduce((s, x, k) => s + x * e[k], 0);
    Ae.forEach((x, k) => expect(x).toBeCloseTo(lambda * e[k], 12));
  }
});

test('random rotations are unit quaternions; flat points are refused by name', () => {
  const next = mulberry32(12345);
  for (let i = 0; i < 8; i++) expect(Math.hypot(...randomRotation(next))).toBeCloseTo(1, 12);
  expect(() => fitRatios(sx, [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0])).toThrow(/convex hull has volume 0: they are flat/);
});
