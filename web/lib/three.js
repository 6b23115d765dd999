// three.js adapters (the `sepaxis/three` entry): volumes in the JSON format from three.js
// objects, and back for drawing. three is an optional peer dependency: only this file imports it.

import { Box3, Matrix3, Matrix4, Quaternion, Sphere, Vector3 } from 'three';

const _v = new Vector3();
const _m = new Matrix4();
const _q = new Quaternion();
const _s = new Vector3();

const toArray = (v) => [v.x, v.y, v.z];

/** {type: 'aabb'} from a Box3. */
export function fromBox3(box) {
  return { type: 'aabb', min: toArray(box.min), max: toArray(box.max) };
}

/** {type: 'sphere'} from a Sphere. */
export function fromSphere(sphere) {
  return { type: 'sphere', center: toArray(sphere.center), radius: sphere.radius };
}

/** {type: 'obb'} from the OBB of three/examples/jsm/math/OBB.js (center, halfSize, rotation: Matrix3). */
export function fromOBB(obb) {
  const e = obb.rotation.elements;  // column-major: column j is the box's axis j
  return {
    type: 'obb',
    center: toArray(obb.center),
    halfExtents: toArray(obb.halfSize),
    axes: [[e[0], e[1], e[2]], [e[3], e[4], e[5]], [e[6], e[7], e[8]]],
  };
}

/** Writes an {type: 'aabb'} volume into a Box3 (target, or a new one). */
export function toBox3(volume, target = new Box3()) {
  target.min.fromArray(volume.min);
  target.max.fromArray(volume.max);
  return target;
}

/** Writes a {type: 'sphere'} volume into a Sphere. */
export function toSphere(volume, target = new Sphere()) {
  target.center.fromArray(volume.center);
  target.radius = volume.radius;
  return target;
}

/** Writes an {type: 'obb'} volume (with axes) into an examples OBB: OBB must be passed as target. */
export function toOBB(volume, target) {
  target.center.fromArray(volume.center);
  target.halfSize.fromArray(volume.halfExtents);
  const [u, v, w] = volume.axes;
  target.rotation.set(u[0], v[0], w[0], u[1], v[1], w[1], u[2], v[2], w[2]);
  return target;
}

// The columns of a unit quaternion's rotation: the box's axes for the `rotation` form of an OBB.
function axesOfRotation(rotation) {
  const q = typeof rotation.length === 'number' ? _q.fromArray(rotation) : _q.copy(rotation);
  const e = _m.makeRotationFromQuaternion(q).elements;  // column-major
  return [[e[0], e[1], e[2]], [e[4], e[5], e[6]], [e[8], e[9], e[10]]];
}

/** The matrix that maps the unit cube [-1, 1]^3 onto the box volume (AABB or OBB with axes): for drawing a box mesh. */
export function boxMatrix(volume, target = new Matrix4()) {
  if (volume.type === 'aabb') {
    const c = volume.min.map((m, i) => (m + volume.max[i]) / 2);
    const h = volume.min.map((m, i) => (volume.max[i] - m) / 2);
    return target.set(h[0], 0, 0, c[0], 0, h[1], 0, c[1], 0, 0, h[2], c[2], 0, 0, 0, 1);
  }
  const [u, v, w] = volume.axes ?? axesOfRotation(volume.rotation);
  const [a, b, c] = volume.halfExtents;
  const p = volume.center;
  return target.set(
    u[0] * a, v[0] * b, w[0] * c, p[0],
    u[1] * a, v[1] * b, w[1] * c, p[1],
    u[2] * a, v[2] * b, w[2] * c, p[2],
    0, 0, 0, 1);
}

const KDOP_DIRECTIONS = {
  6: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  8: [[1, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1]],
};
KDOP_DIRECTIONS[14] = [...KDOP_DIRECTIONS[6], ...KDOP_DIRECTIONS[8]];
const EDGES = [[1, 1, 0], [1, -1, 0], [1, 0, 1], [1, 0, -1], [0, 1, 1], [0, 1, -1]];
KDOP_DIRECTIONS[18] = [...KDOP_DIRECTIONS[6], ...EDGES];
KDOP_DIRECTIONS[26] = [...KDOP_DIRECTIONS[14], ...EDGES];

/**
 * A volume around an Object3D's geometry in world space (updates its world matrix first).
 * kind: 'aabb' (Box3.setFromObject), 'sphere' (the geometry's bounding sphere), 'obb' (the
 * geometry's bounding box carried by the world matrix; needs no shear), or 'kdop' with options.k
 * (every vertex, exact).
 */
export function fromObject3D(object, kind = 'obb', { k = 26 } = {}) {
  object.updateWorldMatrix(true, false);
  const geometry = object.geometry;
  if (kind === 'aabb') return fromBox3(new Box3().setFromObject(object, true));
  if (!geometry) throw new TypeError(`fromObject3D(${kind}) needs an object with a geometry`);
  if (kind === 'sphere') {
    if (!geometry.boundingSphere) geometry.computeBoundingSphere();
    return fromSphere(geometry.boundingSphere.clone().applyMatrix4(object.matrixWorld));
  }
  if (kind === 'obb') {
    if (!geometry.boundingBox) geometry.computeBoundingBox();
    const box = geometry.boundingBox;
    object.matrixWorld.decompose(_v, _q, _s);
    const center = box.getCenter(new Vector3()).applyMatrix4(object.matrixWorld);
    const size = box.getSize(new Vector3());
    const half = new Vector3(Math.abs(_s.x) * size.x / 2, Math.abs(_s.y) * size.y / 2, Math.abs(_s.z) * size.z / 2);
    const r = new Matrix3().setFromMatrix4(_m.makeRotationFromQuaternion(_q)).elements;
    return {
      type: 'obb', center: toArray(center), halfExtents: toArray(half),
      axes: [[r[0], r[1], r[2]], [r[3], r[4], r[5]], [r[6], r[7], r[8]]],
    };
  }
  if (kind === 'kdop') {
    const dirs = KDOP_DIRECTIONS[k];
    if (!dirs) throw new RangeError(`kdop k must be one of 6, 8, 14, 18, 26, got ${k}`);
    const min = dirs.map(() => Infinity), max = dirs.map(() => -Infinity);
    const position = geometry.getAttribute('position');
    for (let i = 0; i < position.count; i++) {
      _v.fromBufferAttribute(position, i).applyMatrix4(object.matrixWorld);
      dirs.forEach((d, j) => {
        const s = d[0] * _v.x + d[1] * _v.y + d[2] * _v.z;
        if (s < min[j]) min[j] = s;
        if (s > max[j]) max[j] = s;
      });
    }
    return { type: 'kdop', k, min, max };
  }
  throw new TypeError(`kind must be one of "aabb", "sphere", "obb", "kdop", got ${JSON.stringify(kind)}`);
}

/**
 * A sepaxis mesh (sx.createMesh) of a BufferGeometry's triangles, in the geometry's own frame:
 * indexed or not, every triangle of the index (or every three vertices) whatever its group and
 * the draw range. `sx` is the object init() resolved to; options are createMesh's ({ node,
 * leafSize }). The positions are passed as they are (a plain Float32Array attribute is copied
 * into the mesh once; interleaved or other layouts are gathered first).
 */
export function meshFromGeometry(sx, geometry, options = {}) {
  const position = geometry?.getAttribute?.('position');
  if (!position) throw new TypeError('meshFromGeometry needs a BufferGeometry with a position attribute');
  let positions = position.array;
  if (position.isInterleavedBufferAttribute || position.itemSize !== 3 || position.normalized ||
      !(positions instanceof Float32Array || positions instanceof Float64Array) || positions.length !== 3 * position.count) {
    positions = new Float32Array(3 * position.count);
    for (let i = 0; i < position.count; i++) {
      positions[3 * i] = position.getX(i);
      positions[3 * i + 1] = position.getY(i);
      positions[3 * i + 2] = position.getZ(i);
    }
  }
  const indices = geometry.index ? geometry.index.array : undefined;
  return sx.createMesh({ positions, indices }, options);
}
