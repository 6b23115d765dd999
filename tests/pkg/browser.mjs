// (d) No bundler: pages that import /dist/index.js with <script type="module">, served from the
// repository root by a small static server on 127.0.0.1 (application/wasm for .wasm), in headless
// Chromium. plain.html also uses sepaxis/three through an import map; csp.html runs under
// Content-Security-Policy script-src 'self' 'wasm-unsafe-eval' (the build promises no eval).

import { loadPage, pageProblems, repoRoot, report, serveStatic, watchdog } from './lib.mjs';

watchdog(60, 'browser');
const CSP = "default-src 'self'; img-src data:; script-src 'self' 'wasm-unsafe-eval'";
const server = await serveStatic(repoRoot, { headers: (path) => (path.endsWith('/csp.html') ? { 'content-security-policy': CSP } : {}) });
const problems = [];
try {
  const plain = await loadPage(`${server.url}/tests/pkg/web/plain.html`);
  problems.push(...(await pageProblems(plain)).map((p) => `plain.html: ${p}`));
  if (plain.status === 'ok') {
    const three = JSON.parse(plain.text).three;
    if (JSON.stringify(three) !== '[true,false]') problems.push(`plain.html: sepaxis/three adapters gave ${JSON.stringify(three)}, expected [true,false]`);
  }

  const strict = await loadPage(`${server.url}/tests/pkg/web/csp.html`);
  problems.push(...(await pageProblems(strict)).map((p) => `csp.html: ${p}`));
  if (strict.status === 'ok' && JSON.parse(strict.text).violations.length > 0)
    problems.push(`csp.html: CSP violations ${JSON.stringify(JSON.parse(strict.text).violations)}`);
  if (!server.requests.some(([path, status, type]) => path === '/dist/sepaxis-wasm.wasm' && status === 200 && type === 'application/wasm'))
    problems.push(`the .wasm was not fetched: ${JSON.stringify(server.requests)}`);
  report('browser', problems, 'plain <script type="module"> with an import map, and under a strict CSP');
} catch (e) {
  report('browser', [...problems, e.stack ?? String(e)]);
} finally {
  await server.close();
}
