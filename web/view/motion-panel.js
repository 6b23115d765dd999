// The motion panel: the time t the scene is shown at (a slider over [0, maxTime], Play/Pause),
// the end of the time range, and what the sweep of the compared pair says (sx.sweep): when they
// first touch and the contact normal, or that they stay apart.

import { h, patchChildren } from './dom.js';
import { num, vec } from './format.js';
import { maxTimeProblem } from './motion.js';

/** The slider's arrow keys move t by this fraction of the range. */
const KEY_STEPS = 100;

export class MotionPanel {
  #maxTime = 1;

  /**
   * actions: onTime(t, { transient }), onPlay() (toggles), onMaxTime(value) (already valid),
   * onContact() (t to the first contact).
   */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.slider = h('input', {
      type: 'range', min: '0', max: '1', step: String(1 / KEY_STEPS), value: '0', class: 'time-slider',
      'aria-label': 'Time t',
      oninput: () => actions.onTime(this.slider.valueAsNumber, { transient: true }),
      onchange: () => actions.onTime(this.slider.valueAsNumber, { transient: false }),
    });
    this.readout = h('output', { class: 'time-readout', 'aria-hidden': 'true' }, 't = 0');
    this.play = h('button', { class: 'small primary play', onclick: () => actions.onPlay(), title: 'Play the motion from t to the end of the range' }, 'Play');
    this.maxTimeInput = h('input', {
      type: 'number', min: '0', step: '0.5', value: '1', class: 'max-time', 'aria-label': 'End of the time range, maxTime',
      onchange: () => this.#maxTimeEdit(),
      onblur: () => { this.maxTimeInput.value = String(this.#maxTime); },
    });
    this.contact = h('button', { class: 'small', hidden: true, onclick: () => actions.onContact(), title: 'Show the scene at the first contact' }, 'Go to the contact');
    this.problem = h('p', { class: 'problem', role: 'alert' });
    this.summary = h('div', { class: 'sweep-summary', 'aria-live': 'polite' });
    root.append(
      h('div', { class: 'time-row' }, this.play, this.slider, this.readout),
      h('div', { class: 'time-range' }, h('label', {}, 'Time range: 0 to ', this.maxTimeInput), this.contact),
      this.problem,
      this.summary);
  }

  #maxTimeEdit() {
    const value = this.maxTimeInput.value === '' ? NaN : this.maxTimeInput.valueAsNumber;
    const problem = maxTimeProblem(value);
    if (problem) {
      this.problem.textContent = `Not applied: ${problem}`;
      this.maxTimeInput.value = String(this.#maxTime);
      return;
    }
    this.problem.textContent = '';
    this.actions.onMaxTime(value);
  }

  /**
   * time: { t, maxTime, playing }; sweep: the pair's SweepReport or null; moving: whether any
   * volume of the scene moves; pair: the compared entries or null; problem: why the sweep failed.
   */
  update({ time, sweep, moving, pair, problem }) {
    const { t, maxTime, playing } = time;
    this.#maxTime = maxTime;
    if (this.slider.max !== String(maxTime)) {
      this.slider.max = String(maxTime);
      this.slider.step = String(maxTime / KEY_STEPS);
    }
    if (this.slider.valueAsNumber !== t) this.slider.value = String(t);
    const tText = `t = ${num(t)}`;
    if (this.readout.textContent !== tText) this.readout.textContent = tText;
    if (this.slider.getAttribute('aria-valuetext') !== tText) this.slider.setAttribute('aria-valuetext', `${tText} of ${num(maxTime)}`);
    if (document.activeElement !== this.maxTimeInput && this.maxTimeInput.value !== String(maxTime)) this.maxTimeInput.value = String(maxTime);
    const playText = playing ? 'Pause' : 'Play';
    if (this.play.textContent !== playText) this.play.textContent = playText;
    this.play.setAttribute('aria-pressed', String(playing));
    if (this.contact.hidden !== !sweep?.hit) this.contact.hidden = !sweep?.hit;
    patchChildren(this.summary, ...this.#summary({ sweep, moving, pair, problem, maxTime }));
  }

  #summary({ sweep, moving, pair, problem, maxTime }) {
    const range = `0 ≤ t ≤ ${num(maxTime)}`;
    if (problem) return [h('p', { class: 'problem' }, `The sweep could not run: ${problem}.`)];
    if (!sweep) {
      const hint = !moving ? 'Nothing moves. Give a volume a velocity (the inspector\'s vx, vy, vz, or the Velocity handle, V) to sweep it.'
        : pair ? 'Neither A nor B moves: their verdict is the same at every t.' : 'Select two volumes to sweep them.';
      return [h('p', { class: 'hint' }, hint)];
    }
    if (!sweep.hit) {
      return [h('p', { class: 'sweep-verdict miss', dataset: { sweep: 'miss' } }, h('b', {}, 'Miss'), ` — A and B stay apart for ${range}.`)];
    }
    const normal = sweep.normal.every((x) => x === 0) ? 'none (concentric spheres)' : vec(sweep.normal);
    return [
      h('p', { class: 'sweep-verdict hit', dataset: { sweep: 'hit' } }, h('b', {}, 'Hit'), ` — A and B first touch at `, h('b', { class: 'contact-time' }, `t = ${num(sweep.time, 4)}`),
        ` (swept over ${range}); contact normal, A to B: `, h('span', { class: 'sweep-normal' }, normal), '.'),
    ];
  }
}
