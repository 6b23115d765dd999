// The names the page knows before any mesh code loads: the scene meshes' ids among the scene's
// entries (volume ids are v1, v2, …), the built-in models a scene may name (mesh-models.js
// makes their triangles, loaded with the first mesh) and the node types its tree may be built of.

export const MESH_ID = 'mesh';
/** The second mesh's (a scene's otherMesh: tested against the first). */
export const SECOND_MESH_ID = 'mesh-2';

/** The built-in models: id (kept in links) and label. */
export const MESH_MODELS = [
  { id: 'bunny', label: 'Stanford bunny' },
  { id: 'torus-knot', label: 'Torus knot' },
  { id: 'terrain', label: 'Terrain with a floor' },
  { id: 'wall', label: 'Wall of quads' },
];

/** Node types of a tree, as createMesh names them, with their labels. */
export const NODE_TYPES = [
  ['sphere', 'Spheres'], ['aabb', 'AABBs'], ['obb', 'OBBs'],
  ...[6, 8, 14, 18, 26].map((k) => [`kdop${k}`, `${k}-DOPs`]),
];
