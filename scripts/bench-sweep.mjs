#!/usr/bin/env node
// The price of a sweep from JavaScript: sx.timeOfImpact and sx.sweep against the static
// sx.overlaps on the same OBB pairs (and, for comparison, pairs with a sphere and a k-DOP), in
// one Node process. A report, not a test: it never fails on timing. The OBB pairs are timed again
// by class (in contact at the start, meeting later within the motion's time, missing), the static
// and the swept test on the same pairs, as the native benchmark's overlaps/obb-obb/class and
// timeOfImpact/obb-obb/class do.
//
//   node scripts/bench-sweep.mjs [--pairs N] [--repeats R]   (reads dist/: `npm run build` first)
//
// Data: mulberry32, seed 12345: A near the origin, B at a random direction and a distance scaled
// to the pair's reach (about half the pairs overlap at the start), B moving at up to 4 in a random
// direction for a unit of time. Timing: the process's CPU time; warm up, then the best of R
// samples, each a pass over all pairs long enough (>= 20 ms) to make the clock's resolution
// irrelevant, the static and the swept test sampled in turn; ns per call.

import { init } from 'sepaxis';
import { mulberry32 } from '../web/view/random.js';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const PAIRS = option('--pairs', 4096);
const REPEATS = option('--repeats', 7);

const next = mulberry32(12345);
const r = { uniform: (lo, hi) => lo + (hi - lo) * next() };
const unit = () => {
  for (;;) {
    const v = [r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-1, 1)];
    const l = Math.hypot(...v);
    if (l > 0.1 && l <= 1) return v.map((x) => x / l);
  }
};
const scaled = (v, s) => v.map((x) => x * s);
function obb(center) {
  const axis = unit(), angle = r.uniform(0, 2 * Math.PI), s = Math.sin(angle / 2);
  return { type: 'obb', center, halfExtents: [r.uniform(0.5, 1.5), r.uniform(0.5, 1.5), r.uniform(0.5, 1.5)],
    rotation: [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)] };
}
const sphere = (center) => ({ type: 'sphere', center, radius: r.uniform(0.5, 1.5) });
function kdop(center) {
  const h = r.uniform(0.5, 1.5);
  const d = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1]];
  const c = d.map((n) => n[0] * center[0] + n[1] * center[1] + n[2] * center[2]);
  return { type: 'kdop', k: 14, min: c.map((x, i) => x - h * (i < 3 ? 1 : 1.6)), max: c.map((x, i) => x + h * (i < 3 ? 1 : 1.6)) };
}

function pairs(makeA, makeB) {
  return Array.from({ length: PAIRS }, () => {
    const a = makeA([0, 0, 0]), b = makeB(scaled(unit(), r.uniform(0.5, 4)));
    return { a, b, motion: { velocityB: scaled(unit(), r.uniform(0, 4)) } };
  });
}

// The process's CPU time in ms: on a busy machine steadier than the wall clock.
const now = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
/** ns per call of each call over the set: R samples of each, taken in turn so that a busy moment
 *  weighs on all of them alike; the best sample of each. */
function time(set, ...calls) {
  const pass = (call, passes) => {
    const t0 = now();
    for (let p = 0; p < passes; p++) for (const x of set) call(x);
    return now() - t0;
  };
  let passes = 1;
  while (pass(calls[0], passes) < 20) passes *= 2;  // passes long enough for 20 ms
  for (const call of calls) pass(call, passes);  // warm up
  const best = calls.map(() => Infinity);
  for (let k = 0; k < REPEATS; k++)
    calls.forEach((call, i) => { best[i] = Math.min(best[i], (pass(call, passes) * 1e6) / (passes * set.length)); });
  return best;
}

const sx = await init();
const rows = [];
let obbSet = [];
for (const [name, makeA, makeB] of [['obb-obb', obb, obb], ['sphere-obb', sphere, obb], ['obb-kdop14', obb, kdop]]) {
  const set = pairs(makeA, makeB);
  let sink = 0;
  const [overlaps, toi] = time(set, ({ a, b }) => { sink += sx.overlaps(a, b) ? 1 : 0; },
    ({ a, b, motion }) => { sink += sx.timeOfImpact(a, b, motion) ? 1 : 0; });
  const [sweep] = time(set, ({ a, b, motion }) => { sink += sx.sweep(a, b, motion).hit ? 1 : 0; });
  if (sink < 0) console.log(sink);
  rows.push({ pair: name, 'overlaps ns': overlaps.toFixed(1), 'timeOfImpact ns': toi.toFixed(1),
    'timeOfImpact / overlaps': (toi / overlaps).toFixed(2), 'sweep ns': sweep.toFixed(0) });
  if (name === 'obb-obb') obbSet = set;
}
console.table(rows);

// The OBB pairs by class of answer.
const classOf = ({ a, b, motion }) => {
  const hit = sx.timeOfImpact(a, b, motion);
  return hit === null ? 'miss' : hit.time === 0 ? 'start' : 'later';
};
const classes = {};
for (const x of obbSet) (classes[classOf(x)] ??= []).push(x);
const classRows = [];
for (const name of ['start', 'later', 'miss']) {
  const set = classes[name] ?? [];
  if (set.length === 0) continue;
  let sink = 0;
  const [overlaps, toi] = time(set, ({ a, b }) => { sink += sx.overlaps(a, b) ? 1 : 0; },
    ({ a, b, motion }) => { sink += sx.timeOfImpact(a, b, motion) ? 1 : 0; });
  if (sink < 0) console.log(sink);
  classRows.push({ 'obb-obb class': name, pairs: set.length, 'overlaps ns': overlaps.toFixed(1),
    'timeOfImpact ns': toi.toFixed(1), 'timeOfImpact / overlaps': (toi / overlaps).toFixed(2) });
}
console.table(classRows);
