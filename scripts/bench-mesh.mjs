#!/usr/bin/env node
// `npm run bench:mesh`: a triangle mesh's tree in Node — build, refit, first-hit rays, closest
// points and a second mesh against it — with sepaxis (sx.createMesh through sepaxis/three's meshFromGeometry) and
// three-mesh-bvh 0.9 (MeshBVH), in one process, on the same triangles, rays and points. The scene
// is three-mesh-bvh's own benchmark's (benchmark/run-benchmark.js): TorusGeometry(5, 5, 700, 300),
// 420,000 triangles, its ray (origin (10, 20, 30), direction (-1, -2, -3)) and its point (the
// origin), plus seeded random rays and points around the torus. A report, not a test: it never
// fails on timing; it does fail when an answer differs (another triangle at another distance).
//
//   node scripts/bench-mesh.mjs [--json [file]] [--runs R] [--quick] [--nodes aabb,obb (node types)]
//                               [--leaf N (default 8, createMesh's; three-mesh-bvh keeps its default, 10)] [--cpu]
//   --cpu: times are this process's CPU time (process.cpuUsage, V8's helper threads included)
//   instead of the clock's: steadier on a machine whose other processes take the cores in turns.
//   (reads dist/: run `npm run build` first)
//
// Timing: each figure is the median of R runs (default 7) with their spread (min..max), the two
// libraries' runs taken in turns so that both meet the same load. A run of rays or points is the
// whole set of queries, repeated for >= 200 ms after a warm-up; a build or refit is timed alone,
// once a run. Both libraries are timed through their public calls:
// sepaxis's includes copying the vertices into the WebAssembly heap (build, refit) and making
// each result object; three-mesh-bvh's is MeshBVH's constructor on a fresh copy of the geometry
// (its default: CENTER split, 10 triangles a leaf, which reorders the geometry's index),
// bvh.refit() after the position attribute changed, bvh.raycastFirst(ray, DoubleSide) and
// bvh.closestPointToPoint(point, target). The ratio is three-mesh-bvh's time ÷ sepaxis's. The
// rows "raycastMany" and "closestPointMany" time sepaxis's batch calls (every ray or point in one
// call, the results into typed arrays: triangle, distance, point) against the same per-query
// loop of three-mesh-bvh, which has no batch call.
//
// Answers: sepaxis computes in doubles on the Float32Array's numbers widened exactly;
// three-mesh-bvh in JavaScript doubles on the same numbers. A ray's hit must be on the same
// triangle (compared by its three vertex indices: three-mesh-bvh reorders the index) at a distance
// within 1e-9 relative, or on another triangle at that same distance (an edge or corner two
// triangles share: a tie, counted); likewise a closest point's distance.

import { DoubleSide, Matrix4, Quaternion, Ray, TorusGeometry, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { init } from 'sepaxis';
import { meshFromGeometry } from 'sepaxis/three';
import { jsonTarget } from './bench/args.js';
import { mulberry32 } from '../web/view/random.js';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const JSON_FILE = jsonTarget(argv);
const QUICK = argv.includes('--quick');
const RUNS = Number(option('--runs', QUICK ? 3 : 7));
const RUN_MS = QUICK ? 60 : 200;
const NODES = option('--nodes', 'aabb,obb').split(',');
const LEAF = Number(option('--leaf', 8));
const QUERIES = 1000;
const SEED = 2718;
const TOLERANCE = 1e-9;
/** Milliseconds of the clock, or of this process's CPU time (--cpu). */
const now = argv.includes('--cpu') ? () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
} : () => performance.now();

const report = JSON_FILE !== undefined ? await import('./bench/report.js') : null;
const log = (...a) => { if (JSON_FILE !== null) console.log(...a); };

// ---------------------------------------------------------------------------------------------
// Timing

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const summary = (runs) => ({ ms: median(runs), min: Math.min(...runs), max: Math.max(...runs) });

/** Milliseconds per call of fn over one run of >= RUN_MS. */
function repeatedRun(fn) {
  let calls = 0;
  const start = now();
  let at = start;
  while (at - start < RUN_MS) {
    fn();
    calls++;
    at = now();
  }
  return (at - start) / calls;
}

/**
 * Milliseconds per call of a (sepaxis) and of b (three-mesh-bvh): RUNS runs of >= RUN_MS each,
 * taken in turns (a, b, a, b, ...) so that both meet the same load on a shared machine; the
 * median of each and their spread.
 */
function timeRepeated(a, b) {
  repeatedRun(a), repeatedRun(b);  // warm-up
  const runsA = [], runsB = [];
  for (let r = 0; r < RUNS; r++) runsA.push(repeatedRun(a)), runsB.push(repeatedRun(b));
  return [summary(runsA), summary(runsB)];
}

/** Milliseconds of one call of each [setup, fn] (setup not timed), in turns, RUNS times. */
function timeOnce([setupA, a], [setupB, b]) {
  const once = (setup, fn) => {
    const input = setup();
    const start = now();
    fn(input);
    return now() - start;
  };
  once(setupA, a), once(setupB, b);  // warm-up
  const runsA = [], runsB = [];
  for (let r = 0; r < RUNS; r++) runsA.push(once(setupA, a)), runsB.push(once(setupB, b));
  return [summary(runsA), summary(runsB)];
}

// ---------------------------------------------------------------------------------------------
// The scene

const sx = await init();
const geometry = new TorusGeometry(5, 5, 700, 300);
const triangles = geometry.index.count / 3;
const positions = geometry.getAttribute('position').array;
const index = geometry.index.array;  // sepaxis's triangle t: index[3t..3t+2]

const random = mulberry32(SEED);
const between = (a, b) => a + (b - a) * random();
// Rays from a sphere of radius 30 around the torus, aimed at points of its box (some miss).
const rays = [{ origin: [10, 20, 30], direction: [-1, -2, -3] }];
while (rays.length < QUERIES) {
  const u = [between(-1, 1), between(-1, 1), between(-1, 1)];
  const n = Math.hypot(...u);
  if (n < 0.1 || n > 1) continue;
  const origin = u.map((x) => (30 * x) / n);
  const target = [between(-10, 10), between(-10, 10), between(-5, 5)];
  rays.push({ origin, direction: target.map((t, i) => t - origin[i]) });
}
// Points in and around the torus's box; three-mesh-bvh's own first: the origin.
const points = [[0, 0, 0]];
while (points.length < QUERIES) points.push([between(-12, 12), between(-12, 12), between(-6, 6)]);

// The same rays and points for the batch calls, and their results' arrays, made once.
const rayOrigins = new Float64Array(rays.flatMap((r) => r.origin)), rayDirections = new Float64Array(rays.flatMap((r) => r.direction));
const rayHits = { triangle: new Int32Array(QUERIES), distance: new Float64Array(QUERIES), point: new Float64Array(3 * QUERIES) };
const pointCoordinates = new Float64Array(points.flat());
const closestPoints = { triangle: new Int32Array(QUERIES), distance: new Float64Array(QUERIES), point: new Float64Array(3 * QUERIES) };
const threeRays = rays.map(({ origin, direction }) => new Ray(new Vector3(...origin), new Vector3(...direction).normalize()));
const threePoints = points.map((p) => new Vector3(...p));

// ---------------------------------------------------------------------------------------------
// Answers

const bvhGeometry = geometry.clone();
const bvh = new MeshBVH(bvhGeometry);
const bvhIndex = bvhGeometry.index.array;  // reordered by the build
const corners = (idx, t) => [idx[3 * t], idx[3 * t + 1], idx[3 * t + 2]].sort((a, b) => a - b).join(',');
const close = (a, b) => Math.abs(a - b) <= TOLERANCE * Math.max(Math.abs(a), Math.abs(b), 1);

/** { same, ties, differ, misses } of the mesh's answers against three-mesh-bvh's. */
function compareRays(mesh) {
  const tally = { same: 0, ties: 0, differ: 0, misses: 0 };
  rays.forEach(({ origin, direction }, i) => {
    const a = mesh.raycast(origin, direction);
    const b = bvh.raycastFirst(threeRays[i], DoubleSide);
    if (!a && !b) return tally.misses++;
    if (!a || !b || !close(a.distance, b.distance)) {
      tally.differ++;
      if (tally.differ <= 3) console.error(`ray ${i}: sepaxis ${a ? `${a.distance} (triangle ${a.triangle})` : 'miss'}, three-mesh-bvh ${b ? b.distance : 'miss'}`);
      return;
    }
    if (corners(index, a.triangle) === corners(bvhIndex, b.faceIndex)) tally.same++;
    else tally.ties++;
  });
  return tally;
}

function comparePoints(mesh) {
  const tally = { same: 0, ties: 0, differ: 0 };
  const target = {};
  points.forEach((p, i) => {
    const a = mesh.closestPoint(p);
    const b = bvh.closestPointToPoint(threePoints[i], target);
    if (!close(a.distance, b.distance)) {
      tally.differ++;
      if (tally.differ <= 3) console.error(`point ${i}: sepaxis ${a.distance}, three-mesh-bvh ${b.distance}`);
      return;
    }
    if (corners(index, a.triangle) === corners(bvhIndex, b.faceIndex)) tally.same++;
    else tally.ties++;
  });
  return tally;
}

// Refit: every vertex moved (scaled by 1.01 and back, alternately), the tree kept.
const moved = [positions, positions.map((x) => x * 1.01)];
const bvhPositions = bvhGeometry.getAttribute('position');
let flip = 0;
const target = {};

// ---------------------------------------------------------------------------------------------
// The rows: sepaxis's times for each node type asked for

const rows = [];
function row(name, node, [sepaxis, threeMeshBvh], answers = null) {
  const ratio = threeMeshBvh.ms / sepaxis.ms;
  rows.push({ name, node, sepaxis, threeMeshBvh, ratio, answers });
  const f = (t) => `${t.ms.toFixed(3)} ms (${t.min.toFixed(3)}..${t.max.toFixed(3)})`;
  log(`${`${name} [${node}]`.padEnd(52)} sepaxis ${f(sepaxis).padEnd(32)} three-mesh-bvh ${f(threeMeshBvh).padEnd(34)} ratio ${ratio.toFixed(2)}`);
}

log(`TorusGeometry(5, 5, 700, 300): ${triangles} triangles; sepaxis leaf ${LEAF}; three-mesh-bvh defaults; ` +
  `${RUNS} runs each, in turns, median (min..max)${argv.includes('--cpu') ? ', CPU time' : ''}`);
let wrong = 0;
for (const node of NODES) {
  const mesh = meshFromGeometry(sx, geometry, { node, leafSize: LEAF });
  const rayAnswers = compareRays(mesh);
  const pointAnswers = comparePoints(mesh);
  wrong += rayAnswers.differ + pointAnswers.differ;
  log(`${node}: depth ${mesh.depth}, ${mesh.nodeCount} nodes, ${(mesh.byteLength / triangles).toFixed(1)} bytes a triangle; answers: rays ${JSON.stringify(rayAnswers)}, ` +
    `closest points ${JSON.stringify(pointAnswers)}`);
  row('build', node, timeOnce([() => null, () => meshFromGeometry(sx, geometry, { node, leafSize: LEAF }).dispose()],
    [() => geometry.clone(), (g) => new MeshBVH(g)]));
  row('refit', node, timeOnce([() => moved[++flip & 1], (p) => mesh.refit(p)], [() => {
    bvhPositions.array.set(moved[++flip & 1]);
    bvhPositions.needsUpdate = true;
  }, () => bvh.refit()]));
  mesh.refit(positions);
  bvhPositions.array.set(positions);
  bvh.refit();
  row('first hit, its benchmark\'s ray', node, timeRepeated(() => mesh.raycast(rays[0].origin, rays[0].direction),
    () => bvh.raycastFirst(threeRays[0], DoubleSide)));
  row(`first hit, ${QUERIES} rays`, node, timeRepeated(
    () => { for (const { origin, direction } of rays) mesh.raycast(origin, direction); },
    () => { for (const ray of threeRays) bvh.raycastFirst(ray, DoubleSide); }), rayAnswers);
  row(`first hit, ${QUERIES} rays, raycastMany`, node, timeRepeated(
    () => mesh.raycastMany(rayOrigins, rayDirections, rayHits),
    () => { for (const ray of threeRays) bvh.raycastFirst(ray, DoubleSide); }));
  row('closest point, its benchmark\'s point', node, timeRepeated(() => mesh.closestPoint(points[0]),
    () => bvh.closestPointToPoint(threePoints[0], target)));
  row(`closest point, ${QUERIES} points`, node, timeRepeated(
    () => { for (const p of points) mesh.closestPoint(p); },
    () => { for (const p of threePoints) bvh.closestPointToPoint(p, target); }), pointAnswers);
  row(`closest point, ${QUERIES} points, closestPointMany`, node, timeRepeated(
    () => mesh.closestPointMany(pointCoordinates, closestPoints),
    () => { for (const p of threePoints) bvh.closestPointToPoint(p, target); }));
  mesh.dispose();
}

// Mesh against mesh: three-mesh-bvh's intersectsGeometry with its benchmark's second mesh, the
// 600-triangle TorusGeometry(5, 5, 30, 10) scaled 0.1 with its own tree, at POSES seeded poses
// around the big torus (a random turn, the centre in the big torus's box), against
// mesh.overlapsMesh; the same verdict for every pose.
const POSES = 200;
const small = new TorusGeometry(5, 5, 30, 10);
const smallBvhGeometry = small.clone();
smallBvhGeometry.boundsTree = new MeshBVH(smallBvhGeometry);
const poses = Array.from({ length: POSES }, () => {
  const q = [between(-1, 1), between(-1, 1), between(-1, 1), between(-1, 1)];
  const l = Math.hypot(...q);
  return { translation: [between(-11, 11), between(-11, 11), between(-6, 6)], rotation: q.map((x) => x / l), scale: 0.1 };
});
const matrices = poses.map(({ translation, rotation }) =>
  new Matrix4().compose(new Vector3(...translation), new Quaternion(...rotation), new Vector3(0.1, 0.1, 0.1)));
for (const node of NODES) {
  const big = meshFromGeometry(sx, geometry, { node, leafSize: LEAF }), other = meshFromGeometry(sx, small, { node, leafSize: LEAF });
  let met = 0, differ = 0;
  poses.forEach((pose, i) => {
    const mine = big.overlapsMesh(undefined, other, pose), theirs = bvh.intersectsGeometry(smallBvhGeometry, matrices[i]);
    met += mine, differ += mine !== theirs;
  });
  wrong += differ;
  row(`mesh against mesh, ${POSES} poses`, node, timeRepeated(
    () => { for (const pose of poses) big.overlapsMesh(undefined, other, pose); },
    () => { for (const m of matrices) bvh.intersectsGeometry(smallBvhGeometry, m); }), { met, differ });
  big.dispose(), other.dispose();
}

if (report) {
  report.writeReport(JSON_FILE, 'mesh', {
    scene: { geometry: 'TorusGeometry(5, 5, 700, 300)', triangles, rays: rays.length, points: points.length,
      sepaxis: { nodes: NODES, leafSize: LEAF },
      threeMeshBvh: { version: '0.9', options: 'defaults (CENTER, maxLeafTris 10)' } },
    runs: RUNS,
    rows,
  });
}
if (wrong) {
  console.error(`${wrong} answers differ from three-mesh-bvh's`);
  process.exit(1);
}
