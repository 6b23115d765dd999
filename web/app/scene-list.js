// The list of volumes: a mark of overlap (a red ✕: overlaps another, a green ✓: apart; shape
// and colour, and said in words to screen readers), the name, the type and the A/B role. Clicking a row picks the volume, as clicking it in the view does.

import { h, setChildren } from '../view/dom.js';

export class SceneList {
  constructor(root, { onPick, onHover }) {
    this.root = root;
    this.onPick = onPick;
    this.onHover = onHover;
    this.list = h('ul', { class: 'scene-list', 'aria-label': 'Volumes' });
    this.list.addEventListener('pointerleave', () => onHover(null));
    root.append(this.list);
  }

  // null, not '': an empty scene's key is '' too, and its "No volumes yet" must be built.
  #key = null;
  #rows = new Map();

  /** model; overlapsAny(id) -> bool; roles: Map id -> 'A' | 'B'. Rows are rebuilt only when
   *  volumes are added, removed, renamed or change type; otherwise updated in place. */
  update(model, overlapsAny, roles) {
    const key = model.volumes.map(({ id, name, volume }) => `${id}\u0000${name}\u0000${volume.type}${volume.k ?? ''}`).join('\u0001');
    if (key !== this.#key) this.#build(model);
    this.#key = key;
    for (const { id } of model.volumes) {
      const row = this.#rows.get(id);
      const role = roles.get(id);
      const overlapping = overlapsAny(id);
      // Written only when they change: this runs on every frame of a drag, for every row.
      // Selected is the model's selection, not the pair's roles: one volume left selected (B
      // deleted) is still selected, though it has no role until a second is picked.
      const selected = model.selection.includes(id);
      const state = `${role ?? ''}|${selected}|${model.activeId === id}|${overlapping}`;
      if (row.state === state) continue;
      row.state = state;
      row.el.classList.toggle('selected', selected);
      row.el.classList.toggle('active', selected && model.activeId === id);
      row.button.setAttribute('aria-pressed', String(selected));
      row.dot.className = `dot ${overlapping ? 'overlap' : 'apart'}`;
      row.dot.textContent = overlapping ? '✕' : '✓';
      row.dot.title = overlapping ? 'overlaps another volume' : 'overlaps no other volume';
      row.said.textContent = overlapping ? ', overlaps another volume' : ', overlaps none';
      row.chip.className = `chip ${role ? role.toLowerCase() : 'none'}`;
      row.chip.textContent = role ?? '';
    }
  }

  #build(model) {
    this.#rows.clear();
    if (model.volumes.length === 0) {
      setChildren(this.list, h('li', { class: 'empty' }, 'No volumes yet: add one from the toolbar.'));
      return;
    }
    setChildren(this.list, model.volumes.map(({ id, name, volume }) => {
      const type = volume.type === 'kdop' ? `${volume.k}-DOP` : volume.type === 'sphere' ? 'sphere' : volume.type.toUpperCase();
      const dot = h('span', { class: 'dot', 'aria-hidden': 'true' });
      const chip = h('span', { class: 'chip none' });
      const said = h('span', { class: 'visually-hidden' });
      // Named by its text (name, type, role, overlap): what is seen is what a screen reader says.
      const button = h('button', { class: 'pick' },
        dot, h('span', { class: 'name' }, name ?? id), h('span', { class: 'type' }, type), chip, said);
      const el = h('li', {
        class: 'item', dataset: { id },
        onclick: () => this.onPick(id),
        onpointerenter: () => this.onHover(id),
      }, button);
      this.#rows.set(id, { el, button, dot, chip, said });
      return el;
    }));
  }
}
