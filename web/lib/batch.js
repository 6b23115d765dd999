// Batches that live in the WebAssembly heap: structure-of-arrays Float64 data that games fill
// in place through typed-array views, tested with one call. See cpp/include/sepaxis/batch.h.

import { TYPE_CODES, kdopMax, kdopMin, show, writeVolume } from './volume.js';
import * as wire from './wire.js';

// The batch field order (cpp/include/sepaxis/batch.h, through wire.js) as this module's constants.
const { SPHERE_CENTER, SPHERE_RADIUS, AABB_MIN, AABB_MAX, OBB_CENTER, OBB_AXES, OBB_HALF_EXTENTS } = wire;
const { TYPE_FLOAT32, STATUS_WRONG_BATCH_TYPE } = wire;

/** Names at their fields' places: groups [first field, names]. */
function named(count, groups) {
  const names = Array(count);
  for (const [first, list] of groups) list.forEach((name, i) => { names[first + i] = name; });
  return names;
}
const xyz = (name) => [`${name}.x`, `${name}.y`, `${name}.z`];

const FIELDS = {
  sphere: named(wire.SPHERE_FIELD_COUNT, [[SPHERE_CENTER, xyz('center')], [SPHERE_RADIUS, ['radius']]]),
  aabb: named(wire.AABB_FIELD_COUNT, [[AABB_MIN, xyz('min')], [AABB_MAX, xyz('max')]]),
  obb: named(wire.OBB_FIELD_COUNT, [[OBB_CENTER, xyz('center')], [OBB_AXES, xyz('axes[0]')],
    [OBB_AXES + 3, xyz('axes[1]')], [OBB_AXES + 6, xyz('axes[2]')], [OBB_HALF_EXTENTS, xyz('halfExtents')]]),
};

/** The field names of a type, in storage order. */
export function fieldNames(type, k) {
  if (type === 'kdop') {
    const n = k / 2;
    const names = Array(k);
    for (let j = 0; j < n; j++) names[kdopMin(k, j)] = `min[${j}]`, names[kdopMax(k, j)] = `max[${j}]`;
    return names;
  }
  return FIELDS[type];
}

function checkType(type, k, what) {
  if (typeof type !== 'string' || !Object.hasOwn(TYPE_CODES, type))
    throw new TypeError(`${what} type must be one of "sphere", "aabb", "obb", "kdop", got ${show(type)}`);
  if (type === 'kdop' && ![6, 8, 14, 18, 26].includes(k))
    throw new (typeof k === 'number' ? RangeError : TypeError)(`${what} k must be one of 6, 8, 14, 18, 26 for a k-DOP batch, got ${show(k)}`);
}

/** An integer in [lo, hi]: TypeError for a non-number, RangeError for a number outside. */
function checkInteger(value, name, lo, hi) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be an integer from ${lo} to ${hi}, got ${show(value)}`);
  if (!Number.isInteger(value) || value < lo || value > hi)
    throw new RangeError(`${name} must be an integer from ${lo} to ${hi}, got ${show(value)}`);
}

function checkCapacity(capacity) { checkInteger(capacity, 'capacity', 1, 1 << 24); }

/**
 * Elements per field array: the capacity rounded up to a multiple of 8 (whole SIMD groups), and
 * further when the field arrays would start a multiple of ~4 KiB apart. Arrays that far apart map
 * to the same L1 cache sets, and a loop reading 8-30 of them at once then evicts its own data
 * (4096 boxes: 60 % slower without this).
 */
function paddedStride(capacity, bytes) {
  let stride = Math.ceil(capacity / 8) * 8;
  for (;;) {
    const offset = (stride * bytes) % 4096;
    if (offset >= 128 && offset <= 4096 - 128) return stride;
    stride += 8;
  }
}
export function checkCount(count, capacity) { checkInteger(count, 'count', 0, capacity); }

/**
 * Owns one block of WebAssembly memory, aligned to a 64-byte cache line (malloc only promises 8:
 * SIMD loads that straddle lines cost more); freed by dispose() or, as a safety net, on collection.
 */
class HeapBlock {
  #host;
  #allocation;
  #ptr;
  constructor(host, bytes) {
    this.#host = host;
    this.#allocation = host.module._malloc(bytes + 63);
    if (!this.#allocation) throw new RangeError(`out of WebAssembly memory allocating ${bytes} bytes`);
    this.#ptr = Math.ceil(this.#allocation / 64) * 64;
    // Zeroed like a new typed array, not holding whatever a disposed buffer left there.
    host.module.HEAPU8.fill(0, this.#ptr, this.#ptr + bytes);
    host.registry.register(this, this.#allocation, this);
  }
  get ptr() {
    if (!this.#ptr) throw new Error('this batch buffer was disposed');
    return this.#ptr;
  }
  get disposed() { return this.#ptr === 0; }
  dispose() {
    if (!this.#ptr) return;
    this.#host.registry.unregister(this);
    this.#host.module._free(this.#allocation);
    this.#ptr = this.#allocation = 0;
  }
}

/**
 * N volumes of one type as structure-of-arrays: field f of element i is data[f * stride + i].
 * Views are refreshed on access: WebAssembly memory growth detaches old views (their length
 * becomes 0), so read `field()`/`data`/`results` again after anything that may allocate.
 */
export class VolumeBuffer {
  #host;
  #block;
  #data = null;
  #results = null;
  #views = new Map();

  constructor(host, type, capacity, k, precision = 'f64') {
    checkType(type, k, 'VolumeBuffer');
    checkCapacity(capacity);
    if (precision !== 'f64' && precision !== 'f32')
      throw new (typeof precision === 'string' ? RangeError : TypeError)(`precision must be "f64" or "f32", got ${show(precision)}`);
    this.#host = host;
    // Read-only: the batch calls trust them to describe the memory block (assigning throws).
    Object.defineProperties(this, {
      type: { value: type, enumerable: true },
      k: { value: type === 'kdop' ? k : undefined, enumerable: true },
      capacity: { value: capacity, enumerable: true },
      /** 'f64' (Float64Array views) or 'f32' (Float32Array: half the memory traffic; tests still compute in double). */
      precision: { value: precision, enumerable: true },
      fields: { value: Object.freeze(fieldNames(type, k)), enumerable: true },
    });
    /** Elements per field array in `data` (>= capacity; padded for the cache). */
    Object.defineProperty(this, 'stride', { value: paddedStride(capacity, this.#bytes), enumerable: true });
    /** How many elements the batch calls test (0 <= count <= capacity). */
    this.count = capacity;
    this.#block = new HeapBlock(host, this.fields.length * this.stride * this.#bytes + capacity);
  }

  get #bytes() { return this.precision === 'f32' ? 4 : 8; }
  /** The type code the exports take: type + TYPE_FLOAT32 for float32 data. */
  get typeCode() { return TYPE_CODES[this.type] + (this.precision === 'f32' ? TYPE_FLOAT32 : 0); }
  get ptr() { return this.#block.ptr; }
  get resultsPtr() { return this.#block.ptr + this.fields.length * this.stride * this.#bytes; }

  #fresh(view) { return view !== null && view.length !== 0; }

  /** All fields in one view: field f of element i at [f * stride + i]. */
  get data() {
    if (!this.#fresh(this.#data)) {
      const View = this.precision === 'f32' ? Float32Array : Float64Array;
      this.#data = new View(this.#host.module.HEAPU8.buffer, this.ptr, this.fields.length * this.stride);
    }
    return this.#data;
  }

  /** One field of every element, e.g. field('center.x'): a view of length capacity. */
  field(name) {
    let view = this.#views.get(name);
    if (view && view.length !== 0) return view;
    const f = this.fields.indexOf(name);
    if (f < 0) throw new RangeError(`field must be one of ${this.fields.join(', ')}, got ${JSON.stringify(name)}`);
    view = this.data.subarray(f * this.stride, f * this.stride + this.capacity);
    this.#views.set(name, view);
    return view;
  }

  /** Result of the last overlapsMany call per element: 1 overlap, 0 apart. */
  get results() {
    if (!this.#fresh(this.#results))
      this.#results = new Uint8Array(this.#host.module.HEAPU8.buffer, this.resultsPtr, this.capacity);
    return this.#results;
  }

  /** Writes element i from the JSON format (validated now; an OBB may use `rotation`). */
  set(i, volume) {
    this.#checkIndex(i);
    const f64 = this.#host.scratch();
    writeVolume(f64, wire.SLOT_A, volume);
    const status = this.#host.module._sx_store(0, this.typeCode, this.k ?? 0, this.ptr, this.stride, i);
    if (status === STATUS_WRONG_BATCH_TYPE) throw new TypeError(`this VolumeBuffer holds ${this.type}${this.k ? ` k=${this.k}` : ''} volumes, got ${volume.type}${volume.k ? ` k=${volume.k}` : ''}`);
    if (status < 0) throw new RangeError(this.#host.module.lastError());
    return this;
  }

  /** Element i in the JSON format. */
  get(i) {
    this.#checkIndex(i);
    const d = this.data, c = this.stride;
    const at = (f) => d[f * c + i];
    const vec = (f) => [at(f), at(f + 1), at(f + 2)];
    switch (this.type) {
      case 'sphere': return { type: 'sphere', center: vec(SPHERE_CENTER), radius: at(SPHERE_RADIUS) };
      case 'aabb': return { type: 'aabb', min: vec(AABB_MIN), max: vec(AABB_MAX) };
      case 'obb':
        return { type: 'obb', center: vec(OBB_CENTER), axes: [vec(OBB_AXES), vec(OBB_AXES + 3), vec(OBB_AXES + 6)],
          halfExtents: vec(OBB_HALF_EXTENTS) };
      default: {
        const k = this.k, n = k / 2, slabs = [...Array(n).keys()];
        return { type: 'kdop', k, min: slabs.map((j) => at(kdopMin(k, j))), max: slabs.map((j) => at(kdopMax(k, j))) };
      }
    }
  }

  /** The message of element i's first invalid field, or '' when it is valid. */
  problem(i) {
    return this.#host.module.batchElementError(this.typeCode, this.k ?? 0, this.ptr, this.stride, i);
  }

  #checkIndex(i) { checkInteger(i, 'index', 0, this.capacity - 1); }

  get disposed() { return this.#block.disposed; }
  dispose() { this.#block.dispose(); this.#data = this.#results = null; this.#views.clear(); }
  [Symbol.dispose]() { this.dispose(); }
}

/** N pairs (a[i], b[i]) of two fixed types, tested by run() in one call. */
export class PairBuffer {
  #host;
  #block;
  #results = null;

  constructor(host, typeA, typeB, capacity, kA, kB, precision) {
    checkCapacity(capacity);
    const a = new VolumeBuffer(host, typeA, capacity, kA, precision);
    let b;
    try {
      b = new VolumeBuffer(host, typeB, capacity, kB, precision);
      this.#block = new HeapBlock(host, capacity);
    } catch (e) {
      a.dispose();
      b?.dispose();
      throw e;
    }
    this.#host = host;
    Object.defineProperties(this, {
      a: { value: a, enumerable: true },
      b: { value: b, enumerable: true },
      capacity: { value: capacity, enumerable: true },
    });
    /** How many pairs run() tests. */
    this.count = capacity;
  }

  /** Result of the last run() per pair: 1 overlap, 0 apart. */
  get results() {
    if (!(this.#results && this.#results.length !== 0))
      this.#results = new Uint8Array(this.#host.module.HEAPU8.buffer, this.#block.ptr, this.capacity);
    return this.#results;
  }

  /** Tests the first `count` pairs in one call; returns the results view (1 overlap, 0 apart). */
  run(count = this.count) {
    checkCount(count, this.capacity);
    const { a, b } = this;
    const invalid = this.#host.module._sx_overlaps_pairwise(a.typeCode, a.k ?? 0, a.ptr, a.stride,
      b.typeCode, b.k ?? 0, b.ptr, b.stride, count, this.#block.ptr);
    if (invalid > 0) throw this.#host.batchError(this.results, count, [['a', a], ['b', b]]);
    const results = this.results;
    return count === results.length ? results : results.subarray(0, count);  // no new view in the usual case
  }

  get disposed() { return this.#block.disposed; }
  dispose() { this.a.dispose(); this.b.dispose(); this.#block.dispose(); this.#results = null; }
  [Symbol.dispose]() { this.dispose(); }
}
