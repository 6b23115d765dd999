// What a lesson's demo shows from its camera, in plain geometry: volumes projected through the
// eye onto the picture plane. Whether two volumes look apart does not depend on the field of view
// or the picture's size (a central projection only scales the picture), only on where the eye is
// and where it looks.

/** The demo's field of view (vertical, degrees) and its narrowest view (a phone's: about square). */
const DEMO_FOV = 45;
const NARROWEST_ASPECT = 1;
/** Without a camera attribute the demo frames the volumes from this direction, with this margin
 *  (sepaxis-demo.js: its first camera position; #frame). */
const DEFAULT_EYE_DIRECTION = [5.5, 4.2, 7.5];
const FRAME_MARGIN = 1.15;

const sub = (p, q) => p.map((x, i) => x - q[i]);
const dot = (p, q) => p.reduce((s, x, i) => s + x * q[i], 0);
const cross = ([a, b, c], [d, e, f]) => [b * f - c * e, c * d - a * f, a * e - b * d];
const unit = (p) => p.map((x) => x / Math.hypot(...p));

/** Points whose convex hull is the volume (a sphere: 48 × 24 points on it, off by < 0.3 % of r). */
export function outline(sx, volume) {
  if (volume.type !== 'sphere') return sx.polytope(volume).vertices;
  const points = [];
  for (let i = 0; i <= 24; i++) {
    const phi = (Math.PI * i) / 24;
    for (let j = 0; j < 48; j++) {
      const theta = (2 * Math.PI * j) / 48;
      points.push([Math.sin(phi) * Math.cos(theta), Math.cos(phi), Math.sin(phi) * Math.sin(theta)].map((x, k) => volume.center[k] + volume.radius * x));
    }
  }
  return points;
}

/** Where a demo's eye is ({position, target}): its camera attribute, else the demo's framing. */
export function demoEye(sx, demo) {
  if (demo.camera) return demo.camera;
  const boxes = demo.scene.volumes.map((v) => sx.boundingBox(v.volume));
  const min = [0, 1, 2].map((k) => Math.min(...boxes.map((b) => b.min[k])));
  const max = [0, 1, 2].map((k) => Math.max(...boxes.map((b) => b.max[k])));
  const target = min.map((x, k) => (x + max[k]) / 2);
  const distance = (Math.hypot(...sub(max, min)) / 2) * FRAME_MARGIN / Math.sin((DEMO_FOV * Math.PI) / 360);
  return { position: target.map((x, k) => x + unit(DEFAULT_EYE_DIRECTION)[k] * distance), target };
}

/** The points on the picture plane at distance 1 from the eye (y up), or null behind the eye. */
function project({ position, target }, points) {
  const forward = unit(sub(target, position));
  const right = unit(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  return points.map((p) => {
    const v = sub(p, position);
    const depth = dot(v, forward);
    return depth > 0 ? [dot(v, right) / depth, dot(v, up) / depth] : null;
  });
}

/** The convex hull of 2D points, counter-clockwise (Andrew's monotone chain). */
function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const turn = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const out = [];
    for (const q of list) {
      while (out.length >= 2 && turn(out.at(-2), out.at(-1), q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half([...p].reverse())];
}

/** True when the two point sets, seen from the eye, cover disjoint parts of the picture. */
export function apartSeenFrom(eye, a, b) {
  const [pa, pb] = [project(eye, a), project(eye, b)];
  if (pa.includes(null) || pb.includes(null)) return false;
  const [ha, hb] = [hull(pa), hull(pb)];
  // Two convex polygons are apart when an edge normal of one of them separates them.
  for (const poly of [ha, hb]) {
    for (let i = 0; i < poly.length; i++) {
      const [p, q] = [poly[i], poly[(i + 1) % poly.length]];
      const n = [q[1] - p[1], p[0] - q[0]];
      const span = (h) => h.map((x) => dot(x, n));
      const [sa, sb] = [span(ha), span(hb)];
      if (Math.max(...sa) < Math.min(...sb) || Math.max(...sb) < Math.min(...sa)) return true;
    }
  }
  return false;
}

/** True when every point is in the demo's picture, however narrow the view. */
export function inFrame(eye, points) {
  const half = Math.tan((DEMO_FOV * Math.PI) / 360);
  return project(eye, points).every((p) => p && Math.abs(p[1]) <= half && Math.abs(p[0]) <= half * NARROWEST_ASPECT);
}
