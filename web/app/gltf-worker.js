// Reads a glTF or GLB file's triangles on a worker thread: three.js's GLTFLoader and the parts of
// three.js it needs stay out of the page's own scripts, and a large file does not stop the page.
// Only geometry is read: materials (and so textures and images) are replaced by a plain one.
// Gets { id, bytes } (an ArrayBuffer); posts { id, triangles: { positions, indices } } or
// { id, error } (the loader's message).

import { MeshBasicMaterial } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { trianglesOf } from './triangles.js';

const plain = new MeshBasicMaterial();
const geometryOnly = () => ({ name: 'sepaxis_geometry_only', loadMaterial: () => Promise.resolve(plain) });

self.addEventListener('message', ({ data: { id, bytes } }) => {
  const fail = (e) => self.postMessage({ id, error: String(e?.message ?? e) });
  try {
    new GLTFLoader().register(geometryOnly).parse(bytes, '', (gltf) => {
      try {
        const triangles = trianglesOf(gltf.scene);
        self.postMessage({ id, triangles }, [triangles.positions.buffer, ...(triangles.indices ? [triangles.indices.buffer] : [])]);
      } catch (e) {
        fail(e);
      }
    }, fail);
  } catch (e) {
    fail(e);
  }
});
