// A Vite app that uses the installed package by name. tests/pkg/vite.mjs copies this folder and
// ../scenario.js into a consumer folder, builds it and loads it in headless Chromium, served
// cross-origin isolated: the scenario, then a world on two threads (the threads module, its
// .wasm and its worker script, which the build must have copied).
import { init } from 'sepaxis';
import { runScenario } from './scenario.js';

/** Three spheres in a row, each touching the next, in a world on two threads. */
async function worldOnThreads() {
  const sx = await init({ threads: 2 });
  const world = sx.createWorld({ threads: 2 });
  for (let i = 0; i < 3; i++) world.add({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { translation: [1.5 * i, 0, 0] });
  return { isolated: crossOriginIsolated, threads: world.threads, pairs: world.pairs().length / 2 };
}

const out = document.getElementById('out');
runScenario(init).then(async (result) => ({ ...result, threads: await worldOnThreads() })).then(
  (result) => { out.textContent = JSON.stringify(result); out.dataset.status = 'ok'; },
  (error) => { out.textContent = String(error?.stack ?? error); out.dataset.status = 'error'; },
);
