// Triangles and vertex positions from a mesh file (STL, OBJ, PLY, glTF/GLB), read by three.js's
// own loaders, and the Stanford bunny. Loaders and the bunny are fetched on first use only: the
// page's first load carries neither.

import bunnyUrl from 'stl-models/objects/bunny.bin.stl?url';

/** Bytes read at most (a 2-million-vertex ASCII STL is ~170 MB). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** The file kinds fitted, by extension, as the fit panel's file picker says. */
export const POINT_FILE_ACCEPT = '.stl,.obj,.ply';

/** The file kinds a scene takes as a mesh. */
export const MESH_FILE_ACCEPT = '.stl,.obj,.ply,.gltf,.glb';

const KINDS = { stl: 'STL', obj: 'OBJ', ply: 'PLY', gltf: 'glTF', glb: 'GLB' };

/**
 * The triangles of every mesh of a three.js object, placed where the object puts them:
 * { positions: Float32Array (x, y, z per vertex), indices: Uint32Array | null }.
 */
function trianglesOf(object) {
  object.updateMatrixWorld(true);
  const parts = [];
  object.traverse((o) => {
    const p = o.geometry?.getAttribute('position');
    if (!p || (o.isPoints || o.isLine)) return;
    parts.push(o.geometry.clone().applyMatrix4(o.matrixWorld));
  });
  return joined(parts);
}

/** One geometry's or several's triangles as flat arrays (indices only when every part has them). */
function joined(geometries) {
  const indexed = geometries.length > 0 && geometries.every((g) => g.index);
  const count = geometries.reduce((n, g) => n + g.getAttribute('position').count, 0);
  const positions = new Float32Array(3 * count);
  const indices = indexed ? new Uint32Array(geometries.reduce((n, g) => n + g.index.count, 0)) : null;
  let vertex = 0, index = 0;
  for (const g of geometries) {
    const p = g.getAttribute('position');
    if (!p.isInterleavedBufferAttribute && p.itemSize === 3 && !p.normalized && p.array.length === 3 * p.count) positions.set(p.array, 3 * vertex);
    else {
      for (let i = 0; i < p.count; i++) {
        const at = 3 * (vertex + i);
        positions[at] = p.getX(i);
        positions[at + 1] = p.getY(i);
        positions[at + 2] = p.getZ(i);
      }
    }
    if (indexed) {
      for (let i = 0; i < g.index.count; i++) indices[index + i] = vertex + g.index.getX(i);
      index += g.index.count;
    }
    vertex += p.count;
  }
  return { positions, indices };
}

/** Parses a glTF or GLB file's bytes into its scene (a promise: the loader answers by callback). */
async function parseGltf(bytes) {
  const { GLTFLoader } = await import('three/examples/jsm/loaders/GLTFLoader.js');
  return new Promise((resolve, reject) => new GLTFLoader().parse(bytes, '', (gltf) => resolve(gltf.scene), reject));
}

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
    return trianglesOf(await parseGltf(bytes));
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
