// A fit scene: instead of volumes, a point set and the kinds of volume to fit around it, each
// drawn with its volume over the convex hull's (fit-table.js). The form, checked by share.js's
// checkScene like the rest of a scene:
//
//   { "fit": { "points": "rod" | [[x, y, z], …], "volumes": ["aabb", "obb-tight", …],
//              "turn": { "axis": [x, y, z], "degrees": 40 } } }
//
// points: a built-in cloud (point-clouds.js: small, generated, the same on every machine) or the
// points themselves; volumes: ids of fit-table.js's FIT_KINDS; turn (optional): the points turned
// about an axis through the origin before fitting. Pure data: no drawing, no package. The clouds
// themselves are made only where a fit is shown (point-clouds.js), out of a still demo's bytes.

/** The ids of fit-table.js's FIT_KINDS (kept here so that checking a scene loads no fitting). */
export const FIT_KIND_IDS = ['aabb', 'sphere', 'sphere-ritter', 'obb-fast', 'obb-tight', 'kdop6', 'kdop8', 'kdop14', 'kdop18', 'kdop26'];
/** Most points a scene may carry itself (a fit of this many takes well under a frame). */
export const MAX_FIT_POINTS = 10_000;
/** The names of point-clouds.js's POINT_CLOUDS (a test holds the two together). */
export const CLOUD_NAMES = ['rod', 'ball', 'tetrahedron'];

const show = (x) => {
  const s = x === undefined ? 'nothing' : typeof x === 'number' ? String(x) : JSON.stringify(x) ?? String(x);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
};
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const finite = (x) => typeof x === 'number' && Number.isFinite(x);

/**
 * What is wrong with a scene's `fit` (the form above), or null. The message names the field and
 * the value.
 */
export function fitProblem(fit) {
  if (!isObject(fit)) return `fit must be an object {points, volumes, turn?}, got ${show(fit)}`;
  const extra = Object.keys(fit).find((key) => !['points', 'volumes', 'turn'].includes(key));
  if (extra !== undefined) return `fit has no field "${extra}" (it has points, volumes and turn)`;
  const { points, volumes, turn } = fit;
  const names = CLOUD_NAMES.map((n) => `"${n}"`).join(', ');
  if (typeof points === 'string') {
    if (!CLOUD_NAMES.includes(points)) return `fit.points must be a built-in cloud (${names}) or an array of [x, y, z] points, got ${show(points)}`;
  } else if (Array.isArray(points)) {
    if (points.length < 1 || points.length > MAX_FIT_POINTS) return `fit.points must hold 1 to ${MAX_FIT_POINTS.toLocaleString('en')} points, got ${points.length.toLocaleString('en')}`;
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      if (!Array.isArray(p) || p.length !== 3) return `fit.points[${i}] must be an array of 3 numbers, got ${show(p)}`;
      const j = p.findIndex((x) => !finite(x));
      if (j >= 0) return `fit.points[${i}][${j}] must be a finite number, got ${show(p[j])}`;
    }
  } else return `fit.points must be a built-in cloud (${names}) or an array of [x, y, z] points, got ${show(points)}`;
  if (!Array.isArray(volumes) || volumes.length === 0) return `fit.volumes must be a non-empty array of volume kinds (${FIT_KIND_IDS.join(', ')}), got ${show(volumes)}`;
  for (let i = 0; i < volumes.length; i++) {
    if (!FIT_KIND_IDS.includes(volumes[i])) return `fit.volumes[${i}] must be one of ${FIT_KIND_IDS.join(', ')}, got ${show(volumes[i])}`;
    if (volumes.indexOf(volumes[i]) !== i) return `fit.volumes[${i}] repeats ${show(volumes[i])}`;
  }
  if (turn !== undefined) {
    if (!isObject(turn)) return `fit.turn must be an object {axis: [x, y, z], degrees}, got ${show(turn)}`;
    const { axis, degrees } = turn;
    if (!Array.isArray(axis) || axis.length !== 3 || !axis.every(finite)) return `fit.turn.axis must be an array of 3 finite numbers, got ${show(axis)}`;
    if (!(Math.hypot(...axis) > 0)) return `fit.turn.axis must not be zero, got ${show(axis)}`;
    if (!finite(degrees)) return `fit.turn.degrees must be a finite number, got ${show(degrees)}`;
  }
  return null;
}

/** A clean copy of a fit that fitProblem passed. */
export function copyFit({ points, volumes, turn }) {
  return {
    points: typeof points === 'string' ? points : points.map((p) => [...p]),
    volumes: [...volumes],
    ...(turn ? { turn: { axis: [...turn.axis], degrees: turn.degrees } } : {}),
  };
}

