// What a demo loads only when its scene holds a mesh (with the full module and demo-full.js): the
// mesh's drawing, the built-in models, the reading of model files (on a worker), the mesh card,
// the tree card with the levels it measures, and the descent card.
// Its own chunk, so that a page of demos without meshes never downloads it.

export { SceneMesh } from '../view/scene-mesh.js';
export { MODEL_TRIANGLES } from '../view/mesh-models.js';
export { readTriangles } from '../view/point-file.js';
export { MeshCard } from './mesh-card.js';
export { TreeCard } from './tree-card.js';
export { treeLevel, NODE_TYPES } from '../view/mesh-tree.js';
export { hullVolume } from '../view/fit-table.js';
export { DescentCard, descentRequest } from './descent-card.js';
export { meshPairVerdict } from '../view/mesh-verdicts.js';
