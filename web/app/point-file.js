// Triangles and vertex positions from a mesh file (STL, OBJ, PLY, glTF/GLB), read by three.js's
// own loaders (glTF on a worker: gltf-worker.js), and the Stanford bunny. Loaders and the bunny
// are fetched on first use only: the page's first load carries neither.

import bunnyUrl from 'stl-models/objects/bunny.bin.stl?url';
import { joined, trianglesOf } from './triangles.js';
import { workerCall } from './worker-call.js';

/** Bytes read at most (a 2-million-vertex ASCII STL is ~170 MB). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** The file kinds fitted, by extension, as the fit panel's file picker says. */
export const POINT_FILE_ACCEPT = '.stl,.obj,.ply';

/** The file kinds a scene takes as a mesh. */
export const MESH_FILE_ACCEPT = '.stl,.obj,.ply,.gltf,.glb';

const KINDS = { stl: 'STL', obj: 'OBJ', ply: 'PLY', gltf: 'glTF', glb: 'GLB' };

/** Reads a glTF or GLB file's triangles on a worker (gltf-worker.js). */
const readGltf = workerCall(() => new Worker(new URL('./gltf-worker.js', import.meta.url), { type: 'module' }));

/**
 * The triangles of a file's bytes, by its name's extension: { positions, indices } (indices null
 * for a triangle soup). `kinds`: the extensions taken. Throws an Error whose message says why the
 * file cannot be read (its kind, emptiness, or the loader's complaint).
 */
export async function readTriangles(name, bytes, kinds = Object.keys(KINDS)) {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!kinds.includes(ext)) {
    const list = kinds.map((k) => KINDS[k]);
    throw new Error(`only ${list.slice(0, -1).join(', ')} and ${list.at(-1)} files can be read here`);
  }
  if (bytes.byteLength === 0) throw new Error('the file is empty');
  if (bytes.byteLength > MAX_FILE_BYTES) throw new Error(`the file has ${bytes.byteLength.toLocaleString('en')} bytes; at most ${MAX_FILE_BYTES.toLocaleString('en')} are read`);
  const loaderName = `${ext === 'glb' ? 'GLTF' : ext.toUpperCase()}Loader`;
  try {
    if (ext === 'stl') {
      const { STLLoader } = await import('three/examples/jsm/loaders/STLLoader.js');
      return joined([new STLLoader().parse(bytes)]);
    }
    if (ext === 'ply') {
      const { PLYLoader } = await import('three/examples/jsm/loaders/PLYLoader.js');
      return joined([new PLYLoader().parse(bytes)]);
    }
    if (ext === 'obj') {
      const { OBJLoader } = await import('three/examples/jsm/loaders/OBJLoader.js');
      return trianglesOf(new OBJLoader().parse(new TextDecoder().decode(bytes)));
    }
    // A copy goes to the worker: the caller keeps its bytes.
    const copy = bytes.slice(0);
    return (await readGltf({ bytes: copy }, [copy])).triangles;
  } catch (e) {
    // A loader's message may quote the file's bytes: keep it printable and short.
    const why = [...String(e?.message ?? e)].map((c) => (c < ' ' || (c >= '\u007f' && c <= '\u009f') ? ' ' : c)).join('').replace(/ +/g, ' ').trim();
    throw new Error(`three.js's ${loaderName} could not read it (${why.length > 140 ? `${why.slice(0, 139)}…` : why})`, { cause: e });
  }
}

/**
 * The vertex positions (flat x, y, z) of an STL, OBJ or PLY file's bytes. Throws an Error whose
 * message says why the file cannot be read.
 */
export async function readPositions(name, bytes) {
  try {
    return (await readTriangles(name, bytes, ['stl', 'obj', 'ply'])).positions;
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

/** The Stanford bunny's triangles ({ positions, indices: null }). */
export async function bunnyTriangles() {
  return readTriangles('bunny.stl', await bunnyBytes());
}
