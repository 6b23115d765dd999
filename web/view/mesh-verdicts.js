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

/**
 * Two posed meshes tested against each other: meets (a.overlapsMesh), tested (what its descent
 * tested: node pairs and triangle pairs), pairs (how many triangle pairs overlap: trianglePairs,
 * when they meet) and the triangles of each that are in one (ofA, ofB: to mark them).
 */
export function meshPairVerdict(a, poseA, b, poseB) {
  const meets = a.overlapsMesh(poseA, b, poseB);
  const { volumeTests, triangleTests } = a.lastQuery;
  const pairs = meets ? a.trianglePairs(poseA, b, poseB) : new Uint32Array(0);
  const ofA = new Set(), ofB = new Set();
  for (let i = 0; i < pairs.length; i += 2) {
    ofA.add(pairs[i]);
    ofB.add(pairs[i + 1]);
  }
  return { meets, pairs: pairs.length / 2, tested: { volumeTests, triangleTests }, ofA: [...ofA], ofB: [...ofB] };
}

/** What meshPairVerdict found for the mesh called `name` and the other, called `other`, in words. */
export function meshPairText(name, other, { meets, pairs, tested }) {
  const count = (x, what) => `${n(x)} ${what}${x === 1 ? '' : 's'}`;
  const descent = `tested ${count(tested.volumeTests, 'node pair')} and ${count(tested.triangleTests, 'triangle pair')}`;
  return meets
    ? `${name} meets ${other}: ${count(pairs, 'triangle pair')} overlap${pairs === 1 ? 's' : ''} (marked). The descent ${descent}.`
    : `${name} is apart from ${other}: the descent ${descent}.`;
}
