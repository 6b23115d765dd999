// <sepaxis-demo>: a live separating-axis scene inside any page, built from the visualizer's own
// pieces (web/view: the volume and axis drawings, the verdict, stepper and axis-list panels, the
// scene checks of share links) and the package's public API only.
//
//   <sepaxis-demo scene='{"volumes":[…],"selection":["a","b"]}' panels="verdict,stepper"></sepaxis-demo>
//
// Attributes: scene (inline JSON, the format of the visualizer's links and files, or a fit scene:
// fit-scene.js) or src (a URL of such a file); panels (any of verdict, inspector, axes, stepper, toolbar; default
// "verdict,stepper"); editable (drag volumes to move them, Shift+drag to turn a box, click to
// pick the compared pair, click again at one spot for the next volume under it; from the
// keyboard, [ ] pick and Shift+arrows move: keyboard-move.js); step (open the stepper at axis
// N, from 1); camera ({"position": [x, y, z], "target": [x, y, z]}); theme (dark or light);
// layout ("column": the panels under the view at their full height, the element as tall as its
// content; demo.css).
// Properties: scene (get, set), report (the compared pair's sx.collide report, or null), sweep
// (the moving pair's sx.sweep report, or null), fits (a fit scene's fitted volumes, or null), mesh
// (the scene's mesh and its verdicts against the volumes, or null), tree (the tree card's figures),
// descent (what the descent card shows, or null), error (the message of a bad scene, or null).
// Events: change (the reader edited the scene), report (the report or the sweep changed), fit (the
// fits are in), mesh (the mesh came in, or a verdict or a descent's count changed), descent (the
// descent card was opened, closed or stepped, or drew again).
//
// A scene may hold a mesh: {"mesh": {"model": "bunny", "translation": [x, y, z], "rotation": [x,
// y, z, w]}} names a built-in model (mesh-ids.js), {"mesh": {"src": "models/part.stl", …}} a model
// file of the same site (STL, OBJ, PLY, glTF or GLB, read on a worker); either is centred and
// scaled to the view, tested against every volume (mesh.overlaps), red where it meets one, with
// the mesh card's verdicts and the descent's counts; an editable demo's mesh card moves and turns
// it (the inspector's position and rotation fields). mesh.node picks the node type of its tree
// (default "aabb"). A second mesh, otherMesh (the same fields), is tested against the first
// (overlapsMesh; the triangle pairs that meet marked on both). panels="tree" adds the tree card
// (tree-card.js), panels="descent" the descent card (descent-card.js), which the descent
// attribute opens ("all", "step", "step N"). The mesh code loads only for such a scene.
//
// A moving scene (volumes with a velocity) is shown at a time t of [0, maxTime] (the motion card:
// a slider, Play) and its pair swept (the axis panel's time lines, the first contact); a fit scene
// draws its points and the volumes fitted around them (the fit card). Both need the package's full
// module (sweeps, hulls, the OBB fit), which a demo loads only for such a scene, with the code
// that shows them (demo-full.js): a page of still demos loads neither.
//
// Every demo on a page shares one WebGL context (shared-renderer.js) and one WebAssembly module;
// a demo starts when it comes near the viewport and draws only when something changed and it is
// on screen. A bad scene is shown as a message in the demo's box, never thrown at the page.

import { init } from 'sepaxis';
import { Color, PerspectiveCamera, Scene, Spherical, Vector3 } from 'three';
import { CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { focusedAxis } from '../view/axis-focus.js';
import { AxisPanel } from '../view/axis-panel.js';
import { alongAxis, framed, glide, prefersReducedMotion } from '../view/camera-moves.js';
import { CollisionState, comparedPair, pairReport, pairRoles, withMeshHits } from '../view/collision.js';
import { h } from '../view/dom.js';
import { aabbToObb, movedByMtv, translated } from '../view/edit.js';
import { Inspector } from '../view/inspector.js';
import { MOVE_KEYS, moveFromKey, moveOffset, movedText } from '../view/keyboard-move.js';
import { entriesAt, isMoving, pairSweep, pathBoxes } from '../view/motion.js';
import { MotionPlayer } from '../view/motion-player.js';
import { FIT_COLORS } from '../view/fit-colors.js';
import { num } from '../view/format.js';
import { MESH_MODELS, SECOND_MESH_ID } from '../view/mesh-ids.js';
import { CLICK_SLOP, pickCycle, volumesAlong } from '../view/picking.js';
import { SceneDrawing } from '../view/scene-drawing.js';
import { SceneModel } from '../view/scene-model.js';
import { cameraProblem, checkScene, readSceneText, SceneError } from '../view/share.js';
import { COLORS, LIGHT_COLORS } from '../view/theme.js';
import { TutorialPanel } from '../view/tutorial-panel.js';
import { VerdictPanel } from '../view/verdict-panel.js';
import { undrawable } from '../view/view-range.js';
import viewCss from '../view/view.css?inline';
import demoCss from './demo.css?inline';
import keysCss from './demo-keys.css?inline';

const PANELS = ['verdict', 'inspector', 'axes', 'stepper', 'toolbar'];
/** What checkScene accepts here: moving volumes, fit scenes, and a mesh (a built-in model or a model file). */
const SCENE_FORMS = { motion: true, fit: true, meshModels: MESH_MODELS.map((m) => m.id), meshSrc: true };
const DEFAULT_PANELS = 'verdict,stepper';
/** One key press turns the camera by this much (radians), or zooms by this factor. */
const ORBIT_STEP = Math.PI / 12;
const ZOOM_STEP = 1.25;
/** The keys of every demo, for the ? listing ([keys, what they do]); editable demos add EDIT_KEYS. */
const VIEW_KEYS = [
  ['← → ↑ ↓', 'Turn the view'],
  ['+ −', 'Zoom in, out'],
  ['N P', 'Next, previous axis'],
  ['Home', 'First axis'],
  ['Esc', 'Leave the steps'],
  ['L', 'Look along the axis in focus'],
  ['F', 'Show the whole scene'],
];
const EDIT_KEYS = [['[ ]', 'Pick the previous, next volume'], ...MOVE_KEYS];
/**
 * Past this many triangles the tree card measures only the node type picked: building all eight
 * trees of the bunny (69,451 triangles) on the page would hold it for seconds.
 */
const TREE_TABLE_MAX_TRIANGLES = 20_000;
/** How long what a click or key did stays shown over the view (ms); the live region keeps it. */
const SAID_MS = 2500;

// ---- shared by every demo of the page ----------------------------------------------------

/** The package, loaded once for the page (the module without the World: the demo needs none). */
let packagePromise = null;
const loadPackage = () => (packagePromise ??= init({ world: false }));

/**
 * The full module (sweeps, hulls, the OBB fit) and what shows motion and fits (demo-full.js),
 * loaded once for the page, by the first demo whose scene needs them.
 */
let fullPromise = null;
const loadFull = () => (fullPromise ??= Promise.all([init(), import('./demo-full.js')]));

/**
 * The mesh code (demo-mesh.js), with the full module and demo-full.js, loaded once for the page
 * by the first demo whose scene holds a mesh.
 */
let meshPromise = null;
const loadMesh = () => (meshPromise ??= Promise.all([loadFull(), import('./demo-mesh.js')]));

/** What a scene's mesh field (checked) is called: its model's label, or its file's name. */
const meshName = (mesh) => (mesh.model ? MESH_MODELS.find((m) => m.id === mesh.model).label : mesh.src.replace(/[?#].*$/, '').split('/').pop());

/** Whether a scene (checked, or raw JSON data) holds a mesh. */
const hasMesh = (scene) => scene !== null && typeof scene === 'object' && !Array.isArray(scene) && scene.mesh !== undefined;

/**
 * Whether a scene (checked, or raw JSON data) needs the full module: a fit, a mesh, a volume that
 * moves, or a triangle.
 */
function needsFull(scene) {
  if (scene === null || typeof scene !== 'object') return false;
  if (!Array.isArray(scene) && (scene.fit !== undefined || scene.mesh !== undefined || scene.type === 'triangle')) return true;
  const entries = Array.isArray(scene) ? scene : Array.isArray(scene.volumes) ? scene.volumes : [];
  return entries.some((e) => e !== null && typeof e === 'object' &&
    ((Array.isArray(e.velocity) && isMoving(e)) || e.type === 'triangle' || e.volume?.type === 'triangle'));
}

/** What a scene attribute's text needs: 'mesh', 'full' or null (null when it is not JSON: the check says why later). */
function textNeeds(text) {
  try {
    const data = JSON.parse(text);
    return hasMesh(data) ? 'mesh' : needsFull(data) ? 'full' : null;
  } catch {
    return null;
  }
}

/** The shared renderer module, loaded with the first demo that draws. */
let rendererPromise = null;
const loadRenderer = () => (rendererPromise ??= import('../view/shared-renderer.js').then((m) => m.SharedRenderer.get()));

/** Demos waiting for the next frame; one frame draws them all. */
const dirty = new Set();
let frame = 0;
function requestDraw(demo) {
  dirty.add(demo);
  frame ||= requestAnimationFrame(drawDirty);
}
function drawDirty() {
  frame = 0;
  const demos = [...dirty];
  dirty.clear();
  for (const demo of demos) demo.drawNow();
}

/** Starts demos that come near the viewport and stops drawing those that leave it. */
const nearViewport = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => {
  for (const e of entries) e.target.setVisible(e.isIntersecting);
}, { rootMargin: '200px 0px' }) : null;

// ---- the element -------------------------------------------------------------------------

export class SepaxisDemo extends HTMLElement {
  static observedAttributes = ['scene', 'src', 'panels', 'editable', 'step', 'camera', 'theme', 'descent'];

  #sx = null;
  /** demo-full.js, once this demo uses the full module (then #sx is init()'s). */
  #full = null;
  #renderer = null;
  #model = new SceneModel();
  #collision = null;
  #drawing = null;
  #pair = null;
  #report = null;
  #error = null;
  #ui = { step: -1, hoverAxis: null, follow: false };
  /** The time shown, the end of the range, whether it plays (a moving scene). */
  #time = { t: 0, maxTime: 1, playing: false };
  #player = new MotionPlayer(this.#time, (t, o) => this.#setTime(t, o));
  /** The model's entries at time t (the model's own while nothing moves). */
  #shown = [];
  #sweep = null;
  #sweepProblem = null;
  #motionDrawing = null;
  /** A fit scene: its fit (fit-scene.js), its points, { count, hull, rows } once fitted, the drawing. */
  #fit = null;
  #fitted = null;
  #fitDrawing = null;
  /** demo-mesh.js, once this demo shows a mesh; the scene's mesh and its other mesh (SceneMesh). */
  #meshCode = null;
  #sceneMesh = null;
  #otherMesh = null;
  /**
   * { name, node, triangles, verdicts, focus, other ({ name, triangles, verdict (meshPairVerdict's) }
   * or null) } once the meshes are in, { loading: name } while they are read, or null.
   */
  #meshState = null;
  /** The scene's mesh and otherMesh fields (checked), or null. */
  #meshSource = null;
  #otherSource = null;
  /**
   * The tree card's choice, the mesh's trees built so far (node type -> package mesh), its hull's
   * volume, and what the card shows (#measureTree).
   */
  #treeChoice = { node: 'aabb', depth: 0 };
  #trees = new Map();
  #hull = null;
  #tree = null;
  #meshHits = new Set();
  /** What the panels were built for: 'still', 'moving', 'fit' or 'mesh'. */
  #kind = 'still';
  #visible = false;
  #started = false;
  /** Increases with each scene load: a late `src` response for an older one is dropped. */
  #loads = 0;
  #stopGlide = null;
  #saidTimer = 0;
  /** What the drawings take for a viewport (#viewPort). */
  #port = null;
  #els;
  #three;
  #panels = {};

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const sheets = [viewCss, demoCss, keysCss].map((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    });
    root.adoptedStyleSheets = sheets;
    const canvas = h('canvas', { part: 'canvas', tabIndex: 0, role: 'img', 'aria-label': 'A separating-axis demo, loading' });
    const labels = new CSS2DRenderer();
    labels.domElement.className = 'labels';
    const message = h('div', { class: 'message', part: 'message', role: 'alert', hidden: true });
    const note = h('div', { class: 'view-note', role: 'status', hidden: true });
    // The list of keys (?): a tab stop, so that a list taller than a small view can be scrolled.
    const keys = h('div', { class: 'keys', part: 'keys', hidden: true, tabIndex: 0, role: 'region', 'aria-label': 'Keys' });
    // What a click or a key just did ("Sphere B moved to (2.1, 0, 0)"), shown a moment over the
    // view and said apart from the verdict, which follows once it has held.
    const said = h('p', { class: 'said', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
    const view = h('div', { class: 'view', part: 'view' }, canvas, labels.domElement, note, message, said, keys);
    const panels = h('div', { class: 'panels', part: 'panels' });
    const announcer = h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
    root.append(h('div', { class: 'demo', part: 'demo' }, view, panels), announcer);
    this.#els = { canvas, ctx: canvas.getContext('2d'), labels, message, note, view, panels, announcer, said, keys };
    const scene = new Scene();
    const camera = new PerspectiveCamera(45, 1, 0.05, 500);
    camera.position.set(5.5, 4.2, 7.5);
    this.#three = { scene, camera, target: new Vector3() };
    this.#installInput();
    new ResizeObserver(() => this.#invalidate()).observe(view);
  }

  connectedCallback() {
    if (nearViewport) nearViewport.observe(this);
    else this.setVisible(true);
  }

  disconnectedCallback() {
    nearViewport?.unobserve(this);
    this.#visible = false;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.#started || before === after) return;
    if (name === 'scene' || name === 'src') this.#loadFromAttributes();
    else if (name === 'panels') this.#buildPanels();
    else if (name === 'theme') this.#applyTheme();
    else if (name === 'step') this.#setStep(this.#stepAttribute());
    else if (name === 'camera') this.#placeCamera();
    else if (name === 'descent') this.#openDescent();
  }

  /** The scene shown, in the format of the visualizer's links ({volumes, selection}) or a fit scene, or null. */
  get scene() {
    if (!this.#started || this.#error) return null;
    return this.#fit ? { fit: structuredClone(this.#fit) } : this.#sceneJSON();
  }

  /** The volumes' scene, with the mesh where it is now. */
  #sceneJSON() {
    const scene = this.#model.toJSON();
    if (this.#meshSource) scene.mesh = structuredClone(this.#meshSource);
    if (this.#otherSource) scene.otherMesh = structuredClone(this.#otherSource);
    return scene;
  }

  /** Shows another scene (checked like a link's: a bad one sets `error` and shows its message). */
  set scene(value) {
    this.#whenStarted(() => {
      this.#loads++;
      this.#load(() => structuredCloneSafe(value));
    });
  }

  /** The report of the compared pair (sx.collide(A, B)), or null. */
  get report() {
    return this.#report;
  }

  /** The sweep of the compared pair over [0, maxTime] when one of it moves (sx.sweep), or null. */
  get sweep() {
    return this.#sweep;
  }

  /**
   * A fit scene's fitted volumes, in its order: [{ id, label, volume, bvVolume, ratio }] (ratio:
   * bvVolume over the convex hull's volume), or null.
   */
  get fits() {
    return this.#fitted && this.#fitted.rows.map(({ id, label, volume, bvVolume, ratio }) => ({ id, label, volume, bvVolume, ratio }));
  }

  /**
   * The scene's mesh once it is in: { name, node (its tree's node type), triangles (their count),
   * verdicts: [{ id, overlap, volumeTests, triangleTests }] (one per volume: whether the mesh
   * overlaps it, what the descent of its tree tested), other (the other mesh: { name, node,
   * triangles, overlap, trianglePairs, volumeTests, triangleTests }, or null) }, or null.
   */
  get mesh() {
    const m = this.#meshState;
    if (!m || m.loading) return null;
    const o = m.other;
    return {
      name: m.name, node: m.node, triangles: m.triangles,
      verdicts: m.verdicts.map(({ id, overlap, tested }) => ({ id, overlap, volumeTests: tested.volumeTests, triangleTests: tested.triangleTests })),
      other: o && {
        name: o.name, node: o.node, triangles: o.triangles, overlap: o.verdict.meets, trianglePairs: o.verdict.pairs,
        volumeTests: o.verdict.tested.volumeTests, triangleTests: o.verdict.tested.triangleTests,
      },
    };
  }

  /**
   * What the descent card shows (panels="descent", a mesh scene, the descent opened): { mode
   * ('all' or 'step'), steps, triangleTests, overlaps, step and pair (while stepping), counter,
   * text, drawn, drawnOther, marked } (descent-card.js), or null.
   */
  get descent() {
    return this.#panels.descent?.summary ?? null;
  }

  /**
   * The tree card's measures (panels="tree", a mesh scene): { node, depth, levels, count, ratio
   * (the level's volume over the hull's, null for a flat mesh), rows: [{ node, levels, count,
   * ratio, volumeTests }] (every node type at that depth; the descent's node tests against the
   * volume in focus, or null) }, or null.
   */
  get tree() {
    const t = this.#tree;
    if (!t) return null;
    return { node: t.node, depth: t.level.depth, levels: t.level.levels, count: t.level.count, ratio: t.ratio, rows: t.rows.map((r) => ({ ...r })) };
  }

  /** The message of the scene that could not be shown, or null. */
  get error() {
    return this.#error;
  }

  /** Called by the page's IntersectionObserver: near the viewport or not. */
  setVisible(visible) {
    this.#visible = visible;
    if (visible && !this.#started) this.#start();
    if (visible) this.#invalidate();
  }

  // ---- loading ---------------------------------------------------------------------------

  async #start() {
    this.#started = true;
    // A scene attribute that moves, fits or holds a mesh loads the full module straight away, not both.
    const needs = this.hasAttribute('scene') ? textNeeds(this.getAttribute('scene')) : null;
    try {
      const load = needs === 'mesh' ? loadMesh() : needs === 'full' ? loadFull() : loadPackage();
      const [sx, renderer] = await Promise.all([load, loadRenderer()]);
      this.#renderer = renderer;
      if (needs === 'mesh') this.#useModule(...sx[0], sx[1]);
      else if (needs === 'full') this.#useModule(...sx);
      else this.#useModule(sx, null);
    } catch (e) {
      this.#showError(`the demo could not start: ${e.message}`);
      return;
    }
    this.#model.addEventListener('change', (e) => this.#refresh(e.detail));
    // A scene set as a property before the start wins over the attributes.
    const pending = this.#pending;
    this.#pending = [];
    if (pending.length) for (const f of pending) f();
    else this.#loadFromAttributes();
  }

  /** Draws and tests with this instance of the package (and, for the full one, demo-full.js; demo-mesh.js). */
  #useModule(sx, full, meshCode = null) {
    this.#sx = sx;
    this.#full = full;
    this.#meshCode = meshCode;
    this.#three.scene.clear();
    // The old drawings' labels too: three.js takes a label's element out only when the label
    // itself is removed, not the group holding it.
    this.#els.labels.domElement.replaceChildren();
    this.#port = this.#viewPort();
    this.#collision = new CollisionState(sx);
    this.#drawing = new SceneDrawing(sx, this.#port);
    this.#motionDrawing = full && new full.MotionDrawing(sx, this.#port);
    this.#fitDrawing = full && new full.FitDrawing(sx, this.#port);
    this.#sceneMesh = meshCode && new meshCode.SceneMesh(sx, this.#port);
    this.#otherMesh = meshCode && new meshCode.SceneMesh(sx, this.#port, { id: SECOND_MESH_ID });
    this.#applyTheme();
    this.#buildPanels();
  }

  #pending = [];
  #whenStarted(f) {
    if (this.#sx) f();
    else this.#pending.push(f);
  }

  #loadFromAttributes() {
    const load = ++this.#loads;
    if (this.hasAttribute('scene')) {
      this.#load(() => {
        try {
          return JSON.parse(this.getAttribute('scene'));
        } catch (e) {
          throw new SceneError(`the scene attribute is not valid JSON (${e.message})`);
        }
      });
    } else if (this.hasAttribute('src')) {
      const src = this.getAttribute('src');
      this.#fetchScene(src).then((data) => {
        if (load === this.#loads) this.#load(() => data, `the scene at ${src}: `);
      }, (e) => {
        if (load === this.#loads) this.#showError(e instanceof SceneError ? e.message : `the scene at ${src} could not be loaded: ${e.message}`);
      });
    } else {
      this.#showError('no scene: give the element a scene attribute (JSON) or a src (the URL of a scene file)');
    }
  }

  async #fetchScene(src) {
    let response;
    try {
      response = await fetch(new URL(src, document.baseURI));
    } catch (e) {
      throw new SceneError(`the scene at ${src} could not be loaded (${e.message})`);
    }
    if (!response.ok) throw new SceneError(`the scene at ${src} could not be loaded (HTTP ${response.status})`);
    const text = await response.text();
    try {
      return readSceneText(text);
    } catch (e) {
      if (e instanceof SceneError) throw new SceneError(`the scene at ${src}: ${e.message}`);
      throw e;
    }
  }

  /**
   * Replaces the scene with the data read() returns, checked, or shows why it cannot (where: what
   * the message starts with). A scene that moves, fits, holds a mesh or a triangle first brings
   * the full module, which checks it (a later scene load wins over this one).
   */
  #load(read, where = '') {
    let data;
    try {
      data = read();
    } catch (e) {
      this.#showError(e instanceof SceneError ? e.message : `the scene could not be read: ${e.message}`);
      return;
    }
    const mesh = hasMesh(data) && !this.#meshCode;
    if (mesh || (needsFull(data) && !this.#full)) {
      const load = this.#loads;
      (mesh ? loadMesh() : loadFull().then((full) => [full, null])).then(([[sx, full], meshCode]) => {
        if (load !== this.#loads) return;
        this.#useModule(sx, full, meshCode ?? this.#meshCode);
        this.#check(data, where);
      }, (e) => {
        if (load === this.#loads) this.#showError(`the scene needs the package's full module, which could not be loaded: ${e.message}`);
      });
      return;
    }
    this.#check(data, where);
  }

  /** Shows the scene data once checked (checkScene), or why it cannot be shown. */
  #check(data, where) {
    let scene;
    try {
      scene = checkScene(data, this.#sx, SCENE_FORMS);
    } catch (e) {
      this.#showError(e instanceof SceneError ? `${where}${e.message}` : `the scene could not be read: ${e.message}`);
      return;
    }
    this.#show(scene);
  }

  #show(scene) {
    this.#error = null;
    this.#els.message.hidden = true;
    this.#els.message.textContent = '';
    this.#ui.step = -1;
    this.#player.stop();
    this.#time.t = 0;
    this.#fit = scene.fit ?? null;
    this.#fitted = null;
    const kind = this.#fit ? 'fit' : scene.mesh ? 'mesh' : scene.volumes.some(isMoving) ? 'moving' : 'still';
    this.#panels.descent?.open(null);
    this.#sceneMesh?.clear();
    this.#otherMesh?.clear();
    this.#dropTrees();
    this.#meshSource = scene.mesh ?? null;
    this.#otherSource = scene.otherMesh ?? null;
    this.#meshState = scene.mesh ? { loading: meshName(scene.mesh) } : null;
    this.#treeChoice = { node: scene.mesh?.node ?? 'aabb', depth: 0 };
    this.#meshHits = new Set();
    if (kind !== this.#kind) {
      this.#kind = kind;
      this.#buildPanels();
    }
    if (this.#fit) this.#fitPoints();
    else this.#fitDrawing?.setPoints(null);
    this.#model.load(scene);  // refreshes (the model's change event)
    this.#placeCamera(scene.camera);
    const step = this.#stepAttribute();
    if (step >= 0) this.#setStep(step);
    if (scene.mesh) this.#loadMesh(scene.mesh, scene.otherMesh ?? null, !scene.camera);
  }

  /** Moves and turns the scene's mesh (its pose fields): tested, drawn and said again. */
  #setMeshPose(pose, { transient = false } = {}) {
    if (!this.#sceneMesh?.current) return;
    this.#sceneMesh.setPose(pose);
    this.#meshSource = { ...this.#meshSource, translation: [...pose.translation], rotation: [...pose.rotation] };
    this.#refresh({ transient });
    this.#edited();
  }

  /** Forgets the trees of the mesh shown (the package's memory too). */
  #dropTrees() {
    for (const tree of this.#trees.values()) tree.dispose();
    this.#trees.clear();
    this.#tree = null;
    this.#hull = null;
  }

  /** The mesh's tree of `node` volumes, built once (on the page: the demo's models are small). */
  #treeOf(node) {
    let tree = this.#trees.get(node);
    if (!tree) this.#trees.set(node, tree = this.#sx.createMesh(this.#sceneMesh.current.triangles, { node }));
    return tree;
  }

  /**
   * Measures the tree card's level (drawn around the mesh) and every node type at that depth,
   * with the descent's node tests against the volume in focus.
   */
  #measureTree() {
    const state = this.#meshState;
    if (!state || state.loading || !this.#sceneMesh.current) return;
    const { treeLevel, NODE_TYPES } = this.#meshCode;
    const { node, depth } = this.#treeChoice;
    this.#hull ??= this.#meshCode.hullVolume(this.#sx.convexHull(this.#sceneMesh.current.triangles.positions));
    const focus = state.focus && this.#model.get(state.focus.id);
    const pose = this.#sceneMesh.pose;
    const ratio = (level) => (this.#hull > 0 ? level.total / this.#hull : null);
    const types = state.triangles > TREE_TABLE_MAX_TRIANGLES ? NODE_TYPES.filter(([type]) => type === node) : NODE_TYPES;
    const rows = types.map(([type]) => {
      const tree = this.#treeOf(type);
      const level = treeLevel(this.#sx, tree, depth, 0);
      let volumeTests = null;
      if (focus) {
        tree.overlaps(focus.volume, pose);
        volumeTests = tree.lastQuery.volumeTests;
      }
      return { node: type, levels: level.levels, count: level.count, ratio: ratio(level), volumeTests };
    });
    const level = { node, ...treeLevel(this.#sx, this.#treeOf(node), depth) };
    const drawn = this.#tree?.level;
    if (!drawn || drawn.node !== node || drawn.depth !== level.depth) this.#drawLevel(level);
    this.#tree = { node, level, ratio: ratio(level), rows, hull: this.#hull, focus: focus ? focus.name ?? focus.id : null };
  }

  /** Draws a tree level's nodes around the mesh (none without one), unless the descent is drawn there. */
  #drawLevel(level) {
    if (this.#panels.descent?.shown) return;
    this.#sceneMesh.setNodes(level?.volumes ?? [], FIT_COLORS[level?.node] ?? FIT_COLORS['obb-fast']);
  }

  /** The tree card picked another node type or depth. */
  #setTree(choice) {
    this.#treeChoice = choice;
    this.#measureTree();
    this.#refreshPanels();
    this.dispatchEvent(new CustomEvent('mesh', { detail: { mesh: this.mesh } }));
  }

  /**
   * Reads the scene's mesh and its other mesh (checked: a model or a src, a pose, a node type; or
   * null) and puts them in; a failure is the scene's error.
   */
  async #loadMesh(mesh, other, frame) {
    const load = this.#loads;
    let triangles;
    try {
      triangles = await Promise.all([mesh, other].map((m) => m && this.#readMesh(m)));
    } catch (e) {
      if (load === this.#loads) this.#showError(e instanceof SceneError ? e.message : `the mesh could not be read: ${e.message}`);
      return;
    }
    if (load !== this.#loads) return;
    const put = (sceneMesh, m, t) => {
      try {
        sceneMesh.set({ name: meshName(m), model: m.model ?? null, triangles: t, node: m.node ?? 'aabb' });
      } catch (e) {
        throw new SceneError(`the mesh ${meshName(m)} could not be read: ${e.message}`);
      }
      sceneMesh.setPose(m);
    };
    try {
      put(this.#sceneMesh, mesh, triangles[0]);
      if (other) put(this.#otherMesh, other, triangles[1]);
    } catch (e) {
      this.#showError(e.message);
      return;
    }
    const { current } = this.#sceneMesh;
    this.#meshState = {
      name: current.name, node: current.node, triangles: current.mesh.triangleCount, verdicts: [], focus: null,
      other: other && { name: this.#otherMesh.current.name, node: this.#otherMesh.current.node, triangles: this.#otherMesh.current.mesh.triangleCount, verdict: null },
    };
    this.#refresh();
    if (frame && !this.hasAttribute('camera')) this.#frame(false);
    this.#openDescent();
    this.dispatchEvent(new CustomEvent('mesh', { detail: { mesh: this.mesh } }));
  }

  /** The triangles of a scene's mesh field: a built-in model's, or a model file's (SceneError: why not). */
  async #readMesh(mesh) {
    try {
      return mesh.model ? await this.#meshCode.MODEL_TRIANGLES[mesh.model]() : await this.#fetchModel(mesh.src);
    } catch (e) {
      throw e instanceof SceneError ? e : new SceneError(`the mesh ${mesh.model ?? mesh.src} could not be read: ${e.message}`);
    }
  }

  /** Opens (or closes) the descent card as the descent attribute asks, once the mesh is in. */
  #openDescent() {
    const card = this.#panels.descent;
    if (!card || !this.#sceneMesh?.current) return;
    const request = this.#meshCode.descentRequest(this.getAttribute('descent'));
    if (request?.problem) return this.#note(`The descent attribute was ignored: ${request.problem}.`);
    card.open(request);
  }

  /** The triangles of the model file at src (a URL of this site), centred and scaled to the view. */
  async #fetchModel(src) {
    const url = new URL(src, document.baseURI);
    if (url.origin !== location.origin) throw new SceneError(`mesh.src must be a file of this site (${location.origin}), got ${JSON.stringify(src)}`);
    let response;
    try {
      response = await fetch(url);
    } catch (e) {
      throw new SceneError(`the mesh at ${src} could not be loaded (${e.message})`);
    }
    if (!response.ok) throw new SceneError(`the mesh at ${src} could not be loaded (HTTP ${response.status})`);
    const bytes = await response.arrayBuffer();
    try {
      return await this.#meshCode.readTriangles(url.pathname, bytes, { placed: true });
    } catch (e) {
      throw new SceneError(`the mesh at ${src} could not be read: ${e.message}`);
    }
  }

  #showError(message) {
    this.#error = message;
    this.#els.message.textContent = `This demo cannot show its scene: ${message}.`;
    this.#els.message.hidden = false;
    this.#report = null;
    this.#sweep = null;
    this.#fit = this.#fitted = null;
    this.#fitDrawing?.setPoints(null);
    this.#panels.descent?.open(null);
    this.#sceneMesh?.clear();
    this.#otherMesh?.clear();
    this.#dropTrees();
    this.#meshState = this.#meshSource = this.#otherSource = null;
    this.#meshHits = new Set();
    this.#model.load({ volumes: [], selection: [] });
    this.#els.canvas.setAttribute('aria-label', `A separating-axis demo that cannot show its scene: ${message}`);
  }

  // ---- state -----------------------------------------------------------------------------

  #refresh({ volumes = null, transient = false } = {}) {
    if (!this.#collision) return;
    const model = this.#model;
    const ids = volumes === null ? null : [...volumes];
    // The time range is the scene's; t stays inside it. Volumes are tested and drawn at t.
    this.#time.maxTime = model.maxTime;
    this.#time.t = Math.min(this.#time.t, model.maxTime);
    const shown = this.#shown = entriesAt(this.#sx, model.volumes, this.#time.t);
    this.#collision.update({ volumes: shown }, ids);
    this.#drawing.sync(shown, ids === null ? null : new Set(ids));
    const atStart = comparedPair(model);
    const pair = atStart && atStart.map((e) => shown[model.volumes.indexOf(e)]);
    const samePair = pair && this.#pair && pair[0].id === this.#pair[0].id && pair[1].id === this.#pair[1].id;
    if (!samePair) this.#ui.step = -1;
    this.#pair = pair;
    const previous = this.#report, previousSweep = this.#sweep;
    this.#report = pairReport(this.#sx, pair);
    this.#sweepProblem = null;
    try {
      this.#sweep = this.#full ? pairSweep(this.#sx, atStart, this.#time.maxTime) : null;
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      this.#sweep = null;
      this.#sweepProblem = e.message;
    }
    this.#motionDrawing?.show({ entries: model.volumes, pair: atStart, roles: pairRoles(pair), sweep: this.#sweep, t: this.#time.t });
    const meshChanged = this.#testMesh(shown);
    const steps = this.#steps();
    if (this.#ui.step >= steps) this.#ui.step = steps - 1;
    this.#drawing.style({
      collision: withMeshHits(this.#collision, this.#meshHits), pair, roles: pairRoles(pair), hoverVolume: null, tutorial: this.#ui.step >= 0 && pair,
    });
    this.#showFocus();
    this.#refreshPanels({ transient });
    const reason = undrawable(shown.map((e) => this.#collision.bounds(e.id)).filter(Boolean));
    this.#els.note.textContent = reason ?? '';
    this.#els.note.hidden = !reason;
    this.#describe();
    if (this.#report !== previous || this.#sweep !== previousSweep) this.dispatchEvent(new CustomEvent('report', { detail: { report: this.#report, sweep: this.#sweep } }));
    if (meshChanged) this.dispatchEvent(new CustomEvent('mesh', { detail: { mesh: this.mesh } }));
    this.#invalidate();
  }

  /**
   * Tests the mesh against each volume shown (mesh.overlaps with its pose) and against the other
   * mesh (meshPairVerdict), keeps what each descent tested, colours the meshes, and gives the
   * descent card its target; whether any verdict or count changed.
   */
  #testMesh(shown) {
    const state = this.#meshState;
    if (!state || state.loading || !this.#sceneMesh.current) return false;
    const query = this.#sceneMesh.current.mesh;
    const verdicts = shown.map((e) => {
      const overlap = this.#sceneMesh.overlaps(e.volume);
      const { volumeTests, triangleTests } = query.lastQuery;
      return { id: e.id, name: e.name ?? e.id, overlap, tested: { volumeTests, triangleTests } };
    });
    const other = this.#otherMesh.current;
    const pair = other && this.#meshCode.meshPairVerdict(query, this.#sceneMesh.pose, other.mesh, this.#otherMesh.pose);
    const key = (vs, p) => JSON.stringify([vs.map((v) => [v.id, v.overlap, v.tested.volumeTests, v.tested.triangleTests]), p && [p.meets, p.pairs, p.tested]]);
    const changed = key(verdicts, pair) !== key(state.verdicts, state.other?.verdict);
    state.verdicts = verdicts;
    if (pair) {
      state.other.verdict = pair;
      this.#sceneMesh.markTriangles(pair.ofA);
      this.#otherMesh.markTriangles(pair.ofB);
    }
    const active = this.#model.active;
    state.focus = verdicts.find((v) => v.id === active?.id) ?? verdicts[0] ?? null;
    this.#meshHits = new Set(verdicts.filter((v) => v.overlap).map((v) => v.id));
    if (this.#panels.tree) this.#measureTree();
    this.#styleMeshes();
    const focus = state.focus && shown.find((e) => e.id === state.focus.id);
    const pose = this.#sceneMesh.pose;
    const triangle = (t) => this.#sceneMesh.triangle(t);
    this.#panels.descent?.setTarget(other
      ? { mesh: query, pose, other: other.mesh, otherPose: this.#otherMesh.pose, name: other.name, triangle, otherTriangle: (t) => this.#otherMesh.triangle(t) }
      : focus && { mesh: query, pose, volume: focus.volume, name: focus.name ?? focus.id, triangle }, true);
    return changed;
  }

  /** Colours the meshes: red where they meet a volume or each other. */
  #styleMeshes() {
    const colors = this.getAttribute('theme') === 'light' ? LIGHT_COLORS : COLORS;
    const meets = this.#meshState?.other?.verdict?.meets === true;
    this.#sceneMesh?.setStyle({ overlapping: this.#meshHits.size > 0 || meets }, colors);
    this.#otherMesh?.setStyle({ overlapping: meets }, colors);
  }

  /** The steps of the stepper: the sweep's axes while the pair moves, else the report's. */
  #steps() {
    return (this.#sweep ?? this.#report)?.axes.length ?? 0;
  }

  /** Shows the scene at time t (clamped to [0, maxTime]); transient: part of a slide or a play. */
  #setTime(t, { transient = false } = {}) {
    this.#time.t = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), this.#time.maxTime);
    if (!transient && this.#time.playing) this.#player.stop();
    this.#refresh({ volumes: this.#model.volumes.filter(isMoving).map((e) => e.id), transient });
  }

  /** Fits the fit scene's volumes around its points, draws them, and says so (the fit event). */
  #fitPoints() {
    const { FIT_KINDS, fitRows, fitPoints } = this.#full;
    const points = fitPoints(this.#fit);
    const kinds = this.#fit.volumes.map((id) => FIT_KINDS.find((k) => k.id === id));
    const rows = [];
    let hull = 0;
    for (const row of fitRows(this.#sx, points, undefined, kinds)) {
      if (row.hull) hull = row.hull.volume;
      else rows.push(row);
    }
    this.#fitted = { count: points.length / 3, hull, rows };
    this.#fitDrawing.setPoints(points);
    this.#fitDrawing.setVolumes(rows.map((r) => ({ id: r.id, volume: r.volume, color: FIT_COLORS[r.id] })));
    this.#panels.fit?.update(this.#fitted);
    this.dispatchEvent(new CustomEvent('fit', { detail: { fits: this.fits } }));
  }

  #showFocus() {
    this.#drawing.showFocus({
      collision: this.#collision, pair: this.#pair, report: this.#report, focus: focusedAxis(this.#report, this.#ui),
    });
  }

  /** The accessible name: the scene and its verdict, and how to operate the demo. */
  #describe() {
    if (this.#fitted) {
      const { count, rows } = this.#fitted;
      const text = `Fitting demo: ${count} points (${typeof this.#fit.points === 'string' ? this.#fit.points : 'given'}) with ${rows.map((r) => `${r.label}${r.ratio === null ? '' : ` ${r.ratio.toFixed(2)} times the hull`}`).join(', ')}. Arrow keys turn the view.`;
      if (this.#els.canvas.getAttribute('aria-label') !== text) this.#els.canvas.setAttribute('aria-label', text);
      return;
    }
    const names = this.#model.volumes.map((e) => `${e.name ?? e.id} (${e.volume.type === 'kdop' ? `${e.volume.k}-DOP` : e.volume.type === 'triangle' ? 'triangle' : e.volume.type.toUpperCase()})`);
    let text = `Separating-axis demo: ${names.length ? names.join(', ') : 'no volumes'}`;
    const m = this.#meshState;
    if (m && !m.loading) {
      const hit = m.verdicts.filter((v) => v.overlap).map((v) => v.name);
      text += `; the mesh ${m.name} (${m.triangles} triangles) ${hit.length ? `overlaps ${hit.join(', ')}` : 'overlaps no volume'}`;
      if (m.other?.verdict) text += ` and ${m.other.verdict.meets ? 'meets' : 'is apart from'} the other mesh, ${m.other.name} (${m.other.triangles} triangles)`;
    }
    const r = this.#report;
    if (r) {
      const verdict = r.touching ? 'touching' : r.overlap ? 'overlapping' : `separated by the axis ${r.axes[r.separatingAxis].label}`;
      text += `; ${this.#pair[0].name ?? this.#pair[0].id} and ${this.#pair[1].name ?? this.#pair[1].id} are ${verdict}`;
      if (this.#sweep) text += ` at t = ${num(this.#time.t)}; moving, they ${this.#sweep.hit ? `first touch at t = ${num(this.#sweep.time)}` : `stay apart up to t = ${num(this.#time.maxTime)}`}`;
    }
    text += '. Arrow keys turn the view, N and P step through the axes';
    if (this.hasAttribute('editable')) text += ', [ and ] pick a volume, Shift with the arrow keys moves it';
    text += '; ? lists the keys.';
    if (this.#els.canvas.getAttribute('aria-label') !== text) this.#els.canvas.setAttribute('aria-label', text);
  }

  #setStep(i) {
    const n = this.#steps();
    const before = this.#ui.step;
    this.#ui.step = n === 0 ? -1 : Math.max(-1, Math.min(n - 1, i));
    this.#refreshPanels();
    this.#drawing?.style({
      collision: this.#collision, pair: this.#pair, roles: pairRoles(this.#pair), hoverVolume: null, tutorial: this.#ui.step >= 0 && this.#pair,
    });
    this.#showFocus();
    if (this.#ui.step >= 0) this.#panels.axes?.reveal(this.#ui.step);
    if (this.#ui.follow && this.#ui.step >= 0 && this.#ui.step !== before && this.#report.axes[this.#ui.step] && !this.#report.axes[this.#ui.step].degenerate) this.#lookAlong(this.#ui.step);
    this.#invalidate();
  }

  #stepAttribute() {
    const n = Number(this.getAttribute('step'));
    return Number.isInteger(n) && n >= 1 ? n - 1 : -1;
  }

  // ---- panels ----------------------------------------------------------------------------

  #buildPanels() {
    // A descent drawn on the mesh goes with its card.
    this.#panels.descent?.open(null);
    const asked = (this.getAttribute('panels') ?? DEFAULT_PANELS).split(/[\s,]+/).filter(Boolean);
    // A moving scene shows its time first; a fit scene its fits alone (it has no pair to test).
    const kind = this.#full ? this.#kind : 'still';
    const first = { moving: ['motion'], mesh: ['mesh', ...['tree', 'descent'].filter((p) => asked.includes(p))] }[kind] ?? [];
    const shown = kind === 'fit' ? ['fit'] : [...first, ...PANELS.filter((p) => asked.includes(p))];
    const box = this.#els.panels;
    box.replaceChildren();
    this.#panels = {};
    box.hidden = shown.length === 0;
    box.parentElement.classList.toggle('bare', shown.length === 0);
    for (const name of shown) {
      const root = h('section', { class: `card ${name}`, part: name });
      box.append(root);
      if (name === 'verdict') {
        // No toolbar here adds volumes; only an editable demo picks them by click.
        this.#panels.verdict = new VerdictPanel(root, {
          onSwap: () => this.#edit(() => this.#model.swap()), onApplyMtv: () => this.#applyMtv(),
          canPick: () => this.hasAttribute('editable'),
        }, this.#els.announcer);
      } else if (name === 'motion') {
        this.#panels.motion = new this.#full.MotionPanel(root, {
          onTime: (t, o) => this.#setTime(t, o),
          onPlay: () => { this.#player.toggle(); this.#refreshPanels(); },
          onMaxTime: (m) => this.#edit(() => { this.#model.setMaxTime(m); this.#setTime(Math.min(this.#time.t, m)); }),
          onContact: () => { if (this.#sweep?.hit) this.#setTime(this.#sweep.time); },
        });
      } else if (name === 'fit') {
        this.#panels.fit = new this.#full.FitCard(root);
      } else if (name === 'mesh') {
        this.#panels.mesh = new this.#meshCode.MeshCard(root, this.#sx, { onPose: this.hasAttribute('editable') ? (pose, o) => this.#setMeshPose(pose, o) : null });
      } else if (name === 'tree') {
        this.#panels.tree = new this.#meshCode.TreeCard(root, { onTree: (choice) => this.#setTree(choice) });
        this.#measureTree();
      } else if (name === 'descent') {
        this.#panels.descent = new this.#meshCode.DescentCard(root, this.#sx, {
          meshes: { mesh: this.#sceneMesh, other: this.#otherMesh },
          pairMarks: () => {
            const v = this.#meshState?.other?.verdict;
            return v ? [v.ofA, v.ofB] : [[], []];
          },
          onRelease: () => this.#drawLevel(this.#tree?.level),
          onChange: () => this.dispatchEvent(new CustomEvent('descent', { detail: { descent: this.descent } })),
        });
        if (this.#meshState && !this.#meshState.loading) {
          this.#testMesh(this.#shown);
          this.#openDescent();
        }
      } else if (name === 'stepper') {
        this.#panels.stepper = new TutorialPanel(root, {
          explainSweep: this.#full?.explainSweepStep ?? null,
          onStep: (i) => this.#setStep(i),
          onLook: () => this.#lookAlong(),
          onFollow: (on) => {
            this.#ui.follow = on;
            if (on && this.#ui.step >= 0) this.#lookAlong(this.#ui.step);
          },
        });
      } else if (name === 'inspector') {
        // The numbers of the active volume (B, or the one last clicked in an editable demo).
        const update = (id, volume, options) => this.#edit(() => this.#model.update(id, volume, options));
        this.#panels.inspector = new Inspector(root, this.#sx, {
          onChange: update,
          onRename: (id, name) => this.#edit(() => this.#model.rename(id, name)),
          onConvert: (id) => update(id, aabbToObb(this.#model.get(id).volume)),
          onDuplicate: (id) => this.#edit(() => this.#model.duplicate(id)),
          onDelete: (id) => this.#edit(() => this.#model.remove(id)),
          // The velocity, where the module can sweep.
          onVelocity: this.#full ? (id, v, o) => this.#edit(() => this.#model.setVelocity(id, v, o)) : undefined,
        });
      } else if (name === 'axes') {
        this.#panels.axes = new AxisPanel(root, {
          onHover: (i) => { this.#ui.hoverAxis = i; this.#showFocus(); this.#invalidate(); },
          onPick: (i) => this.#setStep(i),
          onLook: () => this.#lookAlong(),
        });
      } else {
        root.append(
          h('button', { class: 'small', onclick: () => this.#frame(true), title: 'Show the whole scene' }, 'Reset view'),
          h('button', { class: 'small', onclick: () => this.#lookAlong(), title: 'Look along the axis in focus: its plane seen edge-on (L)' }, 'Look along the axis'),
          h('button', { class: 'small', onclick: () => this.#edit(() => this.#model.swap()), title: 'Swap A and B' }, 'Swap A and B'));
      }
    }
    this.#refreshPanels();
  }

  #refreshPanels({ transient = false } = {}) {
    const { verdict, stepper, axes, inspector, motion, fit, mesh, tree } = this.#panels;
    const model = this.#model;
    const sweep = this.#sweep;
    motion?.update({ time: this.#time, sweep, moving: model.volumes.some(isMoving), pair: this.#pair, problem: this.#sweepProblem });
    fit?.update(this.#fitted);
    mesh?.update(this.#meshState, this.#sceneMesh?.current ? this.#sceneMesh.standIn() : null);
    tree?.update(this.#tree && { ...this.#tree, node: this.#treeChoice.node });
    verdict?.update(this.#pair, this.#report, {
      count: model.volumes.length, overlappingPairs: this.#collision?.overlappingPairs ?? 0, selected: model.selection.length,
    });
    stepper?.update(this.#pair, this.#report, this.#ui.step, null, this.#ui.follow, sweep && { sweep, maxTime: this.#time.maxTime });
    axes?.update(this.#report, this.#ui.step, { transient, sweep, time: this.#time });
    const active = model.active;
    inspector?.update(active, active ? pairRoles(this.#pair).get(active.id) ?? null : null);
    this.#els.panels.classList.toggle('tutorial-on', this.#ui.step >= 0);
  }

  // ---- the view --------------------------------------------------------------------------

  /** What the view's drawings (scene-drawing.js, axis-view.js) need of a viewport. */
  #viewPort() {
    const { scene, camera } = this.#three;
    return {
      scene, camera, canvas: this.#els.canvas, beforeRender: [], keepClear: [],
      invalidate: () => this.#invalidate(),
    };
  }

  #invalidate() {
    if (this.#visible && this.#renderer) requestDraw(this);
  }

  /** Draws now, if on screen and sized (the page's frame loop calls this). */
  drawNow() {
    const { view, canvas, ctx, labels } = this.#els;
    const width = view.clientWidth, height = view.clientHeight;
    if (!this.#visible || !this.#renderer || width === 0 || height === 0) return;
    const { scene, camera } = this.#three;
    if (camera.aspect !== width / height) {
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
    }
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    labels.setSize(width, height);
    for (const f of this.#port.beforeRender) f(camera);
    this.#renderer.render(scene, camera, width, height, Math.min(globalThis.devicePixelRatio || 1, 2), ctx);
    labels.render(scene, camera);
  }

  /** The theme attribute restyles the panels (demo.css) and the 3D view (its ground and marks). */
  #applyTheme() {
    const colors = this.getAttribute('theme') === 'light' ? LIGHT_COLORS : COLORS;
    (this.#three.scene.background ??= new Color()).setHex(colors.background);
    this.#drawing?.setColors(colors);
    this.#motionDrawing?.setColors(colors);
    this.#styleMeshes();
    this.#invalidate();
  }

  /** The camera of the `camera` attribute, else of the scene, else framing the volumes. */
  #placeCamera(fromScene) {
    let camera = fromScene;
    if (this.hasAttribute('camera')) {
      try {
        const parsed = JSON.parse(this.getAttribute('camera'));
        const problem = cameraProblem(parsed);
        if (problem) this.#note(`The camera attribute was ignored: ${problem}.`);
        else camera = parsed;
      } catch {
        this.#note('The camera attribute was ignored: it is not valid JSON.');
      }
    }
    if (camera) this.#place(new Vector3().fromArray(camera.position), new Vector3().fromArray(camera.target));
    else this.#frame(false);
  }

  #note(text) {
    this.#els.note.textContent = text;
    this.#els.note.hidden = false;
  }

  /** What framing the scene takes: the volumes as shown, their paths, a fit's volumes. */
  #boxes() {
    const boxes = this.#shown.map((e) => this.#collision.bounds(e.id)).filter(Boolean);
    boxes.push(...pathBoxes(this.#sx, this.#model.volumes, this.#time.maxTime).filter((b) => !undrawable([b])));
    if (this.#fitted) boxes.push(...this.#fitted.rows.map((r) => this.#sx.boundingBox(r.volume)));
    for (const mesh of [this.#sceneMesh, this.#otherMesh]) {
      const bounds = mesh?.bounds();
      if (bounds) boxes.push(bounds);
    }
    return boxes;
  }

  #frame(glideThere) {
    const boxes = this.#boxes();
    if (!boxes.length || undrawable(boxes)) return;
    const axis = this.#pair ? this.#drawing.axisView.extent() : null;
    const to = framed(this.#three.camera, this.#three.target, axis ? [...boxes, axis] : boxes, 1.15);
    if (glideThere) this.#moveCamera(to);
    else this.#place(to.position, to.target);
  }

  #lookAlong(index = focusedAxis(this.#report, this.#ui)) {
    const axis = index == null ? null : this.#report?.axes[index];
    if (!axis || axis.degenerate) return;
    const bounds = this.#pair.map((e) => this.#collision.bounds(e.id));
    if (undrawable(bounds)) return;
    const planeAt = Math.min(axis.a[1], axis.b[1]) / 2 + Math.max(axis.a[0], axis.b[0]) / 2;
    this.#moveCamera(alongAxis(this.#three.camera, this.#three.target, axis.direction, bounds, planeAt, 1.7));
  }

  #moveCamera(to) {
    this.#stopGlide?.();
    this.#stopGlide = null;
    if (prefersReducedMotion()) return this.#place(to.position, to.target);
    const { camera, target } = this.#three;
    this.#stopGlide = glide({ position: camera.position.clone(), target: target.clone() }, to,
      (p, t) => this.#place(p, t), () => { this.#stopGlide = null; });
  }

  #place(position, target) {
    const { camera } = this.#three;
    this.#three.target.copy(target);
    camera.position.copy(position);
    camera.lookAt(target);
    const distance = position.distanceTo(target);
    camera.near = distance / 500;
    camera.far = distance * 50;
    camera.updateProjectionMatrix();
    this.#invalidate();
  }

  #orbit(left, up) {
    const { camera, target } = this.#three;
    const offset = camera.position.clone().sub(target);
    const s = new Spherical().setFromVector3(offset);
    s.theta -= left;
    s.phi = Math.min(Math.PI - 0.01, Math.max(0.01, s.phi - up));
    this.#place(target.clone().add(offset.setFromSpherical(s)), target.clone());
  }

  #zoom(factor) {
    const { camera, target } = this.#three;
    this.#place(target.clone().add(camera.position.clone().sub(target).multiplyScalar(factor)), target.clone());
  }

  // ---- input -----------------------------------------------------------------------------

  #installInput() {
    const { canvas } = this.#els;
    canvas.addEventListener('keydown', (e) => {
      const move = this.hasAttribute('editable') ? moveFromKey(e) : null;
      if (move) {
        e.preventDefault();
        e.stopPropagation();
        this.#moveByKey(move);
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const step = this.#ui.step;
      const editable = this.hasAttribute('editable');
      const act = {
        ArrowLeft: () => this.#orbit(-ORBIT_STEP, 0),
        ArrowRight: () => this.#orbit(ORBIT_STEP, 0),
        ArrowUp: () => this.#orbit(0, ORBIT_STEP),
        ArrowDown: () => this.#orbit(0, -ORBIT_STEP),
        '+': () => this.#zoom(1 / ZOOM_STEP),
        '=': () => this.#zoom(1 / ZOOM_STEP),
        '-': () => this.#zoom(ZOOM_STEP),
        n: () => this.#setStep(step < 0 ? 0 : step + 1),
        N: () => this.#setStep(step < 0 ? 0 : step + 1),
        p: () => this.#setStep(step - 1),
        P: () => this.#setStep(step - 1),
        Home: () => this.#setStep(0),
        Escape: () => (this.#els.keys.hidden ? this.#setStep(-1) : this.#showKeys(false)),
        '?': () => this.#showKeys(this.#els.keys.hidden),
        '[': editable ? () => this.#pickNext(-1) : null,
        ']': editable ? () => this.#pickNext(1) : null,
        l: () => this.#lookAlong(),
        L: () => this.#lookAlong(),
        f: () => this.#frame(true),
        F: () => this.#frame(true),
      }[e.key];
      if (!act) return;
      e.preventDefault();
      e.stopPropagation();
      act();
    });
    // Drag: orbit, or (editable) move the volume under the pointer in the plane facing the
    // camera; Shift+drag turns a box about the line of sight. The wheel zooms only a focused
    // demo: scrolling the page over it must keep scrolling the page.
    // A drag that starts on a volume moves it, a finger's too: the view's touch-action (pan-y)
    // lets a vertical swipe scroll the page, so a touch that starts on a volume cancels its
    // touchstart (pointer events come first and found the volume) and the page stays put.
    let drag = null;
    const cycle = pickCycle();
    canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      canvas.setPointerCapture(e.pointerId);
      this.#stopGlide?.();
      const along = this.hasAttribute('editable') && this.#sx ? volumesAlong(this.#sx, this.#shown, this.#ray(e)) : [];
      // Pressing again where a click picked a volume drags that one.
      const id = cycle.chosenAt(e.clientX, e.clientY, along) ?? along[0] ?? null;
      drag = { x: e.clientX, y: e.clientY, lastX: e.clientX, lastY: e.clientY, id, along, moved: false };
    });
    this.#els.keys.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' && e.key !== '?') return;
      e.preventDefault();
      e.stopPropagation();
      this.#showKeys(false);
      canvas.focus();
    });
    const keepTouch = (e) => {
      if (drag?.id && e.cancelable) e.preventDefault();
    };
    canvas.addEventListener('touchstart', keepTouch, { passive: false });
    canvas.addEventListener('touchmove', keepTouch, { passive: false });
    canvas.addEventListener('pointermove', (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.lastX, dy = e.clientY - drag.lastY;
      drag.lastX = e.clientX;
      drag.lastY = e.clientY;
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > CLICK_SLOP) drag.moved = true;
      if (!drag.moved) return;
      if (drag.id) this.#dragVolume(drag.id, dx, dy, e.shiftKey);
      else this.#orbit((dx / canvas.clientHeight) * Math.PI, (dy / canvas.clientHeight) * Math.PI);
    });
    const end = (e) => {
      if (drag?.id && drag.moved) {
        cycle.forget();
        this.#edited();
      } else if (drag?.id && e.type === 'pointerup') {
        // A click on a volume of an editable demo picks it (the last two picked are A and B);
        // another click at the same spot picks the next volume under it.
        const picked = cycle.next(drag.x, drag.y, drag.along);
        this.#edit(() => this.#model.select(picked.id));
        this.#say(`Picked ${this.#nameOf(picked.id)}${picked.count > 1 ? ` (${picked.index + 1} of ${picked.count} here: click again for the next)` : ''}`);
      }
      drag = null;
    };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('pointercancel', end);
    canvas.addEventListener('wheel', (e) => {
      if (this.shadowRoot.activeElement !== canvas) return;
      e.preventDefault();
      this.#zoom(e.deltaY > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    }, { passive: false });
  }

  #ray(e) {
    const r = this.#els.canvas.getBoundingClientRect();
    const { camera } = this.#three;
    const ndc = new Vector3(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1, 0.5);
    const point = ndc.unproject(camera);
    return { origin: camera.position.toArray(), direction: point.sub(camera.position).normalize().toArray() };
  }

  /** Moves (or, with turn, rotates) a volume by a pointer movement of dx, dy CSS pixels. */
  #dragVolume(id, dx, dy, turn) {
    const entry = this.#model.get(id);
    if (!entry) return;
    const { camera, target } = this.#three;
    const v = entry.volume;
    const right = new Vector3().setFromMatrixColumn(camera.matrixWorld, 0);
    const up = new Vector3().setFromMatrixColumn(camera.matrixWorld, 1);
    let moved;
    if (turn && v.type === 'obb' && v.rotation) {
      // About the line of sight, through the box's centre: the turn applied after its own.
      const axis = camera.position.clone().sub(target).normalize();
      moved = { ...v, rotation: multiply(quaternionAbout(axis, (dx / this.#els.canvas.clientHeight) * Math.PI), v.rotation) };
    } else {
      // One pixel moves the volume by one pixel's width at the orbit target's depth.
      const perPixel = (2 * camera.position.distanceTo(target) * Math.tan((camera.fov * Math.PI) / 360)) / this.#els.canvas.clientHeight;
      moved = translated(this.#sx, v, right.multiplyScalar(dx * perPixel).addScaledVector(up, -dy * perPixel).toArray());
    }
    if (this.#sx.validate(moved).length) return;
    this.#model.update(id, moved, { transient: true });
  }

  #edit(f) {
    f();
    this.#edited();
  }

  #nameOf(id) {
    const entry = this.#model.get(id);
    return entry?.name ?? id;
  }

  /** Says a pick or a move in the live region, and (shown) a moment over the view. */
  #say(text, { shown = true } = {}) {
    const { said } = this.#els;
    said.textContent = text;
    clearTimeout(this.#saidTimer);
    said.classList.toggle('shown', shown);
    if (shown) this.#saidTimer = setTimeout(() => said.classList.remove('shown'), SAID_MS);
  }

  /** [ and ]: picks the volume before or after the active one. */
  #pickNext(delta) {
    this.#edit(() => this.#model.selectNext(delta));
    const active = this.#model.active;
    if (active) this.#say(`Picked ${this.#nameOf(active.id)}: Shift with the arrow keys moves it`);
  }

  /** Shift+arrows, Shift+PgUp/PgDn: moves the active volume (keyboard-move.js). */
  #moveByKey(move) {
    const entry = this.#model.active;
    if (!entry) return this.#say('No volume is picked: [ and ] pick one');
    const moved = translated(this.#sx, entry.volume, moveOffset(this.#three.camera, this.#boxes(), move));
    if (this.#sx.validate(moved).length) return this.#say(`${this.#nameOf(entry.id)} cannot move further that way`);
    this.#edit(() => this.#model.update(entry.id, moved));
    this.#say(movedText(this.#sx, this.#model.get(entry.id)));
  }

  /** ?: shows (or hides) the list of keys over the view; it is also said. */
  #showKeys(show) {
    const { keys } = this.#els;
    keys.hidden = !show;
    if (!show) return;
    const rows = this.hasAttribute('editable') ? [...VIEW_KEYS, ...EDIT_KEYS] : VIEW_KEYS;
    keys.replaceChildren(
      h('p', { class: 'keys-title' }, 'Keys (on the focused view; ? or Esc closes)'),
      h('dl', {}, ...rows.flatMap(([k, what]) => [h('dt', {}, k), h('dd', {}, what)])));
    // Seen in the list already: only said.
    this.#say(`Keys: ${rows.map(([k, what]) => `${k}: ${what}`).join('; ')}`, { shown: false });
  }

  /** Moves B out by the minimum translation vector (not past the largest double: edit.js). */
  #applyMtv() {
    const p = this.#report?.penetration;
    if (!p || !this.#pair) return;
    const B = this.#pair[1];
    let moved;
    try {
      moved = movedByMtv(this.#sx, B.volume, p);
    } catch (e) {
      if (e instanceof RangeError) return this.#note(`B was not moved: ${e.message}.`);
      throw e;
    }
    this.#edit(() => this.#model.update(B.id, moved));
  }

  /** The reader changed the scene. */
  #edited() {
    this.dispatchEvent(new CustomEvent('change', { detail: { scene: this.#sceneJSON() } }));
  }
}

/** The quaternion [x, y, z, w] of a turn by `angle` radians about the unit vector `axis`. */
function quaternionAbout(axis, angle) {
  const s = Math.sin(angle / 2);
  return [axis.x * s, axis.y * s, axis.z * s, Math.cos(angle / 2)];
}

/** The product p q of quaternions [x, y, z, w] (q first, then p), normalized. */
function multiply([px, py, pz, pw], [qx, qy, qz, qw]) {
  const r = [
    pw * qx + px * qw + py * qz - pz * qy,
    pw * qy - px * qz + py * qw + pz * qx,
    pw * qz + px * qy - py * qx + pz * qw,
    pw * qw - px * qx - py * qy - pz * qz,
  ];
  const n = Math.hypot(...r);
  return r.map((x) => x / n);
}

/** A plain copy of a scene given as a property (a live object of the page may change later). */
function structuredCloneSafe(value) {
  try {
    return structuredClone(value);
  } catch {
    throw new SceneError('the scene must be plain data (JSON-like): it could not be copied');
  }
}
