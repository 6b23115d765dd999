// (c) A tiny Vite app importing 'sepaxis' (installed from the tarball): `vite build` must emit the
// .wasm as an asset (through the package's new URL(..., import.meta.url)); `vite preview` serves
// it on 127.0.0.1; headless Chromium runs it and the page's results are checked. The same app is
// then run by the dev server (`vite`), whose dependency pre-bundling must not lose the .wasm.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, createLogger, createServer, preview } from 'vite';
import { consumerApp, copyInto, freePort, loadPage, pageProblems, pkgDir, repoRoot, report, watchdog } from './lib.mjs';

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
  if (wasm.length !== 2) problems.push(`expected two .wasm assets (sepaxis-wasm, sepaxis-core), got ${JSON.stringify(assets)}`);
  for (const name of ['sepaxis-wasm', 'sepaxis-core']) {
    const asset = wasm.find((f) => f.startsWith(`${name}-`));
    const original = readFileSync(join(repoRoot, `dist/${name}.wasm`));
    if (!asset) problems.push(`no ${name} .wasm asset in ${JSON.stringify(assets)}`);
    else if (!readFileSync(join(outDir, 'assets', asset)).equals(original)) problems.push(`${asset} differs from dist/${name}.wasm`);
  }

  const port = await freePort();
  server = await preview({
    root, configFile: false, logLevel: 'warn',
    build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  const page = await loadPage(`http://127.0.0.1:${port}/`);
  problems.push(...(await pageProblems(page)).map((p) => `vite preview: ${p}`));
  await server.close();
  server = undefined;

  const devPort = await freePort();
  dev = await createServer({
    root, configFile: false, logLevel: 'warn', customLogger: logger,
    server: { host: '127.0.0.1', port: devPort, strictPort: true, open: false, hmr: false, watch: null },
  });
  await dev.listen();
  const devPage = await loadPage(`http://127.0.0.1:${devPort}/`);
  problems.push(...(await pageProblems(devPage)).map((p) => `vite dev server: ${p}`));
  problems.push(...warnings.map((w) => `vite dev server warned: ${w}`));
  report('vite', problems, `vite build emitted assets/${wasm[0]}; vite preview and the dev server ran the scenario in Chromium`);
} catch (e) {
  report('vite', [...problems, e.stack ?? String(e)]);
} finally {
  await server?.close();
  await dev?.close();
  consumer.cleanup();
}
