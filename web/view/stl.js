// Binary STL, the mesh format of 3D printing and of the classic test models (the Stanford bunny):
// an 80-byte header, a uint32 triangle count, then per triangle a normal and three corners
// (twelve float32, little-endian) and a 2-byte attribute. No three.js and no DOM, so the
// visualizer, the demo element and the benchmarks in Node read models with the same code.

const HEADER = 84;
const TRIANGLE = 50;

/**
 * The triangles of a binary STL file: { triangles, positions } with positions a Float32Array of
 * 9 numbers per triangle (its three corners; the file's normals are dropped). Throws an Error
 * naming the problem for a file that is not binary STL or whose length disagrees with its count.
 * bytes: an ArrayBuffer or a typed array (a Node Buffer is one).
 */
export function readStl(bytes, name = 'the STL file') {
  const u8 = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
  if (!u8) throw new TypeError(`readStl: ${name} must be an ArrayBuffer or a typed array, got ${bytes === null ? 'null' : typeof bytes}`);
  if (u8.length < HEADER) throw new Error(`readStl: ${name} has ${u8.length} bytes, fewer than a binary STL's 84-byte header and triangle count`);
  const view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  const triangles = view.getUint32(80, true);
  const expected = HEADER + triangles * TRIANGLE;
  if (u8.length !== expected) {
    const ascii = new TextDecoder().decode(u8.subarray(0, 5)) === 'solid';
    const what = ascii ? ' (it starts with "solid": ASCII STL, which this reader does not read)' :
      u8.length < expected ? ': the file is truncated' : ': bytes follow the last triangle';
    throw new Error(`readStl: ${name} says it has ${triangles} triangles, which take ${expected} bytes, but it has ${u8.length}${what}`);
  }
  const positions = new Float32Array(triangles * 9);
  for (let t = 0; t < triangles; t++) {
    const at = HEADER + t * TRIANGLE + 12;  // past the normal
    for (let i = 0; i < 9; i++) positions[t * 9 + i] = view.getFloat32(at + 4 * i, true);
  }
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i])) throw new Error(`readStl: ${name}'s triangle ${Math.floor(i / 9)} has a corner coordinate ${positions[i]}`);
  }
  return { triangles, positions };
}

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
