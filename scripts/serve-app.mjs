#!/usr/bin/env node
// Builds the visualizer (vite build, root web/app, into build/app) and serves build/app on
// 127.0.0.1, printing its URL. The port is $PORT (0: any free port), else the first free one
// from 5173.
//   node scripts/serve-app.mjs              build, then serve until Ctrl+C
//   node scripts/serve-app.mjs --no-build   serve the existing build
//   node scripts/serve-app.mjs --build-only build, do not serve
// Needs the built package (dist/, `npm run build`): the app imports it as `sepaxis`.

import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const appRoot = join(repo, 'web/app');
const outDir = join(repo, 'build/app');
const args = new Set(process.argv.slice(2));
const FIRST_PORT = 5173;
const LAST_PORT = FIRST_PORT + 100;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
// The same policy as the page's meta tag, also sent as a header.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

async function build() {
  if (!existsSync(join(repo, 'dist/index.js'))) {
    console.error('dist/ is missing: build the package first with `npm run build`.');
    process.exit(1);
  }
  const { build: viteBuild } = await import('vite');
  const started = Date.now();
  await viteBuild({ configFile: join(appRoot, 'vite.config.js'), root: appRoot, logLevel: 'warn', build: { outDir } });
  console.log(`built the visualizer into build/app in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function serve(port) {
  const server = createServer((req, res) => {
    try {
      respond(req, res);
    } catch {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('bad request');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Serves one file of build/app (GET and HEAD only, nothing outside it). */
function respond(req, res) {
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  } catch {
    res.writeHead(400).end('bad request');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let file = normalize(join(outDir, path));
  if (file !== outDir && !file.startsWith(outDir + sep)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  const hashed = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': statSync(file).size,
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    'content-security-policy': CSP,
    'referrer-policy': 'no-referrer',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

async function listen() {
  if (process.env.PORT) return serve(Number(process.env.PORT));
  for (let port = FIRST_PORT; port <= LAST_PORT; port++) {
    try {
      return await serve(port);
    } catch (e) {
      if (e.code !== 'EADDRINUSE') throw e;
    }
  }
  throw new Error(`no free port from ${FIRST_PORT} to ${LAST_PORT}`);
}

if (!args.has('--no-build')) await build();
if (args.has('--build-only')) process.exit(0);
if (!existsSync(join(outDir, 'index.html'))) {
  console.error('build/app/index.html is missing: run without --no-build.');
  process.exit(1);
}
const server = await listen();
const { port } = server.address();
console.log(`sepaxis visualizer: http://localhost:${port}/`);
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
