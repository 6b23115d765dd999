#!/usr/bin/env node
// What the first <sepaxis-demo> of a page downloads, gzipped (gzip -9 of each file, as a server
// would send it): Chromium loads tests/e2e/pages/two.html from the static server
// (scripts/static-server.mjs) and every script and WebAssembly file it fetches from dist/ is
// counted: the element's code, the three.js parts it draws with, the package and its module.
// The figure tests/e2e/demo.test.mjs holds below model-viewer's, and the performance page charts.
//
//   node scripts/demo-bytes.mjs [--json [file]]
//   (reads dist/: run `npm run build` first)

import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Google's <model-viewer>, its minified bundle gzipped, as its maintainers gave it when it moved to
 * three.js r120 (model-viewer 1.x, August 2020): the bar a first demo is held to
 * (tests/e2e/demo.test.mjs) and drawn against (the performance page).
 */
export const MODEL_VIEWER = {
  name: "Google's <model-viewer>",
  gzipBytes: 213_000,
  source: 'google/model-viewer pull request 1480 (three.js r120), comment of 2020-08-28: "gzipped minified bundle is back down to 213kb"',
  url: 'https://github.com/google/model-viewer/pull/1480',
};

/**
 * Loads `url` (a page with demos) in `page` and resolves to the files the first demo fetched from
 * dist/ and their gzipped sizes: { files: [{ file, bytes, gzip }], gzipTotal }. ready(page)
 * resolves once the page's demos have their reports.
 */
export async function firstDemoBytes(page, url, ready) {
  const bodies = new Map();
  const pending = [];
  page.on('response', (r) => {
    if (/\/dist\/.*\.(js|wasm)$/.test(r.url())) pending.push(r.body().then((body) => bodies.set(r.url(), body)));
  });
  await page.goto(url);
  await ready(page);
  // Two animation frames: what the first drawing fetches is fetched by then.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await Promise.all(pending);
  const files = [...bodies].map(([u, body]) => ({ file: u.slice(u.lastIndexOf('/') + 1), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  return { files, gzipTotal: files.reduce((t, f) => t + f.gzip, 0) };
}

/** Both demos of pages/two.html have their reports. */
export const twoDemosReady = (page) => page.waitForFunction(() => document.querySelector('#one')?.report && document.querySelector('#two')?.report, null, { timeout: 30_000 });

async function main() {
  const { launch } = await import('../tests/e2e/browser.mjs');
  const { startStaticServer } = await import('./static-server.mjs');
  const { jsonTarget } = await import('./bench/args.js');
  const { writeReport } = await import('./bench/report.js');
  const target = jsonTarget(process.argv.slice(2));
  const [browser, server] = await Promise.all([launch(), startStaticServer()]);
  try {
    const page = await browser.newPage();
    const measured = await firstDemoBytes(page, `${server.url}pages/two.html`, twoDemosReady);
    const version = await browser.version();
    if (target !== undefined) {
      writeReport(target, 'demo-bytes', { browser: `Chromium ${version}`, page: 'tests/e2e/pages/two.html', ...measured, modelViewer: MODEL_VIEWER });
    }
    if (target !== null) {
      for (const f of measured.files) console.log(`  ${f.file.padEnd(28)} ${String(f.bytes).padStart(8)} B  ->  ${String(f.gzip).padStart(7)} B gzipped`);
      console.log(`the first demo loads ${measured.files.length} files, ${measured.gzipTotal} bytes gzipped (${MODEL_VIEWER.name}: ${MODEL_VIEWER.gzipBytes})`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
