// The scene's mesh as the App sees it: loads built-in models and files into the SceneMesh
// (scene-mesh.js, loaded with the first mesh: the page's first load carries only the card) and
// keeps the Mesh card (mesh-panel.js) in step: its verdicts against the volumes shown, its tree's
// levels drawn around it. In a scene's JSON the mesh is
//   mesh: { model, translation, rotation, node? }
// for a built-in model (node: its tree's node type, as the demo element takes it; AABBs when
// absent); a user's file cannot travel in a link or a file (linkProblem says so).
// A second mesh may be put beside it (the card's Second mesh: a built-in model, the same or
// another), moved and turned on its own: the two meshes are tested against each other
// (overlapsMesh, trianglePairs), the triangles that meet marked, and the card's descent is theirs.
// It is not tested against the volumes. A scene's JSON keeps it by name, beside the first:
//   otherMesh: { model, translation, rotation, node? }

import { FIT_COLORS } from '../view/fit-colors.js';
import { readTriangles } from '../view/point-file.js';
import { MESH_ID, MESH_MODELS, SECOND_MESH_ID } from '../view/mesh-ids.js';
import { meshPairVerdict } from '../view/mesh-verdicts.js';
import { MeshPanel } from './mesh-panel.js';
import { workerCall } from '../view/worker-call.js';

/** The drawing and the placing of meshes, and the card's descent, loaded on first use. */
const loadMeshCode = () => Promise.all([import('../view/scene-mesh.js'), import('../view/mesh-models.js'), import('../view/mesh-descent-panel.js')]);

/**
 * Builds a mesh's query tree on a worker of its own (mesh-tree-worker.js; the card's levels are
 * asked of another, so that neither waits on the other).
 */
const askBuild = workerCall(() => new Worker(new URL('./mesh-tree-worker.js', import.meta.url), { type: 'module' }));

/** Where a second mesh goes, from the first's pose: beside it, turned a quarter about y. */
const SECOND_OFFSET = [1.5, 0, 0];
const SECOND_TURN = [0, Math.SQRT1_2, 0, Math.SQRT1_2];

export class MeshController {
  /** Ids of the volumes the mesh overlaps (as last tested). */
  hits = new Set();
  /** The second SceneMesh (its `current` null while there is none), tested against the first (overlapsMesh); null before the first. */
  second = null;
  /** Whether the two meshes meet (as last tested). */
  meetsSecond = false;
  /** The triangles of each mesh that meet the other's (as last tested): marked while no descent step marks others. */
  #pairMarks = [[], []];

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
      onSecond: (id) => (id ? this.loadSecond(id).then(onAdded) : this.removeSecond()),
      onSelectSecond: () => onSelect(SECOND_MESH_ID),
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
    this.second ??= new SceneMesh(this.sx, this.viewport, { id: SECOND_MESH_ID });
    this.descent ??= new MeshDescentPanel(this.root, this.sx, {
      onDraw: (nodes) => {
        if (nodes) this.sceneMesh.setStyledNodes(nodes);
        else if (this.current) this.panel.showLevel();
      },
      onDrawOther: (nodes) => this.second.current && this.second.setStyledNodes(nodes),
      onMark: (triangles, others = null) => {
        if (!this.second.current) this.sceneMesh.markTriangles(triangles);
        else if (others) {
          this.sceneMesh.markTriangles(triangles);
          this.second.markTriangles(others);
        } else this.#markPairs();
      },
    });
    return models;
  }

  /**
   * Puts a built-in model in the scene (pose: where, { translation, rotation, node? } (its tree's
   * node type, AABBs by default); default the origin). Rejects with an Error.
   */
  async loadModel(id, pose) {
    const model = MESH_MODELS.find((m) => m.id === id);
    if (!model) throw new Error(`there is no built-in model "${id}"`);
    const { MODEL_TRIANGLES } = await this.#code();
    const triangles = await MODEL_TRIANGLES[id]();
    this.#show({ name: model.label, model: id, triangles, node: pose?.node, mesh: await this.#built(triangles, pose?.node) }, pose);
  }

  /** Puts a user's file in the scene. Rejects with an Error saying why it cannot be read. */
  async loadFile(file) {
    await this.#code();
    const triangles = await readTriangles(file.name, await file.arrayBuffer(), { placed: true });
    this.#show({ name: file.name, model: null, triangles, mesh: await this.#built(triangles) }, undefined);
  }

  /**
   * The package's mesh of the triangles with its tree of `node` volumes (AABBs by default), built
   * on a worker and read in (sx.loadMesh): the page's thread stays free while the tree builds.
   */
  async #built({ positions, indices }, node = 'aabb') {
    const { bytes } = await askBuild({ build: { triangles: { positions, indices }, node } });
    return this.sx.loadMesh(bytes);
  }

  #show(what, pose) {
    this.sceneMesh.set(what);
    if (pose) this.sceneMesh.setPose(pose);
    this.panel.setMesh(this.sceneMesh.current);
    this.descent.setEnabled(true);
    this.onChange({ added: true });
  }

  /** Takes a mesh out (id: the second's, or the first's: then both go). */
  remove(id = MESH_ID) {
    if (id === SECOND_MESH_ID) return this.removeSecond();
    if (!this.current) return;
    this.removeSecond({ quiet: true });
    this.sceneMesh.clear();
    this.hits = new Set();
    this.panel.setMesh(null);
    this.descent?.setEnabled(false);
    this.onChange({ removed: true });
  }

  /**
   * Puts a built-in model beside the mesh as the second mesh (pose: where, with its tree's node
   * type as loadModel's; default SECOND_OFFSET from the first, turned SECOND_TURN), in place of the
   * second mesh there was. Rejects with an Error.
   */
  async loadSecond(id, pose) {
    const model = MESH_MODELS.find((m) => m.id === id);
    if (!model) throw new Error(`there is no built-in model "${id}"`);
    if (!this.current) throw new Error('put a mesh in the scene first: the second mesh is tested against it');
    const { MODEL_TRIANGLES } = await this.#code();
    const triangles = await MODEL_TRIANGLES[id]();
    const mesh = await this.#built(triangles, pose?.node);
    const t = this.sceneMesh.pose.translation;
    this.second.set({ name: model.label, model: id, triangles, node: pose?.node, mesh });
    this.second.setPose(pose ?? { translation: t.map((x, i) => x + SECOND_OFFSET[i]), rotation: SECOND_TURN });
    this.panel.setSecond(this.second.current);
    this.onChange({ added: true });
  }

  /** Takes the second mesh out (quiet: the caller refreshes). */
  removeSecond({ quiet = false } = {}) {
    if (!this.second?.current) return;
    this.second.clear();
    this.sceneMesh.markTriangles([]);
    this.meetsSecond = false;
    this.#pairMarks = [[], []];
    this.panel.setSecond(null);
    if (!quiet) this.onChange({ removed: true });
  }

  /** The SceneMesh of an id (MESH_ID, SECOND_MESH_ID), when it holds a mesh; else null. */
  meshOf(id) {
    const m = id === SECOND_MESH_ID ? this.second : id === MESH_ID ? this.sceneMesh : null;
    return m?.current ? m : null;
  }

  /** Moves a mesh (id: MESH_ID, the default, or SECOND_MESH_ID); transient: part of a drag, the final pose follows. */
  setPose(pose, { transient = false, id = MESH_ID } = {}) {
    (id === SECOND_MESH_ID ? this.second : this.sceneMesh).setPose(pose);
    this.onChange({ transient });
  }

  /** Places the mesh `id` where the gizmo put its stand-in OBB (SceneMesh.standIn). */
  setPoseOfStandIn(obb, options, id = MESH_ID) {
    this.setPose(this.sceneMesh.constructor.poseOfStandIn(obb), { ...options, id });
  }

  /**
   * For undo (undo.js): which mesh is where. A step restores the pose of the mesh it saw, when
   * that mesh is still the scene's; putting a mesh in or taking it out is not a step.
   */
  undoState() {
    const c = this.current, d = this.second?.current;
    if (!c) return null;
    const state = { mesh: c.mesh, pose: this.sceneMesh.pose, second: d?.mesh ?? null, secondPose: d ? this.second.pose : null };
    return { ...state, toJSON: () => [state.pose, state.secondPose] };
  }

  restoreUndoState(state) {
    if (!state) return;
    if (state.mesh === this.current?.mesh) this.sceneMesh.setPose(state.pose);
    if (state.second && state.second === this.second?.current?.mesh) this.second.setPose(state.secondPose);
    if (state.mesh === this.current?.mesh) this.onChange({});
  }

  /** The meshes a world ray meets, nearest first: [{ id, distance }]. */
  meshesAlong(ray) {
    const out = [];
    for (const m of [this.sceneMesh, this.second]) {
      const distance = m?.current ? m.hitDistance(ray) : null;
      if (distance !== null) out.push({ id: m.id, distance });
    }
    return out.sort((a, b) => a.distance - b.distance);
  }

  /** Draws both meshes coarser (SceneMesh.drawCoarse) or as they are. */
  drawCoarse(coarse) {
    this.sceneMesh?.drawCoarse(coarse);
    this.second?.drawCoarse(coarse);
  }

  /** Colours the mesh (SceneMesh.setStyle), when there is one. */
  setStyle(style) {
    if (!this.current) return;
    const { selected, hovered } = style;
    this.sceneMesh.setStyle({ ...style, selected: selected === MESH_ID, hovered: hovered === MESH_ID, overlapping: style.overlapping || this.meetsSecond });
    if (this.second.current) this.second.setStyle({ overlapping: this.meetsSecond, selected: selected === SECOND_MESH_ID, hovered: hovered === SECOND_MESH_ID });
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
    // With a second mesh in the scene, the descent is the one of the two meshes.
    const triangle = (t) => this.sceneMesh.triangle(t);
    const d = this.second?.current;
    const target = d
      ? { mesh: this.current.mesh, pose: this.sceneMesh.pose, other: d.mesh, otherPose: this.second.pose, name: secondName(this.current, d), triangle, otherTriangle: (t) => this.second.triangle(t) }
      : active && { mesh: this.current.mesh, pose: this.sceneMesh.pose, volume: active.volume, name: active.name ?? active.id, triangle };
    if (d) this.#testSecond();
    this.descent?.setTarget(target ?? null);
  }

  /**
   * Tests the mesh against the second (meshPairVerdict: mesh.overlapsMesh, then
   * mesh.trianglePairs when they meet), marks the triangles that meet on both and says what the
   * descent tested.
   */
  #testSecond() {
    const verdict = meshPairVerdict(this.current.mesh, this.sceneMesh.pose, this.second.current.mesh, this.second.pose);
    this.meetsSecond = verdict.meets;
    this.#pairMarks = [verdict.ofA, verdict.ofB];
    // A descent step marks its own triangles: it marks them again as the scene refreshes.
    if (this.descent?.mode !== 'step') this.#markPairs();
    this.panel.setSecondVerdict({ name: this.current.name, other: secondName(this.current, this.second.current), ...verdict });
  }

  #markPairs() {
    this.sceneMesh.markTriangles(this.#pairMarks[0]);
    this.second.markTriangles(this.#pairMarks[1]);
  }

  /** The scene JSON's mesh field, or undefined (no mesh, or a user's file). */
  toJSON() {
    return poseJSON(this.sceneMesh);
  }

  /** The scene JSON's otherMesh field, or undefined (none, or the first mesh is a user's file). */
  secondToJSON() {
    return this.toJSON() && poseJSON(this.second);
  }

  /** Why the scene's link or file leaves the mesh out, or null. */
  linkProblem() {
    const c = this.current;
    if (c && !c.model) return `the mesh ${c.name} is a file of yours: a link or a scene file cannot carry it, so it is left out${this.second.current ? ', and the second mesh with it' : ''}`;
    return null;
  }
}

/** { model, translation, rotation, node? } of a SceneMesh holding a built-in model, else undefined. */
function poseJSON(sceneMesh) {
  const c = sceneMesh?.current;
  if (!c?.model) return undefined;
  const { translation, rotation } = sceneMesh.pose;
  return { model: c.model, translation: [...translation], rotation: [...rotation], ...(c.node !== 'aabb' ? { node: c.node } : {}) };
}

/** The second mesh's name as the card and the descent say it ("the second Torus knot" beside a torus knot). */
function secondName(first, second) {
  return first.model && first.model === second.model ? `the second ${second.name}` : second.name;
}
