// The server the app is tested on (Vite's preview server, configured in web/app/vite.config.js)
// sends what a deployment must: the page's Content-Security-Policy as a header, with
// frame-ancestors, which only a header can carry; WebAssembly with its own MIME type (streaming
// compilation needs it); no MIME sniffing; no referrer; cross-origin isolation (threads need it);
// hashed assets cached for good and the page revalidated; a 404 for what is not there; everything
// worth it gzipped for a client that accepts it (what a reader downloads is the gzipped size the
// README gives).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
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

/** The built file a path of the server serves (build/app). */
const built = (path) => readFileSync(new URL(`../../build/app/${path}`, import.meta.url));

/** GET with these request headers, the body as sent (fetch() would undo the compression). */
function rawGet(path, headers) {
  return new Promise((resolve, reject) => {
    get(new URL(path, BASE_URL), { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the app server', () => {
  test('the page comes with the meta tag\'s policy as a header, plus frame-ancestors none', async () => {
    const res = await head('./');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/html/);
    assert.equal(res.headers.get('content-security-policy'), `${metaPolicy()}; frame-ancestors 'none'`);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    // Cross-origin isolated, as init({ threads }) needs.
    assert.equal(res.headers.get('cross-origin-opener-policy'), 'same-origin');
    assert.equal(res.headers.get('cross-origin-embedder-policy'), 'require-corp');
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

  test('the module, the scripts, the styles and the pages go gzipped to a client that accepts it, and as they are to one that does not', async () => {
    const { script, wasm } = await assetPaths();
    const css = (await (await fetch(BASE_URL)).text()).match(/href="\.\/(assets\/[^"]+\.css)"/)[1];
    const files = [[wasm, wasm], [script, script], [css, css], ['', 'index.html'], ['embed.html', 'embed.html']];
    for (const [path, file] of files) {
      const res = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(res.status, 200, path);
      assert.equal(res.headers['content-encoding'], 'gzip', `${path || '/'} is gzipped`);
      assert.match(res.headers.vary ?? '', /Accept-Encoding/i, path);
      assert.ok(gunzipSync(res.body).equals(built(file)), `${path || '/'} unzips to ${file}`);
      assert.ok(res.body.length < built(file).length, path);
      assert.ok(res.headers['content-security-policy'], path);
    }
    const plain = await rawGet(wasm, {});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.equals(built(wasm)));
    assert.equal(plain.headers['content-type'], 'application/wasm');
  });
});
