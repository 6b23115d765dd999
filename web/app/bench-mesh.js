// ?bench=mesh: the frame-time check with a mesh (bench.js's phases). The Stanford bunny (69,451
// triangles; &model= another built-in model) with its tree of OBBs (&node=) and the level at
// depth 8 (&depth=) drawn around it, as the Mesh card draws it, and two volumes: a 26-DOP is
// dragged along a circle through and around the mesh (each frame: its verdict against the mesh,
// the pair's report, the panels, the drawing), the camera orbits, a still frame is drawn. Then
// whether the page stays responsive while the card's tree builds on its worker
// (mesh-tree-worker.js), for each node type: the longest main-thread task (PerformanceObserver
// 'longtask') and the longest gap between animation frames; and the same while the scene's mesh
// is loaded (read and its tree built on workers; read in, drawn first on the page's thread).
// Results go to window.__sepaxisBench and an overlay.

import { h } from '../view/dom.js';
import { template } from '../view/defaults.js';
import { NODE_TYPES } from '../view/mesh-ids.js';
import { canvasText, frame, measurePhases, phaseLines } from './bench.js';

/** How many nodes the level at `depth` holds: those at that depth and the leaves above it, counted with mesh.nodeChildren from the root. */
export function levelNodeCount(mesh, depth) {
  let level = [0];
  for (let d = 0; d < depth; d++) level = level.flatMap((i) => { const c = mesh.nodeChildren(i); return c.length ? c : [i]; });
  return level.length;
}

/**
 * How long `work` (async) held the page's thread: { ms (the whole work), longestTask (ms, 0 when
 * no task took 50 ms: a long task's threshold), longTasks, longestFrameGap (ms between two
 * animation frames) }.
 */
async function held(work) {
  const tasks = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  let gap = 0, last = performance.now(), running = true;
  const tick = (now) => {
    gap = Math.max(gap, now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  await frame();  // the frame after the work ends its gap
  running = false;
  await new Promise((resolve) => setTimeout(resolve, 0));  // long tasks are reported after they end
  tasks.push(...observer.takeRecords());
  observer.disconnect();
  return { ms, longestTask: Math.max(0, ...tasks.map((t) => t.duration)), longTasks: tasks.length, longestFrameGap: gap };
}

export async function runMeshBench(app, { model = 'bunny', node = 'obb', depth = 8, frames = 180 } = {}) {
  const overlay = h('pre', { class: 'bench-overlay', role: 'status' }, `Benchmark: ${model}, its tree of ${node} at depth ${depth}…`);
  document.body.append(overlay);
  const volumes = [
    { id: 'a', name: 'OBB', volume: { ...template('obb'), center: [-3, 0, 0] } },
    { id: 'b', name: '26-DOP', volume: template('kdop', 26) },
  ];
  const scene = { volumes, selection: ['a', 'b'], mesh: { model, translation: [0, 0, 0], rotation: [0, 0, 0, 1], node } };
  const { panel } = app.mesh;
  const load = await held(async () => {
    app.load(scene);
    await app.meshLoad;
    await panel.lastLevel;
  });
  if (!app.mesh.current) throw new Error(`the mesh ${model} could not be loaded`);

  // For each node type, the card's tree built anew on the worker (setMesh sends the triangles
  // again, which drops the worker's trees) and its root measured, the page's thread watched.
  const builds = {};
  const current = app.mesh.current;
  for (const [type] of NODE_TYPES) {
    builds[type] = await held(async () => {
      panel.setMesh({ ...current, node: type });
      await panel.lastLevel;
    });
    builds[type].buildMs = panel.level.buildMs;
  }
  panel.setMesh(current);
  await panel.lastLevel;
  panel.depthInput.value = depth;
  await panel.showLevel();
  app.frame();
  await frame();
  await frame();

  const mesh = current.mesh;
  const result = {
    scene: 'mesh', model, triangles: mesh.triangleCount, node: current.node, depth: panel.level.depth,
    drawnNodes: app.mesh.sceneMesh.drawnNodes, levelNodes: panel.level.count, treeNodes: levelNodeCount(mesh, panel.level.depth),
    volumes: volumes.length,
    // The 26-DOP goes round the mesh's centre through its sides (the bunny is 3 across).
    ...await measurePhases(app, frames, (a) => [Math.cos(a) * 1.4, 0.2, Math.sin(a) * 1.4]),
    responsiveness: { load, builds },
  };
  // Triangles drawn in a frame while the view moves and when it stops (the mesh coarser while it
  // moves on a software renderer: renderer.js's drawsCoarse).
  const { viewport } = app;
  const trianglesDrawn = () => {
    viewport.render();
    return viewport.renderer.info.render.triangles;
  };
  viewport.beginInteraction();
  const moving = trianglesDrawn();
  viewport.endInteraction();
  result.trianglesDrawn = { moving, still: trianglesDrawn() };
  const f = (x) => x.toFixed(0).padStart(5);
  overlay.textContent = [
    `sepaxis frame time — ${model} (${result.triangles} triangles), its ${node} tree's depth ${result.depth}: ${result.drawnNodes} nodes drawn; ${canvasText(result)}`,
    ...phaseLines(result),
    `load   longest task ${f(load.longestTask)} ms, longest frame gap ${f(load.longestFrameGap)} ms`,
    ...Object.entries(builds).map(([type, b]) => `build ${type.padEnd(7)} on the worker ${f(b.buildMs)} ms: longest task ${f(b.longestTask)} ms, longest frame gap ${f(b.longestFrameGap)} ms`),
  ].join('\n');
  window.__sepaxisBench = result;
  document.body.dataset.bench = 'done';
  return result;
}
