// Fitting every kind of bounding volume around a point set, and how tight each is: its volume over
// the volume of the points' convex hull (1 is the best any convex volume can do). Pure logic over
// the package (sx.fit, sx.convexHull, sx.volumeOf); the panel (fit-panel.js) shows the rows.

import { distinctVertices } from './vertices.js';

/** Vertices a file may give (a 2-million-vertex mesh is ~100 MB of floats to parse and fit). */
export const MAX_VERTICES = 2_000_000;

/** The largest extent of a point set once placed in the view (scene units; the presets' scale). */
export const VIEW_SIZE = 4;

/** The volumes fitted, in the panel's order: id, label, and the sx.fit call. */
export const FIT_KINDS = [
  { id: 'aabb', label: 'AABB', type: 'aabb' },
  { id: 'sphere', label: 'Minimal sphere', type: 'sphere' },
  { id: 'sphere-ritter', label: 'Ritter sphere', type: 'sphere', options: { method: 'ritter' } },
  { id: 'obb-fast', label: 'OBB (fast)', type: 'obb', options: { quality: 'fast' } },
  { id: 'obb-tight', label: 'OBB (tight)', type: 'obb', options: { quality: 'tight' } },
  ...[6, 8, 14, 18, 26].map((k) => ({ id: `kdop${k}`, label: `${k}-DOP`, type: 'kdop', options: { k } })),
];

/**
 * The volume enclosed by a closed triangle mesh ({ vertices, faces }, counter-clockwise seen from
 * outside, as sx.convexHull gives): the sum of the signed tetrahedra from the first vertex to each
 * face (divergence theorem). 0 for a flat or degenerate hull.
 */
export function hullVolume({ vertices, faces }) {
  if (!faces.length) return 0;
  const [ox, oy, oz] = vertices[0];
  let six = 0;
  for (const [i, j, k] of faces) {
    const a = vertices[i], b = vertices[j], c = vertices[k];
    const ax = a[0] - ox, ay = a[1] - oy, az = a[2] - oz;
    const bx = b[0] - ox, by = b[1] - oy, bz = b[2] - oz;
    const cx = c[0] - ox, cy = c[1] - oy, cz = c[2] - oz;
    six += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return Math.max(0, six / 6);
}

/**
 * Checks a loader's vertex positions (flat x, y, z) and returns its distinct points as a
 * Float64Array of x, y, z (a mesh repeats each vertex in every triangle around it: the bunny's
 * 208,353 positions are 34,834 points). Throws an Error whose message says what is wrong with the
 * file: no vertices, too many, or a coordinate that is not a finite number.
 */
export function distinctPoints(positions) {
  const n = Math.floor(positions.length / 3);
  if (n === 0) throw new Error('it has no vertices');
  if (n > MAX_VERTICES) throw new Error(`it has ${n.toLocaleString('en')} vertices; at most ${MAX_VERTICES.toLocaleString('en')} can be fitted here`);
  for (let i = 0; i < 3 * n; i++) {
    if (!Number.isFinite(positions[i])) {
      throw new Error(`vertex ${Math.floor(i / 3) + 1} has ${'xyz'[i % 3]} = ${positions[i]}, not a finite number`);
    }
  }
  return distinctVertices(positions);
}

/**
 * The points moved and scaled to the view: their bounding box centred on the origin, its largest
 * extent near VIEW_SIZE (scaled by a power of two, which is exact, so ratios do not change).
 * Returns { points, scale, offset }: a file's point p is drawn at (p - offset) * scale.
 */
export function placedInView(points) {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i++) {
    const a = i % 3;
    if (points[i] < min[a]) min[a] = points[i];
    if (points[i] > max[a]) max[a] = points[i];
  }
  const extent = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  const scale = extent > 0 ? 2 ** Math.round(Math.log2(VIEW_SIZE / extent)) : 1;
  const offset = min.map((lo, a) => lo / 2 + max[a] / 2);
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) out[i] = (points[i] - offset[i % 3]) * scale;
  return { points: out, scale, offset };
}

/**
 * Fits every kind of `kinds` (default: FIT_KINDS) around points (flat x, y, z). Yields first the hull
 * ({ hull: { volume, ms } }), then one row per kind, in order:
 * { id, label, volume, bvVolume, ratio, ms } (ratio: bvVolume / the hull's volume; null for a flat
 * point set, whose hull encloses nothing). A generator, so that a caller can show each row as it
 * comes. now: a clock in milliseconds.
 */
export function* fitRows(sx, points, now = () => performance.now(), kinds = FIT_KINDS) {
  let t = now();
  const hull = hullVolume(sx.convexHull(points));
  yield { hull: { volume: hull, ms: now() - t } };
  for (const kind of kinds) {
    t = now();
    const volume = sx.fit(kind.type, points, kind.options);
    const ms = now() - t;
    const bvVolume = sx.volumeOf(volume);
    yield { id: kind.id, label: kind.label, volume, bvVolume, ratio: hull > 0 ? bvVolume / hull : null, ms };
  }
}
