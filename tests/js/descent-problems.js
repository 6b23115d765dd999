// The check of a descent's timeline (web/view/mesh-descent.js descentTimeline) against its trace,
// shared by the Vitest suite and the browser test of the visualizer's stepper: every node test and
// triangle test once, each kind in the trace's order, a triangle test after the test of its leaf
// (or its two leaves, for two meshes) and among that leaf's triangles.

/**
 * What is wrong with `timeline` for `trace` (meshes a, and b for two meshes, or null), or [].
 * a and b need only `leafTriangles(leaf)`.
 */
export function timelineProblems(a, b, trace, timeline) {
  const out = [];
  let step = 0, triangle = 0;
  const tested = new Set();
  for (const e of timeline) {
    if (e.triangle === undefined) {
      if (e.step !== step++) out.push(`step ${e.step} out of order`);
      tested.add(`${trace.steps[3 * e.step]}|${trace.steps[3 * e.step + 1]}`);
      continue;
    }
    if (e.triangle !== triangle++) out.push(`triangle ${e.triangle} out of order`);
    if (!tested.has(`${e.leaf}|${b ? e.otherLeaf : -1}`)) out.push(`triangle ${e.triangle} before its leaf ${e.leaf}`);
    if (!a.leafTriangles(e.leaf).includes(trace.triangles[3 * e.triangle])) out.push(`triangle ${e.triangle} not in leaf ${e.leaf}`);
    if (b && !b.leafTriangles(e.otherLeaf).includes(trace.triangles[3 * e.triangle + 1])) out.push(`triangle ${e.triangle} not in the other leaf ${e.otherLeaf}`);
  }
  const steps = trace.steps.length / 3, triangles = trace.triangles.length / 3;
  if (step !== steps || triangle !== triangles) out.push(`${step} steps and ${triangle} triangles of ${steps} and ${triangles}`);
  return out;
}
