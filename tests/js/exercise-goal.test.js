// The lessons' exercise goals (web/site/.vitepress/theme/exercise-goal.js) on real reports of the
// package: a goal holds exactly when the report shows what the exercise's words say.

import { beforeAll, describe, expect, test } from 'vitest';
import { init } from 'sepaxis';
import { meets } from '../../web/site/.vitepress/theme/exercise-goal.js';

let sx;
beforeAll(async () => { sx = await init(); });

const box = (min, max) => ({ type: 'aabb', min, max });
const A = box([0, 0, 0], [2, 1, 2]);

describe('separatingLabels: exactly these axes separate, and no other', () => {
  test('a pair apart on x alone meets ["A.x = B.x"]', () => {
    const report = sx.collide(A, box([2.5, 0, 1], [4.5, 1, 3]));
    expect(report.axes.filter((a) => a.separating).map((a) => a.label)).toEqual(['A.x = B.x']);
    expect(meets(report, { separatingLabels: ['A.x = B.x'] })).toBe(true);
  });

  test('a pair apart on x and on y does not: y still separates', () => {
    const report = sx.collide(A, box([3, 1.5, 1], [5, 2.5, 3]));
    expect(report.axes[report.separatingAxis].label).toBe('A.x = B.x');
    expect(meets(report, { separatingLabels: ['A.x = B.x'] })).toBe(false);
    expect(meets(report, { separatingLabels: ['A.x = B.x', 'A.y = B.y'] })).toBe(true);
    expect(meets(report, { separatingLabels: ['A.y = B.y', 'A.x = B.x'] })).toBe(true);
  });

  test('an overlapping pair meets only the empty list', () => {
    const report = sx.collide(A, box([1, 0.5, 1], [3, 2, 3]));
    expect(meets(report, { separatingLabels: ['A.x = B.x'] })).toBe(false);
    expect(meets(report, { separatingLabels: [] })).toBe(true);
  });
});

describe('every goal', () => {
  test('touching: spheres whose radii add up to the distance of their centres', () => {
    const a = { type: 'sphere', center: [0, 0, 0], radius: 1 };
    expect(meets(sx.collide(a, { type: 'sphere', center: [2.5, 0, 0], radius: 1.5 }), { touching: true })).toBe(true);
    expect(meets(sx.collide(a, { type: 'sphere', center: [2.5, 0, 0], radius: 1.2 }), { touching: true })).toBe(false);
    expect(meets(sx.collide(a, { type: 'sphere', center: [2.5, 0, 0], radius: 1.6 }), { touching: true })).toBe(false);
  });

  test('an unknown goal, or no report, is never met', () => {
    const report = sx.collide(A, box([3, 1.5, 1], [5, 2.5, 3]));
    expect(meets(report, { separatingLabelz: ['A.x = B.x'] })).toBe(false);
    expect(meets(null, { overlap: false })).toBe(false);
  });
});

describe('the mesh goals, on a mesh demo\'s mesh and tree', () => {
  const mesh = { verdicts: [{ id: 'crate', overlap: true, volumeTests: 19, triangleTests: 2 }, { id: 'ball', overlap: false, volumeTests: 1, triangleTests: 0 }] };
  const tree = { node: 'kdop26', depth: 7, count: 128, ratio: 0.81 };

  test('meshOverlaps and meshApart read the verdict of the volume named, with no pair report needed', () => {
    expect(meets(null, { meshOverlaps: 'crate' }, { mesh })).toBe(true);
    expect(meets(null, { meshOverlaps: 'ball' }, { mesh })).toBe(false);
    expect(meets(null, { meshApart: 'ball' }, { mesh })).toBe(true);
    expect(meets(null, { meshOverlaps: 'nobody' }, { mesh })).toBe(false);
    expect(meets(null, { meshOverlaps: 'crate' })).toBe(false);
  });

  test('meshNodeTestsBelow counts the descent against that volume, strictly', () => {
    expect(meets(null, { meshOverlaps: 'crate', meshNodeTestsBelow: ['crate', 20] }, { mesh })).toBe(true);
    expect(meets(null, { meshOverlaps: 'crate', meshNodeTestsBelow: ['crate', 19] }, { mesh })).toBe(false);
  });

  test('treeRatioBelow and treeCountBelow hold together, and not without a tree', () => {
    expect(meets(null, { treeRatioBelow: 1, treeCountBelow: 200 }, { tree })).toBe(true);
    expect(meets(null, { treeRatioBelow: 0.8, treeCountBelow: 200 }, { tree })).toBe(false);
    expect(meets(null, { treeRatioBelow: 1, treeCountBelow: 128 }, { tree })).toBe(false);
    expect(meets(null, { treeRatioBelow: 1 }, { tree: { ...tree, ratio: null } })).toBe(false);
    expect(meets(null, { treeRatioBelow: 1 })).toBe(false);
  });

  test('a goal mixing a mesh goal and a pair goal needs the report too', () => {
    expect(meets(null, { meshOverlaps: 'crate', overlap: true }, { mesh })).toBe(false);
  });
});
