// Sweeps from JavaScript: sweep() and timeOfImpact() against a bisection oracle on sx.overlaps (the
// volumes moved with translate, sampled over [0, maxTime], the first sign change bisected), on
// every ordered type pair; the report's fields; the errors that name the field and the value.

import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { ORDERED_PAIRS, add, norm, randomVolume, rng, scale, sub, translate } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

/** The first time the static test says the pair meets: 48 samples, then 50 bisections. */
function firstContact(a, b, { velocityA = [0, 0, 0], velocityB = [0, 0, 0], maxTime = 1 }) {
  const w = sub(velocityB, velocityA);
  const meets = (t) => sx.overlaps(a, translate(b, scale(w, t)));
  if (meets(0)) return 0;
  let before = 0;
  for (let i = 1; i <= 48; i++) {
    const t = (maxTime * i) / 48;
    if (meets(t)) {
      let lo = before, hi = t;
      for (let j = 0; j < 50; j++) {
        const mid = (lo + hi) / 2;
        if (meets(mid)) hi = mid; else lo = mid;
      }
      return hi;
    }
    before = t;
  }
  return null;
}

const aabb = (min, max) => ({ type: 'aabb', min, max });
const sphere = (center, radius = 1) => ({ type: 'sphere', center, radius });

describe('sweep', () => {
  it('finds the first contact the bisection oracle on overlaps finds, for every ordered type pair', () => {
    const r = rng(2026);
    let hits = 0, cases = 0;
    for (const [ta, tb] of ORDERED_PAIRS) {
      for (let i = 0; i < 12; i++) {
        const a = randomVolume(r, ta, [0, 0, 0], { size: r.uniform(0.4, 1.5) });
        const from = scale(r.vec(-1, 1), 6 / norm(r.vec(-1, 1)));
        const b = randomVolume(r, tb, from, { size: r.uniform(0.4, 1.5) });
        const velocityA = r.vec(-1, 1);
        const motion = { velocityA, velocityB: add(velocityA, scale(sub(r.vec(-1.5, 1.5), from), r.uniform(0.5, 2))) };
        const hit = sx.timeOfImpact(a, b, motion);
        const oracle = firstContact(a, b, motion);
        const size = 20;  // the pairs' sizes and distances
        const w = sub(motion.velocityB, motion.velocityA);
        // At time t the moved pair overlaps, or touches within the exactness band.
        const meets = (t) => {
          const bt = translate(b, scale(w, t));
          return sx.overlaps(a, bt) || sx.collide(a, bt).touching;
        };
        cases++;
        if (hit === null) {
          // The samples may catch a graze the sweep calls a miss only within the band.
          if (oracle !== null) expect(sx.collide(a, translate(b, scale(w, oracle))).touching, `${ta} vs ${tb}`).toBe(true);
          continue;
        }
        hits++;
        expect(meets(hit.time), `${ta} vs ${tb}`).toBe(true);
        // Never later than the oracle; earlier only where the samples missed a short contact.
        if (oracle !== null) expect(hit.time, `${ta} vs ${tb}`).toBeLessThan(oracle + 1e-6 * size);
        if (oracle !== null && hit.time < oracle - 1e-6 * size) expect(meets(hit.time)).toBe(true);
        expect(norm(hit.normal)).toBeCloseTo(1, 12);
        // The report says the same, and the other order mirrors it.
        const report = sx.sweep(a, b, motion);
        expect(report.hit).toBe(true);
        expect(report.time).toBe(hit.time);
        expect(report.normal).toEqual(hit.normal);
        const back = sx.timeOfImpact(b, a, { velocityA: motion.velocityB, velocityB: motion.velocityA });
        expect(back.time).toBe(hit.time);
        expect(back.normal.map((x) => x + 0)).toEqual(hit.normal.map((x) => -x + 0));  // -0 and 0 alike
      }
    }
    expect(hits).toBeGreaterThan(cases / 3);
  });

  it('reports every axis of collide with the times its projections overlap, and the one that decides', () => {
    const a = aabb([0, 0, 0], [1, 1, 1]), b = aabb([2, 0, 0], [3, 1, 1]);
    const report = sx.sweep(a, b, { velocityA: [1, 0, 0], velocityB: [-1, 0, 0] });
    expect(report.hit).toBe(true);
    expect(report.time).toBe(0.5);
    expect(report.normal).toEqual([1, 0, 0]);
    expect(report.axes.map((x) => x.label)).toEqual(sx.collide(a, b).axes.map((x) => x.label));
    expect(report.decidingAxis).toBe(0);
    expect(report.axes[0]).toMatchObject({ kind: 'face', featureA: 'x', featureB: 'x', enter: 0.5, exit: 1.5 });
    // y and z: no motion along them, and they overlap: always.
    expect(report.axes[1]).toMatchObject({ enter: -Infinity, exit: Infinity });
  });

  it('reports the closest-point direction of a sphere at the contact time as the deciding axis', () => {
    const report = sx.sweep(aabb([-1, -1, -1], [1, 1, 1]), sphere([5, 5, 0], 1), { velocityB: [-5, -5, 0] });
    expect(report.hit).toBe(true);
    const deciding = report.axes[report.decidingAxis];
    expect(deciding.kind).toBe('closest-point');
    expect(deciding.enter).toBeCloseTo(report.time, 9);
    expect(report.normal[0]).toBeCloseTo(Math.SQRT1_2, 9);
    expect(report.time).toBeCloseTo((4 * Math.SQRT2 - 1) / (5 * Math.SQRT2), 12);
  });

  it('misses with an empty interval along a plane the motion never leaves, and says time 0 for a start in contact', () => {
    const a = aabb([0, 0, 0], [1, 1, 1]);
    const apart = sx.sweep(a, aabb([0, 2, 0], [1, 3, 1]), { velocityB: [5, 0, 3], maxTime: 10 });
    expect(apart.hit).toBe(false);
    expect(apart.decidingAxis).toBe(-1);
    expect(apart.axes[1]).toMatchObject({ enter: Infinity, exit: -Infinity });
    expect(sx.timeOfImpact(a, aabb([0, 2, 0], [1, 3, 1]), { velocityB: [5, 0, 3], maxTime: 10 })).toBeNull();
    expect(sx.timeOfImpact(a, aabb([0, 1, 0], [1, 2, 1]), { velocityB: [5, 0, 0] })).toEqual({ time: 0, normal: [0, 1, 0] });
    // No motion at all: a hit exactly when they overlap now.
    expect(sx.timeOfImpact(a, aabb([0, 2, 0], [1, 3, 1]))).toBeNull();
  });

  it('takes tiny and huge speeds alike', () => {
    const a = sphere([0, 0, 0]), b = sphere([10, 0, 0]);
    for (const speed of [1e-200, 1, 1e200]) {
      const hit = sx.timeOfImpact(a, b, { velocityB: [-speed, 0, 0], maxTime: 20 / speed });
      expect(hit.time * speed).toBeCloseTo(8, 10);
    }
  });

  it('reads two OBBs, by axes or by rotation, as overlaps does: the report\'s answer, and its errors', () => {
    const r = rng(77);
    const turn = (angle) => [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
    const byAxes = (center, angle) => ({ type: 'obb', center, halfExtents: [1, 0.5, 0.25],
      axes: [[Math.cos(angle), Math.sin(angle), 0], [-Math.sin(angle), Math.cos(angle), 0], [0, 0, 1]] });
    const byRotation = (center, angle) => ({ type: 'obb', center, halfExtents: [0.5, 1, 0.75], rotation: turn(angle) });
    let hits = 0;
    for (let i = 0; i < 40; i++) {
      for (const [makeA, makeB] of [[byAxes, byRotation], [byRotation, byAxes], [byRotation, byRotation]]) {
        const from = r.vec(-4, 4);
        const a = makeA(r.vec(-1, 1), r.uniform(0, 6)), b = makeB(from, r.uniform(0, 6));
        // Toward A (most pairs meet), or anywhere.
        const velocityB = i % 2 ? scale(sub(r.vec(-1, 1), from), r.uniform(0.5, 2)) : r.vec(-6, 6);
        const motion = { velocityB, maxTime: r.uniform(0, 2) };
        const hit = sx.timeOfImpact(a, b, motion), report = sx.sweep(a, b, motion);
        expect(hit !== null).toBe(report.hit);
        if (hit === null) continue;
        hits++;
        expect(hit.time).toBe(report.time);
        expect(hit.normal).toEqual(report.normal);
      }
    }
    expect(hits).toBeGreaterThan(20);
    // An invalid OBB in either place: the message overlaps gives, and no answer.
    const good = byRotation([0, 0, 0], 1), flat = { ...byAxes([3, 0, 0], 0), halfExtents: [1, -2, 1] };
    const skewed = { ...byRotation([3, 0, 0], 0), rotation: [0, 0, 0, 0] };
    for (const bad of [flat, skewed]) {
      let message = '';
      try { sx.overlaps(good, bad); } catch (e) { message = e.message; }
      expect(message).not.toBe('');
      expect(() => sx.timeOfImpact(good, bad, { velocityB: [-1, 0, 0] })).toThrow(new RangeError(message));
      expect(() => sx.timeOfImpact(bad, good, { velocityA: [1, 0, 0] })).toThrow(new RangeError(message));
    }
  });

  it('throws errors that name the field and the value, and changes nothing', () => {
    const a = sphere([0, 0, 0]), b = sphere([3, 0, 0]);
    expect(() => sx.sweep(a, b, { velocityA: [0, NaN, 0] })).toThrow(new RangeError('velocityA[1] must be finite, got NaN'));
    expect(() => sx.timeOfImpact(a, b, { velocityB: [0, 0, Infinity] })).toThrow(new RangeError('velocityB[2] must be finite, got Infinity'));
    expect(() => sx.timeOfImpact(a, b, { velocityB: 'fast' })).toThrow(TypeError);
    expect(() => sx.timeOfImpact(a, b, { maxTime: -1 })).toThrow(new RangeError('maxTime must be a number >= 0 (or Infinity), got -1'));
    expect(() => sx.sweep(a, b, { maxTime: '1' })).toThrow(new TypeError('maxTime must be a number >= 0 (or Infinity), got "1"'));
    expect(() => sx.sweep(a, b, null)).toThrow(TypeError);
    expect(() => sx.sweep(a, { type: 'sphere', center: [0, 0, 0], radius: -1 })).toThrow(/radius/);
    // Infinity is a valid horizon.
    expect(sx.timeOfImpact(a, b, { velocityB: [-1, 0, 0], maxTime: Infinity }).time).toBe(1);
  });
});
