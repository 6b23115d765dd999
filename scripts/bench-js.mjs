#!/usr/bin/env node
// `npm run bench:js`: sepaxis (single calls, batches, one-to-many) against three.js's own tests,
// in one Node process, on the same random volumes (the tables: scripts/bench/pair-bench.js, also
// run in Chromium by `npm run bench:browser`). A report, not a test: it never fails on timing.
//
//   node scripts/bench-js.mjs [--json [file]] [--pairs N] [--large M] [--repeats R] [--quick] [--only obb-obb,aabb-obb]
//   (reads dist/: run `npm run build` first; --quick: shorter samples, for a smoke run)
//
// Two data sets: N pairs (default 4,096) of every type pair, small enough to stay in the CPU's
// caches, and M pairs (default 262,144; --large 0 skips it) of the pairs three.js can test, as a
// big scene would have: its objects no longer fit in the caches, which costs three.js's scattered
// objects more than sepaxis's packed arrays. Both are reported; neither is the "real" one.
//
// Data: mulberry32, seed 12345. Every pair is (A near the origin, B at a random direction and
// distance), the distance scaled to the two volumes' reach so that about half the pairs overlap.
// The three.js objects are made from the very same numbers (with sepaxis/three's toBox3, toSphere,
// toOBB), so both sides test identical geometry and their overlap counts must agree (a pair that
// touches within rounding may differ; random doubles essentially never touch).
// Timing: warm up, then per benchmark the best of R samples, each sample long enough (>= 20 ms)
// to make the clock's resolution irrelevant; reported as ns per pair test. Tests too slow for a
// 20 ms pass over all N pairs (k-DOPs) are timed on the first n pairs (n >= 64). A batch is timed
// as its one run() call, which leaves the verdicts in a Uint8Array (the three.js loops and the
// single calls count theirs as they go: a count costs ~1 ns per pair).

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { init } from 'sepaxis';
import { pairTable, runPairBench } from './bench/pair-bench.js';
import { jsonTarget } from './bench/args.js';
import { writeReport } from './bench/report.js';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const JSON_FILE = jsonTarget(argv);  // --json [file]: the figures as JSON, with the machine and the command
const JSON_OUT = JSON_FILE !== undefined;
const TABLES = JSON_FILE !== null;  // the tables, unless the JSON goes to stdout
const options = {
  pairs: option('--pairs', 4096),
  large: option('--large', 262144),
  repeats: argv.includes('--repeats') ? option('--repeats') : undefined,
  quick: argv.includes('--quick'),
  only: argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : null,  // e.g. obb-obb
};

const now = () => Number(process.hrtime.bigint()) / 1e6;  // ms
const sx = await init();
const result = runPairBench(sx, now, options, () => { if (TABLES) process.stderr.write('.'); });
if (TABLES) process.stderr.write('\n');

// ---------------------------------------------------------------------------------------------
// Size of what a browser downloads (gzip -9 of each file, as a server would send it)

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const sizes = readdirSync(distDir)
  .filter((f) => /\.(js|wasm)$/.test(f))
  .map((file) => {
    const bytes = readFileSync(distDir + file);
    return { file, bytes: statSync(distDir + file).size, gzip: gzipSync(bytes, { level: 9 }).length };
  });
// The main entry: not the three.js adapters (`sepaxis/three`) nor the demo element (`sepaxis/demo`).
const core = sizes.filter((s) => s.file !== 'three.js' && !s.file.startsWith('demo'));
const sum = (list, key) => list.reduce((t, s) => t + s[key], 0);

const environment = { node: process.version, arch: process.arch, ...result.settings };

if (JSON_OUT) {
  const { rows, largeRows, goals } = result;
  writeReport(JSON_FILE, 'pairs', { environment, rows, largeRows, goals, sizes, gzipTotal: sum(sizes, 'gzip'), gzipCore: sum(core, 'gzip') });
}
if (TABLES) {
  for (const line of pairTable(result, `Node ${process.version} (${process.arch})`)) console.log(line);
  const pad = (s, n) => String(s).padStart(n);
  console.log('\nSize, gzip -9 (zlib level 9) per file:');
  for (const s of sizes) console.log(`  ${s.file.padEnd(24)} ${pad(s.bytes, 7)} B  ->  ${pad(s.gzip, 6)} B`);
  console.log(`  ${'main entry (JS + wasm, without the three.js adapters and the demo element)'}: ${(sum(core, 'gzip') / 1024).toFixed(1)} kB;` +
    ` all of dist JS + wasm: ${(sum(sizes, 'gzip') / 1024).toFixed(1)} kB`);
}
