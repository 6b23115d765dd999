// Worlds on threads (init({ threads }), createWorld({ threads }), in Node): the same pairs and
// contacts as a world on one thread, frame after frame, with every type; one order of pairs for
// each number of threads; the module's helper threads shared out among its worlds and given back;
// memory that grows on a helper thread read right on the main one; and the errors of both options.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { KS, TYPES, randomVolume, rng } from './helpers.js';

let sx, plain;
beforeAll(async () => {
  sx = await init({ threads: 5 });  // 4 helper threads
  plain = await init();
});

/** n bodies of every type (k-DOPs of every k) in a cube of side `side`, in each world; their ids. */
function fill(worlds, r, n, side) {
  let ids;
  for (let i = 0; i < n; i++) {
    const local = randomVolume(r, TYPES[i % 4], [0, 0, 0], { size: 1, k: KS[Math.floor(i / 4) % 5], rotation: i % 8 === 2 });
    const pose = { translation: [r.uniform(0, side), r.uniform(0, side), r.uniform(0, side)], rotation: r.quat() };
    const got = worlds.map((w) => w.add(local, pose));
    expect(new Set(got).size).toBe(1);  // the same id in every world
    (ids ??= []).push(got[0]);
  }
  return Uint32Array.from(ids);
}

function randomPoses(r, n, side) {
  const poses = new Float64Array(7 * n);
  for (let i = 0; i < n; i++) poses.set([r.uniform(0, side), r.uniform(0, side), r.uniform(0, side), ...r.quat()], 7 * i);
  return poses;
}

/** The pairs of a pairs() view, each (a, b) as one number a * 2^32 + b, sorted; none twice. */
function sortedPairs(view) {
  const out = new Float64Array(view.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = view[2 * i] * 2 ** 32 + view[2 * i + 1];
  out.sort();
  let twice = -1;
  for (let i = 1; i < out.length && twice < 0; i++) if (out[i] === out[i - 1]) twice = i;
  expect(twice < 0 ? 'none' : showPair(out[twice]), 'a pair listed twice').toBe('none');
  return out;
}

const showPair = (packed) => `(${Math.floor(packed / 2 ** 32)}, ${packed % 2 ** 32})`;

/**
 * Expects the same values in the same order (Object.is, as toEqual compares numbers); a mismatch
 * names both lengths and the first value that differs. Much cheaper than toEqual on long arrays.
 */
function expectSame(got, expected, show = String) {
  let i = 0;
  while (i < got.length && i < expected.length && Object.is(got[i], expected[i])) i++;
  const at = (values) => `${values.length} values; [${i}]: ${i < values.length ? show(values[i]) : 'none'}`;
  expect(at(got)).toBe(at(expected));
}

describe('a world on threads', () => {
  it('finds the pairs a world on one thread finds, frame after frame, in one order for each number of threads', () => {
    expect(sx.threads).toBe(5);
    const r = rng(14101);
    const three = sx.createWorld({ capacity: 3000, threads: 3 }), threeAgain = sx.createWorld({ capacity: 3000, threads: 3 });
    const one = plain.createWorld({ capacity: 3000 });
    try {
      expect([three.threads, threeAgain.threads, one.threads]).toEqual([3, 3, 1]);
      expect(sx.threads).toBe(1);  // all four helpers taken
      // 3,000 bodies: enough for the parts of setPoses and pairs() to run on the threads.
      const n = 3000, side = Math.cbrt(1.6 * n), ids = fill([three, threeAgain, one], r, n, side);
      for (let frame = 0; frame < 6; frame++) {
        const poses = randomPoses(r, n, side);
        for (const w of [three, threeAgain, one]) w.setPoses(ids, poses);
        const onThree = three.pairs().slice(), onThreeAgain = threeAgain.pairs().slice();
        const expected = sortedPairs(one.pairs());
        expect(expected.length).toBeGreaterThan(1000);
        expectSame(sortedPairs(onThree), expected, showPair);
        expectSame(onThreeAgain, onThree);  // the same order
        // contacts(), computed on the threads: each pair's normal and depth one thread's, bit for bit.
        const mine = one.contacts(), theirs = three.contacts(), again = threeAgain.contacts();
        const at = new Map();
        for (let i = 0; i < mine.depths.length; i++) at.set(mine.pairs[2 * i] * 2 ** 32 + mine.pairs[2 * i + 1], i);
        const translation = (c, i) => [c.normals[3 * i], c.normals[3 * i + 1], c.normals[3 * i + 2], c.depths[i]];
        const expectedTranslations = [], gotTranslations = [];
        for (let i = 0; i < theirs.depths.length; i++) {
          gotTranslations.push(...translation(theirs, i));
          expectedTranslations.push(...translation(mine, at.get(theirs.pairs[2 * i] * 2 ** 32 + theirs.pairs[2 * i + 1])));
        }
        expect(theirs.depths.length).toBe(mine.depths.length);
        expectSame(gotTranslations, expectedTranslations);
        expectSame(again.normals, theirs.normals), expectSame(again.depths, theirs.depths);
      }
      // world.poses written in place, then committed: the same.
      three.poses.set(one.poses.subarray(0, three.poses.length));
      three.commitPoses();
      expectSame(sortedPairs(three.pairs()), sortedPairs(one.pairs()), showPair);
    } finally {
      three.dispose(), threeAgain.dispose(), one.dispose();
    }
    expect(sx.threads).toBe(5);  // given back
  });

  it('refuses a body named twice in one call, moving nobody, as a world on one thread does', () => {
    const r = rng(14104);
    const n = 2000, side = Math.cbrt(1.6 * n);  // above the 512 poses from which setPoses runs in parts
    const three = sx.createWorld({ capacity: n, threads: 3 }), one = plain.createWorld({ capacity: n });
    try {
      const ids = fill([three, one], r, n, side);
      for (const w of [three, one]) w.setPoses(ids, randomPoses(r, n, side));
      const before = [three, one].map((w) => ({ pairs: sortedPairs(w.pairs()), poses: w.poses.slice() }));
      const twice = Uint32Array.from([...ids.subarray(0, 1500), ids[700], ...ids.subarray(1500)]);
      const poses = randomPoses(r, n + 1, side);
      for (const w of [three, one]) {
        expect(() => w.setPoses(twice, poses)).toThrow(new RangeError(
          `world.setPoses: body ${ids[700]} (ids[1500]) is named twice (also ids[700]): a call moves each body once`));
        expect(() => w.setPoses(Array.from(twice), Array.from(poses))).toThrow(/is named twice/);
      }
      [three, one].forEach((w, i) => {
        expectSame(sortedPairs(w.pairs()), before[i].pairs, showPair);
        expectSame(w.poses, before[i].poses);
      });
      expect(three.threads).toBe(3);
    } finally {
      three.dispose(), one.dispose();
    }
  });

  it('with 17,000 bodies, whose grid is built in parts too, finds the pairs one thread finds', () => {
    const r = rng(14103);
    const n = 17000, side = Math.cbrt(1.6 * n);
    const two = sx.createWorld({ capacity: n, threads: 2 }), one = plain.createWorld({ capacity: n });
    try {
      const base = [], ids = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        const local = randomVolume(r, TYPES[i % 3], [0, 0, 0], { size: 1, rotation: i % 3 === 2 });
        base.push([r.uniform(0, side), r.uniform(0, side), r.uniform(0, side)]);
        ids[i] = two.add(local, { translation: base[i] });
        expect(one.add(local, { translation: base[i] })).toBe(ids[i]);
      }
      for (let frame = 0; frame < 4; frame++) {  // small moves: the grid keeps its tables (the build in parts)
        const poses = new Float64Array(7 * n);
        for (let i = 0; i < n; i++) poses.set([...base[i].map((x) => x + r.uniform(-0.2, 0.2)), ...r.quat()], 7 * i);
        two.setPoses(ids, poses), one.setPoses(ids, poses);
        const expected = sortedPairs(one.pairs());
        expect(expected.length).toBeGreaterThan(5000);
        expectSame(sortedPairs(two.pairs()), expected, showPair);
      }
    } finally {
      two.dispose(), one.dispose();
    }
  });

  it('shares the module\'s helper threads among its worlds, and a world asking for more runs on fewer', () => {
    const a = sx.createWorld({ threads: 3 });
    const b = sx.createWorld({ threads: 8 });
    const c = sx.createWorld({ threads: 2 });
    expect([a.threads, b.threads, c.threads, sx.threads]).toEqual([3, 3, 1, 1]);
    a.dispose();
    expect(sx.threads).toBe(3);
    const d = sx.createWorld({ threads: 64 });
    expect(d.threads).toBe(3);
    b.dispose(), c.dispose(), d.dispose();
    expect(sx.threads).toBe(5);
    // The module without threads: every world runs on the calling thread.
    const e = plain.createWorld({ threads: 4 });
    expect([e.threads, plain.threads]).toEqual([1, 1]);
    e.dispose();
  });

  it('reads pairs that outgrew the memory on a helper thread', () => {
    // 1,500 small spheres spread thin (the first part of the columns: the calling thread's, few
    // pairs), then two dense clusters of 700 in columns far apart (the helpers' parts): their
    // ~490,000 pairs grow the module's memory from the helper threads, and the calling thread
    // then lists them in memory it did not grow itself; it must read all of it.
    const r = rng(14102);
    const world = sx.createWorld({ capacity: 16, threads: 3 }), one = plain.createWorld({ capacity: 16 });
    try {
      const before = sx.heapSize;
      const add = (radius, at) => {
        const local = { type: 'sphere', center: [0, 0, 0], radius };
        world.add(local, { translation: at }), one.add(local, { translation: at });
      };
      for (let i = 0; i < 1500; i++) add(0.2, [r.uniform(0, 60), r.uniform(-30, 0), r.uniform(0, 60)]);
      for (let i = 0; i < 1400; i++) add(r.uniform(1.5, 2), [r.uniform(-1, 1), 100 * (1 + (i % 2)) + r.uniform(-1, 1), r.uniform(-1, 1)]);
      const view = world.pairs();
      expect(sx.heapSize).toBeGreaterThan(before);
      expect(view.length / 2).toBeGreaterThan(400_000);
      expectSame(sortedPairs(view), sortedPairs(one.pairs()), showPair);
    } finally {
      world.dispose(), one.dispose();
    }
  });

  it('refuses bad thread counts, naming the option', async () => {
    for (const bad of [0, -1, 1.5, 65, NaN]) {
      expect(() => sx.createWorld({ threads: bad })).toThrow(RangeError);
      expect(() => sx.createWorld({ threads: bad })).toThrow(/createWorld: options.threads must be an integer from 1 to 64, got/);
      await expect(init({ threads: bad })).rejects.toThrow(/init: options.threads must be true or an integer from 1 to 64/);
    }
    for (const bad of ['2', null, {}]) {
      expect(() => sx.createWorld({ threads: bad })).toThrow(TypeError);
      await expect(init({ threads: bad })).rejects.toThrow(TypeError);
    }
    expect(sx.threads).toBe(5);  // nothing taken
  });

  it('ships a worker script a page runs as a classic script, and no warning for a page waiting on a helper', () => {
    const dist = new URL('../../dist/', import.meta.url);
    const worker = readFileSync(new URL('sepaxis-threads.worker.js', dist), 'utf8');
    // A classic script has no import statements nor import.meta: new Function parses it as one.
    expect(() => new Function(worker)).not.toThrow();
    expect(worker).not.toMatch(/\brequire\(|__filename|__dirname/);
    // The main thread of a page busy-waits for a frame's part on the helper, by design.
    const warns = readFileSync(new URL('sepaxis-threads.js', dist), 'utf8').includes('Blocking on the main thread');
    expect(warns, 'sepaxis-threads.js warns of blocking on the main thread').toBe(false);
  });
});
