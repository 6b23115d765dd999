// The built-in point clouds of fit scenes (fit-scene.js names them) and a fit's points, turned
// as the scene says. Loaded with what shows fits (demo-full.js), never by a still demo.

import { mulberry32 as random } from './random.js';

const CLOUD_POINTS = 400;

/** A point uniformly on the surface of the box [-h, h] (half-extents h), its corners first. */
function onBox(h) {
  const area = [h[1] * h[2], h[0] * h[2], h[0] * h[1]];
  const total = area[0] + area[1] + area[2];
  return (r) => {
    // A face pair chosen by its area, then a point on one of the two.
    const u = r() * total;
    const axis = u < area[0] ? 0 : u < area[0] + area[1] ? 1 : 2;
    return [0, 1, 2].map((i) => (i === axis ? (r() < 0.5 ? -h[i] : h[i]) : (2 * r() - 1) * h[i]));
  };
}

const corners = (h) => Array.from({ length: 8 }, (_, c) => h.map((x, i) => ((c >> i) & 1 ? x : -x)));

/** A point uniformly on the unit sphere. */
function onSphere(r) {
  const z = 2 * r() - 1, a = 2 * Math.PI * r(), s = Math.sqrt(1 - z * z);
  return [s * Math.cos(a), s * Math.sin(a), z];
}

/**
 * The built-in clouds (flat x, y, z), each about 4 units across like the lessons' scenes:
 * rod: the surface of a long box along x (half-extents 2 × 0.5 × 0.35); ball: a sphere of radius 1.5;
 * tetrahedron: a regular one, its corners (±1, ±1, ±1) with an even number of minus signs, and
 * points inside it.
 */
export const POINT_CLOUDS = {
  rod: () => cloud(1, onBox([2, 0.5, 0.35]), corners([2, 0.5, 0.35])),
  ball: () => cloud(2, (r) => onSphere(r).map((x) => x * 1.5)),
  tetrahedron: () => {
    const tips = [[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]];
    return cloud(3, (r) => {
      // Uniform in the tetrahedron: sorted cuts of [0, 1] as barycentric weights.
      const [a, b, c] = [r(), r(), r()].sort((x, y) => x - y);
      const w = [a, b - a, c - b, 1 - c];
      return [0, 1, 2].map((i) => tips.reduce((sum, p, j) => sum + w[j] * p[i], 0));
    }, tips);
  },
};

function cloud(seed, point, fixed = []) {
  const r = random(seed);
  const points = [...fixed];
  while (points.length < CLOUD_POINTS) points.push(point(r));
  return Float64Array.from(points.flat());
}

/** The fit's points (flat x, y, z), turned as it says. */
export function fitPoints({ points, turn }) {
  const flat = typeof points === 'string' ? POINT_CLOUDS[points]() : Float64Array.from(points.flat());
  if (!turn || turn.degrees === 0) return flat;
  // Rodrigues' rotation about the unit axis k by the angle a: p cos a + (k × p) sin a + k (k · p)(1 - cos a).
  const n = Math.hypot(...turn.axis);
  const [kx, ky, kz] = turn.axis.map((x) => x / n);
  const a = (turn.degrees * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  const out = new Float64Array(flat.length);
  for (let i = 0; i < flat.length; i += 3) {
    const x = flat[i], y = flat[i + 1], z = flat[i + 2];
    const d = (kx * x + ky * y + kz * z) * (1 - c);
    out[i] = x * c + (ky * z - kz * y) * s + kx * d;
    out[i + 1] = y * c + (kz * x - kx * z) * s + ky * d;
    out[i + 2] = z * c + (kx * y - ky * x) * s + kz * d;
  }
  return out;
}
