// A mesh query's descent (mesh.traceOverlaps, traceOverlapsMesh) as learners see it: which nodes
// it tested and found apart, tested and found maybe meeting (so it went below them), and never
// reached (below a node found apart, or after the first overlapping triangle, where the query
// stops); its node and triangle tests in the order it made them; their colours and the words for
// one step of it.

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
 * { meets, apart } (node indices tested, by verdict) and unreached (every node never tested, at
 * every depth down to the leaves: below a node found apart, or below where the query stopped),
 * shallower first.
 */
export function descentNodes(mesh, { steps }) {
  const meets = [], apart = [], tested = new Set();
  for (let s = 0; s < steps.length; s += 3) {
    (steps[s + 2] ? meets : apart).push(steps[s]);
    tested.add(steps[s]);
  }
  return { meets, apart, unreached: untested(mesh, tested) };
}

/**
 * The nodes of `mesh` not in `tested` (a Set), shallower first: level by level (nodesAtDepth
 * lists a level's nodes and the leaves above it, so each node is taken at its own depth).
 */
export function untested(mesh, tested) {
  const seen = new Set(), out = [];
  for (let depth = 0; depth <= mesh.depth; depth++) {
    for (const node of mesh.nodesAtDepth(depth)) {
      if (seen.has(node)) continue;
      seen.add(node);
      if (!tested.has(node)) out.push(node);
    }
  }
  return out;
}

/** The triangles of a trace that met the volume (at most one: the query stops there). */
export function meetingTriangles({ triangles }) {
  const out = [];
  for (let t = 0; t < triangles.length; t += 3) if (triangles[t + 2]) out.push(triangles[t]);
  return out;
}

/**
 * The nodes of each mesh a trace of two meshes (meshA's against meshB) tested ({ steps: [node,
 * otherNode, meets, ...] }): { a: { meets, apart, unreached }, b: … }, a node in `meets` when
 * some pair of it may meet, in `apart` when it was tested only in pairs apart, in `unreached`
 * when it is in no pair tested (below a pair apart, down to the leaves), shallower first.
 */
export function descentPairNodes(meshA, meshB, { steps }) {
  const a = new Map(), b = new Map();
  for (let s = 0; s < steps.length; s += 3) {
    a.set(steps[s], (a.get(steps[s]) ?? 0) | steps[s + 2]);
    b.set(steps[s + 1], (b.get(steps[s + 1]) ?? 0) | steps[s + 2]);
  }
  const split = (mesh, m) => ({
    meets: [...m].filter(([, v]) => v).map(([k]) => k),
    apart: [...m].filter(([, v]) => !v).map(([k]) => k),
    unreached: untested(mesh, m),
  });
  return { a: split(meshA, a), b: split(meshB, b) };
}

/**
 * The tests of a trace in the order the query made them, node tests and triangle tests together:
 * [{ step } or { triangle, leaf, otherLeaf }] (indices of trace.steps' and trace.triangles'
 * triples; the leaves that hold the triangle, otherLeaf -1 against a volume). The trace keeps the
 * two kinds apart; their order between them is the descent's (cpp/src/mesh_descent.h). Against a
 * volume (`other` null): depth first, a node's two children tested together, then entered, the
 * first before the second, those that may meet; a leaf's triangles tested as it is entered.
 * Two meshes: a pair of leaves that may meet has its triangle pairs tested at once. Either stops
 * at the first triangle test that meets.
 */
export function descentTimeline(mesh, other, { steps, triangles }) {
  const count = steps.length / 3, triangleCount = triangles.length / 3;
  const events = [];
  let s = 0, t = 0, stopped = false;
  // The triangle tests of leaves (node, otherNode) that may meet, up to `n` of them.
  const testTriangles = (leaf, otherLeaf, n) => {
    for (let k = 0; k < n && t < triangleCount && !stopped; k++, t++) {
      events.push({ triangle: t, leaf, otherLeaf });
      stopped = triangles[3 * t + 2] === 1;
    }
  };
  const isLeaf = (m, node) => m.nodeChildren(node).length === 0;
  if (other) {
    for (; s < count && !stopped; s++) {
      events.push({ step: s });
      const a = steps[3 * s], b = steps[3 * s + 1];
      if (steps[3 * s + 2] && isLeaf(mesh, a) && isLeaf(other, b)) {
        testTriangles(a, b, mesh.leafTriangles(a).length * other.leafTriangles(b).length);
      }
    }
  } else {
    const test = () => {
      events.push({ step: s });
      return { node: steps[3 * s], meets: steps[3 * s++ + 2] === 1 };
    };
    const entered = [];
    if (count) {
      const root = test();
      if (root.meets) entered.push(root.node);
    }
    while (entered.length && !stopped) {
      const node = entered.pop();
      const children = mesh.nodeChildren(node);
      if (!children.length) {
        testTriangles(node, -1, mesh.leafTriangles(node).length);
      } else if (s + 2 <= count) {
        const first = test(), second = test();
        if (second.meets) entered.push(second.node);
        if (first.meets) entered.push(first.node);
      }
    }
  }
  // Nothing is left when the order is the descent's; what would be, in the trace's order.
  while (s < count) events.push({ step: s++ });
  while (t < triangleCount) events.push({ triangle: t++, leaf: -1, otherLeaf: -1 });
  return events;
}

/**
 * Event `index` (from 0) of a timeline (descentTimeline) of a trace against a volume called
 * `name`, in words; of a trace of two meshes (steps name the other's node), against the other
 * mesh called `name`.
 */
export function stepText({ steps, triangles }, timeline, index, name) {
  const event = timeline[index];
  const where = `Step ${n(index + 1)} of ${n(timeline.length)}`;
  if (event.triangle !== undefined) return `${where}: ${triangleText(triangles, event, name)}`;
  const node = steps[3 * event.step], other = steps[3 * event.step + 1], meets = steps[3 * event.step + 2] === 1;
  if (other >= 0) {
    const verdict = meets ? 'may meet: the larger is split next (two leaves: their triangles are tested)' : 'are apart: no pair below them is tested';
    return `${where}: node ${n(node)} and node ${n(other)} of ${name} ${verdict}.`;
  }
  const verdict = meets ? `may meet ${name}: its children are tested next (or its triangles, if it is a leaf)` : `is apart from ${name}: nothing below it is tested`;
  return `${where}: node ${n(node)} ${verdict}.`;
}

/** A triangle test of a timeline, in words (after "Step i of n: "). */
function triangleText(triangles, { triangle, leaf }, name) {
  const t = triangles[3 * triangle], other = triangles[3 * triangle + 1], meets = triangles[3 * triangle + 2] === 1;
  const inLeaf = leaf >= 0 ? ` of leaf ${n(leaf)}` : '';
  if (other >= 0) {
    return `triangle ${n(t)}${inLeaf} and triangle ${n(other)} of ${name} ${meets ? 'meet: the meshes meet, and the query stops there' : 'are apart'}.`;
  }
  return `triangle ${n(t)}${inLeaf} ${meets ? `meets ${name}: the mesh overlaps it, and the query stops there` : `is apart from ${name}`}.`;
}
