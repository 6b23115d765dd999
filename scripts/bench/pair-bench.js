// The pair benchmarks of `npm run bench:js` (Node: scripts/bench-js.mjs) and
// `npm run bench:browser` (headless Chromium: scripts/bench-browser.mjs), written once: sepaxis
// (single calls, batches, one-to-many) against three.js's own tests on the same random volumes.
// The caller gives the package, the clock and the options; nothing here knows where it runs.
// How the data and the timing are made: scripts/bench-js.mjs's header.

import { OBB } from 'three/examples/jsm/math/OBB.js';
import { toBox3, toOBB, toSphere } from 'sepaxis/three';
import { mulberry32 } from '../../web/view/random.js';

export const SEED = 12345;
// One-to-many: queries a[0..QUERIES) against all N volumes b[i] (fewer for the slow k-DOPs).
export const QUERIES = 16;
export const QUERIES_KDOP = 2;

// ---------------------------------------------------------------------------------------------
// Random volumes

let random = mulberry32(SEED);
const uniform = (lo, hi) => lo + (hi - lo) * random();

function unitVector() {
  const z = uniform(-1, 1), phi = uniform(0, 2 * Math.PI), r = Math.sqrt(1 - z * z);
  return [r * Math.cos(phi), r * Math.sin(phi), z];
}

// Shoemake's uniform random rotation, as the three columns (the box's axes) of its matrix.
function randomAxes() {
  const u1 = random(), u2 = uniform(0, 2 * Math.PI), u3 = uniform(0, 2 * Math.PI);
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  const x = a * Math.sin(u2), y = a * Math.cos(u2), z = b * Math.sin(u3), w = b * Math.cos(u3);
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
    [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
    [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
  ];
}

// The core's k-DOP slab directions (cpp/include/sepaxis/kdop.h), unnormalized.
const AXES = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
const CORNERS = [[1, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1]];
const EDGES = [[1, 1, 0], [1, -1, 0], [1, 0, 1], [1, 0, -1], [0, 1, 1], [0, 1, -1]];
const KDOP_DIRECTIONS = { 14: [...AXES, ...CORNERS], 26: [...AXES, ...CORNERS, ...EDGES] };

const add = (p, q, s = 1) => [p[0] + s * q[0], p[1] + s * q[1], p[2] + s * q[2]];
const dot = (p, q) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];

// Each maker returns [volume, reach]: reach is about the volume's mean half-width along a
// random direction, used only to scale the distances so that about half the pairs overlap.
const MAKERS = {
  sphere(c) {
    const radius = uniform(0.4, 1.2);
    return [{ type: 'sphere', center: c, radius }, radius];
  },
  aabb(c) {
    const h = [uniform(0.3, 1.2), uniform(0.3, 1.2), uniform(0.3, 1.2)];
    return [{ type: 'aabb', min: add(c, h, -1), max: add(c, h) }, (h[0] + h[1] + h[2]) / 2];
  },
  obb(c) {
    const h = [uniform(0.3, 1.2), uniform(0.3, 1.2), uniform(0.3, 1.2)];
    return [{ type: 'obb', center: c, axes: randomAxes(), halfExtents: h }, (h[0] + h[1] + h[2]) / 2];
  },
  kdop(c, k) {
    // The tightest k-DOP around 10 random points within 1.2 of c.
    const points = Array.from({ length: 10 }, () => add(c, unitVector(), uniform(0.3, 1.2)));
    const dirs = KDOP_DIRECTIONS[k];
    const min = dirs.map((d) => Math.min(...points.map((p) => dot(d, p))));
    const max = dirs.map((d) => Math.max(...points.map((p) => dot(d, p))));
    return [{ type: 'kdop', k, min, max }, 0.8];
  },
};

function makePairs(typeA, typeB, k, count) {
  const a = [], b = [];
  for (let i = 0; i < count; i++) {
    const centerA = [uniform(-0.5, 0.5), uniform(-0.5, 0.5), uniform(-0.5, 0.5)];
    const [va, reachA] = MAKERS[typeA](centerA, k);
    const distance = uniform(0, 2.1 * (reachA + 0.8));  // B is made after: use a typical reach
    const [vb] = MAKERS[typeB](add(centerA, unitVector(), distance), k);
    a.push(va);
    b.push(vb);
  }
  return { a, b };
}

// ---------------------------------------------------------------------------------------------
// Timing

/**
 * ns per item of `pass(n)`, which tests the first n of `items` pairs and returns its overlap
 * count. Slow tests (k-DOPs) are measured on a prefix, halved until one pass fits a sample.
 */
function measure(pass, items, { now, SAMPLE_MS, QUICK, REPEATS }) {
  let sink = 0;
  let n = items;
  for (;;) {
    const t0 = now();
    sink += pass(n);
    if (now() - t0 <= SAMPLE_MS || n <= 64) break;
    n = Math.max(64, n >> 1);
  }
  const warmUntil = now() + (QUICK ? 20 : 100);
  while (now() < warmUntil) sink += pass(n);
  let reps = 1;
  for (;;) {
    const t0 = now();
    for (let r = 0; r < reps; r++) sink += pass(n);
    if (now() - t0 >= SAMPLE_MS) break;
    reps *= 2;
  }
  let best = Infinity;
  for (let s = 0; s < REPEATS; s++) {
    const t0 = now();
    for (let r = 0; r < reps; r++) sink += pass(n);
    best = Math.min(best, (now() - t0) * 1e6 / (reps * n));
  }
  if (sink < 0) console.log(sink);  // keeps the results alive
  return best;
}

// ---------------------------------------------------------------------------------------------
// The pairs

// [label, typeA, typeB, k]; the k-DOP pairs once with k = 26 and once with k = 14.
const PAIRS = [
  ['sphere–sphere', 'sphere', 'sphere'],
  ['sphere–aabb', 'sphere', 'aabb'],
  ['sphere–obb', 'sphere', 'obb'],
  ['aabb–aabb', 'aabb', 'aabb'],
  ['aabb–obb', 'aabb', 'obb'],
  ['obb–obb', 'obb', 'obb'],
  ...[26, 14].flatMap((k) => [
    [`sphere–kdop${k}`, 'sphere', 'kdop', k],
    [`aabb–kdop${k}`, 'aabb', 'kdop', k],
    [`obb–kdop${k}`, 'obb', 'kdop', k],
    [`kdop${k}–kdop${k}`, 'kdop', 'kdop', k],
  ]),
];

// three.js's counterpart of a pair, as a pass over three.js objects made from the same numbers.
const THREE_TESTS = {
  'sphere–sphere': ['Sphere.intersectsSphere', (a, b) => [a.map((v) => toSphere(v)), b.map((v) => toSphere(v))],
    (A, B, count = A.length) => { let n = 0; for (let i = 0; i < count; i++) if (A[i].intersectsSphere(B[i])) n++; return n; }],
  'sphere–aabb': ['Box3.intersectsSphere', (a, b) => [a.map((v) => toSphere(v)), b.map((v) => toBox3(v))],
    (A, B, count = A.length) => { let n = 0; for (let i = 0; i < count; i++) if (B[i].intersectsSphere(A[i])) n++; return n; }],
  'sphere–obb': ['OBB.intersectsSphere (examples)', (a, b) => [a.map((v) => toSphere(v)), b.map((v) => toOBB(v, new OBB()))],
    (A, B, count = A.length) => { let n = 0; for (let i = 0; i < count; i++) if (B[i].intersectsSphere(A[i])) n++; return n; }],
  'aabb–aabb': ['Box3.intersectsBox', (a, b) => [a.map((v) => toBox3(v)), b.map((v) => toBox3(v))],
    (A, B, count = A.length) => { let n = 0; for (let i = 0; i < count; i++) if (A[i].intersectsBox(B[i])) n++; return n; }],
  'aabb–obb': ['OBB.intersectsBox3 (examples)', (a, b) => [a.map((v) => toBox3(v)), b.map((v) => toOBB(v, new OBB()))],
    (A, B, count = A.length) => { let n = 0; for (let i = 0; i < count; i++) if (B[i].intersectsBox3(A[i])) n++; return n; }],
  'obb–obb': ['OBB.intersectsOBB (examples)', (a, b) => [a.map((v) => toOBB(v, new OBB())), b.map((v) => toOBB(v, new OBB()))],
    (A, B, count = A.length) => { let n = 0; for (let i = 0; i < count; i++) if (A[i].intersectsOBB(B[i])) n++; return n; }],
};

// Field accessors for writing JSON volumes through a buffer's field views.
function fieldValue(volume, name) {
  let m = /^(\w+)\.([xyz])$/.exec(name);
  if (m) return volume[m[1]]['xyz'.indexOf(m[2])];
  m = /^axes\[(\d)\]\.([xyz])$/.exec(name);
  if (m) return volume.axes[m[1]]['xyz'.indexOf(m[2])];
  m = /^(min|max)\[(\d+)\]$/.exec(name);
  if (m) return volume[m[1]][m[2]];
  if (name === 'radius') return volume.radius;
  throw new Error(`no accessor for field ${name}`);
}

function fill(buffer, volumes) {
  for (const name of buffer.fields) {
    const view = buffer.field(name);  // fetched now: creating buffers may have grown the memory
    for (let i = 0; i < volumes.length; i++) view[i] = fieldValue(volumes[i], name);
  }
}

const countOnes = (results) => { let n = 0; for (let i = 0; i < results.length; i++) n += results[i]; return n; };

/** The figures of one pair type on `count` pairs; one-to-many only when `many` is set. */
function measurePair(sx, [label, typeA, typeB, k], count, { many }, timing) {
  const { a, b } = makePairs(typeA, typeB, k, count);
  const row = { pair: label };

  const truth = a.map((va, i) => sx.overlaps(va, b[i]));
  row.singleOverlaps = truth.filter(Boolean).length;
  row.singleNs = measure((n) => {
    let hits = 0;
    for (let i = 0; i < n; i++) if (sx.overlaps(a[i], b[i])) hits++;
    return hits;
  }, count, timing);

  const three = THREE_TESTS[label];
  if (three) {
    const [name, convert, pass] = three;
    const [A, B] = convert(a, b);
    row.three = name;
    row.threeOverlaps = pass(A, B);
    row.threeNs = measure((n) => pass(A, B, n), count, timing);
  }

  for (const precision of ['f64', 'f32']) {
    const buffer = sx.createPairBuffer(typeA, typeB, count, { kA: k, kB: k, precision });
    fill(buffer.a, a);
    fill(buffer.b, b);
    const results = buffer.run();
    row[`batch_${precision}Overlaps`] = countOnes(results);
    if (precision === 'f64') row.batchMismatches = truth.filter((t, i) => t !== (results[i] === 1)).length;
    row[`batch_${precision}Ns`] = measure((n) => buffer.run(n)[0], count, timing);
    buffer.dispose();
  }

  if (many) {
    // One-to-many: a[q] against every b[i] (the same volumes as above, in new combinations).
    const buffer = sx.createVolumeBuffer(typeB, count, { k });
    fill(buffer, b);
    const queries = k ? QUERIES_KDOP : QUERIES;
    let manyTruth = 0, manyCount = 0;
    for (let q = 0; q < queries; q++) {
      for (let i = 0; i < count; i++) if (sx.overlaps(a[q], b[i])) manyTruth++;
      manyCount += countOnes(sx.overlapsMany(a[q], buffer));
    }
    row.manyQueries = queries;
    row.manyOverlaps = manyCount;
    row.manyExpected = manyTruth;
    row.manyNs = measure((n) => {
      let hits = 0;
      for (let q = 0; q < queries; q++) hits += sx.overlapsMany(a[q], buffer, n)[0];
      return hits;
    }, count, timing) / queries;
    buffer.dispose();
  }
  timing.progress?.();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Goals of the issue

function goalsFor(set) {
  const byPair = Object.fromEntries(set.map((r) => [r.pair, r]));
  const speedup = (pair, key) => (byPair[pair] ? byPair[pair].threeNs / byPair[pair][key] : NaN);
  return [
    ['batch OBB–OBB (f64) >= 10x three.js OBB.intersectsOBB', speedup('obb–obb', 'batch_f64Ns'), 10],
    ['batch OBB–OBB (f32) >= 10x three.js OBB.intersectsOBB', speedup('obb–obb', 'batch_f32Ns'), 10],
    ['batch sphere–sphere (f64) >= 15x three.js Sphere.intersectsSphere', speedup('sphere–sphere', 'batch_f64Ns'), 15],
    ['batch sphere–sphere (f32) >= 15x three.js Sphere.intersectsSphere', speedup('sphere–sphere', 'batch_f32Ns'), 15],
    ['batch AABB–AABB (f64) >= 15x three.js Box3.intersectsBox', speedup('aabb–aabb', 'batch_f64Ns'), 15],
    ['batch AABB–AABB (f32) >= 15x three.js Box3.intersectsBox', speedup('aabb–aabb', 'batch_f32Ns'), 15],
    ['single overlaps() OBB–OBB at least as fast as three.js', speedup('obb–obb', 'singleNs'), 1],
    ['single overlaps() sphere–sphere within 2x of three.js', speedup('sphere–sphere', 'singleNs'), 0.5],
    ['single overlaps() AABB–AABB within 2x of three.js', speedup('aabb–aabb', 'singleNs'), 0.5],
  ].filter(([, ratio]) => !Number.isNaN(ratio))  // a goal whose pair was left out by --only
    .map(([goal, ratio, needed]) => ({ goal, speedup: ratio, needed, met: ratio >= needed }));
}
/**
 * Runs the tables. sx: the initialized package; now(): ms; options: { pairs, large, repeats,
 * quick, only (labels like 'obb-obb') }; progress(): called after each row.
 * Returns { rows, largeRows, goals, settings }.
 */
export function runPairBench(sx, now, { pairs = 4096, large = 262144, repeats, quick = false, only = null } = {}, progress) {
  random = mulberry32(SEED);
  const timing = { now, QUICK: quick, REPEATS: repeats ?? (quick ? 3 : 7), SAMPLE_MS: quick ? 5 : 20, progress };
  const chosen = only ? PAIRS.filter(([label]) => only.includes(label.replace('–', '-'))) : PAIRS;
  if (chosen.length === 0) throw new Error(`bench: --only ${only} names no pair (labels are like obb-obb, sphere-kdop14)`);
  const rows = chosen.map((pair) => measurePair(sx, pair, pairs, { many: true }, timing));
  const largeRows = large > 0 ? chosen.filter(([label]) => THREE_TESTS[label]).map((pair) => measurePair(sx, pair, large, { many: false }, timing)) : [];
  const goals = { small: goalsFor(rows), large: largeRows.length ? goalsFor(largeRows) : null };
  return { rows, largeRows, goals, settings: { pairs, largePairs: large, queries: QUERIES, queriesKdop: QUERIES_KDOP, seed: SEED, repeats: timing.REPEATS, sampleMs: timing.SAMPLE_MS } };
}

/** The tables as lines of text; where: e.g. 'Node v20.20.2 (x64)'. */
export function pairTable({ rows, largeRows, goals, settings }, where) {
  const { pairs: N, largePairs: LARGE, repeats: REPEATS } = settings;
  const out = [];
  const f = (x) => (x === undefined ? '—' : x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
  const pad = (s, n) => String(s).padStart(n);
  out.push(`sepaxis vs three.js — ${where}, ${N} pairs per type, mulberry32 seed ${SEED}, best of ${REPEATS}`);
  out.push(`ns per pair test (lower is better); overlaps found out of ${N} pairs (many: a[q] against all b[i],`);
  out.push(`q < ${QUERIES}, or q < ${QUERIES_KDOP} with k-DOPs; "many exp." counts the same with single overlaps() calls)\n`);
  const head = ['pair', 'three.js', 'single', 'batch f64', 'batch f32', 'many f64', '│', 'three', 'single', 'b.f64', 'b.f32', 'many', 'many exp.'];
  const widths = [16, 9, 8, 10, 10, 9, 1, 6, 6, 6, 6, 6, 9];
  const line = (cells) => out.push(cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : pad(c, widths[i]))).join(' '));
  line(head);
  const table = (set) => {
    for (const r of set) {
      line([r.pair, f(r.threeNs), f(r.singleNs), f(r.batch_f64Ns), f(r.batch_f32Ns), f(r.manyNs), '│',
        r.threeOverlaps ?? '—', r.singleOverlaps, r.batch_f64Overlaps, r.batch_f32Overlaps, r.manyOverlaps ?? '—', r.manyExpected ?? '—']);
    }
  };
  table(rows);
  out.push('\nk-DOP rows are timed on a prefix of the pairs (one pass over all of them takes too long).');
  if (largeRows.length) {
    out.push(`\nLarge set: ${LARGE} pairs per type (beyond the CPU caches), overlaps found out of ${LARGE}:\n`);
    line(head);
    table(largeRows);
  }
  out.push(`\nthree.js methods: ${rows.filter((r) => r.three).map((r) => `${r.pair}: ${r.three}`).join('; ')}`);
  const disagree = [...rows, ...largeRows].filter((r) => (r.threeOverlaps !== undefined && r.threeOverlaps !== r.singleOverlaps) ||
    r.batchMismatches > 0 || r.manyOverlaps !== r.manyExpected);
  out.push(disagree.length === 0
    ? 'Counts: three.js, single overlaps(), batch f64 (pair by pair) and overlapsMany agree on every pair type.'
    : `Counts DIFFER for: ${disagree.map((r) => `${r.pair} (three ${r.threeOverlaps}, single ${r.singleOverlaps}, batch mismatches ${r.batchMismatches}, many ${r.manyOverlaps}/${r.manyExpected})`).join(', ')}`);

  const printGoals = (title, list) => {
    out.push(`\nGoals, ${title} (speed-up = three.js ns / sepaxis ns):`);
    for (const g of list) out.push(`  ${g.met ? 'met    ' : 'NOT met'}  ${g.goal}: ${g.speedup.toFixed(2)}x (needs ${g.needed}x)`);
  };
  printGoals(`${N} pairs (in cache)`, goals.small);
  if (goals.large) printGoals(`${LARGE} pairs (beyond the caches)`, goals.large);
  return out;
}
