// Memory: single calls allocate nothing that outlives them, batch buffers give their memory back
// on dispose(), and buffers nobody disposed are freed once collected (FinalizationRegistry).
// WebAssembly memory never shrinks, so a leak shows as growth of sx.heapSize. To make small
// leaks visible, a ballast buffer first fills the heap up to a few MB below its size.

import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { HEAP_HEADROOM, KS, ORDERED_PAIRS, SPHERE_BUFFER_BYTES, TYPES, ballast, randomVolume, rng, translate, unitVolumes } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

function pairsOfEveryType(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const [ta, tb] = ORDERED_PAIRS[i % ORDERED_PAIRS.length];
    out.push([randomVolume(r, ta, [0, 0, 0], { k: KS[i % 5] }), randomVolume(r, tb, r.vec(-1.5, 1.5), { k: KS[(i + 1) % 5], rotation: i % 3 === 0 })]);
  }
  return out;
}

/** Every kind of single call, `scale` times the base counts (1M overlaps, ~20k others at 1). */
function singleCalls(pairs, scale) {
  const n = pairs.length;
  let sum = 0;
  // In runs of 100 calls per pair: a k-DOP's polytope is built when it changes (~20 us), and the
  // module keeps the last one; runs exercise both paths without spending the test's time on builds.
  for (let i = 0; i < 1_000_000 * scale; i++) {
    const p = pairs[Math.floor(i / 100) % n];
    if (sx.overlaps(p[0], p[1])) sum++;
  }
  for (let i = 0; i < 4000 * scale; i++) {
    const p = pairs[i % n];
    sum += sx.collide(p[0], p[1]).axes.length;
  }
  const u = unitVolumes();
  const kdops = pairs.filter(([a, b]) => a.type === 'kdop' && b.type === 'kdop');
  for (let i = 0; i < 2000 * scale; i++) {
    const v = pairs[i % n][i & 1];
    sum += sx.contains(v, [0.1, 0.2, 0.3]) ? 1 : 0;
    sum += sx.closestPoint(v, [3, 2, 1])[0];
    sum += sx.raycast(v, [5, 0.1, 0.2], [-1, 0, 0])?.distance ?? 0;
    sum += sx.segmentCast(v, [5, 0.1, 0.2], [0, 0, 0])?.distance ?? 0;
    sum += sx.boundingBox(v).max[0];
    sum += sx.transform(v, { rotation: [0, 0.6, 0, 0.8], translation: [1, 2, 3], scale: 1.5 }, { enclosingAabb: (i & 2) === 2 }).type.length;
    sum += sx.validate(v).length;
    const [ka, kb] = kdops[i % kdops.length];
    sum += sx.overlapsConservative(ka, kb) ? 1 : 0;
    // Errors: from JavaScript checks and from the core (which keeps a message string).
    for (const bad of [{ type: 'sphere', center: [0, 0, 0], radius: -1 }, { type: 'aabb', min: [0, 2, 0], max: [1, 1, 1] },
      { type: 'cone' }, { type: 'kdop', k: 14, min: [-1, -1, -1, 5, -3, -3, -3], max: [1, 1, 1, 6, 3, 3, 3] }]) {
      try { sx.collide(bad, u.obb); } catch { sum++; }
      sum += sx.validate(bad).length;
    }
    try { sx.raycast(u.aabb, [0, 0, 0], [0, 0, 0]); } catch { sum++; }
    try { sx.transform(u.aabb, { scale: -1 }); } catch { sum++; }
  }
  return sum;
}

/** `count` batch buffers of every kind, filled, run and disposed. */
function batchBuffers(r, count) {
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const t = TYPES[i % 4], k = t === 'kdop' ? KS[i % 5] : undefined;
    const precision = i % 3 === 0 ? 'f32' : 'f64';
    const capacity = 50 + (i * 37) % 400;
    if (i % 2) {
      const many = sx.createVolumeBuffer(t, capacity, { k, precision });
      const v = randomVolume(r, t, [0, 0, 0], { k });
      for (let j = 0; j < capacity; j++) many.set(j, v);
      sum += sx.overlapsMany(u1, many).length;
      many.dispose();
    } else {
      const pairs = sx.createPairBuffer('sphere', t, capacity, { kB: k, precision });
      const v = randomVolume(r, t, [0, 0, 0], { k });
      for (let j = 0; j < capacity; j++) { pairs.a.set(j, u1); pairs.b.set(j, v); }
      sum += pairs.run().length;
      if (i % 4 === 0) {
        // A failing run must not leak either.
        pairs.a.field('radius')[capacity - 1] = -1;
        try { pairs.run(); } catch { sum++; }
      }
      pairs[Symbol.dispose]();
    }
  }
  return sum;
}
const u1 = { type: 'sphere', center: [0, 0, 0], radius: 1 };

describe('the heap does not grow', () => {
  it('over a million overlaps calls, ~20k of every other call (errors included) and a thousand batch buffers', () => {
    const r = rng(10001);
    const pairs = pairsOfEveryType(r, 96);
    // Warm-up: whatever the module allocates once (caches, message strings) is allocated now.
    singleCalls(pairs, 0.02);
    batchBuffers(r, 20);
    const weight = ballast(sx);
    try {
      const heap = sx.heapSize;
      expect(singleCalls(pairs, 1)).toBeGreaterThan(0);
      expect(sx.heapSize, 'after the single calls').toBe(heap);
      expect(batchBuffers(r, 1000)).toBeGreaterThan(0);
      expect(sx.heapSize, 'after the batch buffers').toBe(heap);
    } finally {
      weight?.dispose();
    }
  });

  it('the ballast is tight enough to catch a leak of a few MB', () => {
    // The check of the test above, checked: leaking HEAP_HEADROOM bytes under the ballast grows the heap.
    const weight = ballast(sx);
    const leaked = [];
    try {
      const heap = sx.heapSize;
      for (let i = 0; i < 8 && sx.heapSize === heap; i++) leaked.push(sx.createVolumeBuffer('sphere', Math.ceil((HEAP_HEADROOM / 4) / SPHERE_BUFFER_BYTES)));
      expect(sx.heapSize).toBeGreaterThan(heap);
      expect(leaked.length).toBeLessThanOrEqual(6);
    } finally {
      leaked.forEach((b) => b.dispose());
      weight?.dispose();
    }
  });
});

describe('the FinalizationRegistry safety net', () => {
  it('frees buffers nobody disposed once they are collected', async () => {
    v8.setFlagsFromString('--expose_gc');
    const gc = globalThis.gc ?? vm.runInNewContext('gc');
    expect(typeof gc).toBe('function');
    const bytesPerRound = 10 * (1 << 20);
    const forget = () => {
      for (let i = 0; i < 10; i++) {
        const buffer = i % 2 ? sx.createVolumeBuffer('aabb', Math.ceil((1 << 20) / 49))
          : sx.createPairBuffer('sphere', 'sphere', Math.ceil((1 << 20) / 66));
        if (buffer.a) buffer.a.field('radius')[0] = 1;
        else buffer.field('min.x')[0] = 1;
      }
    };
    const heap = sx.heapSize;
    const rounds = 40;
    for (let round = 0; round < rounds; round++) {
      forget();
      gc();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Without the safety net the heap would grow by rounds * 10 MB = 400 MB.
    expect(sx.heapSize - heap).toBeLessThan(rounds * bytesPerRound / 4);
    // And the module still works.
    expect(sx.overlaps(unitVolumes().kdop, translate(unitVolumes().obb, [1, 1, 0]))).toBe(true);
  });
});
