// The visualizer's entry point and composition root: loads the package, builds the App (app.js,
// which wires the scene model to the 3D view, the gizmo and the panels), then either measures
// frame times (?bench=N, bench.js; ?bench=mesh, bench-mesh.js) or opens the scene of the URL
// hash (else the welcome preset) and follows the hash. body[data-ready] tells the browser tests the app is ready.

import { init } from 'sepaxis';
import { App } from './app.js';
import { byId } from '../view/dom.js';
import { Messages } from './messages.js';

async function start() {
  let sx;
  try {
    sx = await init();
  } catch (e) {
    byId('loading').textContent = `Could not load the WebAssembly module: ${e.message}`;
    return;
  }
  const app = new App(sx, new Messages(byId('banner'), byId('toast')));
  window.sepaxisApp = app;
  byId('loading').remove();
  const params = new URLSearchParams(location.search);
  const frames = Number(params.get('frames')) || undefined;
  if (params.get('bench') === 'mesh') {
    const { runMeshBench } = await import('./bench-mesh.js');
    const depth = params.has('depth') ? Number(params.get('depth')) : undefined;
    try {
      await runMeshBench(app, {
        model: params.get('model') ?? undefined, node: params.get('node') ?? undefined,
        depth: Number.isInteger(depth) && depth >= 0 ? Math.min(depth, 30) : undefined, frames: frames && Math.min(Math.floor(frames), 2000),
      });
    } catch (e) {
      // Said at once (the browser test stops waiting), not left to a timeout.
      document.body.dataset.bench = `failed: ${e.message}`;
    }
    return;
  }
  const bench = Number(params.get('bench'));
  if (bench > 0) {
    const { runBench } = await import('./bench.js');
    await runBench(app, Math.min(Math.floor(bench), 500), frames && Math.min(Math.floor(frames), 2000));
    return;
  }
  await app.loadFromHash({ fallbackPreset: 'welcome' });
  app.undo.reset();  // undo goes back to the scene the page opened with, not to an empty one
  // The hash the event brought, not location's: the page's own URL update may have replaced it
  // since (a scene's pending write lands between a followed link and its event).
  window.addEventListener('hashchange', (event) => {
    const hash = new URL(event.newURL).hash.slice(1);
    if (hash !== app.lastHash) app.loadFromHash({ hash });
  });
  document.body.dataset.ready = 'true';
}

start();
