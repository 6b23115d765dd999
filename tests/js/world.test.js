// The World (createWorld) against brute force: a body's world volume is
// sx.transform(volume, pose), and pairs() is exactly the pairs sx.overlaps says meet, over many
// frames of random motion with every type (k-DOPs of every k), bodies added and removed while
// moving, touching pairs, bodies far from the origin and tiny ones; query and raycast likewise.
// Then every error path (each checked to change nothing), and the heap over 10,000 frames and
// 100,000 adds and removes.

import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Euler, Object3D, Quaternion, Vector3 } from 'three';
import { init } from 'sepaxis';
import { KS, TYPES, ballast, closeRel, randomVolume, rng, sameJson } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

// ---------------------------------------------------------------------------------------------
// The oracle: every body's world volume by sx.transform, every pair by sx.overlaps.

/** The model of a world: id -> { local, pose: [tx, ty, tz, qx, qy, qz, qw] }. */
class Model {
  bodies = new Map();
  world(id) {
    const { local, pose } = this.bodies.get(id);
    return sx.transform(local, { translation: pose.slice(0, 3), rotation: pose.slice(3, 7) });
  }
  /** Every pair "a,b" (a < b) whose world volumes overlap, sorted. */
  pairs() {
    const ids = [...this.bodies.keys()].sort((a, b) => a - b);
    const worlds = ids.map((id) => this.world(id));
    const out = [];
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) if (sx.overlaps(worlds[i], worlds[j])) out.push(`${ids[i]},${ids[j]}`);
    return out.sort();
  }
}

/** pairs() as sorted "a,b" strings; each pair must come once, a < b. */
function pairStrings(view) {
  expect(view).toBeInstanceOf(Uint32Array);
  expect(view.length % 2).toBe(0);
  const out = [];
  for (let i = 0; i < view.length; i += 2) {
    if (!(view[i] < view[i + 1])) throw new Error(`pair ${view[i]},${view[i + 1]} is not ordered a < b`);
    out.push(`${view[i]},${view[i + 1]}`);
  }
  out.sort();
  for (let i = 1; i < out.length; i++) if (out[i] === out[i - 1]) throw new Error(`pair ${out[i]} comes twice`);
  return out;
}

/** Throws, naming the pairs, unless the world's pairs are exactly the model's. */
function expectExactPairs(view, model, what = '') {
  const mine = pairStrings(view), theirs = model.pairs();
  const missing = theirs.filter((p) => !mine.includes(p)), extra = mine.filter((p) => !theirs.includes(p));
  if (missing.length || extra.length)
    throw new Error(`${what}: the world misses ${missing.length} pairs (${missing.slice(0, 5)}) and has ${extra.length} extra (${extra.slice(0, 5)})`);
  return mine.length;
}

/** A random unit quaternion; now and then one that is unit only within the tolerance (the world normalizes it). */
function randomRotation(r) {
  const q = r.quat();
  const s = r.next() < 0.15 ? 1 + r.uniform(-5e-4, 5e-4) : 1;
  return q.map((x) => x * s);
}

/** A random local volume (at the body's origin) of every type in turn, k-DOPs of every k. */
function randomLocal(r, i, size) {
  const type = TYPES[i % 4];
  return randomVolume(r, type, [0, 0, 0], { size, k: KS[Math.floor(i / 4) % 5], rotation: i % 8 === 2 });
}

/**
 * Random motion: `n` bodies in a cube of side `side` around `offset`, `frames` frames; each frame
 * every body moves (by up to `step`) and turns, and with `churn` some are removed and added. Checks
 * the pairs against brute force every frame; returns the pairs seen in all (so the test can ask
 * that there were some).
 */
function randomMotion({ seed, n, side, size, offset = [0, 0, 0], frames, step, churn = 0, precision = 'f64' }) {
  const r = rng(seed);
  const world = sx.createWorld({ capacity: n });
  const model = new Model();
  const place = () => [0, 1, 2].map((a) => offset[a] + r.uniform(0, side));
  let made = 0, seen = 0;
  const addOne = () => {
    const local = randomLocal(r, made++, size);
    const pose = [...place(), ...randomRotation(r)];
    const id = world.add(local, { translation: pose.slice(0, 3), rotation: pose.slice(3) });
    expect(world.has(id)).toBe(true);
    model.bodies.set(id, { local, pose });
  };
  for (let i = 0; i < n; i++) addOne();
  try {
    for (let f = 0; f < frames; f++) {
      if (churn) {
        for (let c = 0; c < churn; c++) {
          const ids = [...model.bodies.keys()];
          const gone = ids[Math.floor(r.next() * ids.length)];
          world.remove(gone);
          model.bodies.delete(gone);
          expect(world.has(gone)).toBe(false);
        }
        for (let c = 0; c < churn; c++) addOne();
      }
      const ids = [...model.bodies.keys()];
      const poses = new (precision === 'f32' ? Float32Array : Float64Array)(7 * ids.length);
      ids.forEach((id, i) => {
        const old = model.bodies.get(id).pose;
        const t = [0, 1, 2].map((a) => old[a] + r.uniform(-step, step));
        poses.set([...t, ...randomRotation(r)], 7 * i);
      });
      // The model holds the poses as the world receives them (a float32 widened exactly).
      ids.forEach((id, i) => { model.bodies.get(id).pose = Array.from(poses.subarray(7 * i, 7 * i + 7)); });
      // Ids as a Uint32Array or a plain array; poses as the typed array or a plain array.
      if (f % 3 === 2) world.setPoses(ids, Array.from(poses));
      else world.setPoses(Uint32Array.from(ids), poses);
      expect(world.count).toBe(model.bodies.size);
      seen += expectExactPairs(world.pairs(), model, `frame ${f}`);
    }
    return { seen, world, model };
  } finally {
    world.dispose();
  }
}

// ---------------------------------------------------------------------------------------------

describe('pairs() is exactly the pairs sx.overlaps finds among sx.transform-ed volumes', () => {
  it('over 40 frames of random motion with every type and every k', () => {
    const { seen } = randomMotion({ seed: 14001, n: 64, side: 6, size: 1, frames: 40, step: 0.4 });
    expect(seen).toBeGreaterThan(40 * 20);  // many pairs a frame: the check means something
  });

  it('with bodies removed and added while the others move', () => {
    const { seen } = randomMotion({ seed: 14002, n: 48, side: 5, size: 1, frames: 40, step: 0.5, churn: 4 });
    expect(seen).toBeGreaterThan(40 * 10);
  });

  it('with float32 poses, widened exactly', () => {
    const { seen } = randomMotion({ seed: 14003, n: 48, side: 5, size: 1, frames: 20, step: 0.4, precision: 'f32' });
    expect(seen).toBeGreaterThan(20 * 10);
  });

  it('far from the origin (1e7, 1e12) and for tiny bodies (size 1e-6, 1e-12)', () => {
    for (const [offset, size, seed] of [[1e7, 1, 14004], [-1e12, 1, 14005], [0, 1e-6, 14006], [3, 1e-12, 14007], [1e9, 1e-3, 14008]]) {
      const { seen } = randomMotion({ seed, n: 40, side: 5 * size, size, offset: [offset, -offset / 2, offset / 3], frames: 8, step: 0.4 * size });
      expect(seen, `offset ${offset}, size ${size}`).toBeGreaterThan(8 * 5);
    }
  });

  it('touching pairs count (faces, edges, corners and spheres that just meet)', () => {
    const world = sx.createWorld({ capacity: 16 });
    const model = new Model();
    const put = (local, pose) => {
      const id = world.add(local, { translation: pose.slice(0, 3), rotation: pose.slice(3) });
      model.bodies.set(id, { local, pose });
      return id;
    };
    const cube = { type: 'aabb', min: [-1, -1, -1], max: [1, 1, 1] };
    const s = Math.SQRT1_2, half = Math.sin(Math.PI / 8), cos = Math.cos(Math.PI / 8);
    // Face to face, edge to edge, corner to corner; spheres at the sum of their radii.
    const a = put(cube, [0, 0, 0, 0, 0, 0, 1]);
    const b = put(cube, [2, 0, 0, 0, 0, 0, 1]);
    const c = put(cube, [2, 2, 0, 0, 0, 0, 1]);
    const d = put(cube, [-2, -2, -2, 0, 0, 0, 1]);
    const e = put({ type: 'sphere', center: [0, 0, 0], radius: 1.5 }, [10, 0, 0, 0, 0, 0, 1]);
    const f = put({ type: 'sphere', center: [0, 0, 0], radius: 0.5 }, [12, 0, 0, 0, 0, 0, 1]);
    // A quarter turn keeps the cube a cube (exactly on the grid): still touching b's face.
    const g = put(cube, [4, 0, 0, 0, 0, s, s]);
    // A k-DOP of every k, touching the next cube's face along x.
    const kdops = KS.map((k, i) => put({ type: 'kdop', k, min: Array(k / 2).fill(-1), max: Array(k / 2).fill(1) }, [0, 20 + 3 * i, 0, 0, 0, 0, 1]));
    const h = put(cube, [2, 20, 0, 0, 0, 0, 1]);
    put({ type: 'obb', center: [0, 0, 0], halfExtents: [1, 1, 1], rotation: [0, 0, half, cos] }, [30, 0, 0, 0, 0, 0, 1]);
    expectExactPairs(world.pairs(), model, 'touching');
    const found = pairStrings(world.pairs());
    for (const [x, y] of [[a, b], [b, c], [a, d], [e, f], [b, g], [kdops[0], h]])
      expect(found, `${x},${y}`).toContain(`${Math.min(x, y)},${Math.max(x, y)}`);
    world.dispose();
  });

  it('broadPhasePairCount() counts the pairs whose bounding boxes meet, never fewer than pairs()', () => {
    const world = sx.createWorld();
    const random = rng(31);
    const worlds = [];
    for (let i = 0; i < 300; i++) {
      const local = randomVolume(random, TYPES[i % 4], [0, 0, 0], { size: random.uniform(0.3, 1.3) });
      const pose = { translation: random.vec(0, 10), rotation: random.quat() };
      world.add(local, pose);
      worlds.push(sx.boundingBox(sx.transform(local, pose)));
    }
    let sure = 0, near = 0;
    const meet = (a, b, hair) => [0, 1, 2].every((k) => a.min[k] <= b.max[k] + hair && b.min[k] <= a.max[k] + hair);
    for (let i = 0; i < worlds.length; i++)
      for (let j = i + 1; j < worlds.length; j++) sure += meet(worlds[i], worlds[j], -1e-7), near += meet(worlds[i], worlds[j], 1e-7);
    const count = world.broadPhasePairCount();
    expect(count).toBeGreaterThanOrEqual(sure);
    expect(count).toBeLessThanOrEqual(near);
    expect(count).toBeGreaterThan(world.pairs().length / 2);
    world.dispose();
    expect(() => world.broadPhasePairCount()).toThrow(/disposed/);
  });

  it('the check notices a dropped pair and an extra one (it can fail)', () => {
    const { world, model } = (() => {
      const w = sx.createWorld();
      const m = new Model();
      for (let i = 0; i < 6; i++) {
        const local = { type: 'sphere', center: [0, 0, 0], radius: 1 };
        const pose = [1.5 * i, 0, 0, 0, 0, 0, 1];
        m.bodies.set(w.add(local, { translation: pose.slice(0, 3) }), { local, pose });
      }
      return { world: w, model: m };
    })();
    const pairs = world.pairs().slice();
    expect(pairs.length).toBe(10);
    expect(expectExactPairs(pairs, model)).toBe(5);
    expect(() => expectExactPairs(pairs.subarray(2), model)).toThrow(/misses 1 pairs/);
    const ids = [...model.bodies.keys()];
    const extra = Uint32Array.from([...pairs, Math.min(...ids), Math.max(...ids)]);  // 7.5 apart
    expect(() => expectExactPairs(extra, model)).toThrow(/1 extra/);
    expect(() => pairStrings(Uint32Array.from([...pairs, pairs[0], pairs[1]]))).toThrow(/comes twice/);
    expect(() => pairStrings(Uint32Array.from([pairs[1], pairs[0]]))).toThrow(/not ordered/);
    world.dispose();
  });
});

describe('contacts() is sx.collide\'s penetration of every pair', () => {
  /**
   * Throws, naming the pair, unless every contact is pairs()'s pair and sx.collide's penetration:
   * bit for bit, but for pairs with an OBB, which sx.collide reads through makeObb's frame
   * correction (an ulp off the world's box, the guide's "one subtlety"): within 1e-12 there.
   */
  function expectContactsAreCollides(world, what) {
    const pairs = world.pairs().slice();
    const { pairs: ids, normals, depths } = world.contacts();
    expect(ids).toBeInstanceOf(Uint32Array);
    expect(normals).toBeInstanceOf(Float64Array);
    expect(depths).toBeInstanceOf(Float64Array);
    expect(Array.from(ids)).toEqual(Array.from(pairs));
    expect(normals.length).toBe(3 * depths.length);
    expect(depths.length).toBe(ids.length / 2);
    const kinds = new Set();
    for (let i = 0; i < depths.length; i++) {
      const a = world.worldVolume(ids[2 * i]), b = world.worldVolume(ids[2 * i + 1]);
      const { overlap, penetration } = sx.collide(a, b);
      const mine = { depth: depths[i], normal: Array.from(normals.subarray(3 * i, 3 * i + 3)) };
      const same = a.type === 'obb' || b.type === 'obb' ? (x, y) => Math.abs(x - y) <= 1e-12 : Object.is;
      if (!overlap || !same(mine.depth, penetration.depth) || !mine.normal.every((x, k) => same(x, penetration.normal[k])))
        throw new Error(`${what}: ${a.type}-${b.type} pair ${ids[2 * i]},${ids[2 * i + 1]}: contact ${JSON.stringify(mine)}, sx.collide ${JSON.stringify(penetration)}`);
      kinds.add([a.type, b.type].sort().join('-'));
    }
    return { count: depths.length, kinds };
  }

  it('over frames of random motion with every type (k-DOPs of every k), bodies coming and going', () => {
    const r = rng(2911);
    const n = 160, world = sx.createWorld({ capacity: n });
    const ids = [];
    const place = () => ({ translation: r.vec(0, 7), rotation: randomRotation(r) });
    for (let i = 0; i < n; i++) ids.push(world.add(randomLocal(r, i, r.uniform(0.6, 1.4)), place()));
    let count = 0;
    const kinds = new Set();
    for (let f = 0; f < 4; f++) {
      const gone = ids.splice(f * 7, 1)[0];
      world.remove(gone);
      ids.push(world.add(randomLocal(r, f, 1), place()));
      world.setPoses(ids, ids.flatMap(() => [...r.vec(0, 7), ...randomRotation(r)]));
      const seen = expectContactsAreCollides(world, `frame ${f}`);
      count += seen.count;
      for (const k of seen.kinds) kinds.add(k);
    }
    expect(count).toBeGreaterThan(500);
    expect([...kinds].sort()).toEqual(['kdop-kdop', 'kdop-obb', 'kdop-sphere', 'obb-obb', 'obb-sphere', 'sphere-sphere']);
    world.dispose();
  });

  it('touching, coincident and nested bodies: the same normals and depths (ties broken as sx.collide breaks them)', () => {
    const world = sx.createWorld();
    const cube = { type: 'aabb', min: [-1, -1, -1], max: [1, 1, 1] };
    const kcube = { type: 'kdop', k: 14, min: Array(7).fill(-1), max: Array(7).fill(1) };
    const s = Math.SQRT1_2;
    // Boxes unturned (their frames exact: compared bit for bit), k-DOPs turned too.
    for (const [volume, translation, rotation] of [
      [cube, [0, 0, 0]], [cube, [2, 0, 0]], [cube, [2, 2, 0]], [cube, [4, 0, 0]],
      [{ type: 'sphere', center: [0, 0, 0], radius: 1.5 }, [10, 0, 0]], [{ type: 'sphere', center: [0, 0, 0], radius: 0.5 }, [12, 0, 0]],
      [cube, [0, 20, 0]], [cube, [0, 20, 0]], [{ type: 'sphere', center: [0, 0, 0], radius: 0.25 }, [0, 20, 0]], [kcube, [0, 20, 0]],
      [kcube, [0, -20, 0]], [kcube, [0, -20, 0], [0, 0, s, s]], [{ type: 'sphere', center: [0, 0, 0], radius: 1 }, [0, -20, 0]],
    ]) world.add(volume, { translation, rotation });
    const { count } = expectContactsAreCollides(world, 'touching');
    expect(count).toBeGreaterThanOrEqual(13);
    expect(Array.from(world.contacts().depths).filter((d) => d === 0).length).toBeGreaterThanOrEqual(4);
    world.dispose();
  });

  it('the check notices a wrong normal and a wrong depth (it can fail)', () => {
    const world = sx.createWorld();
    world.add({ type: 'sphere', center: [0, 0, 0], radius: 1 });
    world.add({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { translation: [1.5, 0, 0] });
    const { normals, depths } = world.contacts();
    expect(Array.from(normals)).toEqual([1, 0, 0]);
    expect(depths[0]).toBe(0.5);
    expect(() => { depths[0] = 0.5000000000000001; expectContactsAreCollides(world, 'depth'); }).toThrow(/contact/);
    expect(() => { normals[0] = -1; expectContactsAreCollides(world, 'normal'); }).toThrow(/contact/);
    world.dispose();
  });

  it('an empty world has none; a disposed one throws, naming the call', () => {
    const world = sx.createWorld();
    const empty = world.contacts();
    expect([empty.pairs.length, empty.normals.length, empty.depths.length]).toEqual([0, 0, 0]);
    world.add({ type: 'sphere', center: [0, 0, 0], radius: 1 });
    expect(world.contacts().depths.length).toBe(0);
    world.dispose();
    expect(() => world.contacts()).toThrow('world.contacts: this world was disposed');
  });
});

describe('query and raycast agree with brute force', () => {
  function movingWorld(seed, n) {
    const r = rng(seed);
    const world = sx.createWorld({ capacity: n });
    const model = new Model();
    for (let i = 0; i < n; i++) {
      const local = randomLocal(r, i, 1);
      const pose = [...r.vec(0, 8), ...randomRotation(r)];
      model.bodies.set(world.add(local, { translation: pose.slice(0, 3), rotation: pose.slice(3) }), { local, pose });
    }
    return { r, world, model };
  }

  it('query(volume) is every body whose world volume sx.overlaps it, for every type and k', () => {
    const { r, world, model } = movingWorld(14010, 80);
    const worlds = new Map([...model.bodies.keys()].map((id) => [id, model.world(id)]));
    let found = 0;
    for (let q = 0; q < 60; q++) {
      const v = randomVolume(r, TYPES[q % 4], r.vec(0, 8), { size: 1.5, k: KS[q % 5], rotation: q % 3 === 0 });
      const mine = [...world.query(v)].sort((a, b) => a - b);
      const theirs = [...worlds].filter(([, w]) => sx.overlaps(v, w)).map(([id]) => id).sort((a, b) => a - b);
      expect(mine, `query ${q} (${v.type})`).toEqual(theirs);
      found += mine.length;
    }
    expect(found).toBeGreaterThan(60);
    // A new array each time, not a view that the next call overwrites.
    const one = world.query({ type: 'sphere', center: [4, 4, 4], radius: 3 });
    const copy = one.slice();
    world.query({ type: 'sphere', center: [-100, 0, 0], radius: 1 });
    expect(one).toEqual(copy);
    world.dispose();
  });

  it('raycast is the closest sx.raycast hit over the world volumes (ties: the smaller id)', () => {
    const { r, world, model } = movingWorld(14011, 80);
    const worlds = [...model.bodies.keys()].map((id) => [id, model.world(id)]);
    let hits = 0;
    for (let q = 0; q < 80; q++) {
      // Most rays aim into the bodies' cube; every tenth starts inside it, every fifth goes anywhere.
      const origin = q % 10 === 0 ? r.vec(2, 6) : r.vec(-4, 12);
      const direction = q % 5 === 0 ? r.vec(-1, 1) : r.vec(1, 7).map((x, i) => x - origin[i]);
      const maxDistance = q % 4 === 0 ? r.uniform(0, 6) : Infinity;
      let best = null;
      for (const [id, w] of worlds) {
        const h = sx.raycast(w, origin, direction, maxDistance);
        if (h && (!best || h.distance < best.distance || (h.distance === best.distance && id < best.id))) best = { id, ...h };
      }
      const mine = world.raycast(origin, direction, maxDistance);
      // The same body; the numbers to rounding: sx.raycast reads a JSON OBB through makeObb's
      // frame correction (frames beyond 1e-15 of orthonormal, as a turned box's may be by a few
      // 1e-16), so its box can differ from the world's own by an ulp.
      expect(mine?.id, `ray ${q}`).toBe(best?.id);
      if (best) {
        hits++;
        expect(mine.startsInside).toBe(best.startsInside);
        expect(closeRel(mine.distance, best.distance, 1e-12), `ray ${q}: ${mine.distance} vs ${best.distance}`).toBe(true);
        for (const key of ['point', 'normal'])
          for (let i = 0; i < 3; i++) expect(closeRel(mine[key][i], best[key][i], 1e-9), `ray ${q} ${key}`).toBe(true);
      }
    }
    expect(hits).toBeGreaterThan(40);
    world.dispose();
  });
});

describe('raycastAll lists every body\'s hit', () => {
  it('raycastAll is every sx.raycast hit over the world volumes, nearest first (ties: the smaller id)', () => {
    const r = rng(14019);
    const world = sx.createWorld({ capacity: 80 });
    const worlds = [];
    for (let i = 0; i < 80; i++) {
      const local = randomLocal(r, i, 1);
      const pose = { translation: r.vec(0, 8), rotation: randomRotation(r) };
      const id = world.add(local, pose);
      worlds.push([id, world.worldVolume(id)]);
    }
    let listed = 0;
    for (let q = 0; q < 40; q++) {
      const origin = r.vec(-4, 12);
      const direction = q % 5 === 0 ? r.vec(-1, 1) : r.vec(1, 7).map((x, i) => x - origin[i]);
      const maxDistance = q % 4 === 0 ? r.uniform(0, 6) : Infinity;
      const want = worlds.map(([id, w]) => ({ id, hit: sx.raycast(w, origin, direction, maxDistance) }))
        .filter(({ hit }) => hit).sort((a, b) => a.hit.distance - b.hit.distance || a.id - b.id);
      const mine = world.raycastAll(origin, direction, maxDistance);
      expect(mine.map((h) => h.id), `ray ${q}`).toEqual(want.map((h) => h.id));
      mine.forEach((h, i) => expect(closeRel(h.distance, want[i].hit.distance, 1e-12), `ray ${q}`).toBe(true));
      expect(mine[0]?.id).toBe(world.raycast(origin, direction, maxDistance)?.id);
      listed += mine.length;
    }
    expect(listed).toBeGreaterThan(60);
    expect(() => world.raycastAll([0, 0, 0], [0, 0, 0])).toThrow(new RangeError('world.raycastAll: direction must not be the zero vector, got [0, 0, 0]'));
    expect(() => world.raycastAll([0, 0, 0], [1, 0, 0], -1)).toThrow(/world\.raycastAll: maxDistance must be a number >= 0/);
    world.dispose();
  });
});

describe('sweep agrees with every body\'s timeOfImpact', () => {
  it('sweep(volume, velocity, maxTime, { exclude }) is the earliest sx.timeOfImpact (ties: the smaller id)', () => {
    const r = rng(14017);
    const world = sx.createWorld({ capacity: 80 });
    const model = new Model();
    for (let i = 0; i < 80; i++) {
      const local = randomLocal(r, i, 1);
      const pose = [...r.vec(0, 8), ...randomRotation(r)];
      model.bodies.set(world.add(local, { translation: pose.slice(0, 3), rotation: pose.slice(3) }), { local, pose });
    }
    const worlds = [...model.bodies.keys()].map((id) => [id, model.world(id)]);
    let hits = 0, excluded = 0;
    for (let q = 0; q < 60; q++) {
      const from = r.vec(-4, 12);
      const v = randomVolume(r, TYPES[q % 4], from, { size: 0.8, k: KS[q % 5], rotation: q % 3 === 0 });
      const [target] = worlds[Math.floor(r.uniform(0, worlds.length))];
      const velocity = q % 2 ? model.bodies.get(target).pose.slice(0, 3).map((x, i) => x - from[i]) : r.vec(-5, 5);
      const maxTime = q % 4 === 0 ? Infinity : r.uniform(0, 2);
      const exclude = q % 5 === 0 ? target : undefined;
      let best = null;
      for (const [id, w] of worlds) {
        if (id === exclude) continue;
        const h = sx.timeOfImpact(v, w, { velocityA: velocity, maxTime });
        if (h && (!best || h.time < best.time || (h.time === best.time && id < best.id))) best = { id, ...h };
      }
      const mine = world.sweep(v, velocity, maxTime, { exclude });
      expect(mine?.id, `sweep ${q}`).toBe(best?.id);
      if (!best) continue;
      hits++, excluded += exclude !== undefined;
      // The numbers to rounding: sx.timeOfImpact reads a JSON OBB through makeObb's frame correction.
      expect(closeRel(mine.time, best.time, 1e-9), `sweep ${q}: ${mine.time} vs ${best.time}`).toBe(true);
      for (let i = 0; i < 3; i++) expect(closeRel(mine.normal[i], best.normal[i], 1e-9), `sweep ${q} normal`).toBe(true);
    }
    expect(hits).toBeGreaterThan(25);
    expect(excluded).toBeGreaterThan(3);
    world.dispose();
  });
});

describe('ids, poses in place, and disposal', () => {
  it('worldVolume(id) is sx.transform(volume, pose) bit for bit, for every type and k, float32 poses too', () => {
    const r = rng(14015);
    const world = sx.createWorld({ capacity: 40 });
    const bodies = [];
    for (let i = 0; i < 40; i++) {
      const local = randomLocal(r, i, 1);
      bodies.push({ id: world.add(local, { translation: r.vec(-5, 5), rotation: randomRotation(r) }), local });
    }
    for (let f = 0; f < 4; f++) {
      const poses = new (f % 2 ? Float32Array : Float64Array)(7 * bodies.length);
      bodies.forEach((b, i) => poses.set([...r.vec(-1e3, 1e3), ...randomRotation(r)], 7 * i));
      world.setPoses(bodies.map((b) => b.id), poses);
      bodies.forEach((b, i) => {
        const p = Array.from(poses.subarray(7 * i, 7 * i + 7));
        const expected = sx.transform(b.local, { translation: p.slice(0, 3), rotation: p.slice(3) });
        const actual = world.worldVolume(b.id);
        if (!sameJson(actual, expected)) expect(actual, `body ${i} (${b.local.type}), frame ${f}`).toEqual(expected);
      });
    }
    expect(() => world.worldVolume(7)).toThrow(/world\.worldVolume: body 7 is not in this world/);
    world.dispose();
  });

  it('add takes a pose as 7 numbers (array or typed array) and three.js vectors and quaternions: the same body', () => {
    const world = sx.createWorld({ capacity: 8 });
    try {
      const q = new Quaternion().setFromEuler(new Euler(0.3, 0.2, 0.1)).toArray();
      for (const local of [{ type: 'obb', center: [0.5, 0, 0], halfExtents: [1, 2, 3], rotation: [0, 0, 0, 1] },
        { type: 'kdop', k: 14, min: [-1, -1, -1, -2, -2, -2, -2], max: [1, 1, 1, 2, 2, 2, 2] }]) {
        const expected = sx.transform(local, { translation: [5, 6, 7], rotation: q });
        const forms = [[5, 6, 7, ...q], Float64Array.of(5, 6, 7, ...q),
          { translation: new Vector3(5, 6, 7), rotation: new Quaternion(...q) },
          { translation: Float32Array.of(5, 6, 7), rotation: Float64Array.from(q), scale: 1 }];
        for (const pose of forms) {
          const id = world.add(local, pose);
          expect(sameJson(world.worldVolume(id), expected), `${local.type}, ${JSON.stringify(pose)}`).toBe(true);
          expect(Array.from(world.poses.subarray(world.poseIndex(id), world.poseIndex(id) + 7))).toEqual([5, 6, 7, ...q]);
          world.remove(id);
        }
        const narrow = Float32Array.of(5, 6, 7, ...q);  // widened exactly
        const id = world.add(local, narrow);
        expect(sameJson(world.worldVolume(id), sx.transform(local, { translation: [5, 6, 7], rotation: Array.from(narrow.subarray(3)) }))).toBe(true);
        world.remove(id);
      }
    } finally {
      world.dispose();
    }
  });

  it('a removed id stays unknown, also once its slot holds a new body', () => {
    const world = sx.createWorld({ capacity: 4 });
    const v = { type: 'sphere', center: [0, 0, 0], radius: 1 };
    const a = world.add(v);
    world.remove(a);
    const ids = new Set();
    for (let i = 0; i < 20; i++) { const id = world.add(v); ids.add(id); world.remove(id); }
    expect(ids.has(a)).toBe(false);
    expect(ids.size).toBe(20);
    const b = world.add(v);
    expect(world.has(a)).toBe(false);
    expect(() => world.remove(a)).toThrow(new RangeError(`world.remove: body ${a} is not in this world (removed or never added)`));
    expect(() => world.setPoses([a], [0, 0, 0, 0, 0, 0, 1])).toThrow(RangeError);
    expect(() => world.poseIndex(a)).toThrow(RangeError);
    expect(world.count).toBe(1);
    expect(world.has(b)).toBe(true);
    world.dispose();
  });

  it('world.poses holds every body\'s pose; writing it in place and commitPoses() moves them', () => {
    const world = sx.createWorld({ capacity: 8 });
    const model = new Model();
    const r = rng(14020);
    const ids = [];
    for (let i = 0; i < 8; i++) {
      const local = randomLocal(r, i, 1);
      const pose = [...r.vec(0, 3), ...randomRotation(r)];
      const id = world.add(local, { translation: pose.slice(0, 3), rotation: pose.slice(3) });
      model.bodies.set(id, { local, pose });
      ids.push(id);
    }
    for (const id of ids) {
      const at = world.poseIndex(id);
      expect(Array.from(world.poses.subarray(at, at + 7))).toEqual(model.bodies.get(id).pose);
    }
    world.setPoses([ids[3]], [1, 2, 3, 0, 0, 0, 1]);
    expect(Array.from(world.poses.subarray(world.poseIndex(ids[3]), world.poseIndex(ids[3]) + 7))).toEqual([1, 2, 3, 0, 0, 0, 1]);
    model.bodies.get(ids[3]).pose = [1, 2, 3, 0, 0, 0, 1];
    for (let f = 0; f < 10; f++) {
      const poses = world.poses;
      for (const id of ids) {
        const pose = [...r.vec(0, 3), ...randomRotation(r)];
        poses.set(pose, world.poseIndex(id));
        model.bodies.get(id).pose = pose;
      }
      world.commitPoses();
      expectExactPairs(world.pairs(), model, `commit ${f}`);
    }
    world.dispose();
  });

  it('dispose() frees the world; later calls throw, a second dispose() does nothing', () => {
    const world = sx.createWorld();
    const id = world.add({ type: 'sphere', center: [0, 0, 0], radius: 1 });
    world[Symbol.dispose]();
    expect(world.disposed).toBe(true);
    world.dispose();
    expect(() => world.pairs()).toThrow('world.pairs: this world was disposed');
    expect(() => world.count).toThrow(/disposed/);
    expect(() => world.remove(id)).toThrow(/disposed/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('errors name the call, the element and the field, and change nothing', () => {
  let world, ids, before;
  const cube = { type: 'aabb', min: [-1, -1, -1], max: [1, 1, 1] };

  /** Everything observable about the world. */
  function state() {
    return {
      count: world.count,
      pairs: pairStrings(world.pairs()),
      poses: Array.from(world.poses),
      query: Array.from(world.query({ type: 'aabb', min: [-10, -10, -10], max: [100, 100, 100] })).sort(),
      ray: world.raycast([-10, 0.5, 0.5], [1, 0, 0]),
    };
  }

  function expectUnchanged(call, error) {
    expect(call).toThrow(error);
    expect(state()).toEqual(before);
  }

  beforeAll(() => {
    world = sx.createWorld({ capacity: 8 });
    ids = [0, 1, 2, 3].map((i) => world.add(cube, { translation: [1.5 * i, 0, 0] }));
    before = state();
    expect(before.pairs.length).toBe(3);
  });

  it('setPoses: an unknown or removed id, anywhere in the list', () => {
    const gone = world.add(cube, { translation: [50, 0, 0] });
    world.remove(gone);
    before = state();
    const poses = new Float64Array([9, 9, 9, 0, 0, 0, 1, 8, 8, 8, 0, 0, 0, 1]);
    expectUnchanged(() => world.setPoses([ids[0], gone], poses), new RangeError(`world.setPoses: body ${gone} (ids[1]) is not in this world (removed or never added)`));
    expectUnchanged(() => world.setPoses(Uint32Array.of(ids[1], 12345), poses), /body 12345 \(ids\[1\]\) is not in this world/);
    expectUnchanged(() => world.setPoses([ids[0], -1], poses), new RangeError('world.setPoses: ids[1] must be a body id (an integer from 0 to 4294967295), got -1'));
    expectUnchanged(() => world.setPoses([ids[0], 1.5], poses), RangeError);
    expectUnchanged(() => world.setPoses([ids[0], '1'], poses), new TypeError('world.setPoses: ids[1] must be a body id (an integer from 0 to 4294967295), got "1"'));
  });

  it('setPoses: bad poses (not unit, NaN, infinite, too far), wrong lengths and types', () => {
    const ok = [5, 5, 5, 0, 0, 0, 1];
    const two = [ids[0], ids[1]];
    expectUnchanged(() => world.setPoses(two, [...ok, 0, 0, 0, 0, 0, 0, 2]),
      new RangeError('world.setPoses: pose[1].rotation must be a unit quaternion within 0.001, got length 2'));
    expectUnchanged(() => world.setPoses(two, new Float32Array([...ok, 0, 0, 0, 0, 0, 0, 0])), /pose\[1\]\.rotation must be a unit quaternion within 0.001, got length 0/);
    expectUnchanged(() => world.setPoses(two, [...ok, NaN, 0, 0, 0, 0, 0, 1]), new RangeError('world.setPoses: pose[1].translation[0] must be finite, got NaN'));
    expectUnchanged(() => world.setPoses(two, new Float64Array([...ok, 0, 0, 0, 0, Infinity, 0, 1])), /pose\[1\]\.rotation\[1\] must be finite, got Infinity/);
    expectUnchanged(() => world.setPoses(two, [...ok, 1e300, 0, 0, 0, 0, 0, 1]), /world\.setPoses: pose\[1\] would carry the body beyond/);
    expectUnchanged(() => world.setPoses(two, ok), new RangeError('world.setPoses: poses must hold 7 numbers per id (tx, ty, tz, qx, qy, qz, qw): 2 ids need 14, got 7'));
    expectUnchanged(() => world.setPoses(two, [...ok, ...ok, 1]), /2 ids need 14, got 15/);
    expectUnchanged(() => world.setPoses(two, [...ok, 0, 0, 0, 0, 0, '0', 1]), new TypeError('world.setPoses: pose[1].rotation[2] (poses[12]) must be a number, got "0"'));
    expectUnchanged(() => world.setPoses(two, 'poses'), /world\.setPoses: poses must be a Float64Array, a Float32Array or an array of numbers/);
    expectUnchanged(() => world.setPoses(two, new Int32Array(14)), TypeError);
    expectUnchanged(() => world.setPoses(new Int32Array(two), new Float64Array(14)), /ids must be a Uint32Array or an array of body ids/);
    expectUnchanged(() => world.setPoses(undefined, []), TypeError);
  });

  it('add: invalid volumes and poses add nothing', () => {
    expectUnchanged(() => world.add({ type: 'sphere', center: [0, 0, 0], radius: -1 }), new RangeError('world.add: sphere.radius must be >= 0, got -1'));
    expectUnchanged(() => world.add({ type: 'cone' }), /world\.add: volume\.type must be one of/);
    expectUnchanged(() => world.add({ type: 'aabb', min: [0, 0], max: [1, 1, 1] }), TypeError);
    expectUnchanged(() => world.add({ type: 'kdop', k: 14, min: [-1, -1, -1, 5, -3, -3, -3], max: [1, 1, 1, 6, 3, 3, 3] }), /world\.add: kdop/);
    expectUnchanged(() => world.add(cube, { rotation: [0, 0, 0, 2] }), new RangeError('world.add: pose.rotation must be a unit quaternion within 0.001, got length 2'));
    expectUnchanged(() => world.add(cube, { translation: [0, NaN, 0] }), /world\.add: pose\.translation\[1\] must be finite, got NaN/);
    expectUnchanged(() => world.add(cube, { translation: [0, 0] }), /world\.add: pose\.translation must be an array of 3 numbers/);
    expectUnchanged(() => world.add(cube, { scale: 2 }), /world\.add: pose\.scale must be 1 or absent/);
    expectUnchanged(() => world.add(cube, { translation: [1e300, 0, 0] }), /world\.add: pose would carry the body beyond/);
    expectUnchanged(() => world.add(cube, 'here'), TypeError);
  });

  it('add: a pose in another shape is a TypeError naming the field, never the identity, and adds nothing', () => {
    const FORMS = 'a pose is { translation, rotation } or 7 numbers [tx, ty, tz, qx, qy, qz, qw]';
    const object = new Object3D();
    object.position.set(5, 6, 7);
    expectUnchanged(() => world.add(cube, { position: [5, 6, 7] }),
      new TypeError(`world.add: pose has an unknown field "position" (did you mean "translation"?); ${FORMS}`));
    expectUnchanged(() => world.add(cube, { translation: [5, 6, 7], quaternion: [0, 0, 0, 1] }),
      new TypeError(`world.add: pose has an unknown field "quaternion" (did you mean "rotation"?); ${FORMS}`));
    expectUnchanged(() => world.add(cube, object), new TypeError(`world.add: pose has an unknown field "position" (did you mean "translation"?); ${FORMS}`));
    expectUnchanged(() => world.add(cube, { translation: [5, 6, 7], velocity: [1, 0, 0] }), new TypeError(`world.add: pose has an unknown field "velocity"; ${FORMS}`));
    expectUnchanged(() => world.add(cube, [5, 6, 7]), new TypeError('world.add: pose as numbers must be 7: [tx, ty, tz, qx, qy, qz, qw], got length 3'));
    expectUnchanged(() => world.add(cube, new Float64Array(6)), /world\.add: pose as numbers must be 7: .*got length 6/);
    expectUnchanged(() => world.add(cube, [5, 6, 7, 0, 0, 0, null]), new TypeError('world.add: pose[6] (rotation[3]) must be a number, got null'));
    expectUnchanged(() => world.add(cube, [5, 6, 7, 0, 0, 0, 2]), new RangeError('world.add: pose.rotation must be a unit quaternion within 0.001, got length 2'));
    expectUnchanged(() => world.add(cube, [5, 6, 1e300, 0, 0, 0, 1]), /world\.add: pose would carry the body beyond/);
    expectUnchanged(() => world.add(cube, { rotation: new Euler(0, 1, 0) }), /world\.add: pose\.rotation has x, y, z and no w \(Euler angles\?/);
    expectUnchanged(() => world.add(cube, { scale: '1' }), new TypeError('world.add: pose.scale must be 1 or absent (bodies do not scale), got "1"'));
    expectUnchanged(() => world.add(cube, null), new TypeError('world.add: pose must be { translation, rotation } or 7 numbers [tx, ty, tz, qx, qy, qz, qw], got null'));
  });

  it('setPoses: a body named twice in one call, in every form of ids and poses', () => {
    const poses = [9, 9, 9, 0, 0, 0, 1, 8, 8, 8, 0, 0, 0, 1, 7, 7, 7, 0, 0, 0, 1];
    const message = (id, at, first) => new RangeError(`world.setPoses: body ${id} (ids[${at}]) is named twice (also ids[${first}]): a call moves each body once`);
    const plain = (a) => a.slice(), u32 = (a) => Uint32Array.from(a), f64 = (a) => Float64Array.from(a), f32 = (a) => Float32Array.from(a);
    for (const [toIds, toPoses] of [[plain, plain], [u32, f64], [u32, f32]]) {
      expectUnchanged(() => world.setPoses(toIds([ids[0], ids[1], ids[0]]), toPoses(poses)), message(ids[0], 2, 0));
      expectUnchanged(() => world.setPoses(toIds([ids[2], ids[3], ids[3]]), toPoses(poses)), message(ids[3], 2, 1));
      expectUnchanged(() => world.setPoses(toIds([ids[1], ids[1]]), toPoses(poses.slice(0, 14))), message(ids[1], 1, 0));
      // An unknown id before the repeat is named first: the ids are checked in order.
      expectUnchanged(() => world.setPoses(toIds([ids[1], 12345, ids[1]]), toPoses(poses)), /body 12345 \(ids\[1\]\) is not in this world/);
    }
  });

  it('remove, poseIndex: unknown ids and non-ids', () => {
    expectUnchanged(() => world.remove(99999), new RangeError('world.remove: body 99999 is not in this world (removed or never added)'));
    expectUnchanged(() => world.remove('1'), TypeError);
    expectUnchanged(() => world.remove(2 ** 32), RangeError);
    expectUnchanged(() => world.poseIndex(99999), /world\.poseIndex: body 99999 is not in this world/);
    expect(world.has(99999)).toBe(false);
    expect(world.has('x')).toBe(false);
  });

  it('query and raycast: invalid volumes and rays', () => {
    expectUnchanged(() => world.query({ type: 'aabb', min: [0, 2, 0], max: [1, 1, 1] }), /world\.query: aabb\.min\[1\] must be <= aabb\.max\[1\]/);
    expectUnchanged(() => world.query(null), TypeError);
    expectUnchanged(() => world.raycast([0, 0, 0], [0, 0, 0]), new RangeError('world.raycast: direction must not be the zero vector, got [0, 0, 0]'));
    expectUnchanged(() => world.raycast([NaN, 0, 0], [1, 0, 0]), /world\.raycast: origin\[0\] must be finite, got NaN/);
    expectUnchanged(() => world.raycast([0, 0, 0], [1, 0, 0], -1), /maxDistance must be a number >= 0/);
    expectUnchanged(() => world.raycast([0, 0, 0], [1, 0, 0], '1'), TypeError);
    expectUnchanged(() => world.raycast([0, 0], [1, 0, 0]), /world\.raycast: origin must be an array of 3 numbers/);
  });

  it('sweep: invalid volumes, velocities, times and exclusions', () => {
    const ball = { type: 'sphere', center: [0, 0, 0], radius: 1 };
    expectUnchanged(() => world.sweep({ type: 'sphere', center: [0, 0, 0], radius: -1 }, [1, 0, 0]), /world\.sweep: sphere\.radius must be >= 0, got -1/);
    expectUnchanged(() => world.sweep(ball, [1, NaN, 0]), new RangeError('world.sweep: velocity[1] must be finite, got NaN'));
    expectUnchanged(() => world.sweep(ball, [1, 0]), /world\.sweep: velocity must be an array of 3 numbers/);
    expectUnchanged(() => world.sweep(ball, [1, 0, 0], -1), new RangeError('world.sweep: maxTime must be a number >= 0 (or Infinity), got -1'));
    expectUnchanged(() => world.sweep(ball, [1, 0, 0], '1'), TypeError);
    expectUnchanged(() => world.sweep(ball, [1, 0, 0], 1, { exclude: 'a' }), new TypeError('world.sweep: options.exclude must be a body id, got "a"'));
    expectUnchanged(() => world.sweep(ball, [1, 0, 0], 1, null), TypeError);
    expectUnchanged(() => world.sweep({ type: 'triangle', vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] }, [1, 0, 0]), /world\.sweep: a World does not take triangles yet/);
  });

  it('commitPoses: a bad pose in world.poses moves nobody', () => {
    const poses = world.poses, at0 = world.poseIndex(ids[0]), at3 = world.poseIndex(ids[3]);
    const saved = Array.from(poses);
    poses[at0] = 30;                  // a good move of body 0 ...
    poses[at3 + 6] = 3;               // ... and a bad rotation of body 3
    expect(() => world.commitPoses()).toThrow(new RangeError(
      `world.commitPoses: body ${ids[3]} (world.poses from ${at3}): pose.rotation must be a unit quaternion within 0.001, got length 3`));
    // Nobody moved: body 0 still meets body 1.
    expect(pairStrings(world.pairs())).toEqual(before.pairs);
    poses.set(saved);
    expect(state()).toEqual(before);
  });

  it('createWorld: options', () => {
    expect(() => sx.createWorld({ capacity: 0 })).toThrow(new RangeError('createWorld: options.capacity must be an integer from 1 to 1048576, got 0'));
    expect(() => sx.createWorld({ capacity: '9' })).toThrow(TypeError);
    expect(() => sx.createWorld(null)).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------

describe('a frame allocates nothing', () => {
  it('no heap growth over 10,000 frames of setPoses + pairs or contacts (and commitPoses, query, raycast)', () => {
    // Spheres, AABBs and OBBs, and one k-DOP of every k (a turned k-DOP costs ~20 us a frame).
    const n = 200, r = rng(14030);
    const world = sx.createWorld({ capacity: n });
    const ids = new Uint32Array(n);
    for (let i = 0; i < n; i++)
      ids[i] = world.add(i < 5 ? randomLocal(r, 3 + 4 * i, 1) : randomLocal(r, i % 3, 1), { translation: r.vec(0, 8) });
    // Eight frames of poses, cycled; every body moves and turns each frame.
    const frames = Array.from({ length: 8 }, () => {
      const p = new Float64Array(7 * n);
      for (let i = 0; i < n; i++) p.set([...r.vec(0, 8), ...r.quat()], 7 * i);
      return p;
    });
    const f32 = frames.map((p) => new Float32Array(p));
    const run = (count) => {
      let pairs = 0;
      for (let f = 0; f < count; f++) {
        world.setPoses(ids, f % 2 ? frames[f % 8] : f32[f % 8]);
        pairs += f % 3 ? 2 * world.contacts().depths.length : world.pairs().length;
        if (f % 100 === 0) {
          world.poses.set(frames[(f + 3) % 8].subarray(0, 7), world.poseIndex(ids[0]));
          world.commitPoses();
          pairs += world.query({ type: 'sphere', center: [4, 4, 4], radius: 2 }).length;
          pairs += world.raycast([0, 0, 0], [1, 1, 1]) ? 1 : 0;
        }
      }
      return pairs;
    };
    run(64);  // warm-up: the world's vectors reach their size
    const weight = ballast(sx);
    try {
      const heap = sx.heapSize;
      expect(run(10_000)).toBeGreaterThan(10_000);
      expect(sx.heapSize).toBe(heap);
    } finally {
      weight?.dispose();
      world.dispose();
    }
  });

  it('no heap growth over 100,000 adds and removes once the capacity is reached', () => {
    const capacity = 1000, r = rng(14031);
    const world = sx.createWorld({ capacity });
    const locals = Array.from({ length: 64 }, (_, i) => randomLocal(r, i, 1));
    const live = [];
    for (let i = 0; i < capacity; i++) live.push(world.add(locals[i % 64], { translation: r.vec(0, 12) }));
    const churn = (count) => {
      for (let i = 0; i < count; i++) {
        const at = Math.floor(r.next() * live.length);
        world.remove(live[at]);
        live[at] = world.add(locals[i % 64], { translation: r.vec(0, 12), rotation: r.quat() });
        if (i % 1000 === 0) world.pairs();
      }
    };
    churn(2000);
    const weight = ballast(sx);
    try {
      const heap = sx.heapSize;
      churn(100_000);
      expect(world.count).toBe(capacity);
      expect(sx.heapSize).toBe(heap);
    } finally {
      weight?.dispose();
      world.dispose();
    }
  });

  it('the ballast makes a leak of a few MB show (the check can fail)', () => {
    const weight = ballast(sx);
    const worlds = [];
    try {
      const heap = sx.heapSize;
      // Each world of capacity 20,000 reserves well over 1 MB.
      for (let i = 0; i < 8 && sx.heapSize === heap; i++) worlds.push(sx.createWorld({ capacity: 20_000 }));
      expect(sx.heapSize).toBeGreaterThan(heap);
    } finally {
      worlds.forEach((w) => w.dispose());
      weight?.dispose();
    }
  });
});

describe('the FinalizationRegistry safety net', () => {
  it('frees worlds nobody disposed once they are collected', async () => {
    v8.setFlagsFromString('--expose_gc');
    const gc = globalThis.gc ?? vm.runInNewContext('gc');
    // What a world of capacity 20,000 takes (its reservations, ~16 MB): eight live ones grow the heap.
    const start = sx.heapSize;
    const live = Array.from({ length: 8 }, () => sx.createWorld({ capacity: 20_000 }));
    const perWorld = (sx.heapSize - start) / live.length;
    live.forEach((w) => w.dispose());
    expect(perWorld).toBeGreaterThan(1 << 20);
    const heap = sx.heapSize;
    const rounds = 30, perRound = 4;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < perRound; i++) {
        const w = sx.createWorld({ capacity: 20_000 });
        w.add({ type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] });
        w.pairs();
      }
      gc();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const grown = sx.heapSize - heap;
    // Without the safety net the forgotten worlds would hold rounds * perRound * perWorld bytes.
    expect(grown).toBeLessThan(rounds * perRound * perWorld / 4);
    const w = sx.createWorld();
    expect(w.add({ type: 'sphere', center: [0, 0, 0], radius: 1 })).toBeGreaterThan(0);
    w.dispose();
  });
});
