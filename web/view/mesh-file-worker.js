// Reads mesh files on a worker thread (mesh-file.js: three.js's loaders), and places their
// triangles in the view when asked (mesh-placement.js): the bunny's STL takes most of a second to
// read, which on the page's thread would stop its drawing and input.
// Gets { id, ext, bytes (an ArrayBuffer), placed }; posts { id, triangles: { positions, indices } }
// or { id, error } (a message saying why the file cannot be read).

import { parseTriangles } from './mesh-file.js';
import { placedInView } from './mesh-placement.js';

self.addEventListener('message', async ({ data: { id, ext, bytes, placed } }) => {
  try {
    const read = await parseTriangles(ext, bytes);
    const triangles = placed ? placedInView(read) : read;
    self.postMessage({ id, triangles }, [triangles.positions.buffer, ...(triangles.indices ? [triangles.indices.buffer] : [])]);
  } catch (e) {
    self.postMessage({ id, error: e.message });
  }
});
