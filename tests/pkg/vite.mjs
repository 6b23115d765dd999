// (c) A tiny Vite app importing 'sepaxis' (installed from the tarball): `vite build` must emit the
// .wasm as an asset (through the package's new URL(..., import.meta.url)), and the threads
// module's .wasm and worker script; `vite preview` serves it on 127.0.0.1, cross-origin isolated
// as a game's server would; headless Chromium runs it (the scenario, then a world on two threads)
// and the page's results are checked. The same app is then run by the dev server (`vite`), whose
// dependency pre-bundling must not lose the .wasm nor the worker.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, createLogger, createServer, preview } from 'vite';
import { consumerApp, copyInto, freePort, loadPage, pageProblems, pkgDir, repoRoot, report, watchdog } from './lib.mjs';
import { ISOLATION } from '../../scripts/static-server.mjs';

watchdog(100, 'vite');
const problems = [];
const consumer = consumerApp();
let server, dev;
try {
  const root = consumer.app;
  copyInto(root, [[join(pkgDir, 'web/vite-app/index.html'), 'index.html'], [join(pkgDir, 'web/vite-app/main.js'), 'main.js'],
    [join(pkgDir, 'web/scenario.js'), 'scenario.js']]);

  // Any warning of the build is a problem a user would see, except the bundler's note that its
  // plugins ran slowly (PLUGIN_TIMINGS), which says how loaded the machine is, not the package.
  const warnings = [];
  const logger = createLogger('warn');
  const keep = (message) => { if (!String(message).includes('[PLUGIN_TIMINGS]')) warnings.push(message); };
  logger.warn = keep;
  logger.warnOnce = keep;
  const outDir = join(root, 'dist-vite');
  await build({ root, configFile: false, logLevel: 'warn', customLogger: logger, build: { outDir, emptyOutDir: true } });
  problems.push(...warnings.splice(0).map((w) => `vite build warned: ${w}`));

  const assets = readdirSync(join(outDir, 'assets'));
  // Both modules are emitted (init() picks one at run time: with the World, or init({ world:
  // false }) without), each byte for byte the package's.
  const wasm = assets.filter((f) => f.endsWith('.wasm'));
  if (wasm.length !== 3) problems.push(`expected three .wasm assets (sepaxis-wasm, sepaxis-core, sepaxis-threads), got ${JSON.stringify(assets)}`);
  if (!assets.some((f) => /^sepaxis-threads\.worker-.*\.js$/.test(f))) problems.push(`no worker script of sepaxis-threads in ${JSON.stringify(assets)}`);
  for (const name of ['sepaxis-wasm', 'sepaxis-core', 'sepaxis-threads']) {
    const asset = wasm.find((f) => f.startsWith(`${name}-`));
    const original = readFileSync(join(repoRoot, `dist/${name}.wasm`));
    if (!asset) problems.push(`no ${name} .wasm asset in ${JSON.stringify(assets)}`);
    else if (!readFileSync(join(outDir, 'assets', asset)).equals(original)) problems.push(`${asset} differs from dist/${name}.wasm`);
  }

  const port = await freePort();
  server = await preview({
    root, configFile: false, logLevel: 'warn',
    build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false, headers: ISOLATION },
  });
  const page = await loadPage(`http://127.0.0.1:${port}/`);
  problems.push(...(await pageProblems(page, { wasm: 2 })).map((p) => `vite preview: ${p}`), ...threadProblems(page, 'vite preview'));
  await server.close();
  server = undefined;

  const devPort = await freePort();
  dev = await createServer({
    root, configFile: false, logLevel: 'warn', customLogger: logger,
    server: { host: '127.0.0.1', port: devPort, strictPort: true, open: false, hmr: false, watch: null, headers: ISOLATION },
  });
  await dev.listen();
  const devPage = await loadPage(`http://127.0.0.1:${devPort}/`);
  problems.push(...(await pageProblems(devPage, { wasm: 2 })).map((p) => `vite dev server: ${p}`), ...threadProblems(devPage, 'vite dev server'));
  problems.push(...warnings.map((w) => `vite dev server warned: ${w}`));
  report('vite', problems, `vite build emitted ${wasm.join(', ')} and the worker; vite preview and the dev server ran the scenario and a world on two threads in Chromium`);
} catch (e) {
  report('vite', [...problems, e.stack ?? String(e)]);
} finally {
  await server?.close();
  await dev?.close();
  consumer.cleanup();
}

/** What is wrong with the page's world on threads (main.js: three spheres in a row, two pairs). */
function threadProblems(page, where) {
  if (page.status !== 'ok') return [];
  const got = JSON.stringify(JSON.parse(page.text).threads), want = JSON.stringify({ isolated: true, threads: 2, pairs: 2 });
  return got === want ? [] : [`${where}: the world on threads: expected ${want}, got ${got}`];
}
