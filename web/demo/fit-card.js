// The demo's fit card: the volumes fitted around a fit scene's points (fit-scene.js), each in
// its drawing's colour, with its volume over the convex hull's.

import { h, setChildren } from '../view/dom.js';
import { FIT_COLORS, cssColor, formatRatio } from '../view/fit-colors.js';
import { num } from '../view/format.js';

export class FitCard {
  constructor(root) {
    this.root = root;
    this.caption = h('p', { class: 'fit-caption' });
    this.table = h('div', { class: 'fit-rows' });
    root.append(h('h3', { class: 'card-title' }, 'Fitted volumes'), this.caption, this.table);
  }

  /** fit: { count, hull, rows } (the demo's fits), or null while none. */
  update(fit) {
    if (!fit) {
      this.caption.textContent = 'Fitting…';
      setChildren(this.table);
      return;
    }
    const { count, hull, rows } = fit;
    this.caption.textContent = hull > 0
      ? `${count.toLocaleString('en')} points; their convex hull encloses ${num(hull)}. Ratio: the volume's over the hull's (1 is the best any convex volume can do).`
      : `${count.toLocaleString('en')} points in a plane: the hull encloses nothing, so there are no ratios.`;
    setChildren(this.table, h('table', { class: 'fit-table' },
      h('caption', { class: 'visually-hidden' }, 'Volumes fitted around the points'),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Kind'),
        h('th', { scope: 'col' }, 'Volume'),
        h('th', { scope: 'col' }, 'Ratio'))),
      h('tbody', {}, rows.map((r) => h('tr', { dataset: { id: r.id } },
        h('th', { scope: 'row' }, h('i', { class: 'swatch', 'aria-hidden': 'true', style: { background: cssColor(FIT_COLORS[r.id]) } }), r.label),
        h('td', { class: 'num' }, num(r.bvVolume)),
        h('td', { class: 'num ratio' }, formatRatio(r.ratio)))))));
  }
}
