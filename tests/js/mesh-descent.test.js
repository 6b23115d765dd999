// What the visualizer and the demo say of a mesh's descent (web/view/mesh-descent.js,
// mesh-verdicts.js, web/demo/descent-card.js): two meshes' verdict and the triangle pairs that meet
// against testing every pair of triangles, the nodes of a descent by verdict against the trace, and
// the demo's descent attribute.

import { beforeAll, describe, expect, test } from 'vitest';
import { init } from 'sepaxis';
import { meshPairText, meshPairVerdict } from '../../web/view/mesh-verdicts.js';
import { descentNodes } from '../../web/view/mesh-descent.js';
import { descentRequest } from '../../web/demo/descent-card.js';
import { rng } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

/** An indexed UV sphere of `rings` × `segments` quads around `center`. */
function uvSphere(rings, segments, center, radius) {
  const positions = [], indices = [];
  for (let i = 0; i <= rings; i++)
    for (let j = 0; j < segments; j++) {
      const theta = (Math.PI * i) / rings, phi = (2 * Math.PI * j) / segments;
      positions.push(center[0] + radius * Math.sin(theta) * Math.cos(phi), center[1] + radius * Math.sin(theta) * Math.sin(phi), center[2] + radius * Math.cos(theta));
    }
  const at = (i, j) => i * segments + (j % segments);
  for (let i = 0; i < rings; i++)
    for (let j = 0; j < segments; j++) indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  return { positions: new Float64Array(positions), indices: new Uint32Array(indices) };
}

/** The triangles of a mesh moved by `offset`, as {type: 'triangle'} volumes. */
const triangles = ({ positions, indices }, offset) => Array.from({ length: indices.length / 3 }, (_, t) => ({
  type: 'triangle', vertices: [0, 1, 2].map((c) => [0, 1, 2].map((k) => positions[3 * indices[3 * t + c] + k] + offset[k])),
}));

describe('two meshes\' verdict (meshPairVerdict)', () => {
  test('meets, the pairs and each mesh\'s triangles in one are those of testing every pair; tested is the descent\'s', () => {
    const r = rng(20261128);
    const a = uvSphere(6, 8, [0, 0, 0], 1), b = uvSphere(5, 7, [0, 0, 0], 0.8);
    let met = 0, apart = 0;
    for (const node of ['sphere', 'aabb', 'obb', 'kdop14']) {
      const meshA = sx.createMesh(a, { node }), meshB = sx.createMesh(b, { node: node === 'obb' ? 'aabb' : node });
      for (let i = 0; i < 12; i++) {
        const offset = [r.uniform(-2.2, 2.2), r.uniform(-1, 1), r.uniform(-1, 1)];
        const pose = { translation: offset, rotation: [0, 0, 0, 1] };
        const verdict = meshPairVerdict(meshA, undefined, meshB, pose);
        const ta = triangles(a, [0, 0, 0]), tb = triangles(b, offset);
        const pairs = [];
        ta.forEach((x, i) => tb.forEach((y, j) => { if (sx.overlaps(x, y)) pairs.push([i, j]); }));
        expect(verdict.meets).toBe(pairs.length > 0);
        expect(verdict.pairs).toBe(pairs.length);
        expect(verdict.ofA).toEqual([...new Set(pairs.map((p) => p[0]))].sort((x, y) => x - y));
        expect([...verdict.ofB].sort((x, y) => x - y)).toEqual([...new Set(pairs.map((p) => p[1]))].sort((x, y) => x - y));
        const trace = meshA.traceOverlapsMesh(undefined, meshB, pose);
        expect(verdict.tested).toEqual({ volumeTests: trace.steps.length / 3, triangleTests: trace.triangles.length / 3 });
        if (verdict.meets) met++;
        else apart++;
      }
      meshA.dispose();
      meshB.dispose();
    }
    expect(met).toBeGreaterThan(5);
    expect(apart).toBeGreaterThan(5);
  });

  test('is said with both names, the pairs and what the descent tested', () => {
    expect(meshPairText('Knot', 'Terrain', { meets: true, pairs: 1, tested: { volumeTests: 12, triangleTests: 1 } }))
      .toBe('Knot meets Terrain: 1 triangle pair overlaps (marked). The descent tested 12 node pairs and 1 triangle pair.');
    expect(meshPairText('Knot', 'the second Torus knot', { meets: false, pairs: 0, tested: { volumeTests: 1, triangleTests: 0 } }))
      .toBe('Knot is apart from the second Torus knot: the descent tested 1 node pair and 0 triangle pairs.');
  });
});

describe('the nodes of a descent (descentNodes)', () => {
  test('every node tested once by its verdict; never reached: every node not tested, at every depth, shallower first', () => {
    const mesh = sx.createMesh(uvSphere(10, 12, [0, 0, 0], 1), { node: 'obb' });
    const parents = new Map();
    for (let node = 0; node < mesh.nodeCount; node++) for (const child of mesh.nodeChildren(node)) parents.set(child, node);
    const depthOf = (node) => (parents.has(node) ? 1 + depthOf(parents.get(node)) : 0);
    let deeper = 0, stopped = 0;
    for (const center of [[0.9, 0.2, 0], [3, 0, 0], [0, 0, 0], [0.5, 0.5, 0.5], [0, 0, 1]]) {
      const trace = mesh.traceOverlaps({ type: 'sphere', center, radius: 0.15 });
      const { meets, apart, unreached } = descentNodes(mesh, trace);
      const tested = [];
      for (let s = 0; s < trace.steps.length; s += 3) tested.push(trace.steps[s]);
      expect([...meets, ...apart].sort((x, y) => x - y)).toEqual([...tested].sort((x, y) => x - y));
      for (let s = 0; s < trace.steps.length; s += 3) expect(meets.includes(trace.steps[s])).toBe(trace.steps[s + 2] === 1);
      // Every node of the tree not tested, each once: the tested and the unreached are the tree.
      const all = Array.from({ length: mesh.nodeCount }, (_, i) => i);
      expect([...unreached].sort((x, y) => x - y)).toEqual(all.filter((node) => !tested.includes(node)));
      const depths = unreached.map(depthOf);
      for (let i = 1; i < depths.length; i++) expect(depths[i]).toBeGreaterThanOrEqual(depths[i - 1]);
      for (const node of unreached) {
        // Below a tested node or another node never reached: the descent stopped above it.
        const parent = parents.get(node);
        expect(parent === undefined || tested.includes(parent) || unreached.includes(parent)).toBe(true);
        if (parent !== undefined && unreached.includes(parent)) deeper++;
        // A query that went on to the end left out only what lies below a node found apart.
        if (!trace.overlaps) {
          let up = node;
          while (!tested.includes(up)) up = parents.get(up);
          expect(apart).toContain(up);
        }
      }
      if (trace.overlaps) stopped++;
      // A node found apart has no child tested: nothing below it is.
      for (const node of apart) for (const child of mesh.nodeChildren(node)) expect(tested).not.toContain(child);
    }
    expect(deeper, 'nodes more than one level below the last tested are counted too').toBeGreaterThan(0);
    expect(stopped).toBeGreaterThan(0);
    mesh.dispose();
  });
});

describe('the demo\'s descent attribute (descentRequest)', () => {
  test('all, step and step N open it; empty or absent leaves it closed', () => {
    expect(descentRequest('all')).toEqual({ mode: 'all', step: 0 });
    expect(descentRequest('step')).toEqual({ mode: 'step', step: 0 });
    expect(descentRequest(' step 12 ')).toEqual({ mode: 'step', step: 11 });
    expect(descentRequest(null)).toBe(null);
    expect(descentRequest('')).toBe(null);
  });

  test('anything else is a problem naming the value', () => {
    for (const value of ['sideways', 'step 0', 'all 3', 'step -1', 'step 1.5', 'STEP'])
      expect(descentRequest(value)).toEqual({ problem: `descent must be "all", "step" or "step N" (N from 1), got ${JSON.stringify(value)}` });
  });
});
