// The scene's mesh as the App sees it: loads built-in models and files into the SceneMesh
// (scene-mesh.js, loaded with the first mesh: the page's first load carries only the card) and
// keeps the Mesh card (mesh-panel.js) in step: its verdicts against the volumes shown, its tree's
// levels drawn around it. In a scene's JSON the mesh is
//   mesh: { model, translation, rotation }
// for a built-in model; a user's file cannot travel in a link or a file (linkProblem says so).
// A turned copy of the mesh may be put beside it (the card's Add a turned copy): the two meshes
// are tested against each other (overlapsMesh, trianglePairs), the triangles that meet marked.
// The copy stays where it was put, is not tested against the volumes, and is not saved.

import { FIT_COLORS } from '../view/fit-colors.js';
import { readTriangles } from '../view/point-file.js';
import { MESH_MODELS } from '../view/mesh-ids.js';
import { meshPairVerdict } from '../view/mesh-verdicts.js';
import { MeshPanel } from './mesh-panel.js';

/** The drawing and the placing of meshes, and the card's descent, loaded on first use. */
const loadMeshCode = () => Promise.all([import('../view/scene-mesh.js'), import('../view/mesh-models.js'), import('../view/mesh-descent-panel.js')]);

/** Where a copy of the mesh goes, from the mesh's pose: beside it, turned a quarter about y. */
const COPY_OFFSET = [1.5, 0, 0];
const COPY_TURN = [0, Math.SQRT1_2, 0, Math.SQRT1_2];

export class MeshController {
  /** Ids of the volumes the mesh overlaps (as last tested). */
  hits = new Set();
  /** A second SceneMesh: a turned copy of the mesh, tested against it (overlapsMesh); null without. */
  copy = null;
  /** Whether the mesh meets its copy (as last tested). */
  meetsCopy = false;

  /**
   * onChange({ added, removed, transient }): the mesh came, went or moved (the App refreshes);
   * onSelect(): select it;
   * onAdded(): the card put a mesh in the scene (the App frames it).
   */
  constructor(sx, viewport, root, { onChange, onSelect, onAdded }) {
    this.sx = sx;
    this.onAdded = onAdded;
    this.viewport = viewport;
    this.onChange = onChange;
    /** The SceneMesh (scene-mesh.js), made with the first mesh; null before. */
    this.sceneMesh = null;
    this.panel = new MeshPanel(root, {
      onModel: (id) => this.loadModel(id).then(onAdded),
      onFile: (file) => this.loadFile(file).then(onAdded),
      onRemove: () => this.remove(),
      onSelect,
      onNodes: (volumes, node) => {
        if (!this.descent?.mode) this.sceneMesh?.setNodes(volumes, FIT_COLORS[node] ?? FIT_COLORS['obb-fast']);
      },
      onCopy: (on) => (on ? this.addCopy() : this.removeCopy()),
    });
    this.root = root;
    /** The card's descent (mesh-descent-panel.js), made with the first mesh; null before. */
    this.descent = null;
  }

  get current() {
    return this.sceneMesh?.current ?? null;
  }

  /** Loads the mesh code once; resolves to mesh-models.js. */
  async #code() {
    const [{ SceneMesh }, models, { MeshDescentPanel }] = await loadMeshCode();
    this.sceneMesh ??= new SceneMesh(this.sx, this.viewport);
    this.descent ??= new MeshDescentPanel(this.root, this.sx, {
      onDraw: (nodes) => {
        if (nodes) this.sceneMesh.setStyledNodes(nodes);
        else if (this.current) this.panel.showLevel();
      },
      onDrawOther: (nodes) => this.copy?.current && this.copy.setStyledNodes(nodes),
      onMark: (triangles) => {
        if (!this.copy?.current) this.sceneMesh.markTriangles(triangles);
      },
    });
    return models;
  }

  /** Puts a built-in model in the scene (pose: where; default the origin). Rejects with an Error. */
  async loadModel(id, pose) {
    const model = MESH_MODELS.find((m) => m.id === id);
    if (!model) throw new Error(`there is no built-in model "${id}"`);
    const { MODEL_TRIANGLES } = await this.#code();
    this.#show({ name: model.label, model: id, triangles: await MODEL_TRIANGLES[id]() }, pose);
  }

  /** Puts a user's file in the scene. Rejects with an Error saying why it cannot be read. */
  async loadFile(file) {
    await this.#code();
    const triangles = await readTriangles(file.name, await file.arrayBuffer(), { placed: true });
    this.#show({ name: file.name, model: null, triangles }, undefined);
  }

  #show(what, pose) {
    this.removeCopy({ quiet: true });
    this.sceneMesh.set(what);
    if (pose) this.sceneMesh.setPose(pose);
    this.panel.setMesh(this.sceneMesh.current);
    this.descent.setEnabled(true);
    this.onChange({ added: true });
  }

  remove() {
    if (!this.current) return;
    this.removeCopy({ quiet: true });
    this.sceneMesh.clear();
    this.hits = new Set();
    this.panel.setMesh(null);
    this.descent?.setEnabled(false);
    this.onChange({ removed: true });
  }

  /** Puts a copy of the mesh beside it, turned (COPY_OFFSET, COPY_TURN): the two meshes are tested. */
  addCopy() {
    const c = this.current;
    if (!c || this.copy?.current) return;
    this.copy ??= new this.sceneMesh.constructor(this.sx, this.viewport);
    this.copy.set({ name: `${c.name} (copy)`, model: c.model, triangles: c.triangles });
    const t = this.sceneMesh.pose.translation;
    this.copy.setPose({ translation: t.map((x, i) => x + COPY_OFFSET[i]), rotation: COPY_TURN });
    this.copy.object.name = 'mesh-copy';
    this.panel.setCopy(true);
    this.onChange({ added: true });
    this.onAdded();
  }

  /** Takes the copy out (quiet: the caller refreshes). */
  removeCopy({ quiet = false } = {}) {
    if (!this.copy?.current) return;
    this.copy.clear();
    this.sceneMesh.markTriangles([]);
    this.meetsCopy = false;
    this.panel.setCopy(false);
    if (!quiet) this.onChange({ removed: true });
  }

  /** Moves the mesh; transient: part of a drag, the final pose follows. */
  setPose(pose, { transient = false } = {}) {
    this.sceneMesh.setPose(pose);
    this.onChange({ transient });
  }

  /** Places the mesh where the gizmo put its stand-in OBB (SceneMesh.standIn). */
  setPoseOfStandIn(obb, options) {
    this.setPose(this.sceneMesh.constructor.poseOfStandIn(obb), options);
  }

  /**
   * For undo (undo.js): which mesh is where. A step restores the pose of the mesh it saw, when
   * that mesh is still the scene's; putting a mesh in or taking it out is not a step.
   */
  undoState() {
    const c = this.current;
    return c ? { mesh: c.mesh, pose: this.sceneMesh.pose, toJSON: () => this.sceneMesh.pose } : null;
  }

  restoreUndoState(state) {
    if (state && state.mesh === this.current?.mesh) this.setPose(state.pose);
  }

  /** The distance along a world ray to the mesh, or null (no mesh, or a miss). */
  hitDistance(ray) {
    return this.current ? this.sceneMesh.hitDistance(ray) : null;
  }

  /** Colours the mesh (SceneMesh.setStyle), when there is one. */
  setStyle(style) {
    if (!this.current) return;
    this.sceneMesh.setStyle({ ...style, overlapping: style.overlapping || this.meetsCopy });
    if (this.copy?.current) this.copy.setStyle({ overlapping: this.meetsCopy });
  }

  /**
   * Tests the mesh against the volumes shown ([{ id, name, volume }]) and lists the verdicts, with
   * what the descent for the active volume (activeId) tested (mesh.lastQuery).
   */
  refresh(entries, activeId = null) {
    if (!this.current) {
      this.hits = new Set();
      return;
    }
    const verdicts = entries.map((e) => ({
      id: e.id, name: e.name ?? e.id, overlap: this.sceneMesh.overlaps(e.volume), tested: this.current.mesh.lastQuery,
    }));
    this.hits = new Set(verdicts.filter((v) => v.overlap).map((v) => v.id));
    this.panel.setVerdicts(this.current.name, verdicts, verdicts.find((v) => v.id === activeId), this.current.mesh.triangleCount);
    const active = entries.find((e) => e.id === activeId);
    // With the turned copy in the scene, the descent is the one of the two meshes.
    const target = this.copy?.current
      ? { mesh: this.current.mesh, pose: this.sceneMesh.pose, other: this.copy.current.mesh, otherPose: this.copy.pose, name: 'its copy' }
      : active && { mesh: this.current.mesh, pose: this.sceneMesh.pose, volume: active.volume, name: active.name ?? active.id };
    this.descent?.setTarget(target ?? null);
    if (this.copy?.current) this.#testCopy();
  }

  /**
   * Tests the mesh against its copy (mesh.overlapsMesh, then mesh.trianglePairs when they meet),
   * marks the triangles that meet on both and says what the descent tested.
   */
  #testCopy() {
    const verdict = meshPairVerdict(this.current.mesh, this.sceneMesh.pose, this.copy.current.mesh, this.copy.pose);
    this.meetsCopy = verdict.meets;
    this.sceneMesh.markTriangles(verdict.ofA);
    this.copy.markTriangles(verdict.ofB);
    this.panel.setCopyVerdict({ name: this.current.name, ...verdict });
  }

  /** The scene JSON's mesh field, or undefined (no mesh, or a user's file). */
  toJSON() {
    const c = this.current;
    if (!c?.model) return undefined;
    const { translation, rotation } = this.sceneMesh.pose;
    return { model: c.model, translation: [...translation], rotation: [...rotation] };
  }

  /** Why the scene's link or file leaves the mesh out, or null. */
  linkProblem() {
    const c = this.current;
    if (c && !c.model) return `the mesh ${c.name} is a file of yours: a link or a scene file cannot carry it, so it is left out`;
    return this.copy?.current ? 'the copy of the mesh is not part of a scene: a link or a scene file carries the mesh alone' : null;
  }
}
