// The triangles of three.js geometries as flat arrays, { positions: Float32Array (x, y, z per
// vertex), indices: Uint32Array | null }: what createMesh takes. For the mesh files' readers
// (point-file.js, gltf-worker.js).

/** One geometry's or several's triangles (indices only when every part has them). */
export function joined(geometries) {
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

/** The triangles of every mesh of a three.js object (not its points or lines), placed where the object puts them. */
export function trianglesOf(object) {
  object.updateMatrixWorld(true);
  const parts = [];
  object.traverse((o) => {
    if (o.isMesh && o.geometry?.getAttribute('position')) parts.push(o.geometry.clone().applyMatrix4(o.matrixWorld));
  });
  return joined(parts);
}
