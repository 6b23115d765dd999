// Triangles and vertex positions from a mesh file (STL, OBJ, PLY, glTF/GLB), read by three.js's
// own loaders on a worker (mesh-file-worker.js), and the Stanford bunny. The loaders and the
// bunny are fetched on first use only: the page's first load carries neither.

import bunnyUrl from 'stl-models/objects/bunny.bin.stl?url';
import { workerCall } from './worker-call.js';

/** Bytes read at most (a 2-million-vertex ASCII STL is ~170 MB). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** The file kinds fitted, by extension, as the fit panel's file picker says. */
export const POINT_FILE_ACCEPT = '.stl,.obj,.ply';

/** The file kinds a scene takes as a mesh. */
export const MESH_FILE_ACCEPT = '.stl,.obj,.ply,.gltf,.glb';

const KINDS = { stl: 'STL', obj: 'OBJ', ply: 'PLY', gltf: 'glTF', glb: 'GLB' };

/** Reads a file's triangles on a worker (mesh-file-worker.js). */
const readOnWorker = workerCall(() => new Worker(new URL('./mesh-file-worker.js', import.meta.url), { type: 'module' }));

/**
 * The triangles of a file's bytes, by its name's extension: { positions, indices } (indices null
 * for a triangle soup), read on a worker, which takes the bytes (they are detached after).
 * kinds: the extensions taken; placed: centred and scaled to the view (mesh-placement.js).
 * Throws an Error whose message says why the file cannot be read (its kind, emptiness, size,
 * the loader's complaint, or what is wrong with its triangles).
 */
export async function readTriangles(name, bytes, { kinds = Object.keys(KINDS), placed = false } = {}) {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!kinds.includes(ext)) {
    const list = kinds.map((k) => KINDS[k]);
    throw new Error(`only ${list.slice(0, -1).join(', ')} and ${list.at(-1)} files can be read here`);
  }
  if (bytes.byteLength === 0) throw new Error('the file is empty');
  if (bytes.byteLength > MAX_FILE_BYTES) throw new Error(`the file has ${bytes.byteLength.toLocaleString('en')} bytes; at most ${MAX_FILE_BYTES.toLocaleString('en')} are read`);
  return (await readOnWorker({ ext, bytes, placed }, [bytes])).triangles;
}

/**
 * The vertex positions (flat x, y, z) of an STL, OBJ or PLY file's bytes. Throws an Error whose
 * message says why the file cannot be read.
 */
export async function readPositions(name, bytes) {
  try {
    return (await readTriangles(name, bytes, { kinds: ['stl', 'obj', 'ply'] })).positions;
  } catch (e) {
    throw e.message.startsWith('only ') ? new Error('only STL, OBJ and PLY files can be fitted') : e;
  }
}

/** The Stanford bunny's bytes (a 3.5 MB binary STL, fetched now). */
async function bunnyBytes() {
  const response = await fetch(bunnyUrl);
  if (!response.ok) throw new Error(`the server answered ${response.status} for ${bunnyUrl}`);
  return response.arrayBuffer();
}

/** The Stanford bunny's vertex positions. */
export async function bunnyPositions() {
  return readPositions('bunny.stl', await bunnyBytes());
}

/** The Stanford bunny's triangles ({ positions, indices: null }; options: readTriangles's). */
export async function bunnyTriangles(options) {
  return readTriangles('bunny.stl', await bunnyBytes(), options);
}
