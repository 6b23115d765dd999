// The scene edits that the toolbar, the keys and the panels ask for, as changes of the scene
// model: add a volume where it can be seen, duplicate or delete the active one, select the
// next, move B out by the minimum translation vector. Geometry goes through the package
// (edit.js), so the app holds none of its own.

import { template } from './defaults.js';
import { movedByMtv, translated } from './edit.js';

/**
 * Adds a new volume of a type ('sphere', 'aabb', 'obb', 'kdop' with k slabs) around the point
 * `target` (the orbit target, [x, y, z]) and returns its id. Successive adds go on a spiral so
 * they do not stack.
 */
export function addVolume(sx, model, type, k, target) {
  const n = model.volumes.length;
  const angle = n * 2.4;
  const r = n === 0 ? 0 : 1.2 + 0.25 * Math.min(n, 12);
  const at = [target.x + r * Math.cos(angle), target.y, target.z + r * Math.sin(angle)];
  return model.add(translated(sx, template(type, k), at));
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

/** Selects the next (delta 1) or previous (-1) volume of the list, wrapping around. */
export function cycleSelection(model, delta) {
  const vs = model.volumes;
  if (!vs.length) return;
  const i = vs.findIndex((v) => v.id === model.activeId);
  model.select(vs[(i + delta + vs.length) % vs.length].id);
}

/** Moves B of the pair by the report's minimum translation vector (out of contact). */
export function applyMtv(sx, model, pair, report) {
  const p = report?.penetration;
  if (!p || !pair) return;
  const B = pair[1];
  model.update(B.id, movedByMtv(sx, B.volume, p));
}
