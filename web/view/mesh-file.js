// The triangles of a mesh file's bytes, read by three.js's own loaders: STL, PLY, OBJ, and glTF/GLB
// (geometry only: a plugin gives every material a plain one, so no texture or image is fetched).
// Runs on the mesh file worker (mesh-file-worker.js): the loaders and the parts of three.js they
// need stay out of the page's scripts, and a large file does not stop the page.

import { MeshBasicMaterial } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { joined, trianglesOf } from './triangles.js';

const plain = new MeshBasicMaterial();
const geometryOnly = () => ({ name: 'sepaxis_geometry_only', loadMaterial: () => Promise.resolve(plain) });

function parseGltf(bytes) {
  return new Promise((resolve, reject) => new GLTFLoader().register(geometryOnly).parse(bytes, '', (gltf) => resolve(gltf.scene), reject));
}

/** A loader's message, printable and short (it may quote the file's bytes). */
function printable(e) {
  const why = [...String(e?.message ?? e)].map((c) => (c < ' ' || (c >= '\u007f' && c <= '\u009f') ? ' ' : c)).join('').replace(/ +/g, ' ').trim();
  return why.length > 140 ? `${why.slice(0, 139)}…` : why;
}

/**
 * The triangles ({ positions, indices: null for a triangle soup }) of a file's bytes, by its
 * extension (stl, ply, obj, gltf, glb). Throws an Error naming the loader and saying its complaint.
 */
export async function parseTriangles(ext, bytes) {
  const loaderName = `${ext === 'glb' ? 'GLTF' : ext.toUpperCase()}Loader`;
  try {
    if (ext === 'stl') return joined([new STLLoader().parse(bytes)]);
    if (ext === 'ply') return joined([new PLYLoader().parse(bytes)]);
    if (ext === 'obj') return trianglesOf(new OBJLoader().parse(new TextDecoder().decode(bytes)));
    return trianglesOf(await parseGltf(bytes));
  } catch (e) {
    throw new Error(`three.js's ${loaderName} could not read it (${printable(e)})`, { cause: e });
  }
}
