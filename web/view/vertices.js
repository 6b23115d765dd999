// The distinct vertices of a triangle list: a mesh file (STL above all) repeats a vertex once per
// triangle that meets there, about six times in a closed mesh. No three.js and no DOM, so the
// visualizer's fit panel and the fit benchmark in Node merge vertices with the same code.

/**
 * The distinct corners of a triangle list (STL repeats a corner once per triangle that meets
 * there, about six times in a closed mesh), as flat x, y, z numbers (a Float64Array) in
 * first-seen order. Corners are the same when their coordinates are equal (0 and -0 too).
 */
export function distinctVertices(positions) {
  const n = Math.floor(positions.length / 3);
  const xyz = new Float64Array(n * 3);
  for (let i = 0; i < n * 3; i++) xyz[i] = positions[i] + 0;  // + 0 turns -0 into 0
  const words = new Uint32Array(xyz.buffer);  // six 32-bit words per corner
  // An open-addressing hash table of corner indices (-1: empty), at most half full: a Set of
  // string keys takes ten times as long on the bunny's 208,353 corners.
  const size = 2 ** Math.ceil(Math.log2(2 * n + 2));
  const table = new Int32Array(size).fill(-1);
  const out = new Float64Array(n * 3);
  let count = 0;
  for (let v = 0; v < n; v++) {
    let h = 0x811c9dc5;
    for (let w = 6 * v; w < 6 * v + 6; w++) h = Math.imul(h ^ words[w], 0x01000193);
    for (let slot = (h ^ (h >>> 15)) & (size - 1); ; slot = (slot + 1) & (size - 1)) {
      const u = table[slot];
      if (u < 0) {
        table[slot] = count;
        out.set(xyz.subarray(3 * v, 3 * v + 3), 3 * count++);
        break;
      }
      if (out[3 * u] === xyz[3 * v] && out[3 * u + 1] === xyz[3 * v + 1] && out[3 * u + 2] === xyz[3 * v + 2]) break;
    }
  }
  return out.slice(0, 3 * count);
}
