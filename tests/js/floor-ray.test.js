// The floor under a player (web/view/floor-ray.js): the half-space tests the card shows, held to
// the package's answers over thousands of random floors and players (sx.raycast straight down,
// sx.contains at the hit, a one-triangle mesh's barycentric coordinates).

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { init } from 'sepaxis';
import { edgeTests, floorUnder, triangleMeshes } from '../../web/view/floor-ray.js';
import { rng } from './helpers.js';

let sx, meshOf;
beforeAll(async () => {
  sx = await init();
  meshOf = triangleMeshes(sx);
});
afterAll(() => meshOf.dispose());

describe('the floor under a player', () => {
  test('all three edge tests inside exactly when the ray down meets the floor; the weights are the edge functions over the area', () => {
    const r = rng(12345);
    const at = (s) => r.uniform(-s, s);
    let hits = 0, misses = 0;
    for (let i = 0; i < 4000; i++) {
      const vertices = [0, 1, 2].map(() => [at(3), at(0.8), at(3)]);
      const triangle = { type: 'triangle', vertices };
      // Over the floor about half the time: weights of the corners from [-0.15, 1].
      const w1 = r.uniform(-0.15, 1), w2 = r.uniform(-0.15, 1), w = [1 - w1 - w2, w1, w2];
      const origin = [0, 2].map((c) => w.reduce((sum, wk, k) => sum + wk * vertices[k][c], 0));
      origin.splice(1, 0, r.uniform(1, 3));
      const floor = floorUnder(sx, triangle, origin, meshOf);
      const { area, edges } = floor.tests;
      // Near an edge (or an edge-on floor) rounding decides: left to the package alone.
      if (Math.min(...edges.map((e) => Math.abs(e.value))) <= 1e-9 * Math.abs(area) || Math.abs(area) < 1e-6) continue;
      const inside = edges.every((e) => e.inside);
      expect(!!floor.hit).toBe(inside);
      if (!floor.hit) {
        misses++;
        expect(floor.barycentric).toBeNull();
        continue;
      }
      hits++;
      expect(floor.contains).toBe(true);
      for (const e of edges) expect(Math.abs(e.value / area - floor.barycentric[3 - e.from - e.to])).toBeLessThan(1e-9);
      // The height: the corners' heights weighted.
      const y = floor.barycentric.reduce((sum, w, k) => sum + w * vertices[k][1], 0);
      expect(Math.abs(floor.hit.point[1] - y)).toBeLessThan(1e-9);
      expect(floor.hit.point[0]).toBe(origin[0]);
      expect(floor.hit.point[2]).toBe(origin[2]);
    }
    expect(hits).toBeGreaterThan(1000);
    expect(misses).toBeGreaterThan(1000);
  });

  test('a floor over the player: inside all three edges, no hit down, one up', () => {
    const triangle = { type: 'triangle', vertices: [[-1, 2, -1], [1, 2, -1], [0, 2, 1]] };
    const floor = floorUnder(sx, triangle, [0, 0, 0], meshOf);
    expect(floor.tests.edges.every((e) => e.inside)).toBe(true);
    expect(floor.hit).toBeNull();
    expect(floor.above).toBe(true);
  });

  test('a floor on its edge (a wall) has no area seen from above: no edge test is inside', () => {
    const { area, edges } = edgeTests([[0, 0, 0], [1, 1, 0], [2, 0, 0]], [1, 5, 0]);
    expect(area).toBe(0);
    expect(edges.every((e) => !e.inside)).toBe(true);
  });

  test('the edge functions of either winding: the sign of the corner opposite decides, not the sign itself', () => {
    const ccw = edgeTests([[0, 0, 0], [0, 0, 1], [1, 0, 0]], [0.2, 0, 0.2]);
    const cw = edgeTests([[0, 0, 0], [1, 0, 0], [0, 0, 1]], [0.2, 0, 0.2]);
    expect(Math.sign(ccw.area)).toBe(-Math.sign(cw.area));
    expect(ccw.edges.every((e) => e.inside)).toBe(true);
    expect(cw.edges.every((e) => e.inside)).toBe(true);
  });
});
