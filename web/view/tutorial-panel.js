// The tutorial panel: step through the candidate axes of the compared pair, one explanation per
// step; the current axis is shown in 3D and marked in the axis list.

import { h, patchChildren, setChildren } from './dom.js';
import { explainStep } from './tutorial.js';

const INTRO = 'The separating-axis test tries a short list of candidate directions. On each it projects both volumes — each becomes an interval — and compares the intervals. A gap on any axis proves the volumes are apart (a plane fits in the gap); if no candidate shows a gap, convex volumes overlap.';

export class TutorialPanel {
  /** Whether the reader opened (true) or closed (false) the explanation; null: not yet. */
  introOpen = null;
  /** The step shown and the report's separating axis: what the buttons' targets are relative to. */
  #at = { step: -1, separating: -1 };

  /**
   * onStep(index | -1), onLook() (the camera looks along the current axis), onFollow(on);
   * explainSweep: tutorial-sweep.js's explainSweepStep, for a view that shows motion.
   */
  constructor(root, { onStep, onLook, onFollow, explainSweep = null }) {
    this.root = root;
    this.explainSweep = explainSweep;
    // One listener for the buttons, which carry what they do (data-go), not the step they were
    // drawn for: the panel is patched, not rebuilt, so a button keeps the keyboard focus while
    // the reader presses it again and again.
    root.addEventListener('click', (e) => {
      const go = e.target.closest?.('button[data-go]')?.dataset.go;
      if (!go) return;
      if (go === 'look') return onLook();
      const { step, separating } = this.#at;
      onStep({ start: 0, first: 0, previous: step - 1, next: step + 1, separating, done: -1 }[go]);
    });
    root.addEventListener('change', (e) => {
      if (e.target.matches('input[data-follow]')) onFollow(e.target.checked);
    });
  }

  /**
   * step: -1 (not started) or an axis index; lesson: the loaded preset's text, if any; follow:
   * whether the camera turns to each step; motion: { sweep, maxTime } when the pair moves (the
   * steps then walk the sweep's axes and their times).
   */
  update(pair, report, step, lesson, follow = false, motion = null) {
    const sweep = (this.explainSweep && motion?.sweep) || null;
    this.#at = { step, separating: sweep ? sweep.decidingAxis : report?.separatingAxis ?? -1 };
    const nav = (go, label, title, disabled) => h('button', {
      class: 'small', title, 'aria-label': title, disabled, dataset: { go },
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
    const n = (sweep ?? report).axes.length;
    if (step < 0) {
      // Unchanged while a volume is dragged: patched, not rebuilt.
      patchChildren(this.root,
        lesson ? h('p', { class: 'lesson' }, lesson) : null,
        intro(),
        h('div', { class: 'step-nav' },
          h('button', { class: 'primary', dataset: { go: 'start' }, title: 'Start stepping (N or →)' },
            `${n === 1 ? 'Step through the one axis' : `Step through the ${n} axes`}${sweep ? ' in time' : ''} ▸`)));
      return;
    }
    const names = { A: pair[0].name ?? 'A', B: pair[1].name ?? 'B' };
    const types = { A: pair[0].volume.type, B: pair[1].volume.type };
    const e = sweep ? this.explainSweep(sweep, step, motion.maxTime, names, types) : explainStep(report, step, names, types);
    const degenerate = (sweep ?? report).axes[step].degenerate;
    const target = this.#at.separating;
    patchChildren(this.root,
      h('div', { class: 'step-nav' },
        nav('first', '«', 'First axis (Home)', step === 0),
        nav('previous', '◀', 'Previous axis (P or ←)', step === 0),
        h('span', { class: 'step-count' }, `${step + 1} / ${n}`),
        nav('next', '▶', 'Next axis (N or →)', step >= n - 1),
        target >= 0 ? (sweep ? nav('separating', 'Deciding axis ⇥', 'Jump to the axis that decides the contact time', step === target)
          : nav('separating', 'Separating axis ⇥', 'Jump to the separating axis', step === target)) : null,
        h('button', { class: 'small ghost', dataset: { go: 'done' }, title: 'Leave the tutorial (Esc)' }, 'Done')),
      h('div', { class: 'step-nav look' },
        h('button', {
          class: 'small', dataset: { go: 'look' }, disabled: degenerate,
          title: 'Turn the camera so this axis runs across the screen and the plane perpendicular to it is seen edge-on (L)',
        }, 'Look along this axis'),
        h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: follow, dataset: { follow: '' } }), 'Turn the camera at each step')),
      h('div', { class: `step ${e.outcome}`, 'aria-live': 'polite' },
        h('h3', {}, e.title),
        e.paragraphs.map(([cls, text]) => h('p', { class: cls }, text))));
  }
}
