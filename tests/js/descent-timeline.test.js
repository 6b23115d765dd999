// A mesh query's descent as the visualizer steps it (web/view/mesh-descent.js): the node tests and
// the triangle tests of mesh.traceOverlaps and traceOverlapsMesh in one order, each test once and
// each kind in the trace's order, a triangle test after the test of the leaf (or the two leaves)
// holding it; and the nodes never reached, every node not tested, at every depth.

import { beforeAll, describe, expect, test } from 'vitest';
import { TorusKnotGeometry } from 'three';
import { init } from 'sepaxis';
import { meshFromGeometry } from 'sepaxis/three';
import { descentNodes, descentPairNodes, descentTimeline } from '../../web/view/mesh-descent.js';
import { randomVolume, rng } from './helpers.js';
import { timelineProblems as problems } from './descent-problems.js';

let sx, knot, other;
beforeAll(async () => {
  sx = await init();
  knot = meshFromGeometry(sx, new TorusKnotGeometry(1, 0.3, 64, 8), { leafSize: 4 });
  other = meshFromGeometry(sx, new TorusKnotGeometry(0.8, 0.25, 48, 6, 3, 2), { node: 'obb', leafSize: 6 });
});

/**
 * Against a volume, depth first: a leaf that is the first of two children has its triangles
 * tested before any node below its sibling. What breaks that, or [].
 */
function depthFirstProblems(mesh, trace, timeline) {
  const sibling = new Map(), parent = new Map();
  for (let node = 0; node < mesh.nodeCount; node++) {
    const [first, second] = mesh.nodeChildren(node);
    if (first === undefined) continue;
    sibling.set(first, second);
    parent.set(first, node).set(second, node);
  }
  const below = (node, top) => {
    for (let at = parent.get(node); at !== undefined; at = parent.get(at)) if (at === top) return true;
    return false;
  };
  const out = [];
  timeline.forEach((e, i) => {
    if (e.triangle === undefined || !sibling.has(e.leaf)) return;
    const s = sibling.get(e.leaf);
    for (const earlier of timeline.slice(0, i)) {
      if (earlier.step !== undefined && below(trace.steps[3 * earlier.step], s)) out.push(`leaf ${e.leaf}'s triangle after a node below its sibling ${s}`);
    }
  });
  return out;
}

describe('the descent as stepped', () => {
  test('against a volume: every test once, triangles after their leaf, for 600 volumes of each type', () => {
    const r = rng(12345);
    let triangleTests = 0, meeting = 0;
    for (let i = 0; i < 600; i++) {
      for (const type of ['sphere', 'aabb', 'obb']) {
        const volume = randomVolume(r, type, r.vec(-1.6, 1.6), { size: r.uniform(0.05, 0.8), rotation: true });
        const pose = { translation: r.vec(-0.2, 0.2), rotation: r.quat() };
        const trace = knot.traceOverlaps(volume, pose);
        const timeline = descentTimeline(knot, null, trace);
        expect(problems(knot, null, trace, timeline)).toEqual([]);
        if (i % 10 === 0) expect(depthFirstProblems(knot, trace, timeline)).toEqual([]);
        triangleTests += trace.triangles.length / 3;
        meeting += trace.overlaps;
        // Never reached: every node not tested.
        const { meets, apart, unreached } = descentNodes(knot, trace);
        expect(new Set([...meets, ...apart, ...unreached]).size).toBe(knot.nodeCount);
        expect(meets.length + apart.length + unreached.length).toBe(knot.nodeCount);
      }
    }
    expect(triangleTests).toBeGreaterThan(1000);
    expect(meeting).toBeGreaterThan(100);
  });

  test('two meshes: every test once, triangle pairs after their pair of leaves; never reached per mesh', () => {
    const r = rng(777);
    let triangleTests = 0;
    for (let i = 0; i < 150; i++) {
      const pose = { translation: r.vec(-1.5, 1.5), rotation: r.quat() };
      const trace = knot.traceOverlapsMesh(undefined, other, pose);
      const timeline = descentTimeline(knot, other, trace);
      expect(problems(knot, other, trace, timeline)).toEqual([]);
      triangleTests += trace.triangles.length / 3;
      const { a, b } = descentPairNodes(knot, other, trace);
      for (const [mesh, kinds] of [[knot, a], [other, b]]) {
        expect(new Set([...kinds.meets, ...kinds.apart, ...kinds.unreached]).size).toBe(mesh.nodeCount);
      }
    }
    expect(triangleTests).toBeGreaterThan(1000);
  });
});
