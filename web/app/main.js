// The visualizer: loads the package, then wires the scene model to the 3D view, the gizmo and
// the panels. Data flows one way: every edit goes into the model; each model change (batched per
// task) refreshes the collision state, the drawing and the panels from the model.

import { init } from 'sepaxis';
import { CSS2DObject } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { AxisPanel } from './axis-panel.js';
import { AxisView } from './axis-view.js';
import { CollisionState, comparedPair, pairReport } from './collision.js';
import { h } from './dom.js';
import { template } from './defaults.js';
import { aabbToObb, translated } from './edit.js';
import { Gizmo } from './gizmo.js';
import { Inspector } from './inspector.js';
import { installShortcuts, SHORTCUTS } from './keyboard.js';
import { UndoHistory } from './undo.js';
import { Messages } from './messages.js';
import { installPicking, pickVolume } from './picking.js';
import { presetById } from './presets.js';
import { Viewport } from './renderer.js';
import { SceneList } from './scene-list.js';
import { SceneModel } from './scene-model.js';
import { checkScene, decodeScene, downloadScene, encodeScene, MAX_JSON_BYTES, parseScene, SceneError } from './share.js';
import { Toolbar } from './toolbar.js';
import { TutorialPanel } from './tutorial-panel.js';
import { VerdictPanel } from './verdict-panel.js';
import { VolumeView } from './volume-mesh.js';

const $ = (id) => document.getElementById(id);
const messages = new Messages($('banner'), $('toast'));

/** URL updates wait for edits to pause this long (ms). */
const URL_DELAY = 300;
/**
 * During a drag (transient changes) the text panels are refreshed on every PANEL_STRIDE-th
 * change, the 3D view on every one: on a software renderer the browser's style, layout, paint
 * and raster of the changed panels made a drag frame miss 60 fps. A skipped refresh is caught
 * up PANEL_CATCH_UP ms later if no change follows, and the drag's final change refreshes all.
 */
const PANEL_STRIDE = 2;
const PANEL_CATCH_UP = 50;

async function start() {
  let sx;
  try {
    sx = await init();
  } catch (e) {
    $('loading').textContent = `Could not load the WebAssembly module: ${e.message}`;
    return;
  }
  const app = new App(sx);
  window.sepaxisApp = app;
  $('loading').remove();
  const params = new URLSearchParams(location.search);
  const bench = Number(params.get('bench'));
  if (bench > 0) {
    const { runBench } = await import('./bench.js');
    const frames = Number(params.get('frames')) || undefined;
    await runBench(app, Math.min(Math.floor(bench), 500), frames && Math.min(Math.floor(frames), 2000));
    return;
  }
  await app.loadFromHash({ fallbackPreset: 'welcome' });
  app.undo.reset();  // undo goes back to the scene the page opened with, not to an empty one
  window.addEventListener('hashchange', () => {
    if (location.hash.slice(1) !== app.lastHash) app.loadFromHash({});
  });
  document.body.dataset.ready = 'true';
}

export class App {
  /** View state (not saved): tutorial step (-1: off), hovered axis and volume, preset lesson. */
  ui = { step: -1, hoverAxis: null, hoverVolume: null, lesson: null };
  report = null;
  pair = null;
  lastHash = '';
  #views = new Map();
  #pending = null;
  #urlTimer = 0;
  #pairKey = '';
  #transientCount = 0;
  #panelTimer = 0;

  constructor(sx) {
    this.sx = sx;
    this.model = new SceneModel();
    this.collision = new CollisionState(sx);
    this.viewport = new Viewport($('viewport'));
    this.axisView = new AxisView(this.viewport);
    this.badges = { A: badge('A'), B: badge('B') };
    this.viewport.scene.add(this.badges.A, this.badges.B);
    // Where B would be after moving by the minimum translation vector.
    this.ghost = new VolumeView(sx, 'mtv-ghost');
    this.ghost.fillMaterial.opacity = 0.06;
    this.ghost.edgeMaterial.color.set(0xffffff);
    this.ghost.edgeMaterial.opacity = 0.45;
    this.ghost.object.visible = false;
    this.viewport.scene.add(this.ghost.object);
    this.viewport.beforeRender.push((camera) => {
      const height = this.viewport.canvas.height;
      for (const view of this.#views.values()) view.updateDetail(camera, height);
      this.ghost.updateDetail(camera, height);
    });

    this.gizmo = new Gizmo(this.viewport, sx, {
      onChange: (id, v, o) => this.model.update(id, v, o),
      onNote: (text) => {
        // Called on every refresh (every frame of a drag): written only when it changes.
        const note = $('gizmo-note');
        if (note.textContent !== (text ?? '')) note.textContent = text ?? '';
        if (note.hidden !== !text) note.hidden = !text;
      },
    });
    this.toolbar = new Toolbar($('toolbar'), {
      onAdd: (type, k) => this.add(type, k),
      onDuplicate: () => this.duplicate(),
      onDelete: () => this.remove(),
      onUndo: () => this.undo.undo(),
      onRedo: () => this.undo.redo(),
      onMode: (m) => this.setMode(m),
      onPreset: (id) => this.loadPreset(id),
      onShare: () => this.share(),
      onExport: () => downloadScene(this.model.toJSON()),
      onImport: (file) => this.importFile(file),
      onHelp: () => this.help(),
    });
    this.undo = new UndoHistory(this.model, () => this.toolbar.updateHistory(this.undo));
    this.verdict = new VerdictPanel($('verdict'), {
      onSwap: () => this.model.swap(),
      onApplyMtv: () => this.applyMtv(),
    });
    this.tutorial = new TutorialPanel($('tutorial'), { onStep: (i) => this.setStep(i) });
    this.axisPanel = new AxisPanel($('axes'), {
      onHover: (i) => { this.ui.hoverAxis = i; this.#refreshFocus(); },
      onPick: (i) => this.setStep(i),
    });
    this.inspector = new Inspector($('inspector'), sx, {
      onChange: (id, v, o) => this.model.update(id, v, o),
      onRename: (id, name) => this.model.rename(id, name),
      onConvert: (id) => this.model.update(id, aabbToObb(this.model.get(id).volume)),
      onDuplicate: () => this.duplicate(),
      onDelete: () => this.remove(),
    });
    this.sceneList = new SceneList($('scene'), {
      onPick: (id) => this.model.select(id),
      onHover: (id) => this.#hoverVolume(id),
    });
    this.model.addEventListener('change', (e) => this.#queue(e.detail));
    this.#installPicking();
    installShortcuts(window, {
      add: (type) => this.add(type, this.toolbar.k),
      duplicate: () => this.duplicate(),
      remove: () => this.remove(),
      mode: (m) => this.setMode(m),
      step: (d) => this.setStep(d === 'first' ? 0 : this.ui.step < 0 ? (d > 0 ? 0 : -1) : this.ui.step + d),
      escape: () => {
        if ($('help').open) $('help').close();
        else if (this.ui.step >= 0) this.setStep(-1);
        else this.model.select(null);
      },
      frame: () => this.frame(),
      cycle: (d) => this.cycle(d),
      help: () => this.help(),
      undo: () => this.undo.undo(),
      redo: () => this.undo.redo(),
    });
    this.#buildHelp();
    $('help-close').addEventListener('click', () => $('help').close());
    this.#refresh({ ids: null, selection: true });
  }

  // ---- actions -------------------------------------------------------------------------

  add(type, k = 18) {
    const n = this.model.volumes.length;
    // New volumes appear around the orbit target, on a spiral, so successive adds don't stack.
    const angle = n * 2.4;
    const r = n === 0 ? 0 : 1.2 + 0.25 * Math.min(n, 12);
    const t = this.viewport.controls.target;
    const at = [t.x + r * Math.cos(angle), t.y, t.z + r * Math.sin(angle)];
    const id = this.model.add(translated(this.sx, template(type, k), at));
    this.ui.lesson = null;
    return id;
  }

  duplicate() {
    const active = this.model.active;
    if (!active) return;
    this.model.duplicate(active.id, (v) => translated(this.sx, v, [0.8, 0, 0.8]));
  }

  remove() {
    const active = this.model.active;
    if (active) this.model.remove(active.id);
  }

  setMode(mode) {
    this.gizmo.setMode(mode);
    this.toolbar.update({ mode, hasActive: !!this.model.active });
  }

  /** Tutorial step: an axis index, or -1 to leave (clamped to the report). */
  setStep(i) {
    const n = this.report?.axes.length ?? 0;
    this.ui.step = n === 0 ? -1 : Math.max(-1, Math.min(n - 1, i));
    this.#refreshPanels();
    this.#refreshFocus();
    if (this.ui.step >= 0) this.axisPanel.reveal(this.ui.step, true);
  }

  cycle(delta) {
    const vs = this.model.volumes;
    if (!vs.length) return;
    const i = vs.findIndex((v) => v.id === this.model.activeId);
    this.model.select(vs[(i + delta + vs.length) % vs.length].id);
  }

  applyMtv() {
    const p = this.report?.penetration;
    if (!p || !this.pair) return;
    const B = this.pair[1];
    this.model.update(B.id, translated(this.sx, B.volume, p.normal.map((x) => x * p.depth)));
  }

  loadPreset(id) {
    const preset = presetById(id);
    if (!preset) return;
    this.load(checkScene(preset.scene, this.sx));
    this.ui.lesson = preset.lesson;
    this.#refreshPanels();
    messages.clear();
  }

  /** Replaces the scene with checked data and frames it. */
  load(scene) {
    this.ui.step = -1;
    this.ui.lesson = null;
    this.model.load(scene);
    this.flush();
    this.frame();
  }

  /** Restores the scene in the URL hash; a bad link gives a message and an empty scene. */
  async loadFromHash({ fallbackPreset }) {
    const hash = location.hash.slice(1);
    if (!hash) {
      if (fallbackPreset) this.loadPreset(fallbackPreset);
      return;
    }
    try {
      const scene = await decodeScene(hash, this.sx);
      this.lastHash = hash;
      this.load(scene);
      messages.clear();
    } catch (e) {
      const reason = e instanceof SceneError ? e.message : 'it could not be read';
      this.load({ volumes: [], selection: [] });
      messages.show('This link could not be opened:', `${reason}. Showing an empty scene.`);
    }
  }

  async importFile(file) {
    try {
      if (file.size > MAX_JSON_BYTES) throw new SceneError(`the file is too large (${file.size.toLocaleString('en')} bytes; at most ${MAX_JSON_BYTES.toLocaleString('en')})`);
      this.load(parseScene(await file.text(), this.sx));
      messages.clear();
      messages.flash(`Opened ${file.name}`);
      this.#scheduleUrl();
    } catch (e) {
      const reason = e instanceof SceneError ? e.message : 'it could not be read';
      messages.show(`Could not open ${file.name}:`, `${reason}. The scene is unchanged.`);
    }
  }

  async share() {
    await this.#writeUrl();
    try {
      await navigator.clipboard.writeText(location.href);
      messages.flash('Link copied to the clipboard');
    } catch {
      messages.flash('The link is in the address bar');
    }
  }

  /** Points the camera at the whole scene (keeping its direction). */
  frame() {
    const boxes = this.model.volumes.map((e) => this.collision.bounds(e.id)).filter(Boolean);
    // A pair gets room for the axis drawn beside it.
    this.viewport.frameBoxes(boxes, boxes.length <= 2 ? 1.4 : 1.15);
  }

  help() {
    const d = $('help');
    if (d.open) d.close();
    else d.showModal();
  }

  /** Applies pending model changes now (normally done once per task). */
  flush() {
    if (!this.#pending) return;
    const p = this.#pending;
    this.#pending = null;
    this.#refresh(p);
  }

  // ---- refresh ---------------------------------------------------------------------------

  #queue(detail) {
    const first = !this.#pending;
    const p = this.#pending ??= { ids: new Set(), selection: false, transient: true };
    if (detail.volumes === null) p.ids = null;
    else if (p.ids) for (const id of detail.volumes) p.ids.add(id);
    p.selection ||= detail.selection;
    p.transient &&= !!detail.transient;
    if (first) queueMicrotask(() => this.flush());
  }

  #refresh({ ids, selection, transient = false }) {
    const model = this.model;
    if (ids === null || ids.size) this.collision.update(model, ids === null ? null : [...ids]);
    this.#syncViews(ids);
    this.pair = comparedPair(model);
    const key = this.pair ? `${this.pair[0].id}|${this.pair[1].id}` : '';
    if (key !== this.#pairKey) {
      this.ui.step = -1;
      this.ui.hoverAxis = null;
    }
    this.#pairKey = key;
    const previous = this.report;
    this.report = pairReport(this.sx, this.pair);
    if (this.report && this.ui.step >= this.report.axes.length) this.ui.step = this.report.axes.length - 1;
    this.#refreshStyles();
    this.#refreshPanelsDuring({ transient });
    this.#refreshFocus();
    // Bring the deciding axis into view when it changes (not while the reader steps through).
    const sep = this.report?.separatingAxis ?? -1;
    if (sep >= 0 && this.ui.step < 0 && sep !== (previous?.separatingAxis ?? -1)) this.axisPanel.reveal(sep);
    this.gizmo.sync(model.active);
    this.toolbar.update({ mode: this.gizmo.mode, hasActive: !!model.active });
    if (!transient && (ids === null || ids.size || selection)) this.#scheduleUrl();
    this.viewport.invalidate();
  }

  #syncViews(ids) {
    const present = new Set(this.model.volumes.map((e) => e.id));
    for (const [id, view] of this.#views) {
      if (!present.has(id)) {
        this.viewport.scene.remove(view.object);
        view.dispose();
        this.#views.delete(id);
      }
    }
    for (const { id, volume } of this.model.volumes) {
      let view = this.#views.get(id);
      if (!view) {
        view = new VolumeView(this.sx, id);
        this.#views.set(id, view);
        this.viewport.scene.add(view.object);
        view.setVolume(volume);
      } else if (ids === null || ids.has(id)) view.setVolume(volume);
    }
  }

  #roles() {
    const roles = new Map();
    if (this.pair) {
      roles.set(this.pair[0].id, 'A');
      roles.set(this.pair[1].id, 'B');
    }
    return roles;
  }

  #refreshStyles() {
    const roles = this.#roles();
    const tutorial = this.ui.step >= 0 && this.pair;
    for (const [id, view] of this.#views) {
      view.setStyle({
        overlapping: this.collision.overlapsAny(id),
        role: roles.get(id) ?? null,
        hovered: this.ui.hoverVolume === id,
        dimmed: !!tutorial && !roles.has(id),
      });
    }
    for (const role of ['A', 'B']) {
      const entry = this.pair?.[role === 'A' ? 0 : 1];
      const b = entry && this.collision.bounds(entry.id);
      this.badges[role].visible = !!b;
      if (b) this.badges[role].position.set((b.min[0] + b.max[0]) / 2, b.max[1] + 0.3, (b.min[2] + b.max[2]) / 2);
    }
  }

  /** Refreshes the panels now, or (during a drag, every other change) a little later. */
  #refreshPanelsDuring({ transient }) {
    const now = !transient || this.#transientCount % PANEL_STRIDE === 0;
    this.#transientCount = transient ? this.#transientCount + 1 : 0;
    if (now) {
      clearTimeout(this.#panelTimer);
      this.#panelTimer = 0;
      this.#refreshPanels({ transient });
    } else if (!this.#panelTimer) {
      this.#panelTimer = setTimeout(() => {
        this.#panelTimer = 0;
        this.#refreshPanels({ transient: true });
      }, PANEL_CATCH_UP);
    }
  }

  #refreshPanels({ transient = false } = {}) {
    const model = this.model;
    const roles = this.#roles();
    this.verdict.update(this.pair, this.report, {
      count: model.volumes.length, overlappingPairs: this.collision.overlappingPairs, selected: model.selection.length,
    });
    this.tutorial.update(this.pair, this.report, this.ui.step, this.ui.lesson);
    this.axisPanel.update(this.report, this.ui.step, { transient });
    const active = model.active;
    this.inspector.update(active, active ? roles.get(active.id) ?? null : null);
    this.sceneList.update(model, (id) => this.collision.overlapsAny(id), roles);
    document.body.classList.toggle('tutorial-on', this.ui.step >= 0);
  }

  /**
   * The axis shown in 3D: the hovered row, else the tutorial step, else the separating axis, else
   * (overlapping) the axis closest to separating: the largest gap, where the overlap is shallowest.
   */
  #refreshFocus() {
    const r = this.report;
    let focus = null;
    if (r) {
      if (this.ui.hoverAxis != null && this.ui.hoverAxis < r.axes.length) focus = this.ui.hoverAxis;
      else if (this.ui.step >= 0) focus = this.ui.step;
      else if (r.separatingAxis >= 0) focus = r.separatingAxis;
      else focus = closestToSeparating(r.axes);
    }
    const bounds = this.pair && [this.collision.bounds(this.pair[0].id), this.collision.bounds(this.pair[1].id)];
    this.axisView.show(focus == null ? null : r.axes[focus], bounds);
    const p = r?.overlap ? r.penetration : null;
    this.axisView.showMtv(p, bounds?.[1]);
    this.ghost.object.visible = !!(p && p.depth > 0);
    if (this.ghost.object.visible) {
      this.ghost.setVolume(translated(this.sx, this.pair[1].volume, p.normal.map((x) => x * p.depth)));
    }
    this.focusAxis = focus;
  }

  #hoverVolume(id) {
    if (this.ui.hoverVolume === id) return;
    this.ui.hoverVolume = id;
    this.#refreshStyles();
    this.viewport.canvas.style.cursor = id ? 'pointer' : '';
    this.viewport.invalidate();
  }

  /** Client (CSS pixel) coordinates of a world point, e.g. to click a volume in a test. */
  project(point) {
    return this.viewport.project(point);
  }

  /** Client coordinates of a volume's bounding-box centre. */
  screenPositionOf(id) {
    const b = this.collision.bounds(id);
    return b && this.project(b.min.map((m, i) => (m + b.max[i]) / 2));
  }

  // ---- picking ---------------------------------------------------------------------------

  /** The volume under a pointer, or null. */
  pick(clientX, clientY) {
    return pickVolume(this.sx, this.model.volumes, this.viewport.ray(clientX, clientY));
  }

  #installPicking() {
    installPicking(this.viewport.canvas, {
      pick: (x, y) => this.pick(x, y),
      onGizmo: () => this.gizmo.controls.axis !== null || this.gizmo.dragging,
      onPick: (id) => this.model.select(id),
      onHover: (id) => { if (!this.gizmo.dragging) this.#hoverVolume(id); },
    });
  }

  // ---- URL -------------------------------------------------------------------------------

  #scheduleUrl() {
    clearTimeout(this.#urlTimer);
    this.#urlTimer = setTimeout(() => this.#writeUrl(), URL_DELAY);
  }

  async #writeUrl() {
    clearTimeout(this.#urlTimer);
    const hash = await encodeScene(this.model.toJSON());
    this.lastHash = hash;
    history.replaceState(null, '', `#${hash}`);
  }

  #buildHelp() {
    const body = $('help-shortcuts');
    body.replaceChildren(...SHORTCUTS.map(([keys, what]) => h('tr', {},
      h('td', {}, ...keys.split(' ').map((k, i) => [i ? ' ' : null, /^[/·]$/.test(k) ? k : h('kbd', {}, k)])),
      h('td', {}, what))));
  }
}

function badge(text) {
  const el = h('div', { class: `badge ${text.toLowerCase()}` }, text);
  const object = new CSS2DObject(el);
  object.visible = false;
  return object;
}

/** Index of the non-degenerate axis with the largest gap, or null when there is none. */
function closestToSeparating(axes) {
  let best = null;
  axes.forEach((axis, i) => {
    if (!axis.degenerate && (best === null || axis.gap > axes[best].gap)) best = i;
  });
  return best;
}

start();
