// How the visualizer draws a mesh cheaply: a tree level's nodes merged into one fill and one set
// of edges (web/view/level-drawing.js), held to the nodes drawn one by one; and a mesh's
// triangles clustered coarser while its view moves (web/view/mesh-coarse.js).

import { describe, expect, test } from 'vitest';
import { Box3, TorusKnotGeometry, Vector3 } from 'three';
import { init } from 'sepaxis';
import { mergedViews } from '../../web/view/level-drawing.js';
import { coarseTriangles } from '../../web/view/mesh-coarse.js';
import { VolumeView } from '../../web/view/volume-mesh.js';
import { kdopOfPoints, rng } from './helpers.js';

/** Every corner a drawn object's fills (`kind` 'isMesh') or edges ('isLineSegments') draw, in order, in world space: [x, y, z, ...]. */
function drawnPoints(object, kind) {
  const out = [];
  object.updateMatrixWorld(true);
  object.traverse((o) => {
    if (!o[kind]) return;
    const p = o.geometry.getAttribute('position');
    const corners = o.geometry.index ? Array.from(o.geometry.index.array) : [...Array(p.count).keys()];
    for (const i of corners) out.push(...new Vector3().fromBufferAttribute(p, i).applyMatrix4(o.matrixWorld).toArray());
  });
  return out;
}

describe('a level drawn merged', () => {
  test('draws the same triangles and edges as its nodes drawn one by one, in two draws', async () => {
    const sx = await init();
    const r = rng(7);
    const at = () => [r.uniform(-3, 3), r.uniform(-3, 3), r.uniform(-3, 3)];
    const volumes = [];
    for (let i = 0; i < 40; i++) {
      const kind = i % 4;
      if (kind === 0) volumes.push({ type: 'obb', center: at(), halfExtents: [r.uniform(0.1, 1), r.uniform(0.1, 1), r.uniform(0.1, 1)], rotation: [0.2, 0.3, 0.1, 0.927] });
      else if (kind === 1) { const c = at(); volumes.push({ type: 'aabb', min: c, max: c.map((x) => x + r.uniform(0.1, 1)) }); }
      else if (kind === 2) volumes.push({ type: 'sphere', center: at(), radius: r.uniform(0.1, 1) });
      else { const c = at(); volumes.push(kdopOfPoints(14, Array.from({ length: 10 }, () => c.map((x) => x + r.uniform(-1, 1))))); }
    }
    const views = () => volumes.map((v, i) => { const view = new VolumeView(sx, `n${i}`); view.setVolume(v); return view; });
    const apart = views();
    const merged = mergedViews(views());
    const children = merged.object.children;
    expect(children.filter((c) => c.isMesh)).toHaveLength(1);
    expect(children.filter((c) => c.isLineSegments)).toHaveLength(1);
    for (const kind of ['isMesh', 'isLineSegments']) {
      const one = drawnPoints(merged.object, kind), each = apart.flatMap((v) => drawnPoints(v.object, kind));
      expect(one.length).toBe(each.length);
      expect(one.length).toBeGreaterThan(0);
      // The same corners in the same order, to float32's precision (the merged ones are stored placed).
      expect(Math.max(...one.map((x, i) => Math.abs(x - each[i])))).toBeLessThan(1e-5);
    }
    merged.dispose();
    for (const v of apart) v.dispose();
  });
});

describe('a mesh clustered coarser', () => {
  const knot = new TorusKnotGeometry(1, 0.3, 160, 16);
  const triangles = { positions: knot.getAttribute('position').array, indices: new Uint32Array(knot.index.array) };

  test('fewer triangles, none degenerate, each corner the mean of input corners within one cell, inside the mesh\'s box', () => {
    const coarse = coarseTriangles(triangles, 16);
    const n = coarse.indices.length / 3;
    expect(n).toBeGreaterThan(100);
    expect(n).toBeLessThan(triangles.indices.length / 3 / 2);
    const box = new Box3().setFromArray(triangles.positions);
    const cell = Math.max(...box.getSize(new Vector3()).toArray()) / 16;
    const p = coarse.positions;
    for (let t = 0; t < n; t++) {
      const [a, b, c] = [0, 1, 2].map((k) => coarse.indices[3 * t + k]);
      expect(a !== b && b !== c && a !== c).toBe(true);
    }
    // Every input corner has an output vertex within one cell's diagonal (its cluster's mean).
    const out = [];
    for (let v = 0; v < p.length / 3; v++) {
      out.push(new Vector3(p[3 * v], p[3 * v + 1], p[3 * v + 2]));
      expect(box.containsPoint(out.at(-1))).toBe(true);
    }
    const q = triangles.positions;
    for (let v = 0; v < q.length / 3; v += 7) {
      const x = new Vector3(q[3 * v], q[3 * v + 1], q[3 * v + 2]);
      expect(Math.min(...out.map((o) => o.distanceTo(x)))).toBeLessThanOrEqual(cell * Math.sqrt(3) + 1e-6);
    }
  });

  test('a grid finer than the corners keeps every triangle; unindexed in, unindexed out', () => {
    const same = coarseTriangles(triangles, 1 << 16);
    expect(same.indices.length).toBe(triangles.indices.length);
    const flat = knot.toNonIndexed().getAttribute('position').array;
    const coarse = coarseTriangles({ positions: flat }, 32);
    expect(coarse.indices).toBeUndefined();
    expect(coarse.positions.length / 9).toBe(coarseTriangles(triangles, 32).indices.length / 3);
  });
});
