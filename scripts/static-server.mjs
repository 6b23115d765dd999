// A static file server, as a documentation site or a game's page would serve the package: the
// built package (dist/) at /dist/, the demo element's test pages (tests/e2e/pages/) at /pages/,
// the tutorial's theme scripts (the exercise element) at /site-theme/, the world example at
// /world/, the browser benchmarks at /bench/ (and the scripts they run at /scripts/ and
// /web/view/, Rapier at /rapier/), three.js's module build at /three/ (its addons at
// /three-addons/); a page may ask for the
// strictest Content-Security-Policy the package supports (?csp=strict: script-src 'self'
// 'wasm-unsafe-eval'), or one that forbids WebAssembly (?csp=no-wasm: script-src 'self').
// Pages are cross-origin isolated (ISOLATION: what a game's server sends for init({ threads })),
// except the demo's test pages, which play other sites' pages (one frames the app from another
// origin), and a page that asks not to be (?isolation=none).
// Used by tests/e2e/demo.test.mjs, tests/e2e/world.test.mjs, `npm run example:world` and
// `npm run bench:browser`.

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.css': 'text/css' };
const MOUNTS = {
  '/dist/': 'dist/', '/pages/': 'tests/e2e/pages/', '/site-theme/': 'web/site/.vitepress/theme/', '/world/': 'examples/world/', '/three/': 'node_modules/three/build/',
  '/three-addons/': 'node_modules/three/examples/jsm/',
  '/bench/': 'scripts/bench/',
  '/scripts/': 'scripts/',
  '/web/view/': 'web/view/',
  '/rapier/': 'node_modules/@dimforge/rapier3d-compat/dist/',
};
export const STRICT_CSP = "script-src 'self' 'wasm-unsafe-eval'";
/** What a page gets without 'wasm-unsafe-eval': scripts of its own origin and no WebAssembly. */
const NO_WASM_CSP = "script-src 'self'";
const POLICIES = { strict: STRICT_CSP, 'no-wasm': NO_WASM_CSP };
/** The headers that make a page cross-origin isolated, where WebAssembly may run on threads. */
export const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

/** Starts the server on 127.0.0.1 (port 0: a free one); resolves to { url, close() }. */
export function startStaticServer(port = 0) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const mount = Object.keys(MOUNTS).find((m) => url.pathname.startsWith(m));
    let rel = mount && normalize(url.pathname.slice(mount.length));
    if (rel === '.' || rel?.endsWith('/')) rel = join(rel, 'index.html');
    if (!mount || rel.startsWith('..')) return void res.writeHead(404).end('not found');
    try {
      const body = await readFile(join(ROOT, MOUNTS[mount], rel));
      const headers = { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      const policy = POLICIES[url.searchParams.get('csp')];
      if (policy) headers['content-security-policy'] = policy;
      if (mount !== '/pages/' && url.searchParams.get('isolation') !== 'none') Object.assign(headers, ISOLATION);
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => {
    resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) });
  }));
}
