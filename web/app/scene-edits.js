// The scene edits that the toolbar, the keys and the panels ask for, as changes of the scene
// model: add a volume where it can be seen, duplicate or delete the active one, select the
// next, move B out by the minimum translation vector. Geometry goes through the package
// (edit.js), so the app holds none of its own.

import { template } from '../view/defaults.js';
import { movedByMtv, translated } from '../view/edit.js';

/** The golden angle (radians): successive points of a sunflower spiral fill a disc evenly. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** The spiral's spacing (scene units): neighbours are about 1.8 times this apart. */
const SPIRAL_SPACING = 0.9;
/** Places tried before giving up and overlapping (a crowded scene still gets its volume). */
const MAX_PLACES = 2000;

/**
 * Adds a new volume of a type ('sphere', 'aabb', 'obb', 'kdop' with k slabs) near the point
 * `target` (the orbit target, [x, y, z]) and returns its id. It goes to the first place of a
 * sunflower spiral around the target where its bounding box touches no other volume's (the
 * package's boxes and AABB test), so new volumes never start overlapping: eight adds used to
 * give nine overlapping pairs.
 */
export function addVolume(sx, model, type, k, target) {
  const volume = template(type, k);
  const others = model.volumes.map((e) => sx.boundingBox(e.volume));
  let placed;
  for (let i = 0; i < MAX_PLACES; i++) {
    const r = SPIRAL_SPACING * Math.sqrt(i);
    placed = translated(sx, volume, [target.x + r * Math.cos(i * GOLDEN_ANGLE), target.y, target.z + r * Math.sin(i * GOLDEN_ANGLE)]);
    const box = sx.boundingBox(placed);
    if (!others.some((other) => sx.overlaps(box, other))) break;
  }
  return model.add(placed);
}

/** Duplicates the active volume, a little beside it. */
export function duplicateActive(sx, model) {
  const active = model.active;
  if (!active) return;
  model.duplicate(active.id, (v) => translated(sx, v, [0.8, 0, 0.8]));
}

export function removeActive(model) {
  const active = model.active;
  if (active) model.remove(active.id);
}

/**
 * Moves B of the pair by the report's minimum translation vector (out of contact). Returns null,
 * or the package's message when the move would take B past the largest double (B stays).
 */
export function applyMtv(sx, model, pair, report) {
  const p = report?.penetration;
  if (!p || !pair) return null;
  const B = pair[1];
  try {
    model.update(B.id, movedByMtv(sx, B.volume, p));
    return null;
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return e.message;
  }
}
