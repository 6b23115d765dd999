// Two rules of the visualizer's refresh that need no browser (web/view/axis-focus.js,
// web/view/change-batch.js): which axis the 3D view shows, and how a task's model changes are
// merged into one refresh. The browser tests (tests/e2e) cover the rest of the app.

import { describe, expect, test } from 'vitest';
import { focusedAxis } from '../../web/view/axis-focus.js';
import { ChangeBatch } from '../../web/view/change-batch.js';

const axis = (gap, degenerate = false) => ({ gap, degenerate });
const overlapping = { separatingAxis: -1, axes: [axis(-0.5), axis(-0.1), axis(0, true), axis(-0.3)] };
const apart = { separatingAxis: 2, axes: [axis(-0.5), axis(-0.1), axis(0.4), axis(0.2)] };

describe('the axis the 3D view shows', () => {
  test('is the hovered row first, then the tutorial step, then the separating axis', () => {
    expect(focusedAxis(apart, { hoverAxis: 1, step: 3 })).toBe(1);
    expect(focusedAxis(apart, { hoverAxis: null, step: 3 })).toBe(3);
    expect(focusedAxis(apart, { hoverAxis: null, step: -1 })).toBe(2);
  });

  test('is, for an overlapping pair, the non-degenerate axis closest to separating', () => {
    expect(focusedAxis(overlapping, { hoverAxis: null, step: -1 })).toBe(1);
  });

  test('ignores a hovered row the report does not have, and is none without a report', () => {
    expect(focusedAxis(apart, { hoverAxis: 9, step: -1 })).toBe(2);
    expect(focusedAxis(null, { hoverAxis: 1, step: 1 })).toBe(null);
    expect(focusedAxis({ separatingAxis: -1, axes: [axis(0, true)] }, { hoverAxis: null, step: -1 })).toBe(null);
  });
});

describe('a batch of model changes', () => {
  test('is applied once, a microtask after the first change, with the changes merged', async () => {
    const applied = [];
    const batch = new ChangeBatch((p) => applied.push(p));
    batch.add({ volumes: ['a'], selection: false, transient: true });
    batch.add({ volumes: ['b', 'a'], selection: true, transient: true });
    expect(applied).toEqual([]);
    await Promise.resolve();
    expect(applied).toEqual([{ ids: new Set(['a', 'b']), selection: true, maxTime: false, transient: true }]);
  });

  test('covers every volume after a change of all, keeps a new time range, and is transient only if every change was', () => {
    const applied = [];
    const batch = new ChangeBatch((p) => applied.push(p));
    batch.add({ volumes: ['a'], selection: false, transient: true });
    batch.add({ volumes: null, selection: false });
    batch.add({ volumes: [], selection: false, maxTime: true, transient: true });
    batch.add({ volumes: ['c'], selection: false, transient: true });
    batch.flush();
    batch.flush();
    expect(applied).toEqual([{ ids: null, selection: false, maxTime: true, transient: false }]);
  });
});
