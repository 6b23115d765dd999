// The tutorial: what each candidate axis of a report is, why the separating-axis test tries it,
// and what the numbers say. Pure text from the report's labels and numbers (no geometry).
//
// Label grammar (the core's): "A.u0" (an OBB's local axis), "A.x" (an AABB's world axis),
// "A.n(1,1,0)" (a k-DOP slab normal), "B.e(1,-1,0)" (a k-DOP polytope edge direction),
// "A.x = B.x" (a face normal both have, tested once), "P × Q" (a cross product of edge
// directions), "closest-point direction" (a sphere's axis).

import { interval, num, vec } from './format.js';

const FEATURE = /^(A|B)\.(u[0-2]|[xyz]|n\([^)]*\)|e\([^)]*\))$/;

/** { side: 'A'|'B', kind: 'u'|'x'|'n'|'e', text } for "A.u0", or null. */
export function parseFeature(label) {
  const m = FEATURE.exec(label.trim());
  if (!m) return null;
  const [, side, f] = m;
  const kind = f[0] === 'u' ? 'u' : f[0] === 'n' ? 'n' : f[0] === 'e' ? 'e' : 'x';
  return { side, kind, name: f, vector: kind === 'n' || kind === 'e' ? f.slice(1) : null };
}

/** What kind of candidate an axis is: 'face' | 'shared-face' | 'edge-edge' | 'closest-point' | 'other'. */
export function axisKind(label) {
  if (label.includes('×')) return 'edge-edge';
  if (label.includes('closest')) return 'closest-point';
  if (label.includes(' = ')) return 'shared-face';
  return parseFeature(label) ? 'face' : 'other';
}

const who = (side, names) => `${side} (${names[side]})`;

function faceNormalText(f, names) {
  if (f.kind === 'u') return `${who(f.side, names)}'s own axis ${f.name}: the normal of the two faces of that box perpendicular to it`;
  if (f.kind === 'x') return `the world ${f.name} axis: the normal of two faces of the axis-aligned box ${who(f.side, names)}`;
  if (f.kind === 'n') return `the slab direction ${f.vector} of the k-DOP ${who(f.side, names)}: the normal of its two faces on that slab`;
  return `the direction ${f.vector} of ${who(f.side, names)}`;
}

function edgeText(f, names) {
  if (f.kind === 'u') return `${f.side}'s edges along its axis ${f.name}`;
  if (f.kind === 'x') return `${f.side}'s edges along the world ${f.name} axis`;
  if (f.kind === 'e') return `${f.side}'s edges along ${f.vector} (an edge direction of the k-DOP's polytope)`;
  return `${f.side}'s edges along ${f.vector}`;
}

/** One line: what the axis is. */
export function describeAxis(axis, names = { A: 'A', B: 'B' }) {
  const kind = axisKind(axis.label);
  if (kind === 'edge-edge') {
    const [p, q] = axis.label.split('×').map((s) => parseFeature(s.trim()));
    if (p && q) return `The cross product of ${edgeText(p, names)} and ${edgeText(q, names)}.`;
    return 'The cross product of an edge direction of A and one of B.';
  }
  if (kind === 'shared-face') {
    const f = parseFeature(axis.label.split(' = ')[0]);
    return `A face normal both volumes have (${axis.label}): ${f ? faceNormalText(f, names) : axis.label}, tested once.`;
  }
  if (kind === 'face') {
    const f = parseFeature(axis.label);
    return `A face normal: ${faceNormalText(f, names)}.`;
  }
  if (kind === 'closest-point') return 'The closest-point direction of the sphere.';
  return `The axis ${axis.label}.`;
}

/** Why the test tries this kind of axis. */
export function whyCandidate(axis, types) {
  const kind = axisKind(axis.label);
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
  const what = describeAxis(axis, names);
  const why = whyCandidate(axis, types);
  const first = report.separatingAxis;
  const after = first >= 0 && index > first;
  if (axis.degenerate) {
    return result(title, axisKind(axis.label), 'skipped', [
      ['what', what],
      ['outcome', `Skipped: ${axis.reason ?? 'this axis does not exist for this pair'}.`],
      ['next', after ? afterNote(report) : nextNote(report, index)],
    ]);
  }
  const [a0, a1] = axis.a, [b0, b1] = axis.b;
  const numbers = `Along the direction ${vec(axis.direction)}, A covers ${interval(axis.a)} and B covers ${interval(axis.b)}. ` +
    `The gap is max(B.min − A.max, A.min − B.max) = max(${num(b0)} − ${num(a1)}, ${num(a0)} − ${num(b1)}) = ${num(axis.gap)}.`;
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
  return result(title, axisKind(axis.label), after ? 'after' : outcome, [
    ['what', `${what} ${why}`],
    ['numbers', numbers],
    ['outcome', verdict],
    ['next', axis.separating && index === first ? '' : after ? afterNote(report) : nextNote(report, index)],
  ]);
}

function result(title, kind, outcome, paragraphs) {
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
