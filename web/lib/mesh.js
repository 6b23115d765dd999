// Triangle meshes with a bounding-volume tree (Sepaxis.createMesh, Sepaxis.loadMesh): the
// JavaScript face of sepaxis::Mesh (cpp/include/sepaxis/mesh.h) through the plain exports of
// cpp/bindings/mesh_exports.cpp. Arrays are copied into the WebAssembly heap once, queries pass
// their numbers through the scratch area's io (wire.h); the shapes of the arguments are checked
// here, the values by the core, before anything changes. No geometry here.

import { writePose } from './pose.js';
import { show, writeVec3, writeVolume } from './volume.js';
import * as wire from './wire.js';

const { STATUS_MESH_REFUSED, MESH_NODE_SPHERE, MESH_NODE_KDOP26, MESH_MAX_LEAF_SIZE } = wire;
const IO = wire.IO;
const IO_POINT = IO + wire.IO_POINT, IO_CLOSEST_POINT = IO + wire.IO_CLOSEST_POINT;
const IO_ORIGIN = IO + wire.IO_ORIGIN, IO_DIRECTION = IO + wire.IO_DIRECTION, IO_MAX_DISTANCE = IO + wire.IO_MAX_DISTANCE;
const IO_HIT_DISTANCE = IO + wire.IO_HIT_DISTANCE, IO_HIT_POINT = IO + wire.IO_HIT_POINT;
const IO_HIT_NORMAL = IO + wire.IO_HIT_NORMAL, IO_HIT_BARYCENTRIC = IO + wire.IO_HIT_BARYCENTRIC;
const IO_MESH_TRIANGLE = IO + wire.IO_MESH_TRIANGLE, IO_MESH_DISTANCE = IO + wire.IO_MESH_DISTANCE;
const IO_MESH_POSE = IO + wire.IO_MESH_POSE, IO_ROTATION = IO + wire.IO_ROTATION, IO_FAILED_INDEX = IO + wire.IO_FAILED_INDEX;
/** A pose in io: rotation (4), translation (3), scale (1). */
const POSE_IO_NUMBERS = 8;
const { SLOT_A, STATUS_INVALID_POSE } = wire;

// Meshes nobody disposed are freed once collected, with their batch calls' staging block.
const meshes = new FinalizationRegistry((held) => {
  held.module._sx_mesh_destroy(held.ptr);
  if (held.staging) held.module._free(held.staging);
});

/** Rays or points a batch call stages in the heap at once: its block's size stays fixed. */
const BATCH_CHUNK = 1024;
/** The staging block's bytes: a chunk of rays' origins, directions and every result (raycastMany). */
const STAGING_BYTES = BATCH_CHUNK * (16 * 8 + 4);

function checkCoordinates(call, name, array) {
  if (!(array instanceof Float64Array || array instanceof Float32Array))
    throw new TypeError(`${call}: ${name} must be a Float64Array or a Float32Array (x, y, z each), got ${show(array)}`);
  if (array.length % 3 !== 0)
    throw new RangeError(`${call}: ${name}.length must be a multiple of 3 (x, y, z each), got ${array.length}`);
}

/** The first number of `array` (x, y, z of each `what`) that is not finite: a RangeError naming it. */
function checkFinite(call, name, array, what) {
  for (let i = 0; i < array.length; i++) {
    if (!Number.isFinite(array[i]))
      throw new RangeError(`${call}: ${name}[${i}] (${what} ${Math.floor(i / 3)}) must be finite, got ${show(array[i])}`);
  }
}

/** results[field] of each [field, Type, numbers per item, optional], long enough for `count` items. */
function checkResults(call, results, fields, count) {
  if (results === null || typeof results !== 'object')
    throw new TypeError(`${call}: results must be an object { ${fields.map(([f]) => f).join(', ')} } of typed arrays, got ${show(results)}`);
  for (const [field, Type, per, optional] of fields) {
    const array = results[field];
    if (array === undefined && optional) continue;
    if (!(array instanceof Type))
      throw new TypeError(`${call}: results.${field} must be ${optional ? 'absent or ' : ''}${/^[AEIOU]/.test(Type.name) ? 'an' : 'a'} ${Type.name}, got ${show(array)}`);
    if (array.length < per * count)
      throw new RangeError(`${call}: results.${field}.length must be at least ${per * count} (${per} for each of ${count}), got ${array.length}`);
  }
}

const RAY_RESULTS = [['triangle', Int32Array, 1], ['distance', Float64Array, 1], ['point', Float64Array, 3, true],
  ['normal', Float64Array, 3, true], ['barycentric', Float64Array, 3, true]];
const POINT_RESULTS = [['triangle', Int32Array, 1], ['distance', Float64Array, 1], ['point', Float64Array, 3, true]];

/** The node types' names by code (the core's own names, asked once per module). */
const nodeNamesOf = new WeakMap();
function nodeNames(module) {
  let names = nodeNamesOf.get(module);
  if (!names) {
    names = [];
    for (let code = MESH_NODE_SPHERE; code <= MESH_NODE_KDOP26; code++) names.push(module.meshNodeName(code));
    nodeNamesOf.set(module, names);
  }
  return names;
}

function finite3(f64, at, call, field) {
  for (let i = 0; i < 3; i++)
    if (!Number.isFinite(f64[at + i])) throw new RangeError(`${call}: ${field}[${i}] must be finite, got ${show(f64[at + i])}`);
}

function checkMaxDistance(call, maxDistance) {
  if (typeof maxDistance !== 'number')
    throw new TypeError(`${call}: maxDistance must be a number >= 0 (or Infinity), got ${show(maxDistance)}`);
  if (!(maxDistance >= 0))
    throw new RangeError(`${call}: maxDistance must be a number >= 0 (or Infinity), got ${show(maxDistance)}`);
}

/**
 * Copies `positions` (Float64Array, Float32Array or array of numbers, x y z per vertex) into a new
 * block of the heap as doubles, and calls use(ptr, vertexCount); the block is freed after.
 */
function withPositions(module, call, positions, use) {
  const typed = positions instanceof Float64Array || positions instanceof Float32Array;
  if (!typed && !Array.isArray(positions))
    throw new TypeError(`${call}: positions must be a Float32Array, a Float64Array or an array of numbers (x, y, z per vertex), got ${show(positions)}`);
  if (positions.length % 3 !== 0)
    throw new RangeError(`${call}: positions.length must be a multiple of 3 (x, y, z per vertex), got ${positions.length}`);
  const ptr = module._malloc(Math.max(1, positions.length) * 8);
  try {
    const heap = new Float64Array(module.HEAPU8.buffer, ptr, positions.length);
    // A Float32Array is widened exactly: the mesh holds the very vertices the caller has.
    if (typed) heap.set(positions);
    else {
      for (let i = 0; i < positions.length; i++) {
        const x = positions[i];
        if (typeof x !== 'number') throw new TypeError(`${call}: positions[${i}] must be a number, got ${show(x)}`);
        heap[i] = x;
      }
    }
    return use(ptr, positions.length / 3);
  } finally {
    module._free(ptr);
  }
}

/** Copies `indices` (Uint32Array, Uint16Array, array, or undefined/null for none) into the heap for use(ptr, count). */
function withIndices(module, indices, use) {
  if (indices == null) return use(0, 0);
  const typed = indices instanceof Uint32Array || indices instanceof Uint16Array;
  if (!typed && !Array.isArray(indices))
    throw new TypeError(`createMesh: indices must be a Uint32Array, a Uint16Array or an array of vertex indices (3 per triangle), got ${show(indices)}`);
  const ptr = module._malloc(Math.max(1, indices.length) * 4);
  try {
    const heap = new Uint32Array(module.HEAPU8.buffer, ptr, indices.length);
    if (typed) heap.set(indices);
    else {
      for (let i = 0; i < indices.length; i++) {
        const v = indices[i];
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff)
          throw new (typeof v === 'number' ? RangeError : TypeError)(`createMesh: indices[${i}] must be a vertex index (an integer from 0), got ${show(v)}`);
        heap[i] = v;
      }
    }
    return use(ptr, indices.length);
  } finally {
    module._free(ptr);
  }
}

/** options.node and options.leafSize as the exports take them. */
function meshOptions(module, options) {
  if (options === null || typeof options !== 'object')
    throw new TypeError(`createMesh: options must be an object { node, leafSize }, got ${show(options)}`);
  const { node = 'aabb', leafSize = 8 } = options;
  const names = nodeNames(module);
  const code = names.indexOf(node);
  if (typeof node !== 'string' || code < 0)
    throw new TypeError(`createMesh: options.node must be one of ${names.map((n) => `"${n}"`).join(', ')}, got ${show(node)}`);
  if (typeof leafSize !== 'number' || !Number.isInteger(leafSize) || leafSize < 1 || leafSize > MESH_MAX_LEAF_SIZE)
    throw new (typeof leafSize === 'number' ? RangeError : TypeError)(
      `createMesh: options.leafSize must be an integer from 1 to ${MESH_MAX_LEAF_SIZE}, got ${show(leafSize)}`);
  return { code, leafSize };
}

/**
 * A triangle mesh and its bounding-volume tree, in the mesh's own frame: first-hit rays, closest
 * points, refits of moved vertices, the tree's levels for drawing, and its bytes to ship. The
 * answers are those of testing every triangle (`sx.raycast` / `sx.closestPoint` on each
 * `{type: 'triangle'}`), bit for bit. A call that throws changes nothing.
 */
/**
 * The handle of a mesh of `module` for another part of the package (world.add holds the mesh as a
 * body), or an error naming `call`. Not part of the package's API (index.js does not export it).
 */
export let meshHandle;

export class Mesh {
  #host;
  #m;
  #ptr;
  #token = {};
  /** What the registry frees: the handle and, once a batch call made it, the staging block. */
  #held;

  static {
    meshHandle = (mesh, module, call) => {
      if (mesh.#m !== module) throw new TypeError(`${call}: the mesh belongs to another module (another init())`);
      if (!mesh.#ptr) throw new Error(`${call}: the mesh was disposed`);
      return mesh.#ptr;
    };
  }

  /** Use sx.createMesh or sx.loadMesh. */
  constructor(host, ptr) {
    this.#host = host;
    this.#m = host.module;
    this.#ptr = ptr;
    this.#held = { module: this.#m, ptr, staging: 0 };
    meshes.register(this, this.#held, this.#token);
  }

  /** The mesh of { positions, indices } with a tree of options.node volumes (Sepaxis.createMesh). */
  static create(host, geometry, options = {}) {
    const m = host.module;
    if (geometry === null || typeof geometry !== 'object')
      throw new TypeError(`createMesh: the mesh must be an object { positions, indices }, got ${show(geometry)}`);
    const { code, leafSize } = meshOptions(m, options);
    const ptr = withPositions(m, 'createMesh', geometry.positions, (positions, vertexCount) =>
      withIndices(m, geometry.indices, (indices, indexCount) =>
        m._sx_mesh_create(positions, vertexCount, indices, indexCount, code, leafSize)));
    if (!ptr) throw new RangeError(`createMesh: ${m.lastError()}`);
    return new Mesh(host, ptr);
  }

  /** The mesh serialize() wrote (Sepaxis.loadMesh). */
  static load(host, buffer) {
    const m = host.module;
    const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer)
      : ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : null;
    if (!bytes) throw new TypeError(`loadMesh: buffer must be an ArrayBuffer or a typed array (what mesh.serialize() returned), got ${show(buffer)}`);
    const at = m._malloc(Math.max(1, bytes.length));
    let ptr;
    try {
      m.HEAPU8.set(bytes, at);
      ptr = m._sx_mesh_load(at, bytes.length);
    } finally {
      m._free(at);
    }
    if (!ptr) throw new RangeError(`loadMesh: ${m.lastError()}`);
    return new Mesh(host, ptr);
  }

  #live(call) {
    if (!this.#ptr) throw new Error(`${call}: this mesh was disposed`);
    return this.#ptr;
  }

  /** Triangles of the mesh. */
  get triangleCount() { return this.#m._sx_mesh_triangle_count(this.#live('mesh.triangleCount')); }
  /** Vertices of the mesh. */
  get vertexCount() { return this.#m._sx_mesh_vertex_count(this.#live('mesh.vertexCount')); }
  /** Nodes of the tree (node 0 is the root). */
  get nodeCount() { return this.#m._sx_mesh_node_count(this.#live('mesh.nodeCount')); }
  /** Levels below the root: 0 when the root is a leaf. */
  get depth() { return this.#m._sx_mesh_depth(this.#live('mesh.depth')); }
  /** Bytes of WebAssembly memory the mesh keeps (vertices, triangles, nodes and their volumes). */
  get byteLength() { return this.#m._sx_mesh_byte_length(this.#live('mesh.byteLength')); }
  /** The node type: 'sphere', 'aabb', 'obb', 'kdop6', 'kdop8', 'kdop14', 'kdop18' or 'kdop26'. */
  get node() { return nodeNames(this.#m)[this.#m._sx_mesh_node_type(this.#live('mesh.node'))]; }
  /** The most triangles a leaf holds. */
  get leafSize() { return this.#m._sx_mesh_leaf_size(this.#live('mesh.leafSize')); }

  /** What the last raycast or closestPoint tested: { volumeTests, triangleTests }. */
  get lastQuery() {
    const ptr = this.#live('mesh.lastQuery');
    return { volumeTests: this.#m._sx_mesh_volume_tests(ptr), triangleTests: this.#m._sx_mesh_triangle_tests(ptr) };
  }

  /**
   * The first triangle the ray origin + t * normalize(direction), 0 <= t <= maxDistance, meets
   * (of triangles met at the same distance, the lowest index): { triangle, distance, point,
   * normal, barycentric } (the weights of the triangle's corners a, b, c at the point), or null.
   */
  raycast(origin, direction, maxDistance = Infinity) {
    return this.#ray('mesh.raycast', origin, direction, maxDistance, false);
  }

  /**
   * raycast() with its descent recorded, in the order it tested: { hit, steps, triangles }. hit:
   * raycast()'s answer (or null); steps: an Int32Array [node, -1, meets, ...], one triple a node
   * whose volume the ray was tested against (meets 1: the ray enters it within the nearest hit so
   * far, else maxDistance, and the descent goes below it; 0: missed); triangles: [triangle, -1,
   * hit, ...], one triple a triangle tested (hit 1: the ray meets it within that distance). Their
   * counts are lastQuery's.
   */
  traceRaycast(origin, direction, maxDistance = Infinity) {
    const hit = this.#ray('mesh.traceRaycast', origin, direction, maxDistance, true);
    return this.#trace({ hit });
  }

  #ray(call, origin, direction, maxDistance, traced) {
    const ptr = this.#live(call);
    let f = this.#host.scratch();
    try {
      writeVec3(f, IO_ORIGIN, origin, 'origin');
      writeVec3(f, IO_DIRECTION, direction, 'direction');
    } catch (e) {
      throw new e.constructor(`${call}: ${e.message}`);
    }
    finite3(f, IO_ORIGIN, call, 'origin');
    finite3(f, IO_DIRECTION, call, 'direction');
    if (f[IO_DIRECTION] === 0 && f[IO_DIRECTION + 1] === 0 && f[IO_DIRECTION + 2] === 0)
      throw new RangeError(`${call}: direction must not be the zero vector, got [0, 0, 0]`);
    checkMaxDistance(call, maxDistance);
    f[IO_MAX_DISTANCE] = maxDistance;
    if (this.#m._sx_mesh_raycast(ptr, traced ? 1 : 0) === 0) return null;
    f = this.#host.scratch();
    return {
      triangle: f[IO_MESH_TRIANGLE],
      distance: f[IO_HIT_DISTANCE],
      point: [f[IO_HIT_POINT], f[IO_HIT_POINT + 1], f[IO_HIT_POINT + 2]],
      normal: [f[IO_HIT_NORMAL], f[IO_HIT_NORMAL + 1], f[IO_HIT_NORMAL + 2]],
      barycentric: [f[IO_HIT_BARYCENTRIC], f[IO_HIT_BARYCENTRIC + 1], f[IO_HIT_BARYCENTRIC + 2]],
    };
  }

  /**
   * The point of the mesh nearest to `point` within maxDistance (of triangles at the same
   * distance, the lowest index): { triangle, point, distance }, or null when every triangle is
   * farther.
   */
  closestPoint(point, maxDistance = Infinity) {
    const ptr = this.#live('mesh.closestPoint');
    let f = this.#host.scratch();
    try {
      writeVec3(f, IO_POINT, point, 'point');
    } catch (e) {
      throw new e.constructor(`mesh.closestPoint: ${e.message}`);
    }
    finite3(f, IO_POINT, 'mesh.closestPoint', 'point');
    checkMaxDistance('mesh.closestPoint', maxDistance);
    f[IO_MAX_DISTANCE] = maxDistance;
    if (this.#m._sx_mesh_closest_point(ptr) === 0) return null;
    f = this.#host.scratch();
    return {
      triangle: f[IO_MESH_TRIANGLE],
      point: [f[IO_CLOSEST_POINT], f[IO_CLOSEST_POINT + 1], f[IO_CLOSEST_POINT + 2]],
      distance: f[IO_MESH_DISTANCE],
    };
  }

  /**
   * raycast() of many rays in one call: ray i from origins[3i..3i+2] along directions[3i..3i+2]
   * (Float64Arrays or Float32Arrays). Its hit goes to results.triangle[i] (an Int32Array; -1 for
   * none) and results.distance[i] (a Float64Array; Infinity for none), and into the optional
   * Float64Arrays results.point, results.normal and results.barycentric at [3i..3i+2] (NaN for
   * none). Allocates no WebAssembly memory after the first batch call and no object per ray;
   * returns the number of rays that hit. Every ray is checked before anything is written.
   * lastQuery: the batch's sums.
   */
  raycastMany(origins, directions, results, maxDistance = Infinity) {
    const call = 'mesh.raycastMany';
    const ptr = this.#live(call);
    checkCoordinates(call, 'origins', origins);
    checkCoordinates(call, 'directions', directions);
    if (directions.length !== origins.length)
      throw new RangeError(`${call}: directions.length must be origins.length, ${origins.length}, got ${directions.length}`);
    const n = origins.length / 3;
    checkResults(call, results, RAY_RESULTS, n);
    checkMaxDistance(call, maxDistance);
    checkFinite(call, 'origins', origins, 'ray');
    checkFinite(call, 'directions', directions, 'ray');
    for (let i = 0; i < n; i++) {
      if (directions[3 * i] === 0 && directions[3 * i + 1] === 0 && directions[3 * i + 2] === 0)
        throw new RangeError(`${call}: directions[${3 * i}..${3 * i + 2}] (ray ${i}) must not be the zero vector, got [0, 0, 0]`);
    }
    const m = this.#m, base = this.#staging();
    const { point, normal, barycentric } = results;
    // A chunk's arrays in the staging block: origins, directions, distance, point, normal,
    // barycentric (doubles: 3, 3, 1, 3, 3, 3 per ray), then triangle (int32s).
    const at = (doublesBefore) => base + doublesBefore * 8 * BATCH_CHUNK;
    let hits = 0;
    for (let first = 0; first < n; first += BATCH_CHUNK) {
      const count = Math.min(BATCH_CHUNK, n - first);
      const f64 = (doublesBefore, per) => new Float64Array(m.HEAPU8.buffer, at(doublesBefore), per * count);
      f64(0, 3).set(origins.subarray(3 * first, 3 * (first + count)));
      f64(3, 3).set(directions.subarray(3 * first, 3 * (first + count)));
      const got = m._sx_mesh_raycast_many(ptr, at(0), at(3), count, maxDistance, first === 0 ? 1 : 0, at(16), at(6),
        point ? at(7) : 0, normal ? at(10) : 0, barycentric ? at(13) : 0);
      if (got < 0) throw new RangeError(`${call}: ray ${first - 1 - got} was refused`);
      hits += got;
      results.triangle.set(new Int32Array(m.HEAPU8.buffer, at(16), count), first);
      results.distance.set(f64(6, 1), first);
      if (point) point.set(f64(7, 3), 3 * first);
      if (normal) normal.set(f64(10, 3), 3 * first);
      if (barycentric) barycentric.set(f64(13, 3), 3 * first);
    }
    return hits;
  }

  /**
   * closestPoint() of many points in one call: point i at points[3i..3i+2] (a Float64Array or a
   * Float32Array). Its answer goes to results.triangle[i] (an Int32Array; -1 when every triangle
   * lies beyond maxDistance) and results.distance[i] (a Float64Array; Infinity for none), and into
   * the optional Float64Array results.point at [3i..3i+2] (NaN for none). Allocates as
   * raycastMany; returns the number of points answered. Every point is checked before anything
   * is written. lastQuery: the batch's sums.
   */
  closestPointMany(points, results, maxDistance = Infinity) {
    const call = 'mesh.closestPointMany';
    const ptr = this.#live(call);
    checkCoordinates(call, 'points', points);
    const n = points.length / 3;
    checkResults(call, results, POINT_RESULTS, n);
    checkMaxDistance(call, maxDistance);
    checkFinite(call, 'points', points, 'point');
    const m = this.#m, base = this.#staging();
    const { point } = results;
    // A chunk's arrays: points, distance, closest points (doubles: 3, 1, 3 per point), then triangle.
    const at = (doublesBefore) => base + doublesBefore * 8 * BATCH_CHUNK;
    let found = 0;
    for (let first = 0; first < n; first += BATCH_CHUNK) {
      const count = Math.min(BATCH_CHUNK, n - first);
      const f64 = (doublesBefore, per) => new Float64Array(m.HEAPU8.buffer, at(doublesBefore), per * count);
      f64(0, 3).set(points.subarray(3 * first, 3 * (first + count)));
      const got = m._sx_mesh_closest_point_many(ptr, at(0), count, maxDistance, first === 0 ? 1 : 0, at(7), at(3),
        point ? at(4) : 0);
      if (got < 0) throw new RangeError(`${call}: point ${first - 1 - got} was refused`);
      found += got;
      results.triangle.set(new Int32Array(m.HEAPU8.buffer, at(7), count), first);
      results.distance.set(f64(3, 1), first);
      if (point) point.set(f64(4, 3), 3 * first);
    }
    return found;
  }

  /** The staging block of the batch calls, made at the first. */
  #staging() {
    if (!this.#held.staging) {
      const block = this.#m._malloc(STAGING_BYTES);
      if (!block) throw new RangeError(`out of WebAssembly memory allocating ${STAGING_BYTES} bytes`);
      this.#held.staging = block;
    }
    return this.#held.staging;
  }

  /**
   * Whether some triangle of the mesh, placed by `pose` ({ translation, rotation, scale } or 7
   * numbers; absent: as it is), overlaps the world-space `volume` (any volume, a triangle too):
   * the answer of sx.overlaps on each posed triangle. The tree is not moved; lastQuery counts.
   */
  overlaps(volume, pose) {
    return this.#volumeQuery('mesh.overlaps', volume, pose, false) === 1;
  }

  /**
   * overlaps() with its descent recorded, in the order it tested: { overlaps, steps, triangles }.
   * steps: an Int32Array [node, -1, meets, ...], one triple a volume test (meets 1: the node's
   * volume may meet the volume, the descent goes below it; 0: apart); triangles: [triangle, -1,
   * meets, ...], one triple a triangle test. Their counts are lastQuery's. A node never tested lies
   * below a node tested apart, or after the first overlapping triangle, where the query stops.
   */
  traceOverlaps(volume, pose) {
    const status = this.#volumeQuery('mesh.traceOverlaps', volume, pose, true);
    return this.#trace({ overlaps: status === 1 });
  }

  #volumeQuery(call, volume, pose, traced) {
    const ptr = this.#live(call);
    const f = this.#host.scratch();
    try {
      writeVolume(f, SLOT_A, volume);
      writePose(f, pose, 'pose', true);
    } catch (e) {
      throw new e.constructor(`${call}: ${e.message}`);
    }
    const status = traced ? this.#m._sx_mesh_trace_overlaps(ptr) : this.#m._sx_mesh_overlaps(ptr);
    if (status < 0) throw new RangeError(`${call}: ${this.#poseMessage(status, 'pose')}`);
    return status;
  }

  /** The last traced query's record, copied out of the module, after `answer`'s fields. */
  #trace(answer) {
    const m = this.#m, ptr = this.#ptr;
    const copy = (at, n) => new Int32Array(m.HEAPU8.buffer, at, 3 * n).slice();
    return {
      ...answer,
      steps: copy(m._sx_mesh_trace_steps(ptr), m._sx_mesh_volume_tests(ptr)),
      triangles: copy(m._sx_mesh_trace_triangles(ptr), m._sx_mesh_triangle_tests(ptr)),
    };
  }

  /**
   * Whether some triangle of this mesh placed by `pose` overlaps some triangle of `other` placed
   * by `otherPose` (the same mesh too); stops at the first such pair. Both trees are descended at
   * once and neither is moved. lastQuery counts.
   */
  overlapsMesh(pose, other, otherPose) {
    return this.#meshQuery('mesh.overlapsMesh', pose, other, otherPose, false) === 1;
  }

  /**
   * overlapsMesh() with its descent recorded (as traceOverlaps'): steps [node, otherNode, meets,
   * ...], one triple a pair of nodes tested; triangles [triangle, otherTriangle, meets, ...].
   */
  traceOverlapsMesh(pose, other, otherPose) {
    const status = this.#meshQuery('mesh.traceOverlapsMesh', pose, other, otherPose, false, true);
    return this.#trace({ overlaps: status === 1 });
  }

  /**
   * Every overlapping pair of triangles of this mesh placed by `pose` and `other` placed by
   * `otherPose`: a new Uint32Array [triA0, triB0, triA1, triB1, ...] of input triangle indices,
   * sorted by A's, then B's; the pairs sx.overlaps finds testing every pair. lastQuery counts.
   */
  trianglePairs(pose, other, otherPose) {
    const n = this.#meshQuery('mesh.trianglePairs', pose, other, otherPose, true);
    return new Uint32Array(this.#m.HEAPU8.buffer, this.#m._sx_mesh_pairs_data(this.#ptr), 2 * n).slice();
  }

  #meshQuery(call, pose, other, otherPose, all, traced = false) {
    const ptr = this.#live(call);
    if (!(other instanceof Mesh)) throw new TypeError(`${call}: other must be a mesh (sx.createMesh), got ${show(other)}`);
    if (other.#m !== this.#m) throw new TypeError(`${call}: other belongs to another module (another init())`);
    const otherPtr = other.#ptr;
    if (!otherPtr) throw new Error(`${call}: other was disposed`);
    const f = this.#host.scratch();
    try {
      writePose(f, pose, 'pose', true);
      f.copyWithin(IO_MESH_POSE, IO_ROTATION, IO_ROTATION + POSE_IO_NUMBERS);
      writePose(f, otherPose, 'otherPose', true);
    } catch (e) {
      throw new e.constructor(`${call}: ${e.message}`);
    }
    const status = traced ? this.#m._sx_mesh_trace_overlaps_mesh(ptr, otherPtr) : this.#m._sx_mesh_overlaps_mesh(ptr, otherPtr, all ? 1 : 0);
    if (status < 0) throw new RangeError(`${call}: ${this.#poseMessage(status, this.#host.scratch()[IO_FAILED_INDEX] === 0 ? 'pose' : 'otherPose')}`);
    return status;
  }

  /** The core's message for a refused volume or pose, the pose named as the caller named it. */
  #poseMessage(status, name) {
    const message = this.#m.lastError();
    return status === STATUS_INVALID_POSE ? message.replace(/^transform\./, `${name}.`) : message;
  }

  /**
   * New positions for the same vertices (same count, same triangles): the tree keeps its shape
   * and every node volume is fitted again.
   */
  refit(positions) {
    const ptr = this.#live('mesh.refit');
    const m = this.#m;
    if ((positions instanceof Float64Array || positions instanceof Float32Array || Array.isArray(positions)) &&
        positions.length !== 3 * m._sx_mesh_vertex_count(ptr))
      throw new RangeError(`mesh.refit: positions.length must be the mesh's ${3 * m._sx_mesh_vertex_count(ptr)} (x, y, z for each of its ${m._sx_mesh_vertex_count(ptr)} vertices), got ${positions.length}`);
    const status = withPositions(m, 'mesh.refit', positions, (at, count) => m._sx_mesh_refit(ptr, at, count));
    if (status === STATUS_MESH_REFUSED) throw new RangeError(`mesh.refit: ${m.lastError()}`);
  }

  /**
   * The nodes of level `depth` of the tree: those at that depth and the leaves above it, so that
   * each level holds every triangle once. An array of node indices (for nodeVolume).
   */
  nodesAtDepth(depth) {
    const ptr = this.#live('mesh.nodesAtDepth');
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0)
      throw new (typeof depth === 'number' ? RangeError : TypeError)(`mesh.nodesAtDepth: depth must be an integer >= 0, got ${show(depth)}`);
    const m = this.#m;
    const n = m._sx_mesh_nodes_at_depth(ptr, Math.min(depth, 255));
    return Array.from(new Uint32Array(m.HEAPU8.buffer, m._sx_mesh_level_data(ptr), n));
  }

  /** Node `index`'s two children [first, second], or [] for a leaf. */
  nodeChildren(index) {
    const ptr = this.#node('mesh.nodeChildren', index);
    const m = this.#m;
    if (m._sx_mesh_node_triangles(ptr, index) > 0) return [];
    const first = m._sx_mesh_node_first(ptr, index);
    return [first, first + 1];
  }

  /** The input indices of the triangles leaf `index` holds (a Uint32Array; empty for an inner node). */
  leafTriangles(index) {
    const ptr = this.#node('mesh.leafTriangles', index);
    const m = this.#m;
    const count = m._sx_mesh_node_triangles(ptr, index), first = m._sx_mesh_node_first(ptr, index);
    if (count === 0) return new Uint32Array(0);
    return new Uint32Array(m.HEAPU8.buffer, m._sx_mesh_triangle_order(ptr) + 4 * first, count).slice();
  }

  /** The handle, once `index` is checked to be a node index of the mesh. */
  #node(call, index) {
    const ptr = this.#live(call);
    const count = this.#m._sx_mesh_node_count(ptr);
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count)
      throw new (typeof index === 'number' ? RangeError : TypeError)(
        `${call}: index must be a node index (an integer from 0 to ${count - 1}), got ${show(index)}`);
    return ptr;
  }

  /** The volume of node `index`, in the JSON format of sx's volumes (a k-DOP node as {type: 'kdop'}). */
  nodeVolume(index) {
    return this.#m.meshNodeVolume(this.#node('mesh.nodeVolume', index), index);
  }

  /** The mesh and its tree as bytes, for sx.loadMesh: a tree built once, shipped and loaded without building. */
  serialize() {
    const ptr = this.#live('mesh.serialize');
    const m = this.#m;
    const n = m._sx_mesh_serialize(ptr);
    try {
      return m.HEAPU8.slice(m._sx_mesh_bytes(ptr), m._sx_mesh_bytes(ptr) + n).buffer;
    } finally {
      m._sx_mesh_release_bytes(ptr);
    }
  }

  get disposed() { return this.#ptr === 0; }

  /** Frees the mesh's WebAssembly memory (also done, eventually, when it is collected). */
  dispose() {
    if (!this.#ptr) return;
    meshes.unregister(this.#token);
    this.#m._sx_mesh_destroy(this.#ptr);
    if (this.#held.staging) this.#m._free(this.#held.staging);
    this.#held.staging = 0;
    this.#ptr = 0;
  }

  [Symbol.dispose]() { this.dispose(); }
}
