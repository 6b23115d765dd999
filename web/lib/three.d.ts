// Types of the `sepaxis/three` adapters.

/**
 * Conversions between three.js objects and sepaxis volumes (three is an optional peer dependency).
 * @module sepaxis/three
 */
import type { Box3, BufferGeometry, Matrix4, Object3D, Sphere } from 'three';
import type { OBB } from 'three/examples/jsm/math/OBB.js';
import type { AabbVolume, KdopVolume, Mesh, MeshOptions, ObbVolume, Sepaxis, SphereVolume, Volume } from './index.js';

export function fromBox3(box: Box3): AabbVolume;
export function fromSphere(sphere: Sphere): SphereVolume;
export function fromOBB(obb: OBB): ObbVolume;
export function toBox3(volume: AabbVolume, target?: Box3): Box3;
export function toSphere(volume: SphereVolume, target?: Sphere): Sphere;
export function toOBB(volume: ObbVolume & { axes: readonly [ArrayLike<number>, ArrayLike<number>, ArrayLike<number>] }, target: OBB): OBB;
/** Maps the cube [-1, 1]^3 onto the box: for drawing a box mesh. */
export function boxMatrix(volume: AabbVolume | ObbVolume, target?: Matrix4): Matrix4;
export function fromObject3D(object: Object3D, kind: 'aabb'): AabbVolume;
export function fromObject3D(object: Object3D, kind: 'sphere'): SphereVolume;
export function fromObject3D(object: Object3D, kind?: 'obb'): ObbVolume;
export function fromObject3D(object: Object3D, kind: 'kdop', options?: { k?: 6 | 8 | 14 | 18 | 26 }): KdopVolume;
/**
 * A sepaxis mesh of a BufferGeometry's triangles, in the geometry's own frame: indexed or not,
 * every triangle of the index (or every three vertices), whatever its group and the draw range.
 * `sx` is the object `init()` resolved to.
 */
export function meshFromGeometry(sx: Sepaxis, geometry: BufferGeometry, options?: MeshOptions): Mesh;
export type { Volume };
