// The tutorial panel: step through the candidate axes of the compared pair, one explanation per
// step; the current axis is shown in 3D and marked in the axis list.

import { h, patchChildren, setChildren } from './dom.js';
import { explainStep } from './tutorial.js';

const INTRO = 'The separating-axis test tries a short list of candidate directions. On each it projects both volumes — each becomes an interval — and compares the intervals. A gap on any axis proves the volumes are apart (a plane fits in the gap); if no candidate shows a gap, convex volumes overlap.';

export class TutorialPanel {
  /** Whether the reader opened (true) or closed (false) the explanation; null: not yet. */
  introOpen = null;

  constructor(root, { onStep }) {
    this.root = root;
    this.onStep = onStep;
  }

  /** step: -1 (not started) or an axis index; lesson: the loaded preset's text, if any. */
  update(pair, report, step, lesson) {
    const nav = (n, label, title, disabled) => h('button', {
      class: 'small', title, 'aria-label': title, disabled, onclick: () => this.onStep(n),
    }, label);
    // Open unless a preset's lesson is shown, until the reader opens or closes it.
    const intro = () => {
      const details = h('details', { class: 'intro', open: this.introOpen ?? !lesson });
      details.append(h('summary', { onclick: () => { this.introOpen = !details.open; } }, 'How the test works'), h('p', {}, INTRO));
      return details;
    };
    if (!report) {
      setChildren(this.root, lesson ? h('p', { class: 'lesson' }, lesson) : null, intro());
      return;
    }
    const n = report.axes.length;
    if (step < 0) {
      // Unchanged while a volume is dragged: patched, not rebuilt (its listeners do not depend
      // on the report).
      patchChildren(this.root,
        lesson ? h('p', { class: 'lesson' }, lesson) : null,
        intro(),
        h('div', { class: 'step-nav' },
          h('button', { class: 'primary', onclick: () => this.onStep(0), title: 'Start stepping (N or →)' }, `Step through the ${n} axes ▸`)));
      return;
    }
    const names = { A: pair[0].name ?? 'A', B: pair[1].name ?? 'B' };
    const types = { A: pair[0].volume.type, B: pair[1].volume.type };
    const e = explainStep(report, step, names, types);
    setChildren(this.root,
      h('div', { class: 'step-nav' },
        nav(0, '«', 'First axis (Home)', step === 0),
        nav(step - 1, '◀', 'Previous axis (P or ←)', step === 0),
        h('span', { class: 'step-count' }, `${step + 1} / ${n}`),
        nav(step + 1, '▶', 'Next axis (N or →)', step >= n - 1),
        report.separatingAxis >= 0 ? nav(report.separatingAxis, 'Separating axis ⇥', 'Jump to the separating axis', step === report.separatingAxis) : null,
        h('button', { class: 'small ghost', onclick: () => this.onStep(-1), title: 'Leave the tutorial (Esc)' }, 'Done')),
      h('div', { class: `step ${e.outcome}`, 'aria-live': 'polite' },
        h('h3', {}, e.title),
        e.paragraphs.map(([cls, text]) => h('p', { class: cls }, text))));
  }
}
