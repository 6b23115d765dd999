// The demo's descent card (panels="descent", a mesh scene): the visualizer's descent
// (view/mesh-descent-panel.js) drawn on the demo's meshes: what the mesh's query tested against
// the volume in focus, or against the scene's other mesh, nodes by verdict, and stepped through
// node (pair) by node pair with the pair's axis list. The `descent` attribute opens it: "all"
// (drawn whole), "step" (from the first step) or "step N".

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
   * onRelease(): the descent is hidden, the mesh's nodes are the tree card's again; onChange().
   */
  constructor(root, sx, { meshes, onRelease, onChange }) {
    this.sx = sx;
    this.meshes = meshes;
    this.panel = new MeshDescentPanel(root, sx, {
      onDraw: (nodes) => {
        if (nodes) meshes.mesh.setStyledNodes(nodes);
        else onRelease();
        onChange();
      },
      onDrawOther: (nodes) => meshes.other.current && meshes.other.setStyledNodes(nodes),
      // Against the other mesh, every triangle pair that meets is marked already.
      onMark: (triangles) => {
        if (!meshes.other.current) meshes.mesh.markTriangles(triangles);
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
   * overlaps, step (from 0, while stepping), pair ({ node, other (-1: against a volume), meets,
   * volumes: [A, B] (world space, as the axis list tests them) }), counter, text, drawn, drawnOther,
   * marked }, or null while hidden.
   */
  get summary() {
    const p = this.panel, { mesh, other } = this.meshes;
    if (!p.mode) return null;
    const trace = p.trace;
    const out = {
      mode: p.mode, steps: trace ? trace.steps.length / 3 : 0, triangleTests: trace ? trace.triangles.length / 3 : 0,
      overlaps: trace?.overlaps ?? null, counter: p.counterText, text: p.status.textContent,
      drawn: mesh.drawnNodes, drawnOther: other.current ? other.drawnNodes : 0, marked: mesh.markedTriangles,
    };
    if (p.mode === 'step' && trace) {
      const s = trace.steps, i = 3 * p.step;
      out.step = p.step;
      out.pair = { node: s[i], other: s[i + 1], meets: s[i + 2] === 1, volumes: p.pairVolumes };
    }
    return out;
  }
}
