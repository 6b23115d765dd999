// The Mesh card: puts a built-in model (mesh-models.js) or a user's file (point-file.js: STL, OBJ,
// PLY, glTF/GLB, picked or dropped on the view) in the scene, lists which volumes the mesh
// overlaps, and shows its tree level by level: a node type and a depth, the nodes at that depth
// drawn around the mesh, their count and their total volume over the mesh's convex hull's. A
// second mesh (a built-in model) may join it, to test mesh against mesh. The trees are built and
// measured on a worker (mesh-tree-worker.js). A file that cannot be read is said in the card, and
// changes nothing.

import { h, setChildren } from '../view/dom.js';
import { MESH_FILE_ACCEPT } from '../view/point-file.js';
import { MESH_MODELS } from '../view/mesh-ids.js';
import { descentText, meshPairText, verdictsText } from '../view/mesh-verdicts.js';
import { MAX_DRAWN_NODES, NODE_TYPES, levelText } from '../view/mesh-tree.js';
import { workerCall } from '../view/worker-call.js';

/** Asks the tree worker (mesh-tree-worker.js). */
const ask = workerCall(() => new Worker(new URL('./mesh-tree-worker.js', import.meta.url), { type: 'module' }));

const n = (x) => x.toLocaleString('en');

export class MeshPanel {
  /** The last load or level under way or done (a promise; the browser tests wait for it). */
  lastLoad = Promise.resolve();
  lastLevel = Promise.resolve();
  /** The level shown: the worker's answer, or null. */
  level = null;
  #hull = null;
  #busy = false;
  #levelAsked = 0;

  /**
   * actions: onModel(id), onFile(file) (each a promise: the mesh is in the scene, or an Error),
   * onRemove(), onSelect(), onNodes(volumes, node) (draws a level's volumes; [] for none),
   * onSecond(id) (puts built-in model `id` in the scene as the second mesh, a promise, or takes
   * the second mesh out: ''), onSelectSecond().
   */
  constructor(root, actions) {
    this.actions = actions;
    this.modelSelect = h('select', { 'aria-label': 'Built-in model' },
      MESH_MODELS.map((m) => h('option', { value: m.id }, m.label)));
    this.addButton = h('button', { onclick: () => this.addModel(this.modelSelect.value) }, 'Add model');
    this.fileInput = h('input', {
      type: 'file', accept: MESH_FILE_ACCEPT, hidden: true, 'aria-label': 'Open a mesh file for the scene',
      onchange: (e) => { const f = e.target.files[0]; e.target.value = ''; if (f) this.openFile(f); },
    });
    this.openButton = h('button', { title: 'Open an STL, OBJ, PLY, glTF or GLB file', onclick: () => this.fileInput.click() }, 'Open a mesh file…');
    this.selectButton = h('button', { disabled: true, onclick: () => actions.onSelect() }, 'Select mesh');
    this.removeButton = h('button', { disabled: true, onclick: () => actions.onRemove() }, 'Remove mesh');
    this.secondSelect = h('select', {
      'aria-label': 'Second mesh', title: 'A second mesh beside the first, moved and turned on its own: the two are tested against each other',
      disabled: true, onchange: () => this.setSecondModel(this.secondSelect.value),
    }, h('option', { value: '' }, 'None'), MESH_MODELS.map((m) => h('option', { value: m.id }, m.label)));
    this.selectSecondButton = h('button', { disabled: true, onclick: () => actions.onSelectSecond() }, 'Select second mesh');
    this.secondText = h('p', { class: 'hint mesh-second', role: 'status' });
    this.error = h('p', { class: 'fit-error', role: 'alert', hidden: true });
    this.status = h('p', { class: 'hint', role: 'status' }, 'Put a mesh in the scene: a built-in model, or an STL, OBJ, PLY, glTF or GLB file (or drop one on the view).');
    this.verdicts = h('p', { class: 'mesh-verdicts' });
    this.descent = h('p', { class: 'hint mesh-descent' });
    this.nodeSelect = h('select', { 'aria-label': 'Node type', onchange: () => this.showLevel() },
      NODE_TYPES.map(([id, label]) => h('option', { value: id, selected: id === 'aabb' }, label)));
    this.depthInput = h('input', {
      type: 'range', min: 0, max: 0, value: 0, step: 1, 'aria-label': 'Tree depth',
      oninput: () => this.showLevel(),
    });
    this.depthText = h('span', { class: 'num' }, '0');
    this.levelText = h('p', { class: 'hint mesh-level', role: 'status' });
    this.tree = h('fieldset', { class: 'mesh-tree', disabled: true },
      h('legend', {}, 'Tree, level by level'),
      h('label', {}, 'Nodes ', this.nodeSelect),
      h('label', {}, 'Depth ', this.depthInput, this.depthText),
      this.levelText);
    root.append(
      h('div', { class: 'fit-actions' }, this.modelSelect, this.addButton, this.openButton, this.fileInput),
      this.error, this.status,
      h('div', { class: 'fit-actions' }, this.selectButton, this.removeButton),
      h('div', { class: 'fit-actions' }, h('label', {}, 'Second mesh ', this.secondSelect), this.selectSecondButton),
      this.verdicts, this.descent, this.secondText, this.tree);
  }

  addModel(id) {
    return this.#start(MESH_MODELS.find((m) => m.id === id)?.label ?? id, () => this.actions.onModel(id));
  }

  /** Puts built-in model `id` in the scene as the second mesh ('' takes it out). */
  setSecondModel(id) {
    if (!id) return this.actions.onSecond('');
    const name = MESH_MODELS.find((m) => m.id === id)?.label ?? id;
    return this.#start(name, () => this.actions.onSecond(id));
  }

  openFile(file) {
    return this.#start(file.name, () => this.actions.onFile(file));
  }

  /** One load at a time: while one runs, another ask waits for it instead. */
  #start(name, load) {
    if (!this.#busy) this.lastLoad = this.#load(name, load);
    return this.lastLoad;
  }

  async #load(name, load) {
    this.#setBusy(true);
    const before = this.status.textContent, reading = `Reading ${name}…`;
    this.status.textContent = reading;
    this.error.hidden = true;
    try {
      await load();
      // A first mesh says itself (setMesh); a second leaves the first's words.
      if (this.status.textContent === reading) this.status.textContent = before;
    } catch (e) {
      this.status.textContent = before;
      this.showError(`Could not put ${name} in the scene: ${e.message}. Nothing was changed.`);
    } finally {
      this.#setBusy(false);
    }
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
    this.error.scrollIntoView({ block: 'nearest' });
  }

  /** The mesh now in the scene ({ name, triangles, mesh, node }) or null: resets the tree to its root. */
  setMesh(current) {
    this.selectButton.disabled = this.removeButton.disabled = this.secondSelect.disabled = !current;
    this.tree.disabled = !current;
    this.level = null;
    this.#hull = null;
    this.depthInput.value = 0;
    this.depthInput.max = 0;
    this.actions.onNodes([]);
    if (!current) {
      this.status.textContent = 'No mesh in the scene.';
      this.levelText.textContent = '';
      this.descent.textContent = '';
      setChildren(this.verdicts);
      return;
    }
    const { mesh, name, node } = current;
    const tree = NODE_TYPES.find(([id]) => id === node)[1];
    this.status.textContent = `${name}: ${n(mesh.triangleCount)} triangles, ${n(mesh.vertexCount)} vertices, in a tree of ${tree}, scaled to the view. Drag it with the gizmo once selected.`;
    // The levels start at the node type the mesh's queries use.
    this.nodeSelect.value = node;
    const hull = ask({ triangles: { positions: current.triangles.positions, indices: current.triangles.indices } })
      .then(({ hull }) => { this.#hull = hull; });
    this.lastLevel = hull.then(() => this.showLevel(), (e) => { this.levelText.textContent = `The tree could not be built: ${e.message}`; });
  }

  /**
   * Which volumes the mesh overlaps: [{ name, overlap }]; for `focus` (one of them, or none), what
   * the descent tested ({ tested: { volumeTests, triangleTests } }) of `triangles`.
   */
  setVerdicts(name, verdicts, focus, triangles) {
    const text = descentText(focus, triangles);
    if (this.descent.textContent !== text) this.descent.textContent = text;
    setChildren(this.verdicts, verdictsText(name, verdicts));
  }

  /** The second mesh now in the scene ({ model, name }) or null. */
  setSecond(current) {
    this.secondSelect.value = current?.model ?? '';
    this.selectSecondButton.disabled = !current;
    if (!current) this.secondText.textContent = '';
  }

  /** What testing the mesh against the second found (meshPairVerdict's), with both meshes' names. */
  setSecondVerdict({ name, other, ...verdict }) {
    const text = meshPairText(name, other, verdict);
    if (this.secondText.textContent !== text) this.secondText.textContent = text;
  }

  /** Asks the worker for the level the controls say, and draws it. */
  showLevel() {
    const node = this.nodeSelect.value;
    const depth = Number(this.depthInput.value);
    this.depthText.textContent = String(depth);
    const asked = ++this.#levelAsked;
    this.levelText.textContent = `Building the tree of ${NODE_TYPES.find(([id]) => id === node)[1]}…`;
    this.lastLevel = ask({ node, depth, maxVolumes: MAX_DRAWN_NODES }).then((level) => {
      if (asked !== this.#levelAsked) return;
      this.level = level;
      this.depthInput.max = level.levels;
      this.levelText.textContent = this.#describe(level);
      this.actions.onNodes(level.volumes ?? [], node);
    }, (e) => {
      if (asked === this.#levelAsked) this.levelText.textContent = `The tree could not be built: ${e.message}`;
    });
    return this.lastLevel;
  }

  #describe(level) {
    return levelText(level, this.#hull);
  }

  #setBusy(busy) {
    this.#busy = busy;
    this.addButton.disabled = this.openButton.disabled = busy;
  }
}
