// Templates for new volumes (in the JSON format, centred on the origin), and the k values and
// slab directions of k-DOPs as the schema lists them (for the inspector's labels).

export const KDOP_KS = [6, 8, 14, 18, 26];

const AXES = ['(1,0,0)', '(0,1,0)', '(0,0,1)'];
const CORNERS = ['(1,1,1)', '(1,1,−1)', '(1,−1,1)', '(1,−1,−1)'];
const EDGES = ['(1,1,0)', '(1,−1,0)', '(1,0,1)', '(1,0,−1)', '(0,1,1)', '(0,1,−1)'];
/** Names of the slab directions d_i of each k (volume.schema.json). */
export const KDOP_DIRECTIONS = {
  6: AXES, 8: CORNERS, 14: [...AXES, ...CORNERS], 18: [...AXES, ...EDGES], 26: [...AXES, ...CORNERS, ...EDGES],
};

// A k-DOP template: a cube of half-size 1 with its corners (sum of |d| = 3) and edges (2) cut.
// Alone, the corner slabs give an octahedron.
const SLAB = { axis: 1, corner: 2.3, edge: 1.7, cornerOnly: 1.5 };

function kdop(k) {
  const sizes = {
    6: Array(3).fill(SLAB.axis),
    8: Array(4).fill(SLAB.cornerOnly),
    14: [...Array(3).fill(SLAB.axis), ...Array(4).fill(SLAB.corner)],
    18: [...Array(3).fill(SLAB.axis), ...Array(6).fill(SLAB.edge)],
    26: [...Array(3).fill(SLAB.axis), ...Array(4).fill(SLAB.corner), ...Array(6).fill(SLAB.edge)],
  }[k];
  return { type: 'kdop', k, min: sizes.map((s) => -s), max: sizes.slice() };
}

/** A new volume of a type, centred on the origin. */
export function template(type, k = 18) {
  switch (type) {
    case 'sphere': return { type: 'sphere', center: [0, 0, 0], radius: 1 };
    case 'aabb': return { type: 'aabb', min: [-1, -0.75, -0.6], max: [1, 0.75, 0.6] };
    case 'obb': return { type: 'obb', center: [0, 0, 0], halfExtents: [1, 0.6, 0.75], rotation: [0.1456499, 0.2026649, 0.1125054, 0.9617981] };
    case 'kdop': return kdop(k);
    default: throw new TypeError(`unknown volume type ${type}`);
  }
}
