// How a mesh is placed in the view: centred on the origin and scaled to the presets' size. Pure
// (no three.js): the page and the mesh file worker (mesh-file-worker.js) both use it.

/** The largest extent of a mesh once placed in the view (scene units: the presets' scale). */
export const MESH_VIEW_SIZE = 3;

/**
 * The triangles placed in the view: centred on the origin and scaled so that their largest
 * extent is MESH_VIEW_SIZE (a new positions array). Throws an Error saying what is wrong: no
 * triangle, a coordinate that is not a finite number, an index out of range, or no extent.
 */
export function placedInView({ positions, indices }) {
  const vertices = Math.floor(positions.length / 3);
  const triangles = indices ? Math.floor(indices.length / 3) : Math.floor(vertices / 3);
  if (triangles === 0) throw new Error('it has no triangles');
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < 3 * vertices; i++) {
    const x = positions[i];
    if (!Number.isFinite(x)) throw new Error(`vertex ${Math.floor(i / 3) + 1} has ${'xyz'[i % 3]} = ${x}, not a finite number`);
    if (x < min[i % 3]) min[i % 3] = x;
    if (x > max[i % 3]) max[i % 3] = x;
  }
  if (indices) {
    for (let i = 0; i < indices.length; i++) {
      if (indices[i] >= vertices) throw new Error(`triangle ${Math.floor(i / 3) + 1} uses vertex ${indices[i] + 1}, but there are ${vertices}`);
    }
  }
  const extent = Math.max(...max.map((m, i) => m - min[i]));
  if (!(extent > 0)) throw new Error('all its vertices are one point');
  const scale = MESH_VIEW_SIZE / extent;
  const centre = min.map((m, i) => m / 2 + max[i] / 2);
  const out = new Float32Array(3 * vertices);
  for (let i = 0; i < 3 * vertices; i++) out[i] = (positions[i] - centre[i % 3]) * scale;
  return { positions: out, indices: indices ? Uint32Array.from(indices) : null };
}
