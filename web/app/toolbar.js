// The toolbar: add volumes (k for k-DOPs), duplicate, delete, gizmo mode, presets, share,
// export/import and help. Each button names its keyboard shortcut in its tooltip.

import { h } from '../view/dom.js';
import { KDOP_KS } from '../view/defaults.js';
import { EMPTY, PRESETS } from './presets.js';

export class Toolbar {
  /** actions: onAdd(type, k), onDuplicate(), onDelete(), onUndo(), onRedo(), onMode(mode), onPreset(id), onShare(), onExport(), onImport(file), onHelp() */
  constructor(root, actions) {
    this.root = root;
    this.k = 18;
    // The tooltip names the shortcut. It is the accessible name too when it contains the
    // visible label ("Add a k-DOP (4)"); otherwise the label names the button ("OBB"), so what
    // speech-input users see is what they say (WCAG 2.5.3), and the tooltip describes it.
    const btn = (label, title, onclick, extra = {}) => h('button', {
      title, 'aria-label': title.toLowerCase().includes(label.toLowerCase()) ? title : null, onclick, ...extra,
    }, label);
    this.kSelect = h('select', {
      class: 'k-select', title: 'k of new k-DOPs', 'aria-label': 'k of new k-DOPs',
      onchange: (e) => { this.k = Number(e.target.value); },
    }, KDOP_KS.map((k) => h('option', { value: k, selected: k === this.k }, `k = ${k}`)));
    this.modeButtons = {};
    const mode = (m, label, key) => {
      const b = btn(label, `${label} (${key})`, () => actions.onMode(m), { class: 'seg', 'aria-pressed': 'false', dataset: { mode: m } });
      this.modeButtons[m] = b;
      return b;
    };
    this.presetSelect = h('select', {
      class: 'preset-select', 'aria-label': 'Presets', title: 'Load a preset scene',
      onchange: (e) => { if (e.target.value) actions.onPreset(e.target.value); e.target.value = ''; },
    }, h('option', { value: '' }, 'Presets…'), PRESETS.map((p) => h('option', { value: p.id }, p.title)),
    h('option', { value: EMPTY.id }, EMPTY.title));
    const file = h('input', {
      type: 'file', accept: '.json,application/json', hidden: true, 'aria-label': 'Import scene file',
      onchange: (e) => { const f = e.target.files[0]; e.target.value = ''; if (f) actions.onImport(f); },
    });
    this.fileInput = file;
    root.append(
      h('div', { class: 'brand' }, h('span', { class: 'logo', 'aria-hidden': 'true' }), h('span', {}, 'sepaxis'), h('small', {}, 'separating-axis visualizer')),
      h('div', { class: 'group', role: 'group', 'aria-label': 'Add a volume' },
        h('span', { class: 'group-label' }, 'Add'),
        btn('Sphere', 'Add a sphere (1)', () => actions.onAdd('sphere')),
        btn('AABB', 'Add an axis-aligned box (2)', () => actions.onAdd('aabb')),
        btn('OBB', 'Add an oriented box (3)', () => actions.onAdd('obb')),
        h('span', { class: 'joined' }, btn('k-DOP', 'Add a k-DOP (4)', () => actions.onAdd('kdop', this.k)), this.kSelect)),
      h('div', { class: 'group', role: 'group', 'aria-label': 'Edit' },
        this.duplicateButton = btn('Duplicate', 'Duplicate the selected volume (Shift+D)', actions.onDuplicate),
        this.deleteButton = btn('Delete', 'Delete the selected volume (Delete)', actions.onDelete),
        this.undoButton = btn('Undo', 'Undo (Ctrl+Z)', actions.onUndo, { disabled: true }),
        this.redoButton = btn('Redo', 'Redo (Ctrl+Y, Ctrl+Shift+Z)', actions.onRedo, { disabled: true })),
      h('div', { class: 'group segmented', role: 'group', 'aria-label': 'Gizmo' },
        mode('translate', 'Move', 'W'), mode('rotate', 'Rotate', 'E'), mode('scale', 'Scale', 'R'), mode('velocity', 'Velocity', 'V')),
      h('div', { class: 'group', role: 'group', 'aria-label': 'Scene' },
        this.presetSelect,
        btn('Share link', 'Copy a link to this scene', actions.onShare),
        btn('Export', 'Save the scene as a JSON file', actions.onExport),
        btn('Import', 'Open a scene JSON file', () => file.click()),
        file),
      h('div', { class: 'group end' }, btn('?', 'Keyboard shortcuts and help (?)', actions.onHelp, { class: 'icon' })));
  }

  /** Enables undo and redo when there is a step to take. */
  updateHistory({ canUndo, canRedo }) {
    this.undoButton.disabled = !canUndo;
    this.redoButton.disabled = !canRedo;
  }

  /** Reflects the gizmo mode and whether there is a volume to act on. */
  update({ mode, hasActive }) {
    for (const [m, b] of Object.entries(this.modeButtons)) {
      b.classList.toggle('on', m === mode);
      // Called on every refresh (every frame of a drag): the attribute is written on change only.
      if (b.getAttribute('aria-pressed') !== String(m === mode)) b.setAttribute('aria-pressed', String(m === mode));
    }
    this.duplicateButton.disabled = !hasActive;
    this.deleteButton.disabled = !hasActive;
  }
}
