// Meshes (sx.createMesh, sx.loadMesh) against brute force: every first hit and closest point is
// the one testing every triangle with sx.raycast / sx.closestPoint on {type: 'triangle'} volumes
// gives (the same triangle, the same distance), for random meshes and every node type; the same
// answers from Float32, Float64 and plain-array positions and from Uint16, Uint32, plain or no
// indices; a refit answers as a mesh built anew; a serialized mesh loads with the same answers,
// and a damaged one is refused. Then every error path (each checked to change nothing), the heap
// over 10,000 queries and 1,000 builds, and sepaxis/three's meshFromGeometry.

import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BufferGeometry, Float32BufferAttribute, InterleavedBuffer, InterleavedBufferAttribute, TorusGeometry } from 'three';
import { init } from 'sepaxis';
import { meshFromGeometry } from 'sepaxis/three';
import { ballast, randomVolume, rng } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

const NODES = ['sphere', 'aabb', 'obb', 'kdop6', 'kdop8', 'kdop14', 'kdop18', 'kdop26'];

// ---------------------------------------------------------------------------------------------
// Meshes and the oracle

/** Triangles scattered in a box, of many sizes, some slivers, some a segment: float32 numbers. */
function randomSoup(r, triangles, scale = 4) {
  const positions = [];
  for (let t = 0; t < triangles; t++) {
    const c = r.vec(-scale, scale), size = scale * 10 ** r.uniform(-2, 0);
    const corners = [0, 1, 2].map(() => c.map((x) => x + size * r.uniform(-1, 1)));
    if (t % 7 === 0) corners[2] = corners[0].map((x, i) => x + 0.25 * (corners[1][i] - x));
    for (const p of corners) positions.push(...p.map(Math.fround));
  }
  return { positions };
}

/** An indexed UV sphere (shared vertices and edges), float32 numbers. */
function uvSphere(rings, segments, center, radius) {
  const positions = [], indices = [];
  for (let i = 0; i <= rings; i++)
    for (let j = 0; j < segments; j++) {
      const theta = (Math.PI * i) / rings, phi = (2 * Math.PI * j) / segments;
      positions.push(...[center[0] + radius * Math.sin(theta) * Math.cos(phi), center[1] + radius * Math.sin(theta) * Math.sin(phi),
        center[2] + radius * Math.cos(theta)].map(Math.fround));
    }
  const at = (i, j) => i * segments + (j % segments);
  for (let i = 0; i < rings; i++)
    for (let j = 0; j < segments; j++) indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  return { positions, indices };
}

const vertexOf = (positions, v) => [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];

/** The mesh's triangles as {type: 'triangle'} volumes. */
function triangleVolumes({ positions, indices }) {
  const count = indices ? indices.length / 3 : positions.length / 9;
  return Array.from({ length: count }, (_, t) => ({
    type: 'triangle',
    vertices: [0, 1, 2].map((c) => vertexOf(positions, indices ? indices[3 * t + c] : 3 * t + c)),
  }));
}

/** The first hit of testing every triangle: { triangle, distance } (ties: the lowest index), or null. */
function everyTriangleRay(triangles, origin, direction, maxDistance = Infinity) {
  let best = null;
  triangles.forEach((tri, t) => {
    const h = sx.raycast(tri, origin, direction, maxDistance);
    if (h && (!best || h.distance < best.distance)) best = { triangle: t, distance: h.distance, point: h.point };
  });
  return best;
}

function everyTriangleClosest(triangles, p) {
  let best = null;
  triangles.forEach((tri, t) => {
    const q = sx.closestPoint(tri, p);
    const x = q[0] - p[0], y = q[1] - p[1], z = q[2] - p[2];
    const d = Math.sqrt(x * x + y * y + z * z);  // the core's length(), in its order
    if (!best || d < best.distance) best = { triangle: t, distance: d, point: q };
  });
  return best;
}

/** Rays from around the mesh aimed at its corners, triangles' centroids and box; points near it. */
function queries(r, { positions, indices }, count) {
  const n = positions.length / 3;
  const corner = (t, c) => vertexOf(positions, indices ? indices[3 * t + c] : 3 * t + c);
  const triangles = indices ? indices.length / 3 : Math.floor(n / 3);
  const lo = [0, 1, 2].map((i) => Math.min(...positions.filter((_, j) => j % 3 === i)));
  const hi = [0, 1, 2].map((i) => Math.max(...positions.filter((_, j) => j % 3 === i)));
  const middle = lo.map((x, i) => (x + hi[i]) / 2);
  const reach = Math.max(...hi.map((x, i) => x - lo[i]));
  const out = [];
  for (let i = 0; i < count; i++) {
    const t = Math.floor(r.next() * triangles);
    const [a, b, c] = [0, 1, 2].map((k) => corner(t, k));
    const target = i % 3 === 0 ? a : i % 3 === 1 ? a.map((x, k) => (x + b[k] + c[k]) / 3) : lo.map((x, k) => r.uniform(x, hi[k]));
    const u = r.vec(-1, 1), len = Math.hypot(...u) || 1;
    const origin = middle.map((x, k) => x + (2 * reach * u[k]) / len);
    const inside = middle.map((x) => x + r.uniform(-0.3, 0.3) * reach);
    out.push({ origin: i % 4 === 3 ? inside : origin, direction: target.map((x, k) => x - (i % 4 === 3 ? inside : origin)[k]),
      point: target.map((x) => x + r.uniform(-0.4, 0.4) * reach) });
  }
  return out;
}

/** The answers of a mesh to the queries, for comparing meshes with each other. */
function answers(mesh, qs) {
  return qs.map(({ origin, direction, point }) => [mesh.raycast(origin, direction), mesh.closestPoint(point)]);
}

// ---------------------------------------------------------------------------------------------

describe('meshes answer as testing every triangle does', () => {
  const r = rng(27001);
  const meshes = [
    { name: 'random soup', geometry: randomSoup(r, 90) },
    { name: 'uv sphere', geometry: uvSphere(7, 10, [1, -2, 0.5], 3) },
  ];

  for (const { name, geometry } of meshes) {
    it(`${name}: rays and closest points, every node type and leaf sizes 1, 4, 9`, () => {
      const triangles = triangleVolumes(geometry);
      const qs = queries(r, geometry, 40);
      const want = qs.map(({ origin, direction, point }) => {
        const ray = everyTriangleRay(triangles, origin, direction);
        // Just below the first hit's distance: the next nearer triangle, or none.
        const below = ray && ray.distance * (1 - 2 ** -50);
        return [ray, everyTriangleClosest(triangles, point), below, ray && (everyTriangleRay(triangles, origin, direction, below)?.triangle ?? null)];
      });
      expect(want.filter(([hit]) => hit).length).toBeGreaterThan(12);  // the rays mostly meet the mesh
      for (const node of NODES)
        for (const leafSize of [1, 4, 9]) {
          const mesh = sx.createMesh(geometry, { node, leafSize });
          expect(mesh.node).toBe(node);
          expect(mesh.leafSize).toBe(leafSize);
          expect(mesh.triangleCount).toBe(triangles.length);
          qs.forEach(({ origin, direction, point }, i) => {
            const [ray, closest, below, belowTriangle] = want[i];
            const hit = mesh.raycast(origin, direction);
            if (!ray) expect(hit).toBeNull();
            else {
              expect([hit.triangle, hit.distance, ...hit.point], `${node} ray ${i}`).toEqual([ray.triangle, ray.distance, ...ray.point]);
              // The limit at the answer keeps it; just below it, the next nearer or nothing.
              expect(mesh.raycast(origin, direction, ray.distance)?.triangle).toBe(ray.triangle);
              expect(mesh.raycast(origin, direction, below)?.triangle ?? null).toBe(belowTriangle);
            }
            const c = mesh.closestPoint(point);
            expect([c.triangle, c.distance, ...c.point], `${node} point ${i}`).toEqual([closest.triangle, closest.distance, ...closest.point]);
            if (closest.distance > 0) expect(mesh.closestPoint(point, closest.distance * 0.999)).toBeNull();
          });
          mesh.dispose();
        }
    });
  }

  it('a hit carries the triangle\'s normal and barycentric weights as sx.raycast gives them', () => {
    const geometry = uvSphere(5, 8, [0, 0, 0], 2);
    const mesh = sx.createMesh(geometry);
    const hit = mesh.raycast([0.1, 0.2, 10], [0, 0, -1]);
    const tri = triangleVolumes(geometry)[hit.triangle];
    const want = sx.raycast(tri, [0.1, 0.2, 10], [0, 0, -1]);
    expect(hit.normal).toEqual(want.normal);
    expect(hit.barycentric).toEqual(want.barycentric);
    expect(mesh.raycast([0.1, 0.2, 10], [0, 0, 1])).toBeNull();
  });

  it('the tree skips most of a mesh: lastQuery counts the tests', () => {
    const mesh = sx.createMesh(uvSphere(24, 32, [0, 0, 0], 3), { node: 'obb' });
    mesh.raycast([10, 0.3, 0.2], [-1, 0, 0]);
    const { volumeTests, triangleTests } = mesh.lastQuery;
    expect(triangleTests).toBeGreaterThan(0);
    expect(triangleTests).toBeLessThan(mesh.triangleCount / 10);
    expect(volumeTests).toBeLessThan(mesh.nodeCount / 4);
    mesh.closestPoint([0, 0, 5]);
    expect(mesh.lastQuery.triangleTests).toBeLessThan(mesh.triangleCount / 10);
  });
});

describe('raycastMany and closestPointMany answer as raycast and closestPoint do', () => {
  it('a thousand random rays and points past a chunk, Float64 and Float32 inputs, with and without a limit', () => {
    const r = rng(27011);
    const geometry = uvSphere(10, 14, [0.5, 0, -1], 2);
    const n = 1100;  // past one staging chunk (1024)
    const qs = queries(r, geometry, n);
    const origins = new Float64Array(qs.flatMap((q) => q.origin)), directions = new Float64Array(qs.flatMap((q) => q.direction));
    const points = new Float64Array(qs.flatMap((q) => q.point));
    const none = [-1, Infinity, [NaN, NaN, NaN], [NaN, NaN, NaN], [NaN, NaN, NaN]];
    for (const node of ['aabb', 'obb']) {
      const mesh = sx.createMesh(geometry, { node });
      for (const maxDistance of [Infinity, 3]) {
        const hits = { triangle: new Int32Array(n), distance: new Float64Array(n), point: new Float64Array(3 * n),
          normal: new Float64Array(3 * n), barycentric: new Float64Array(3 * n) };
        const met = mesh.raycastMany(origins, directions, hits, maxDistance);
        const sums = mesh.lastQuery;
        const got = [], want = [];
        let volumeTests = 0;
        for (let i = 0; i < n; i++) {
          const h = mesh.raycast(qs[i].origin, qs[i].direction, maxDistance);
          volumeTests += mesh.lastQuery.volumeTests;
          const at = (a) => [...a.subarray(3 * i, 3 * i + 3)];
          got.push([hits.triangle[i], hits.distance[i], at(hits.point), at(hits.normal), at(hits.barycentric)]);
          want.push(h ? [h.triangle, h.distance, h.point, h.normal, h.barycentric] : none);
        }
        expect(got, `${node} rays`).toEqual(want);
        expect(met).toBe(want.filter((w) => w !== none).length);
        expect(met).toBeGreaterThan(n / 10);
        expect(met).toBeLessThan(n);
        expect(sums.volumeTests).toBe(volumeTests);

        const closest = { triangle: new Int32Array(n), distance: new Float64Array(n), point: new Float64Array(3 * n) };
        const pointLimit = maxDistance / 6;  // 0.5: some points lie farther
        const found = mesh.closestPointMany(points, closest, pointLimit);
        const gotPoints = [], wantPoints = [];
        for (let i = 0; i < n; i++) {
          const c = mesh.closestPoint(qs[i].point, pointLimit);
          gotPoints.push([closest.triangle[i], closest.distance[i], [...closest.point.subarray(3 * i, 3 * i + 3)]]);
          wantPoints.push(c ? [c.triangle, c.distance, c.point] : none.slice(0, 3));
        }
        expect(gotPoints, `${node} points`).toEqual(wantPoints);
        expect(found).toBe(wantPoints.filter(([t]) => t >= 0).length);
        if (pointLimit < Infinity) expect(found).toBeLessThan(n);
        expect(found).toBeGreaterThan(n / 10);
      }
      // Float32 inputs are widened exactly: the answers of their numbers as doubles.
      const o32 = new Float32Array(origins), d32 = new Float32Array(directions);
      const a = { triangle: new Int32Array(n), distance: new Float64Array(n) }, b = { triangle: new Int32Array(n), distance: new Float64Array(n) };
      expect(mesh.raycastMany(o32, d32, a)).toBe(mesh.raycastMany(new Float64Array(o32), new Float64Array(d32), b));
      expect([a.triangle, a.distance]).toEqual([b.triangle, b.distance]);
      mesh.dispose();
    }
  });

  it('bad input names the call and the field, and writes nothing', () => {
    const mesh = sx.createMesh(uvSphere(3, 4, [0, 0, 0], 1));
    const hits = { triangle: new Int32Array(2).fill(7), distance: new Float64Array(2).fill(7) };
    const o = new Float64Array([0, 0, 5, 0, 0, 5]), d = new Float64Array([0, 0, -1, 0, 0, -1]);
    const bad = (call, error) => {
      expect(call).toThrow(error);
      expect([...hits.triangle, ...hits.distance]).toEqual([7, 7, 7, 7]);
    };
    bad(() => mesh.raycastMany([0, 0, 5], d, hits), new TypeError('mesh.raycastMany: origins must be a Float64Array or a Float32Array (x, y, z each), got an array of length 3'));
    bad(() => mesh.raycastMany(o, new Float64Array(4), hits), new RangeError('mesh.raycastMany: directions.length must be a multiple of 3 (x, y, z each), got 4'));
    bad(() => mesh.raycastMany(o, new Float64Array(3), hits), new RangeError('mesh.raycastMany: directions.length must be origins.length, 6, got 3'));
    bad(() => mesh.raycastMany(o, new Float64Array([0, 0, -1, 0, NaN, -1]), hits), new RangeError('mesh.raycastMany: directions[4] (ray 1) must be finite, got NaN'));
    bad(() => mesh.raycastMany(new Float32Array([0, 0, 5, Infinity, 0, 5]), d, hits), new RangeError('mesh.raycastMany: origins[3] (ray 1) must be finite, got Infinity'));
    bad(() => mesh.raycastMany(o, new Float64Array([0, 0, -1, 0, 0, 0]), hits), new RangeError('mesh.raycastMany: directions[3..5] (ray 1) must not be the zero vector, got [0, 0, 0]'));
    bad(() => mesh.raycastMany(o, d, hits, -1), new RangeError('mesh.raycastMany: maxDistance must be a number >= 0 (or Infinity), got -1'));
    bad(() => mesh.raycastMany(o, d, null), new TypeError('mesh.raycastMany: results must be an object { triangle, distance, point, normal, barycentric } of typed arrays, got null'));
    bad(() => mesh.raycastMany(o, d, { triangle: new Uint32Array(2), distance: hits.distance }), new TypeError('mesh.raycastMany: results.triangle must be an Int32Array, got a Uint32Array of length 2'));
    bad(() => mesh.raycastMany(o, d, { ...hits, distance: new Float64Array(1) }), new RangeError('mesh.raycastMany: results.distance.length must be at least 2 (1 for each of 2), got 1'));
    bad(() => mesh.raycastMany(o, d, { ...hits, normal: new Float64Array(5) }), new RangeError('mesh.raycastMany: results.normal.length must be at least 6 (3 for each of 2), got 5'));
    bad(() => mesh.raycastMany(o, d, { ...hits, point: [0, 0, 0] }), new TypeError('mesh.raycastMany: results.point must be absent or a Float64Array, got an array of length 3'));
    bad(() => mesh.closestPointMany(new Float64Array([0, 0, 0, 1, 1, NaN]), hits), new RangeError('mesh.closestPointMany: points[5] (point 1) must be finite, got NaN'));
    bad(() => mesh.closestPointMany(new Uint8Array(6), hits), new TypeError('mesh.closestPointMany: points must be a Float64Array or a Float32Array (x, y, z each), got a Uint8Array of length 6'));
    bad(() => mesh.closestPointMany(o, { triangle: hits.triangle }), new TypeError('mesh.closestPointMany: results.distance must be a Float64Array, got undefined'));
    expect(mesh.raycastMany(o, d, hits)).toBe(2);
    expect(hits.distance[0]).toBe(mesh.raycast([0, 0, 5], [0, 0, -1]).distance);
    mesh.dispose();
    expect(() => mesh.raycastMany(o, d, hits)).toThrow(new Error('mesh.raycastMany: this mesh was disposed'));
    expect(() => mesh.closestPointMany(o, hits)).toThrow(new Error('mesh.closestPointMany: this mesh was disposed'));
  });

  it('no heap growth over 100 batches of 1,100 rays and points', () => {
    const geometry = uvSphere(4, 6, [0, 0, 0], 2);
    const mesh = sx.createMesh(geometry);
    const qs = queries(rng(27012), geometry, 1100);
    const origins = new Float32Array(qs.flatMap((q) => q.origin)), directions = new Float32Array(qs.flatMap((q) => q.direction));
    const hits = { triangle: new Int32Array(1100), distance: new Float64Array(1100), point: new Float64Array(3300) };
    const run = (count) => {
      let met = 0;
      for (let i = 0; i < count; i++) met += mesh.raycastMany(origins, directions, hits) + mesh.closestPointMany(origins, hits);
      return met;
    };
    run(2);
    const weight = ballast(sx);
    try {
      const heap = sx.heapSize;
      expect(run(50)).toBeGreaterThan(50_000);
      expect(sx.heapSize).toBe(heap);
    } finally {
      weight?.dispose();
      mesh.dispose();
    }
  });
});

describe('posed meshes against volumes and each other answer as testing every triangle does', () => {
  const r = rng(27003);
  const randomPose = (at, scale = 1) => {
    const q = r.vec(-1, 1).concat(r.uniform(-1, 1)), l = Math.hypot(...q);
    return { translation: at, rotation: q.map((x) => x / l), scale };
  };
  const posed = (triangles, pose) => triangles.map((t) => sx.transform(t, pose));

  it('overlaps(volume, pose): sx.overlaps on each posed triangle, every volume type and node type', () => {
    const geometry = uvSphere(6, 9, [0, 0, 0], 2);
    const triangles = triangleVolumes(geometry);
    const meshes = NODES.map((node) => sx.createMesh(geometry, { node }));
    let met = 0;
    for (let q = 0; q < 40; q++) {
      const pose = q % 5 === 0 ? undefined : randomPose(r.vec(-1, 1), q % 3 === 0 ? r.uniform(0.5, 2) : 1);
      const world = posed(triangles, pose ?? {});
      const types = ['sphere', 'aabb', 'obb', 'kdop', 'triangle'];
      const at = r.vec(-3, 3);
      const volume = types[q % 5] === 'triangle'
        ? { type: 'triangle', vertices: [at, at.map((x) => x + r.uniform(-1, 1)), at.map((x) => x + r.uniform(-1, 1))] }
        : randomVolume(r, types[q % 5], at, { size: 0.8, k: [6, 8, 14, 18, 26][q % 5], rotation: q % 2 === 0 });
      const want = world.some((t) => sx.overlaps(volume, t));
      met += want;
      for (const mesh of meshes) expect(mesh.overlaps(volume, pose), `${mesh.node} volume ${q}`).toBe(want);
    }
    expect(met).toBeGreaterThan(8);
    expect(met).toBeLessThan(36);
    for (const mesh of meshes) mesh.dispose();
  });

  it('trianglePairs and overlapsMesh: every pair sx.overlaps finds, sorted; the same mesh twice too', () => {
    const a = uvSphere(5, 8, [0, 0, 0], 2), b = randomSoup(r, 40, 2);
    const ta = triangleVolumes(a), tb = triangleVolumes(b);
    const nodes = ['aabb', 'obb', 'kdop14', 'sphere'];
    const meshesA = nodes.map((node) => sx.createMesh(a, { node })), meshesB = nodes.map((node) => sx.createMesh(b, { node, leafSize: 1 }));
    let found = 0;
    for (let q = 0; q < 6; q++) {
      const poseA = randomPose(r.vec(-0.5, 0.5)), poseB = q % 2 ? randomPose(r.vec(-2, 2), 1.5) : [...r.vec(-2, 2), 0, 0, 0, 1];
      const wa = posed(ta, poseA), wb = posed(tb, poseB);
      const want = [];
      wa.forEach((x, i) => wb.forEach((y, j) => { if (sx.overlaps(x, y)) want.push(i, j); }));
      found += want.length / 2;
      meshesA.forEach((ma, i) => {
        const mb = meshesB[(i + q) % meshesB.length];
        expect([...ma.trianglePairs(poseA, mb, poseB)], `${ma.node}/${mb.node} poses ${q}`).toEqual(want);
        expect(ma.lastQuery.volumeTests).toBeGreaterThan(0);
        expect(ma.overlapsMesh(poseA, mb, poseB)).toBe(want.length > 0);
      });
    }
    expect(found).toBeGreaterThan(10);
    // The same mesh against itself, unmoved: every triangle meets itself.
    const self = meshesA[0].trianglePairs(undefined, meshesA[0]);
    for (let t = 0; t < ta.length; t++) expect(self.some((x, i) => i % 2 === 0 && x === t && self[i + 1] === t)).toBe(true);
    // Far apart: nothing, after one root test.
    expect(meshesA[1].trianglePairs(undefined, meshesB[1], { translation: [100, 0, 0] })).toEqual(new Uint32Array(0));
    expect(meshesA[1].lastQuery).toEqual({ volumeTests: 1, triangleTests: 0 });
    for (const m of [...meshesA, ...meshesB]) m.dispose();
  });

  it('bad volumes, poses and meshes name the call and the field', () => {
    const mesh = sx.createMesh(uvSphere(3, 4, [0, 0, 0], 1)), other = sx.createMesh(randomSoup(r, 5));
    expect(() => mesh.overlaps({ type: 'sphere', center: [0, 0, 0], radius: -1 })).toThrow(/^mesh\.overlaps: sphere\.radius/);
    expect(() => mesh.overlaps({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { translation: [0, 0, 0], rotation: [0, 0, 0, 2] }))
      .toThrow(/^mesh\.overlaps: pose\.rotation must be a unit quaternion/);
    expect(() => mesh.overlaps({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { position: [0, 0, 0] })).toThrow(/^mesh\.overlaps: pose has an unknown field "position"/);
    expect(() => mesh.overlapsMesh(undefined, {}, undefined)).toThrow(new TypeError('mesh.overlapsMesh: other must be a mesh (sx.createMesh), got an object'));
    expect(() => mesh.trianglePairs(undefined, other, [0, 0, 0, 0, 0, 0, 3])).toThrow(/^mesh\.trianglePairs: otherPose\.rotation must be a unit quaternion/);
    expect(() => mesh.trianglePairs([0, 0, NaN, 0, 0, 0, 1], other)).toThrow(/^mesh\.trianglePairs: pose\.translation\[2\] must be finite/);
    other.dispose();
    expect(() => mesh.overlapsMesh(undefined, other)).toThrow(new Error('mesh.overlapsMesh: other was disposed'));
    mesh.dispose();
  });
});

describe('inputs', () => {
  const r = rng(27002);
  const sphere = uvSphere(6, 9, [0.5, 0, -1], 2);
  const qs = queries(r, sphere, 30);

  it('Float32Array, Float64Array and number[] positions give the same mesh', () => {
    const want = answers(sx.createMesh(sphere), qs);
    for (const positions of [new Float32Array(sphere.positions), new Float64Array(sphere.positions), sphere.positions]) {
      const mesh = sx.createMesh({ positions, indices: sphere.indices });
      expect(answers(mesh, qs)).toEqual(want);
    }
  });

  it('Uint16Array, Uint32Array, number[] indices and none (every three vertices) give the same triangles', () => {
    const base = sx.createMesh(sphere);
    const want = answers(base, qs);
    for (const indices of [new Uint16Array(sphere.indices), new Uint32Array(sphere.indices), sphere.indices]) {
      const mesh = sx.createMesh({ positions: new Float32Array(sphere.positions), indices });
      expect(answers(mesh, qs)).toEqual(want);
    }
    const soup = sphere.indices.flatMap((v) => vertexOf(sphere.positions, v));
    const unindexed = sx.createMesh({ positions: soup });
    expect(unindexed.vertexCount).toBe(sphere.indices.length);
    expect(answers(unindexed, qs)).toEqual(want);
  });

  it('a refit answers as a mesh built on the moved vertices', () => {
    const moved = sphere.positions.map((x, i) => (i % 3 === 0 ? 1.5 * x : i % 3 === 2 ? x + 0.2 * sphere.positions[i - 1] : x));
    for (const node of NODES) {
      const mesh = sx.createMesh(sphere, { node });
      const nodes = mesh.nodeCount;
      mesh.refit(new Float64Array(moved));
      const built = sx.createMesh({ positions: moved, indices: sphere.indices }, { node });
      expect(mesh.nodeCount).toBe(nodes);
      expect(answers(mesh, qs)).toEqual(answers(built, qs));
    }
  });

  it('serialize and loadMesh: the same mesh, the same bytes, the same answers', () => {
    for (const node of NODES) {
      const mesh = sx.createMesh(randomSoup(r, 50), { node, leafSize: 3 });
      const bytes = mesh.serialize();
      expect(bytes).toBeInstanceOf(ArrayBuffer);
      const loaded = sx.loadMesh(bytes);
      const fromView = sx.loadMesh(new Uint8Array(bytes));
      for (const m of [loaded, fromView]) {
        expect([m.node, m.leafSize, m.triangleCount, m.nodeCount, m.depth, m.byteLength])
          .toEqual([mesh.node, mesh.leafSize, mesh.triangleCount, mesh.nodeCount, mesh.depth, mesh.byteLength]);
        expect(Buffer.from(m.serialize()).equals(Buffer.from(bytes))).toBe(true);
      }
      const soupQueries = queries(r, { positions: Array.from({ length: 30 }, () => r.uniform(-4, 4)) }, 20);
      expect(answers(loaded, soupQueries)).toEqual(answers(mesh, soupQueries));
    }
  });

  it('a damaged or truncated buffer is a RangeError naming the field', () => {
    const mesh = sx.createMesh(sphere);
    const bytes = new Uint8Array(mesh.serialize());
    const damaged = bytes.slice();
    damaged[100] ^= 4;
    expect(() => sx.loadMesh(damaged)).toThrow(/^loadMesh: mesh\.checksum must be the checksum of the bytes after the header \(the buffer was damaged\), got /);
    expect(() => sx.loadMesh(bytes.slice(0, 1000))).toThrow(new RangeError(
      `loadMesh: mesh.byteLength must be ${bytes.length} for its counts (${mesh.vertexCount} vertices, ${mesh.triangleCount} triangles, ${mesh.nodeCount} nodes), got 1000`));
    expect(() => sx.loadMesh(new Uint8Array(10))).toThrow(new RangeError('loadMesh: mesh.byteLength must be at least 40 (the header), got 10'));
    const other = bytes.slice();
    other[0] = 0x50;
    expect(() => sx.loadMesh(other)).toThrow(/^loadMesh: mesh\.magic must be the bytes "SXMH"/);
    expect(() => sx.loadMesh('mesh')).toThrow(new TypeError('loadMesh: buffer must be an ArrayBuffer or a typed array (what mesh.serialize() returned), got "mesh"'));
  });

  it('nodesAtDepth and nodeVolume: each level holds every triangle once, in volumes that hold them', () => {
    for (const node of ['sphere', 'aabb', 'obb', 'kdop14']) {
      const mesh = sx.createMesh(sphere, { node, leafSize: 2 });
      expect(mesh.nodesAtDepth(0)).toEqual([0]);
      for (let depth = 0; depth <= mesh.depth + 1; depth++) {
        const level = mesh.nodesAtDepth(depth);
        expect(new Set(level).size).toBe(level.length);
        for (const i of level.slice(0, 5)) {
          const volume = mesh.nodeVolume(i);
          expect(volume.type).toBe(node.startsWith('kdop') ? 'kdop' : node);
          expect(sx.validate(volume)).toEqual([]);
        }
      }
      expect(mesh.nodesAtDepth(mesh.depth).length).toBeGreaterThan(mesh.triangleCount / 4);
      // The root holds every vertex.
      const root = mesh.nodeVolume(0);
      for (let v = 0; v < sphere.positions.length / 3; v++) expect(sx.contains(root, vertexOf(sphere.positions, v))).toBe(true);
    }
  });
});

describe('traced descents', () => {
  const sphere = uvSphere(8, 12, [0, 0, 0], 1);
  const pose = { translation: [0.1, -0.2, 0], rotation: [0, 0.3826834323650898, 0, 0.9238795325112867] };

  /** Every node's parent (the root's: -1), from nodeChildren. */
  function parents(mesh) {
    const parent = new Int32Array(mesh.nodeCount).fill(-1);
    for (let i = 0; i < mesh.nodeCount; i++) for (const c of mesh.nodeChildren(i)) parent[c] = i;
    return parent;
  }

  it('traceOverlaps: lastQuery\'s counts, each verdict the node volume\'s own, nodes never reached below one apart', () => {
    let hits = 0, misses = 0;
    for (const node of ['sphere', 'aabb', 'obb']) {
      const mesh = sx.createMesh(sphere, { node, leafSize: 2 });
      const parent = parents(mesh);
      // The leaves hold every triangle once.
      const held = [];
      for (let i = 0; i < mesh.nodeCount; i++) held.push(...mesh.leafTriangles(i));
      expect(held.sort((a, b) => a - b)).toEqual(Array.from({ length: mesh.triangleCount }, (_, t) => t));
      for (const center of [[1, 0, 0], [0.3, 0.2, 0.1], [3, 0, 0], [0, 0.9, 0.5]]) {
        const volume = { type: 'sphere', center, radius: 0.25 };
        const trace = mesh.traceOverlaps(volume, pose);
        expect(trace.overlaps).toBe(mesh.overlaps(volume, pose));
        trace.overlaps ? hits++ : misses++;
        expect(trace.steps.length).toBe(3 * mesh.lastQuery.volumeTests);
        expect(trace.triangles.length).toBe(3 * mesh.lastQuery.triangleTests);
        const verdict = new Int8Array(mesh.nodeCount).fill(-1);
        for (let s = 0; s < trace.steps.length; s += 3) {
          const [n, other, meets] = trace.steps.subarray(s, s + 3);
          expect(other).toBe(-1);
          expect(meets).toBe(sx.overlaps(sx.transform(mesh.nodeVolume(n), pose), volume) ? 1 : 0);
          if (n !== 0) expect(verdict[parent[n]]).toBe(1);
          verdict[n] = meets;
        }
        for (let i = 1; i < mesh.nodeCount; i++) {
          if (verdict[i] !== -1) continue;
          let up = parent[i];
          while (verdict[up] === -1) up = parent[up];
          if (!trace.overlaps) expect(verdict[up]).toBe(0);
        }
        const meeting = [];
        for (let t = 0; t < trace.triangles.length; t += 3) if (trace.triangles[t + 2]) meeting.push(trace.triangles[t]);
        expect(meeting.length).toBe(trace.overlaps ? 1 : 0);
        for (const t of meeting) expect(sx.overlaps(sx.transform(triangleVolumes(sphere)[t], pose), volume)).toBe(true);
      }
    }
    expect(hits).toBeGreaterThan(0);
    expect(misses).toBeGreaterThan(0);
  });

  it('traceRaycast: raycast\'s hit, lastQuery\'s counts, each verdict the node volume\'s own raycast', () => {
    let hits = 0, misses = 0;
    for (const node of ['sphere', 'aabb', 'obb', 'kdop14']) {
      const mesh = sx.createMesh(sphere, { node, leafSize: 2 });
      const parent = parents(mesh);
      const rays = [
        [[0, 0, 3], [0.1, 0.05, -1], Infinity], [[2, 1, 0.5], [-1, -0.4, -0.2], 5], [[3, 3, 0], [0, 0, 1], Infinity],
        [[0, -4, 0], [0, 1, 0], 2], [[0.2, 0.1, 0.05], [1, 0, 0], Infinity],
      ];
      for (const [origin, direction, maxDistance] of rays) {
        const trace = mesh.traceRaycast(origin, direction, maxDistance);
        const cost = mesh.lastQuery;
        expect(trace.hit).toEqual(mesh.raycast(origin, direction, maxDistance));
        expect(mesh.lastQuery).toEqual(cost);
        trace.hit ? hits++ : misses++;
        expect(trace.steps.length).toBe(3 * cost.volumeTests);
        expect(trace.triangles.length).toBe(3 * cost.triangleTests);
        // A node met lies on the ray within maxDistance; one missed, off it within the hit (the
        // limit only falls from maxDistance to it); with no hit, exactly the volume's raycast.
        const reach = trace.hit ? trace.hit.distance - 1e-9 : maxDistance;
        const verdict = new Int8Array(mesh.nodeCount).fill(-1);
        for (let s = 0; s < trace.steps.length; s += 3) {
          const [n, other, meets] = trace.steps.subarray(s, s + 3);
          expect(other).toBe(-1);
          const volume = mesh.nodeVolume(n);
          if (meets) expect(sx.raycast(volume, origin, direction, maxDistance + 1e-9)).not.toBeNull();
          else expect(sx.raycast(volume, origin, direction, reach)).toBeNull();
          if (n !== 0) expect(verdict[parent[n]]).toBe(1);
          verdict[n] = meets;
        }
        const hitTriangles = [];
        for (let t = 0; t < trace.triangles.length; t += 3) if (trace.triangles[t + 2]) hitTriangles.push(trace.triangles[t]);
        expect(hitTriangles.length > 0).toBe(trace.hit !== null);
        if (trace.hit) expect(hitTriangles).toContain(trace.hit.triangle);
        for (const t of hitTriangles) expect(sx.raycast(triangleVolumes(sphere)[t], origin, direction, maxDistance)).not.toBeNull();
      }
    }
    expect(hits).toBeGreaterThan(0);
    expect(misses).toBeGreaterThan(0);
    const mesh = sx.createMesh(sphere);
    expect(() => mesh.traceRaycast([0, 0, 0], [0, 0, 0])).toThrow(new RangeError('mesh.traceRaycast: direction must not be the zero vector, got [0, 0, 0]'));
    expect(() => mesh.traceRaycast([0, 0, 0], [0, 0, 1], -1)).toThrow(/^mesh\.traceRaycast: maxDistance/);
  });

  it('traceOverlapsMesh: one step a pair of nodes, its counts lastQuery\'s', () => {
    const mesh = sx.createMesh(sphere, { node: 'obb' });
    const trace = mesh.traceOverlapsMesh(undefined, mesh, { translation: [1.5, 0.2, 0], rotation: [0, 0, 0.3826834323650898, 0.9238795325112867] });
    expect(trace.overlaps).toBe(true);
    expect(trace.steps.length).toBe(3 * mesh.lastQuery.volumeTests);
    expect(trace.triangles.length).toBe(3 * mesh.lastQuery.triangleTests);
    expect(Array.from(trace.steps.subarray(0, 2))).toEqual([0, 0]);
    for (let s = 1; s < trace.steps.length; s += 3) expect(trace.steps[s]).toBeGreaterThanOrEqual(0);
    expect(() => mesh.traceOverlaps({ type: 'sphere', center: [0, 0, 0], radius: -1 })).toThrow(/^mesh\.traceOverlaps: /);
    expect(() => mesh.nodeChildren(mesh.nodeCount)).toThrow(new RangeError(`mesh.nodeChildren: index must be a node index (an integer from 0 to ${mesh.nodeCount - 1}), got ${mesh.nodeCount}`));
    expect(() => mesh.leafTriangles(-1)).toThrow(new RangeError(`mesh.leafTriangles: index must be a node index (an integer from 0 to ${mesh.nodeCount - 1}), got -1`));
  });
});

describe('bad input names the field and the value, and changes nothing', () => {
  const square = { positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], indices: [0, 1, 2, 0, 2, 3] };

  it('createMesh', () => {
    const bad = (geometry, options, error) => expect(() => sx.createMesh(geometry, options)).toThrow(error);
    bad({ positions: square.positions, indices: [0, 1, 2, 0, 1, 3, 0, 12, 3] }, {},
      new RangeError('createMesh: indices[7] must be below the vertex count 4, got 12'));
    bad({ positions: square.positions, indices: [0, 1, 2, 3] }, {},
      new RangeError('createMesh: indices.length must be a multiple of 3 and at least 3 (three indices a triangle), got 4'));
    bad({ positions: square.positions, indices: [] }, {},
      new RangeError('createMesh: indices.length must be a multiple of 3 and at least 3 (three indices a triangle), got 0'));
    bad({ positions: square.positions.slice(0, 10) }, {},
      new RangeError('createMesh: positions.length must be a multiple of 3 (x, y, z per vertex), got 10'));
    bad({ positions: square.positions }, {},
      new RangeError('createMesh: positions.length must be a multiple of 9 and at least 9 without indices (three vertices a triangle), got 12'));
    bad({ positions: [0, 0, 0, 1, NaN, 0, 1, 1, 0], indices: [0, 1, 2] }, {}, new RangeError('createMesh: positions[4] must be finite, got NaN'));
    bad({ positions: new Float32Array([0, 0, 0, 1, 0, Infinity, 1, 1, 0]) }, {}, new RangeError('createMesh: positions[5] must be finite, got Infinity'));
    bad({ positions: [0, 0, '0', 1, 0, 0, 1, 1, 0] }, {}, new TypeError('createMesh: positions[2] must be a number, got "0"'));
    bad({ positions: square.positions, indices: [0, -1, 2] }, {}, new RangeError('createMesh: indices[1] must be a vertex index (an integer from 0), got -1'));
    bad({ positions: square.positions, indices: [0, 1.5, 2] }, {}, new RangeError('createMesh: indices[1] must be a vertex index (an integer from 0), got 1.5'));
    bad({ positions: square.positions, indices: new Int32Array(3) }, {},
      new TypeError('createMesh: indices must be a Uint32Array, a Uint16Array or an array of vertex indices (3 per triangle), got a Int32Array of length 3'));
    bad({ positions: 'x' }, {}, new TypeError('createMesh: positions must be a Float32Array, a Float64Array or an array of numbers (x, y, z per vertex), got "x"'));
    bad(null, {}, new TypeError('createMesh: the mesh must be an object { positions, indices }, got null'));
    bad(square, { node: 'box' }, new TypeError(
      'createMesh: options.node must be one of "sphere", "aabb", "obb", "kdop6", "kdop8", "kdop14", "kdop18", "kdop26", got "box"'));
    bad(square, { leafSize: 0 }, new RangeError('createMesh: options.leafSize must be an integer from 1 to 64, got 0'));
    bad(square, { leafSize: 65 }, new RangeError('createMesh: options.leafSize must be an integer from 1 to 64, got 65'));
    bad(square, { leafSize: 2.5 }, new RangeError('createMesh: options.leafSize must be an integer from 1 to 64, got 2.5'));
    bad(square, null, new TypeError('createMesh: options must be an object { node, leafSize }, got null'));
  });

  it('a mesh\'s calls, each leaving the mesh as it was', () => {
    const mesh = sx.createMesh(square, { node: 'kdop8' });
    const before = [mesh.raycast([0.5, 0.5, 1], [0, 0, -1]), mesh.closestPoint([2, 2, 2])];
    const bad = (call, error) => expect(call).toThrow(error);
    bad(() => mesh.refit([0, 0, 0]), new RangeError("mesh.refit: positions.length must be the mesh's 12 (x, y, z for each of its 4 vertices), got 3"));
    bad(() => mesh.refit([0, 0, 0, 1, 0, 0, 1, NaN, 0, 0, 1, 0]), new RangeError('mesh.refit: positions[7] must be finite, got NaN'));
    bad(() => mesh.refit(new Float32Array(12).fill(-Infinity)), new RangeError('mesh.refit: positions[0] must be finite, got -Infinity'));
    bad(() => mesh.refit(null), new TypeError('mesh.refit: positions must be a Float32Array, a Float64Array or an array of numbers (x, y, z per vertex), got null'));
    bad(() => mesh.raycast([0, 0, 1], [0, 0, 0]), new RangeError('mesh.raycast: direction must not be the zero vector, got [0, 0, 0]'));
    bad(() => mesh.raycast([0, NaN, 1], [0, 0, 1]), new RangeError('mesh.raycast: origin[1] must be finite, got NaN'));
    bad(() => mesh.raycast([0, 0], [0, 0, 1]), new TypeError('mesh.raycast: origin must be an array of 3 numbers, got length 2'));
    bad(() => mesh.raycast([0, 0, 1], [0, 0, 1], -1), new RangeError('mesh.raycast: maxDistance must be a number >= 0 (or Infinity), got -1'));
    bad(() => mesh.closestPoint([0, 0, Infinity]), new RangeError('mesh.closestPoint: point[2] must be finite, got Infinity'));
    bad(() => mesh.closestPoint([0, 0, 0], '1'), new TypeError('mesh.closestPoint: maxDistance must be a number >= 0 (or Infinity), got "1"'));
    bad(() => mesh.nodeVolume(mesh.nodeCount), new RangeError(`mesh.nodeVolume: index must be a node index (an integer from 0 to ${mesh.nodeCount - 1}), got ${mesh.nodeCount}`));
    bad(() => mesh.nodesAtDepth(-1), new RangeError('mesh.nodesAtDepth: depth must be an integer >= 0, got -1'));
    expect([mesh.raycast([0.5, 0.5, 1], [0, 0, -1]), mesh.closestPoint([2, 2, 2])]).toEqual(before);
    expect(before[0].distance).toBe(1);
  });

  it('a disposed mesh says so, in every call', () => {
    const mesh = sx.createMesh(square);
    mesh.dispose();
    mesh.dispose();  // twice is fine
    expect(mesh.disposed).toBe(true);
    expect(() => mesh.raycast([0, 0, 1], [0, 0, -1])).toThrow(new Error('mesh.raycast: this mesh was disposed'));
    expect(() => mesh.closestPoint([0, 0, 1])).toThrow(new Error('mesh.closestPoint: this mesh was disposed'));
    expect(() => mesh.refit(square.positions)).toThrow(new Error('mesh.refit: this mesh was disposed'));
    expect(() => mesh.serialize()).toThrow(new Error('mesh.serialize: this mesh was disposed'));
    expect(() => mesh.triangleCount).toThrow(new Error('mesh.triangleCount: this mesh was disposed'));
    expect(() => mesh.nodeVolume(0)).toThrow(new Error('mesh.nodeVolume: this mesh was disposed'));
  });
});

describe('memory', () => {
  const sphere = uvSphere(12, 16, [0, 0, 0], 2);

  it('no heap growth over 10,000 queries (rays and closest points, with lastQuery)', () => {
    const mesh = sx.createMesh(sphere, { node: 'obb' });
    const r = rng(27003);
    const qs = queries(r, sphere, 100);
    const run = (count) => {
      let hits = 0;
      for (let i = 0; i < count; i++) {
        const { origin, direction, point } = qs[i % qs.length];
        hits += mesh.raycast(origin, direction) ? 1 : 0;
        hits += mesh.closestPoint(point).distance >= 0 ? 1 : 0;
        hits += mesh.lastQuery.triangleTests > 0 ? 1 : 0;
      }
      return hits;
    };
    run(100);
    const weight = ballast(sx);
    try {
      const heap = sx.heapSize;
      expect(run(5_000)).toBeGreaterThan(5_000);
      expect(sx.heapSize).toBe(heap);
    } finally {
      weight?.dispose();
      mesh.dispose();
    }
  });

  it('no heap growth over 1,000 builds, refits, serializations, loads and disposals', () => {
    // A small mesh (48 triangles, some 3 kB): a leak of one a cycle would pass the headroom.
    const small = uvSphere(4, 6, [0, 0, 0], 1);
    const bytes = sx.createMesh(small, { node: 'kdop14' }).serialize();
    const cycle = (count) => {
      for (let i = 0; i < count; i++) {
        const built = sx.createMesh(small, { node: NODES[i % NODES.length], leafSize: 1 + (i % 8) });
        built.refit(small.positions);
        built.nodesAtDepth(2);
        const loaded = sx.loadMesh(i % 2 ? bytes : built.serialize());
        expect(loaded.triangleCount).toBe(built.triangleCount);
        expect(() => sx.createMesh({ positions: small.positions, indices: [0, 1, 9999] })).toThrow(RangeError);
        expect(() => built.refit([1])).toThrow(RangeError);
        built.dispose();
        loaded[Symbol.dispose]();
      }
    };
    cycle(20);
    const weight = ballast(sx);
    try {
      const heap = sx.heapSize;
      cycle(1000);
      expect(sx.heapSize).toBe(heap);
    } finally {
      weight?.dispose();
    }
  });

  it('the ballast makes a leak of a few MB show (the check can fail)', () => {
    const weight = ballast(sx);
    const kept = [];
    try {
      const heap = sx.heapSize;
      for (let i = 0; i < 400 && sx.heapSize === heap; i++) kept.push(sx.createMesh(sphere));
      expect(sx.heapSize).toBeGreaterThan(heap);
    } finally {
      kept.forEach((m) => m.dispose());
      weight?.dispose();
    }
  });

  it('the FinalizationRegistry frees meshes nobody disposed once they are collected', async () => {
    v8.setFlagsFromString('--expose_gc');
    const gc = globalThis.gc ?? vm.runInNewContext('gc');
    const big = uvSphere(120, 160, [0, 0, 0], 1);  // ~38,000 triangles: ~3 MB a mesh
    const start = sx.heapSize;
    const first = sx.createMesh(big);
    const perMesh = first.byteLength;
    first.dispose();
    expect(perMesh).toBeGreaterThan(1 << 20);
    const rounds = 12;
    for (let round = 0; round < rounds; round++) {
      sx.createMesh(big).raycast([5, 0, 0], [-1, 0, 0]);
      gc();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Without the safety net the forgotten meshes would hold rounds * perMesh bytes.
    expect(sx.heapSize - start).toBeLessThan((rounds * perMesh) / 3);
  });
});

describe('sepaxis/three: meshFromGeometry', () => {
  it('a BufferGeometry, indexed or not, interleaved or not, gives its triangles', () => {
    const torus = new TorusGeometry(2, 0.5, 12, 16);
    const mesh = meshFromGeometry(sx, torus, { node: 'obb' });
    expect(mesh.triangleCount).toBe(torus.index.count / 3);
    expect(mesh.node).toBe('obb');
    const positions = torus.getAttribute('position').array;
    const direct = sx.createMesh({ positions, indices: torus.index.array }, { node: 'obb' });
    const r = rng(27004);
    const qs = queries(r, { positions: Array.from(positions) }, 30);
    expect(answers(mesh, qs)).toEqual(answers(direct, qs));

    const soup = torus.toNonIndexed();
    const unindexed = meshFromGeometry(sx, soup);
    expect(unindexed.triangleCount).toBe(mesh.triangleCount);
    expect(answers(unindexed, qs).map(([h, c]) => [h?.distance, c.distance])).toEqual(answers(mesh, qs).map(([h, c]) => [h?.distance, c.distance]));

    // Interleaved positions (x y z plus two more numbers per vertex) are gathered first.
    const flat = soup.getAttribute('position').array;
    const interleaved = new Float32Array((flat.length / 3) * 5);
    for (let v = 0; v < flat.length / 3; v++) interleaved.set(flat.subarray(3 * v, 3 * v + 3), 5 * v);
    const g = new BufferGeometry();
    g.setAttribute('position', new InterleavedBufferAttribute(new InterleavedBuffer(interleaved, 5), 3, 0));
    const fromInterleaved = meshFromGeometry(sx, g);
    expect(answers(fromInterleaved, qs)).toEqual(answers(unindexed, qs));
  });

  it('groups do not limit the triangles: every group\'s are in the mesh', () => {
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 5, 1, 0, 5, 0, 1, 5], 3));
    g.addGroup(0, 3, 0);
    const mesh = meshFromGeometry(sx, g);
    expect(mesh.triangleCount).toBe(2);
    expect(mesh.raycast([0.2, 0.2, 10], [0, 0, -1]).triangle).toBe(1);
    expect(() => meshFromGeometry(sx, new BufferGeometry())).toThrow(new TypeError('meshFromGeometry needs a BufferGeometry with a position attribute'));
  });
});
