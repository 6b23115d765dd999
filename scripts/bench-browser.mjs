#!/usr/bin/env node
// `npm run bench:browser`: the JavaScript benchmarks in headless Chromium (Debian's, through
// playwright-core), whose V8 is newer than Node's: games run there. The same tables as
// `npm run bench:js` (scripts/bench/pair-bench.js) and `npm run bench:world`
// (scripts/bench-world.mjs, run as it is), served as pages without a bundler
// (scripts/static-server.mjs). A report, not a test.
//
//   node scripts/bench-browser.mjs [--json] [--pairs N] [--large M] [--repeats R] [--quick] [--only obb-obb,…]
//                                  [--no-pairs] [--no-world] [--world "--sizes 1000,10000 --runs 5"]
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

// The world table: bench-world.mjs's own options (--quick follows the pair tables').
const worldArgs = argv.includes('--world') ? argv[argv.indexOf('--world') + 1].split(/\s+/).filter(Boolean) : [];
if (argv.includes('--quick') && !worldArgs.includes('--quick')) worldArgs.push('--quick');
if (JSON_OUT) worldArgs.push('--json');

/** Opens a benchmark page and waits for what it leaves in window[key] (or window.benchError). */
async function run(browser, url, key) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  await page.waitForFunction((k) => window[k] || window.benchError, key, { timeout: 60 * 60_000, polling: 500 });
  const error = await page.evaluate(() => window.benchError);
  if (error) throw new Error(`the benchmark page ${url} failed: ${error}`);
  const value = await page.evaluate((k) => window[k], key);
  await page.context().close();
  return value;
}

const server = await startStaticServer();
const browser = await launch();
try {
  const out = {};
  if (!argv.includes('--no-pairs')) {
    const result = await run(browser, `${server.url}bench/page.html?${query}`, 'benchResult');
    const { rows, largeRows, goals, settings, where } = result;
    if (JSON_OUT) out.pairs = { environment: { browser: where, ...settings }, rows, largeRows, goals };
    else for (const line of result.lines) console.log(line);
  }
  if (!argv.includes('--no-world')) {
    const params = new URLSearchParams(worldArgs.map((a) => ['arg', a]));
    const lines = await run(browser, `${server.url}bench/world.html?${params}`, 'benchLines');
    if (JSON_OUT) out.world = JSON.parse(lines.join('\n'));
    else for (const line of ['', ...lines]) console.log(line);
  }
  if (JSON_OUT) console.log(JSON.stringify(out, null, 2));
} finally {
  await browser.close();
  await server.close();
}
