// Parity with the native core: tests/fixtures/parity.json holds pairs of volumes with the verdict
// and report the native build computes (regenerated and checked by the GoogleTest
// fixture_parity_test.cpp). The WebAssembly build must give the same verdicts, the same axes in
// the same order with the same labels, kinds, features and flags, and every number within 1e-12
// relative.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { ORDERED_PAIRS, closeRel } from './helpers.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/parity.json', import.meta.url), 'utf8'));

let sx;
beforeAll(async () => { sx = await init(); });

/** Numbers within |x - y| <= 1e-12 * max(1, |x|, |y|), component by component. */
function expectClose(actual, expected, what) {
  if (typeof expected === 'number') {
    expect(typeof actual, what).toBe('number');
    expect(closeRel(actual, expected), `${what}: ${actual} vs native ${expected}`).toBe(true);
    return;
  }
  expect(Array.isArray(actual), what).toBe(true);
  expect(actual.length, what).toBe(expected.length);
  expected.forEach((x, i) => expectClose(actual[i], x, `${what}[${i}]`));
}

describe('the fixture', () => {
  it('covers every ordered pair of types, overlapping and apart', () => {
    for (const [ta, tb] of ORDERED_PAIRS)
      expect(fixture.filter((p) => p.a.type === ta && p.b.type === tb).length, `${ta}-${tb}`).toBeGreaterThan(0);
    expect(fixture.some((p) => p.overlaps)).toBe(true);
    expect(fixture.some((p) => !p.overlaps)).toBe(true);
    expect(fixture.some((p) => p.report.axes.some((x) => x.degenerate))).toBe(true);
    const kinds = new Set(fixture.flatMap((p) => p.report.axes.map((x) => x.kind)));
    expect([...kinds].sort()).toEqual(['closest-point', 'edge-edge', 'face']);
    expect(fixture.some((p) => p.report.axes.some((x) => x.kind === 'face' && x.featureA && x.featureB))).toBe(true);
    expect(new Set(fixture.filter((p) => p.a.type === 'kdop').map((p) => p.a.k)).size).toBeGreaterThan(2);
  });
});

describe('WebAssembly and native results are the same', () => {
  it.each(fixture.map((pair, i) => [i, pair.a.type, pair.b.type, pair]))('pair %i (%s, %s)', (i, _a, _b, pair) => {
    const { a, b, overlaps, report: native } = pair;
    expect(sx.overlaps(a, b)).toBe(overlaps);
    expect(native.overlap).toBe(overlaps);
    const report = sx.collide(a, b);
    expect(report.overlap).toBe(native.overlap);
    expect(report.separatingAxis).toBe(native.separatingAxis);
    expect(report.axes.map((x) => x.label)).toEqual(native.axes.map((x) => x.label));
    const source = (x) => [x.kind, x.featureA, x.featureB];
    expect(report.axes.map(source)).toEqual(native.axes.map(source));
    expect(report.axes.map((x) => x.degenerate)).toEqual(native.axes.map((x) => x.degenerate));
    native.axes.forEach((n, j) => {
      const axis = report.axes[j];
      const what = `axis ${j} (${n.label})`;
      if (n.degenerate) {
        expect(typeof axis.reason, what).toBe('string');
        expect(axis.separating, what).toBe(false);
        return;
      }
      expect(axis.separating, what).toBe(n.separating);
      expectClose(axis.direction, n.direction, `${what} direction`);
      expectClose(axis.a, n.a, `${what} a`);
      expectClose(axis.b, n.b, `${what} b`);
      expectClose(axis.gap, n.gap, `${what} gap`);
    });
    if (native.penetration === null) {
      expect(report.penetration).toBeNull();
    } else {
      expect(report.penetration).not.toBeNull();
      expectClose(report.penetration.depth, native.penetration.depth, 'penetration depth');
      expectClose(report.penetration.normal, native.penetration.normal, 'penetration normal');
    }
  });
});
