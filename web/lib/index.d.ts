// Types of the sepaxis package. Hand-written: Emscripten 3.1.6 cannot emit them.

/**
 * The package: `init()` loads the WebAssembly module once and resolves to the {@link Sepaxis} calls.
 * @module sepaxis
 */

/** [x, y, z] as an array or typed array, or any {x, y, z} such as a three.js Vector3. */
export type Vec3Like = readonly [number, number, number] | ArrayLike<number> | { x: number; y: number; z: number };
/** A unit quaternion [x, y, z, w] (three.js order), or {x, y, z, w}. */
export type QuatLike = readonly [number, number, number, number] | ArrayLike<number> | { x: number; y: number; z: number; w: number };

/** Every point within `radius` of `center` (closed). */
export interface SphereVolume { type: 'sphere'; center: Vec3Like; radius: number }
/** The box {x : min <= x <= max} (closed). */
export interface AabbVolume { type: 'aabb'; min: Vec3Like; max: Vec3Like }
/** An oriented box: three orthonormal unit axes (or a `rotation` quaternion) and half-extents along them. */
export type ObbVolume =
  | { type: 'obb'; center: Vec3Like; halfExtents: Vec3Like; axes: readonly [Vec3Like, Vec3Like, Vec3Like]; rotation?: undefined }
  | { type: 'obb'; center: Vec3Like; halfExtents: Vec3Like; rotation: QuatLike; axes?: undefined };
/** The k-DOP slab extents on the fixed directions of the core (see the README); k/2 numbers each. */
export interface KdopVolume { type: 'kdop'; k: 6 | 8 | 14 | 18 | 26; min: ArrayLike<number>; max: ArrayLike<number> }
/**
 * A triangle (closed, flat): its three corners. Collinear or coincident corners are valid: the
 * triangle is then the segment or point it covers. Sweeps take triangles; batches and worlds do not.
 */
export interface TriangleVolume { type: 'triangle'; vertices: [Vec3Like, Vec3Like, Vec3Like] }
export type Volume = SphereVolume | AabbVolume | ObbVolume | KdopVolume | TriangleVolume;
export type VolumeType = Volume['type'];

export type Vec3 = [number, number, number];

/**
 * Where a candidate axis comes from: a face normal of A, of B or of both ('face'), the cross
 * product of an edge direction of each ('edge-edge'), or a sphere's centre line or the direction
 * from the other volume's closest point ('closest-point').
 */
export type AxisKind = 'face' | 'edge-edge' | 'closest-point';

/**
 * A feature of one volume, by name: 'u0'..'u2' an OBB's local axis, 'x' 'y' 'z' an AABB's world
 * axis, 'n(1,1,0)' a k-DOP's face normal (its integer slab direction), 'e(1,-1,0)' an edge
 * direction of a k-DOP's polytope. Spheres have none.
 */
export type AxisFeature = 'u0' | 'u1' | 'u2' | 'x' | 'y' | 'z' | `n(${string})` | `e(${string})`;

/** How fit('sphere') fits: the smallest sphere (default), or Ritter's (cheaper, a little larger). */
export type SphereFitMethod = 'minimal' | 'ritter';

/** One candidate separating axis of a report. */
export interface AxisReport {
  /**
   * For people: "A.u0", "B.x", "A.u0 × B.u1", "A.n(1,1,1)", "A.x = B.n(1,0,0)" (a face normal both
   * have), "closest-point direction". Composed from kind and the features: read those, not this.
   */
  label: string;
  kind: AxisKind;
  /**
   * The feature of A the axis comes from: its face for a face axis, its edge for an edge-edge axis
   * (degenerate or not); null when the axis is not A's (a face of B only, a closest-point direction).
   */
  featureA: AxisFeature | null;
  /** The feature of B the axis comes from, as featureA. Both are set for a face normal both have. */
  featureB: AxisFeature | null;
  /** Unit direction ([0, 0, 0] when degenerate). */
  direction: Vec3;
  /** Projection interval [min, max] of volume A on the direction. */
  a: [number, number];
  /** Projection interval [min, max] of volume B on the direction. */
  b: [number, number];
  /** max(b.min - a.max, a.min - b.max): > 0 means separated by that much (null when degenerate: JSON has no NaN). */
  gap: number | null;
  separating: boolean;
  /** Skipped: the axis does not exist (parallel edges, a sphere's centre inside the other volume). */
  degenerate: boolean;
  /** Why it is degenerate. */
  reason?: string;
}

export interface CollisionReport {
  overlap: boolean;
  /** Every candidate axis, in test order. */
  axes: AxisReport[];
  /** Index of the first separating axis, -1 when overlapping. */
  separatingAxis: number;
  /** For overlapping pairs: moving B by depth × normal separates them (to touching); nothing shorter does. */
  penetration: { depth: number; normal: Vec3 } | null;
  /**
   * The boundaries meet within the exactness band, with either verdict: the penetration depth, or
   * the largest gap of the axes, is at most 1e-6 × the pair's size on those axes. A move by the MTV
   * lands here; `overlap` stays exact (a rounding of the input may flip it).
   */
  touching: boolean;
}

export interface RayHit {
  /** Entry distance along the unit direction (0 when the origin is inside). */
  distance: number;
  point: Vec3;
  /** Outward unit surface normal at the entry point; [0, 0, 0] when starting inside. */
  normal: Vec3;
  startsInside: boolean;
}

/** Straight-line motion without rotation for sweep and timeOfImpact: A moves by velocityA × t, B by velocityB × t. */
export interface Motion {
  /** Finite; [0, 0, 0] by default. */
  velocityA?: Vec3Like;
  /** Finite; [0, 0, 0] by default. */
  velocityB?: Vec3Like;
  /** 0 <= t <= maxTime; >= 0, may be Infinity; 1 by default. */
  maxTime?: number;
}

/** The first contact of a sweep. */
export interface SweepHit {
  /** The first time in [0, maxTime] at which the moved volumes share a point (touching counts): 0 when they already do. */
  time: number;
  /**
   * Unit, from A to B. At time > 0 the contact normal; at time 0 the penetration normal (the direction that separates
   * them with the shortest move of B); [0, 0, 0] when none exists (concentric spheres).
   */
  normal: Vec3;
}

/** One candidate axis of a sweep: where it comes from (as in collide's report) and when the projections overlap on it. */
export interface SweepAxis {
  label: string;
  kind: AxisKind;
  featureA: AxisFeature | null;
  featureB: AxisFeature | null;
  /** Unit direction ([0, 0, 0] when degenerate). */
  direction: Vec3;
  /**
   * The projections overlap for enter <= t <= exit (any t). Motion parallel to the axis's plane: -Infinity and
   * Infinity when they always overlap, Infinity and -Infinity when never. null when degenerate.
   */
  enter: number | null;
  exit: number | null;
  degenerate: boolean;
  reason?: string;
}

export interface SweepReport {
  hit: boolean;
  /** As SweepHit's; 0 on a miss. */
  time: number;
  /** As SweepHit's; [0, 0, 0] on a miss. */
  normal: Vec3;
  /** Polytope pairs: collide's axes. Pairs with a sphere: collide's axes at the contact time (at the start on a miss). */
  axes: SweepAxis[];
  /** The axis that decides the time, the last to start overlapping; -1 on a miss or when none moves. */
  decidingAxis: number;
}

/**
 * x -> scale * rotate(x) + translation, for `transform`. Any other field is a TypeError (a
 * three.js-style `position` or `quaternion` would otherwise be ignored); so is a field of the
 * wrong shape. The 7-number form, {@link PoseNumbers}, is accepted too.
 */
export interface RigidTransform {
  /** Unit quaternion [x, y, z, w] (or three.js's Quaternion); default identity. */
  rotation?: QuatLike;
  /** Default [0, 0, 0]. */
  translation?: Vec3Like;
  /** Uniform scale > 0; default 1. */
  scale?: number;
}

/**
 * A pose as 7 numbers, tx, ty, tz, qx, qy, qz, qw (an array or a typed array of exactly 7): the
 * layout of `World.setPoses` and `World.poses`, taken wherever a pose is (`World.add`,
 * `transform`, with scale 1). From three.js: `[...object.position.toArray(), ...object.quaternion.toArray()]`.
 */
export type PoseNumbers = readonly [number, number, number, number, number, number, number] | ArrayLike<number>;

export interface Problem { message: string }

/**
 * `capacity` volumes of one type in the WebAssembly heap, as structure-of-arrays Float64 data:
 * field f of element i is data[f * stride + i] (or field(name)[i]). Fill the views in place, then test with
 * Sepaxis.overlapsMany. Views are refreshed on access: memory growth (creating buffers)
 * detaches older views, whose length then reads 0, so fetch them again after such calls.
 */
export class VolumeBuffer implements Disposable {
  readonly type: VolumeType;
  readonly k: number | undefined;
  readonly capacity: number;
  /** Elements per field array in `data` (>= capacity: padded so the field arrays do not compete for cache sets). */
  readonly stride: number;
  /** 'f64': Float64Array views; 'f32': Float32Array views (half the memory traffic; the tests still compute in double on the stored values). */
  readonly precision: 'f64' | 'f32';
  /** Field names in storage order, e.g. ['center.x', 'center.y', 'center.z', 'radius']. */
  readonly fields: readonly string[];
  /** How many elements batch calls test. */
  count: number;
  /** All fields in one view. */
  readonly data: Float64Array | Float32Array;
  /** One field of every element (length capacity). */
  field(name: string): Float64Array | Float32Array;
  /** Results of the last overlapsMany: 1 overlap, 0 apart. */
  readonly results: Uint8Array;
  /** Writes element i from the JSON format (validated; an OBB may use `rotation`). */
  set(i: number, volume: Volume): this;
  /** Element i in the JSON format. */
  get(i: number): Volume;
  /** The first problem of element i, or '' when it is valid. */
  problem(i: number): string;
  readonly disposed: boolean;
  /** Frees the WebAssembly memory (also done, eventually, when the object is collected). */
  dispose(): void;
  [Symbol.dispose](): void;
}

/** `capacity` pairs (a[i], b[i]) tested together by run(). */
export class PairBuffer implements Disposable {
  readonly a: VolumeBuffer;
  readonly b: VolumeBuffer;
  readonly capacity: number;
  count: number;
  readonly results: Uint8Array;
  /** Tests the first `count` pairs in one call: results[i] = 1 overlap, 0 apart. Throws RangeError naming the first invalid element. */
  run(count?: number): Uint8Array;
  readonly disposed: boolean;
  dispose(): void;
  [Symbol.dispose](): void;
}

/**
 * Where a body of a World is: x -> rotate(x) + translation (bodies do not scale: `scale`, if
 * given, must be 1). Any other field is a TypeError naming it (`world.add: pose has an unknown
 * field "position" (did you mean "translation"?)…`). The 7-number form, {@link PoseNumbers}, is
 * accepted too.
 */
export interface Pose {
  /** Default [0, 0, 0]. */
  translation?: Vec3Like;
  /** Unit quaternion [x, y, z, w] (within 0.001; normalized); default identity. */
  rotation?: QuatLike;
  /** 1 or absent. */
  scale?: 1;
}

/** World.contacts(): every overlapping pair and its minimum translation (views of WebAssembly memory). */
export interface WorldContacts {
  /** [a0, b0, a1, b1, ...], a < b: as pairs() lists them. */
  pairs: Uint32Array;
  /** 3 numbers a pair: the unit direction to move body b in. */
  normals: Float64Array;
  /** A number a pair: how far (0 for bodies that touch). */
  depths: Float64Array;
  /** A number a pair: a mesh body's triangle (one entry per triangle the volume body meets), -1 for two volume bodies. */
  triangles: Int32Array;
}

/** The closest body a World.raycast hits. */
export interface WorldRayHit extends RayHit {
  /** The body's id. */
  id: number;
  /** On a mesh body (`world.add(mesh, pose)`): the index of the triangle hit, as mesh.raycast gives it. */
  triangle?: number;
}

/** The first body a World.sweep touches. */
export interface WorldSweepHit {
  /** The body's id. */
  id: number;
  /** The first time of contact (0: touching at the start), as timeOfImpact gives it. */
  time: number;
  /** Unit, from the moving volume to the body. */
  normal: [number, number, number];
  /** On a mesh body: the index of the triangle touched (ties: the lowest), as mesh.raycast numbers them. */
  triangle?: number;
}

export interface WorldOptions {
  /** Bodies the world holds without allocating (default 1024; more may be added: it then grows). */
  capacity?: number;
  /**
   * Threads setPoses and pairs() run on (1 to 64, default 1): the calling thread and helper
   * threads of a module loaded with `init({ threads })`, as many as no other world holds
   * (`world.threads` says how many it got). The same pairs with any number; their order depends
   * on the number.
   */
  threads?: number;
}

/**
 * Many moving bodies, and every frame every pair of them that overlaps. A body is a volume in its
 * own frame plus a pose; its world volume is exactly `transform(volume, pose)`, and pairs() is
 * exactly the pairs `overlaps` says meet. Ids are uint32 handles (a slot and its generation): a
 * removed body's id is unknown for good, and using it is a RangeError. A call that throws changes
 * nothing. Owns WebAssembly memory: dispose() it (or `using`). Made by `createWorld()` (a type
 * only: its code loads with the module that has the World, not with the package's entry).
 */
export interface World extends Disposable {
  readonly capacity: number;
  /** The threads setPoses and pairs() run on: 1 and the helper threads this world holds. */
  readonly threads: number;
  /** How many bodies the world holds. */
  readonly count: number;
  /**
   * Adds a body at `pose` (default: the identity); returns its id. A triangle mesh (createMesh)
   * is a body too, shared with the world: pairs, query and rays meet its posed triangles exactly;
   * its pairs come last in pairs(); contacts() gives one entry per triangle a volume body meets
   * (none for two mesh bodies); sweep meets its posed triangles
   * (the hit's `triangle`); worldVolume has none for it; mesh.refit throws while a world holds it.
   */
  add(volume: Volume | Mesh, pose?: Pose | PoseNumbers): number;
  /** Removes a body; RangeError for an id that is not in the world. */
  remove(id: number): void;
  has(id: number): boolean;
  /**
   * Moves bodies: 7 numbers per id, tx, ty, tz, qx, qy, qz, qw (a Float32Array is widened exactly).
   * Every id and pose is checked before any body moves. An id named twice in one call is a
   * RangeError (`world.setPoses: body 7 (ids[5]) is named twice (also ids[2])…`): which pose
   * would win is a question the call does not answer.
   */
  setPoses(ids: Uint32Array | readonly number[], poses: Float64Array | Float32Array | readonly number[]): void;
  /**
   * The world's own pose storage: 7 numbers per body at poseIndex(id). Write in place, then
   * commitPoses(). A view of WebAssembly memory: read it again after add().
   */
  readonly poses: Float64Array;
  /** Where the body's 7 numbers start in `poses` (fixed for the body's life). */
  poseIndex(id: number): number;
  /** Moves every body to its pose in `poses` (all checked first). */
  commitPoses(): void;
  /**
   * Every overlapping pair once: [a0, b0, a1, b1, ...], a < b. A view of WebAssembly memory, valid
   * until the next call on this world: slice() it to keep it.
   */
  pairs(): Uint32Array;
  /**
   * Every overlapping pair with its minimum translation: pair i is pairs[2i], pairs[2i+1] (as
   * pairs() lists them), and moving body pairs[2i+1] by depths[i] along the unit normal
   * normals[3i..3i+2] leaves the two touching: collide(worldVolume(a), worldVolume(b)).penetration,
   * bit for bit. A volume body and a mesh body give one entry per triangle that meets the volume
   * (after the pairs of volume bodies), triangles[i] its index: sx.collide of the volume and the
   * posed triangle, in the pair's order; two mesh bodies give none. Views of WebAssembly memory,
   * valid until the next call on this world.
   */
  contacts(): WorldContacts;
  /**
   * How many pairs the broad phase hands to the exact tests: those whose padded bounding boxes
   * meet (at least pairs().length / 2). Runs the broad phase alone: what a frame costs before the
   * exact tests, and how well the bodies' boxes fit them.
   */
  broadPhasePairCount(): number;
  /** Ids of the bodies whose world volume overlaps the world-space volume (a new array). */
  query(volume: Volume): Uint32Array;
  /** The closest body hit within maxDistance (default Infinity; ties: the smaller id), or null. */
  raycast(origin: Vec3Like, direction: Vec3Like, maxDistance?: number): WorldRayHit | null;
  /** Every body the ray meets within maxDistance, nearest first (ties: the smaller id): a piercing shot. */
  raycastAll(origin: Vec3Like, direction: Vec3Like, maxDistance?: number): WorldRayHit[];
  /**
   * The first body a world-space volume moving by velocity * t, 0 <= t <= maxTime (default
   * Infinity), touches (ties: the smaller id), leaving out `exclude` (a character's own body), or
   * null: what sx.timeOfImpact against every body would find, through the world's grid.
   */
  sweep(volume: Volume, velocity: Vec3Like, maxTime?: number, options?: { exclude?: number }): WorldSweepHit | null;
  /** The body's volume in world space, as the world tests it (transform(volume, pose), bit for bit). */
  worldVolume(id: number): Volume;
  readonly disposed: boolean;
  /** Frees the world's WebAssembly memory (also done, eventually, when it is collected). */
  dispose(): void;
  [Symbol.dispose](): void;
}

/** The type of a mesh's tree nodes. */
export type MeshNodeType = 'sphere' | 'aabb' | 'obb' | 'kdop6' | 'kdop8' | 'kdop14' | 'kdop18' | 'kdop26';

/** A triangle mesh for `createMesh`. */
export interface MeshGeometry {
  /** x, y, z per vertex (a Float32Array is widened exactly). */
  positions: Float32Array | Float64Array | readonly number[];
  /** Three vertex indices per triangle; absent: every three vertices are a triangle. */
  indices?: Uint32Array | Uint16Array | readonly number[] | null;
}

export interface MeshOptions {
  /** The tree's volumes (default 'aabb'): tighter ones test fewer triangles, cost more per test. */
  node?: MeshNodeType;
  /** The most triangles a leaf holds, 1 to 64 (default 8). */
  leafSize?: number;
}

/** A ray's first hit on a mesh. */
export interface MeshRayHit {
  /** The triangle's index in the input (triangle t: indices 3t, 3t + 1, 3t + 2). */
  triangle: number;
  /** Along the normalized direction. */
  distance: number;
  point: Vec3;
  /** The triangle's unit normal, facing the ray's origin. */
  normal: Vec3;
  /** The weights of the triangle's corners at the point. */
  barycentric: Vec3;
}

/** The point of a mesh nearest a query point. */
export interface MeshClosestPoint {
  triangle: number;
  point: Vec3;
  distance: number;
}

/**
 * Where `mesh.raycastMany` writes ray i's first hit: `triangle[i]` (-1: none) and `distance[i]`
 * (Infinity: none), and, for each optional array given, its [3i, 3i + 2] (NaN: none). At least
 * one number (triangle, distance) or three (the others) per ray.
 */
export interface MeshRayHits {
  triangle: Int32Array;
  distance: Float64Array;
  point?: Float64Array;
  normal?: Float64Array;
  barycentric?: Float64Array;
}

/** Where `mesh.closestPointMany` writes point i's answer: as MeshRayHits (-1, Infinity, NaN: none within maxDistance). */
export interface MeshClosestPoints {
  triangle: Int32Array;
  distance: Float64Array;
  point?: Float64Array;
}

/** What a mesh query tested: node volumes and triangles. */
export interface MeshQueryCost {
  volumeTests: number;
  triangleTests: number;
}

/**
 * A query's descent, in the order it tested (Mesh.traceOverlaps, traceOverlapsMesh). `steps`: one
 * triple [node, otherNode, meets] a volume test (otherNode -1 against a volume; meets 1: the
 * volumes may meet and the descent goes below them, 0: apart); `triangles`: one triple [triangle,
 * otherTriangle, meets] a triangle test. Their counts are lastQuery's volumeTests and
 * triangleTests. A node never tested lies below a node tested apart, or after the first
 * overlapping triangle, where the query stops.
 */
export interface MeshTrace {
  overlaps: boolean;
  steps: Int32Array;
  triangles: Int32Array;
}

/**
 * A ray's descent (Mesh.traceRaycast): `hit` is raycast()'s answer; `steps` one triple [node, -1,
 * meets] a node whose volume the ray was tested against (meets 1: the ray enters it within the
 * nearest hit so far, else maxDistance; 0: missed), `triangles` one triple [triangle, -1, hit] a
 * triangle tested (hit 1: the ray meets it within that distance), in test order. Their counts are
 * lastQuery's.
 */
export interface MeshRayTrace {
  hit: MeshRayHit | null;
  steps: Int32Array;
  triangles: Int32Array;
}

/**
 * A triangle mesh and its bounding-volume tree, in the mesh's own frame. Its answers are those of
 * testing every triangle (`raycast` / `closestPoint` on each `{type: 'triangle'}`), bit for bit;
 * of triangles at the same distance, the lowest index. A call that throws changes nothing. Owns
 * WebAssembly memory: dispose() it (or `using`). Made by `createMesh()` or `loadMesh()` (the
 * module of `init()`; not `init({ world: false })`'s).
 */
export interface Mesh extends Disposable {
  readonly triangleCount: number;
  readonly vertexCount: number;
  /** Nodes of the tree; node 0 is the root. */
  readonly nodeCount: number;
  /** Levels below the root: 0 when the root is a leaf. */
  readonly depth: number;
  /** Bytes of WebAssembly memory the mesh keeps. */
  readonly byteLength: number;
  readonly node: MeshNodeType;
  readonly leafSize: number;
  /** What the last query (raycast, closestPoint, overlaps, overlapsMesh, trianglePairs) tested. */
  readonly lastQuery: MeshQueryCost;
  /** The first triangle met by origin + t * normalize(direction), 0 <= t <= maxDistance (default Infinity), or null. */
  raycast(origin: Vec3Like, direction: Vec3Like, maxDistance?: number): MeshRayHit | null;
  /** raycast() with its descent recorded: the hit, each node and triangle tested, in order. */
  traceRaycast(origin: Vec3Like, direction: Vec3Like, maxDistance?: number): MeshRayTrace;
  /** The nearest point of the mesh within maxDistance (default Infinity), or null. */
  closestPoint(point: Vec3Like, maxDistance?: number): MeshClosestPoint | null;
  /**
   * raycast() of every ray in one call: ray i from origins[3i..3i+2] along directions[3i..3i+2];
   * the hits into `results` (no objects made, no WebAssembly memory after the first batch call).
   * Returns how many rays hit. Every ray is checked before anything is written; lastQuery sums.
   */
  raycastMany(origins: Float64Array | Float32Array, directions: Float64Array | Float32Array, results: MeshRayHits,
    maxDistance?: number): number;
  /** closestPoint() of every point (points[3i..3i+2]) in one call, into `results`; returns how many were found. */
  closestPointMany(points: Float64Array | Float32Array, results: MeshClosestPoints, maxDistance?: number): number;
  /**
   * Whether some triangle of the mesh placed by `pose` (absent: as it is; a scale allowed)
   * overlaps the world-space volume (a triangle too): sx.overlaps on each posed triangle.
   */
  overlaps(volume: Volume, pose?: RigidTransform | PoseNumbers): boolean;
  /** Whether this mesh placed by `pose` and `other` placed by `otherPose` share a point; stops at the first pair. */
  overlapsMesh(pose: RigidTransform | PoseNumbers | undefined, other: Mesh, otherPose?: RigidTransform | PoseNumbers): boolean;
  /** overlaps() with its descent recorded: every node and triangle it tested, with the verdicts. */
  traceOverlaps(volume: Volume, pose?: RigidTransform | PoseNumbers): MeshTrace;
  /** overlapsMesh() with its descent recorded: every pair of nodes and of triangles it tested. */
  traceOverlapsMesh(pose: RigidTransform | PoseNumbers | undefined, other: Mesh, otherPose?: RigidTransform | PoseNumbers): MeshTrace;
  /** Every overlapping pair of triangles: [triA0, triB0, triA1, triB1, ...], sorted by A's, then B's (a new array). */
  trianglePairs(pose: RigidTransform | PoseNumbers | undefined, other: Mesh, otherPose?: RigidTransform | PoseNumbers): Uint32Array;
  /** Moved vertices, same count and triangles: every node volume is fitted again, the tree kept. */
  refit(positions: Float32Array | Float64Array | readonly number[]): void;
  /** The nodes of level `depth`: those at that depth and the leaves above it (every triangle once). */
  nodesAtDepth(depth: number): number[];
  /** A node's two children [first, second], or [] for a leaf. */
  nodeChildren(index: number): number[];
  /** The input indices of the triangles a leaf holds (empty for an inner node). */
  leafTriangles(index: number): Uint32Array;
  /** A node's volume in the JSON format (a k-DOP node as {type: 'kdop', k}). */
  nodeVolume(index: number): SphereVolume | AabbVolume | ObbVolume | KdopVolume;
  /** The mesh and its tree as bytes for `loadMesh` (little-endian, versioned, checksummed). */
  serialize(): ArrayBuffer;
  readonly disposed: boolean;
  /** Frees the mesh's WebAssembly memory (also done, eventually, when it is collected). */
  dispose(): void;
  [Symbol.dispose](): void;
}

export interface Sepaxis {
  /** True when the closed volumes share a point (touching counts). Exact; builds no report. */
  overlaps(a: Volume, b: Volume): boolean;
  /** The classic k-DOP interval test: conservative (may say true for pairs apart along an edge-edge axis). */
  overlapsConservative(a: KdopVolume, b: KdopVolume): boolean;
  /** The separating-axis report: every candidate axis with both projection intervals. */
  collide(a: Volume, b: Volume): CollisionReport;
  contains(volume: Volume, point: Vec3Like): boolean;
  closestPoint<T extends Vec3Like = Vec3>(volume: Volume, point: Vec3Like, target?: T): T;
  /** null on a miss. direction need not be unit length. */
  raycast(volume: Volume, origin: Vec3Like, direction: Vec3Like, maxDistance?: number): RayHit | null;
  segmentCast(volume: Volume, p: Vec3Like, q: Vec3Like): RayHit | null;
  /** The time of first contact of a and b moving in straight lines, with every candidate axis and its interval of times. */
  sweep(a: Volume, b: Volume, motion?: Motion): SweepReport;
  /** sweep without the axes: the first contact, or null when they stay apart for 0 <= t <= maxTime. */
  timeOfImpact(a: Volume, b: Volume, motion?: Motion): SweepHit | null;
  /**
   * The tightest AABB around the volume. Sides past the largest double are clamped to
   * ±Number.MAX_VALUE: the box still holds every point of the volume with double coordinates.
   */
  boundingBox(volume: Volume): AabbVolume & { min: Vec3; max: Vec3 };
  /** A rotated AABB becomes an OBB (or its enclosing AABB with enclosingAabb); a k-DOP the tightest k-DOP around the result. */
  transform(volume: Volume, transform?: RigidTransform | PoseNumbers, options?: { enclosingAabb?: boolean }): Volume;
  /** Corners and edges of a box or k-DOP (its actual polytope), for drawing. Throws for a sphere. */
  polytope(volume: AabbVolume | ObbVolume | KdopVolume): { vertices: Vec3[]; edges: [number, number][] };
  /**
   * The tightest AABB / k-DOP, or the smallest sphere (with { method: 'ritter' }: Ritter's, cheaper,
   * a little larger), around points ([x,y,z][] or flat x,y,z numbers).
   */
  fit(type: 'aabb', points: ArrayLike<Vec3Like> | ArrayLike<number>): AabbVolume;
  fit(type: 'sphere', points: ArrayLike<Vec3Like> | ArrayLike<number>, options?: { method?: SphereFitMethod }): SphereVolume;
  fit(type: 'kdop', points: ArrayLike<Vec3Like> | ArrayLike<number>, options: { k: 6 | 8 | 14 | 18 | 26 }): KdopVolume;
  /**
   * An oriented box around points. quality 'tight' (default): within ~1 % of the smallest box,
   * tens of ms for 35k points; 'fast': linear time (~1 ms for 35k points), never larger than the AABB.
   */
  fit(type: 'obb', points: ArrayLike<Vec3Like> | ArrayLike<number>, options?: { quality?: 'fast' | 'tight' }): ObbVolume;
  /**
   * The convex hull of points: vertices (each one of the points) and triangles, counter-clockwise
   * seen from outside. A flat set gives its polygon as two fans (one per side); a line or a point no faces.
   */
  convexHull(points: ArrayLike<Vec3Like> | ArrayLike<number>): { vertices: Vec3[]; faces: [number, number, number][] };
  /** The volume enclosed (cubic units); a k-DOP's from its polytope's faces. Throws for an invalid volume. */
  volumeOf(volume: Volume): number;
  /** The problems of a volume; [] when valid. Never throws for bad input. */
  validate(volume: unknown): Problem[];
  createVolumeBuffer(type: VolumeType, capacity: number, options?: { k?: number; precision?: 'f64' | 'f32' }): VolumeBuffer;
  createPairBuffer(typeA: VolumeType, typeB: VolumeType, capacity: number, options?: { kA?: number; kB?: number; precision?: 'f64' | 'f32' }): PairBuffer;
  /** A world of moving bodies that finds every overlapping pair each frame. */
  createWorld(options?: WorldOptions): World;
  /**
   * A triangle mesh with a bounding-volume tree: `createMesh({ positions, indices }, { node:
   * 'obb', leafSize: 4 })`. Bad input is an error naming the field and the value
   * (`createMesh: indices[7] must be below the vertex count 4, got 12`).
   */
  createMesh(mesh: MeshGeometry, options?: MeshOptions): Mesh;
  /**
   * The mesh `mesh.serialize()` wrote, without building its tree again. Every field is checked
   * (sizes, checksum, indices, the tree, each node's volume around its triangles): a damaged
   * buffer is a RangeError naming the field.
   */
  loadMesh(buffer: ArrayBuffer | ArrayBufferView): Mesh;
  /** overlaps(volume, buffer[i]) for i < count in one call; returns a view of buffer.results. */
  overlapsMany(volume: Volume, buffer: VolumeBuffer, count?: number): Uint8Array;
  /** Bytes of WebAssembly memory (it only grows; for leak checks). */
  readonly heapSize: number;
  /** The threads a new world may run on: 1 and the module's helper threads no world holds. */
  readonly threads: number;
}

export interface InitOptions {
  /** The .wasm bytes, when you load them yourself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch the .wasm from, given its file name (browsers). */
  locateFile?: (file: string, prefix: string) => string;
  /**
   * false: load the smaller module of the demo element (sepaxis-core.wasm): the pair tests,
   * batches and queries, without the World, the OBB fit, convex hulls, sweeps and triangles
   * (createWorld, fit('obb'), convexHull, sweep and timeOfImpact then throw, and so does any call
   * given a triangle). It is optimized for size (74 kB gzipped against init()'s 197 kB), so its
   * pair tests take some 3-4× as long: for speed, use init(). Default true.
   */
  world?: boolean;
  /**
   * In Node and in cross-origin isolated pages (served with `Cross-Origin-Opener-Policy:
   * same-origin` and `Cross-Origin-Embedder-Policy: require-corp`): load the module whose worlds
   * run on threads (sepaxis-threads.wasm), with threads - 1 helper threads (true: the machine's
   * cores, at most 8); `createWorld({ threads })` takes them. In a page that is not isolated, the
   * usual module, whose worlds run on one thread, and a console warning naming the headers.
   */
  threads?: boolean | number;
}

/**
 * Loads the WebAssembly module once; later calls resolve to the same instance. Rejects, before
 * fetching the .wasm, with "this page's Content-Security-Policy blocks WebAssembly: add
 * 'wasm-unsafe-eval' to script-src" on a page whose policy forbids compiling WebAssembly.
 */
export function init(options?: InitOptions): Promise<Sepaxis>;
