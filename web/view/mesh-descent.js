// A mesh query's descent (mesh.traceOverlaps) as learners see it: which nodes it tested and found
// apart, tested and found maybe meeting (so it went below them), and never reached (below a node
// found apart, or after the first overlapping triangle, where the query stops); their colours and
// the words for one step of it.

const n = (x) => x.toLocaleString('en');

/**
 * How each kind of node is drawn: a colour of the Okabe-Ito palette (told apart with the common
 * colour blindnesses) and a second cue besides the colour: filled, outlined, or faint.
 */
export const DESCENT_STYLES = {
  meets: { color: 0xe69f00, fill: 0.16, edge: 1, label: 'Tested, may meet (orange, filled): its children are tested next' },
  apart: { color: 0x56b4e9, fill: 0, edge: 1, label: 'Tested, apart (blue, outline): nothing below it is tested' },
  unreached: { color: 0x9aa4b2, fill: 0, edge: 0.35, label: 'Never reached (grey, faint)' },
};

/**
 * The nodes of a trace ({ steps: [node, other, meets, ...] }) of `mesh` (for its nodeChildren):
 * { meets, apart } (node indices tested, by verdict) and unreached (the untested children of
 * tested nodes: the first nodes below which the descent never went).
 */
export function descentNodes(mesh, { steps }) {
  const meets = [], apart = [], tested = new Set();
  for (let s = 0; s < steps.length; s += 3) {
    (steps[s + 2] ? meets : apart).push(steps[s]);
    tested.add(steps[s]);
  }
  const unreached = [];
  for (const node of tested)
    for (const child of mesh.nodeChildren(node)) if (!tested.has(child)) unreached.push(child);
  return { meets, apart, unreached };
}

/** The triangles of a trace that met the volume (at most one: the query stops there). */
export function meetingTriangles({ triangles }) {
  const out = [];
  for (let t = 0; t < triangles.length; t += 3) if (triangles[t + 2]) out.push(triangles[t]);
  return out;
}

/**
 * The nodes of each mesh a trace of two meshes tested ({ steps: [node, otherNode, meets, ...] }):
 * { a: { meets, apart }, b: { meets, apart } }, a node in `meets` when some pair of it may meet.
 */
export function descentPairNodes({ steps }) {
  const a = new Map(), b = new Map();
  for (let s = 0; s < steps.length; s += 3) {
    a.set(steps[s], (a.get(steps[s]) ?? 0) | steps[s + 2]);
    b.set(steps[s + 1], (b.get(steps[s + 1]) ?? 0) | steps[s + 2]);
  }
  const split = (m) => ({ meets: [...m].filter(([, v]) => v).map(([k]) => k), apart: [...m].filter(([, v]) => !v).map(([k]) => k) });
  return { a: split(a), b: split(b) };
}

/**
 * Step `index` (from 0) of a trace against a volume called `name`, in words; of a trace of two
 * meshes (steps name the other's node), against the other mesh called `name`.
 */
export function stepText({ steps }, index, name) {
  const count = steps.length / 3;
  const node = steps[3 * index], other = steps[3 * index + 1], meets = steps[3 * index + 2] === 1;
  const where = `Step ${n(index + 1)} of ${n(count)}`;
  if (other >= 0) {
    const verdict = meets ? 'may meet: the larger is split next (two leaves: their triangles are tested)' : 'are apart: no pair below them is tested';
    return `${where}: node ${n(node)} and node ${n(other)} of ${name} ${verdict}.`;
  }
  const verdict = meets ? `may meet ${name}: its children are tested next (or its triangles, if it is a leaf)` : `is apart from ${name}: nothing below it is tested`;
  return `${where}: node ${n(node)} ${verdict}.`;
}
