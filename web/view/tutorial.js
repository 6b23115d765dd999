// The tutorial: what each candidate axis of a report is, why the separating-axis test tries it,
// and what the numbers say. Pure text from the report's fields and numbers (no geometry).
//
// Each axis says where it comes from (the package's AxisReport): its kind, 'face' (a face normal
// of A, of B, or of both: then both features are set and it is tested once), 'edge-edge' (the
// cross product of an edge direction of each) or 'closest-point' (a sphere's axis), and the
// feature of each volume: 'u0' (an OBB's local axis), 'x' (an AABB's world axis), 'n(1,1,0)' (a
// k-DOP slab normal), 'e(1,-1,0)' (a k-DOP polytope edge direction), 'n' or 'ab' (a triangle's
// normal, its edge from corner a to b), or null. The label is for
// showing only.

import { difference, interval, num, vec } from './format.js';

/** How the axis list and the tutorial mark an axis: 'face' | 'shared-face' | 'edge-edge' | 'closest-point'. */
export function axisKind(axis) {
  return axis.kind === 'face' && axis.featureA !== null && axis.featureB !== null ? 'shared-face' : axis.kind;
}

const who = (side, names) => `${side} (${names[side]})`;
/** A k-DOP feature's integer direction: 'n(1,1,0)' and 'e(1,1,0)' are both along '(1,1,0)'. */
const direction = (feature) => feature.slice(1);

/** Face `feature` of volume `side`, for a reader: what it is depends on the volume's type. */
function faceNormalText(side, feature, names, types) {
  switch (types[side]) {
    case 'obb': return `axis ${feature} of the box ${who(side, names)}: the normal of the two faces of that box perpendicular to it`;
    case 'aabb': return `the world ${feature} axis: the normal of two faces of the axis-aligned box ${who(side, names)}`;
    case 'triangle': return `the normal of the triangle ${who(side, names)}: its plane seen edge-on, the half-space test of every point against it`;
    default: return `the slab direction ${direction(feature)} of the k-DOP ${who(side, names)}: the normal of its two faces on that slab`;
  }
}

/** The edges of volume `side` along edge direction `feature`. */
function edgeText(side, feature, types) {
  switch (types[side]) {
    case 'obb': return `${side}'s edges along its axis ${feature}`;
    case 'aabb': return `${side}'s edges along the world ${feature} axis`;
    case 'triangle': return `${side}'s edge ${feature} (from its corner ${feature[0]} to its corner ${feature[1]})`;
    default: return `${side}'s edges along ${direction(feature)} (an edge direction of the k-DOP's polytope)`;
  }
}

/** One line: what the axis is. names: { A, B } display names; types: { A, B } volume types. */
export function describeAxis(axis, names, types) {
  const { featureA, featureB } = axis;
  switch (axisKind(axis)) {
    case 'edge-edge':
      return `The cross product of ${edgeText('A', featureA, types)} and ${edgeText('B', featureB, types)}.`;
    case 'shared-face':
      return `A face normal both volumes have (${axis.label}): ${faceNormalText('A', featureA, names, types)}, tested once.`;
    case 'face':
      return `A face normal: ${featureA !== null ? faceNormalText('A', featureA, names, types) : faceNormalText('B', featureB, names, types)}.`;
    default:
      return 'The closest-point direction of the sphere.';
  }
}

/** Why the test tries this kind of axis. */
export function whyCandidate(axis, types) {
  const kind = axisKind(axis);
  if (kind === 'face' || kind === 'shared-face') {
    return 'Face normals are candidates because when two convex volumes are apart, often a face of one looks straight at the other across the gap, and the plane of that face separates them.';
  }
  if (kind === 'edge-edge') {
    return 'Edge–edge axes are candidates because two polyhedra can be apart even when no face normal separates them: the separating plane then touches an edge of each, so it contains both edge directions and its normal is their cross product.';
  }
  if (kind === 'closest-point') {
    if (types.A === 'sphere' && types.B === 'sphere') {
      return 'Two spheres have only one candidate: the line through their centres. If they are apart, the plane halfway along the gap, perpendicular to that line, separates them.';
    }
    return 'A sphere has no faces or edges. Its candidate is the direction from the point of the other volume closest to the sphere\'s centre towards that centre: if they are apart, the plane through that closest point, perpendicular to this direction, separates them.';
  }
  return '';
}

/**
 * The explanation of step `index` of a report: { title, kind, paragraphs: [[class, text]...],
 * text: the same as one paragraph, outcome: 'overlap' | 'separating' | 'skipped' | 'after' }.
 * Paragraphs: what the axis is and why it is a candidate; the numbers compared; the outcome.
 * names: { A, B } display names; types: { A, B } volume types.
 */
export function explainStep(report, index, names, types) {
  const axis = report.axes[index];
  const n = report.axes.length;
  const title = `Step ${index + 1} of ${n} · ${axis.label}`;
  const what = describeAxis(axis, names, types);
  const why = whyCandidate(axis, types);
  const first = report.separatingAxis;
  const after = first >= 0 && index > first;
  if (axis.degenerate) {
    return result(title, axisKind(axis), 'skipped', [
      ['what', what],
      ['outcome', `Skipped: ${axis.reason ?? 'this axis does not exist for this pair'}.`],
      ['next', after ? afterNote(report) : nextNote(report, index)],
    ]);
  }
  const [a0, a1] = axis.a, [b0, b1] = axis.b;
  const numbers = `Along the direction ${vec(axis.direction)}, A covers ${interval(axis.a)} and B covers ${interval(axis.b)}. ` +
    `The gap is max(B.min − A.max, A.min − B.max) = max(${difference(b0, a1)}, ${difference(a0, b1)}) = ${num(axis.gap)}.`;
  let verdict;
  let outcome;
  if (axis.separating) {
    outcome = 'separating';
    verdict = index === first
      ? `The gap is positive: the intervals do not meet, so the plane perpendicular to this axis in the middle of the gap separates the volumes. The test stops here — A and B are apart.`
      : `This axis separates them too, but the test had already stopped at step ${first + 1}.`;
  } else {
    outcome = 'overlap';
    verdict = axis.gap === 0
      ? 'The intervals just touch (gap 0). Volumes are closed sets, so touching counts as overlapping: this axis does not separate them.'
      : `The intervals overlap by ${num(-axis.gap)}, so this axis cannot separate them.`;
  }
  const repeat = repeatedFace(report, index);
  return result(title, axisKind(axis), after ? 'after' : outcome, [
    ['what', `${what} ${why}`],
    ['repeat', repeat === null ? '' : `Its direction is the face normal ${report.axes[repeat].label} already tested at step ${repeat + 1}, so the intervals are the same as there and so is the answer: the test could skip it, and faster implementations do.`],
    ['numbers', numbers],
    ['outcome', verdict],
    ['next', axis.separating && index === first ? '' : after ? afterNote(report) : nextNote(report, index)],
  ]);
}

/**
 * The earlier face axis whose direction this edge–edge axis repeats (parallel to it within 1e-9
 * of a radian), or null. Two boxes turned the same way have this: the cross product of an edge
 * of each is a face normal of both (Ericson, RTCD 4.4.1, on the parallel-edge case).
 */
export function repeatedFace(report, index) {
  const axis = report.axes[index];
  if (axis.kind !== 'edge-edge' || axis.degenerate) return null;
  const d = axis.direction;
  for (let j = 0; j < index; j++) {
    const other = report.axes[j];
    if (other.kind !== 'face' || other.degenerate) continue;
    const e = other.direction;
    const cx = d[1] * e[2] - d[2] * e[1], cy = d[2] * e[0] - d[0] * e[2], cz = d[0] * e[1] - d[1] * e[0];
    if (Math.hypot(cx, cy, cz) <= 1e-9 * Math.hypot(...d) * Math.hypot(...e)) return j;
  }
  return null;
}

export function result(title, kind, outcome, paragraphs) {
  paragraphs = paragraphs.filter(([, text]) => text);
  return { title, kind, outcome, paragraphs, text: paragraphs.map(([, text]) => text) };
}

function nextNote(report, index) {
  if (index + 1 < report.axes.length) return 'Go on to the next axis.';
  if (report.overlap) {
    const p = report.penetration;
    const depth = p ? ` The shallowest overlap is ${num(p.depth)} along ${vec(p.normal)}: moving B by that much in that direction makes them just touch.` : '';
    return `That was the last candidate and none separated the volumes. By the separating-axis theorem (for convex volumes, these candidates are the only directions that can separate them) A and B overlap.${depth}`;
  }
  return '';
}

function afterNote(report) {
  return `(Shown for completeness: the test stopped at step ${report.separatingAxis + 1}, the first separating axis.)`;
}

