// The server the app is tested on (Vite's preview server, configured in web/app/vite.config.js)
// sends what a deployment must: the page's Content-Security-Policy as a header, with
// frame-ancestors, which only a header can carry; WebAssembly with its own MIME type (streaming
// compilation needs it); no MIME sniffing; no referrer; hashed assets cached for good and the
// page revalidated; a 404 for what is not there.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BASE_URL } from './browser.mjs';

const head = (path) => fetch(new URL(path, BASE_URL), { method: 'HEAD' });

/** The policy of index.html's meta tag. */
function metaPolicy() {
  const html = readFileSync(new URL('../../web/app/index.html', import.meta.url), 'utf8');
  return html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/)[1];
}

/** The files of the built page that the page itself names (script, style; the wasm by the script). */
async function assetPaths() {
  const html = await (await fetch(BASE_URL)).text();
  const script = html.match(/<script type="module"[^>]*src="\.\/(assets\/[^"]+\.js)"/)[1];
  // The module's URL is in a chunk the page's script imports, statically or not (the module is
  // loaded by init(), and shared with embed.html): follow the imports.
  const seen = new Set([script]), queue = [script];
  let wasm = null;
  while (queue.length && !wasm) {
    const js = await (await fetch(new URL(queue.shift(), BASE_URL))).text();
    wasm = js.match(/sepaxis-wasm-[\w-]+\.wasm/)?.[0] ?? null;
    for (const [, chunk] of js.matchAll(/(?:from\s*|import\()\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) {
      if (!seen.has(`assets/${chunk}`)) {
        seen.add(`assets/${chunk}`);
        queue.push(`assets/${chunk}`);
      }
    }
  }
  return { script, wasm: `assets/${wasm}` };
}

describe('the app server', () => {
  test('the page comes with the meta tag\'s policy as a header, plus frame-ancestors none', async () => {
    const res = await head('./');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/html/);
    assert.equal(res.headers.get('content-security-policy'), `${metaPolicy()}; frame-ancestors 'none'`);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.equal(res.headers.get('access-control-allow-origin'), null, 'no cross-origin access');
  });

  test('the WebAssembly module is application/wasm, and hashed assets are immutable', async () => {
    const { script, wasm } = await assetPaths();
    for (const [path, type] of [[wasm, /^application\/wasm$/], [script, /^text\/javascript/]]) {
      const res = await head(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type'), type, path);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable', path);
      assert.match(res.headers.get('content-security-policy'), /frame-ancestors 'none'$/, path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
    }
  });

  test('a path that is no file is a 404 (not the page), and is not cached', async () => {
    for (const path of ['missing', 'assets/missing.js']) {
      const res = await head(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers.get('cache-control'), 'no-cache', path);
    }
  });
});
