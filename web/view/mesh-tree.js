// A mesh's tree, level by level: the node types a tree may be built of, the nodes at one depth
// with their count and total volume, and how a level is said. The visualizer measures levels on a
// worker (web/app/mesh-tree-worker.js), the demo on its page (its models are small); both say them
// the same way.

import { formatRatio } from './fit-colors.js';
import { NODE_TYPES } from './mesh-ids.js';

export { NODE_TYPES };

/** Most nodes drawn at once: past this a level is counted and measured, not drawn. */
export const MAX_DRAWN_NODES = 512;

const n = (x) => x.toLocaleString('en');

/**
 * The level of a mesh's tree (a package mesh) at `depth` (clamped to its depth): { depth, levels,
 * count, total (the nodes' volumes summed), volumes (the nodes', when at most maxVolumes) }.
 */
export function treeLevel(sx, mesh, depth, maxVolumes = MAX_DRAWN_NODES) {
  const at = Math.min(depth, mesh.depth);
  const nodes = mesh.nodesAtDepth(at);
  const volumes = nodes.map((i) => mesh.nodeVolume(i));
  const total = volumes.reduce((sum, v) => sum + sx.volumeOf(v), 0);
  return { depth: at, levels: mesh.depth, count: nodes.length, total, volumes: nodes.length <= maxVolumes ? volumes : null };
}

/** A level in words: where it is, how many nodes of which type, their volume over the hull's (hull: its volume). */
export function levelText({ node, depth, levels, count, total, volumes }, hull) {
  const label = NODE_TYPES.find(([id]) => id === node)[1];
  const where = depth === 0 ? 'the root' : depth === levels ? `depth ${depth}, the leaves` : `depth ${depth} of ${levels}`;
  const ratio = hull > 0 ? `${formatRatio(total / hull)} × the convex hull's volume` : 'the mesh is flat: its hull encloses nothing, so there is no ratio';
  const drawn = volumes ? '' : ` Too many to draw (more than ${n(MAX_DRAWN_NODES)}): pick a shallower depth to see them.`;
  return `At ${where}: ${n(count)} ${count === 1 ? label.replace(/s$/, '') : label}, together ${ratio}.${drawn}`;
}
