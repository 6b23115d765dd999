// sepaxis from TypeScript, touching the whole public API (also `sepaxis/three`).
// Type-checked and run by tests/pkg/types.mjs (strict, moduleResolution bundler and node16).

import {
  init, PairBuffer, VolumeBuffer,
  type AabbVolume, type AxisFeature, type AxisKind, type AxisReport, type CollisionReport, type InitOptions,
  type KdopVolume, type ObbVolume, type PoseNumbers, type Problem, type QuatLike, type RayHit, type RigidTransform, type Sepaxis,
  type SphereVolume, type Vec3, type Vec3Like, type Volume, type VolumeType, type World, type WorldRayHit,
} from 'sepaxis';
import { boxMatrix, fromBox3, fromOBB, fromObject3D, fromSphere, toBox3, toOBB, toSphere } from 'sepaxis/three';
import { Box3, BoxGeometry, Matrix3, Matrix4, Mesh, Sphere, Vector3 } from 'three';
import { OBB } from 'three/examples/jsm/math/OBB.js';

const options: InitOptions = {};  // in browsers: { locateFile: (file) => `/assets/${file}` } or { wasmBinary }
const sx: Sepaxis = await init(options);

// Volumes: plain JSON. Vectors may be arrays, typed arrays or {x, y, z} (a three.js Vector3).
const box: AabbVolume = { type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] };
const ball: SphereVolume = { type: 'sphere', center: new Vector3(1.5, 0.5, 0.5), radius: 0.6 };
const turn: QuatLike = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];  // 45° about z
const crate: ObbVolume = { type: 'obb', center: [3, 0.5, 0.5], rotation: turn, halfExtents: [1, 0.5, 0.5] };
const dop: KdopVolume = { type: 'kdop', k: 6, min: [0.5, 0.5, 0.5], max: [2, 2, 2] };
const volumes: Volume[] = [box, ball, crate, dop];

// @ts-expect-error k must be one of 6, 8, 14, 18, 26
const badK: KdopVolume = { type: 'kdop', k: 7, min: [0], max: [1] };
// @ts-expect-error an OBB has axes or a rotation, not both
const both: ObbVolume = { type: 'obb', center: [0, 0, 0], halfExtents: [1, 1, 1], rotation: turn, axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] };
void badK; void both;

for (const v of volumes) {
  const hits = volumes.filter((w) => w !== v && sx.overlaps(v, w)).map((w) => w.type);
  console.log(`${v.type} overlaps: ${hits.join(', ') || 'nothing'}`);
}
console.log('overlapsConservative(dop, dop):', sx.overlapsConservative(dop, dop));
try {
  // @ts-expect-error overlapsConservative compares k-DOPs only (and checks it at run time too)
  sx.overlapsConservative(ball, dop);
} catch (e) {
  console.log(`${(e as Error).name}: ${(e as Error).message}`);
}

const report: CollisionReport = sx.collide(box, crate);
const axis: AxisReport | undefined = report.axes[report.separatingAxis];
console.log(`collide(box, crate): ${report.overlap ? 'overlap' : `apart along ${axis?.label}, gap ${axis?.gap?.toFixed(4)}`}`);
// Where the axis comes from, as data (the label is composed from these, for people).
const axisKind: AxisKind | undefined = axis?.kind;
const ofA: AxisFeature | null | undefined = axis?.featureA;
console.log(`separating axis: ${axisKind}, A ${ofA}, B ${axis?.featureB}`);
// @ts-expect-error features are named u0..u2, x y z, n(...) or e(...)
const notAFeature: AxisFeature = 'q0';
void notAFeature;
const deep = sx.collide(box, { type: 'aabb', min: [0.5, 0.5, 0.9], max: [2, 2, 2] }).penetration;
if (deep) console.log(`penetration: ${deep.depth.toFixed(2)} along [${deep.normal.join(', ')}]`);

// Point and ray queries. closestPoint writes into the target you pass, of your type.
const inside: boolean = sx.contains(box, [0.5, 0.5, 0.5]);
const nearest: Vector3 = sx.closestPoint(box, [2, 2, 2], new Vector3());
const nearestArray: Vec3 = sx.closestPoint(ball, [5, 0.5, 0.5]);
const hit: RayHit | null = sx.raycast(crate, [-5, 0.5, 0.5], [1, 0, 0], 100);
const segment = sx.segmentCast(box, [-1, 0.5, 0.5], [0.5, 0.5, 0.5]);
console.log(`contains: ${inside}; closest: ${nearest.toArray()} and ${nearestArray}; ray: ${hit?.distance.toFixed(4)}; segment starts inside: ${segment?.startsInside}`);

// Bounds, transforms, validation.
const bounds: AabbVolume & { min: Vec3; max: Vec3 } = sx.boundingBox(crate);
const move: RigidTransform = { rotation: turn, translation: new Vector3(0, 0, 1), scale: 2 };
const moved: Volume = sx.transform(box, move);
const movedBounds = sx.transform(box, move, { enclosingAabb: true });
const problems: Problem[] = sx.validate({ type: 'sphere', center: [0, 0, 0], radius: -1 });
console.log(`bounds of crate: ${bounds.min.map((x) => x.toFixed(2))} .. ${bounds.max.map((x) => x.toFixed(2))}; moved: ${moved.type}, ${movedBounds.type}; problems: ${problems.map((p) => p.message)}`);

// Batches: structure-of-arrays data in the WebAssembly heap; `using` frees it at the block's end.
{
  using pairs: PairBuffer = sx.createPairBuffer('obb', 'aabb', 2, { precision: 'f32' });
  pairs.a.set(0, crate).set(1, { ...crate, center: [1.2, 0.5, 0.5] });
  const fields: readonly string[] = pairs.b.fields;
  fields.forEach((name, f) => { pairs.b.field(name).fill(f < 3 ? 0 : 1); });  // both b = the unit box
  const results: Uint8Array = pairs.run();
  console.log(`batch obb–aabb (${pairs.a.precision}): ${Array.from(results)}; a[1] = ${JSON.stringify(pairs.a.get(1))}`);
}

const kind: VolumeType = 'sphere';
using spheres: VolumeBuffer = sx.createVolumeBuffer(kind, 3);
spheres.set(0, ball).set(1, { type: 'sphere', center: [9, 9, 9], radius: 1 }).set(2, { type: 'sphere', center: [1, 1, 1], radius: 0 });
spheres.data[3 * spheres.stride + 2] = 0.25;  // field 3 (radius) of element 2, written in place
spheres.count = 3;
const many: Uint8Array = sx.overlapsMany(box, spheres);
console.log(`overlapsMany(box, ${spheres.count} ${spheres.type}s): ${Array.from(many)}; problem of [1]: '${spheres.problem(1)}'`);
console.log(`instanceof: ${spheres instanceof VolumeBuffer}; disposed: ${spheres.disposed}; heap: ${sx.heapSize} bytes`);

// sepaxis/three: three.js objects to volumes and back.
const mesh = new Mesh(new BoxGeometry(2, 1, 1));
mesh.position.set(5, 0, 0);
mesh.rotation.z = Math.PI / 6;
const meshObb: ObbVolume = fromObject3D(mesh);
const meshAabb: AabbVolume = fromObject3D(mesh, 'aabb');
const meshSphere: SphereVolume = fromObject3D(mesh, 'sphere');
const meshDop: KdopVolume = fromObject3D(mesh, 'kdop', { k: 26 });
// @ts-expect-error fromObject3D(mesh, 'aabb') is an AabbVolume
const wrong: SphereVolume = fromObject3D(mesh, 'aabb');
void wrong;
const threeObb = new OBB(new Vector3(5, 0, 0), new Vector3(1, 0.5, 0.5), new Matrix3().identity());
const pairsFromThree: [Volume, Volume][] = [
  [fromBox3(new Box3(new Vector3(4, -1, -1), new Vector3(6, 1, 1))), meshObb],
  [fromSphere(new Sphere(new Vector3(5, 0, 0), 0.5)), meshDop],
  [fromOBB(threeObb), meshSphere],
];
console.log(`three.js volumes overlap: ${pairsFromThree.map(([a, b]) => sx.overlaps(a, b))}`);
const backToBox: Box3 = toBox3(meshAabb);
const backToSphere: Sphere = toSphere(meshSphere, new Sphere());
const backToObb: OBB = toOBB({ type: 'obb', center: [0, 0, 0], halfExtents: [1, 1, 1], axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }, new OBB());
const drawing: Matrix4 = boxMatrix(meshObb);
console.log(`back to three.js: box ${backToBox.min.x.toFixed(2)}, sphere r ${backToSphere.radius.toFixed(2)}, obb ${backToObb.halfSize.x}, matrix det ${drawing.determinant().toFixed(2)}`);

// A world of moving bodies: every overlapping pair each frame.
const world: World = sx.createWorld({ capacity: 16 });
const at: PoseNumbers = [2, 0, 0, 0, 0, 0, 1];  // tx, ty, tz, qx, qy, qz, qw: setPoses's layout
const bodyIds = new Uint32Array([world.add(ball), world.add(box, { translation: [0.5, 0, 0], rotation: [0, 0, 0, 1] }), world.add(crate, at)]);
world.setPoses(bodyIds, new Float32Array([0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 1]));
const worldPoses: Float64Array = world.poses;
worldPoses[world.poseIndex(bodyIds[1]) + 1] = 0.25;  // y of the second body, in place
world.commitPoses();
const overlapping: Uint32Array = world.pairs();
const worldHit: WorldRayHit | null = world.raycast([-5, 0.5, 0.5], [1, 0, 0]);
console.log(`world: ${world.count} bodies, pairs ${Array.from(overlapping)}, query ${Array.from(world.query(ball))}, ray hits ${worldHit?.id}`);
world.dispose();
