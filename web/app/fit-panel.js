// "Fit to points": loads the Stanford bunny or a mesh/point file (button or drop), fits every kind
// of volume around its distinct vertices (fit-table.js, on a worker: fit-worker.js) and lists each
// with its volume over the convex hull's and its fit time; the rows ticked are drawn around the
// points (fit-drawing.js), in the colours of the legend, and "Add to scene" makes them ordinary
// volumes of the scene.
// A file that cannot be fitted is said in the card, and changes nothing.

import { h, setChildren } from '../view/dom.js';
import { FIT_COLORS as KIND_COLORS, cssColor as css, formatRatio } from '../view/fit-colors.js';
import { POINT_FILE_ACCEPT, bunnyPositions, readPositions } from '../view/point-file.js';
import { workerCall } from '../view/worker-call.js';

/** The fitting and its drawing, loaded on first use: the page's first load carries neither. */
const loadFitting = () => Promise.all([import('../view/fit-table.js'), import('../view/fit-drawing.js')]);

/**
 * Runs fitRows(points) on a worker (fit-worker.js), calling onRow(row) for each row as it comes;
 * resolves when all are in. Rejects with the worker's message, or when it cannot start.
 */
const askFitWorker = workerCall(() => new Worker(new URL('./fit-worker.js', import.meta.url), { type: 'module' }));
const fitOnWorker = (points, onRow) => askFitWorker({ points }, [], onRow);
const formatMs = (ms) => (ms < 10 ? ms.toFixed(1) : Math.round(ms).toString());

export class FitPanel {
  /** The loaded set: { name, short, rows, hull, count, vertices, points } or null. */
  current = null;
  /** The points and volumes in 3D (fit-drawing.js), made on first use. */
  drawing = null;
  /** Ids of the rows drawn. */
  shown = new Set();
  #busy = false;

  /**
   * root: the panel's element; legendRoot: where the legend goes (over the view);
   * onAdd([{ name, volume }]): adds volumes to the scene; onFrame(box): frames the view on a box.
   */
  constructor(sx, viewport, { root, legendRoot, onAdd, onFrame }) {
    this.sx = sx;
    this.viewport = viewport;
    this.actions = { onAdd, onFrame };
    this.fileInput = h('input', {
      type: 'file', accept: POINT_FILE_ACCEPT, hidden: true, 'aria-label': 'Open a mesh or point file to fit',
      onchange: (e) => { const f = e.target.files[0]; e.target.value = ''; if (f) this.openFile(f); },
    });
    this.bunnyButton = h('button', { onclick: () => this.loadBunny() }, 'Load the bunny');
    this.openButton = h('button', { title: 'Open an STL, OBJ or PLY file', onclick: () => this.fileInput.click() }, 'Open a file…');
    this.clearButton = h('button', { disabled: true, onclick: () => this.clear() }, 'Clear');
    this.status = h('p', { class: 'hint fit-status', role: 'status' }, 'Fit every kind of volume around a mesh\'s vertices: the bunny, or an STL, OBJ or PLY file (or drop one on the page).');
    this.error = h('p', { class: 'fit-error', role: 'alert', hidden: true });
    this.table = h('div', { class: 'fit-rows' });
    this.allButton = h('button', { disabled: true, onclick: () => this.showAll() }, 'Show all');
    this.addButton = h('button', { disabled: true, onclick: () => this.addShown() }, 'Add to scene');
    root.append(
      h('div', { class: 'fit-actions' }, this.bunnyButton, this.openButton, this.clearButton, this.fileInput),
      this.error, this.status, this.table,
      h('div', { class: 'fit-actions' }, this.allButton, this.addButton));
    this.legend = h('div', { class: 'fit-legend', 'aria-hidden': 'true', hidden: true });
    legendRoot.append(this.legend);
    viewport.keepClear.push(this.legend);
    installDrop(document, (file) => this.openFile(file));
  }

  /** The last load under way or done (a promise; the browser tests wait for it). */
  lastLoad = Promise.resolve();

  loadBunny() {
    return this.#start('the Stanford bunny', bunnyPositions);
  }

  /** Reads a File (picked or dropped) and fits it. */
  openFile(file) {
    return this.#start(file.name, async () => readPositions(file.name, await file.arrayBuffer()));
  }

  /** One load at a time: while one runs, another ask waits for it instead. */
  #start(name, positionsOf) {
    if (!this.#busy) this.lastLoad = this.#load(name, positionsOf);
    return this.lastLoad;
  }

  /** Ticks exactly these rows (ids of FIT_KINDS) and draws them. */
  select(ids) {
    this.shown = new Set(ids);
    this.#refresh();
  }

  showAll() {
    this.select(this.current?.rows.map((r) => r.id) ?? []);
  }

  clear() {
    this.current = null;
    this.shown = new Set();
    this.drawing?.setPoints(null);
    this.status.textContent = 'Nothing loaded.';
    this.#refresh();
  }

  /** Adds the volumes drawn to the scene (named after the file), and stops drawing them here. */
  addShown() {
    const rows = this.current?.rows.filter((r) => this.shown.has(r.id)) ?? [];
    if (!rows.length) return;
    this.actions.onAdd(rows.map((r) => ({ name: `${this.current.short} ${r.label}`, volume: r.volume })));
    this.select([]);
  }

  async #load(name, positionsOf) {
    this.#setBusy(true);
    const before = this.status.textContent;
    this.status.textContent = `Reading ${name}…`;
    this.error.hidden = true;
    try {
      const [{ distinctPoints, placedInView, FIT_KINDS }, { FitDrawing }] = await loadFitting();
      this.drawing ??= new FitDrawing(this.sx, this.viewport);
      const positions = await positionsOf();
      const distinct = distinctPoints(positions);
      const { points } = placedInView(distinct);
      const rows = [];
      let hull = null;
      const onRow = (row) => {
        if (row.hull) hull = row.hull;
        else rows.push(row);
        this.status.textContent = `Fitting ${name}: ${rows.length} of ${FIT_KINDS.length}…`;
      };
      await fitOnWorker(points, onRow);
      this.current = {
        name, short: name.startsWith('the ') ? 'Bunny' : name.replace(/\.[^.]+$/, '').slice(0, 24),
        rows, hull, count: points.length / 3, vertices: positions.length / 3, points,
      };
      this.shown = new Set();
      this.drawing.setPoints(points);
      this.status.textContent = describe(this.current);
      this.#refresh();
      this.actions.onFrame(rows[0].volume);
    } catch (e) {
      this.status.textContent = before;
      this.error.textContent = `Could not fit ${name}: ${e.message}. Nothing was changed.`;
      this.error.hidden = false;
      this.error.scrollIntoView({ block: 'nearest' });
    } finally {
      this.#setBusy(false);
    }
  }

  #setBusy(busy) {
    this.#busy = busy;
    for (const b of [this.bunnyButton, this.openButton]) b.disabled = busy;
    this.clearButton.disabled = busy || !this.current;
  }

  #refresh() {
    const current = this.current;
    this.clearButton.disabled = this.#busy || !current;
    this.allButton.disabled = !current;
    this.addButton.disabled = !current || this.shown.size === 0;
    if (!current) {
      setChildren(this.table);
      this.legend.hidden = true;
      this.drawing?.setVolumes([]);
      return;
    }
    setChildren(this.table, h('table', { class: 'fit-table' },
      h('caption', { class: 'visually-hidden' }, `Volumes fitted around ${current.name}`),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Volume'),
        h('th', { scope: 'col', title: 'Its volume over the convex hull\'s' }, 'Ratio'),
        h('th', { scope: 'col' }, 'Fit (ms)'))),
      h('tbody', {}, current.rows.map((r) => h('tr', { dataset: { id: r.id } },
        h('td', {}, h('label', {},
          h('input', { type: 'checkbox', checked: this.shown.has(r.id), onchange: (e) => this.#toggle(r.id, e.target.checked) }),
          h('i', { class: 'swatch', style: { background: css(KIND_COLORS[r.id]) } }),
          r.label)),
        h('td', { class: 'num ratio' }, formatRatio(r.ratio)),
        h('td', { class: 'num ms' }, formatMs(r.ms)))))));
    const shown = current.rows.filter((r) => this.shown.has(r.id));
    this.drawing.setVolumes(shown.map((r) => ({ id: r.id, volume: r.volume, color: KIND_COLORS[r.id] })));
    setChildren(this.legend,
      h('span', {}, h('i', { class: 'dot points' }), `${current.short} points`),
      shown.map((r) => h('span', {}, h('i', { class: 'line', style: { background: css(KIND_COLORS[r.id]) } }), r.label)));
    this.legend.hidden = false;
  }

  #toggle(id, on) {
    const next = new Set(this.shown);
    if (on) next.add(id);
    else next.delete(id);
    this.shown = next;
    // The table is rebuilt: keep the keyboard on the box just ticked.
    this.#refresh();
    this.table.querySelector(`tr[data-id="${id}"] input`)?.focus();
  }
}

function describe({ name, count, vertices, hull }) {
  const n = (x) => x.toLocaleString('en');
  const flat = hull.volume > 0 ? '' : ' They lie in a plane: the hull encloses nothing, so there are no ratios.';
  return `${name.replace(/^the /, 'The ')}: ${n(count)} distinct points of ${n(vertices)} vertices, scaled to the view. Convex hull in ${formatMs(hull.ms)} ms; ratio = volume / the hull's.${flat}`;
}

/**
 * A file dropped on `target` (an element, or the whole document) goes to onFile (the first one),
 * and no further up the page; a drop of anything else is left alone.
 */
export function installDrop(target, onFile) {
  const hasFiles = (e) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  target.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  });
  target.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.stopPropagation();
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  });
}
