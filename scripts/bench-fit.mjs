#!/usr/bin/env node
// How tight each bounding-volume type fits real models, and how long its fit takes: the Stanford
// bunny and a gear wheel (binary STL from the stl-models package) and a three.js torus knot, each
// as modelled and turned at K random rotations. A report, not a test: it never fails on timing.
//
//   node scripts/bench-fit.mjs [--json [file]] [--rotations K] [--runs R]
//   (reads dist/: `npm run build` first)
//
// Ratio: volume of the fit (sx.volumeOf) over the volume of the points' convex hull
// (sx.convexHull), so 1 is the best a convex volume can do. The fit's points are the model's
// distinct vertices (STL repeats a corner once per triangle). Per model and type: the ratio as
// modelled, and the median and the worst over K rotations (mulberry32, seed 12345; uniform random
// rotations): a volume type that hugs the model only when it sits square to the axes shows here.
// Time: the median of R fits of the model as modelled, after one warm-up, ms; beside it the median
// CPU time of the same calls, which a busy shared machine inflates less than the wall clock, and
// the fastest call.
// Speed goals checked: the fast OBB of the bunny (~35k vertices) <= 1 ms, the tight one <= 50 ms.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { TorusKnotGeometry } from 'three';
import { init } from 'sepaxis';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { distinctVertices } from '../web/view/vertices.js';
import { FIT_TYPES, fitRatios, meshVolume, rotatePoints } from './bench/fit-tightness.js';
import { mulberry32, randomRotation } from '../web/view/random.js';
import { jsonTarget } from './bench/args.js';
import { writeReport } from './bench/report.js';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const ROTATIONS = option('--rotations', 8);
const RUNS = option('--runs', 7);
const SEED = 12345;
const JSON_FILE = jsonTarget(argv);
const TABLES = JSON_FILE !== null;  // the table, unless the JSON goes to stdout
const GOALS_MS = { obbFast: 1, obbTight: 50 };
for (const [name, v] of [['--rotations', ROTATIONS], ['--runs', RUNS]]) {
  if (!(Number.isInteger(v) && v >= 1)) throw new RangeError(`bench-fit: ${name} must be a whole number >= 1, got ${v}`);
}

const require = createRequire(import.meta.url);
const stlFile = (name) => require.resolve(`stl-models/objects/${name}.bin.stl`);
function stlModel(name, label) {
  const file = stlFile(name);
  const bytes = readFileSync(file);
  const positions = new STLLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).getAttribute('position').array;
  return { name, label, triangles: positions.length / 9, points: distinctVertices(positions) };
}
function torusKnot() {
  const g = new TorusKnotGeometry(1, 0.4, 256, 32);  // three.js's default knot, finer
  return { name: 'torusknot', label: 'torus knot', triangles: g.index.count / 3, points: distinctVertices(g.attributes.position.array) };
}

const now = () => Number(process.hrtime.bigint()) / 1e6;  // ms
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** { ms, cpuMs, bestMs }: the medians of R calls' wall-clock and CPU times (this process's user + system), and the fastest call. */
function timeMs(call) {
  call();  // warm-up: the first call also grows the WebAssembly heap for the points
  const wall = [], cpu = [];
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage(), t0 = now();
    call();
    const t1 = now(), c1 = process.cpuUsage(c0);
    wall.push(t1 - t0);
    cpu.push((c1.user + c1.system) / 1000);
  }
  return { ms: median(wall), cpuMs: median(cpu), bestMs: Math.min(...wall) };
}

const sx = await init();
const next = mulberry32(SEED);
const rotations = Array.from({ length: ROTATIONS }, () => randomRotation(next));
const models = [];
for (const model of [stlModel('bunny', 'bunny'), stlModel('gearwheel', 'gear wheel'), torusKnot()]) {
  const { points } = model;
  let hull;
  const hullMs = timeMs(() => { hull = sx.convexHull(points); }).ms;
  const hullVolume = meshVolume(hull);
  const modelled = fitRatios(sx, points, hullVolume);
  const turned = rotations.map((q) => fitRatios(sx, rotatePoints(points, q), hullVolume));
  const fits = FIT_TYPES.map((t) => {
    const over = turned.map((r) => r[t.key]);
    return {
      type: t.key, label: t.label, ratio: modelled[t.key],
      median: median(over), min: Math.min(...over), max: Math.max(...over),
      ...timeMs(() => t.fit(sx, points)),
    };
  });
  models.push({ name: model.name, label: model.label, triangles: model.triangles, vertices: points.length / 3, hullVertices: hull.vertices.length, hullVolume, hullMs, fits });
  if (TABLES) process.stderr.write('.');
}
if (TABLES) process.stderr.write('\n');

const bunny = models.find((m) => m.name === 'bunny');
const goals = Object.entries(GOALS_MS).map(([type, limitMs]) => {
  const { ms, cpuMs, bestMs } = bunny.fits.find((f) => f.type === type);
  return { type, points: bunny.vertices, limitMs, ms, cpuMs, bestMs, met: ms <= limitMs };
});

if (JSON_FILE !== undefined) {
  writeReport(JSON_FILE, 'fit', { environment: { node: process.version, arch: process.arch, rotations: ROTATIONS, runs: RUNS, seed: SEED }, models, goals });
}
if (TABLES) {
  const f2 = (v) => v.toFixed(2);
  const ms = (v) => (v >= 10 ? v.toFixed(1) : v.toFixed(3));
  for (const m of models) {
    console.log(`\n${m.label}: ${m.triangles.toLocaleString('en-US')} triangles, ${m.vertices.toLocaleString('en-US')} distinct vertices, ` +
      `hull ${m.hullVertices.toLocaleString('en-US')} vertices (${ms(m.hullMs)} ms), volume ${m.hullVolume.toPrecision(6)}`);
    console.log(`  ${'type'.padEnd(16)} ${'as modelled'.padStart(11)} ${`median of ${ROTATIONS}`.padStart(12)} ${'worst'.padStart(7)} ${'fit ms'.padStart(9)} ${'CPU ms'.padStart(9)}`);
    for (const f of m.fits) {
      console.log(`  ${f.label.padEnd(16)} ${f2(f.ratio).padStart(11)} ${f2(f.median).padStart(12)} ${f2(f.max).padStart(7)} ${ms(f.ms).padStart(9)} ${ms(f.cpuMs).padStart(9)}`);
    }
  }
  const [load] = loadavg();
  console.log(`\nRatio: volume of the fit / volume of the convex hull. Time: median of ${RUNS} fits, Node ${process.version}, load average ${load.toFixed(1)}.`);
  for (const g of goals) {
    console.log(`Goal: ${g.type} of the bunny (${g.points.toLocaleString('en-US')} points) <= ${g.limitMs} ms: ${ms(g.ms)} ms (CPU ${ms(g.cpuMs)} ms, fastest ${ms(g.bestMs)} ms), ${g.met ? 'met' : 'NOT met'}`);
  }
}
