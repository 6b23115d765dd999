// Moving the picked volume from the keyboard (web/view/keyboard-move.js), in the demo element and
// the visualizer: which keys move, along which world axis a screen direction goes, and how far a
// step is. The browser tests (tests/e2e/demo.test.mjs) do a lesson's exercise with the keys.

import { describe, expect, it } from 'vitest';
import { PerspectiveCamera } from 'three';
import { moveFromKey, moveOffset, moveStep, screenAxes } from '../../web/view/keyboard-move.js';

const key = (k, mods = {}) => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const cameraAt = (position, target = [0, 0, 0]) => {
  const camera = new PerspectiveCamera(45, 1.5, 0.05, 500);
  camera.position.set(...position);
  camera.lookAt(...target);
  return camera;
};
const box = (min, max) => ({ min, max });

describe('the keys that move', () => {
  it('are Shift with the arrows and Page Up / Page Down; Ctrl or Cmd makes the step fine', () => {
    expect(moveFromKey(key('ArrowLeft', { shiftKey: true }))).toEqual({ screen: 0, sign: -1, fine: false });
    expect(moveFromKey(key('ArrowUp', { shiftKey: true, ctrlKey: true }))).toEqual({ screen: 1, sign: 1, fine: true });
    expect(moveFromKey(key('ArrowDown', { shiftKey: true, metaKey: true }))).toEqual({ screen: 1, sign: -1, fine: true });
    expect(moveFromKey(key('PageUp', { shiftKey: true }))).toEqual({ screen: 2, sign: 1, fine: false });
  });

  it('leave the plain arrows (turning the view), Alt (the browser\'s back) and the browser\'s tab keys alone', () => {
    expect(moveFromKey(key('ArrowLeft'))).toBe(null);
    expect(moveFromKey(key('ArrowLeft', { shiftKey: true, altKey: true }))).toBe(null);
    expect(moveFromKey(key('PageDown', { shiftKey: true, ctrlKey: true }))).toBe(null);
    expect(moveFromKey(key('n', { shiftKey: true }))).toBe(null);
  });
});

describe('a screen direction', () => {
  it('goes along the world axis nearest to it, each axis to one direction', () => {
    // The demos' first view: from (5.5, 4.2, 7.5), x runs right and y up on the screen.
    expect(screenAxes(cameraAt([5.5, 4.2, 7.5]))).toEqual([{ axis: 0, sign: 1 }, { axis: 1, sign: 1 }, { axis: 2, sign: -1 }]);
    // From the side (+x), right is −z and away is −x.
    expect(screenAxes(cameraAt([9, 1, 0]))).toEqual([{ axis: 2, sign: -1 }, { axis: 1, sign: 1 }, { axis: 0, sign: -1 }]);
    // From high above, up on the screen is the far side (−z), and away is down (−y).
    expect(screenAxes(cameraAt([0, 9, 2]))).toEqual([{ axis: 0, sign: 1 }, { axis: 2, sign: -1 }, { axis: 1, sign: -1 }]);
  });

  it('at 45° between two axes, still gets three distinct ones', () => {
    const axes = screenAxes(cameraAt([5, 5, 5]));
    expect(new Set(axes.map((a) => a.axis)).size).toBe(3);
  });
});

describe('a step', () => {
  it('is a round tenth of the scene\'s size, and a fine step a tenth of that', () => {
    // Lesson 2's spheres: half diagonal 2.9.
    const spheres = [box([-1, -1, -1], [1, 1, 1]), box([1.3, -1.2, -1.2], [3.7, 1.2, 1.2])];
    expect(moveStep(spheres)).toBe(0.2);
    expect(moveStep(spheres, true)).toBeCloseTo(0.02, 15);
    expect(moveStep([box([0, 0, 0], [300, 400, 0])])).toBe(20);
    expect(moveStep([box([0, 0, 0], [0, 0, 0])])).toBe(0.1);
    expect(moveStep([])).toBe(0.1);
  });

  it('moves along the chosen world axis, by the step, towards the key\'s side', () => {
    const camera = cameraAt([5.5, 4.2, 7.5]);
    const scene = [box([-1, -1, -1], [1, 1, 1]), box([1.3, -1.2, -1.2], [3.7, 1.2, 1.2])];
    expect(moveOffset(camera, scene, { screen: 0, sign: -1, fine: false })).toEqual([-0.2, 0, 0]);
    expect(moveOffset(camera, scene, { screen: 2, sign: 1, fine: false })).toEqual([0, 0, -0.2]);
  });
});
