// Scenes that teach, each with the verdict it must produce (checked by tests/e2e): the lesson is
// shown when the preset is loaded. Numbers were designed with sx.collide (see the tests).

/**
 * ray: the Floor under the player card's ray (floor-panel.js), cast straight down from B onto the
 * triangle A, meets it or not.
 * @typedef {{ id: string, title: string, lesson: string, expect: { overlap: boolean, separatingAxis?: RegExp, touching?: boolean, sweep?: { hit: boolean }, ray?: { hit: boolean } } | null, scene: object }} Preset
 */

/** The rotation quaternion [x, y, z, w] of a turn by `degrees` about the x, y or z axis, to full
 *  precision (so that the inspector shows 75 for a turn of 75°, not the 74.99 of a rounded one). */
function turnAbout(axis, degrees) {
  const half = (degrees * Math.PI) / 360;
  const q = [0, 0, 0, Math.cos(half)];
  q['xyz'.indexOf(axis)] = Math.sin(half);
  return q;
}

/** @type {Preset[]} */
export const PRESETS = [
  {
    id: 'welcome',
    title: 'Two boxes',
    lesson: 'Two oriented boxes that overlap: none of their 15 candidate axes separates them. Drag B with the gizmo until one does — the verdict and the axis list follow at once.',
    expect: { overlap: true },
    scene: {
      volumes: [
        { id: 'a', name: 'Box A', volume: { type: 'obb', center: [-0.8, 0, 0], halfExtents: [1, 0.6, 0.7], rotation: [0.1456499, 0.2026649, 0.1125054, 0.9617981] } },
        { id: 'b', name: 'Box B', volume: { type: 'obb', center: [0.9, 0.3, 0.2], halfExtents: [0.7, 0.9, 0.5], rotation: [-0.1907911, -0.0298408, 0.3094445, 0.9311028] } },
      ],
      selection: ['a', 'b'],
    },
  },
  {
    id: 'edge-edge',
    title: 'Edge against edge',
    lesson: 'Two bars whose edges cross without touching. Every face normal of both boxes sees their shadows overlap — only the cross product of an edge of A and an edge of B (A.u2 × B.u1) finds the gap. This is why the test needs the 9 edge–edge axes.',
    expect: { overlap: false, separatingAxis: /×/ },
    scene: {
      volumes: [
        { id: 'a', name: 'Bar A', volume: { type: 'obb', center: [-1.088049, 0.3, 0.628185], halfExtents: [0.8, 0.8, 1.6], rotation: [0.099046, 0.239118, 0.369644, 0.892399] } },
        { id: 'b', name: 'Bar B', volume: { type: 'obb', center: [1.188049, 0, -0.45498], halfExtents: [0.8, 1.6, 0.8], rotation: turnAbout('y', 75) } },
      ],
      selection: ['a', 'b'],
    },
  },
  {
    id: 'parallel',
    title: 'Parallel boxes',
    lesson: 'Two boxes turned the same way. A face normal separates them at once (A.u0). Their edges are parallel in pairs, so three cross products are zero: those axes do not exist and are skipped (greyed), and the other six repeat the face normals.',
    expect: { overlap: false, separatingAxis: /^A\.u0$/ },
    scene: {
      volumes: [
        { id: 'a', name: 'Box A', volume: { type: 'obb', center: [0, 0, 0], halfExtents: [1.1, 0.6, 0.8], rotation: turnAbout('y', 30) } },
        { id: 'b', name: 'Box B', volume: { type: 'obb', center: [2.068653, 0.4, -0.616987], halfExtents: [0.7, 0.9, 0.6], rotation: turnAbout('y', 30) } },
      ],
      selection: ['a', 'b'],
    },
  },
  {
    id: 'sphere-corner',
    title: 'Sphere near a corner',
    lesson: 'A sphere just off the corner of a box. All three face normals of the box see the shadows overlap; the sphere\'s own axis — from the closest point of the box (the corner) to the sphere\'s centre — finds the gap.',
    expect: { overlap: false, separatingAxis: /closest-point/ },
    scene: {
      volumes: [
        { id: 'a', name: 'Box', volume: { type: 'obb', center: [0, 0, 0], halfExtents: [1, 0.7, 0.9], rotation: [0.165611, 0.296137, 0.052217, 0.939228] } },
        { id: 'b', name: 'Ball', volume: { type: 'sphere', center: [2.171862, 0.97879, 0.639514], radius: 0.8 } },
      ],
      selection: ['a', 'b'],
    },
  },
  {
    id: 'kdop-diagonal',
    title: 'k-DOP diagonal plane',
    lesson: 'An 18-DOP (a box with cut edges) and a tilted box sitting against its deepest cut. Their bounding boxes overlap, so an AABB test would report a hit; the k-DOP\'s diagonal slab n(1,1,0) separates them.',
    expect: { overlap: false, separatingAxis: /n\(1,1,0\)/ },
    scene: {
      volumes: [
        { id: 'a', name: '18-DOP', volume: { type: 'kdop', k: 18, min: [-1, -1, -1, -1.6, -1.6, -1.6, -1.6, -1.6, -1.6], max: [1, 1, 1, 1, 1.6, 1.6, 1.6, 1.6, 1.6] } },
        { id: 'b', name: 'Box', volume: { type: 'obb', center: [0.959619, 0.959619, 0.1], halfExtents: [0.5, 0.35, 0.6], rotation: turnAbout('z', 45) } },
      ],
      selection: ['a', 'b'],
    },
  },
  {
    id: 'floor-triangle',
    title: 'A floor triangle and a crate',
    lesson: 'A tilted floor triangle (A) and a crate (B) over it. The floor\'s normal A.n separates them: every corner of the crate lies on the front side of the floor\'s plane, the half-space test a game makes to keep a player above the ground. A triangle against a box has 13 candidate axes: its normal, the box\'s 3 faces and the 9 cross products of their edges. Drag the crate down into the floor and watch A.n give way.',
    expect: { overlap: false, separatingAxis: /^A\.n$/, ray: { hit: true } },
    scene: {
      volumes: [
        { id: 'floor', name: 'Floor', volume: { type: 'triangle', vertices: [[2, -0.3, -1.5], [-2, -0.3, -1.5], [0, 0.5, 2]] } },
        { id: 'crate', name: 'Crate', volume: { type: 'aabb', min: [-0.4, 0.35, -0.4], max: [0.4, 1.15, 0.4] } },
      ],
      selection: ['floor', 'crate'],
    },
  },
  {
    id: 'ray-triangle',
    title: 'Ray meets triangle',
    lesson: 'How high is the floor under the player? A game casts a ray straight down from the player (B) onto a floor triangle (A). The ray meets the floor\'s plane, and the point is on the triangle when it lies on the inside of all three edges: the half-space test. Seen from above, each edge\'s function E(p) = (b − a) × (p − a) has the sign of the corner opposite exactly when p is on the inside. The Floor under the player card lists the three signs, the hit\'s height and the corners\' weights (each E over the whole triangle\'s). Move the player past an edge (Shift+arrows): that edge turns orange and the ray misses.',
    expect: { overlap: false, ray: { hit: true } },
    scene: {
      volumes: [
        { id: 'floor', name: 'Floor', volume: { type: 'triangle', vertices: [[-2.4, -0.6, -1.5], [2.6, -0.1, -1.8], [0.2, 0.5, 2.2]] } },
        { id: 'player', name: 'Player', volume: { type: 'sphere', center: [0.3, 1.2, 0.1], radius: 0.35 } },
      ],
      selection: ['floor', 'player'],
    },
  },
  {
    id: 'nested',
    title: 'Nested volumes',
    lesson: 'A sphere wholly inside a box. Every interval of the sphere lies inside the box\'s, and its closest-point axis does not exist (its centre is inside the box): they overlap, and the penetration depth is how far the sphere must travel to get out.',
    expect: { overlap: true },
    scene: {
      volumes: [
        { id: 'a', name: 'Box', volume: { type: 'obb', center: [0, 0, 0], halfExtents: [1.6, 1.1, 1], rotation: turnAbout('y', 15) } },
        { id: 'b', name: 'Ball', volume: { type: 'sphere', center: [0.4, 0.1, 0.2], radius: 0.5 } },
      ],
      selection: ['a', 'b'],
    },
  },
  {
    id: 'touching',
    title: 'Touching faces',
    lesson: 'Two axis-aligned boxes that share part of a face. On x the intervals meet at one point (gap 0): volumes are closed, so touching counts as overlap, with a penetration depth of 0.',
    expect: { overlap: true, touching: true },
    scene: {
      volumes: [
        { id: 'a', name: 'Left', volume: { type: 'aabb', min: [-2, -0.5, -1], max: [0, 0.5, 1] } },
        { id: 'b', name: 'Right', volume: { type: 'aabb', min: [0, -0.25, -0.6], max: [1.2, 1, 0.6] } },
      ],
      selection: ['a', 'b'],
    },
  },
  {
    id: 'bullet-wall',
    title: 'Bullet and wall',
    lesson: 'A small box flies at a thin wall, 6 units in one unit of time. At t = 0 it is before the wall and at t = 1 past it: a test at each end says "apart", and a game stepping once a unit would let it pass through (tunnelling). The sweep tests the whole motion: every axis\'s interval of times, the latest start is the first contact. Press Play, or go to the contact.',
    expect: { overlap: false, separatingAxis: /^A\.x$/, sweep: { hit: true } },
    scene: {
      volumes: [
        { id: 'wall', name: 'Wall', volume: { type: 'aabb', min: [-0.1, -1.2, -1.2], max: [0.1, 1.2, 1.2] } },
        { id: 'bullet', name: 'Bullet', volume: { type: 'obb', center: [-3, 0.3, 0.2], halfExtents: [0.15, 0.15, 0.15], rotation: turnAbout('x', 30) }, velocity: [6, 0, 0] },
      ],
      selection: ['wall', 'bullet'],
    },
  },
  {
    id: 'zoo',
    title: 'One of each',
    lesson: 'A sphere, an AABB, an OBB and the five k-DOPs. Click one volume, then another, to compare any pair; red volumes overlap another, green ones overlap none.',
    expect: { overlap: true },
    scene: {
      volumes: [
        { id: 's', name: 'Sphere', volume: { type: 'sphere', center: [-3.1, 0, -0.5], radius: 0.9 } },
        { id: 'aabb', name: 'AABB', volume: { type: 'aabb', min: [-2.4, -0.7, -0.9], max: [-0.8, 0.7, 0.5] } },
        { id: 'obb', name: 'OBB', volume: { type: 'obb', center: [0.3, 0, -0.2], halfExtents: [0.9, 0.6, 0.7], rotation: [0.1456499, 0.2026649, 0.1125054, 0.9617981] } },
        { id: 'k6', name: '6-DOP', volume: { type: 'kdop', k: 6, min: [-4.05, -0.85, 1.75], max: [-2.35, 0.85, 3.45] } },
        { id: 'k8', name: '8-DOP', volume: { type: 'kdop', k: 8, min: [0.925, -4.675, 0.925, -4.675], max: [3.475, -2.125, 3.475, -2.125] } },
        { id: 'k14', name: '14-DOP', volume: { type: 'kdop', k: 14, min: [1.35, -0.85, 1.75, 2.845, -2.355, 2.845, -2.355], max: [3.05, 0.85, 3.45, 6.755, 1.555, 6.755, 1.555] } },
        { id: 'k18', name: '18-DOP', volume: { type: 'kdop', k: 18, min: [2.55, -0.85, -0.85, 1.955, 1.955, 1.955, 1.955, -1.445, -1.445], max: [4.25, 0.85, 0.85, 4.845, 4.845, 4.845, 4.845, 1.445, 1.445] } },
        { id: 'k26', name: '26-DOP', volume: { type: 'kdop', k: 26, min: [0.35, -0.85, -3.65, -3.555, 2.045, -3.555, 2.045, -0.245, -0.245, -3.045, 2.555, -4.245, 1.355], max: [2.05, 0.85, -1.95, 0.355, 5.955, 0.355, 5.955, 2.645, 2.645, -0.155, 5.445, -1.355, 4.245] } },
      ],
      selection: ['aabb', 'obb'],
    },
  },
];

/** Not a lesson: a blank scene to build in. */
export const EMPTY = {
  id: 'empty',
  title: 'Empty scene',
  lesson: 'An empty scene: add volumes from the toolbar (keys 1–4). The last two you pick are compared.',
  expect: null,
  scene: { volumes: [], selection: [] },
};

export function presetById(id) {
  if (id === EMPTY.id) return EMPTY;
  return PRESETS.find((p) => p.id === id);
}
