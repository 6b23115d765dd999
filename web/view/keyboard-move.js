// Moving the picked volume from the keyboard, in the demo element and the visualizer alike, so
// that every edit a drag makes can be made without a pointer:
//   Shift+← → ↑ ↓       along the world axis nearest the screen's right or up
//   Shift+PgUp PgDn      along the world axis nearest the line of sight (away, nearer)
//   Ctrl+Shift+arrows    a tenth of a step (Cmd on a Mac; browsers keep Ctrl+Shift+PgUp/PgDn
//                        for their tabs, so depth moves only by whole steps)
// A move follows a world axis, not the screen's exact direction, so that positions stay round
// numbers a reader can follow ("Sphere B moved to (2.1, 0, 0)").

import { vec } from './format.js';
import { halfDiagonal, joined, middle } from './view-range.js';

/** The keys, for the help listings: [keys, what they do]. */
export const MOVE_KEYS = [
  ['Shift+← → ↑ ↓', 'Move the picked volume across the view'],
  ['Shift+PgUp PgDn', 'Move the picked volume away, nearer'],
  ['Ctrl+Shift+← → ↑ ↓', 'Move it a tenth as far'],
];

/** A step is about this fraction of the scene's half diagonal, rounded to 1, 2 or 5 × 10^n. */
const STEP_OF_SCENE = 0.1;
/** The fine step (Ctrl) is this fraction of a step. */
const FINE = 0.1;

const SCREEN_KEYS = {
  ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowUp: [1, 1], ArrowDown: [1, -1], PageUp: [2, 1], PageDown: [2, -1],
};

/**
 * The move a key press asks for: { screen: 0 (right) | 1 (up) | 2 (away), sign: ±1, fine }, or
 * null when the keys are not a move.
 */
export function moveFromKey(e) {
  if (!e.shiftKey || e.altKey) return null;
  const key = SCREEN_KEYS[e.key];
  if (!key) return null;
  const fine = e.ctrlKey || e.metaKey;
  if (fine && key[0] === 2) return null;
  return { screen: key[0], sign: key[1], fine };
}

/** 1, 2 or 5 × 10^n, the nearest at or below x (> 0). */
function roundStep(x) {
  const p = 10 ** Math.floor(Math.log10(x));
  const m = x / p;
  return p * (m >= 5 ? 5 : m >= 2 ? 2 : 1);
}

/** The length of one step for a scene of these bounding boxes ({min, max}). */
export function moveStep(boxes, fine = false) {
  const box = joined(boxes);
  const size = box ? halfDiagonal(box) : 0;
  const step = Number.isFinite(size) && size > 0 ? roundStep(size * STEP_OF_SCENE) : 0.1;
  return fine ? step * FINE : step;
}

/**
 * For the screen's right, up and away (into the screen) directions of a three.js camera, the
 * world axis each is nearest to and its sign: [{ axis, sign }, ×3]. Each world axis goes to one
 * screen direction: the closest pair first, so a tilted view still has three distinct axes.
 */
export function screenAxes(camera) {
  // Placed since the last frame drew it: its world matrix may not follow yet.
  camera.updateMatrixWorld();
  const m = camera.matrixWorld.elements;
  const dirs = [[m[0], m[1], m[2]], [m[4], m[5], m[6]], [-m[8], -m[9], -m[10]]];
  const out = [null, null, null];
  const usedAxes = new Set();
  for (let round = 0; round < 3; round++) {
    let best = null;
    for (let s = 0; s < 3; s++) {
      if (out[s]) continue;
      for (let a = 0; a < 3; a++) {
        if (usedAxes.has(a)) continue;
        if (!best || Math.abs(dirs[s][a]) > Math.abs(dirs[best.s][best.a])) best = { s, a };
      }
    }
    out[best.s] = { axis: best.a, sign: dirs[best.s][best.a] < 0 ? -1 : 1 };
    usedAxes.add(best.a);
  }
  return out;
}

/** The translation [dx, dy, dz] a move ({ screen, sign, fine }) makes, seen by camera, in a scene of boxes. */
export function moveOffset(camera, boxes, { screen, sign, fine }) {
  const { axis, sign: towards } = screenAxes(camera)[screen];
  const d = [0, 0, 0];
  d[axis] = sign * towards * moveStep(boxes, fine);
  return d;
}

/** Where a volume is, for people: a sphere's or box's centre, else the middle of its bounding box. */
export function positionOf(sx, volume) {
  return volume.center ?? middle(sx.boundingBox(volume));
}

/** "Sphere B moved to (2.1, 0, 0)": for the live region after a move. */
export function movedText(sx, entry) {
  return `${entry.name ?? entry.id} moved to ${vec(positionOf(sx, entry.volume))}`;
}
