// The names the page knows before any mesh code loads: the scene meshes' ids among the scene's
// entries (volume ids are v1, v2, …) and the built-in models a scene may name (mesh-models.js
// makes their triangles, loaded with the first mesh).

export const MESH_ID = 'mesh';
/** The second mesh's (the visualizer's: tested against the first). */
export const SECOND_MESH_ID = 'mesh-2';

/** The built-in models: id (kept in links) and label. */
export const MESH_MODELS = [
  { id: 'bunny', label: 'Stanford bunny' },
  { id: 'torus-knot', label: 'Torus knot' },
  { id: 'terrain', label: 'Terrain with a floor' },
  { id: 'wall', label: 'Wall of quads' },
];
