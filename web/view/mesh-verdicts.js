// What a scene's mesh met, in words: the volumes it overlaps, and what the descent of its tree
// tested for one of them (mesh.lastQuery). The visualizer's Mesh card and the demo's both say it.

import { h } from './dom.js';

const n = (x) => x.toLocaleString('en');

/**
 * Which volumes the mesh called `name` overlaps, as children of a paragraph: verdicts are
 * [{ name, overlap }], one per volume tested.
 */
export function verdictsText(name, verdicts) {
  const hit = verdicts.filter((v) => v.overlap).map((v) => v.name);
  const others = verdicts.length - hit.length;
  if (verdicts.length === 0) return [`${name} is alone: add a volume to test it against the mesh.`];
  if (hit.length) return [h('b', { class: 'overlap-text' }, `${name} overlaps `), hit.join(', '), others ? `; apart from the ${others} other${others > 1 ? 's' : ''}.` : '.'];
  return [h('b', { class: 'apart-text' }, `${name} overlaps no volume`), ` (${verdicts.length} tested).`];
}

/**
 * What the descent tested against one volume: focus is { name, tested: { volumeTests,
 * triangleTests } } (or null: ''), of a mesh of `triangles` triangles.
 */
export function descentText(focus, triangles) {
  const d = focus?.tested;
  if (!d) return '';
  return `Against ${focus.name}, the descent tested ${n(d.volumeTests)} node volume${d.volumeTests === 1 ? '' : 's'} and ${n(d.triangleTests)} of the ${n(triangles)} triangles.`;
}
