// Triangle meshes as bodies of a world (world.add(mesh, pose)) against brute force: pairs, query
// and raycast are those of sx.overlaps / sx.raycast on every posed triangle (sx.transform) and
// every body's world volume, contacts sx.collide's per triangle and sweeps sx.timeOfImpact's,
// through frames that move both kinds of bodies; then what a mesh body refuses, by name, and that
// a failing call changes nothing.

import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { TYPES, randomVolume, rng } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

/** A flat-ish grid of n x n quads over [-3, 3]^2 in x-z, rolling up to 0.5 in y. */
function terrain(n) {
  const positions = [], indices = [];
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= n; j++) {
      const x = -3 + (6 * i) / n, z = -3 + (6 * j) / n;
      positions.push(x, 0.5 * Math.sin(x) * Math.cos(z), z);
    }
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const a = i * (n + 1) + j, b = a + n + 1;
      indices.push(a, b, b + 1, a, b + 1, a + 1);
    }
  return { positions, indices };
}

function triangles({ positions, indices }) {
  const v = (i) => [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]];
  return Array.from({ length: indices.length / 3 }, (_, t) => ({ type: 'triangle', vertices: [0, 1, 2].map((c) => v(indices[3 * t + c])) }));
}

function randomPose(r, spread) {
  const q = [r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-1, 1)];
  const l = Math.hypot(...q);
  return [...r.vec(-spread, spread), ...q.map((x) => x / l)];
}

/** The body's 7 numbers from the world's own pose storage. */
const poseOf = (world, id) => Array.from(world.poses.subarray(world.poseIndex(id), world.poseIndex(id) + 7));

const asPose = (p) => ({ translation: p.slice(0, 3), rotation: p.slice(3, 7) });

describe('mesh bodies', () => {
  it('pairs, query and raycast meet the posed triangles as brute force does', () => {
    const r = rng(71);
    const geometry = terrain(6);
    const local = triangles(geometry);
    let meshPairs = 0, meshHits = 0, meshContacts = 0;
    for (const node of ['aabb', 'obb', 'kdop14']) {
      const mesh = sx.createMesh(geometry, { node });
      const world = sx.createWorld();
      const bodies = new Map();  // id -> { volume, pose } (volume null: the mesh)
      const level = world.add(mesh, node === 'aabb' ? undefined : randomPose(r, 0.5));
      bodies.set(level, { volume: null, pose: poseOf(world, level) });
      for (let i = 0; i < 30; i++) {
        const volume = randomVolume(r, TYPES[i % 4], [0, 0, 0], { size: 0.6, k: [6, 8, 14, 18, 26][i % 5], rotation: true });
        const pose = randomPose(r, 3);
        bodies.set(world.add(volume, pose), { volume, pose });
      }
      for (let frame = 0; frame < 3; frame++) {
        const worldOf = new Map();
        for (const [id, b] of bodies)
          worldOf.set(id, b.volume ? sx.transform(b.volume, asPose(b.pose)) : local.map((t) => sx.transform(t, asPose(b.pose))));
        const meets = (a, b) => {
          const x = worldOf.get(a), y = worldOf.get(b);
          if (Array.isArray(x) && Array.isArray(y)) return x.some((s) => y.some((t) => sx.overlaps(s, t)));
          if (Array.isArray(x)) return x.some((t) => sx.overlaps(y, t));
          if (Array.isArray(y)) return y.some((t) => sx.overlaps(x, t));
          return sx.overlaps(x, y);
        };
        const ids = [...bodies.keys()].sort((a, b) => a - b);
        const want = [];
        for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) if (meets(ids[i], ids[j])) want.push(`${ids[i]},${ids[j]}`);
        const view = world.pairs(), got = [];
        for (let i = 0; i < view.length; i += 2) got.push(`${view[i]},${view[i + 1]}`);
        expect(got.sort(), `${node} frame ${frame}`).toEqual(want.sort());
        meshPairs += got.filter((p) => p.split(',').map(Number).includes(level)).length;
        // contacts(): the pairs of volume bodies (triangle -1), then one entry per triangle a body
        // meets, sx.collide of the posed triangle in the pair's order (an OBB within 1e-12: read
        // back through makeObb's frame correction, world.test.js says why).
        const contacts = world.contacts();
        const withLevel = got.filter((p) => p.split(',').map(Number).includes(level));
        const volumePairs = got.length - withLevel.length;
        expect(contacts.triangles).toBeInstanceOf(Int32Array);
        expect(contacts.triangles.length).toBe(contacts.depths.length);
        for (let i = 0; i < volumePairs; i++) expect(contacts.triangles[i]).toBe(-1);
        const wantContacts = [], gotContacts = [];
        for (const p of withLevel) {
          const [a, b] = p.split(',').map(Number);
          worldOf.get(level).forEach((t, k) => { if (sx.overlaps(worldOf.get(a === level ? b : a), t)) wantContacts.push(`${a},${b},${k}`); });
        }
        for (let i = volumePairs; i < contacts.depths.length; i++) {
          const a = contacts.pairs[2 * i], b = contacts.pairs[2 * i + 1], t = contacts.triangles[i];
          gotContacts.push(`${a},${b},${t}`);
          const tri = worldOf.get(level)[t], body = worldOf.get(a === level ? b : a);
          const { penetration } = a === level ? sx.collide(tri, body) : sx.collide(body, tri);
          const same = body.type === 'obb' ? (x, y) => Math.abs(x - y) <= 1e-12 : Object.is;
          expect(same(contacts.depths[i], penetration.depth), `${body.type} depth ${contacts.depths[i]} vs ${penetration.depth}`).toBe(true);
          for (let k = 0; k < 3; k++) expect(same(contacts.normals[3 * i + k], penetration.normal[k])).toBe(true);
        }
        expect(gotContacts.sort()).toEqual(wantContacts.sort());
        meshContacts += gotContacts.length;

        for (let q = 0; q < 12; q++) {
          const probe = sx.transform(randomVolume(r, TYPES[q % 4], [0, 0, 0], { size: 0.8, k: 14 }), asPose(randomPose(r, 3)));
          const expected = ids.filter((id) => { const w = worldOf.get(id); return Array.isArray(w) ? w.some((t) => sx.overlaps(probe, t)) : sx.overlaps(probe, w); });
          expect([...world.query(probe)].sort((a, b) => a - b)).toEqual(expected);
        }
        for (let q = 0; q < 12; q++) {
          const origin = r.vec(-4, 4), direction = r.vec(-1, 1).map((x, k) => x - 0.1 * origin[k]);
          let best = null;
          for (const id of ids) {
            const w = worldOf.get(id);
            // A mesh body's triangles in input order: of equal distances the lower index wins.
            (Array.isArray(w) ? w : [w]).forEach((v, t) => {
              const h = sx.raycast(v, origin, direction, 20);
              if (h && (!best || h.distance < best.distance || (h.distance === best.distance && id < best.id))) best = { id, distance: h.distance, normal: h.normal, ...(Array.isArray(w) ? { triangle: t } : {}) };
            });
          }
          const hit = world.raycast(origin, direction, 20);
          if (!best) {
            expect(hit).toBeNull();
            continue;
          }
          expect(hit.id).toBe(best.id);
          expect(hit.distance).toBe(best.distance);
          expect(hit.normal).toEqual(best.normal);
          expect(hit.triangle).toBe(best.triangle);  // a mesh body's triangle; none for a volume
          const all = world.raycastAll(origin, direction, 20);
          expect(all[0]).toEqual(hit);
          meshHits += hit.id === level;
        }
        // Move every body, the mesh too, in one call.
        const moved = ids.map((id) => (id === level ? randomPose(r, 0.5) : randomPose(r, 3)));
        world.setPoses(ids, moved.flat());
        ids.forEach((id, k) => { bodies.get(id).pose = moved[k]; });
      }
      world.dispose();
      mesh.dispose();
    }
    expect(meshPairs).toBeGreaterThan(20);
    expect(meshHits).toBeGreaterThan(5);
    expect(meshContacts).toBeGreaterThan(meshPairs);
  });

  it('sweep meets the posed triangles as sx.timeOfImpact on each does, naming the triangle', () => {
    const r = rng(73);
    const geometry = terrain(5);
    const local = triangles(geometry);
    let onLevel = 0;
    const mesh = sx.createMesh(geometry, { node: 'obb' });
    const world = sx.createWorld();
    const levelPose = randomPose(r, 0.5);
    const level = world.add(mesh, levelPose);
    const posed = local.map((t) => sx.transform(t, asPose(levelPose)));
    const bodies = [];
    for (let i = 0; i < 12; i++) {
      const pose = randomPose(r, 3);
      const volume = randomVolume(r, TYPES[i % 3], [0, 0, 0], { size: 0.5, rotation: true });
      bodies.push({ id: world.add(volume, pose), world: sx.transform(volume, asPose(pose)) });
    }
    for (let c = 0; c < 60; c++) {
      const probe = sx.transform(randomVolume(r, TYPES[c % 3], [0, 0, 0], { size: 0.4, rotation: true }), asPose(randomPose(r, 4)));
      const velocity = r.vec(-2, 2), maxTime = c % 4 === 0 ? Infinity : r.uniform(0.3, 2);
      let best = null;
      const consider = (id, v, triangle) => {
        const h = sx.timeOfImpact(probe, v, { velocityA: velocity, maxTime });
        if (h && (!best || h.time < best.time || (h.time === best.time && id < best.id)))
          best = { id, time: h.time, normal: h.normal, ...(triangle >= 0 ? { triangle } : {}) };
      };
      for (const b of [...bodies].sort((x, y) => x.id - y.id)) if (b.id < level) consider(b.id, b.world, -1);
      posed.forEach((t, k) => consider(level, t, k));
      for (const b of bodies) if (b.id > level) consider(b.id, b.world, -1);
      const hit = world.sweep(probe, velocity, maxTime);
      if (!best) {
        expect(hit, `cast ${c}`).toBeNull();
        continue;
      }
      expect(hit, `cast ${c}`).toEqual(best);
      onLevel += hit.id === level;
    }
    expect(onLevel).toBeGreaterThan(10);
    world.dispose();
    mesh.dispose();
  });

  it('refuses by name what a mesh body has not, and a failing call changes nothing', () => {
    const mesh = sx.createMesh(terrain(2));
    const world = sx.createWorld();
    const ball = world.add({ type: 'sphere', center: [0, 0, 0], radius: 0.5 }, [10, 0, 0, 0, 0, 0, 1]);
    const level = world.add(mesh);
    expect(world.count).toBe(2);
    expect(world.has(level)).toBe(true);
    expect(() => world.add(mesh, [0, 0, 0, 0, 0, 0, 2])).toThrow(/^world\.add: pose/);
    expect(world.count).toBe(2);
    expect(() => world.worldVolume(level)).toThrow(`world.worldVolume: body ${level} is a triangle mesh: it has no volume`);
    expect(world.sweep({ type: 'sphere', center: [-5, 0.2, 0], radius: 0.2 }, [1, 0, 0], 10)).toMatchObject({ id: level });
    expect(world.sweep({ type: 'sphere', center: [10, -5, 0], radius: 0.2 }, [0, 1, 0], 10)).not.toHaveProperty('triangle');
    expect(() => mesh.refit(terrain(2).positions)).toThrow(/^mesh\.refit: the mesh is a body of a world/);
    expect(() => world.setPoses([ball, level], [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 3])).toThrow(/^world\.setPoses/);
    expect(poseOf(world, level)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(poseOf(world, ball)).toEqual([10, 0, 0, 0, 0, 0, 1]);
    // The world shares the mesh: it outlives the mesh's handle; removed, the mesh refits again.
    const other = sx.createMesh(terrain(2));
    const shared = world.add(other, [0, 5, 0, 0, 0, 0, 1]);
    other.dispose();
    expect(world.raycast([0, 10, 0], [0, -1, 0]).id).toBe(shared);
    world.remove(level);
    expect(world.has(level)).toBe(false);
    mesh.refit(terrain(2).positions);
    world.dispose();
    mesh.dispose();
  });
});
