// The benchmarks of `npm run bench:browser` in the page (scripts/bench-browser.mjs drives it):
// the same tables as in Node (pair-bench.js), with the browser's clock; the result is left in
// window.benchResult (or window.benchError) for the runner. Options come in the query string.
import { init } from 'sepaxis';
import { pairTable, runPairBench } from './pair-bench.js';

const params = new URLSearchParams(location.search);
const number = (name, fallback) => (params.has(name) ? Number(params.get(name)) : fallback);

try {
  const sx = await init();
  // Let the page settle before timing.
  await new Promise((r) => setTimeout(r, 200));
  const result = runPairBench(sx, () => performance.now(), {
    pairs: number('pairs', 4096),
    large: number('large', 262144),
    repeats: params.has('repeats') ? number('repeats') : undefined,
    quick: params.has('quick'),
    only: params.get('only')?.split(',') ?? null,
  });
  const where = navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent;
  window.benchResult = { ...result, where, lines: pairTable(result, where) };
  document.getElementById('out').textContent = window.benchResult.lines.join('\n');
} catch (e) {
  window.benchError = String(e?.stack ?? e);
}
