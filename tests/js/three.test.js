// The three.js adapters (sepaxis/three): volumes from Box3, Sphere, the examples OBB and any
// Object3D, and back; and verdicts that agree with three.js's own intersection tests wherever
// the pair is clearly apart or clearly overlapping.

import { beforeAll, describe, expect, it } from 'vitest';
import { Box3, BoxGeometry, Euler, Group, Matrix3, Matrix4, Mesh, Object3D, Quaternion, Sphere, SphereGeometry, Vector3 } from 'three';
import { OBB } from 'three/examples/jsm/math/OBB.js';
import { init } from 'sepaxis';
import { boxMatrix, fromBox3, fromOBB, fromObject3D, fromSphere, toBox3, toOBB, toSphere } from 'sepaxis/three';
import { KS, boxCorners, kdopOfPoints, rng } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

const v3 = (a) => new Vector3(...a);

function randomBox3(r) {
  const c = r.vec(-2, 2), h = r.vec(0.1, 1);
  return new Box3(v3(c.map((x, i) => x - h[i])), v3(c.map((x, i) => x + h[i])));
}
function randomSphere(r) {
  return new Sphere(v3(r.vec(-2, 2)), r.uniform(0.1, 1.2));
}
function randomOBB(r) {
  const q = new Quaternion(...r.quat());
  return new OBB(v3(r.vec(-2, 2)), v3(r.vec(0.1, 1)), new Matrix3().setFromMatrix4(new Matrix4().makeRotationFromQuaternion(q)));
}

/** How clearly the pair overlaps or is apart: penetration depth, or the largest gap. */
function margin(a, b) {
  const report = sx.collide(a, b);
  if (report.overlap) return report.penetration.depth;
  return Math.max(...report.axes.filter((x) => !x.degenerate).map((x) => x.gap));
}

/** World positions of every vertex of a mesh. */
function worldVertices(mesh) {
  mesh.updateWorldMatrix(true, false);
  const position = mesh.geometry.getAttribute('position');
  return Array.from({ length: position.count }, (_, i) => new Vector3().fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld).toArray());
}

function expectNear(actual, expected, tol, what) {
  expect(actual.length, what).toBe(expected.length);
  actual.forEach((x, i) => expect(Math.abs(x - expected[i]), `${what}[${i}]: ${x} vs ${expected[i]}`).toBeLessThanOrEqual(tol));
}

describe('conversions', () => {
  it('Box3 and Sphere convert to volumes and back unchanged', () => {
    const r = rng(11001);
    for (let i = 0; i < 20; i++) {
      const box = randomBox3(r);
      const volume = fromBox3(box);
      expect(volume).toEqual({ type: 'aabb', min: box.min.toArray(), max: box.max.toArray() });
      expect(sx.validate(volume)).toEqual([]);
      expect(toBox3(volume).equals(box)).toBe(true);
      const target = new Box3();
      expect(toBox3(volume, target)).toBe(target);

      const sphere = randomSphere(r);
      const s = fromSphere(sphere);
      expect(s).toEqual({ type: 'sphere', center: sphere.center.toArray(), radius: sphere.radius });
      expect(toSphere(s).equals(sphere)).toBe(true);
      const st = new Sphere();
      expect(toSphere(s, st)).toBe(st);
    }
  });

  it('an examples OBB converts to a volume with its columns as axes, and back', () => {
    const r = rng(11002);
    for (let i = 0; i < 20; i++) {
      const obb = randomOBB(r);
      const volume = fromOBB(obb);
      expect(sx.validate(volume)).toEqual([]);
      expect(volume.center).toEqual(obb.center.toArray());
      expect(volume.halfExtents).toEqual(obb.halfSize.toArray());
      // Column j of the rotation is the box's axis j: the centre plus that axis times the
      // half-size is a face centre, inside the box and on its boundary.
      const e = obb.rotation.elements;
      for (let j = 0; j < 3; j++) expect(volume.axes[j]).toEqual([e[3 * j], e[3 * j + 1], e[3 * j + 2]]);
      const back = toOBB(volume, new OBB());
      expect(back.center.equals(obb.center)).toBe(true);
      expect(back.halfSize.equals(obb.halfSize)).toBe(true);
      expect(back.rotation.equals(obb.rotation)).toBe(true);
      // The same points are inside for three.js and for sepaxis.
      for (let k = 0; k < 30; k++) {
        const p = v3(r.vec(-3, 3));
        if (Math.abs(margin(volume, { type: 'sphere', center: p.toArray(), radius: 0 })) < 1e-9) continue;
        expect(sx.contains(volume, p.toArray())).toBe(obb.containsPoint(p));
      }
    }
  });

  it('boxMatrix maps the corners of the cube [-1, 1]^3 onto the corners of the box', () => {
    const r = rng(11003);
    const cube = boxCorners([0, 0, 0], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [1, 1, 1]);
    const obb = fromOBB(randomOBB(r));
    const aabb = fromBox3(randomBox3(r));
    const expected = {
      obb: boxCorners(obb.center, obb.axes, obb.halfExtents),
      aabb: boxCorners(aabb.min.map((m, i) => (m + aabb.max[i]) / 2), [[1, 0, 0], [0, 1, 0], [0, 0, 1]], aabb.min.map((m, i) => (aabb.max[i] - m) / 2)),
    };
    for (const volume of [obb, aabb]) {
      const m = boxMatrix(volume);
      cube.forEach((c, i) => expectNear(v3(c).applyMatrix4(m).toArray(), expected[volume.type][i], 1e-12, `${volume.type} corner ${i}`));
      const target = new Matrix4();
      expect(boxMatrix(volume, target)).toBe(target);
    }
  });
});

describe('verdicts agree with three.js on random pairs that are clearly apart or clearly overlapping', () => {
  const CLEAR = 1e-6;
  const cases = [
    ['Box3.intersectsBox', randomBox3, randomBox3, (a, b) => a.intersectsBox(b), fromBox3, fromBox3],
    ['Sphere.intersectsSphere', randomSphere, randomSphere, (a, b) => a.intersectsSphere(b), fromSphere, fromSphere],
    ['Box3.intersectsSphere', randomBox3, randomSphere, (a, b) => a.intersectsSphere(b), fromBox3, fromSphere],
    ['Sphere.intersectsBox', randomSphere, randomBox3, (a, b) => a.intersectsBox(b), fromSphere, fromBox3],
    ['OBB.intersectsOBB', randomOBB, randomOBB, (a, b) => a.intersectsOBB(b), fromOBB, fromOBB],
    ['OBB.intersectsBox3', randomOBB, randomBox3, (a, b) => a.intersectsBox3(b), fromOBB, fromBox3],
    ['OBB.intersectsSphere', randomOBB, randomSphere, (a, b) => a.intersectsSphere(b), fromOBB, fromSphere],
  ];
  for (const [name, makeA, makeB, threeSays, convertA, convertB] of cases) {
    it(name, () => {
      const r = rng(12000 + name.length);
      let compared = 0, overlapping = 0;
      for (let i = 0; i < 1500; i++) {
        const a = makeA(r), b = makeB(r);
        const va = convertA(a), vb = convertB(b);
        if (Math.abs(margin(va, vb)) <= CLEAR) continue;
        const verdict = sx.overlaps(va, vb);
        expect(verdict, `${name} #${i}: ${JSON.stringify([va, vb])}`).toBe(threeSays(a, b));
        expect(sx.overlaps(vb, va)).toBe(verdict);
        compared++;
        if (verdict) overlapping++;
      }
      expect(compared).toBeGreaterThan(1400);
      expect(overlapping).toBeGreaterThan(100);
      expect(compared - overlapping).toBeGreaterThan(100);
    });
  }
});

describe('fromObject3D', () => {
  /** A box mesh, turned, moved and scaled (unevenly), inside a turned, moved and scaled group. */
  function scene({ mirror = false, offsetGeometry = false } = {}) {
    const geometry = new BoxGeometry(2, 3, 4);
    if (offsetGeometry) geometry.translate(0.5, -0.25, 1);
    const mesh = new Mesh(geometry);
    mesh.position.set(1, -2, 0.5);
    mesh.quaternion.setFromEuler(new Euler(0.3, -0.7, 1.1));
    mesh.scale.set(mirror ? -1.5 : 1.5, 0.5, 2);
    const group = new Group();
    group.position.set(-3, 1, 2);
    group.quaternion.setFromEuler(new Euler(-0.2, 0.4, 0.1));
    group.scale.setScalar(0.75);
    group.add(mesh);
    return { mesh, group };
  }

  const variants = [
    ['a turned, moved and scaled box mesh in a group', {}],
    ['a mirrored box mesh (negative scale)', { mirror: true }],
    ['a box mesh whose geometry is off-centre', { offsetGeometry: true }],
  ];

  for (const [name, options] of variants) {
    it(`'obb' of ${name}: exactly the world-space box of its vertices`, () => {
      const { mesh } = scene(options);
      const volume = fromObject3D(mesh, 'obb');
      expect(sx.validate(volume)).toEqual([]);
      if (!options.offsetGeometry) {
        // three's OBB.applyMatrix4 moves the centre by the translation only, which is right for a
        // box centred on the origin of its geometry, so compare with it only then.
        mesh.geometry.computeBoundingBox();
        const threeObb = new OBB().fromBox3(mesh.geometry.boundingBox).applyMatrix4(mesh.matrixWorld);
        expectNear(volume.center, threeObb.center.toArray(), 1e-12, 'center');
        expectNear(volume.halfExtents, threeObb.halfSize.toArray(), 1e-12, 'halfExtents');
      }
      // The box's 8 corners are the mesh's vertices in world space (as sets).
      const corners = boxCorners(volume.center, volume.axes, volume.halfExtents);
      const vertices = worldVertices(mesh);
      for (const c of corners) expect(vertices.some((p) => p.every((x, i) => Math.abs(x - c[i]) < 1e-12)), `corner ${c}`).toBe(true);
      for (const p of vertices) expect(corners.some((c) => p.every((x, i) => Math.abs(x - c[i]) < 1e-12)), `vertex ${p}`).toBe(true);
    });

    it(`'aabb' of ${name}: Box3.setFromObject (precise), tight around the vertices`, () => {
      const { mesh } = scene(options);
      const volume = fromObject3D(mesh, 'aabb');
      expect(volume).toEqual(fromBox3(new Box3().setFromObject(mesh, true)));
      const vertices = worldVertices(mesh);
      for (let i = 0; i < 3; i++) {
        expect(volume.min[i]).toBe(Math.min(...vertices.map((p) => p[i])));
        expect(volume.max[i]).toBe(Math.max(...vertices.map((p) => p[i])));
      }
    });

    it(`'sphere' of ${name}: contains every vertex`, () => {
      const { mesh } = scene(options);
      const volume = fromObject3D(mesh, 'sphere');
      expect(sx.validate(volume)).toEqual([]);
      const expected = mesh.geometry.boundingSphere.clone().applyMatrix4(mesh.matrixWorld);
      expectNear(volume.center, expected.center.toArray(), 1e-12, 'center');
      expect(volume.radius).toBe(expected.radius);
      const grown = { ...volume, radius: volume.radius * (1 + 1e-12) };
      for (const p of worldVertices(mesh)) expect(sx.contains(grown, p), `vertex ${p}`).toBe(true);
    });

    it(`'kdop' of ${name}, every k: the exact k-DOP of the world vertices`, () => {
      const { mesh } = scene(options);
      const vertices = worldVertices(mesh);
      for (const k of KS) {
        const volume = fromObject3D(mesh, 'kdop', { k });
        expect(volume).toEqual(kdopOfPoints(k, vertices));
        expect(sx.validate(volume)).toEqual([]);
        for (const p of vertices) expect(sx.contains(volume, p), `k=${k} vertex ${p}`).toBe(true);
        // It encloses the exact box, and the 6-DOP is the AABB.
        expect(sx.overlaps(volume, fromObject3D(mesh, 'obb'))).toBe(true);
      }
      const six = fromObject3D(mesh, 'kdop', { k: 6 });
      expect({ type: 'aabb', min: six.min, max: six.max }).toEqual(fromObject3D(mesh, 'aabb'));
    });
  }

  it("defaults to 'obb' and k = 26, and updates the parents' world matrices itself", () => {
    const { mesh, group } = scene();
    const fresh = scene();
    // Move the group after the first matrices were computed: fromObject3D must see the move.
    fromObject3D(mesh);
    group.position.x += 10;
    fresh.group.position.x += 10;
    expect(fromObject3D(mesh)).toEqual(fromObject3D(fresh.mesh, 'obb'));
    expect(fromObject3D(mesh, 'kdop')).toEqual(fromObject3D(fresh.mesh, 'kdop', { k: 26 }));
    expect(fromObject3D(mesh).center[0]).toBeGreaterThan(5);
  });

  it('volumes of two meshes agree with three.js on whether their bounding boxes meet', () => {
    const r = rng(13001);
    let compared = 0;
    for (let i = 0; i < 200; i++) {
      const a = new Mesh(new SphereGeometry(r.uniform(0.3, 1), 8, 6));
      const b = new Mesh(new BoxGeometry(...r.vec(0.2, 2)));
      a.position.set(...r.vec(-2, 2));
      b.position.set(...r.vec(-2, 2));
      b.quaternion.set(...r.quat());
      const [va, vb] = [fromObject3D(a, 'aabb'), fromObject3D(b, 'aabb')];
      if (Math.abs(margin(va, vb)) <= 1e-6) continue;
      expect(sx.overlaps(va, vb)).toBe(new Box3().setFromObject(a, true).intersectsBox(new Box3().setFromObject(b, true)));
      compared++;
    }
    expect(compared).toBeGreaterThan(190);
  });

  it('rejects objects without geometry (except for aabb), unknown kinds and unknown k', () => {
    expect(() => fromObject3D(new Object3D(), 'obb')).toThrow(TypeError);
    expect(() => fromObject3D(new Object3D(), 'sphere')).toThrow(TypeError);
    expect(() => fromObject3D(new Object3D(), 'kdop')).toThrow(TypeError);
    const { mesh } = scene();
    expect(() => fromObject3D(mesh, 'cone')).toThrow(TypeError);
    expect(() => fromObject3D(mesh, 'cone')).toThrow(/kind must be one of .*got "cone"/);
    expect(() => fromObject3D(mesh, 'kdop', { k: 7 })).toThrow(RangeError);
    expect(() => fromObject3D(mesh, 'kdop', { k: 7 })).toThrow(/k must be one of 6, 8, 14, 18, 26, got 7/);
    // A group bounds its children.
    const group = new Group();
    group.add(mesh);
    expect(fromObject3D(group, 'aabb')).toEqual(fromObject3D(mesh, 'aabb'));
  });
});
