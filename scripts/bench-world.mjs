#!/usr/bin/env node
// `npm run bench:world`: one frame of a game in Node — every body moved and turned, then every
// overlapping pair found — with sepaxis's World (createWorld), Rapier 0.21 (kinematic bodies with
// sensor colliders, world.step()) and the naive loop over all pairs (sx.transform, sx.overlaps),
// in one process, on the same bodies and the same motion. A report, not a test: it never fails on
// timing; it does fail when the world's pairs differ from the naive loop's.
//
//   node scripts/bench-world.mjs [--json [file]] [--sizes 1000,10000,50000] [--runs R] [--quick]
//                                [--no-rapier] [--no-kdop (only the scene without k-DOPs)] [--naive-max N (default 10000; 1000 with k-DOPs)]
//                                [--threads T (default 2; 1: no row for a world on threads)] [--no-level]
//   (reads dist/: run `npm run build` first)
//
// The scene is tests/bench/world_bench.cpp's: n bodies of radius 0.5..1, a third each spheres,
// AABBs and OBBs (or with 10 % of them 14-DOPs), in a cube of side cbrt(1.6 n), so that a body
// meets one or two others; each moves on a closed loop of 8 frames (radius 0.3, about 0.25 a
// frame) and turns about its own axis. mulberry32, seed 12345.
//
// Timing: per scenario, warm-up frames, then R runs (default 7) of frames lasting >= 250 ms
// each; reported per frame as the median of the runs and their spread (min..max). The figure
// includes every call the frame needs in JavaScript: for sepaxis, setPoses(ids, poses) (or the
// in-place world.poses + commitPoses()) and pairs(); for Rapier, setNextKinematicTranslation and
// setNextKinematicRotation of every body and world.step(). The broad phase's share of pairs()
// comes from frames with broadPhasePairCount() in its place (the broad phase without the exact
// tests) and setPoses alone; contacts() (each pair's normal and depth) from frames with it in
// pairs()'s place, their runs interleaved with pairs()'s. Rays: 2,000 through the bodies of frame 0 (origins in the cube,
// uniform directions, the cube's side long), world.raycast against Rapier's castRay (solid), each
// hit checked to be the same. Sweeps: 1,000 spheres of radius 0.25 moving through the same
// bodies, world.sweep against Rapier's castShape (a ball, stopping at penetration), checked
// alike; both queries' runs interleaved with Rapier's. Level geometry: 10,000 bodies in a layer
// on a ground over a static mesh body of 199,712 triangles (world_bench.cpp's
// BM_WorldFrame_OverALevel), its pairs of one frame checked against mesh.overlaps of every body,
// its frames' runs interleaved with those of a world of the same bodies without it.

import { init } from 'sepaxis';
import { mulberry32 } from '../web/view/random.js';
import { jsonTarget } from './bench/args.js';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const JSON_FILE = jsonTarget(argv);  // --json [file]: the figures as JSON, with the machine and the command
const QUICK = argv.includes('--quick');
const SIZES = option('--sizes', '1000,10000,50000').split(',').map(Number);
const RUNS = Number(option('--runs', QUICK ? 3 : 7));
const RUN_MS = QUICK ? 60 : 250;
const WARMUP_MS = QUICK ? 100 : 500;  // V8 compiles WebAssembly in tiers: time the optimized code
const RAPIER = !argv.includes('--no-rapier');
const KDOP_SCENES = argv.includes('--no-kdop') ? [0] : [0, 10];  // percent of k-DOPs in each scene
const NAIVE_MAX = Number(option('--naive-max', 10000));
const LEVEL = !argv.includes('--no-level');  // 10,000 bodies over a static mesh of 199,712 triangles
// A world on threads (init({ threads }), createWorld({ threads })): its frame, beside one thread's.
const THREADS = Number(option('--threads', 2));
// With k-DOPs the naive loop builds a polytope for most k-DOP pairs (~1.6 s for 1,000 bodies).
const NAIVE_MAX_KDOP = Math.min(NAIVE_MAX, 1000);
const FRAMES = 8;
const RAYS = 2000;
const SWEEPS = 1000;
const SEED = 12345;

// The JSON report's writer, in Node only (it reads the machine), loaded now: it notes the load
// average at the start.
const report = JSON_FILE !== undefined && typeof process.stdout?.write === 'function' ? await import('./bench/report.js') : null;
const log = (...a) => { if (JSON_FILE !== null) console.log(...a); };  // not when the JSON goes to stdout

// ---------------------------------------------------------------------------------------------
// The scene

function makeScene(n, kdopPercent, { ground = false } = {}) {
  const random = mulberry32(SEED);
  const uniform = (lo, hi) => lo + (hi - lo) * random();
  const unit = () => {
    for (;;) {
      const v = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
      const l = Math.hypot(...v);
      if (l > 0.1 && l <= 1) return v.map((x) => x / l);
    }
  };
  const axisAngle = (a, angle) => {
    const s = Math.sin(angle / 2);
    return [a[0] * s, a[1] * s, a[2] * s, Math.cos(angle / 2)];
  };
  const multiply = ([ax, ay, az, aw], [bx, by, bz, bw]) => [
    aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
  const kdop14 = (r) => {
    const dirs = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1]];
    const points = Array.from({ length: 8 }, () => unit().map((x) => x * r * uniform(0.4, 1)));
    const min = dirs.map((d) => Math.min(...points.map((p) => d[0] * p[0] + d[1] * p[1] + d[2] * p[2])));
    const max = dirs.map((d) => Math.max(...points.map((p) => d[0] * p[0] + d[1] * p[1] + d[2] * p[2])));
    return { type: 'kdop', k: 14, min, max };
  };

  // On a ground: in a layer 2.5 high at the same density (world_bench.cpp's).
  const side = ground ? Math.sqrt(1.6 * n / 2.5) : Math.cbrt(1.6 * n);
  const local = [], base = [], drift = [], spin = [], turn = [];
  for (let i = 0; i < n; i++) {
    const r = uniform(0.5, 1);
    const kdop = Math.floor(random() * 100) < kdopPercent;
    // bench_data.cpp's sizes: radius 0.2..1 of r, half-extents 0.2..1 of r / sqrt(3).
    const h = () => [0, 1, 2].map(() => uniform(0.2, 1) * r / Math.sqrt(3));
    switch (kdop ? 3 : i % 3) {
      case 0: local.push({ type: 'sphere', center: [0, 0, 0], radius: r * uniform(0.2, 1) }); break;
      case 1: { const e = h(); local.push({ type: 'aabb', min: e.map((x) => -x), max: e }); break; }
      case 2: local.push({ type: 'obb', center: [0, 0, 0], halfExtents: h(), rotation: axisAngle(unit(), uniform(0, 2 * Math.PI)) }); break;
      default: local.push(kdop14(r)); break;
    }
    base.push([uniform(0, side), ground ? uniform(0.3, 2.8) : uniform(0, side), uniform(0, side)]);
    drift.push(unit().map((x) => x * 0.3));
    spin.push(unit());
    turn.push(axisAngle(unit(), uniform(0, 2 * Math.PI)));
  }
  const poses = [];
  for (let f = 0; f < FRAMES; f++) {
    const angle = 2 * Math.PI * f / FRAMES;
    const p = new Float64Array(7 * n);
    for (let i = 0; i < n; i++) {
      const d = drift[i], b = base[i];
      const q = multiply(axisAngle(spin[i], angle), turn[i]);
      p.set([b[0] + d[0] * Math.cos(angle), b[1] + d[1] * Math.sin(angle), b[2] + d[2] * Math.cos(2 * angle), ...q], 7 * i);
    }
    poses.push(p);
  }
  return { n, local, poses, side };
}

/** world_bench.cpp's level: a heightfield over [0, side]^2 of quads x quads squares, two triangles each. */
function makeTerrain(side, quads) {
  const positions = new Float64Array(3 * (quads + 1) ** 2), indices = new Uint32Array(6 * quads * quads);
  for (let i = 0, v = 0; i <= quads; i++)
    for (let j = 0; j <= quads; j++, v += 3) {
      const x = side * i / quads, z = side * j / quads;
      positions.set([x, 0.2 + 0.2 * Math.sin(x * 0.9) * Math.cos(z * 0.7), z], v);
    }
  for (let i = 0, t = 0; i < quads; i++)
    for (let j = 0; j < quads; j++, t += 6) {
      const a = i * (quads + 1) + j, b = a + quads + 1;
      indices.set([a, b, b + 1, a, b + 1, a + 1], t);
    }
  return { positions, indices };
}

/** RAYS rays with origins anywhere in the scene's cube, directions uniform, as long as the cube is wide. */
function makeRays(n) {
  const random = mulberry32(SEED + 1);
  const side = Math.cbrt(1.6 * n);
  return Array.from({ length: RAYS }, () => {
    const origin = [0, 1, 2].map(() => random() * side);
    let d;
    do d = [0, 1, 2].map(() => 2 * random() - 1); while (Math.hypot(...d) < 0.1 || Math.hypot(...d) > 1);
    const l = Math.hypot(...d);
    return { origin, direction: d.map((x) => x / l), length: side };
  });
}

/** The same first hit: both none, or the same body, or (Rapier computes in floats) two bodies met
 * within 1e-4 of the ray's length of each other, or a hit Rapier's floats put just past the end. */
function sameHit(ours, theirs, length) {
  const slack = 1e-4 * length;
  if (!ours || !theirs) return (ours ?? theirs) === null || (ours ?? theirs).distance > length - slack;
  return ours.body === theirs.body || Math.abs(ours.distance - theirs.distance) < slack;
}

/** SWEEPS spheres of radius 0.25 moving from anywhere in the scene's cube at unit speed in uniform
 * directions for as long as the cube is wide (makeRays's rays from another seed, each a sphere). */
function makeSweeps(n) {
  const random = mulberry32(SEED + 2);
  const side = Math.cbrt(1.6 * n);
  return Array.from({ length: SWEEPS }, () => {
    const center = [0, 1, 2].map(() => random() * side);
    let d;
    do d = [0, 1, 2].map(() => 2 * random() - 1); while (Math.hypot(...d) < 0.1 || Math.hypot(...d) > 1);
    const l = Math.hypot(...d);
    return { volume: { type: 'sphere', center, radius: 0.25 }, velocity: d.map((x) => x / l), maxTime: side };
  });
}

const poseOf = (p, i) => ({ translation: [p[7 * i], p[7 * i + 1], p[7 * i + 2]], rotation: [p[7 * i + 3], p[7 * i + 4], p[7 * i + 5], p[7 * i + 6]] });

// ---------------------------------------------------------------------------------------------
// Timing

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

/** ms per frame: warm-up, then RUNS runs of >= RUN_MS each. frame(f) runs frame number f. */
function time(frame, { warmup = 16, minFrames = 4 } = {}) {
  let f = 0;
  const t0 = performance.now();
  while (f < warmup || performance.now() - t0 < WARMUP_MS) frame(f++);
  const perFrame = (performance.now() - t0) / f;
  const framesPerRun = Math.max(minFrames, Math.ceil(RUN_MS / Math.max(perFrame, 1e-3)));
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    for (let i = 0; i < framesPerRun; i++) frame(f++);
    runs.push((performance.now() - start) / framesPerRun);
  }
  return { median: median(runs), min: Math.min(...runs), max: Math.max(...runs), runs, framesPerRun };
}

/**
 * time() of several frame functions at once (its options alike), their runs interleaved (a run of each in turn), so
 * that a shared machine's load weighs on each alike: each one's timing, and the median over the
 * runs of each one's time over the first's.
 */
function timeInterleaved(frames, { warmup = 16, minFrames = 4 } = {}) {
  let f = 0;
  const t0 = performance.now();
  while (f < warmup || performance.now() - t0 < WARMUP_MS) frames.forEach((frame) => frame(f++));
  const perFrame = (performance.now() - t0) / f;
  const framesPerRun = Math.max(minFrames, Math.ceil(RUN_MS / Math.max(perFrame, 1e-3)));
  const runs = frames.map(() => []);
  for (let r = 0; r < RUNS; r++)
    frames.forEach((frame, k) => {
      const start = performance.now();
      for (let i = 0; i < framesPerRun; i++) frame(f++);
      runs[k].push((performance.now() - start) / framesPerRun);
    });
  return runs.map((times) => ({
    median: median(times), min: Math.min(...times), max: Math.max(...times), runs: times, framesPerRun,
    overFirst: median(times.map((t, r) => t / runs[0][r])),
  }));
}

const fmt = (t) => `${t.median.toFixed(3).padStart(9)} ms  (${t.min.toFixed(3)}..${t.max.toFixed(3)})`;

// ---------------------------------------------------------------------------------------------
// The contenders

function sepaxisWorld(sx, scene, threads = 1) {
  const world = sx.createWorld({ capacity: scene.n, threads });
  const ids = new Uint32Array(scene.n);
  for (let i = 0; i < scene.n; i++) ids[i] = world.add(scene.local[i], poseOf(scene.poses[0], i));
  return { world, ids };
}

/** The pairs of a frame as a set of "a,b" strings of body indices (for comparisons). */
function pairKeys(pairs, indexOf) {
  const keys = new Set();
  for (let i = 0; i < pairs.length; i += 2) {
    const a = indexOf(pairs[i]), b = indexOf(pairs[i + 1]);
    keys.add(a < b ? `${a},${b}` : `${b},${a}`);
  }
  return keys;
}

function naivePairs(sx, scene, frame) {
  const p = scene.poses[frame % FRAMES];
  const world = scene.local.map((v, i) => sx.transform(v, poseOf(p, i)));
  const out = [];
  for (let i = 0; i < world.length; i++)
    for (let j = i + 1; j < world.length; j++) if (sx.overlaps(world[i], world[j])) out.push(i, j);
  return out;
}

async function rapierWorld(scene, sx) {
  const RAPIER = (await import('@dimforge/rapier3d-compat')).default;
  await RAPIER.init();
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const bodies = [], colliderBody = new Map();
  const p = scene.poses[0];
  for (let i = 0; i < scene.n; i++) {
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased()
      .setTranslation(p[7 * i], p[7 * i + 1], p[7 * i + 2])
      .setRotation({ x: p[7 * i + 3], y: p[7 * i + 4], z: p[7 * i + 5], w: p[7 * i + 6] }));
    const v = scene.local[i];
    let desc;
    if (v.type === 'sphere') desc = RAPIER.ColliderDesc.ball(v.radius).setTranslation(...v.center);
    else if (v.type === 'aabb') desc = RAPIER.ColliderDesc.cuboid(v.max[0], v.max[1], v.max[2]);
    else if (v.type === 'obb') {
      const [x, y, z, w] = v.rotation;
      desc = RAPIER.ColliderDesc.cuboid(...v.halfExtents).setRotation({ x, y, z, w });
    } else desc = RAPIER.ColliderDesc.convexHull(new Float32Array(sx.polytope(v).vertices.flat()));
    // Sensors between kinematic bodies: only with KINEMATIC_KINEMATIC among the active types.
    desc.setSensor(true).setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.ALL);
    colliderBody.set(world.createCollider(desc, body).handle, i);
    bodies.push(body);
  }
  const frame = (f) => {
    const q = scene.poses[f % FRAMES];
    for (let i = 0; i < bodies.length; i++) {
      const at = 7 * i;
      bodies[i].setNextKinematicTranslation({ x: q[at], y: q[at + 1], z: q[at + 2] });
      bodies[i].setNextKinematicRotation({ x: q[at + 3], y: q[at + 4], z: q[at + 5], w: q[at + 6] });
    }
    world.step();
  };
  // The query pipeline is updated by step(): one, before any body has a next pose (so frame 0's).
  world.step();
  let rayObjects = null;
  const castRays = (rays) => {
    rayObjects ??= rays.map((r) => new RAPIER.Ray(
      { x: r.origin[0], y: r.origin[1], z: r.origin[2] }, { x: r.direction[0], y: r.direction[1], z: r.direction[2] }));
    return rayObjects.map((ray, i) => {
      const hit = world.castRay(ray, rays[i].length, true);
      return hit && { body: colliderBody.get(hit.collider.handle), distance: hit.timeOfImpact ?? hit.toi };
    });
  };
  const castShapes = (sweeps) => {
    const ball = new RAPIER.Ball(sweeps[0].volume.radius), rotation = { x: 0, y: 0, z: 0, w: 1 };
    return sweeps.map(({ volume: { center: [x, y, z] }, velocity: [vx, vy, vz], maxTime }) => {
      const hit = world.castShape({ x, y, z }, rotation, { x: vx, y: vy, z: vz }, ball, 0, maxTime, true);
      return hit && { body: colliderBody.get(hit.collider.handle), distance: hit.time_of_impact };
    });
  };
  const countPairs = () => {
    let count = 0;
    world.forEachCollider((c) => world.intersectionPairsWith(c, () => { count++; }));
    return count / 2;
  };
  return { frame, countPairs, castRays, castShapes, free: () => world.free() };
}

// ---------------------------------------------------------------------------------------------

const sx = await init();
// A page that is not cross-origin isolated gets the module of one thread (index.js): no row there.
const threaded = THREADS > 1 ? await init({ threads: THREADS }) : null;
const sxThreads = threaded?.threads === THREADS ? threaded : null;
if (THREADS > 1 && !sxThreads) log(`(no world on ${THREADS} threads here: init({ threads }) gives them in Node and in cross-origin isolated pages)`);
const results = [];
const record = (size, scene, name, t, extra = {}) => {
  results.push({ bodies: size, scene, name, msPerFrame: t.median, min: t.min, max: t.max, runs: t.runs, ...extra });
  log(`  ${name.padEnd(44)} ${fmt(t)}${extra.pairsPerBody !== undefined ? `  ${extra.pairsPerBody.toFixed(2)} pairs/body` : ''}`);
};

log(`Node ${process.versions.node}, sepaxis World vs Rapier ${RAPIER ? '0.21' : '(skipped)'} vs the naive loop; ms per frame, median of ${RUNS} runs (min..max)`);
for (const kdopPercent of KDOP_SCENES) {
  for (const n of SIZES) {
    const sceneName = kdopPercent ? '10% 14-DOPs' : 'spheres, AABBs, OBBs';
    log(`\n${n} bodies, ${sceneName}:`);
    const scene = makeScene(n, kdopPercent);
    const { world, ids } = sepaxisWorld(sx, scene);
    let pairCount = 0;
    // The first frames size the world's grid and pair list; from then on a frame allocates nothing.
    for (let f = 0; f < FRAMES; f++) { world.setPoses(ids, scene.poses[f]); world.pairs(); }
    const heapBefore = sx.heapSize;
    const t = time((f) => {
      world.setPoses(ids, scene.poses[f % FRAMES]);
      pairCount = world.pairs().length / 2;
    });
    record(n, sceneName, 'sepaxis setPoses(ids, Float64Array) + pairs()', t, { pairsPerBody: pairCount / n });
    if (sx.heapSize !== heapBefore) throw new Error(`the world's frames grew the heap: ${heapBefore} -> ${sx.heapSize}`);
    if (sxThreads) {
      // The same frame on threads: the same pairs (checked on one frame), the same allocation-free frames.
      const onThreads = sepaxisWorld(sxThreads, scene, THREADS);
      if (onThreads.world.threads !== THREADS) throw new Error(`a world on ${THREADS} threads got ${onThreads.world.threads}`);
      for (let f = 0; f < FRAMES; f++) { onThreads.world.setPoses(onThreads.ids, scene.poses[f]); onThreads.world.pairs(); }
      const index = new Map(Array.from(ids, (id, i) => [id, i]));
      world.setPoses(ids, scene.poses[3]), onThreads.world.setPoses(onThreads.ids, scene.poses[3]);
      const mine = pairKeys(world.pairs(), (id) => index.get(id)), theirs = pairKeys(onThreads.world.pairs(), (id) => index.get(id));
      if (mine.size !== theirs.size || ![...mine].every((k) => theirs.has(k)))
        throw new Error(`${n} bodies: the world on ${THREADS} threads found ${theirs.size} pairs, on one ${mine.size}`);
      const before = sxThreads.heapSize;
      record(n, sceneName, `sepaxis, ${THREADS} threads: setPoses + pairs()`, time((f) => {
        onThreads.world.setPoses(onThreads.ids, scene.poses[f % FRAMES]);
        onThreads.world.pairs();
      }), { threads: THREADS });
      if (sxThreads.heapSize !== before) throw new Error(`the frames on threads grew the heap: ${before} -> ${sxThreads.heapSize}`);
      onThreads.world.dispose();
    }
    // The broad phase's share of pairs(): the frame with broadPhasePairCount() (the same broad
    // phase, no exact test) and setPoses alone, against the whole frame.
    let candidates = 0;
    const broad = time((f) => {
      world.setPoses(ids, scene.poses[f % FRAMES]);
      candidates = world.broadPhasePairCount();
    });
    const alone = time((f) => world.setPoses(ids, scene.poses[f % FRAMES]));
    const share = (broad.median - alone.median) / (t.median - alone.median);
    record(n, sceneName, 'sepaxis setPoses + broadPhasePairCount()', broad, { candidatesPerBody: candidates / n, broadPhaseShare: share });
    log(`  ${''.padEnd(44)} the broad phase: ${(100 * share).toFixed(0)} % of pairs() (${(candidates / n).toFixed(2)} box pairs a body)`);
    // contacts(): the frame with each pair's normal and depth too, against the frame with pairs(),
    // their runs interleaved (the ratio is the median of the runs'); allocation-free like it.
    const [withPairs, contacts] = timeInterleaved([
      (f) => { world.setPoses(ids, scene.poses[f % FRAMES]); world.pairs(); },
      (f) => { world.setPoses(ids, scene.poses[f % FRAMES]); world.contacts(); },
    ]);
    const overPairs = contacts.overFirst;
    record(n, sceneName, 'sepaxis setPoses + pairs(), beside contacts()', withPairs);
    record(n, sceneName, 'sepaxis setPoses + contacts()', contacts, { contactsOverPairs: overPairs });
    log(`  ${''.padEnd(44)} contacts(): ${overPairs.toFixed(2)} x the frame with pairs() in the same runs (${withPairs.median.toFixed(3)} ms)`);
    if (sx.heapSize !== heapBefore) throw new Error(`the world's frames with contacts() grew the heap: ${heapBefore} -> ${sx.heapSize}`);

    if (kdopPercent === 0) {
      const f32 = scene.poses.map((p) => new Float32Array(p));
      record(n, sceneName, 'sepaxis setPoses(ids, Float32Array) + pairs()', time((f) => {
        world.setPoses(ids, f32[f % FRAMES]);
        world.pairs();
      }));
      const at = Array.from(ids, (id) => world.poseIndex(id));
      record(n, sceneName, 'sepaxis world.poses in place + commitPoses() + pairs()', time((f) => {
        const src = scene.poses[f % FRAMES], poses = world.poses;
        for (let i = 0; i < n; i++) {
          const o = at[i], s = 7 * i;
          poses[o] = src[s]; poses[o + 1] = src[s + 1]; poses[o + 2] = src[s + 2]; poses[o + 3] = src[s + 3];
          poses[o + 4] = src[s + 4]; poses[o + 5] = src[s + 5]; poses[o + 6] = src[s + 6];
        }
        world.commitPoses();
        world.pairs();
      }));
      record(n, sceneName, 'sepaxis setPoses + pairs().slice() (a copy)', time((f) => {
        world.setPoses(ids, scene.poses[f % FRAMES]);
        world.pairs().slice();
      }));
      record(n, sceneName, 'sepaxis setPoses alone', alone);
      // pairs() of a world that has not moved since returns the pairs it has: the call and the view,
      // then with a copy of them.
      world.setPoses(ids, scene.poses[0]);
      record(n, sceneName, 'sepaxis pairs() again, unmoved (the view)', time(() => world.pairs()));
      record(n, sceneName, 'sepaxis pairs().slice() again, unmoved (a copy)', time(() => world.pairs().slice()));
    }

    // The naive loop: the same pairs, by brute force (checks the world's frame exactly).
    if (n <= (kdopPercent ? NAIVE_MAX_KDOP : NAIVE_MAX)) {
      const f = 3;
      world.setPoses(ids, scene.poses[f]);
      const index = new Map(Array.from(ids, (id, i) => [id, i]));
      const mine = pairKeys(world.pairs(), (id) => index.get(id));
      const start = performance.now();
      const naive = naivePairs(sx, scene, f);
      const ms = performance.now() - start;
      const theirs = pairKeys(naive, (i) => i);
      const same = mine.size === theirs.size && [...mine].every((k) => theirs.has(k));
      if (!same) throw new Error(`${n} bodies: the world found ${mine.size} pairs, the naive loop ${theirs.size}`);
      record(n, sceneName, 'naive loop (sx.transform + sx.overlaps, 1 frame)', { median: ms, min: ms, max: ms, runs: [ms] },
        { pairsPerBody: theirs.size / n });
    } else log(`  naive loop: skipped above ${kdopPercent ? NAIVE_MAX_KDOP : NAIVE_MAX} bodies (quadratic; --naive-max N)`);
    // Rapier's world from frame 0's poses: its queries run before its first step().
    const rapier = RAPIER ? await rapierWorld(scene, sx) : null;
    // A shooter's frame: RAYS rays through the bodies as frame 0 placed them, the first hit of
    // each; a character's move: SWEEPS spheres swept through them, the first body each touches.
    // Beside Rapier's castRay and castShape, each answer checked to agree, their runs interleaved.
    if (kdopPercent === 0) {
      const rays = makeRays(n), sweeps = makeSweeps(n);
      world.setPoses(ids, scene.poses[0]);
      const index = new Map(Array.from(ids, (id, i) => [id, i]));
      const compare = (key, count, ourName, theirName, ours, theirs, lengthOf) => {
        if (!rapier) return record(n, sceneName, ourName, time(ours, { warmup: 4, minFrames: 2 }), { [key]: count });
        const mine = ours(), other = theirs();
        const agree = mine.filter((h, i) => sameHit(h, other[i], lengthOf(i))).length;
        if (agree < 0.99 * count) throw new Error(`${n} bodies: ${theirName} and ${ourName} agree on ${agree} of ${count}`);
        const [a, b] = timeInterleaved([ours, theirs], { warmup: 4, minFrames: 2 });
        record(n, sceneName, ourName, a, { [key]: count });
        record(n, sceneName, theirName, b, { [key]: count, sameHits: agree, overSepaxis: b.overFirst });
      };
      compare('rays', RAYS, `sepaxis world.raycast x ${RAYS} (first hits)`, `Rapier 0.21 castRay x ${RAYS}`,
        () => rays.map((r) => world.raycast(r.origin, r.direction, r.length)).map((h) => h && { body: index.get(h.id), distance: h.distance }),
        () => rapier.castRays(rays), (i) => rays[i].length);
      compare('sweeps', SWEEPS, `sepaxis world.sweep x ${SWEEPS} (first contacts)`, `Rapier 0.21 castShape x ${SWEEPS}`,
        () => sweeps.map((s) => world.sweep(s.volume, s.velocity, s.maxTime)).map((h) => h && { body: index.get(h.id), distance: h.time }),
        () => rapier.castShapes(sweeps), (i) => sweeps[i].maxTime);
    }
    world.dispose();

    if (rapier) {
      const tr = time(rapier.frame, { warmup: 4, minFrames: 2 });
      record(n, sceneName, 'Rapier 0.21 kinematic sensors: step()', tr, { pairsPerBody: rapier.countPairs() / n });
      rapier.free();
    }
  }
}
// Level geometry: the bodies on a ground (a layer 2.5 high) over a static mesh of 199,712
// triangles, one body of the world, against the same bodies with no level.
if (LEVEL) {
  const n = 10000, sceneName = 'on a ground over a level';
  log(`\n${n} bodies, ${sceneName}:`);
  const scene = makeScene(n, 0, { ground: true });
  const level = sx.createMesh(makeTerrain(scene.side, 316));
  // Two worlds of the same bodies, the level in one, their frames' runs interleaved.
  const { world, ids } = sepaxisWorld(sx, scene);
  const without = sepaxisWorld(sx, scene);
  const ground = world.add(level);
  let onLevel = 0;
  for (let f = 0; f < FRAMES; f++) { world.setPoses(ids, scene.poses[f]); world.pairs(); without.world.setPoses(without.ids, scene.poses[f]); without.world.pairs(); }
  const [t, bare] = timeInterleaved([
    (f) => {
      world.setPoses(ids, scene.poses[f % FRAMES]);
      const pairs = world.pairs();
      onLevel = 0;
      for (let i = 0; i < pairs.length; i++) onLevel += pairs[i] === ground;
    },
    (f) => { without.world.setPoses(without.ids, scene.poses[f % FRAMES]); without.world.pairs(); },
  ]);
  // The level's pairs of one frame are exactly the bodies mesh.overlaps says meet it.
  world.setPoses(ids, scene.poses[3]);
  const pairs = world.pairs(), mine = new Set();
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === ground || pairs[i + 1] === ground) mine.add(pairs[i] === ground ? pairs[i + 1] : pairs[i]);
  const theirs = Array.from(ids).filter((id) => level.overlaps(world.worldVolume(id)));
  if (theirs.length !== mine.size || !theirs.every((id) => mine.has(id)))
    throw new Error(`the world found ${mine.size} bodies on the level, mesh.overlaps ${theirs.length}`);
  record(n, sceneName, `sepaxis setPoses + pairs(), over ${level.triangleCount} triangles`, t, { onLevelPerBody: onLevel / n });
  record(n, sceneName, 'sepaxis setPoses + pairs(), no level', bare, { overLevel: 1 / bare.overFirst });
  log(`  ${''.padEnd(44)} ${(onLevel / n).toFixed(3)} pairs with the level a body`);
  world.dispose();
  without.world.dispose();
  level.dispose();
}

const figures = { node: process.versions.node, runs: RUNS, runMs: RUN_MS, results };
// In a browser page (scripts/bench/world-page.js) the figures alone go to the console.
if (JSON_FILE !== undefined && report) report.writeReport(JSON_FILE, 'world', figures);
else if (JSON_FILE !== undefined) console.log(JSON.stringify(figures, null, 2));
