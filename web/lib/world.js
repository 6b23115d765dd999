// The world of many moving bodies (Sepaxis.createWorld): the JavaScript face of sepaxis::World
// (cpp/include/sepaxis/world.h) through the plain exports of cpp/bindings/world_exports.cpp.
// Checks the shapes of the arguments here and turns the exports' statuses into errors that name
// the call, the element and the field; the values are checked by the core, before anything
// changes. No geometry here.

import { Mesh, meshHandle } from './mesh.js';
import { POSE_FIELDS, writePose } from './pose.js';
import { show, writeVec3, writeVolume } from './volume.js';
import * as wire from './wire.js';

// The wire's numbers (cpp/bindings/wire.h) as this module's own constants.
const { SLOT_A, STATUS_SLOT_A_INVALID, STATUS_UNKNOWN_BODY, STATUS_INVALID_POSE, STATUS_WORLD_REFUSED, STATUS_DUPLICATE_BODY } = wire;
const { POSE_NUMBERS } = wire;
const IO = wire.IO;
const IO_ORIGIN = IO + wire.IO_ORIGIN, IO_DIRECTION = IO + wire.IO_DIRECTION, IO_MAX_DISTANCE = IO + wire.IO_MAX_DISTANCE;
const IO_HIT_DISTANCE = IO + wire.IO_HIT_DISTANCE, IO_HIT_POINT = IO + wire.IO_HIT_POINT;
const IO_HIT_NORMAL = IO + wire.IO_HIT_NORMAL, IO_HIT_STARTS_INSIDE = IO + wire.IO_HIT_STARTS_INSIDE;
const IO_BODY = IO + wire.IO_BODY, IO_FAILED_INDEX = IO + wire.IO_FAILED_INDEX;
const IO_MESH_TRIANGLE = IO + wire.IO_MESH_TRIANGLE;
const IO_VELOCITY = IO + wire.IO_VELOCITY_A, IO_MAX_TIME = IO + wire.IO_MAX_TIME;
const IO_SWEEP_TIME = IO + wire.IO_SWEEP_TIME, IO_SWEEP_NORMAL = IO + wire.IO_SWEEP_NORMAL;
const { RAY_HIT_BODY, RAY_HIT_DISTANCE, RAY_HIT_POINT, RAY_HIT_NORMAL, RAY_HIT_STARTS_INSIDE, RAY_HIT_TRIANGLE, RAY_HIT_NUMBERS } = wire;

/** A ray or sweep hit's triangle, on a mesh body (the wire gives -1 for a volume body). */
const withTriangle = (hit, triangle) => (triangle >= 0 ? { ...hit, triangle } : hit);
/** A body id's slot: its place in world.poses (times POSE_NUMBERS). */
const SLOT_MASK = 2 ** wire.WORLD_SLOT_BITS - 1;
const MAX_BODIES = 2 ** wire.WORLD_SLOT_BITS;
const MAX_THREADS = wire.WORLD_MAX_THREADS;
const MAX_ID = 0xffffffff;

// Worlds nobody disposed are freed once collected (their helper threads go back to the module).
const worlds = new FinalizationRegistry(({ host, ptr, helpers }) => {
  host.module._sx_world_destroy(ptr);
  host.freeHelperThreads += helpers;
});

const isId = (id) => typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= MAX_ID;

function idError(call, field, id) {
  const E = typeof id === 'number' ? RangeError : TypeError;
  return new E(`${call}: ${field} must be a body id (an integer from 0 to ${MAX_ID}), got ${show(id)}`);
}

function unknownBody(call, id, where = '') {
  return new RangeError(`${call}: body ${id}${where} is not in this world (removed or never added)`);
}

/** The same error with the call's name in front. */
function prefixed(call, e) {
  return e instanceof TypeError || e instanceof RangeError ? new e.constructor(`${call}: ${e.message}`) : e;
}

function finite3(f64, at, call, field) {
  for (let i = 0; i < 3; i++)
    if (!Number.isFinite(f64[at + i])) throw new RangeError(`${call}: ${field}[${i}] must be finite, got ${show(f64[at + i])}`);
}

/**
 * Bodies (a volume in its own frame and a pose) that move, and every overlapping pair of them
 * each frame. Ids are uint32 handles of the core's BodyId (slot and generation): a removed body's
 * id is unknown for good. A call that throws changes nothing.
 */
export class World {
  #host;
  #m;
  #ptr;
  #token = {};
  #stagedIds = null;
  #stagedPoses = null;
  #poses = null;
  #helpers = 0;

  constructor(host, options = {}) {
    if (options === null || typeof options !== 'object')
      throw new TypeError(`createWorld: options must be an object { capacity, threads }, got ${show(options)}`);
    const { capacity = 1024, threads = 1 } = options;
    if (typeof capacity !== 'number' || !Number.isInteger(capacity) || capacity < 1 || capacity > MAX_BODIES)
      throw new (typeof capacity === 'number' ? RangeError : TypeError)(
        `createWorld: options.capacity must be an integer from 1 to ${MAX_BODIES}, got ${show(capacity)}`);
    if (typeof threads !== 'number' || !Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS)
      throw new (typeof threads === 'number' ? RangeError : TypeError)(
        `createWorld: options.threads must be an integer from 1 to ${MAX_THREADS}, got ${show(threads)}`);
    this.#host = host;
    this.#m = host.module;
    this.#ptr = this.#m._sx_world_create(capacity);
    // Threads beyond the first are the module's helper threads (init({ threads })), as many as no
    // other world holds: a world asks for more than that runs on fewer (world.threads).
    const helpers = Math.min(threads - 1, host.freeHelperThreads);
    if (helpers > 0) {
      this.#helpers = this.#m._sx_world_set_threads(this.#ptr, helpers + 1) - 1;
      host.freeHelperThreads -= this.#helpers;
    }
    worlds.register(this, { host, ptr: this.#ptr, helpers: this.#helpers }, this.#token);
    /** Bodies the world holds without allocating (more may be added: the world then grows). */
    Object.defineProperty(this, 'capacity', { value: capacity, enumerable: true });
  }

  #live(call) {
    if (!this.#ptr) throw new Error(`${call}: this world was disposed`);
    return this.#ptr;
  }

  /**
   * Adds a body: `volume` in its own frame, placed by `pose`, { translation, rotation } or 7
   * numbers [tx, ty, tz, qx, qy, qz, qw] (pose.js; default: the identity). Returns its id.
   * `volume` may be a triangle mesh (sx.createMesh): level geometry, or moved as any body. The
   * world shares it (it outlives mesh.dispose(); refitting it is refused while a world holds it);
   * pairs, query, raycast and raycastAll meet its posed triangles exactly (mesh.overlaps). Its
   * pairs come last in pairs(); contacts() has an entry per triangle a volume body meets; sweep
   * meets its posed triangles;
   * worldVolume has none to give.
   */
  add(volume, pose) {
    const ptr = this.#live('world.add');
    const mesh = volume instanceof Mesh ? meshHandle(volume, this.#m, 'world.add') : 0;
    const f = this.#host.scratch();
    try {
      if (!mesh) writeVolume(f, SLOT_A, volume);
      writePose(f, pose, 'pose', false);
    } catch (e) {
      throw prefixed('world.add', e);
    }
    const status = mesh ? this.#m._sx_world_add_mesh(ptr, mesh) : this.#m._sx_world_add(ptr);
    if (status < 0) {
      const message = this.#m.lastError();
      if (status === STATUS_INVALID_POSE) throw new RangeError(`world.add: ${message.replace(/^transform\./, 'pose.')}`);
      throw new RangeError(`world.add: ${message}`);
    }
    return this.#host.scratch()[IO_BODY];
  }

  /** Removes the body; its id is unknown from now on. */
  remove(id) {
    const ptr = this.#live('world.remove');
    if (!isId(id)) throw idError('world.remove', 'id', id);
    if (this.#m._sx_world_remove(ptr, id) === STATUS_UNKNOWN_BODY) throw unknownBody('world.remove', id);
  }

  /** True when `id` is a body of this world. */
  has(id) {
    return isId(id) && this.#m._sx_world_contains(this.#live('world.has'), id) === 1;
  }

  /** How many bodies the world holds. */
  get count() { return this.#m._sx_world_count(this.#live('world.count')); }

  // The staging area's views, for at least n ids and poses: taken afresh when the area moved
  // (add and commitPoses may grow it) or the memory grew.
  #staged(n) {
    const m = this.#m, ptr = this.#ptr;
    const ids = this.#stagedIds;
    if (ids !== null && ids.length >= n && ids.buffer === m.HEAPU8.buffer && ids.byteOffset === m._sx_world_staged_ids(ptr) &&
        this.#stagedPoses.byteOffset === m._sx_world_staged_poses(ptr))
      return ids;
    m._sx_world_stage(ptr, n);
    const capacity = m._sx_world_staged_capacity(ptr), buffer = m.HEAPU8.buffer;
    this.#stagedPoses = new Float64Array(buffer, m._sx_world_staged_poses(ptr), POSE_NUMBERS * capacity);
    return (this.#stagedIds = new Uint32Array(buffer, m._sx_world_staged_ids(ptr), capacity));
  }

  /**
   * Moves bodies: ids (Uint32Array or array) and poses (Float64Array, Float32Array or array), 7
   * numbers per id: tx, ty, tz, qx, qy, qz, qw. Every id and pose is checked before any body moves;
   * an id named twice is an error (the World finds it while it checks the ids).
   */
  setPoses(ids, poses) {
    const ptr = this.#live('world.setPoses');
    const typedIds = ids instanceof Uint32Array;
    if (!typedIds && !Array.isArray(ids))
      throw new TypeError(`world.setPoses: ids must be a Uint32Array or an array of body ids, got ${show(ids)}`);
    const typedPoses = poses instanceof Float64Array || poses instanceof Float32Array;
    if (!typedPoses && !Array.isArray(poses))
      throw new TypeError(`world.setPoses: poses must be a Float64Array, a Float32Array or an array of numbers, 7 per id (tx, ty, tz, qx, qy, qz, qw), got ${show(poses)}`);
    const n = ids.length;
    if (poses.length !== POSE_NUMBERS * n)
      throw new RangeError(`world.setPoses: poses must hold 7 numbers per id (tx, ty, tz, qx, qy, qz, qw): ${n} ids need ${POSE_NUMBERS * n}, got ${poses.length}`);
    const stagedIds = this.#staged(n), stagedPoses = this.#stagedPoses;
    if (typedIds) stagedIds.set(ids);
    else {
      for (let i = 0; i < n; i++) {
        const id = ids[i];
        if (!isId(id)) throw idError('world.setPoses', `ids[${i}]`, id);
        stagedIds[i] = id;
      }
    }
    // A Float32Array is widened exactly: the world holds the very poses the caller has.
    if (typedPoses) stagedPoses.set(poses);
    else {
      for (let i = 0; i < poses.length; i++) {
        const x = poses[i];
        if (typeof x !== 'number')
          throw new TypeError(`world.setPoses: pose[${Math.floor(i / POSE_NUMBERS)}].${POSE_FIELDS[i % POSE_NUMBERS]} (poses[${i}]) must be a number, got ${show(x)}`);
        stagedPoses[i] = x;
      }
    }
    const status = this.#m._sx_world_set_poses(ptr, n);
    if (status !== 0) throw this.#poseError('world.setPoses', status, (i) => ` (ids[${i}])`, (i) => `pose[${i}]`, stagedIds);
  }

  /**
   * The world's own pose storage, 7 numbers per body (tx, ty, tz, qx, qy, qz, qw) at
   * poseIndex(id): write poses in place, then commitPoses(). Holds each body's last pose set.
   * A view of WebAssembly memory: read it again after add() (the storage, or memory, may grow).
   */
  get poses() {
    const ptr = this.#live('world.poses'), m = this.#m;
    const at = m._sx_world_poses(ptr), length = POSE_NUMBERS * m._sx_world_pose_slots(ptr);
    const v = this.#poses;
    if (v !== null && v.buffer === m.HEAPU8.buffer && v.byteOffset === at && v.length === length) return v;
    return (this.#poses = new Float64Array(m.HEAPU8.buffer, at, length));
  }

  /** Where the body's 7 numbers start in `poses`: fixed for the body's life. */
  poseIndex(id) {
    const ptr = this.#live('world.poseIndex');
    if (!isId(id)) throw idError('world.poseIndex', 'id', id);
    if (this.#m._sx_world_contains(ptr, id) !== 1) throw unknownBody('world.poseIndex', id);
    return POSE_NUMBERS * (id & SLOT_MASK);
  }

  /**
   * The body's volume in world space, as the world tests it: sx.transform(volume, pose), bit for
   * bit (a turned AABB is an OBB; a k-DOP the tightest k-DOP around the turned one).
   */
  worldVolume(id) {
    const ptr = this.#live('world.worldVolume');
    if (!isId(id)) throw idError('world.worldVolume', 'id', id);
    const v = this.#m.worldVolume(ptr, id);
    if (v === null && this.#m._sx_world_contains(ptr, id) === 1)
      throw new TypeError(`world.worldVolume: body ${id} is a triangle mesh: it has no volume`);
    if (v === null) throw unknownBody('world.worldVolume', id);
    return v;
  }

  /** Moves every body to its pose in `poses`; all are checked before any moves. */
  commitPoses() {
    const ptr = this.#live('world.commitPoses');
    const status = this.#m._sx_world_commit_poses(ptr);
    if (status !== 0)
      throw this.#poseError('world.commitPoses', status, null, (id) => `body ${id} (world.poses from ${POSE_NUMBERS * (id & SLOT_MASK)}): pose`);
  }

  #poseError(call, status, idWhere, poseName, stagedIds) {
    const at = this.#host.scratch()[IO_FAILED_INDEX];
    const message = this.#m.lastError();
    if (status === STATUS_UNKNOWN_BODY) return unknownBody(call, stagedIds[at], idWhere(at));
    if (status === STATUS_DUPLICATE_BODY) {
      const id = stagedIds[at];
      return new RangeError(`${call}: body ${id} (ids[${at}]) is named twice (also ids[${stagedIds.indexOf(id)}]): a call moves each body once`);
    }
    if (status === STATUS_INVALID_POSE) return new RangeError(`${call}: ${message.replace(/^transform\./, `${poseName(at)}.`)}`);
    if (status === STATUS_WORLD_REFUSED)
      return new RangeError(`${call}: ${message.replace(/^poses\[(\d+)\]: pose\b/, (_, i) => poseName(Number(i)))}`);
    return new Error(`${call}: sepaxis internal status ${status}`);
  }

  /**
   * Every overlapping pair once, as [a0, b0, a1, b1, ...] with a < b. A view of WebAssembly
   * memory, valid until the next call on this world (copy it with slice() to keep it).
   */
  pairs() {
    const ptr = this.#live('world.pairs'), m = this.#m;
    const n = m._sx_world_pairs(ptr);
    return new Uint32Array(m.HEAPU8.buffer, m._sx_world_pairs_data(ptr), 2 * n);
  }

  /**
   * Every overlapping pair with its minimum translation: { pairs, normals, depths, triangles }, pairs as
   * pairs() lists them, and for pair i the unit normal (normals[3i..3i+2]) and depth (depths[i])
   * of sx.collide(worldVolume(a), worldVolume(b)).penetration, bit for bit: moving body b by
   * depth along normal leaves the two touching; triangles[i] -1. A volume body and a mesh body
   * give one entry per triangle that meets the volume, triangles[i] its index: sx.collide of the
   * volume and the posed triangle, in the pair's order. Views of WebAssembly memory, valid until
   * the next call on this world (copy them with slice() to keep them).
   */
  contacts() {
    const ptr = this.#live('world.contacts'), m = this.#m;
    const n = m._sx_world_contacts(ptr);
    const buffer = m.HEAPU8.buffer;
    return {
      pairs: new Uint32Array(buffer, m._sx_world_contact_pairs(ptr), 2 * n),
      normals: new Float64Array(buffer, m._sx_world_contact_normals(ptr), 3 * n),
      depths: new Float64Array(buffer, m._sx_world_contact_depths(ptr), n),
      triangles: new Int32Array(buffer, m._sx_world_contact_triangles(ptr), n),
    };
  }

  /**
   * How many pairs the broad phase hands to the exact tests: those whose padded bounding boxes
   * meet (at least pairs().length / 2). Runs the broad phase alone: what a frame costs before the
   * exact tests, and how well the bodies' boxes fit them.
   */
  broadPhasePairCount() {
    const ptr = this.#live('world.broadPhasePairCount');
    return this.#m._sx_world_broad_phase_pair_count(ptr);
  }

  /** The ids of the bodies whose world volume overlaps `volume` (world space), a new array. */
  query(volume) {
    const ptr = this.#live('world.query'), m = this.#m;
    try {
      writeVolume(this.#host.scratch(), SLOT_A, volume);
    } catch (e) {
      throw prefixed('world.query', e);
    }
    const n = m._sx_world_query(ptr);
    if (n < 0) throw new RangeError(`world.query: ${n === STATUS_SLOT_A_INVALID ? m.lastError() : m.lastError() || `sepaxis internal status ${n}`}`);
    return new Uint32Array(m.HEAPU8.buffer, m._sx_world_found_data(ptr), n).slice();
  }

  /**
   * The closest body hit by origin + t * normalize(direction), 0 <= t <= maxDistance (ties: the
   * smaller id): { id, distance, point, normal, startsInside }, and on a mesh body the index of
   * the triangle hit (`triangle`, as mesh.raycast gives it); or null.
   */
  raycast(origin, direction, maxDistance = Infinity) {
    const ptr = this.#live('world.raycast');
    this.#writeRay('world.raycast', origin, direction, maxDistance);
    const status = this.#m._sx_world_raycast(ptr);
    if (status < 0) throw new RangeError(`world.raycast: ${this.#m.lastError()}`);
    if (status === 0) return null;
    const f = this.#host.scratch();  // the same view unless the call grew memory
    return withTriangle({
      id: f[IO_BODY],
      distance: f[IO_HIT_DISTANCE],
      point: [f[IO_HIT_POINT], f[IO_HIT_POINT + 1], f[IO_HIT_POINT + 2]],
      normal: [f[IO_HIT_NORMAL], f[IO_HIT_NORMAL + 1], f[IO_HIT_NORMAL + 2]],
      startsInside: f[IO_HIT_STARTS_INSIDE] === 1,
    }, f[IO_MESH_TRIANGLE]);
  }

  /**
   * Every body the ray meets within maxDistance, nearest first (ties: the smaller id), each as
   * raycast would report it were it alone: [{ id, distance, point, normal, startsInside }, ...].
   */
  raycastAll(origin, direction, maxDistance = Infinity) {
    const ptr = this.#live('world.raycastAll');
    this.#writeRay('world.raycastAll', origin, direction, maxDistance);
    const m = this.#m;
    const n = m._sx_world_raycast_all(ptr);
    if (n < 0) throw new RangeError(`world.raycastAll: ${m.lastError()}`);
    const h = new Float64Array(m.HEAPU8.buffer, m._sx_world_hits_data(ptr), n * RAY_HIT_NUMBERS);
    return Array.from({ length: n }, (_, i) => {
      const at = i * RAY_HIT_NUMBERS;
      return withTriangle({
        id: h[at + RAY_HIT_BODY],
        distance: h[at + RAY_HIT_DISTANCE],
        point: [h[at + RAY_HIT_POINT], h[at + RAY_HIT_POINT + 1], h[at + RAY_HIT_POINT + 2]],
        normal: [h[at + RAY_HIT_NORMAL], h[at + RAY_HIT_NORMAL + 1], h[at + RAY_HIT_NORMAL + 2]],
        startsInside: h[at + RAY_HIT_STARTS_INSIDE] === 1,
      }, h[at + RAY_HIT_TRIANGLE]);
    });
  }

  /** A ray's numbers into io, checked as every ray of the world is. */
  #writeRay(call, origin, direction, maxDistance) {
    const f = this.#host.scratch();
    try {
      writeVec3(f, IO_ORIGIN, origin, 'origin');
      writeVec3(f, IO_DIRECTION, direction, 'direction');
    } catch (e) {
      throw prefixed(call, e);
    }
    finite3(f, IO_ORIGIN, call, 'origin');
    finite3(f, IO_DIRECTION, call, 'direction');
    if (f[IO_DIRECTION] === 0 && f[IO_DIRECTION + 1] === 0 && f[IO_DIRECTION + 2] === 0)
      throw new RangeError(`${call}: direction must not be the zero vector, got [0, 0, 0]`);
    if (typeof maxDistance !== 'number')
      throw new TypeError(`${call}: maxDistance must be a number >= 0 (or Infinity), got ${show(maxDistance)}`);
    if (!(maxDistance >= 0))
      throw new RangeError(`${call}: maxDistance must be a number >= 0 (or Infinity), got ${show(maxDistance)}`);
    f[IO_MAX_DISTANCE] = maxDistance;
  }

  /**
   * The first body the world-space `volume`, moving by velocity * t for 0 <= t <= maxTime, touches
   * (ties: the smaller id), leaving out `options.exclude` (a character's own body): { id, time,
   * normal } as sx.timeOfImpact(volume, the body's world volume) gives them, or null. A mesh body
   * counts as its posed triangles: the hit then names the triangle touched (`triangle`; ties: the
   * lowest index).
   */
  sweep(volume, velocity, maxTime = Infinity, options = {}) {
    const ptr = this.#live('world.sweep');
    let f = this.#host.scratch();
    try {
      writeVolume(f, SLOT_A, volume);
      writeVec3(f, IO_VELOCITY, velocity, 'velocity');
    } catch (e) {
      throw prefixed('world.sweep', e);
    }
    finite3(f, IO_VELOCITY, 'world.sweep', 'velocity');
    if (typeof maxTime !== 'number')
      throw new TypeError(`world.sweep: maxTime must be a number >= 0 (or Infinity), got ${show(maxTime)}`);
    if (!(maxTime >= 0))
      throw new RangeError(`world.sweep: maxTime must be a number >= 0 (or Infinity), got ${show(maxTime)}`);
    if (options === null || typeof options !== 'object')
      throw new TypeError(`world.sweep: options must be an object { exclude }, got ${show(options)}`);
    const exclude = options.exclude ?? 0;
    if (!Number.isInteger(exclude) || exclude < 0 || exclude > 0xffffffff)
      throw new TypeError(`world.sweep: options.exclude must be a body id, got ${show(options.exclude)}`);
    f[IO_MAX_TIME] = maxTime;
    f[IO_BODY] = exclude;
    const status = this.#m._sx_world_sweep(ptr);
    if (status < 0) throw new RangeError(`world.sweep: ${this.#m.lastError()}`);
    if (status === 0) return null;
    f = this.#host.scratch();  // the same view unless the call grew memory
    return withTriangle({
      id: f[IO_BODY], time: f[IO_SWEEP_TIME], normal: [f[IO_SWEEP_NORMAL], f[IO_SWEEP_NORMAL + 1], f[IO_SWEEP_NORMAL + 2]],
    }, f[IO_MESH_TRIANGLE]);
  }

  get disposed() { return this.#ptr === 0; }

  /** Frees the world's WebAssembly memory (also done, eventually, when it is collected). */
  dispose() {
    if (!this.#ptr) return;
    worlds.unregister(this.#token);
    this.#m._sx_world_destroy(this.#ptr);
    this.#host.freeHelperThreads += this.#helpers;
    this.#helpers = 0;
    this.#ptr = 0;
    this.#stagedIds = this.#stagedPoses = this.#poses = null;
  }

  /** The threads setPoses and pairs() run on: 1 and the helper threads this world holds. */
  get threads() { return 1 + this.#helpers; }

  [Symbol.dispose]() { this.dispose(); }
}
