// A mesh's descent, as the visualizer's Mesh card and the demo's descent card show it: what
// mesh.overlaps tested against a volume (or overlapsMesh against another mesh), drawn (nodes
// tested and found apart, tested and found maybe meeting, never reached; the meeting triangle
// marked) with a legend, and stepped through node by node, each step's node volume drawn and its
// separating-axis test against the volume shown axis by axis (sx.collide, axis-panel.js).

import { h } from './dom.js';
import { AxisPanel } from './axis-panel.js';
import { MAX_DRAWN_NODES } from './mesh-tree.js';
import { DESCENT_STYLES, descentNodes, descentPairNodes, meetingTriangles, stepText } from './mesh-descent.js';

const n = (x) => x.toLocaleString('en');

/** A legend's square: the kind's colour as its border, filled when the kind is drawn filled. */
function swatch({ color, fill, edge }) {
  const el = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  el.style.setProperty('--swatch', `#${color.toString(16).padStart(6, '0')}`);
  el.style.setProperty('--fill', fill ? '0.5' : '0');
  el.style.opacity = String(Math.max(edge, 0.5));
  return el;
}

export class MeshDescentPanel {
  /** The trace shown ({ overlaps, steps, triangles }), or null. */
  trace = null;
  /** The step shown while stepping (from 0). */
  step = 0;
  /** The step's two volumes in world space, A (the node) and B, as its axis list tests them. */
  pairVolumes = null;
  #target = null;

  /**
   * sx: the package; onDraw(nodes) draws [{ volume, color, fill, edge, tint }] in the mesh's frame
   * (null: give the drawing back to the tree's level); onMark(triangles) marks triangles.
   */
  constructor(root, sx, { onDraw, onDrawOther, onMark, onChange }) {
    this.sx = sx;
    this.onDraw = onDraw;
    this.onDrawOther = onDrawOther;
    this.onMark = onMark;
    this.onChange = onChange;
    this.showButton = h('button', {
      'aria-pressed': 'false', title: 'Draw the nodes the query tested against the selected volume',
      onclick: () => this.setMode(this.showButton.getAttribute('aria-pressed') === 'true' ? null : 'all'),
    }, 'Show the descent');
    this.stepButton = h('button', {
      'aria-pressed': 'false', title: 'Walk the descent one node test at a time',
      onclick: () => this.setMode(this.stepButton.getAttribute('aria-pressed') === 'true' ? null : 'step'),
    }, 'Step through the descent');
    this.previousButton = h('button', { class: 'small', 'aria-label': 'Previous step', disabled: true, onclick: () => this.go(this.step - 1) }, '◀ Previous');
    this.nextButton = h('button', { class: 'small', 'aria-label': 'Next step', disabled: true, onclick: () => this.go(this.step + 1) }, 'Next ▶');
    this.counter = h('span', { class: 'num descent-counter', 'aria-hidden': 'true' });
    this.stepper = h('div', {
      class: 'fit-actions descent-stepper', role: 'group', 'aria-label': 'Descent step', hidden: true,
      onkeydown: (e) => {
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          e.stopPropagation();
          this.go(this.step + (e.key === 'ArrowRight' ? 1 : -1));
        }
      },
    }, this.previousButton, this.counter, this.nextButton);
    this.status = h('p', { class: 'hint mesh-descent-step', role: 'status' });
    this.legend = h('ul', { class: 'descent-legend', hidden: true, 'aria-label': 'Legend of the descent' },
      Object.values(DESCENT_STYLES).map((s) => h('li', {}, swatch(s), s.label)));
    this.caption = h('p', { class: 'hint' });
    const axes = h('div', { class: 'descent-axes', hidden: true }, this.caption);
    this.axesRoot = axes;
    this.axes = new AxisPanel(axes, { onHover: () => {}, onPick: () => {}, onLook: () => {} });
    root.append(h('fieldset', { class: 'mesh-descent-card' },
      h('legend', {}, 'The descent'),
      h('div', { class: 'fit-actions' }, this.showButton, this.stepButton),
      this.stepper, this.status, this.legend, axes));
    this.mode = null;
    this.setEnabled(false);
  }

  /** Whether there is a mesh to trace: without one the buttons are off and the descent hidden. */
  setEnabled(on) {
    this.showButton.disabled = this.stepButton.disabled = !on;
    if (!on && this.mode) this.setMode(null);
  }

  /**
   * What to trace: { mesh, pose, volume, name } (the scene's mesh and the selected volume), or
   * { mesh, pose, other, otherPose, name } (the mesh and another: traceOverlapsMesh), or null.
   * Traces again when shown.
   */
  setTarget(target) {
    this.#target = target;
    if (this.mode) this.#refresh();
  }

  /** Shows step `index` (clamped). */
  go(index) {
    if (this.mode !== 'step' || !this.trace) return;
    const count = this.trace.steps.length / 3;
    this.step = Math.max(0, Math.min(count - 1, index));
    this.#drawStep();
  }

  /** Shows the descent: 'all' (drawn whole), 'step' (node by node, from the first), or null (hidden). */
  setMode(mode) {
    this.mode = mode;
    this.showButton.setAttribute('aria-pressed', String(mode === 'all'));
    this.stepButton.setAttribute('aria-pressed', String(mode === 'step'));
    this.showButton.classList.toggle('on', mode === 'all');
    this.stepButton.classList.toggle('on', mode === 'step');
    this.stepper.hidden = mode !== 'step';
    this.legend.hidden = !mode;
    this.axesRoot.hidden = mode !== 'step';
    this.step = 0;
    if (!mode) {
      this.trace = null;
      this.status.textContent = '';
      this.onMark([]);
      this.onDraw(null);
      this.onDrawOther([]);
      this.onChange?.();
      return;
    }
    this.#refresh();
  }

  #refresh() {
    const t = this.#target;
    if (!t) return this.#showNone('Select a volume: the descent is that of the mesh against it.');
    try {
      this.trace = t.other ? t.mesh.traceOverlapsMesh(t.pose, t.other, t.otherPose) : t.mesh.traceOverlaps(t.volume, t.pose);
    } catch (e) {
      // What the query refuses (a pose or a volume it cannot take) is said here, the page goes on.
      return this.#showNone(`The descent could not be traced: ${e.message}`);
    }
    // Against another mesh, the triangle pairs that meet are marked already (all of them).
    if (!t.other) this.onMark(meetingTriangles(this.trace));
    if (this.mode === 'step') {
      this.step = Math.min(this.step, this.trace.steps.length / 3 - 1);
      this.#drawStep();
      return;
    }
    if (t.other) {
      this.#drawPairs(t);
      return;
    }
    this.onDrawOther([]);
    const { meets, apart, unreached } = descentNodes(t.mesh, this.trace);
    const style = (kind) => (node) => ({ volume: t.mesh.nodeVolume(node), ...DESCENT_STYLES[kind], tint: true });
    const all = [...meets.map(style('meets')), ...apart.map(style('apart')), ...unreached.map(style('unreached'))];
    this.onDraw(all.slice(0, MAX_DRAWN_NODES));
    const q = t.mesh.lastQuery;
    const drawn = all.length > MAX_DRAWN_NODES ? ` The first ${n(MAX_DRAWN_NODES)} are drawn.` : '';
    this.status.textContent = `Against ${t.name}: ${n(q.volumeTests)} node tests (${n(meets.length)} may meet, ${n(apart.length)} apart), ${n(unreached.length)} nodes never reached below them, ${n(q.triangleTests)} triangle tests${this.trace.overlaps ? ', the last one meeting (marked): the query stops there' : ''}.${drawn}`;
  }

  /** No trace: why (text), and nothing drawn. */
  #showNone(text) {
    this.trace = null;
    this.status.textContent = text;
    this.previousButton.disabled = this.nextButton.disabled = true;
    this.counter.textContent = '';
    this.onMark([]);
    this.onDraw([]);
    this.onDrawOther([]);
  }

  /** Two meshes: each one's nodes tested, by whether some pair of them may meet. */
  #drawPairs(t) {
    const { a, b } = descentPairNodes(this.trace);
    const styled = (mesh, { meets, apart }) => [
      ...meets.map((node) => ({ volume: mesh.nodeVolume(node), ...DESCENT_STYLES.meets, tint: true })),
      ...apart.map((node) => ({ volume: mesh.nodeVolume(node), ...DESCENT_STYLES.apart, tint: true })),
    ].slice(0, MAX_DRAWN_NODES);
    this.onDraw(styled(t.mesh, a));
    this.onDrawOther(styled(t.other, b));
    const q = t.mesh.lastQuery;
    this.status.textContent = `Against ${t.name}: ${n(q.volumeTests)} node pair tests, ${n(q.triangleTests)} triangle pair tests. Drawn on each mesh: its nodes in some pair that may meet (${n(a.meets.length)} and ${n(b.meets.length)}), and those only in pairs apart (${n(a.apart.length)} and ${n(b.apart.length)}).`;
  }

  /** The nodes tested up to the step, the step's own emphasized, and its axis-by-axis test. */
  #drawStep() {
    const t = this.#target, { steps } = this.trace;
    const count = steps.length / 3, at = this.step;
    const nodes = [], others = [];
    for (let s = Math.max(0, at - MAX_DRAWN_NODES + 1); s <= at; s++) {
      const style = DESCENT_STYLES[steps[3 * s + 2] ? 'meets' : 'apart'];
      const current = s === at;
      // Two meshes: the step's pair alone (earlier pairs share their nodes).
      if (t.other && !current) continue;
      const look = { ...style, fill: current ? 0.35 : style.fill * 0.5, edge: current ? 1 : 0.3, tint: true };
      nodes.push({ volume: t.mesh.nodeVolume(steps[3 * s]), ...look });
      if (t.other) others.push({ volume: t.other.nodeVolume(steps[3 * s + 1]), ...look });
    }
    this.onDraw(nodes);
    this.onDrawOther(others);
    this.counter.textContent = `step ${n(at + 1)} of ${n(count)}`;
    this.previousButton.disabled = at === 0;
    this.nextButton.disabled = at === count - 1;
    this.status.textContent = stepText(this.trace, at, t.name);
    const node = this.sx.transform(t.mesh.nodeVolume(steps[3 * at]), t.pose);
    const other = t.other ? this.sx.transform(t.other.nodeVolume(steps[3 * at + 1]), t.otherPose) : t.volume;
    this.pairVolumes = [node, other];
    this.caption.textContent = t.other
      ? `Node ${n(steps[3 * at])} (A) against node ${n(steps[3 * at + 1])} of ${t.name} (B), axis by axis:`
      : `Node ${n(steps[3 * at])} (A) against ${t.name} (B), axis by axis:`;
    this.axes.update(this.sx.collide(node, other), -1);
  }

  /** For the browser tests: what is shown. */
  get counterText() {
    return this.counter.textContent;
  }
}
