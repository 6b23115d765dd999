// The 2D axis list: one row per candidate axis of the compared pair, with both projection
// intervals on a number line (A above, B below), the gap between them, the separating axis
// highlighted and degenerate axes greyed with their reason. Hovering a row shows that axis in
// 3D; clicking it makes it the tutorial's current step. When the pair moves, each row also shows
// the times its projections overlap ([enter, exit] of the pair's sweep) on a time line shared by
// every row, [0, maxTime], with the first contact and the time shown marked.

import { h, patchChildren, setChildren } from './dom.js';
import { fixed, interval, num } from './format.js';
import { timeSpan } from './motion.js';
import { axisKind } from './tutorial.js';

export class AxisPanel {
  #rows = [];
  /** The row under the pointer: the only one whose tooltip is kept up to date. */
  #hovered = null;
  #labels = '';
  #list;
  #summary;
  /** The shared time line's ends, shown above the rows while the pair moves. */
  #timeScale;
  /** Rows in (or near) the list's visible part, as an IntersectionObserver reports them. */
  #onScreen = new Set();
  #observed = false;
  #observer = null;
  /** Rows a transient update left for later (they were off screen), and what to fill them with. */
  #stale = new Set();
  #last = null;

  /** The scale checkbox and the look-along button: shown while there are axes. */
  #tools;
  /** Draw every row on one scale (the widest row's), so interval lengths compare across axes. */
  #sameScale = false;
  /** The row with the keyboard focus (its accessible name is kept up to date), or null. */
  #focused = null;

  /** onHover(index | null): preview in 3D; onPick(index): make it the tutorial's step; onLook(). */
  constructor(root, { onHover, onPick, onLook }) {
    this.root = root;
    this.#summary = h('p', { class: 'axis-summary' });
    this.#timeScale = h('div', { class: 'time-scale', hidden: true, 'aria-hidden': 'true' },
      h('span', { class: 'label' }, 'time'), h('span', { class: 'ends' }, h('span', {}, '0'), h('span', { class: 'end' }, '1')));
    this.#list = h('ol', { class: 'axis-list', 'aria-label': 'Candidate axes (arrow keys move, Enter steps to an axis, L looks along it)' });
    this.#list.addEventListener('pointerleave', () => {
      this.#hovered = null;
      if (!this.#focused) onHover(null);
    });
    this.#list.addEventListener('keydown', (e) => this.#key(e));
    this.onHover = onHover;
    this.onPick = onPick;
    const scale = h('input', {
      type: 'checkbox',
      onchange: () => {
        this.#sameScale = scale.checked;
        if (this.#last) this.update(this.#last.report, this.#last.current);
      },
    });
    const tools = this.#tools = h('div', { class: 'axis-tools' },
      h('label', { class: 'check', title: 'Draw every row on the scale of the widest, so interval lengths can be compared across axes' }, scale, 'Same scale for every row'),
      h('button', { class: 'small', onclick: onLook, title: 'Turn the camera so the axis in focus runs across the screen and its plane is seen edge-on (L)' }, 'Look along the axis'));
    root.append(this.#summary, tools, this.#timeScale, this.#list);
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
   * of a drag (the final value follows): only the rows on screen are refreshed now. sweep: the
   * pair's SweepReport when it moves (else null), time: { t, maxTime }.
   */
  update(report, current = -1, { transient = false, sweep = null, time = { t: 0, maxTime: 1 } } = {}) {
    this.#last = report && { report, current, sweep, time };
    this.#timeScale.hidden = !(report && sweep);
    if (sweep) setText(this.#timeScale.querySelector('.end'), 'textContent', num(time.maxTime));
    if (this.#tools.hidden !== !report) this.#tools.hidden = !report;
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
      h('b', {}, `${report.axes.length}`), ` candidate ${report.axes.length === 1 ? 'axis' : 'axes'} · ${separating} separating · ${degenerate} degenerate`,
      sweep ? ` · bars below: when each overlaps as they move${sweep.hit ? `, first contact at t = ${num(sweep.time)}` : ', no contact'}` : '');
    const lazy = transient && this.#observed;
    if (!lazy) this.#stale.clear();
    this.#last.span = this.#sameScale ? widestSpan(report.axes) : 0;
    // The row Tab reaches: the current step's, else the first (the arrows move on from it).
    const focused = this.#rows.indexOf(this.#focused);
    const tabRow = focused >= 0 ? focused : current >= 0 ? current : 0;
    this.#rows.forEach((row, i) => {
      const tabIndex = i === tabRow ? 0 : -1;
      if (row.el.tabIndex !== tabIndex) row.el.tabIndex = tabIndex;
    });
    report.axes.forEach((axis, i) => {
      if (lazy && !this.#onScreen.has(i)) this.#stale.add(i);
      else this.#fill(this.#rows[i], axis, i, report, current);
    });
  }

  #fillIndex(i) {
    const { report, current } = this.#last;
    if (this.#rows[i] && report.axes[i]) this.#fill(this.#rows[i], report.axes[i], i, report, current);
  }

  /** Arrow keys, Home and End move the focus along the rows; Enter and Space step to one. */
  #key(e) {
    const row = e.target.closest?.('.axis-row');
    if (!row || e.altKey || e.ctrlKey || e.metaKey) return;
    const i = Number(row.dataset.index), n = this.#rows.length;
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: n - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      e.stopPropagation();  // Home is also the tutorial's "first axis"
      this.#focusRow(Math.max(0, Math.min(n - 1, to)));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      this.onPick(i);
    }
  }

  #focusRow(i) {
    const el = this.#rows[i]?.el;
    if (!el) return;
    for (const r of this.#rows) r.el.tabIndex = -1;
    el.tabIndex = 0;
    el.focus();
    this.reveal(i);
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
    this.#focused = null;
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
      const times = {
        bar: h('div', { class: 'tbar' }),
        contact: h('div', { class: 'contact' }),
        now: h('div', { class: 'now' }),
        note: h('span', { class: 'tnote' }),
      };
      const timeline = h('div', { class: 'timeline', hidden: true }, times.bar, times.contact, times.now, times.note);
      const line = h('div', { class: 'numberline' }, bars.zone, bars.a, bars.b);
      const el = h('li', {
        class: 'axis-row', tabIndex: -1, dataset: { index: i },
        onpointerenter: () => {
          this.#hovered = row;
          row.el.title = rowTitle(row.axis);
          this.onHover(i);
        },
        onclick: () => this.onPick(i),
        // The keyboard's hover: a focused row is previewed in 3D and named with its numbers.
        onfocus: () => {
          this.#focused = row;
          row.el.setAttribute('aria-label', rowName(row.axis, i, this.#rows.length, row.swept));
          this.onHover(i);
        },
        onblur: (e) => {
          if (this.#focused === row) this.#focused = null;
          if (!this.#list.contains(e.relatedTarget)) this.onHover(null);
        },
      },
      h('span', { class: 'idx' }, `${i + 1}`),
      h('span', { class: 'label', title: axis.label }, h('span', { class: `kind ${axisKind(axis)}` }), h('span', { class: 'text' }, axis.label)),
      line, gap, reason, timeline);
      const row = { el, bars, gap, reason, axis, timeline, times };
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
    const { sweep, time } = this.#last;
    row.swept = sweep ? sweptAxis(sweep, report, i) : null;
    this.#fillTimes(row, sweep, time);
    if (row === this.#hovered) el.title = rowTitle(axis);
    if (row === this.#focused) setText(el, 'aria-label', rowName(axis, i, report.axes.length, row.swept));
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
    // Each row's own scale, or (same scale) the widest row's, centred on this row's middle.
    const span = this.#last.span || hi - lo;
    const pad = Math.max(span * 0.06, 1e-9);
    const mid = (lo + hi) / 2;
    const x = (t) => 50 + ((t - mid) / (span + 2 * pad)) * 100;
    place(bars.a, x(a0), x(a1));
    place(bars.b, x(b0), x(b1));
    const zLo = Math.min(a1, b1), zHi = Math.max(a0, b0);
    place(bars.zone, x(Math.min(zLo, zHi)), x(Math.max(zLo, zHi)));
    setText(bars.zone, 'className', `zone ${axis.separating ? 'gap' : 'overlap'}`);
    setText(gap, 'textContent', fixed(axis.gap, 2));
  }

  /** The row's time line: [enter, exit] over [0, maxTime], the first contact, the time shown. */
  #fillTimes(row, sweep, time) {
    const { timeline, times, el } = row;
    const swept = row.swept;
    if (timeline.hidden !== !swept) timeline.hidden = !swept;
    el.classList.toggle('deciding-time', !!swept && sweep.axes[sweep.decidingAxis] === swept);
    if (!swept) return;
    const span = timeSpan(swept, time.maxTime);
    const shown = !span.unknown && !span.never && !span.outside;
    times.bar.hidden = !shown;
    if (shown) {
      place(times.bar, span.from * 100, span.to * 100);
      times.bar.classList.toggle('before', !!span.before);
      times.bar.classList.toggle('after', !!span.after);
    }
    setText(times.note, 'textContent', span.unknown ? 'no times for this axis' : span.never ? 'never overlap: apart all along' : span.outside ? 'overlap outside the range' : '');
    times.contact.hidden = !sweep.hit;
    if (sweep.hit) place(times.contact, (sweep.time / time.maxTime) * 100, (sweep.time / time.maxTime) * 100);
    place(times.now, (time.t / time.maxTime) * 100, (time.t / time.maxTime) * 100);
  }
}

/** The sweep's axis for row i of the report: the same label (sphere pairs' lists may differ). */
function sweptAxis(sweep, report, i) {
  const label = report.axes[i].label;
  if (sweep.axes[i]?.label === label) return sweep.axes[i];
  return sweep.axes.find((a) => a.label === label) ?? null;
}

/** The widest extent of a row (both intervals together) over the axes that are not skipped. */
function widestSpan(axes) {
  let span = 0;
  for (const axis of axes) {
    if (!axis.degenerate) span = Math.max(span, Math.max(axis.a[1], axis.b[1]) - Math.min(axis.a[0], axis.b[0]));
  }
  return span;
}

/**
 * A row's accessible name: its place, the axis, both intervals and what the gap says; and when
 * the pair moves, the times its projections overlap.
 */
function rowName(axis, i, n, swept) {
  const head = `Axis ${i + 1} of ${n}, ${axis.label}`;
  if (axis.degenerate) return `${head}: skipped, ${axis.reason ?? 'degenerate'}`;
  const verdict = axis.separating ? 'separating' : axis.gap === 0 ? 'the intervals touch' : 'the intervals overlap';
  const times = !swept || swept.enter == null ? '' : swept.enter > swept.exit ? ', never overlapping as they move' : `, overlapping for t in ${interval([swept.enter, swept.exit])}`;
  return `${head}: A ${interval(axis.a)}, B ${interval(axis.b)}, gap ${num(axis.gap)}, ${verdict}${times}`;
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
