// A mesh's triangles made coarser by vertex clustering (Rossignac and Borrel, "Multi-resolution
// 3D approximations for rendering complex scenes", 1993): the corners are snapped to a grid,
// those in one cell merged into their mean, and the triangles whose corners fell into fewer than
// three cells dropped. One pass, no ordering: the visualizer draws a mesh so while its view moves
// at the interaction scale of a software renderer (renderer.js), where the bunny's 69,451
// triangles, each a pixel or less there, cost the frame more than all else. Only the drawing is
// coarser: every query and pick uses the mesh itself.

/** Cells across the mesh's longest side: at the interaction scale the bunny is about 150 px across, 2 px a cell. */
export const COARSE_CELLS = 64;

/**
 * The triangles ({ positions, indices? }) clustered on a grid of `cells` across their longest
 * side: { positions, indices } (without indices when they came without).
 */
export function coarseTriangles({ positions, indices }, cells = COARSE_CELLS) {
  const count = positions.length / 3;
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < count; v++) {
    for (let i = 0; i < 3; i++) {
      const x = positions[3 * v + i];
      if (x < min[i]) min[i] = x;
      if (x > max[i]) max[i] = x;
    }
  }
  const size = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / cells || 1;
  const side = cells + 1;
  // Cell of each corner -> its merged vertex (index into sums).
  const vertexOf = new Map();
  const merged = new Int32Array(count);
  const sums = [];
  for (let v = 0; v < count; v++) {
    const cell = (i) => Math.min(cells, Math.floor((positions[3 * v + i] - min[i]) / size));
    const key = cell(0) + side * (cell(1) + side * cell(2));
    let m = vertexOf.get(key);
    if (m === undefined) {
      m = sums.length / 4;
      vertexOf.set(key, m);
      sums.push(0, 0, 0, 0);
    }
    merged[v] = m;
    sums[4 * m] += positions[3 * v];
    sums[4 * m + 1] += positions[3 * v + 1];
    sums[4 * m + 2] += positions[3 * v + 2];
    sums[4 * m + 3]++;
  }
  const out = new Float32Array((sums.length / 4) * 3);
  for (let m = 0; m < sums.length / 4; m++) {
    for (let i = 0; i < 3; i++) out[3 * m + i] = sums[4 * m + i] / sums[4 * m + 3];
  }
  const kept = [];
  const triangles = indices ? indices.length / 3 : count / 3;
  for (let t = 0; t < triangles; t++) {
    const corner = (k) => merged[indices ? indices[3 * t + k] : 3 * t + k];
    const a = corner(0), b = corner(1), c = corner(2);
    if (a !== b && b !== c && a !== c) kept.push(a, b, c);
  }
  if (indices) return { positions: out, indices: new Uint32Array(kept) };
  // Unindexed in, unindexed out: each triangle its own corners, so that it is shaded flat as the
  // mesh itself is (computeVertexNormals), and looks the same moving as still.
  const flat = new Float32Array(kept.length * 3);
  kept.forEach((m, k) => flat.set(out.subarray(3 * m, 3 * m + 3), 3 * k));
  return { positions: flat };
}
