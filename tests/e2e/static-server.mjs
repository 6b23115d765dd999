// A static file server for the demo element's browser tests: serves the built package (dist/) at
// /dist/ and the test pages (tests/e2e/pages/) at /pages/, as a documentation site would, with
// the Content-Security-Policy a page asks for (?csp=strict: script-src 'self' 'wasm-unsafe-eval').

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.css': 'text/css' };
const MOUNTS = { '/dist/': 'dist/', '/pages/': 'tests/e2e/pages/' };
export const STRICT_CSP = "script-src 'self' 'wasm-unsafe-eval'";

/** Starts the server on a free port of 127.0.0.1; resolves to { url, close() }. */
export function startStaticServer() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const mount = Object.keys(MOUNTS).find((m) => url.pathname.startsWith(m));
    const rel = mount && normalize(url.pathname.slice(mount.length));
    if (!mount || rel.startsWith('..')) return void res.writeHead(404).end('not found');
    try {
      const body = await readFile(join(ROOT, MOUNTS[mount], rel));
      const headers = { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
      if (url.searchParams.get('csp') === 'strict') headers['content-security-policy'] = STRICT_CSP;
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) });
  }));
}
