// The demo's tree card (panels="tree", a mesh scene): the mesh's tree level by level, for a node
// type and a depth picked here, drawn around the mesh; and every node type side by side at that
// depth: how many nodes, how tight together (their volume over the convex hull's), and how many
// node tests the descent against the volume in focus took, each measured by the package.

import { h, setChildren } from '../view/dom.js';
import { formatRatio } from '../view/fit-colors.js';
import { NODE_TYPES, levelText } from '../view/mesh-tree.js';

export class TreeCard {
  /** actions: onTree({ node, depth }) (the reader picked another type or depth). */
  constructor(root, actions) {
    this.nodeSelect = h('select', { 'aria-label': 'Node type', onchange: () => this.#changed() },
      NODE_TYPES.map(([id, label]) => h('option', { value: id }, label)));
    this.depthInput = h('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, 'aria-label': 'Tree depth', oninput: () => this.#changed() });
    this.depthText = h('span', { class: 'num' }, '0');
    this.levelText = h('p', { class: 'hint tree-level', role: 'status' });
    this.table = h('div', { class: 'tree-rows' });
    this.note = h('p', { class: 'hint' });
    this.actions = actions;
    root.append(h('h3', { class: 'card-title' }, 'Tree, level by level'),
      h('div', { class: 'tree-controls' }, h('label', {}, 'Nodes ', this.nodeSelect), h('label', {}, 'Depth ', this.depthInput, this.depthText)),
      this.levelText, this.table, this.note);
  }

  #changed() {
    this.actions.onTree({ node: this.nodeSelect.value, depth: Number(this.depthInput.value) });
  }

  /**
   * tree: { node, depth, level (treeLevel's, with node), hull, focus (a volume's name or null),
   * rows: [{ node, levels, count, ratio, volumeTests }] (every node type, or the one picked for a
   * large mesh) }, or null while there is no mesh (the
   * mesh card says why).
   */
  update(tree) {
    if (!tree) {
      this.levelText.textContent = this.note.textContent = '';
      setChildren(this.table);
      return;
    }
    const { node, level, hull, rows, focus } = tree;
    this.nodeSelect.value = node;
    this.depthInput.max = String(level.levels);
    this.depthInput.value = String(level.depth);
    this.depthText.textContent = String(level.depth);
    this.levelText.textContent = levelText(level, hull);
    this.note.textContent = rows.length < NODE_TYPES.length ? 'A mesh this large is measured for the node type picked only: pick another to compare.' : '';
    setChildren(this.table, h('table', { class: 'fit-table tree-table' },
      h('caption', { class: 'visually-hidden' }, `Every node type at depth ${level.depth}`),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Nodes'),
        h('th', { scope: 'col' }, 'Count'),
        h('th', { scope: 'col' }, '× hull'),
        h('th', { scope: 'col' }, focus ? `Tests vs ${focus}` : 'Tests'))),
      h('tbody', {}, rows.map((r) => h('tr', { dataset: { node: r.node }, class: r.node === node ? 'picked' : '' },
        h('th', { scope: 'row' }, NODE_TYPES.find(([id]) => id === r.node)[1]),
        h('td', { class: 'num' }, r.count.toLocaleString('en')),
        h('td', { class: 'num' }, formatRatio(r.ratio)),
        h('td', { class: 'num' }, r.volumeTests === null ? '—' : r.volumeTests.toLocaleString('en')))))));
  }
}
