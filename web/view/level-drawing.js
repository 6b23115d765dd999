// A tree level's nodes drawn as one: every node's fill in one mesh and every edge in one set of
// lines, each node's geometry (VolumeView's: volume-mesh.js) baked where the node is. A level is
// up to MAX_DRAWN_NODES nodes (mesh-tree.js): drawn one by one, that is two draw calls a node,
// which a software renderer pays for every frame (256 OBBs: about as long as the 69,451-triangle
// bunny they surround); merged, two. Built once when the level or its node type changes.

import { BufferGeometry, Float32BufferAttribute, Group, LineSegments, Mesh } from 'three';

/** One geometry of the non-indexed copies of `parts` ([{ geometry, matrix }]), their `names` attributes placed by the matrices. */
function merged(parts, names) {
  const baked = parts.map(({ geometry, matrix }) => {
    const g = new BufferGeometry();
    for (const name of names) g.setAttribute(name, geometry.getAttribute(name));
    g.setIndex(geometry.index);
    const flat = g.index ? g.toNonIndexed() : g.clone();
    flat.applyMatrix4(matrix);
    return flat;
  });
  const out = new BufferGeometry();
  for (const name of names) {
    const arrays = baked.map((g) => g.getAttribute(name).array);
    const all = new Float32Array(arrays.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of arrays) {
      all.set(a, at);
      at += a.length;
    }
    out.setAttribute(name, new Float32BufferAttribute(all, 3));
  }
  for (const g of baked) g.dispose();
  return out;
}

/**
 * The nodes' VolumeViews (styled alike) drawn as one object: { object, dispose() }. The views
 * are used for their geometry and their first's materials (kept; the views are disposed).
 */
export function mergedViews(views) {
  const fills = [], edges = [];
  for (const view of views) {
    view.object.updateMatrixWorld(true);
    for (const child of view.object.children) {
      const part = { geometry: child.geometry, matrix: child.matrixWorld };
      if (child.isLineSegments) edges.push(part);
      else if (child.isMesh) fills.push(part);
    }
  }
  const [first] = views;
  const object = new Group();
  object.renderOrder = first.object.renderOrder;
  const fill = fills.length ? new Mesh(merged(fills, ['position', 'normal']), first.fillMaterial) : null;
  const lines = new LineSegments(merged(edges, ['position']), first.edgeMaterial);
  if (fill) object.add(fill);
  object.add(lines);
  // The first view's materials are kept: dispose the others' and every view's owned geometry.
  for (const view of views.slice(1)) view.dispose();
  return {
    object,
    dispose() {
      fill?.geometry.dispose();
      lines.geometry.dispose();
      first.dispose();
    },
  };
}
