// Fit scenes (web/view/fit-scene.js, point-clouds.js): what <sepaxis-demo> accepts as a point set
// and the volumes to fit around it, checked as share.js checks every scene (a bad one names the
// field and the value), the built-in clouds, the turn, and the quiz answers drawn from the fits.

import { beforeAll, describe, expect, test } from 'vitest';
import { init } from 'sepaxis';
import { apartAt, fitAnswer, meets } from '../../web/site/.vitepress/theme/exercise-goal.js';
import { CLOUD_NAMES, FIT_KIND_IDS, fitProblem } from '../../web/view/fit-scene.js';
import { FIT_KINDS, fitRows } from '../../web/view/fit-table.js';
import { POINT_CLOUDS, fitPoints } from '../../web/view/point-clouds.js';
import { checkScene, SceneError } from '../../web/view/share.js';

let sx;
beforeAll(async () => { sx = await init(); });

const FIT = { points: 'rod', volumes: ['aabb', 'obb-tight'] };
const problemOf = (data) => {
  try {
    checkScene(data, sx, { fit: true });
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(SceneError);
    return e.message;
  }
};

describe('checking a fit scene', () => {
  test('a good one comes back as a clean copy, with its camera, and no volumes', () => {
    const camera = { position: [4, 3, 6], target: [0, 0, 0] };
    const data = { fit: { ...FIT, turn: { axis: [0, 0, 1], degrees: 35 } }, camera };
    const scene = checkScene(data, sx, { fit: true });
    expect(scene).toEqual({ volumes: [], selection: [], fit: data.fit, camera });
    expect(scene.fit.volumes).not.toBe(data.fit.volumes);
    expect(checkScene({ fit: { points: [[0, 0, 0], [1, 2, 3]], volumes: ['sphere'] } }, sx, { fit: true }).fit.points).toEqual([[0, 0, 0], [1, 2, 3]]);
  });

  test.each([
    [{ fit: 'rod' }, 'fit must be an object {points, volumes, turn?}, got "rod"'],
    [{ fit: { ...FIT, colour: 'red' } }, 'fit has no field "colour" (it has points, volumes and turn)'],
    [{ fit: { ...FIT, points: 'bunny' } }, 'fit.points must be a built-in cloud ("rod", "ball", "tetrahedron") or an array of [x, y, z] points, got "bunny"'],
    [{ fit: { ...FIT, points: [] } }, 'fit.points must hold 1 to 10,000 points, got 0'],
    [{ fit: { ...FIT, points: [[0, 0, 0], [1, 2]] } }, 'fit.points[1] must be an array of 3 numbers, got [1,2]'],
    [{ fit: { ...FIT, points: [[0, 0, 0], [1, 2, 'x']] } }, 'fit.points[1][2] must be a finite number, got "x"'],
    [{ fit: { ...FIT, volumes: [] } }, 'fit.volumes must be a non-empty array of volume kinds (aabb, sphere, sphere-ritter, obb-fast, obb-tight, kdop6, kdop8, kdop14, kdop18, kdop26), got []'],
    [{ fit: { ...FIT, volumes: ['aabb', 'obb'] } }, 'fit.volumes[1] must be one of aabb, sphere, sphere-ritter, obb-fast, obb-tight, kdop6, kdop8, kdop14, kdop18, kdop26, got "obb"'],
    [{ fit: { ...FIT, volumes: ['aabb', 'aabb'] } }, 'fit.volumes[1] repeats "aabb"'],
    [{ fit: { ...FIT, turn: { axis: [0, 0, 0], degrees: 30 } } }, 'fit.turn.axis must not be zero, got [0,0,0]'],
    [{ fit: { ...FIT, turn: { axis: [0, 1], degrees: 30 } } }, 'fit.turn.axis must be an array of 3 finite numbers, got [0,1]'],
    [{ fit: { ...FIT, turn: { axis: [0, 0, 1], degrees: '30' } } }, 'fit.turn.degrees must be a finite number, got "30"'],
    [{ fit: FIT, volumes: [] }, 'a scene has volumes or a fit, not both'],
  ])('%j is refused: %s', (data, message) => {
    expect(problemOf(data)).toBe(message);
  });

  test('a view that shows no fits (the visualizer) refuses one, saying where points are fitted there', () => {
    expect(() => checkScene({ fit: FIT }, sx)).toThrow(/fit scene .*the visualizer fits points in its Fit panel/);
  });

  test('the names it accepts are the built-in clouds, and the kinds are fit-table.js\'s', () => {
    expect(CLOUD_NAMES).toEqual(Object.keys(POINT_CLOUDS));
    expect(FIT_KIND_IDS).toEqual(FIT_KINDS.map((k) => k.id));
    expect(fitProblem({ points: 'constructor', volumes: ['aabb'] })).toMatch(/^fit\.points must be a built-in cloud/);
  });
});

describe('the points', () => {
  test('the built-in clouds are 400 points, the same at every call', () => {
    for (const name of CLOUD_NAMES) {
      const points = fitPoints({ points: name });
      expect(points.length).toBe(1200);
      expect(fitPoints({ points: name })).toEqual(points);
    }
  });

  test('a turn of 90° about z (the axis need not be a unit vector) takes (x, y, z) to (−y, x, z)', () => {
    const before = fitPoints({ points: 'rod' });
    const after = fitPoints({ points: 'rod', turn: { axis: [0, 0, 2], degrees: 90 } });
    for (let i = 0; i < before.length; i += 3) {
      expect(after[i]).toBeCloseTo(-before[i + 1], 12);
      expect(after[i + 1]).toBeCloseTo(before[i], 12);
      expect(after[i + 2]).toBeCloseTo(before[i + 2], 12);
    }
  });

  test('the fits around the rod: the tight OBB is the rod itself, turned or not; the AABB only when square', () => {
    const ratios = (turn) => Object.fromEntries([...fitRows(sx, fitPoints({ points: 'rod', turn }))].slice(1).map((r) => [r.id, r.ratio]));
    const square = ratios(undefined), turned = ratios({ axis: [0, 0, 1], degrees: 35 });
    expect(square['obb-tight']).toBeCloseTo(1, 3);
    expect(turned['obb-tight']).toBeCloseTo(1, 3);
    expect(square.aabb).toBeCloseTo(1, 3);
    expect(turned.aabb).toBeGreaterThan(2.5);
  });
});

describe('the answers drawn from fits and sweeps', () => {
  const fits = (ratios) => Object.entries(ratios).map(([id, ratio]) => ({ id, ratio }));

  test('tightest: the smallest ratio, ties within 1 % both; changed: ratios more than 1 % apart', () => {
    expect(fitAnswer('tightest', fits({ aabb: 3, kdop8: 1, sphere: 8 }))).toEqual(['kdop8']);
    expect(fitAnswer('tightest', fits({ aabb: 1.004, kdop8: 1, sphere: 8 }))).toEqual(['aabb', 'kdop8']);
    expect(fitAnswer('changed', fits({ aabb: 1, sphere: 13.6, kdop14: 1 }), fits({ aabb: 3, sphere: 13.6001, kdop14: 1.83 }))).toEqual(['aabb', 'kdop14']);
    expect(() => fitAnswer('loosest', [])).toThrow(/"tightest" or "changed", got "loosest"/);
  });

  test('sweepHit and tunnels read the sweep: a bullet too slow, fast enough, fast enough to pass through', () => {
    const wall = { type: 'aabb', min: [-0.1, -1, -1], max: [0.1, 1, 1] };
    const bullet = { type: 'aabb', min: [-3.15, -0.15, -0.15], max: [-2.85, 0.15, 0.15] };
    const at = (vx) => {
      const sweep = sx.sweep(wall, bullet, { velocityB: [vx, 0, 0], maxTime: 1 });
      return { report: sx.collide(wall, bullet), motion: { sweep, maxTime: 1 } };
    };
    const slow = at(2), hits = at(3), through = at(4);
    expect([slow, hits, through].map(({ report, motion }) => meets(report, { sweepHit: true }, motion))).toEqual([false, true, true]);
    expect([slow, hits, through].map(({ report, motion }) => meets(report, { tunnels: true }, motion))).toEqual([false, false, true]);
    expect(apartAt(through.motion.sweep, 0.5)).toBe(true);
    expect(apartAt(through.motion.sweep, 0.75)).toBe(false);
    // A still demo has no sweep: the sweep goals never hold.
    expect(meets(slow.report, { sweepHit: false })).toBe(false);
  });
});
