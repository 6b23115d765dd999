// A mesh's descent, as the visualizer's Mesh card and the demo's descent card show it: what
// mesh.overlaps tested against a volume (or overlapsMesh against another mesh), drawn (nodes
// tested and found apart, tested and found maybe meeting, never reached at every depth; the
// meeting triangle marked) with a legend, and stepped through test by test in the order the query
// made them: a node test draws the node volume, a triangle test at a leaf marks the triangle, and
// each shows its separating-axis test axis by axis (sx.collide, axis-panel.js: a triangle against
// a box has 13 axes).

import { h } from './dom.js';
import { AxisPanel } from './axis-panel.js';
import { MAX_DRAWN_NODES } from './mesh-tree.js';
import { DESCENT_STYLES, descentNodes, descentPairNodes, descentTimeline, meetingTriangles, stepText } from './mesh-descent.js';

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
  /** Its tests in the order made (mesh-descent.js's descentTimeline), while stepping. */
  timeline = [];
  /** The step shown while stepping (from 0). */
  step = 0;
  /** The step's two volumes in world space, A (the node or triangle) and B, as its axis list tests them. */
  pairVolumes = null;
  #target = null;

  /**
   * sx: the package; onDraw(nodes) draws [{ volume, color, fill, edge, tint }] in the mesh's frame
   * (null: give the drawing back to the tree's level), onDrawOther(nodes) on the other mesh;
   * onMark(triangles, others) marks triangles of the mesh (and, given others, of the other mesh;
   * without: the other mesh's own marks come back).
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
      'aria-pressed': 'false', title: 'Walk the descent one test at a time: node tests and the triangle tests at the leaves',
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
   * What to trace: { mesh, pose, volume, name, triangle } (the scene's mesh and the selected
   * volume), or { mesh, pose, other, otherPose, name, triangle, otherTriangle } (the mesh and
   * another: traceOverlapsMesh), or null; triangle(t) (and otherTriangle(t)): triangle t of the
   * mesh as a volume in its frame. Traces again when shown.
   */
  setTarget(target) {
    this.#target = target;
    if (this.mode) this.#refresh();
  }

  /** Shows step `index` (clamped). */
  go(index) {
    if (this.mode !== 'step' || !this.trace) return;
    this.step = Math.max(0, Math.min(this.timeline.length - 1, index));
    this.#drawStep();
  }

  /** Shows the descent: 'all' (drawn whole), 'step' (test by test, from the first), or null (hidden). */
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
      this.timeline = [];
      this.pairVolumes = null;
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
    if (this.mode === 'step') {
      this.timeline = descentTimeline(t.mesh, t.other ?? null, this.trace);
      this.step = Math.min(this.step, this.timeline.length - 1);
      this.#drawStep();
      return;
    }
    // Against another mesh, the triangle pairs that meet are marked already (all of them).
    this.onMark(t.other ? [] : meetingTriangles(this.trace));
    if (t.other) {
      this.#drawPairs(t);
      return;
    }
    this.onDrawOther([]);
    const { meets, apart, unreached } = descentNodes(t.mesh, this.trace);
    const kinds = [['meets', meets], ['apart', apart], ['unreached', unreached]];
    const all = kinds.flatMap(([kind, nodes]) => nodes.map((node) => [kind, node]));
    this.onDraw(all.slice(0, MAX_DRAWN_NODES).map(([kind, node]) => ({ volume: t.mesh.nodeVolume(node), ...DESCENT_STYLES[kind], tint: true })));
    const q = t.mesh.lastQuery;
    const drawn = all.length > MAX_DRAWN_NODES ? ` The first ${n(MAX_DRAWN_NODES)} are drawn.` : '';
    this.status.textContent = `Against ${t.name}: ${n(q.volumeTests)} node tests (${n(meets.length)} may meet, ${n(apart.length)} apart), ${n(unreached.length)} nodes never reached below them (down to the leaves), ${n(q.triangleTests)} triangle tests${this.trace.overlaps ? ', the last one meeting (marked): the query stops there' : ''}.${drawn}`;
  }

  /** No trace: why (text), and nothing drawn. */
  #showNone(text) {
    this.trace = null;
    this.timeline = [];
    this.pairVolumes = null;
    this.status.textContent = text;
    this.previousButton.disabled = this.nextButton.disabled = true;
    this.counter.textContent = '';
    this.onMark([]);
    this.onDraw([]);
    this.onDrawOther([]);
  }

  /** Two meshes: each one's nodes tested, by whether some pair of them may meet, and those never reached. */
  #drawPairs(t) {
    const { a, b } = descentPairNodes(t.mesh, t.other, this.trace);
    // The nodes of each kind are listed by kind: only as many are made as are drawn.
    const styled = (mesh, kinds) => {
      const out = [];
      for (const kind of ['meets', 'apart', 'unreached'])
        for (const node of kinds[kind]) {
          if (out.length === MAX_DRAWN_NODES) return out;
          out.push({ volume: mesh.nodeVolume(node), ...DESCENT_STYLES[kind], tint: true });
        }
      return out;
    };
    this.onDraw(styled(t.mesh, a));
    this.onDrawOther(styled(t.other, b));
    const q = t.mesh.lastQuery;
    this.status.textContent = `Against ${t.name}: ${n(q.volumeTests)} node pair tests, ${n(q.triangleTests)} triangle pair tests. Drawn on each mesh: its nodes in some pair that may meet (${n(a.meets.length)} and ${n(b.meets.length)}), those only in pairs apart (${n(a.apart.length)} and ${n(b.apart.length)}), and those in no pair tested, below them (${n(a.unreached.length)} and ${n(b.unreached.length)}).`;
  }

  /**
   * The nodes tested up to the step, the step's own emphasized (a triangle test: its leaf), the
   * step's triangle marked, and its axis-by-axis test.
   */
  #drawStep() {
    const t = this.#target, { steps, triangles } = this.trace, timeline = this.timeline;
    const at = this.step, event = timeline[at];
    const nodes = [], others = [];
    const look = (meets, current) => {
      const style = DESCENT_STYLES[meets ? 'meets' : 'apart'];
      return { ...style, fill: current ? 0.35 : style.fill * 0.5, edge: current ? 1 : 0.3, tint: true };
    };
    if (event.triangle !== undefined) {
      if (event.leaf >= 0) nodes.push({ volume: t.mesh.nodeVolume(event.leaf), ...look(true, false) });
      if (t.other && event.otherLeaf >= 0) others.push({ volume: t.other.nodeVolume(event.otherLeaf), ...look(true, false) });
    } else if (t.other) {
      // Two meshes: the step's pair alone (earlier pairs share their nodes).
      nodes.push({ volume: t.mesh.nodeVolume(steps[3 * event.step]), ...look(steps[3 * event.step + 2], true) });
      others.push({ volume: t.other.nodeVolume(steps[3 * event.step + 1]), ...look(steps[3 * event.step + 2], true) });
    } else {
      for (let s = Math.max(0, event.step - MAX_DRAWN_NODES + 1); s <= event.step; s++) {
        nodes.push({ volume: t.mesh.nodeVolume(steps[3 * s]), ...look(steps[3 * s + 2], s === event.step) });
      }
    }
    this.onDraw(nodes);
    this.onDrawOther(others);
    this.counter.textContent = `step ${n(at + 1)} of ${n(timeline.length)}`;
    this.previousButton.disabled = at === 0;
    this.nextButton.disabled = at === timeline.length - 1;
    this.status.textContent = stepText(this.trace, timeline, at, t.name);
    let a, b;
    if (event.triangle !== undefined) {
      const mine = triangles[3 * event.triangle], theirs = triangles[3 * event.triangle + 1];
      if (t.other) this.onMark([mine], [theirs]);
      else this.onMark([mine]);
      a = this.sx.transform(t.triangle(mine), t.pose);
      b = t.other ? this.sx.transform(t.otherTriangle(theirs), t.otherPose) : t.volume;
      this.caption.textContent = t.other
        ? `Triangle ${n(mine)} (A) against triangle ${n(theirs)} of ${t.name} (B), axis by axis:`
        : `Triangle ${n(mine)} (A) against ${t.name} (B), axis by axis:`;
    } else {
      if (t.other) this.onMark([], []);
      else this.onMark([]);
      const node = steps[3 * event.step], other = steps[3 * event.step + 1];
      a = this.sx.transform(t.mesh.nodeVolume(node), t.pose);
      b = t.other ? this.sx.transform(t.other.nodeVolume(other), t.otherPose) : t.volume;
      this.caption.textContent = t.other
        ? `Node ${n(node)} (A) against node ${n(other)} of ${t.name} (B), axis by axis:`
        : `Node ${n(node)} (A) against ${t.name} (B), axis by axis:`;
    }
    this.pairVolumes = [a, b];
    this.axes.update(this.sx.collide(a, b), -1);
  }

  /** For the browser tests: what is shown. */
  get counterText() {
    return this.counter.textContent;
  }
}
