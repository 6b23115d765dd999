// The tutorial's text (web/view/tutorial.js) on real reports of the package: the note on an
// edge–edge axis that repeats a face normal already tested.

import { beforeAll, describe, expect, test } from 'vitest';
import { init } from 'sepaxis';
import { PRESETS } from '../../web/app/presets.js';
import { explainStep, repeatedFace } from '../../web/view/tutorial.js';

let sx;
beforeAll(async () => { sx = await init(); });

const reportOf = (id) => {
  const [a, b] = PRESETS.find((p) => p.id === id).scene.volumes.map((e) => e.volume);
  return sx.collide(a, b);
};
const names = { A: 'A', B: 'B' };
const types = { A: 'obb', B: 'obb' };

describe('an edge–edge axis that repeats a face normal', () => {
  test('two boxes turned the same way: each non-zero cross product names the face normal it repeats', () => {
    const report = reportOf('parallel');
    const edges = report.axes.map((a, i) => [a, i]).filter(([a]) => a.kind === 'edge-edge');
    expect(edges).toHaveLength(9);
    const repeats = edges.filter(([, i]) => repeatedFace(report, i) !== null);
    // Their edges are parallel in pairs (both turned about y): 3 cross products vanish, 6 repeat.
    expect(edges.filter(([a]) => a.degenerate)).toHaveLength(3);
    expect(repeats).toHaveLength(6);
    for (const [axis, i] of repeats) {
      const j = repeatedFace(report, i);
      const face = report.axes[j];
      expect(face.kind).toBe('face');
      expect(j).toBeLessThan(i);
      const dot = Math.abs(axis.direction.reduce((s, x, k) => s + x * face.direction[k], 0));
      expect(dot).toBeCloseTo(Math.hypot(...axis.direction) * Math.hypot(...face.direction), 12);
      const step = explainStep(report, i, names, types);
      expect(step.paragraphs.find(([cls]) => cls === 'repeat')[1]).toContain(`face normal ${face.label} already tested at step ${j + 1}`);
    }
  });

  test('boxes in general position: no cross product repeats a face normal, and the step says nothing of it', () => {
    const report = reportOf('edge-edge');
    report.axes.forEach((axis, i) => {
      expect(repeatedFace(report, i)).toBe(null);
      expect(explainStep(report, i, names, types).paragraphs.some(([cls]) => cls === 'repeat')).toBe(false);
    });
  });
});
