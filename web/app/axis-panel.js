// The 2D axis list: one row per candidate axis of the compared pair, with both projection
// intervals on a number line (A above, B below), the gap between them, the separating axis
// highlighted and degenerate axes greyed with their reason. Hovering a row shows that axis in
// 3D; clicking it makes it the tutorial's current step.

import { h, patchChildren, setChildren } from './dom.js';
import { fixed, interval, num } from './format.js';
import { axisKind } from './tutorial.js';

export class AxisPanel {
  #rows = [];
  /** The row under the pointer: the only one whose tooltip is kept up to date. */
  #hovered = null;
  #labels = '';
  #list;
  #summary;
  /** Rows in (or near) the list's visible part, as an IntersectionObserver reports them. */
  #onScreen = new Set();
  #observed = false;
  #observer = null;
  /** Rows a transient update left for later (they were off screen), and what to fill them with. */
  #stale = new Set();
  #last = null;

  /** onHover(index | null), onPick(index) */
  constructor(root, { onHover, onPick }) {
    this.root = root;
    this.#summary = h('p', { class: 'axis-summary' });
    this.#list = h('ol', { class: 'axis-list', 'aria-label': 'Candidate axes' });
    this.#list.addEventListener('pointerleave', () => {
      this.#hovered = null;
      onHover(null);
    });
    this.onHover = onHover;
    this.onPick = onPick;
    root.append(this.#summary, this.#list);
    // A drag refreshes the report on every frame; its rows off screen wait until they scroll
    // into view or the drag ends (see update's transient).
    this.#observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => {
      this.#observed = true;
      for (const e of entries) {
        const i = Number(e.target.dataset.index);
        if (!e.isIntersecting) {
          this.#onScreen.delete(i);
          continue;
        }
        this.#onScreen.add(i);
        if (this.#stale.delete(i) && this.#last) this.#fillIndex(i);
      }
    }, { root: this.#list, rootMargin: '50px 0px' }) : null;
  }

  /**
   * report: a CollisionReport or null; current: the tutorial step (-1 for none); transient: part
   * of a drag (the final value follows): only the rows on screen are refreshed now.
   */
  update(report, current = -1, { transient = false } = {}) {
    this.#last = report && { report, current };
    if (!report) {
      this.#summary.textContent = 'Select two volumes to see their candidate axes.';
      this.#observer?.disconnect();
      this.#list.replaceChildren();
      this.#rows = [];
      this.#labels = '';
      return;
    }
    const labels = report.axes.map((a) => a.label).join('|');
    if (labels !== this.#labels) this.#build(report);
    this.#labels = labels;
    const degenerate = report.axes.filter((a) => a.degenerate).length;
    const separating = report.axes.filter((a) => a.separating).length;
    patchChildren(this.#summary,
      h('b', {}, `${report.axes.length}`), ` candidate axes · ${separating} separating · ${degenerate} degenerate`);
    const lazy = transient && this.#observed;
    if (!lazy) this.#stale.clear();
    report.axes.forEach((axis, i) => {
      if (lazy && !this.#onScreen.has(i)) this.#stale.add(i);
      else this.#fill(this.#rows[i], axis, i, report, current);
    });
  }

  #fillIndex(i) {
    const { report, current } = this.#last;
    if (this.#rows[i] && report.axes[i]) this.#fill(this.#rows[i], report.axes[i], i, report, current);
  }

  /** Scrolls a row into view in the list; with panel, also scrolls the page or panel around it. */
  reveal(index, panel = false) {
    const row = this.#rows[index]?.el;
    if (!row) return;
    // Scroll the list only (scrollIntoView would also scroll the panel around it).
    const list = this.#list;
    const top = row.offsetTop, bottom = top + row.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top - 2;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight + 2;
    if (panel) row.scrollIntoView({ block: 'nearest' });
  }

  #build(report) {
    this.#hovered = null;
    this.#observer?.disconnect();
    this.#onScreen.clear();
    this.#stale.clear();
    this.#observed = false;
    this.#rows = report.axes.map((axis, i) => {
      const bars = {
        a: h('div', { class: 'bar a' }),
        b: h('div', { class: 'bar b' }),
        zone: h('div', { class: 'zone' }),
        zero: h('div', { class: 'tick' }),
      };
      const gap = h('span', { class: 'gap' });
      const reason = h('div', { class: 'reason' });
      const line = h('div', { class: 'numberline' }, bars.zone, bars.a, bars.b);
      const el = h('li', {
        class: 'axis-row', tabIndex: -1, dataset: { index: i },
        onpointerenter: () => {
          this.#hovered = row;
          row.el.title = rowTitle(row.axis);
          this.onHover(i);
        },
        onclick: () => this.onPick(i),
      },
      h('span', { class: 'idx' }, `${i + 1}`),
      h('span', { class: 'label', title: axis.label }, h('span', { class: `kind ${axisKind(axis)}` }), h('span', { class: 'text' }, axis.label)),
      line, gap, reason);
      const row = { el, bars, gap, reason, axis };
      return row;
    });
    setChildren(this.#list, this.#rows.map((r) => r.el));
    for (const row of this.#rows) this.#observer?.observe(row.el);
  }

  #fill(row, axis, i, report, current) {
    const { el, bars, gap, reason } = row;
    // The tooltip is written when the pointer enters the row (rowTitle), not here: formatting
    // 91 of them on every frame of a drag cost more than the rest of the panel.
    row.axis = axis;
    if (row === this.#hovered) el.title = rowTitle(axis);
    el.classList.toggle('degenerate', axis.degenerate);
    el.classList.toggle('separating', axis.separating);
    el.classList.toggle('decisive', i === report.separatingAxis);
    el.classList.toggle('current', i === current);
    setText(el, 'aria-current', i === current ? 'step' : 'false');
    if (axis.degenerate) {
      bars.a.hidden = bars.b.hidden = bars.zone.hidden = true;
      setText(gap, 'textContent', 'skip');
      setText(reason, 'textContent', axis.reason ?? 'degenerate');
      reason.hidden = false;
      return;
    }
    if (!reason.hidden) reason.hidden = true;
    if (bars.a.hidden) bars.a.hidden = bars.b.hidden = bars.zone.hidden = false;
    const [a0, a1] = axis.a, [b0, b1] = axis.b;
    const lo = Math.min(a0, b0), hi = Math.max(a1, b1);
    const pad = Math.max((hi - lo) * 0.06, 1e-9);
    const x = (t) => ((t - lo + pad) / (hi - lo + 2 * pad)) * 100;
    place(bars.a, x(a0), x(a1));
    place(bars.b, x(b0), x(b1));
    const zLo = Math.min(a1, b1), zHi = Math.max(a0, b0);
    place(bars.zone, x(Math.min(zLo, zHi)), x(Math.max(zLo, zHi)));
    setText(bars.zone, 'className', `zone ${axis.separating ? 'gap' : 'overlap'}`);
    setText(gap, 'textContent', fixed(axis.gap, 2));
  }
}

/** A row's tooltip: the axis, both intervals and the gap (or why the axis is skipped). */
function rowTitle(axis) {
  if (axis.degenerate) return `${axis.label}: skipped — ${axis.reason ?? 'degenerate'}`;
  return `${axis.label}\nA ${interval(axis.a)}  B ${interval(axis.b)}\ngap ${num(axis.gap)}${axis.separating ? ' — separating' : ''}`;
}

// The rows are refreshed on every frame of a drag: what did not change is not written again, so
// it is not styled, laid out or painted again. The last written values are kept here (reading
// them back from the DOM cost more than writing them).
const written = new WeakMap();

function place(el, from, to) {
  const left = `${from}%`, width = `${Math.max(to - from, 0)}%`;
  let last = written.get(el);
  if (!last) written.set(el, last = {});
  if (last.left === left && last.width === width) return;
  // Kept in the same record as setText's: the zone has both, and a new record here made its
  // class be written again (a style recalculation) on every frame.
  last.left = left;
  last.width = width;
  el.style.left = left;
  el.style.width = width;
}

/** Sets a string property (or, for 'aria-*', an attribute) when its value differs. */
function setText(el, key, value) {
  let last = written.get(el);
  if (!last) written.set(el, last = {});
  if (last[key] === value) return;
  last[key] = value;
  if (key.startsWith('aria-')) el.setAttribute(key, value);
  // New text in the text node already there: textContent would replace the node (and its
  // layout object) on every frame of a drag.
  else if (key === 'textContent' && el.firstChild?.nodeType === Node.TEXT_NODE && el.childNodes.length === 1) el.firstChild.data = value;
  else el[key] = value;
}
