// Batch buffers: structure-of-arrays volumes in the WebAssembly heap, tested in one call. Their
// results must equal single overlaps() calls on the same data, invalid elements must be named,
// disposal must be safe, and heap growth must never leave a user with a dead view.

import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { KS, ORDERED_PAIRS, TYPES, quatAxes, randomVolume, rng, scale, translate, unitVolumes } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

const N = 48;

/** kA/kB options for a pair of types: every k appears on each k-DOP side. */
function kChoices(ta, tb) {
  if (ta !== 'kdop' && tb !== 'kdop') return [{}];
  return KS.map((k, j) => ({ kA: ta === 'kdop' ? k : undefined, kB: tb === 'kdop' ? KS[(j + 2) % 5] : undefined }));
}

/** Pairs near each other, so that about half overlap. */
function randomPairs(r, ta, tb, { kA, kB } = {}) {
  return Array.from({ length: N }, () => {
    const a = randomVolume(r, ta, r.vec(-0.5, 0.5), { k: kA, rotation: r.next() < 0.5 });
    const b = randomVolume(r, tb, r.vec(-1.5, 1.5), { k: kB, rotation: r.next() < 0.5 });
    return [a, b];
  });
}

/** The stored volume as the JSON the single calls take: what get(i) gives must equal it. */
function expectStored(buffer, i, volume) {
  const got = buffer.get(i);
  const f = buffer.precision === 'f32' ? Math.fround : (x) => x;
  switch (volume.type) {
    case 'sphere':
      expect(got).toEqual({ type: 'sphere', center: volume.center.map(f), radius: f(volume.radius) });
      break;
    case 'aabb':
      expect(got).toEqual({ type: 'aabb', min: volume.min.map(f), max: volume.max.map(f) });
      break;
    case 'kdop':
      expect(got).toEqual({ type: 'kdop', k: volume.k, min: volume.min.map(f), max: volume.max.map(f) });
      break;
    default: {
      expect(got.center).toEqual(volume.center.map(f));
      expect(got.halfExtents).toEqual(volume.halfExtents.map(f));
      const axes = volume.axes ?? quatAxes(volume.rotation);
      const tol = buffer.precision === 'f32' ? 1e-7 : 1e-14;
      got.axes.forEach((axis, a) => axis.forEach((x, c) => expect(Math.abs(x - axes[a][c])).toBeLessThanOrEqual(tol)));
      if (buffer.precision === 'f32') got.axes.flat().forEach((x) => expect(Math.fround(x)).toBe(x));
    }
  }
}

describe('pair buffers give the results of single calls', () => {
  for (const precision of ['f64', 'f32']) {
    for (const [ta, tb] of ORDERED_PAIRS) {
      it(`${ta}-${tb} pairs (${precision}${ta === 'kdop' || tb === 'kdop' ? ', every k' : ''})`, () => {
        const r = rng(8000 + TYPES.indexOf(ta) * 4 + TYPES.indexOf(tb) + (precision === 'f32' ? 100 : 0));
        let ones = 0, zeros = 0;
        for (const ks of kChoices(ta, tb)) {
          const pairs = randomPairs(r, ta, tb, ks);
          const buffer = sx.createPairBuffer(ta, tb, N, { ...ks, precision });
          try {
            expect(buffer.a.data).toBeInstanceOf(precision === 'f32' ? Float32Array : Float64Array);
            pairs.forEach(([a, b], i) => { buffer.a.set(i, a); buffer.b.set(i, b); });
            const results = Array.from(buffer.run());
            expect(results).toHaveLength(N);
            pairs.forEach(([a, b], i) => {
              expectStored(buffer.a, i, a);
              expectStored(buffer.b, i, b);
              // The batch tests exactly the stored volumes (float32: the rounded ones).
              expect(results[i], `pair ${i}`).toBe(sx.overlaps(buffer.a.get(i), buffer.b.get(i)) ? 1 : 0);
              if (precision === 'f64') expect(results[i], `pair ${i}`).toBe(sx.overlaps(a, b) ? 1 : 0);
            });
            ones += results.filter((x) => x === 1).length;
            zeros += results.filter((x) => x === 0).length;
          } finally {
            buffer.dispose();
          }
        }
        expect(ones).toBeGreaterThan(2);
        expect(zeros).toBeGreaterThan(2);
      });
    }
  }
});

describe('one-to-many buffers give the results of single calls', () => {
  for (const precision of ['f64', 'f32']) {
    for (const [one, many] of ORDERED_PAIRS) {
      it(`one ${one} against many ${many} (${precision}${many === 'kdop' ? ', every k' : ''})`, () => {
        const r = rng(9000 + TYPES.indexOf(one) * 4 + TYPES.indexOf(many) + (precision === 'f32' ? 100 : 0));
        let ones = 0, zeros = 0;
        for (const k of many === 'kdop' ? KS : [undefined]) {
          const volume = randomVolume(r, one, [0, 0, 0], { size: 2 });
          const buffer = sx.createVolumeBuffer(many, N, { k, precision });
          try {
            for (let i = 0; i < N; i++) buffer.set(i, randomVolume(r, many, r.vec(-2, 2), { k }));
            const results = sx.overlapsMany(volume, buffer);
            expect(results).toBeInstanceOf(Uint8Array);
            expect(results).toHaveLength(N);
            for (let i = 0; i < N; i++) expect(results[i], `element ${i}`).toBe(sx.overlaps(volume, buffer.get(i)) ? 1 : 0);
            expect(Array.from(buffer.results)).toEqual(Array.from(results));
            ones += results.filter((x) => x === 1).length;
            zeros += results.filter((x) => x === 0).length;
          } finally {
            buffer.dispose();
          }
        }
        expect(ones).toBeGreaterThan(2);
        expect(zeros).toBeGreaterThan(2);
      });
    }
  }
});

describe('filling buffers through their views', () => {
  for (const precision of ['f64', 'f32']) {
    it(`fields written in place are what get() reads and what run() tests (${precision})`, () => {
      const r = rng(9500);
      const buffer = sx.createPairBuffer('sphere', 'aabb', N, { precision });
      try {
        const { a, b } = buffer;
        expect(a.fields).toEqual(['center.x', 'center.y', 'center.z', 'radius']);
        expect(b.fields).toEqual(['min.x', 'min.y', 'min.z', 'max.x', 'max.y', 'max.z']);
        for (let i = 0; i < N; i++) {
          const s = randomVolume(r, 'sphere', r.vec(-2, 2)), box = randomVolume(r, 'aabb', r.vec(-2, 2));
          ['x', 'y', 'z'].forEach((c, j) => {
            a.field(`center.${c}`)[i] = s.center[j];
            b.field(`min.${c}`)[i] = box.min[j];
            b.field(`max.${c}`)[i] = box.max[j];
          });
          a.field('radius')[i] = s.radius;
          const f = precision === 'f32' ? Math.fround : (x) => x;
          expect(a.get(i)).toEqual({ type: 'sphere', center: s.center.map(f), radius: f(s.radius) });
          expect(b.get(i)).toEqual({ type: 'aabb', min: box.min.map(f), max: box.max.map(f) });
        }
        // field f of element i is data[f * stride + i]; the stride pads past the capacity
        expect(a.stride).toBeGreaterThanOrEqual(N);
        expect(a.data).toHaveLength(4 * a.stride);
        expect(a.data[3 * a.stride + 7]).toBe(a.field('radius')[7]);
        expect(b.data[4 * b.stride + 5]).toBe(b.field('max.y')[5]);
        expect(a.field('radius')).toHaveLength(N);
        const results = buffer.run();
        for (let i = 0; i < N; i++) expect(results[i]).toBe(sx.overlaps(a.get(i), b.get(i)) ? 1 : 0);
      } finally {
        buffer.dispose();
      }
    });
  }

  it('an OBB set by its rotation is stored with the axes the rotation stands for; get() then set() round-trips', () => {
    const buffer = sx.createVolumeBuffer('obb', 2);
    try {
      const q = [0.1, 0.2, 0.3, Math.sqrt(1 - 0.14)];
      buffer.set(0, { type: 'obb', center: [1, 2, 3], halfExtents: [1, 2, 3], rotation: q });
      expectStored(buffer, 0, { type: 'obb', center: [1, 2, 3], halfExtents: [1, 2, 3], rotation: q });
      buffer.set(1, buffer.get(0));
      expect(buffer.get(1)).toEqual(buffer.get(0));
    } finally {
      buffer.dispose();
    }
  });
});

describe('padded field arrays', () => {
  it('capacities whose field arrays would be 4 KiB apart get a longer stride, and the views and results follow it', () => {
    for (const [type, capacity, precision] of [['aabb', 512, 'f64'], ['obb', 1024, 'f32'], ['sphere', 4096, 'f64']]) {
      const r = rng(capacity);
      const pairs = sx.createPairBuffer(type, type, capacity, { precision });
      try {
        const bytes = precision === 'f32' ? 4 : 8;
        for (const side of [pairs.a, pairs.b]) {
          expect(side.stride).toBeGreaterThan(capacity);
          expect((side.stride * bytes) % 4096).toBeGreaterThanOrEqual(128);
          expect(side.field(side.fields[1])).toHaveLength(capacity);
        }
        const volumes = Array.from({ length: capacity }, () => [
          randomVolume(r, type, r.vec(-0.5, 0.5), { rotation: true }),
          randomVolume(r, type, r.vec(-1.5, 1.5), { rotation: true })]);
        // Written through the one `data` view at f * stride + i, read back with get().
        volumes.forEach(([a, b], i) => { pairs.a.set(i, a); pairs.b.set(i, b); });
        const last = pairs.a.fields.length - 1;
        const grown = pairs.a.field(pairs.a.fields[last])[3] + 0.25;  // radius, max.z, halfExtents.z
        pairs.a.data[last * pairs.a.stride + 3] = grown;
        expect(pairs.a.field(pairs.a.fields[last])[3]).toBe(grown);
        const results = pairs.run();
        for (let i = 0; i < capacity; i += 7)
          expect(results[i], `pair ${i}`).toBe(sx.overlaps(pairs.a.get(i), pairs.b.get(i)) ? 1 : 0);
      } finally {
        pairs.dispose();
      }
    }
  });
});

describe('count', () => {
  it('run() tests the first `count` pairs and leaves the other results alone', () => {
    const buffer = sx.createPairBuffer('aabb', 'aabb', 20);
    try {
      const u = unitVolumes();
      for (let i = 0; i < 20; i++) {
        buffer.a.set(i, u.aabb);
        buffer.b.set(i, translate(u.aabb, [i % 2 ? 5 : 0.5, 0, 0]));
      }
      buffer.results.fill(7);
      expect(Array.from(buffer.run(6))).toEqual([1, 0, 1, 0, 1, 0]);
      expect(Array.from(buffer.results.subarray(6))).toEqual(Array(14).fill(7));
      expect(buffer.run(0)).toHaveLength(0);
      buffer.count = 9;
      expect(buffer.run()).toHaveLength(9);
      expect(buffer.results[8]).toBe(1);
      expect(buffer.results[9]).toBe(7);
      // Elements past count are not looked at, even when invalid.
      buffer.a.field('min.x')[15] = 10;
      expect(() => buffer.run(15)).not.toThrow();
      expect(() => buffer.run(16)).toThrow(RangeError);
      expect(() => buffer.run(20)).toThrow(RangeError);
    } finally {
      buffer.dispose();
    }
  });

  it('overlapsMany tests the first buffer.count elements unless a count is given', () => {
    const buffer = sx.createVolumeBuffer('sphere', 10);
    try {
      for (let i = 0; i < 10; i++) buffer.set(i, { type: 'sphere', center: [i, 0, 0], radius: 0.5 });
      const probe = { type: 'aabb', min: [-0.5, -1, -1], max: [3, 1, 1] };
      expect(Array.from(sx.overlapsMany(probe, buffer))).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
      buffer.count = 3;
      expect(Array.from(sx.overlapsMany(probe, buffer))).toEqual([1, 1, 1]);
      expect(Array.from(sx.overlapsMany(probe, buffer, 5))).toEqual([1, 1, 1, 1, 0]);
      expect(sx.overlapsMany(probe, buffer, 0)).toHaveLength(0);
    } finally {
      buffer.dispose();
    }
  });
});

describe('invalid elements', () => {
  /** The error of a call, or null. */
  const thrown = (fn) => { try { fn(); return null; } catch (e) { return e; } };

  const cases = [
    ['a sphere with a negative radius', 'sphere', undefined, (v, i) => { v.field('radius')[i] = -1; }, 'sphere.radius must be >= 0, got -1'],
    ['a sphere with a NaN centre', 'sphere', undefined, (v, i) => { v.field('center.y')[i] = NaN; }, 'sphere.center[1] must be finite, got NaN'],
    ['an AABB with min above max', 'aabb', undefined, (v, i) => { v.field('min.z')[i] = 10; }, /^aabb\.min\[2\] must be <= aabb\.max\[2\] \(.*\), got 10$/],
    ['an AABB with an infinite max', 'aabb', undefined, (v, i) => { v.field('max.x')[i] = Infinity; }, 'aabb.max[0] must be finite, got Infinity'],
    ['an OBB with a negative half-extent', 'obb', undefined, (v, i) => { v.field('halfExtents.y')[i] = -2; }, 'obb.halfExtents[1] must be >= 0, got -2'],
    ['an OBB with a zero axis', 'obb', undefined, (v, i) => { for (const c of 'xyz') v.field(`axes[2].${c}`)[i] = 0; }, 'obb.axes[2] must be unit length within 0.001, got length 0'],
    ['a k-DOP with min above max', 'kdop', 14, (v, i) => { v.field('min[4]')[i] = 99; }, /^kdop\.min\[4\] must be <= kdop\.max\[4\] \(.*\), got 99$/],
    ['a k-DOP with no common point', 'kdop', 14, (v, i) => { v.field('min[3]')[i] = 50; v.field('max[3]')[i] = 51; }, /^kdop slabs have an empty intersection/],
  ];

  for (const precision of ['f64', 'f32']) {
    for (const [name, type, k, spoil, message] of cases) {
      it(`${name} (${precision}): run() and overlapsMany throw a RangeError naming the element and field, and return nothing`, () => {
        const r = rng(9700);
        const pairs = sx.createPairBuffer('sphere', type, 12, { kB: k, precision });
        const many = sx.createVolumeBuffer(type, 12, { k, precision });
        try {
          for (let i = 0; i < 12; i++) {
            pairs.a.set(i, randomVolume(r, 'sphere', [0, 0, 0]));
            const v = randomVolume(r, type, r.vec(-1, 1), { k });
            pairs.b.set(i, v);
            many.set(i, v);
          }
          const before = Array.from(pairs.run());
          spoil(pairs.b, 7);
          spoil(pairs.b, 9);
          spoil(many, 4);
          expect(pairs.b.problem(6)).toBe('');
          expect(pairs.b.problem(7)).toMatch(message);
          let result = 'not assigned';
          const e1 = thrown(() => { result = pairs.run(); });
          expect(e1).toBeInstanceOf(RangeError);
          expect(result).toBe('not assigned');
          const escaped = typeof message === 'string' ? message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : message.source.replace(/^\^/, '');
          expect(e1.message).toMatch(new RegExp(`^b\\[7\\]: ${escaped}`));
          const e2 = thrown(() => { result = sx.overlapsMany({ type: 'sphere', center: [0, 0, 0], radius: 1 }, many); });
          expect(e2).toBeInstanceOf(RangeError);
          expect(e2.message).toMatch(new RegExp(`^buffer\\[4\\]: ${escaped}`));
          expect(result).toBe('not assigned');
          // Only the first `count` elements are checked; setting the elements again repairs them.
          expect(Array.from(pairs.run(7))).toEqual(before.slice(0, 7));
          for (const i of [7, 9]) pairs.b.set(i, many.get(0));
          expect(() => pairs.run()).not.toThrow();
          expect(pairs.b.problem(7)).toBe('');
        } finally {
          pairs.dispose();
          many.dispose();
        }
      });
    }
  }

  it('an invalid element on side a is named a[i]', () => {
    const pairs = sx.createPairBuffer('aabb', 'sphere', 4);
    try {
      for (let i = 0; i < 4; i++) { pairs.a.set(i, { type: 'aabb', min: [-1, -1, -1], max: [0, 0, 0] }); pairs.b.set(i, unitVolumes().sphere); }
      pairs.a.field('min.x')[2] = 5;  // above max.x = 0
      const e = thrown(() => pairs.run());
      expect(e).toBeInstanceOf(RangeError);
      expect(e.message).toBe('a[2]: aabb.min[0] must be <= aabb.max[0] (0), got 5');
    } finally {
      pairs.dispose();
    }
  });

  it('a new buffer starts zeroed, not with the memory of a disposed one', () => {
    // Like new Float64Array(n): otherwise get(i) and run() on a fresh buffer show the data of
    // whatever buffer used that memory before.
    for (const precision of ['f64', 'f32']) {
      const old = sx.createPairBuffer('aabb', 'aabb', 64, { precision });
      old.a.data.fill(3);
      old.b.data.fill(-3);
      old.results.fill(9);
      old.dispose();
      const fresh = sx.createPairBuffer('aabb', 'aabb', 64, { precision });
      try {
        expect(fresh.a.data.every((x) => x === 0), `${precision} a.data`).toBe(true);
        expect(fresh.b.data.every((x) => x === 0), `${precision} b.data`).toBe(true);
        expect(fresh.results.every((x) => x === 0), `${precision} results`).toBe(true);
        expect(fresh.a.get(5)).toEqual({ type: 'aabb', min: [0, 0, 0], max: [0, 0, 0] });
      } finally {
        fresh.dispose();
      }
    }
    // A zeroed OBB has zero axes: invalid until set.
    const obbs = sx.createPairBuffer('obb', 'sphere', 3);
    try {
      expect(obbs.a.problem(0)).toMatch(/^obb\.axes\[0\] must be unit length/);
      expect(() => obbs.run()).toThrow(/^a\[0\]: obb\.axes\[0\] must be unit length/);
      for (let i = 0; i < 3; i++) { obbs.a.set(i, unitVolumes().obb); obbs.b.set(i, unitVolumes().sphere); }
      expect(Array.from(obbs.run())).toEqual([1, 1, 1]);
    } finally {
      obbs.dispose();
    }
  });
});

describe('a buffer cannot be pointed outside its memory', () => {
  const attempt = (fn) => { try { fn(); } catch { /* a read-only property may throw: that is fine */ } };

  it('assigning capacity, type, k or precision changes nothing, so run() and overlapsMany stay inside the buffers', () => {
    const guard = sx.createVolumeBuffer('aabb', 1000);
    const pairs = sx.createPairBuffer('sphere', 'sphere', 4);
    const many = sx.createVolumeBuffer('sphere', 4);
    try {
      const box = { type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] };
      for (let i = 0; i < 1000; i++) guard.set(i, box);
      const s = unitVolumes().sphere;
      for (let i = 0; i < 4; i++) { pairs.a.set(i, s); pairs.b.set(i, s); many.set(i, s); }
      for (const buffer of [pairs, pairs.a, pairs.b, many]) attempt(() => { buffer.capacity = 200_000; });
      for (const buffer of [pairs.a, pairs.b, many]) attempt(() => { buffer.stride = 200_000; });
      attempt(() => { many.type = 'kdop'; });
      attempt(() => { many.k = 26; });
      attempt(() => { pairs.b.precision = 'f32'; });
      expect([pairs.capacity, pairs.a.capacity, pairs.b.capacity, many.capacity]).toEqual([4, 4, 4, 4]);
      expect([many.type, many.k, pairs.b.precision]).toEqual(['sphere', undefined, 'f64']);
      expect(() => pairs.run(200_000)).toThrow(RangeError);
      expect(() => sx.overlapsMany(s, many, 200_000)).toThrow(RangeError);
      expect(Array.from(pairs.run())).toEqual([1, 1, 1, 1]);
      expect(Array.from(sx.overlapsMany(s, many))).toEqual([1, 1, 1, 1]);
      // The neighbouring buffer was not written over.
      for (let i = 0; i < 1000; i += 111) expect(guard.get(i)).toEqual(box);
    } finally {
      guard.dispose();
      pairs.dispose();
      many.dispose();
    }
  });

  it('the sides of a pair buffer cannot be swapped for smaller buffers', () => {
    const pairs = sx.createPairBuffer('sphere', 'sphere', 8);
    const small = sx.createVolumeBuffer('sphere', 1);
    try {
      const s = unitVolumes().sphere;
      for (let i = 0; i < 8; i++) { pairs.a.set(i, s); pairs.b.set(i, s); }
      small.set(0, s);
      const b = pairs.b;
      attempt(() => { pairs.b = small; });
      expect(pairs.b).toBe(b);
      expect(Array.from(pairs.run())).toEqual(Array(8).fill(1));
    } finally {
      pairs.dispose();
      small.dispose();
    }
  });
});

describe('disposal', () => {
  it('using a disposed buffer throws; disposing twice is harmless', () => {
    const v = sx.createVolumeBuffer('sphere', 4);
    const p = sx.createPairBuffer('aabb', 'kdop', 4, { kB: 26 });
    expect(v.disposed).toBe(false);
    expect(p.disposed).toBe(false);
    v.dispose();
    p.dispose();
    expect(v.disposed).toBe(true);
    expect(p.disposed).toBe(true);
    expect(p.a.disposed).toBe(true);
    expect(p.b.disposed).toBe(true);
    expect(() => v.dispose()).not.toThrow();
    expect(() => p.dispose()).not.toThrow();
    const sphere = unitVolumes().sphere;
    for (const [name, use] of [
      ['set', () => v.set(0, sphere)],
      ['get', () => v.get(0)],
      ['data', () => v.data],
      ['field', () => v.field('radius')],
      ['results', () => v.results],
      ['problem', () => v.problem(0)],
      ['overlapsMany', () => sx.overlapsMany(sphere, v)],
      ['run', () => p.run()],
      ['pair results', () => p.results],
      ['pair side set', () => p.a.set(0, unitVolumes().aabb)],
    ]) expect(use, name).toThrow(/disposed/);
  });

  it('disposing one side of a pair buffer makes run() throw, not read freed memory', () => {
    const p = sx.createPairBuffer('sphere', 'sphere', 4);
    p.b.dispose();
    expect(() => p.run()).toThrow(/disposed/);
    p.dispose();
    expect(p.disposed).toBe(true);
  });

  it('[Symbol.dispose]() disposes (what `using` calls)', () => {
    expect(typeof Symbol.dispose).toBe('symbol');
    const v = sx.createVolumeBuffer('kdop', 4, { k: 18 });
    const p = sx.createPairBuffer('obb', 'obb', 4, { precision: 'f32' });
    // The lowering of `using x = ...` at the end of its block: x[Symbol.dispose]().
    v[Symbol.dispose]();
    p[Symbol.dispose]();
    expect(v.disposed).toBe(true);
    expect(p.disposed).toBe(true);
    expect(() => v.get(0)).toThrow(/disposed/);
    expect(() => p[Symbol.dispose]()).not.toThrow();
  });

  it('disposed memory is given back: the same block is reused by the next buffer', () => {
    const first = sx.createVolumeBuffer('aabb', 1000);
    const ptr = first.ptr;
    first.dispose();
    const second = sx.createVolumeBuffer('aabb', 1000);
    expect(second.ptr).toBe(ptr);
    second.dispose();
  });
});

describe('heap growth', () => {
  it('old views are detached, and the buffers hand out fresh views with the data intact', () => {
    const r = rng(9900);
    const many = sx.createVolumeBuffer('sphere', 1000);
    const pairs = sx.createPairBuffer('kdop', 'obb', 100, { kA: 26, precision: 'f32' });
    const big = [];
    try {
      const spheres = Array.from({ length: 1000 }, () => randomVolume(r, 'sphere', r.vec(-5, 5)));
      spheres.forEach((s, i) => many.set(i, s));
      for (let i = 0; i < 100; i++) {
        pairs.a.set(i, randomVolume(r, 'kdop', r.vec(-1, 1), { k: 26 }));
        pairs.b.set(i, randomVolume(r, 'obb', r.vec(-1, 1)));
      }
      const probe = { type: 'obb', center: [0, 0, 0], halfExtents: [3, 2, 1], rotation: [0, 0, 0.6, 0.8] };
      const expectedMany = Array.from(sx.overlapsMany(probe, many));
      const expectedPairs = Array.from(pairs.run());
      const expectedStored = [many.get(17), pairs.a.get(5), pairs.b.get(99)];

      const oldViews = {
        data: many.data, field: many.field('radius'), results: many.results,
        pairResults: pairs.results, pairData: pairs.b.data, pairField: pairs.a.field('max[12]'),
      };
      const heap = sx.heapSize;
      for (let i = 0; i < 64 && sx.heapSize === heap; i++) big.push(sx.createVolumeBuffer('aabb', 1 << 19));
      expect(sx.heapSize, 'the heap grew').toBeGreaterThan(heap);

      for (const [name, view] of Object.entries(oldViews)) expect(view.length, `old ${name} view`).toBe(0);

      expect(many.data).toHaveLength(4000);
      expect(many.field('radius')).toHaveLength(1000);
      expect(many.field('radius')[17]).toBe(spheres[17].radius);
      expect(many.data[3 * 1000 + 17]).toBe(spheres[17].radius);
      expect(pairs.a.field('max[12]')).toHaveLength(100);
      expect([many.get(17), pairs.a.get(5), pairs.b.get(99)]).toEqual(expectedStored);
      expect(Array.from(sx.overlapsMany(probe, many))).toEqual(expectedMany);
      expect(Array.from(many.results)).toEqual(expectedMany);
      expect(Array.from(pairs.run())).toEqual(expectedPairs);
      expect(Array.from(pairs.results)).toEqual(expectedPairs);
      // Writes through a fresh view land in the heap.
      many.field('radius')[17] = 0;
      expect(many.get(17).radius).toBe(0);
      // Single calls keep working too (their scratch view is refreshed the same way).
      expect(sx.overlaps(probe, unitVolumes().kdop)).toBe(true);
      expect(sx.collide(probe, translate(unitVolumes().kdop, [9, 0, 0])).overlap).toBe(false);
    } finally {
      many.dispose();
      pairs.dispose();
      big.forEach((b) => b.dispose());
    }
  });
});

describe('SIMD lanes against single calls, adversarial frames', () => {
  // Rotation about the unit axis `ax` by `angle` (rows are the box axes).
  const rotation = ([x, y, z], angle) => {
    const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
    return [[t * x * x + c, t * x * y + s * z, t * x * z - s * y], [t * x * y - s * z, t * y * y + c, t * y * z + s * x],
      [t * x * z + s * y, t * y * z - s * x, t * z * z + c]];
  };
  const times = (A, B) => A.map((row) => [0, 1, 2].map((j) => row[0] * B[0][j] + row[1] * B[1][j] + row[2] * B[2][j]));

  for (const precision of ['f64', 'f32']) {
    it(`OBB-OBB and sphere-OBB batches decide as single calls do: turned about one axis, tilted 1e-4..1e-14 rad, identical (${precision})`, () => {
      const r = rng(precision === 'f64' ? 71 : 72);
      const n = 1200;
      const boxes = sx.createPairBuffer('obb', 'obb', n, { precision });
      const spheres = sx.createPairBuffer('sphere', 'obb', n, { precision });
      try {
        let hits = 0;
        for (const kind of ['turned', 'tilted', 'identical']) {
          for (let i = 0; i < n; i++) {
            const frame = rotation([0, 0, 1], r.uniform(0, 6.3));
            let other = kind === 'identical' ? frame : rotation([0, 0, 1], r.uniform(0, 6.3));
            if (kind === 'tilted') other = times(other, rotation([1, 0, 0], 10 ** -r.uniform(4, 14)));
            const direction = r.vec(-1, 1), distance = r.uniform(0.4, 3);
            const length = Math.hypot(...direction);
            const a = { type: 'obb', center: [0, 0, 0], axes: frame, halfExtents: r.vec(0.2, 1.2) };
            const b = { type: 'obb', center: direction.map((x) => (x / length) * distance), axes: other, halfExtents: r.vec(0.2, 1.2) };
            boxes.a.set(i, a);
            boxes.b.set(i, b);
            spheres.a.set(i, { type: 'sphere', center: b.center, radius: r.uniform(0.2, 1.2) });
            spheres.b.set(i, a);
          }
          const box = Array.from(boxes.run()), sphere = Array.from(spheres.run());
          for (let i = 0; i < n; i++) {
            expect(box[i], `${kind} boxes ${i}`).toBe(sx.overlaps(boxes.a.get(i), boxes.b.get(i)) ? 1 : 0);
            expect(sphere[i], `${kind} sphere ${i}`).toBe(sx.overlaps(spheres.a.get(i), spheres.b.get(i)) ? 1 : 0);
            hits += box[i];
          }
        }
        expect(hits).toBeGreaterThan(n / 2);
        expect(hits).toBeLessThan(3 * n - n / 2);
      } finally {
        boxes.dispose();
        spheres.dispose();
      }
    });
  }
});

describe('SIMD filters against single calls, pairs at the touching distance', () => {
  // The float filters decide only what rounding cannot flip; the pairs moved 1e-12 ... 0.3 from the
  // distance where single calls stop finding an overlap must get the single call's verdict.
  const STEPS = [-0.3, -1e-3, -1e-5, -1e-7, -1e-12, 0, 1e-12, 1e-7, 1e-5, 1e-3, 0.3];
  const PAIRS = [['obb', 'obb'], ['aabb', 'obb'], ['obb', 'aabb'], ['sphere', 'obb'], ['obb', 'sphere'], ['sphere', 'aabb']];
  const unit = (r) => { const v = r.vec(-1, 1), l = Math.hypot(...v); return v.map((x) => x / l); };

  for (const precision of ['f64', 'f32']) {
    for (const [ta, tb] of PAIRS) {
      it(`${ta}-${tb} (${precision})`, () => {
        const r = rng(precision === 'f64' ? 301 : 302);
        const per = 40, n = per * STEPS.length;
        const pairs = sx.createPairBuffer(ta, tb, n, { precision });
        try {
          for (let p = 0; p < per; p++) {
            // Some far from the origin, some minute (their squares below float range).
            const far = p % 4 === 0 ? [1e4, -2e4, 3e3] : [0, 0, 0], size = p % 4 === 1 ? 1e-22 : 1;
            const a = randomVolume(r, ta, far, { size }), b = randomVolume(r, tb, [0, 0, 0], { size });
            const dir = unit(r);
            const at = (s) => translate(b, scale(dir, s));
            let lo = 0, hi = 10 * size;  // b at far + dir * s
            const shifted = (s) => translate(at(s), far);
            for (let i = 0; i < 70; i++) {
              const mid = (lo + hi) / 2;
              if (sx.overlaps(a, shifted(mid))) lo = mid; else hi = mid;
            }
            STEPS.forEach((step, j) => {
              pairs.a.set(p * STEPS.length + j, a);
              pairs.b.set(p * STEPS.length + j, shifted(lo * (1 + step)));
            });
          }
          const got = Array.from(pairs.run());
          let hits = 0;
          for (let i = 0; i < n; i++) {
            expect(got[i], `pair ${i}`).toBe(sx.overlaps(pairs.a.get(i), pairs.b.get(i)) ? 1 : 0);
            hits += got[i];
          }
          expect(hits).toBeGreaterThan(n / 3);
          expect(hits).toBeLessThan((2 * n) / 3);
        } finally {
          pairs.dispose();
        }
      });
    }
  }
});
