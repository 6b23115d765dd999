// sepaxis: exact separating-axis collision tests for spheres, AABBs, OBBs and k-DOPs, compiled
// from C++ to WebAssembly. `await init()` once, then call the returned object's methods with
// volumes in the JSON interchange format (see volume.schema.json).

import { PairBuffer, VolumeBuffer, checkCount } from './batch.js';
import { UNDECIDED, plainPairOverlap } from './plain-pairs.js';
import { writePose } from './pose.js';
import { show, writeVec3, writeVolume } from './volume.js';
import * as wire from './wire.js';

export { VolumeBuffer, PairBuffer };

// The wire's numbers (cpp/bindings/wire.h) as this module's own constants: folded like literals.
const { SLOT_A, SLOT_B, SCRATCH_DOUBLES, STATUS_SLOT_A_INVALID, STATUS_SLOT_B_INVALID, BATCH_INVALID } = wire;
const { TYPE_SPHERE, TYPE_AABB, TYPE_OBB, TYPE_KDOP, FIT_FAST, FIT_TIGHT } = wire;
// io, and its places for each query's arguments and results.
const IO = wire.IO;
const IO_POINT = IO + wire.IO_POINT, IO_CLOSEST_POINT = IO + wire.IO_CLOSEST_POINT;
const IO_ORIGIN = IO + wire.IO_ORIGIN, IO_DIRECTION = IO + wire.IO_DIRECTION, IO_MAX_DISTANCE = IO + wire.IO_MAX_DISTANCE;
const IO_HIT_DISTANCE = IO + wire.IO_HIT_DISTANCE, IO_HIT_POINT = IO + wire.IO_HIT_POINT;
const IO_HIT_NORMAL = IO + wire.IO_HIT_NORMAL, IO_HIT_STARTS_INSIDE = IO + wire.IO_HIT_STARTS_INSIDE;
const IO_HIT_BARYCENTRIC = IO + wire.IO_HIT_BARYCENTRIC;
const IO_BOX_MIN = IO + wire.IO_BOX_MIN, IO_BOX_MAX = IO + wire.IO_BOX_MAX;
const IO_VELOCITY_A = IO + wire.IO_VELOCITY_A, IO_VELOCITY_B = IO + wire.IO_VELOCITY_B, IO_MAX_TIME = IO + wire.IO_MAX_TIME;
const IO_SWEEP_TIME = IO + wire.IO_SWEEP_TIME, IO_SWEEP_NORMAL = IO + wire.IO_SWEEP_NORMAL;

/**
 * The loading module of each build: 'world' (sepaxis-wasm, with the World), 'core', and
 * 'threads' (sepaxis-threads: the World on threads).
 */
const loading = { world: null, core: null, threads: null };

/** The sizes of sepaxis-threads's memory (cpp/bindings/CMakeLists.txt): 16 MiB, growing to 2 GiB. */
const THREADS_MEMORY = { initial: 256, maximum: 32768, shared: true };

/**
 * Loads the WebAssembly module once; later calls return the same instance.
 * Options: `wasmBinary` (the .wasm bytes) or `locateFile(name)` to load it from elsewhere;
 * `world: false` loads the module without the World (`createWorld`), 24 kB less gzipped (what
 * `sepaxis/demo` loads): every other call is the same. Once the module with the World is loading,
 * `init({ world: false })` returns it too.
 *
 * `threads: n` (an integer >= 1, or `true`: the machine's cores, at most 8) loads, in Node and in
 * a cross-origin isolated page, the module whose worlds run on up to n threads (`createWorld({
 * threads })`): n - 1 helper threads are started with it, shared by its worlds. A page that is not
 * isolated (and a JavaScript engine without SharedArrayBuffer) gets the usual module, whose worlds
 * run on one thread (`world.threads` says which), and a console note saying which headers isolate
 * it. Every other call is the same.
 */
export function init(options = {}) {
  let threads;
  try {
    threads = helperThreadsOf(options.threads);
  } catch (e) {
    return Promise.reject(e);
  }
  const build = threads > 0 ? 'threads' : options.world === false && !loading.world ? 'core' : 'world';
  loading[build] ??= load(options, build, threads).catch((e) => { loading[build] = null; throw e; });
  return loading[build];
}

/** The helper threads init({ threads }) starts: 0 for the module without threads. */
function helperThreadsOf(threads) {
  if (threads === undefined || threads === false || threads === 1) return 0;
  const os = globalThis.process?.getBuiltinModule?.('node:os');
  if (threads === true) threads = Math.min(8, os?.availableParallelism?.() ?? globalThis.navigator?.hardwareConcurrency ?? 1);
  else if (typeof threads !== 'number' || !Number.isInteger(threads) || threads < 1 || threads > wire.WORLD_MAX_THREADS)
    throw new (typeof threads === 'number' ? RangeError : TypeError)(
      `init: options.threads must be true or an integer from 1 to ${wire.WORLD_MAX_THREADS}, got ${show(threads)}`);
  if (threads === 1) return 0;
  // A shared memory, which threads need, exists in Node and in cross-origin isolated pages only.
  if (typeof SharedArrayBuffer === 'function' && (os || globalThis.crossOriginIsolated === true)) return threads - 1;
  if (!notedNotIsolated) console.warn(NOT_ISOLATED);
  notedNotIsolated = true;
  return 0;
}

let notedNotIsolated = false;
const NOT_ISOLATED = 'sepaxis: init({ threads }) runs worlds on one thread here: threads need a cross-origin isolated page. ' +
  'Serve the page with the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp.';

/** The smallest WebAssembly module: its magic number and version. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const CSP_BLOCKS_WASM = "this page's Content-Security-Policy blocks WebAssembly: add 'wasm-unsafe-eval' to script-src";

/**
 * Throws when this page may not compile WebAssembly: found by compiling the empty module, before
 * the .wasm is fetched (Emscripten would fetch it, fail to compile it, fetch it again to compile
 * it from bytes, fail again, and abort with a message of its own).
 */
function checkWebAssemblyAllowed() {
  if (typeof WebAssembly !== 'object') throw new Error('this JavaScript engine has no WebAssembly');
  try {
    new WebAssembly.Module(EMPTY_MODULE);
  } catch (e) {
    // The one reason the empty module fails to compile: a policy forbids compiling any.
    throw new Error(CSP_BLOCKS_WASM, { cause: e });
  }
}

async function load(options, build, helperThreads) {
  checkWebAssemblyAllowed();
  // The World's and the meshes' JS (world.js, mesh.js) come with their module only.
  const [{ default: createSepaxisModule }, world, mesh] = await Promise.all(
    build === 'world' ? [import('./sepaxis-wasm.js'), import('./world.js'), import('./mesh.js')]
      // Bundlers copy it, its .wasm and its worker script (sepaxis-threads.worker.js, through
      // the module's new Worker(new URL(..., import.meta.url))).
      : build === 'threads' ? [import('./sepaxis-threads.js'), import('./world.js'), import('./mesh.js')]
        : [import('./sepaxis-core.js'), null, null]);
  const moduleOptions = {};
  const memory = build === 'threads' ? new WebAssembly.Memory(THREADS_MEMORY) : null;
  if (memory) moduleOptions.wasmMemory = memory, moduleOptions.helperThreads = helperThreads;
  if (options.wasmBinary) moduleOptions.wasmBinary = options.wasmBinary;
  else if (options.locateFile) moduleOptions.locateFile = options.locateFile;
  else if (typeof globalThis.process?.versions?.node === 'string') {
    // Emscripten 3.1.6's web build fetch()es the .wasm, which Node cannot do for file: URLs.
    const fs = globalThis.process.getBuiltinModule?.('node:fs');
    if (!fs) throw new Error('sepaxis needs Node >= 20.16 (process.getBuiltinModule) or init({ wasmBinary })');
    const file = { world: './sepaxis-wasm.wasm', core: './sepaxis-core.wasm', threads: './sepaxis-threads.wasm' }[build];
    moduleOptions.wasmBinary = fs.readFileSync(new URL(file, import.meta.url));
  }
  const module = await createSepaxisModule(moduleOptions);
  if (memory) followSharedMemory(module, memory);
  return new Sepaxis(module, world?.World ?? null, helperThreads, mesh?.Mesh ?? null);
}

/**
 * The module of threads (sepaxis-threads): its memory is shared, and grows on whichever thread
 * allocates, where Emscripten renews the module's HEAP views on that thread only. The views the
 * package reads (HEAPU8, HEAPF64) are therefore made here from memory.buffer, which follows every
 * growth, and Emscripten's own assignments to them are let go. Its Workers (Emscripten's pool of
 * threads) do not keep Node running.
 */
function followSharedMemory(module, memory) {
  for (const [name, View] of [['HEAPU8', Uint8Array], ['HEAPF64', Float64Array]]) {
    let view = new View(memory.buffer);
    Object.defineProperty(module, name, {
      get: () => (view.buffer.byteLength === memory.buffer.byteLength ? view : (view = new View(memory.buffer))),
      set: () => {},
    });
  }
  for (const worker of module.PThread?.unusedWorkers ?? []) worker.unref?.();
}

function finite3(f64, at, field) {
  for (let i = 0; i < 3; i++)
    if (!Number.isFinite(f64[at + i])) throw new RangeError(`${field}[${i}] must be finite, got ${show(f64[at + i])}`);
}

// A motion's velocity into scratch, checked and named; left out, at rest.
function writeVelocity(f, at, value, field) {
  if (value === undefined) {
    f[at] = 0; f[at + 1] = 0; f[at + 2] = 0;
    return;
  }
  writeVec3(f, at, value, field);
  finite3(f, at, field);
}

/** The API object that init() resolves to. Single calls take and return plain JSON. */
export class Sepaxis {
  #m;
  #ptr;
  #f64;
  #host;
  #overlaps;
  /** The module's sx_time_of_impact, resolved; null in the module without sweeps. */
  #timeOfImpact = null;

  /** The World class (world.js), or null for the module without it. */
  #World;
  /** The Mesh class (mesh.js), or null for the module without meshes. */
  #Mesh;

  constructor(module, World = null, helperThreads = 0, Mesh = null) {
    this.#World = World;
    this.#Mesh = Mesh;
    this.#m = module;
    this.#ptr = module._sx_scratch();
    this.#f64 = new Float64Array(module.HEAPF64.buffer, this.#ptr, SCRATCH_DOUBLES);
    // Emscripten 3.1.6 exports start as trampolines that resolve themselves on the first call
    // (and go through .apply until then): call once, on the zeroed scratch (two point spheres).
    module._sx_overlaps(TYPE_SPHERE, TYPE_SPHERE);
    this.#overlaps = module._sx_overlaps;
    if (module._sx_time_of_impact) {
      module._sx_time_of_impact(TYPE_SPHERE, TYPE_SPHERE);  // two point spheres at rest
      this.#timeOfImpact = module._sx_time_of_impact;
    }
    const registry = new FinalizationRegistry((ptr) => module._free(ptr));
    this.#host = {
      module,
      registry,
      scratch: () => this.#scratch(),
      batchError: (results, count, sides) => this.#batchError(results, count, sides),
      /** The module's helper threads no world holds (createWorld({ threads }) takes them). */
      freeHelperThreads: helperThreads,
    };
  }

  /** The threads a world of this instance may run on: 1 and the helper threads no world holds. */
  get threads() { return 1 + this.#host.freeHelperThreads; }

  // The scratch view, re-created when memory growth has detached it (its length drops to 0).
  #scratch() {
    let f = this.#f64;
    if (f.length === 0) f = this.#f64 = new Float64Array(this.#m.HEAPF64.buffer, this.#ptr, SCRATCH_DOUBLES);
    return f;
  }

  #fail(status) {
    const invalidSlot = status === STATUS_SLOT_A_INVALID || status === STATUS_SLOT_B_INVALID;
    return new RangeError(invalidSlot ? this.#m.lastError() : `sepaxis internal status ${status}`);
  }

  #writePair(a, b) {
    const f = this.#scratch();
    writeVolume(f, SLOT_A, a);
    writeVolume(f, SLOT_B, b);
    return f;
  }

  #decode(index) {
    const status = this.#m._sx_decode(index);
    if (status < 0) throw this.#fail(status);
  }

  /** True when the closed volumes share a point (touching counts). Exact; builds no report. */
  overlaps(a, b) {
    // Sphere–sphere and AABB–AABB cost less than the call into the module: decided in JS with
    // the core's operations (plain-pairs.js); what they leave goes on to the core.
    const r = plainPairOverlap(a, b);
    return r === UNDECIDED ? this.#overlapsInModule(a, b) : r === 1;
  }

  #overlapsInModule(a, b) {
    let f = this.#f64;
    if (f.length === 0) f = this.#scratch();
    // The type codes go along as arguments: the export then reads both volumes directly.
    const r = this.#overlaps(writeVolume(f, SLOT_A, a), writeVolume(f, SLOT_B, b));
    if (r < 0) throw this.#fail(r);
    return r === 1;
  }

  /**
   * The classic k-DOP interval test: compares the slabs both k-DOPs have. Conservative: true
   * whenever they overlap, and also for some pairs separated only along an edge-edge axis.
   */
  overlapsConservative(a, b) {
    if (a?.type !== 'kdop') throw new TypeError(`overlapsConservative compares k-DOPs: a.type must be "kdop", got ${show(a?.type)}`);
    if (b?.type !== 'kdop') throw new TypeError(`overlapsConservative compares k-DOPs: b.type must be "kdop", got ${show(b?.type)}`);
    this.#writePair(a, b);
    const r = this.#m._sx_overlaps_conservative();
    if (r < 0) throw this.#fail(r);
    return r === 1;
  }

  /** The full separating-axis report: every candidate axis with both projection intervals. */
  collide(a, b) {
    this.#writePair(a, b);
    this.#decode(0);
    this.#decode(1);
    return this.#m.collideSlots();
  }

  /** True when the point is inside or on the boundary of the volume. */
  contains(volume, point) {
    const f = this.#scratch();
    writeVolume(f, SLOT_A, volume);
    writeVec3(f, IO_POINT, point, 'point');
    finite3(f, IO_POINT, 'point');
    const r = this.#m._sx_contains();
    if (r < 0) throw this.#fail(r);
    return r === 1;
  }

  /** The point of the volume nearest to `point`, written to `target` ([x, y, z] or {x, y, z}). */
  closestPoint(volume, point, target = [0, 0, 0]) {
    if (target === null || typeof target !== 'object')
      throw new TypeError(`target must be an array of 3 numbers or an {x, y, z} object, got ${show(target)}`);
    const f = this.#scratch();
    writeVolume(f, SLOT_A, volume);
    writeVec3(f, IO_POINT, point, 'point');
    finite3(f, IO_POINT, 'point');
    const r = this.#m._sx_closest_point();
    if (r < 0) throw this.#fail(r);
    return setVec3(target, f, IO_CLOSEST_POINT);
  }

  /**
   * Casts the ray origin + t * normalize(direction), 0 <= t <= maxDistance. Returns null on a miss,
   * else { distance, point, normal, startsInside } (normal is [0, 0, 0] when starting inside), and
   * for a triangle also barycentric: the weights of its corners at the point.
   */
  raycast(volume, origin, direction, maxDistance = Infinity) {
    const f = this.#scratch();
    writeVolume(f, SLOT_A, volume);
    writeVec3(f, IO_ORIGIN, origin, 'origin');
    writeVec3(f, IO_DIRECTION, direction, 'direction');
    finite3(f, IO_ORIGIN, 'origin');
    finite3(f, IO_DIRECTION, 'direction');
    if (f[IO_DIRECTION] === 0 && f[IO_DIRECTION + 1] === 0 && f[IO_DIRECTION + 2] === 0) throw new RangeError('direction must not be the zero vector, got [0, 0, 0]');
    if (typeof maxDistance !== 'number')
      throw new TypeError(`maxDistance must be a number >= 0 (or Infinity), got ${show(maxDistance)}`);
    if (!(maxDistance >= 0))
      throw new RangeError(`maxDistance must be a number >= 0 (or Infinity), got ${show(maxDistance)}`);
    f[IO_MAX_DISTANCE] = maxDistance;
    return this.#hit(f, this.#m._sx_raycast(), volume.type === 'triangle');
  }

  /** The segment from p to q: like raycast, with distance measured from p. */
  segmentCast(volume, p, q) {
    const f = this.#scratch();
    writeVolume(f, SLOT_A, volume);
    writeVec3(f, IO_ORIGIN, p, 'p');
    writeVec3(f, IO_DIRECTION, q, 'q');
    finite3(f, IO_ORIGIN, 'p');
    finite3(f, IO_DIRECTION, 'q');
    return this.#hit(f, this.#m._sx_segment_cast(), volume.type === 'triangle');
  }

  // The result of a cast export (see cpp/bindings/exports.cpp): null on a miss.
  #hit(f, status, triangle) {
    if (status < 0) throw this.#fail(status);
    if (status === 0) return null;
    const hit = {
      distance: f[IO_HIT_DISTANCE],
      point: [f[IO_HIT_POINT], f[IO_HIT_POINT + 1], f[IO_HIT_POINT + 2]],
      normal: [f[IO_HIT_NORMAL], f[IO_HIT_NORMAL + 1], f[IO_HIT_NORMAL + 2]],
      startsInside: f[IO_HIT_STARTS_INSIDE] === 1,
    };
    if (triangle) hit.barycentric = [f[IO_HIT_BARYCENTRIC], f[IO_HIT_BARYCENTRIC + 1], f[IO_HIT_BARYCENTRIC + 2]];
    return hit;
  }

  /**
   * The time of first contact of a and b moving in straight lines (no rotation): a by
   * velocityA * t, b by velocityB * t, 0 <= t <= maxTime. Returns the full report: { hit, time,
   * normal (from a to b), axes: [{ label, kind, featureA, featureB, direction, enter, exit, ... }],
   * decidingAxis }; each axis's [enter, exit] is when the projections overlap on it.
   */
  sweep(a, b, motion = {}) {
    this.#checkMotion(motion, 'sweep');
    const f = this.#writePair(a, b);
    this.#writeMotion(f, motion);
    this.#decode(0);
    this.#decode(1);
    const r = this.#m.sweepSlots();
    if (typeof r === 'string') throw new RangeError(r);
    return r;
  }

  /** sweep() without the axes: { time, normal } of the first contact, or null on a miss. */
  timeOfImpact(a, b, motion = {}) {
    this.#checkMotion(motion, 'timeOfImpact');
    const f = this.#scratch();
    // The type codes go along as arguments, as overlaps() passes them: two OBBs are then read
    // straight from their slots.
    const typeA = writeVolume(f, SLOT_A, a), typeB = writeVolume(f, SLOT_B, b);
    this.#writeMotion(f, motion);
    const status = this.#timeOfImpact(typeA, typeB);
    if (status < 0) throw this.#fail(status);
    if (status === 0) return null;
    return { time: f[IO_SWEEP_TIME], normal: [f[IO_SWEEP_NORMAL], f[IO_SWEEP_NORMAL + 1], f[IO_SWEEP_NORMAL + 2]] };
  }

  // A sweep's call needs the full module and a motion object (checked before the volumes).
  #checkMotion(motion, call) {
    if (this.#timeOfImpact === null) this.#needFullModule(call);
    if (motion === null || typeof motion !== 'object')
      throw new TypeError(`${call}: motion must be an object { velocityA, velocityB, maxTime }, got ${show(motion)}`);
  }

  // The motion into scratch, each field checked and named.
  #writeMotion(f, motion) {
    const { velocityA, velocityB, maxTime = 1 } = motion;
    writeVelocity(f, IO_VELOCITY_A, velocityA, 'velocityA');
    writeVelocity(f, IO_VELOCITY_B, velocityB, 'velocityB');
    if (typeof maxTime !== 'number')
      throw new TypeError(`maxTime must be a number >= 0 (or Infinity), got ${show(maxTime)}`);
    if (!(maxTime >= 0)) throw new RangeError(`maxTime must be a number >= 0 (or Infinity), got ${show(maxTime)}`);
    f[IO_MAX_TIME] = maxTime;
  }

  /**
   * The tightest AABB around the volume, as {type: 'aabb', min, max}; sides past the largest
   * double are clamped to ±Number.MAX_VALUE (cpp/include/sepaxis/bounds.h says why).
   */
  boundingBox(volume) {
    const f = this.#scratch();
    writeVolume(f, SLOT_A, volume);
    const r = this.#m._sx_bounding_box();
    if (r < 0) throw this.#fail(r);
    return {
      type: 'aabb',
      min: [f[IO_BOX_MIN], f[IO_BOX_MIN + 1], f[IO_BOX_MIN + 2]],
      max: [f[IO_BOX_MAX], f[IO_BOX_MAX + 1], f[IO_BOX_MAX + 2]],
    };
  }

  /**
   * The volume under x -> scale * rotate(x) + translation. A rotated AABB becomes an OBB (or, with
   * { enclosingAabb: true }, the AABB around it); a k-DOP becomes the tightest k-DOP around the
   * rotated one. transform: { rotation, translation, scale } (rotation a unit quaternion [x, y, z, w],
   * default identity) or 7 numbers [tx, ty, tz, qx, qy, qz, qw] (pose.js).
   */
  transform(volume, transform = {}, options = {}) {
    if (options === null || typeof options !== 'object')
      throw new TypeError(`options must be an object { enclosingAabb }, got ${show(options)}`);
    const { enclosingAabb = false } = options;
    const f = this.#scratch();
    writeVolume(f, SLOT_A, volume);
    writePose(f, transform, 'transform', true);
    this.#decode(0);
    const result = this.#m.transformSlot(enclosingAabb);
    if (typeof result === 'string') throw new RangeError(result);
    return result;
  }

  /**
   * The corners and edges of a box or k-DOP, for drawing: { vertices: [[x, y, z], ...],
   * edges: [[i, j], ...] }. A k-DOP's are those of its actual polytope (from its half-spaces).
   */
  polytope(volume) {
    writeVolume(this.#scratch(), SLOT_A, volume);
    if (volume.type === 'sphere') throw new TypeError('polytope needs a box or k-DOP: a sphere has no corners');
    this.#decode(0);
    return this.#m.polytopeSlot();
  }

  /**
   * The volume of `type` around a point set: 'aabb' and 'kdop' (with { k }) are the tightest,
   * 'sphere' the smallest sphere ({ method: 'ritter' }: Ritter's, cheaper, a little larger), 'obb'
   * an oriented box: { quality: 'tight' } (the default: within ~1 % of the smallest box, tens of
   * milliseconds for 35,000 points) or 'fast' (linear time, ~1 ms, never larger than the AABB).
   * points: an array of [x, y, z] / {x, y, z}, or a flat array or typed array of x, y, z numbers.
   */
  fit(type, points, options = {}) {
    const codes = { sphere: TYPE_SPHERE, aabb: TYPE_AABB, obb: TYPE_OBB, kdop: TYPE_KDOP };
    if (!(type in codes)) throw new TypeError(`fit type must be "sphere", "aabb", "obb" or "kdop", got ${show(type)}`);
    if (options === null || typeof options !== 'object')
      throw new TypeError(`fit options must be an object { k, quality, method }, got ${show(options)}`);
    const { k, quality, method } = options;
    checkFitMethod(type, method);
    const qualities = { fast: FIT_FAST, tight: FIT_TIGHT };
    if (quality !== undefined && (type !== 'obb' || !Object.hasOwn(qualities, quality)))
      throw new TypeError(type === 'obb' ? `fit options.quality must be "fast" or "tight", got ${show(quality)}`
        : `fit options.quality applies to "obb" only, got ${show(quality)} for "${type}"`);
    if (type === 'obb') this.#needFullModule("fit('obb')");
    const option = type === 'obb' ? qualities[quality ?? 'tight'] : k ?? 0;
    return this.#withPoints(points, (ptr, count) => (method === 'ritter' ? this.#m.fitRitterSphere(ptr, count)
      : this.#m.fitPoints(codes[type], option, ptr, count)));
  }

  /**
   * The convex hull of a point set: { vertices: [[x, y, z], ...], faces: [[i, j, k], ...] }, each
   * vertex one of the points, each face a triangle counter-clockwise seen from outside. Points
   * within 1e-12 of the points' size from the hull are not vertices; a flat set gives its polygon
   * twice (one fan of triangles per side), a line its two ends, a single point itself, with no faces.
   */
  convexHull(points) {
    this.#needFullModule('convexHull');
    return this.#withPoints(points, (ptr, count) => this.#m.convexHullPoints(ptr, count));
  }

  // The module init({ world: false }) loads (for <sepaxis-demo>, which must load little) has the
  // pair tests and the queries; the World, the OBB fit, hulls and sweeps are in init()'s.
  #needFullModule(call) {
    if (!this.#m.sweepSlots)
      throw new Error(`${call}: this instance was loaded with init({ world: false }), whose module has no OBB fit, hulls or sweeps: use init()`);
  }

  // Copies points (see fit) into the heap for call(ptr, count), whose string result is an error.
  #withPoints(points, call) {
    if (points == null || typeof points !== 'object' || typeof points.length !== 'number')
      throw new TypeError(`points must be an array of points or of x, y, z numbers, got ${show(points)}`);
    const flat = points.length > 0 && typeof points[0] === 'number';
    const count = flat ? points.length / 3 : points.length;
    if (!Number.isInteger(count)) throw new RangeError(`points must hold x, y, z triples, got ${points.length} numbers`);
    const ptr = this.#m._malloc(Math.max(1, count) * 24);
    try {
      const f = new Float64Array(this.#m.HEAPF64.buffer, ptr, count * 3);
      if (flat && ArrayBuffer.isView(points)) {
        f.set(points);  // numbers by construction: one copy (the core checks that they are finite)
      } else if (flat) {
        for (let i = 0; i < points.length; i++) {
          if (typeof points[i] !== 'number') throw new TypeError(`points[${i}] must be a number, got ${show(points[i])}`);
          f[i] = points[i];
        }
      } else {
        for (let i = 0; i < count; i++) writeVec3(f, 3 * i, points[i], `points[${i}]`);
      }
      const result = call(ptr, count);
      if (typeof result === 'string') throw new RangeError(result);
      return result;
    } finally {
      this.#m._free(ptr);
    }
  }

  /**
   * The volume a volume encloses (cubic units): 4/3 pi r^3, the product of a box's widths, a
   * k-DOP's from the faces of its polytope. Throws for an invalid volume, as validate() words it.
   */
  volumeOf(volume) {
    writeVolume(this.#scratch(), SLOT_A, volume);
    this.#decode(0);
    return this.#m.volumeSlot();
  }

  /** The problems of a volume, each { message }; an empty array when it is valid. */
  validate(volume) {
    try {
      writeVolume(this.#scratch(), SLOT_A, volume);
      this.#decode(0);
      return [];
    } catch (e) {
      if (e instanceof TypeError || e instanceof RangeError) return [{ message: e.message }];
      throw e;
    }
  }

  /** A batch of `capacity` volumes of one type in the WebAssembly heap (see VolumeBuffer). */
  createVolumeBuffer(type, capacity, { k, precision = 'f64' } = {}) {
    return new VolumeBuffer(this.#host, type, capacity, k, precision);
  }

  /** A batch of `capacity` pairs (a[i], b[i]) for run() (see PairBuffer). */
  createPairBuffer(typeA, typeB, capacity, { kA, kB, precision = 'f64' } = {}) {
    return new PairBuffer(this.#host, typeA, typeB, capacity, kA, kB, precision);
  }

  /**
   * A world of moving bodies that finds every overlapping pair each frame (see World).
   * Options: `capacity`, the bodies it holds without allocating (default 1024).
   */
  createWorld(options = {}) {
    if (!this.#World) throw new Error('createWorld: this instance was loaded with init({ world: false }), whose module has no World: use init()');
    return new this.#World(this.#host, options);
  }

  /**
   * A triangle mesh with a bounding-volume tree (see Mesh): `mesh.positions`, x y z per vertex
   * (Float32Array, Float64Array or array of numbers), `mesh.indices`, three vertex indices per
   * triangle (Uint32Array, Uint16Array or array; without them every three vertices are a
   * triangle). Options: `node`, the tree's volumes ('sphere', 'aabb' (default), 'obb', 'kdop6',
   * 'kdop8', 'kdop14', 'kdop18', 'kdop26'), and `leafSize`, the most triangles a leaf holds (1 to
   * 64, default 8).
   */
  createMesh(mesh, options = {}) {
    return this.#MeshClass('createMesh').create(this.#host, mesh, options);
  }

  /** The mesh `mesh.serialize()` wrote (an ArrayBuffer or typed array), checked, its tree not built again. */
  loadMesh(buffer) {
    return this.#MeshClass('loadMesh').load(this.#host, buffer);
  }

  #MeshClass(call) {
    if (!this.#Mesh) throw new Error(`${call}: this instance was loaded with init({ world: false }), whose module has no meshes: use init()`);
    return this.#Mesh;
  }

  /** overlaps(volume, buffer[i]) for the first `count` elements, in one call. */
  overlapsMany(volume, buffer, count) {
    if (!(buffer instanceof VolumeBuffer)) throw new TypeError(`buffer must be a VolumeBuffer, got ${show(buffer)}`);
    if (count === undefined) count = buffer.count;
    checkCount(count, buffer.capacity);
    writeVolume(this.#scratch(), SLOT_A, volume);
    this.#decode(0);
    const invalid = this.#m._sx_overlaps_one_to_many(buffer.typeCode, buffer.k ?? 0, buffer.ptr, buffer.stride,
      count, buffer.resultsPtr);
    if (invalid > 0) throw this.#batchError(buffer.results, count, [['buffer', buffer]]);
    const results = buffer.results;
    return count === results.length ? results : results.subarray(0, count);  // no new view in the usual case
  }

  #batchError(results, count, sides) {
    const i = results.subarray(0, count).indexOf(BATCH_INVALID);
    for (const [name, side] of sides) {
      const message = side.problem(i);
      if (message) return new RangeError(`${name}[${i}]: ${message}`);
    }
    return new RangeError(`element ${i} is invalid`);
  }

  /** Bytes of WebAssembly memory in use (its size only grows; for leak checks). */
  get heapSize() { return this.#m.HEAPU8.buffer.byteLength; }
}

// fit's { method }: for spheres only, 'minimal' (the default) or 'ritter'.
function checkFitMethod(type, method) {
  if (method === undefined) return;
  if (method !== 'minimal' && method !== 'ritter')
    throw new TypeError(`fit method must be "minimal" or "ritter", got ${show(method)}`);
  if (type !== 'sphere') throw new TypeError(`fit method applies to type "sphere" only, got type ${show(type)}`);
}

function setVec3(target, f, at) {
  if (typeof target.length !== 'number' && 'x' in target) {
    target.x = f[at]; target.y = f[at + 1]; target.z = f[at + 2];
  } else {
    target[0] = f[at]; target[1] = f[at + 1]; target[2] = f[at + 2];
  }
  return target;
}
