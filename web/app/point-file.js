// Vertex positions from a mesh or point file (STL, OBJ, PLY), read by three.js's own loaders,
// and the Stanford bunny. Loaders and the bunny are fetched on first use only: the page's first
// load carries neither.

import bunnyUrl from 'stl-models/objects/bunny.bin.stl?url';

/** Bytes read at most (a 2-million-vertex ASCII STL is ~170 MB). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** The file kinds read, by extension, as the file picker's accept list says. */
export const POINT_FILE_ACCEPT = '.stl,.obj,.ply';

/** The flat x, y, z positions of every vertex of a three.js object's geometries. */
function positionsOf(object) {
  const parts = [];
  object.traverse((o) => {
    const p = o.geometry?.getAttribute('position');
    if (p) parts.push(p.array);
  });
  const out = new Float32Array(parts.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of parts) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/**
 * The vertex positions (flat x, y, z) of a file's bytes, by its name's extension. Throws an Error
 * whose message says why the file cannot be read (its kind, emptiness, or the loader's complaint).
 */
export async function readPositions(name, bytes) {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!['stl', 'obj', 'ply'].includes(ext)) throw new Error('only STL, OBJ and PLY files can be fitted');
  if (bytes.byteLength === 0) throw new Error('the file is empty');
  if (bytes.byteLength > MAX_FILE_BYTES) throw new Error(`the file has ${bytes.byteLength.toLocaleString('en')} bytes; at most ${MAX_FILE_BYTES.toLocaleString('en')} are read`);
  const loaderName = `${ext.toUpperCase()}Loader`;
  try {
    if (ext === 'stl') {
      const { STLLoader } = await import('three/examples/jsm/loaders/STLLoader.js');
      return new STLLoader().parse(bytes).getAttribute('position')?.array ?? new Float32Array(0);
    }
    if (ext === 'ply') {
      const { PLYLoader } = await import('three/examples/jsm/loaders/PLYLoader.js');
      return new PLYLoader().parse(bytes).getAttribute('position')?.array ?? new Float32Array(0);
    }
    const { OBJLoader } = await import('three/examples/jsm/loaders/OBJLoader.js');
    return positionsOf(new OBJLoader().parse(new TextDecoder().decode(bytes)));
  } catch (e) {
    throw new Error(`three.js's ${loaderName} could not read it (${e.message})`, { cause: e });
  }
}

/** The Stanford bunny's vertex positions (a 3.5 MB binary STL, fetched now). */
export async function bunnyPositions() {
  const response = await fetch(bunnyUrl);
  if (!response.ok) throw new Error(`the server answered ${response.status} for ${bunnyUrl}`);
  return readPositions('bunny.stl', await response.arrayBuffer());
}
