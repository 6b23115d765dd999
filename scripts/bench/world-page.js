// `npm run bench:browser`'s world table (scripts/bench-browser.mjs drives it): runs
// scripts/bench-world.mjs — the very file `npm run bench:world` runs in Node — in the page. The
// script reads its options from process.argv and prints with console.log: both are given here
// (the options from the query string), and the lines are left in window.benchLines (or
// window.benchError) for the runner.
import { init } from 'sepaxis';

// Loaded before process is given: the package takes a global process for Node (and the script's
// own init() calls then reuse these). The page is cross-origin isolated (scripts/static-server.mjs):
// init({ threads }) starts its helper threads here.
const args = new URLSearchParams(location.search).getAll('arg');
const threads = args.includes('--threads') ? Number(args[args.indexOf('--threads') + 1]) : 2;
await init();
if (threads > 1) await init({ threads });
const lines = [];
const browser = navigator.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent;
globalThis.process = { argv: ['browser', 'bench-world', ...args], versions: { node: browser } };
const print = console.log;
console.log = (...a) => {
  lines.push(a.join(' '));
  print(...a);
};
try {
  await import('/scripts/bench-world.mjs');
  // Its first line names Node: here it is the browser.
  window.benchLines = lines.map((l) => l.replace(`Node ${browser}`, browser));
} catch (e) {
  window.benchError = String(e?.stack ?? e);
}
