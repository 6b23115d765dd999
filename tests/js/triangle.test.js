// Triangles through the package: { type: 'triangle', vertices: [a, b, c] } in overlaps, collide,
// closestPoint, contains, raycast, boundingBox, transform and volumeOf, both orders against every
// type; bad input (NaN, a missing corner, two corners, no array) throws an error naming the field
// and the value and changes nothing; the calls that do not take triangles say so.

import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { thrown, unitVolumes } from './helpers.js';

let sx;
beforeAll(async () => {
  sx = await init();
});

const tri = (a, b, c) => ({ type: 'triangle', vertices: [a, b, c] });
const unit = tri([0, 0, 0], [1, 0, 0], [0, 1, 0]);

describe('triangles', () => {
  it('overlap every type in both orders, touching included', () => {
    const volumes = unitVolumes();
    for (const [name, v] of Object.entries(volumes)) {
      const near = tri([0, 0, 0.9], [3, 0, 0.9], [0, 3, 0.9]);  // through each unit volume's top
      const far = tri([0, 0, 5], [3, 0, 5], [0, 3, 5]);
      expect(sx.overlaps(v, near), name).toBe(true);
      expect(sx.overlaps(near, v), name).toBe(true);
      expect(sx.overlaps(v, far), name).toBe(false);
      expect(sx.overlaps(far, v), name).toBe(false);
      expect(sx.collide(v, far).overlap, name).toBe(false);
      expect(sx.collide(far, v).overlap, name).toBe(false);
    }
    // Coplanar triangles sharing a side (margin 0), and 1e-3 apart in their plane.
    expect(sx.overlaps(unit, tri([1, 0, 0], [0, 1, 0], [1, 1, 0]))).toBe(true);
    expect(sx.overlaps(unit, tri([0.501, 0.501, 0], [2, 0.6, 0], [0.6, 2, 0]))).toBe(false);
    // Far out of range: the same verdicts.
    const s = 1e150;
    const big = tri([0, 0, 0], [s, 0, 0], [0, s, 0]);
    expect(sx.overlaps(big, tri([s, 0, 0], [0, s, 0], [s, s, 0]))).toBe(true);
    expect(sx.overlaps(big, tri([0.501 * s, 0.501 * s, 0], [2 * s, 0.6 * s, 0], [0.6 * s, 2 * s, 0]))).toBe(false);
  });

  it('reports the axes of each pair with kinds and features', () => {
    const box = { type: 'aabb', min: [-1, -1, -1], max: [1, 1, 1] };
    const r = sx.collide(box, tri([0, 0, 2], [1, 0, 2], [0, 1, 2.5]));
    expect(r.axes.length).toBe(13);
    expect(r.axes[3]).toMatchObject({ label: 'B.n', kind: 'face', featureA: null, featureB: 'n' });
    expect(r.axes[4]).toMatchObject({ kind: 'edge-edge', featureA: 'z', featureB: 'ab' });
    expect(r.overlap).toBe(false);
    const coplanar = sx.collide(unit, tri([0.501, 0.501, 0], [2, 0.6, 0], [0.6, 2, 0]));
    expect(coplanar.axes.length).toBe(17);
    expect(coplanar.axes[coplanar.separatingAxis]).toMatchObject({ kind: 'face', featureA: 'n×bc' });
    const sphere = sx.collide({ type: 'sphere', center: [0.2, 0.2, 0.7], radius: 0.5 }, unit);
    expect(sphere.axes.map((a) => a.kind)).toEqual(['face', 'closest-point']);
  });

  it('answers point queries, rays, bounds, transforms and volume', () => {
    expect(sx.closestPoint(unit, [1, 1, 3])).toEqual([0.5, 0.5, 0]);
    expect(sx.contains(unit, [0.25, 0.25, 0])).toBe(true);
    expect(sx.contains(unit, [0.25, 0.25, 1e-6])).toBe(false);
    const hit = sx.raycast(unit, [0.25, 0.5, 2], [0, 0, -1]);
    expect(hit.distance).toBe(2);
    expect(hit.normal).toEqual([0, 0, 1]);
    expect(hit.barycentric[0]).toBeCloseTo(0.25, 15);
    expect(hit.barycentric[2]).toBeCloseTo(0.5, 15);
    expect(sx.raycast(unit, [0.75, 0.5, 2], [0, 0, -1])).toBeNull();
    expect(sx.raycast({ type: 'sphere', center: [0, 0, 0], radius: 1 }, [0, 0, 5], [0, 0, -1]).barycentric).toBeUndefined();
    expect(sx.boundingBox(tri([0, 0, 0], [2, -1, 0], [0, 1, 3]))).toEqual({ type: 'aabb', min: [0, -1, 0], max: [2, 1, 3] });
    const moved = sx.transform(unit, { translation: [1, 2, 3] });
    expect(moved).toEqual(tri([1, 2, 3], [2, 2, 3], [1, 3, 3]));
    expect(sx.volumeOf(unit)).toBe(0);
    // Degenerate triangles are valid: the segment or the point they are.
    expect(sx.overlaps(tri([0, 0, 0], [2, 0, 0], [1, 0, 0]), { type: 'sphere', center: [1, 0.5, 0], radius: 0.5 })).toBe(true);
    expect(sx.overlaps(tri([1, 1, 1], [1, 1, 1], [1, 1, 1]), { type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] })).toBe(true);
  });

  it('names the field and the value of bad input, and changes nothing', () => {
    const before = sx.collide(unit, tri([0.2, 0.2, -1], [0.3, 0.2, 1], [0.2, 0.3, 1]));
    const cases = [
      [tri([0, 0, 0], [1, NaN, 0], [0, 1, 0]), RangeError, 'triangle.vertices[1][1] must be finite, got NaN'],
      [tri([0, 0, 0], [1, 0, 0], [0, 1, Infinity]), RangeError, 'triangle.vertices[2][2] must be finite, got Infinity'],
      [{ type: 'triangle', vertices: [[0, 0, 0], [1, 0, 0]] }, TypeError,
        'triangle.vertices must be an array of 3 points [x, y, z], got length 2'],
      [{ type: 'triangle', vertices: [[0, 0, 0], [1, 0, 0], undefined] }, TypeError,
        'triangle.vertices[2] must be an array of 3 numbers, got undefined'],
      [{ type: 'triangle', vertices: [[0, 0, 0], [1, 0], [0, 1, 0]] }, TypeError,
        'triangle.vertices[1] must be an array of 3 numbers, got length 2'],
      [{ type: 'triangle' }, TypeError, 'triangle.vertices must be an array of 3 points [x, y, z], got undefined'],
    ];
    for (const [bad, Class, message] of cases) {
      for (const call of [() => sx.overlaps(bad, unit), () => sx.overlaps(unit, bad), () => sx.collide(bad, unit),
        () => sx.closestPoint(bad, [0, 0, 0]), () => sx.raycast(bad, [0, 0, 1], [0, 0, -1]), () => sx.boundingBox(bad)]) {
        const e = thrown(call);
        expect(e, message).toBeInstanceOf(Class);
        expect(e.message).toBe(message);
      }
    }
    expect(sx.collide(unit, tri([0.2, 0.2, -1], [0.3, 0.2, 1], [0.2, 0.3, 1]))).toEqual(before);
  });

  it('sweeps against triangles, degenerate ones too, both orders one answer', () => {
    const plain = (h) => h && { time: h.time, normal: h.normal.map((x) => x + 0) };  // -0 as 0
    const ball = { type: 'sphere', center: [0.25, 0.25, 5], radius: 1 };
    expect(plain(sx.timeOfImpact(ball, unit, { velocityA: [0, 0, -1], maxTime: 5 }))).toEqual({ time: 4, normal: [0, 0, -1] });
    expect(plain(sx.timeOfImpact(unit, ball, { velocityB: [0, 0, -1], maxTime: 5 }))).toEqual({ time: 4, normal: [0, 0, 1] });
    // Two segments crossing at t = 2, as triangles with a repeated corner.
    const a = tri([0, 0, 0], [4, 0, 0], [4, 0, 0]), b = tri([1, -1, 2], [1, 1, 2], [1, 1, 2]);
    expect(plain(sx.timeOfImpact(a, b, { velocityB: [0, 0, -1], maxTime: 5 }))).toEqual({ time: 2, normal: [0, 0, 1] });
    expect(plain(sx.sweep(b, a, { velocityA: [0, 0, -1], maxTime: 5 }))).toEqual({ time: 2, normal: [0, 0, -1] });
    expect(sx.timeOfImpact(a, b, { velocityB: [0, 0, -1], maxTime: 1.5 })).toBeNull();
  });
});
