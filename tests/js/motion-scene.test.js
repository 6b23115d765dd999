// Motion in the scene: a volume's velocity in the scene model, its checks on untrusted scenes
// (files, links), the link's round trip, undo and redo, and the motion helpers the visualizer
// draws and sweeps with (web/view/motion.js) on the package's own sweeps.

import { beforeAll, describe, expect, test } from 'vitest';
import { init } from 'sepaxis';
import { PRESETS } from '../../web/app/presets.js';
import { UndoHistory } from '../../web/app/undo.js';
import { entriesAt, pairSweep, speedProblem, timeSpan, velocityProblem } from '../../web/view/motion.js';
import { SceneModel } from '../../web/view/scene-model.js';
import { checkScene, decodeScene, encodeScene, parseScene, SceneError } from '../../web/view/share.js';
import { explainSweepStep } from '../../web/view/tutorial-sweep.js';

let sx;
beforeAll(async () => { sx = await init(); });

const ball = { type: 'sphere', center: [-3, 0, 0], radius: 0.25 };
const wall = { type: 'aabb', min: [-0.1, -1, -1], max: [0.1, 1, 1] };
const scene = (velocity) => ({ volumes: [{ id: 'w', volume: wall }, { id: 'b', volume: ball, velocity }], selection: ['w', 'b'] });
const problemOf = (data, options) => {
  try {
    checkScene(data, sx, options);
  } catch (e) {
    expect(e).toBeInstanceOf(SceneError);
    return e.message;
  }
  return null;
};

describe('a scene with velocities', () => {
  test('keeps a velocity, drops a zero one, and opens a scene without any (velocity 0)', () => {
    expect(checkScene(scene([6, 0, 0.5]), sx).volumes[1].velocity).toEqual([6, 0, 0.5]);
    expect(checkScene(scene([0, 0, 0]), sx).volumes[1]).not.toHaveProperty('velocity');
    expect(checkScene(scene(undefined), sx).volumes[1]).toEqual({ id: 'b', volume: ball });
  });

  test('a bad velocity names the field and the value, and gives no scene', () => {
    expect(problemOf(scene([1, 2, 'x']))).toBe('volumes[1].velocity[2] must be a finite number, got "x"');
    expect(problemOf(scene([1, Infinity, 0]))).toBe('volumes[1].velocity[1] must be a finite number, got Infinity');
    expect(problemOf(scene([null, 0, 0]))).toBe('volumes[1].velocity[0] must be a finite number, got null');
    expect(problemOf(scene([1e101, 0, 0]))).toBe('volumes[1].velocity[0] must be within ±1e100, got 1e+101');
    expect(problemOf(scene([1, 2]))).toBe('volumes[1].velocity must be an array of 3 numbers, got [1,2]');
    expect(problemOf(scene('fast'))).toBe('volumes[1].velocity must be an array of 3 numbers, got "fast"');
    // From a file, the same message.
    expect(() => parseScene(JSON.stringify(scene([1, 2, 'x'])), sx)).toThrow('volumes[1].velocity[2] must be a finite number, got "x"');
  });

  test('a view of still scenes refuses a moving volume with a message, and takes a still one', () => {
    expect(problemOf(scene([6, 0, 0]), { motion: false })).toMatch(/^volumes\[1\] moves \(velocity \[6,0,0\]\).*open the scene in the visualizer/);
    expect(problemOf(scene([0, 0, 0]), { motion: false })).toBe(null);
  });

  test('the link keeps the velocity (encode, decode)', async () => {
    const hash = await encodeScene(scene([6, -1, 0.25]));
    const back = await decodeScene(hash, sx);
    expect(back.volumes[1].velocity).toEqual([6, -1, 0.25]);
  });
});

describe('the scene model', () => {
  test('sets a velocity, saves it in its JSON form, and forgets a zero one', () => {
    const model = new SceneModel();
    model.load(checkScene(scene(undefined), sx));
    const events = [];
    model.addEventListener('change', (e) => events.push(e.detail));
    model.setVelocity('b', [2, 0, 0]);
    expect(events.at(-1)).toMatchObject({ volumes: ['b'], transient: false });
    expect(model.toJSON().volumes[1]).toEqual({ id: 'b', volume: ball, velocity: [2, 0, 0] });
    expect(checkScene(model.toJSON(), sx).volumes[1].velocity).toEqual([2, 0, 0]);
    model.setVelocity('b', [0, 0, 0]);
    expect(model.toJSON().volumes[1]).toEqual({ id: 'b', volume: ball });
  });

  test('a duplicate moves as its original does', () => {
    const model = new SceneModel();
    model.load(checkScene(scene(undefined), sx));
    model.setVelocity('b', [0, -3, 0.5]);
    const copy = model.duplicate('b');
    expect(model.get(copy).velocity).toEqual([0, -3, 0.5]);
    expect(model.get(copy).velocity).not.toBe(model.get('b').velocity);
    expect(model.get(model.duplicate('w')).velocity).toBeUndefined();
  });

  test('undo and redo restore the velocity', () => {
    const model = new SceneModel();
    model.load(checkScene(scene(undefined), sx));
    const history = new UndoHistory(model);
    model.setVelocity('b', [1, 2, 3]);
    model.setVelocity('b', [4, 5, 6]);
    history.undo();
    expect(model.get('b').velocity).toEqual([1, 2, 3]);
    history.undo();
    expect(model.get('b')).not.toHaveProperty('velocity');
    history.redo();
    history.redo();
    expect(model.get('b').velocity).toEqual([4, 5, 6]);
  });

  test('a drag of the velocity handle is one undo step', () => {
    const model = new SceneModel();
    model.load(checkScene(scene(undefined), sx));
    const history = new UndoHistory(model);
    model.setVelocity('b', [1, 0, 0], { transient: true });
    model.setVelocity('b', [2, 0, 0], { transient: true });
    model.setVelocity('b', [3, 0, 0]);
    history.undo();
    expect(model.get('b')).not.toHaveProperty('velocity');
  });
});

describe('the time range in the scene (maxTime)', () => {
  const bullet = () => structuredClone(PRESETS.find((p) => p.id === 'bullet-wall').scene);

  test('a maxTime goes through the model\'s JSON, the check, the link and back; the default 1 is not written', async () => {
    const model = new SceneModel();
    model.load(checkScene(bullet(), sx));
    expect(model.toJSON()).not.toHaveProperty('maxTime');
    model.setMaxTime(2);
    expect(model.toJSON().maxTime).toBe(2);
    const back = await decodeScene(await encodeScene(model.toJSON()), sx);
    expect(back.maxTime).toBe(2);
    const reopened = new SceneModel();
    reopened.load(back);
    expect(reopened.maxTime).toBe(2);
    expect(reopened.toJSON()).toEqual(model.toJSON());
    // A scene without one (an old link) opens with the default, and a new load resets it.
    model.load(checkScene(bullet(), sx));
    expect(model.maxTime).toBe(1);
  });

  test('a bad maxTime names the field and the value, and gives no scene', () => {
    const withMaxTime = (maxTime) => ({ ...bullet(), maxTime });
    expect(problemOf(withMaxTime(-1))).toBe('maxTime must be a finite number above 0, got -1');
    expect(problemOf(withMaxTime(0))).toBe('maxTime must be a finite number above 0, got 0');
    expect(problemOf(withMaxTime('2'))).toBe('maxTime must be a finite number above 0, got "2"');
    expect(problemOf(withMaxTime(null))).toBe('maxTime must be a finite number above 0, got null');
    expect(problemOf(withMaxTime(1e101))).toBe('maxTime must be at most 1e100, got 1e+101');
    expect(problemOf(withMaxTime(1e100))).toBe(null);
    // Infinity does not survive JSON: from a file it comes as a number too large to hold.
    expect(() => parseScene('{"volumes": [], "maxTime": 1e400}', sx)).toThrow('maxTime must be a finite number above 0, got Infinity');
  });

  test('an edit of maxTime is one undo step, and undo and redo restore it', () => {
    const model = new SceneModel();
    model.load(checkScene(bullet(), sx));
    const events = [];
    model.addEventListener('change', (e) => events.push(e.detail));
    const history = new UndoHistory(model);
    model.setMaxTime(2);
    expect(events.at(-1)).toMatchObject({ volumes: ['bullet'], maxTime: true });
    expect(history.canUndo).toBe(true);
    history.undo();
    expect(model.maxTime).toBe(1);
    expect(history.canUndo).toBe(false);
    history.redo();
    expect(model.maxTime).toBe(2);
  });
});

describe('motion helpers', () => {
  test('speed and velocity checks name the field', () => {
    expect(speedProblem(1, 'Velocity vx')).toBe(null);
    expect(speedProblem(NaN, 'Velocity vx')).toBe('Velocity vx must be a finite number, got NaN');
    expect(velocityProblem([0, 0, 0], 'volumes[0]')).toBe(null);
  });

  test('the entries at t move by velocity × t; still ones stay the same objects', () => {
    const entries = checkScene(scene([6, 0, 0]), sx).volumes;
    const at = entriesAt(sx, entries, 0.5);
    expect(at[0]).toBe(entries[0]);
    expect(at[1].volume.center).toEqual([0, 0, 0]);
    expect(entries[1].volume.center).toEqual([-3, 0, 0]);
  });

  test('the bullet preset tunnels: apart at t = 0 and t = 1, the sweep hits between', () => {
    const preset = PRESETS.find((p) => p.id === 'bullet-wall');
    const entries = checkScene(preset.scene, sx).volumes;
    for (const t of [0, 1]) {
      const [a, b] = entriesAt(sx, entries, t);
      expect(sx.overlaps(a.volume, b.volume)).toBe(false);
    }
    const sweep = pairSweep(sx, entries, 1);
    expect(sweep.hit).toBe(true);
    expect(sweep.time).toBeCloseTo(2.75 / 6, 12);
    expect(sweep.axes[sweep.decidingAxis].enter).toBe(sweep.time);
    // At the contact time itself the moved centre may round a hair short of touching.
    const [a, b] = entriesAt(sx, entries, sweep.time + 1e-9);
    expect(sx.overlaps(a.volume, b.volume)).toBe(true);
    expect(sx.collide(...entriesAt(sx, entries, sweep.time).map((e) => e.volume)).touching).toBe(true);
  });

  test('no sweep when neither of the pair moves', () => {
    expect(pairSweep(sx, checkScene(scene(undefined), sx).volumes, 1)).toBe(null);
  });

  test('an axis\'s time interval on the line [0, maxTime]: clipped ends, never, outside, unknown', () => {
    expect(timeSpan({ enter: 0.25, exit: 0.5 }, 1)).toEqual({ from: 0.25, to: 0.5, before: false, after: false });
    expect(timeSpan({ enter: -Infinity, exit: Infinity }, 2)).toEqual({ from: 0, to: 1, before: true, after: true });
    expect(timeSpan({ enter: Infinity, exit: -Infinity }, 1)).toEqual({ never: true });
    expect(timeSpan({ enter: 3, exit: 4 }, 1)).toEqual({ outside: true });
    expect(timeSpan({ enter: null, exit: null }, 1)).toEqual({ unknown: true });
  });

  test('stepping through a sweep names the deciding axis and the contact time', () => {
    const entries = checkScene(PRESETS.find((p) => p.id === 'bullet-wall').scene, sx).volumes;
    const sweep = pairSweep(sx, entries, 1);
    const names = { A: 'Wall', B: 'Bullet' }, types = { A: 'aabb', B: 'obb' };
    const deciding = explainSweepStep(sweep, sweep.decidingAxis, 1, names, types);
    expect(deciding.text.join(' ')).toContain('last axis to start overlapping, at t = 0.4583');
    const always = sweep.axes.findIndex((a) => a.enter === -Infinity && a.exit === Infinity);
    expect(explainSweepStep(sweep, always, 1, names, types).text.join(' ')).toContain('at every time');
    const last = explainSweepStep(sweep, sweep.axes.length - 1, 1, names, types);
    expect(last.text.at(-1)).toContain('first touch');
  });
});
