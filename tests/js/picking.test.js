// Which volume a click picks (web/view/picking.js), shared by the visualizer and the demo element:
// an enclosed volume before the one around it (lesson 10's crate inside the bar's bounding
// sphere), otherwise the surface in front; clicking again at one spot goes round the volumes
// under it. The browser tests (tests/e2e/demo.test.mjs) drag the lesson's crate with the mouse.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { CLICK_SLOP, pickCycle, volumesAlong } from '../../web/view/picking.js';

/** The scene of a lesson's demo, read from its page. */
function lessonScene(file, id) {
  const text = readFileSync(new URL(`../../web/site/lessons/${file}`, import.meta.url), 'utf8');
  const tag = text.match(new RegExp(`<sepaxis-demo[^>]*\\sid="${id}"[^>]*>`))[0];
  return JSON.parse(tag.match(/\sscene='([^']*)'/)[1]);
}

/** The volume a click along the ray picks, or null. */
const pickVolume = (sx, volumes, ray) => volumesAlong(sx, volumes, ray)[0] ?? null;
const unit = (v) => v.map((x) => x / Math.hypot(...v));
/** The ray from `from` through `to`. */
const rayThrough = (from, to) => ({ origin: from, direction: unit(to.map((t, i) => t - from[i])) });

describe('picking along the view ray', () => {
  let sx;
  beforeAll(async () => { sx = await init(); });

  it('picks lesson 10\'s crate, which lies wholly inside the bar\'s bounding sphere, from any side', () => {
    const { volumes } = lessonScene('10-choosing.md', 'demo-10');
    const crate = [0.6, 1.4, 0];
    for (const eye of [[5.5, 4.2, 7.5], [0, 0, 9], [0, 9, 0.01], [-6, 3, 2], [2, -5, -6]]) {
      const ray = rayThrough(eye, crate);
      expect(pickVolume(sx, volumes, ray), `from ${eye}`).toBe('crate');
      expect(volumesAlong(sx, volumes, ray)[1], `then the sphere, from ${eye}`).toBe('ball');
    }
  });

  it('picks the bar inside the same sphere, and the sphere where nothing is inside it', () => {
    const { volumes } = lessonScene('10-choosing.md', 'demo-10');
    expect(pickVolume(sx, volumes, rayThrough([0, 0, 9], [0, 0, 0]))).toBe('bar');
    expect(pickVolume(sx, volumes, rayThrough([0, 0, 9], [-1, 1, 0]))).toBe('ball');
    expect(pickVolume(sx, volumes, rayThrough([0, 0, 9], [5, 5, 0]))).toBe(null);
  });

  it('picks the surface in front when neither volume encloses the other along the ray', () => {
    const volumes = [
      { id: 'ball', volume: { type: 'sphere', center: [0, 0, 0], radius: 1 } },
      { id: 'rod', volume: { type: 'aabb', min: [0.5, -0.2, -0.2], max: [3, 0.2, 0.2] } },
    ];
    expect(volumesAlong(sx, volumes, { origin: [-5, 0, 0], direction: [1, 0, 0] })).toEqual(['ball', 'rod']);
    expect(volumesAlong(sx, volumes, { origin: [5, 0, 0], direction: [-1, 0, 0] })).toEqual(['rod', 'ball']);
  });

  it('picks from inside a volume: the camera in the sphere still picks what it encloses', () => {
    const { volumes } = lessonScene('10-choosing.md', 'demo-10');
    expect(pickVolume(sx, volumes, rayThrough([0.6, 0.6, 0], [0.6, 1.4, 0]))).toBe('crate');
  });
});

describe('clicking again at one spot', () => {
  it('goes round the volumes under it, and starts again at the first elsewhere', () => {
    const cycle = pickCycle();
    const ids = ['crate', 'ball', 'bar'];
    expect(cycle.next(100, 100, ids)).toEqual({ id: 'crate', index: 0, count: 3 });
    expect(cycle.next(101, 99, ids).id).toBe('ball');
    expect(cycle.chosenAt(100, 100, ids)).toBe('ball');
    expect(cycle.next(100, 100, ids).id).toBe('bar');
    expect(cycle.next(100, 100, ids).id).toBe('crate');
    expect(cycle.next(100 + CLICK_SLOP + 1, 100, ids).id).toBe('crate');
    expect(cycle.chosenAt(300, 300, ids)).toBe(null);
  });

  it('starts again when other volumes are under the spot, and picks nothing over empty space', () => {
    const cycle = pickCycle();
    cycle.next(10, 10, ['a', 'b']);
    expect(cycle.next(10, 10, ['b', 'a']).id).toBe('b');
    expect(cycle.next(10, 10, [])).toBe(null);
    expect(cycle.next(10, 10, ['b', 'a']).id).toBe('b');
  });
});
