// The demo's descent card (panels="descent", a mesh scene): the visualizer's descent
// (view/mesh-descent-panel.js) drawn on the demo's meshes: what the mesh's query tested against
// the volume in focus, or against the scene's other mesh, nodes by verdict, and stepped through
// test by test (node tests, or node pair tests, and the triangle tests at the leaves) with each
// test's axis list. The `descent` attribute opens it: "all" (drawn whole), "step" (from the first
// test) or "step N".

import { MeshDescentPanel } from '../view/mesh-descent-panel.js';

/** The descent attribute's forms: all, step, step N (N from 1). */
const ATTRIBUTE = /^\s*(all|step)(?:\s+(\d{1,9}))?\s*$/;

/**
 * What a descent attribute asks: { mode: 'all' | 'step', step (from 0) }, null for none (absent
 * or empty), or { problem } (a message naming the value).
 */
export function descentRequest(value) {
  if (value === null || value.trim() === '') return null;
  const m = ATTRIBUTE.exec(value);
  if (!m || (m[2] !== undefined && (m[1] !== 'step' || Number(m[2]) < 1))) return { problem: `descent must be "all", "step" or "step N" (N from 1), got ${JSON.stringify(value)}` };
  return { mode: m[1], step: m[2] === undefined ? 0 : Number(m[2]) - 1 };
}

export class DescentCard {
  /**
   * sx: the package; meshes: { mesh, other } (SceneMesh: the scene's mesh and its other mesh);
   * pairMarks(): the triangles of each mesh in a pair that meets ([ofA, ofB]: what the meshes
   * show marked while no triangle test is); onRelease(): the descent is hidden, the mesh's nodes
   * are the tree card's again; onChange().
   */
  constructor(root, sx, { meshes, pairMarks, onRelease, onChange }) {
    this.sx = sx;
    this.meshes = meshes;
    this.panel = new MeshDescentPanel(root, sx, {
      onDraw: (nodes) => {
        if (nodes) meshes.mesh.setStyledNodes(nodes);
        else onRelease();
        onChange();
      },
      onDrawOther: (nodes) => meshes.other.current && meshes.other.setStyledNodes(nodes),
      // Against the other mesh, every triangle pair that meets is marked, but for the triangle
      // pair a step tests.
      onMark: (triangles, others = null) => {
        if (!meshes.other.current) return meshes.mesh.markTriangles(triangles);
        const [ofA, ofB] = others ? [triangles, others] : pairMarks();
        meshes.mesh.markTriangles(ofA);
        meshes.other.markTriangles(ofB);
      },
    });
    // The stepper's buttons keep the focus: Previous and Next say the step they show.
    this.panel.stepper.addEventListener('click', () => onChange());
    this.panel.stepper.addEventListener('keydown', () => onChange());
  }

  /** Whether the descent is being shown. */
  get shown() {
    return this.panel.mode !== null;
  }

  /**
   * What to trace: { mesh, pose, volume, name } or { mesh, pose, other, otherPose, name } (the
   * panel's setTarget), or null; on: whether there is a mesh at all.
   */
  setTarget(target, on) {
    this.panel.setEnabled(on);
    this.panel.setTarget(on ? target : null);
  }

  /** Opens the descent as a descentRequest asks ({ mode, step }), or hides it (null). */
  open(request) {
    this.panel.setMode(request?.mode ?? null);
    if (request?.mode === 'step') this.panel.go(request.step);
  }

  /**
   * What is shown, for the page and the tests: { mode, steps (node tests), triangleTests,
   * overlaps, step (from 0, while stepping: of the node tests and triangle tests in the order
   * made), pair (the step's test: { kind: 'node', node, other (the other mesh's node; -1 against
   * a volume) } or { kind: 'triangle', triangle, other (the other mesh's triangle; -1), leaf },
   * with meets and volumes: [A, B] (world space, as the axis list tests them)), counter, text,
   * drawn, drawnOther, marked, markedOther }, or null while hidden.
   */
  get summary() {
    const p = this.panel, { mesh, other } = this.meshes;
    if (!p.mode) return null;
    const trace = p.trace;
    const out = {
      mode: p.mode, steps: trace ? trace.steps.length / 3 : 0, triangleTests: trace ? trace.triangles.length / 3 : 0,
      overlaps: trace?.overlaps ?? null, counter: p.counterText, text: p.status.textContent,
      drawn: mesh.drawnNodes, drawnOther: other.current ? other.drawnNodes : 0,
      marked: mesh.markedTriangles, markedOther: other.current ? other.markedTriangles : 0,
    };
    const event = p.mode === 'step' && trace ? p.timeline[p.step] : null;
    if (event) {
      out.step = p.step;
      const volumes = p.pairVolumes;
      if (event.triangle !== undefined) {
        const t = trace.triangles, i = 3 * event.triangle;
        out.pair = { kind: 'triangle', triangle: t[i], other: t[i + 1], leaf: event.leaf, meets: t[i + 2] === 1, volumes };
      } else {
        const s = trace.steps, i = 3 * event.step;
        out.pair = { kind: 'node', node: s[i], other: s[i + 1], meets: s[i + 2] === 1, volumes };
      }
    }
    return out;
  }
}
