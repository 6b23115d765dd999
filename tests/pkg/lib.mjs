// Helpers of the packaging smoke tests: running commands, packing and installing the package
// into a temporary consumer, a static file server on 127.0.0.1, and headless Chromium.

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const pkgDir = fileURLToPath(new URL('./', import.meta.url));

/** Ends the process with a failure after `seconds`, whatever is still pending. */
export function watchdog(seconds, name) {
  setTimeout(() => {
    console.error(`${name}: FAILED, still running after ${seconds} s`);
    process.exit(1);
  }, seconds * 1000).unref();
}

/** Runs a command (no shell); returns its stdout, throws with its output when it fails. */
export function run(command, args, { cwd = repoRoot, timeout = 60_000, env } = {}) {
  try {
    return execFileSync(command, args, {
      cwd, timeout, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env },
    });
  } catch (e) {
    const why = e.code === 'ETIMEDOUT' ? `timed out after ${timeout} ms` : e.status != null ? `exit ${e.status}` : e.message;
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed, ${why}:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: e });
  }
}

export function makeTempDir(prefix) {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * `npm pack`s the repository and installs the tarball into an empty consumer folder.
 * Returns { root, app, tarball, files }: app has node_modules/sepaxis; root is to be removed.
 */
export function packAndInstall() {
  const root = makeTempDir('sepaxis-pkg-');
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', root]));
  const tarball = join(root, packed.filename);
  const app = join(root, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  // No runtime dependencies, and three is an optional peer: nothing to download.
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], { cwd: app });
  return { root, app, tarball, files: packed.files.map((f) => f.path) };
}

/** The consumer folder of SEPAXIS_PKG_APP (made once by run.sh), or a fresh packAndInstall(). */
export function consumerApp() {
  const app = process.env.SEPAXIS_PKG_APP;
  if (app) {
    if (!existsSync(join(app, 'node_modules/sepaxis/package.json'))) throw new Error(`SEPAXIS_PKG_APP=${app} has no node_modules/sepaxis`);
    return { app, cleanup() {} };
  }
  const installed = packAndInstall();
  return { ...installed, cleanup() { rmSync(installed.root, { recursive: true, force: true }); } };
}

export function copyInto(dir, files) {
  for (const [from, to] of files) copyFileSync(from, join(dir, to));
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.map': 'application/json',
};

/**
 * Serves `root` on 127.0.0.1 at a free port. headers(pathname) may add response headers.
 * Resolves to { url, requests, close() }; requests lists [pathname, status, content-type].
 */
export function serveStatic(root, { headers = () => ({}) } = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const file = normalize(join(root, pathname.endsWith('/') ? pathname + 'index.html' : pathname));
    let status = 200, type = MIME[extname(file)] ?? 'application/octet-stream', body;
    if (!file.startsWith(normalize(root + sep)) && file !== normalize(root)) status = 403;
    else {
      try { body = readFileSync(file); } catch { status = 404; }
    }
    if (status !== 200) { type = 'text/plain'; body = String(status); }
    requests.push([pathname, status, type]);
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers(pathname) });
    res.end(body);
  });
  server.keepAliveTimeout = 500;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
      });
    });
  });
}

/** A free TCP port on 127.0.0.1 (for servers that want a number up front). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// TOOLCHAIN.md: these make headless Chromium work here (WebGL through SwiftShader, no network chatter).
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
];

/**
 * Opens `url` in headless Chromium and waits for #out[data-status]. Resolves to
 * { status, text, console, pageErrors, responses } and always closes the browser.
 */
export async function loadPage(url, { timeout = 15_000 } = {}) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout });
  try {
    const page = await browser.newPage();
    const messages = [], pageErrors = [], responses = [];
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.on('response', (r) => responses.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] ?? '' }));
    await page.goto(url, { timeout });
    const out = page.locator('#out[data-status]');
    try {
      await out.waitFor({ timeout });
    } catch {
      // Say what the page said, not just that it timed out (e.g. a module that failed to load).
      return { status: `no result after ${timeout} ms`, text: await page.locator('#out').textContent(), console: messages, pageErrors, responses };
    }
    return {
      status: await out.getAttribute('data-status'),
      text: await out.textContent(),
      console: messages,
      pageErrors,
      responses,
    };
  } finally {
    await browser.close();
  }
}

/**
 * The problems of a loaded page that ran the scenario: status, scenario checks, errors in the
 * console, and the .wasm responses (`wasm` of them; each must be application/wasm, or streaming
 * compile fails).
 */
export async function pageProblems(page, { wasm: wasmResponses = 1 } = {}) {
  const { checkScenario } = await import('./web/scenario.js');
  const problems = [];
  if (page.status !== 'ok') return [`page status ${page.status}: ${page.text}`, ...page.console, ...page.pageErrors.map((e) => `page error: ${e}`)];
  problems.push(...checkScenario(JSON.parse(page.text)));
  problems.push(...page.pageErrors.map((e) => `page error: ${e}`));
  problems.push(...page.console.filter((m) => /^(error|warning)/.test(m)).map((m) => `console ${m}`));
  problems.push(...page.responses.filter((r) => r.status >= 400).map((r) => `HTTP ${r.status} for ${r.url}`));
  const wasm = page.responses.filter((r) => /\.wasm(\?|$)/.test(r.url));
  if (wasm.length !== wasmResponses) problems.push(`expected ${wasmResponses} .wasm responses, got ${JSON.stringify(wasm)}`);
  for (const r of wasm) {
    if (r.status !== 200 || !r.type.startsWith('application/wasm')) problems.push(`wasm response ${JSON.stringify(r)}`);
  }
  return problems;
}

/** Prints the outcome of a test script and sets its exit code. */
export function report(name, problems, detail = '') {
  if (problems.length === 0) {
    console.log(`${name}: ok${detail ? ` (${detail})` : ''}`);
  } else {
    console.error(`${name}: FAILED\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}
