#!/usr/bin/env node
// `npm run bench:browser`: the JavaScript benchmarks in headless Chromium (Debian's, through
// playwright-core), whose V8 is newer than Node's: games run there. The same tables as
// `npm run bench:js` (scripts/bench/pair-bench.js), served as a page without a bundler
// (scripts/static-server.mjs). A report, not a test.
//
//   node scripts/bench-browser.mjs [--json] [--pairs N] [--large M] [--repeats R] [--quick] [--only obb-obb,…]
//   (reads dist/: run `npm run build` first)

import { launch } from '../tests/e2e/browser.mjs';
import { startStaticServer } from './static-server.mjs';

const argv = process.argv.slice(2);
const JSON_OUT = argv.includes('--json');
const query = new URLSearchParams();
for (const name of ['pairs', 'large', 'repeats', 'only']) {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) query.set(name, argv[i + 1]);
}
if (argv.includes('--quick')) query.set('quick', '');

const server = await startStaticServer();
const browser = await launch();
try {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}bench/page.html?${query}`);
  await page.waitForFunction(() => window.benchResult || window.benchError, null, { timeout: 30 * 60_000, polling: 500 });
  const error = await page.evaluate(() => window.benchError);
  if (error) throw new Error(`the benchmark page failed: ${error}`);
  const result = await page.evaluate(() => window.benchResult);
  if (JSON_OUT) {
    const { rows, largeRows, goals, settings, where } = result;
    console.log(JSON.stringify({ environment: { browser: where, ...settings }, rows, largeRows, goals }, null, 2));
  } else {
    for (const line of result.lines) console.log(line);
  }
} finally {
  await browser.close();
  await server.close();
}
