// The levels of a mesh's tree, on a worker thread: building the bunny's tree of spheres or OBBs
// takes most of a second and measuring a level of 26-DOPs as long, which on the page's thread
// would stop its drawing and input. Messages in:
//   { id, triangles: { positions, indices } }    the mesh (answers { id, hull } : the hull's volume)
//   { id, node, depth, maxVolumes }               a level of the tree of `node` volumes
//   { id, build: { triangles, node } }           the page's own tree of the mesh, for its queries
// A level is answered { id, node, depth, levels, count, total, volumes (when count <= maxVolumes),
// buildMs }; a build { id, bytes } (mesh.serialize(), for sx.loadMesh: the page's thread only
// reads the tree in, about 50 ms for the bunny's OBBs, which take 120-300 ms to build); a failure
// { id, error } (a message). A build leaves the levels' mesh and trees as they are.

import { init } from 'sepaxis';
import { hullVolume } from '../view/fit-table.js';
import { treeLevel } from '../view/mesh-tree.js';

const ready = init();
let triangles = null;
/** node type -> { mesh, buildMs }, for the mesh set last. */
const trees = new Map();

function treeOf(sx, node) {
  let tree = trees.get(node);
  if (!tree) {
    const start = performance.now();
    const mesh = sx.createMesh(triangles, { node });
    tree = { mesh, buildMs: performance.now() - start };
    trees.set(node, tree);
  }
  return tree;
}

function level(sx, { node, depth, maxVolumes }) {
  const { mesh, buildMs } = treeOf(sx, node);
  return { node, ...treeLevel(sx, mesh, depth, maxVolumes), buildMs };
}

self.addEventListener('message', async ({ data }) => {
  try {
    const sx = await ready;
    if (data.build) {
      const mesh = sx.createMesh(data.build.triangles, { node: data.build.node });
      const bytes = mesh.serialize();
      mesh.dispose();
      self.postMessage({ id: data.id, bytes }, [bytes]);
    } else if (data.triangles) {
      for (const { mesh } of trees.values()) mesh.dispose();
      trees.clear();
      triangles = data.triangles;
      self.postMessage({ id: data.id, hull: hullVolume(sx.convexHull(triangles.positions)) });
    } else self.postMessage({ id: data.id, ...level(sx, data) });
  } catch (e) {
    self.postMessage({ id: data.id, error: e.message });
  }
});
