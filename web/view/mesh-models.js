// The triangles of the meshes a scene can hold by name (mesh-ids.js: the Stanford bunny, a torus
// knot, a terrain with a floor, a wall of quads), placed in the view (mesh-placement.js). Loaded
// with the first mesh; the bunny's file is fetched, and read on a worker, when it is asked for.

import { TorusKnotGeometry } from 'three';
import { placedInView } from './mesh-placement.js';
import { bunnyTriangles } from './point-file.js';

/** Rolling hills over a square (a 32 × 32 grid of quads, two triangles each) and a floor under them. */
function terrain() {
  const n = 32, size = 4;
  const positions = [], indices = [];
  const height = (x, z) => 0.35 * Math.sin(1.7 * x + 0.4) * Math.cos(1.3 * z) + 0.18 * Math.sin(3.1 * x * z + 1) + 0.12 * Math.cos(4.3 * z - 2.1 * x);
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const x = (i / n - 0.5) * size, z = (j / n - 0.5) * size;
      positions.push(x, height(x, z), z);
    }
  }
  const at = (i, j) => i * (n + 1) + j;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) indices.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
  }
  // The floor: one quad under the hills, a little wider.
  const f = positions.length / 3, w = 0.6 * size, y = -0.8;
  positions.push(-w, y, -w, -w, y, w, w, y, w, w, y, -w);
  indices.push(f, f + 1, f + 2, f, f + 2, f + 3);
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

/** A brick wall: offset rows of quads (two triangles each) in one plane, with mortar gaps between. */
function wall() {
  const rows = 10, bricks = 8, w = 0.5, hgt = 0.22, gap = 0.03;
  const positions = [], indices = [];
  for (let r = 0; r < rows; r++) {
    const shift = r % 2 ? -w / 2 : 0;
    for (let b = 0; b < bricks + (r % 2); b++) {
      const x0 = Math.max(0, b * w + shift), x1 = Math.min(bricks * w, (b + 1) * w + shift) - gap;
      const y0 = r * hgt, y1 = (r + 1) * hgt - gap;
      const v = positions.length / 3;
      positions.push(x0, y0, 0, x1, y0, 0, x1, y1, 0, x0, y1, 0);
      indices.push(v, v + 1, v + 2, v, v + 2, v + 3);
    }
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

function torusKnot() {
  const g = new TorusKnotGeometry(1, 0.3, 160, 16);
  return { positions: g.getAttribute('position').array, indices: new Uint32Array(g.index.array) };
}

/** Each built-in model's triangles placed in the view ({ positions, indices }, a promise), by its id (mesh-ids.js). */
export const MODEL_TRIANGLES = {
  bunny: () => bunnyTriangles({ placed: true }),
  'torus-knot': async () => placedInView(torusKnot()),
  terrain: async () => placedInView(terrain()),
  wall: async () => placedInView(wall()),
};
