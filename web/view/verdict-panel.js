// The verdict of the compared pair: overlap, touching or apart; the separating axis and its gap,
// or the penetration depth and the minimum translation vector; plus the scene's overlap count.

import { h, patchChildren } from './dom.js';
import { num, vec } from './format.js';

/** A verdict is announced once it has held this long (ms): a drag across the boundary is not read out frame by frame. */
const ANNOUNCE_DELAY = 600;

export class VerdictPanel {
  #announced = '';
  #timer = 0;

  /**
   * announcer: an element that stays in the page (a live region, role="status"), where the
   * verdict is written when it changes: the card itself is patched on every edit, and screen
   * readers announce only changes inside a live region that was already there.
   * canAdd: the page shows a toolbar with buttons that add volumes (the hints may point to it);
   * canPick(): a click on a volume picks it (the hints may ask for one).
   */
  constructor(root, { onSwap, onApplyMtv, canAdd = false, canPick = () => true }, announcer) {
    this.root = root;
    this.onSwap = onSwap;
    this.onApplyMtv = onApplyMtv;
    this.canAdd = canAdd;
    this.canPick = canPick;
    this.announcer = announcer;
  }

  /** What to do to get a pair, saying only what this page lets the reader do. */
  #hint(scene) {
    if (scene.count < 2) {
      return this.canAdd
        ? 'Add two volumes from the toolbar, or load a preset.'
        : 'There is no pair to compare: the scene has fewer than two volumes.';
    }
    if (!this.canPick()) return 'The scene selects no pair: its "selection" names the two volumes to compare.';
    return scene.selected === 1
      ? 'Now pick a second volume: the two are compared as A and B.'
      : 'Click a volume, then another: the two are compared as A (first) and B (second).';
  }

  /** Writes the sentence into the live region once it has held for ANNOUNCE_DELAY. */
  #announce(sentence) {
    clearTimeout(this.#timer);
    if (sentence === this.#announced) return;
    this.#timer = setTimeout(() => {
      this.#announced = sentence;
      this.announcer.textContent = sentence;
    }, ANNOUNCE_DELAY);
  }

  /** pair: [A entry, B entry] or null; report; scene: { count, overlappingPairs, selected }. */
  update(pair, report, scene) {
    const stats = h('p', { class: 'scene-stats' },
      `${scene.count} volume${scene.count === 1 ? '' : 's'} · ${scene.overlappingPairs} overlapping pair${scene.overlappingPairs === 1 ? '' : 's'}`);
    if (!pair || !report) {
      const hint = this.#hint(scene);
      this.#announce('No pair selected.');
      patchChildren(this.root, h('div', { class: 'verdict none' },
        h('div', { class: 'verdict-title' }, 'No pair selected'), h('p', { class: 'hint' }, hint)), stats);
      return;
    }
    const [A, B] = pair;
    // Touching: at the boundary within the package's exactness band (report.touching), with
    // either verdict; a move by the MTV lands here.
    const touching = report.touching;
    const state = touching ? 'touching' : report.overlap ? 'overlap' : 'apart';
    const title = { overlap: 'Overlap', touching: 'Touching', apart: 'Separated' }[state];
    const names = h('div', { class: 'pair-names' },
      h('span', { class: 'chip a' }, 'A'), h('span', { class: 'name' }, A.name ?? A.id),
      h('span', { class: 'vs' }, 'vs'),
      h('span', { class: 'chip b' }, 'B'), h('span', { class: 'name' }, B.name ?? B.id),
      h('button', { class: 'icon small', title: 'Swap A and B', 'aria-label': 'Swap A and B', onclick: this.onSwap }, '⇄'));
    const details = [];
    if (!report.overlap) {
      const axis = report.axes[report.separatingAxis];
      details.push(h('dl', {},
        h('dt', {}, 'Separating axis'), h('dd', { class: 'mono' }, axis.label),
        h('dt', {}, 'Gap'), h('dd', { class: 'mono' }, num(axis.gap)),
        h('dt', {}, 'Found at'), h('dd', {}, `step ${report.separatingAxis + 1} of ${report.axes.length}`)));
    } else {
      const p = report.penetration;
      details.push(h('dl', {},
        h('dt', {}, 'Penetration depth'), h('dd', { class: 'mono depth' }, num(p?.depth)),
        h('dt', {}, 'Normal'), h('dd', { class: 'mono' }, p ? vec(p.normal, 3) : '—'),
        h('dt', {}, 'Axes'), h('dd', {}, report.axes.length === 1 ? 'the one axis does not separate them' : `none of ${report.axes.length} separates them`)));
      if (p && !touching) {
        details.push(h('p', { class: 'hint' }, 'The arrow is the minimum translation vector: moving B by depth × normal separates them (to touching).'),
          h('button', { class: 'small', onclick: this.onApplyMtv, title: 'Move B by the minimum translation vector' }, 'Move B out by the MTV'));
      }
    }
    if (touching) {
      details.push(h('p', { class: 'hint' }, report.overlap
        ? 'Their boundaries meet (within a millionth of their size): volumes are closed sets, so touching counts as overlapping.'
        : 'Their boundaries meet (within a millionth of their size), just apart: a rounding of the numbers decides the verdict.'));
    }
    const nameA = A.name ?? A.id, nameB = B.name ?? B.id;
    this.#announce(report.overlap
      ? `${nameA} and ${nameB}: ${title}.`
      : `${nameA} and ${nameB}: ${title}, by the axis ${report.axes[report.separatingAxis].label}.`);
    patchChildren(this.root,
      h('div', { class: `verdict ${state}`, dataset: { verdict: state } },
        h('div', { class: 'verdict-title' }, h('span', { class: 'dot' }), title), names, details),
      stats);
  }
}
