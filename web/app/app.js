// The App: builds the scene model, the collision state, the 3D view and the panels, and wires
// them. Data flows one way: every edit (toolbar, keys, gizmo, inspector, picking) goes into the
// model; each model change, batched per task (change-batch.js), refreshes the collision state,
// the drawing (scene-drawing.js) and the panels (panels.js) from the model. The URL, Share and
// the JSON files are scene-link.js's; the help dialog is help-dialog.js's. Volumes with a
// velocity (motion.js) are shown, tested and drawn where they are at the time t of the motion
// panel; the model keeps them at t = 0, and the compared pair is swept over [0, maxTime].
//
// window.sepaxisApp is this object: the browser tests read model, report, sweep, time, focusAxis,
// lastHash, viewport and sx, and call load, flush, project, setTime and screenPositionOf.

import { focusedAxis } from '../view/axis-focus.js';
import { ChangeBatch } from '../view/change-batch.js';
import { CollisionState, comparedPair, pairReport, pairRoles, withMeshHits } from '../view/collision.js';
import { byId } from '../view/dom.js';
import { aabbToObb, translated } from '../view/edit.js';
import { FitPanel, installDrop } from './fit-panel.js';
import { FloorPanel } from './floor-panel.js';
import { Gizmo } from './gizmo.js';
import { HelpDialog } from './help-dialog.js';
import { installCameraKeys, installShortcuts } from './keyboard.js';
import { Panels } from './panels.js';
import { moveOffset, movedText } from '../view/keyboard-move.js';
import { installPicking, volumesAlong } from '../view/picking.js';
import { lessonOrigin, lessonText } from './lesson.js';
import { MeshController } from './mesh-controller.js';
import { MESH_ID, MESH_MODELS, SECOND_MESH_ID } from '../view/mesh-ids.js';
import { presetById } from './presets.js';
import { Viewport } from './renderer.js';
import { SceneDrawing } from '../view/scene-drawing.js';
import { addVolume, applyMtv, duplicateActive, removeActive } from './scene-edits.js';
import { SceneLink } from './scene-link.js';
import { SceneModel } from '../view/scene-model.js';
import { checkScene } from '../view/share.js';
import { Toolbar } from './toolbar.js';
import { UndoHistory } from './undo.js';
import { middle, undrawable } from '../view/view-range.js';
import { DEFAULT_MAX_TIME, entriesAt, isMoving, pairSweep, pathBoxes, velocityOf } from '../view/motion.js';
import { MotionDrawing } from '../view/motion-drawing.js';
import { MotionPlayer } from '../view/motion-player.js';
import { VelocityHandle } from './velocity-handle.js';

export class App {
  /** View state (not saved): tutorial step (-1: off), hovered axis and volume, the preset whose
   *  lesson may show (lesson.js), whether the camera turns to each step (follow), the selected
   *  mesh (its id, MESH_ID or SECOND_MESH_ID, or false). */
  ui = { step: -1, hoverAxis: null, hoverVolume: null, lessonOrigin: null, follow: false, meshActive: false };
  report = null;
  /** The compared pair as shown (at time t), or null. */
  pair = null;
  /** The pair's sweep over [0, maxTime] when one of it moves, else null. */
  sweep = null;
  sweepProblem = null;
  /** The time the scene is shown at, the end of its range, and whether it plays. */
  time = { t: 0, maxTime: DEFAULT_MAX_TIME, playing: false };
  /** The model's entries at time t (the same objects for volumes that do not move). */
  #shown = [];
  #player = new MotionPlayer(this.time, (t, o) => this.setTime(t, o));
  /** The index of the axis drawn in 3D (axis-focus.js), or null. */
  focusAxis = null;
  #pairKey = '';
  /** Set while the App itself clears the volumes' selection to select the mesh. */
  #selectingMesh = false;
  /** The scene's mesh coming with the last scene loaded (a promise; the browser tests wait for it). */
  meshLoad = Promise.resolve();

  /** messages: the banner and toasts (messages.js). */
  constructor(sx, messages) {
    this.sx = sx;
    this.messages = messages;
    this.model = new SceneModel();
    this.collision = new CollisionState(sx);
    this.viewport = new Viewport(byId('viewport'));
    this.drawing = new SceneDrawing(sx, this.viewport);
    this.motionDrawing = new MotionDrawing(sx, this.viewport);
    this.velocityHandle = new VelocityHandle(this.viewport, {
      anchorOf: (entry) => this.motionDrawing.anchorOf(entry),
      boxes: () => this.model.volumes.map((e) => this.collision.bounds(e.id)).filter(Boolean),
      onChange: (id, v, o) => this.model.setVelocity(id, v, o),
    });
    this.mesh = new MeshController(sx, this.viewport, byId('mesh'), {
      onChange: ({ transient = false, added = false, removed = false } = {}) => {
        this.changes.add({ volumes: [], selection: true, transient });
        // A mesh put in or taken out is not a step (undo cannot bring a file back); a move is.
        if (added || removed) this.undo.keep();
        else if (!transient) this.undo.changed();
      },
      onSelect: (id) => this.selectMesh(id),
      onAdded: () => {
        this.flush();
        this.frame();
      },
    });
    this.link = new SceneLink(sx, this.model, messages, (scene) => this.load(scene), () => this.viewport.cameraState(), {
      toJSON: () => this.mesh.toJSON(), secondToJSON: () => this.mesh.secondToJSON(), linkProblem: () => this.mesh.linkProblem(),
      models: MESH_MODELS.map((m) => m.id),
    });
    this.viewport.onUserMove.push(() => this.link.scheduleUrl());
    // While the view moves on a software renderer, the meshes are drawn coarser (mesh-coarse.js).
    this.viewport.beforeRender.push(() => this.mesh.drawCoarse(this.viewport.drawsCoarse));
    this.helpDialog = new HelpDialog(byId('help'), byId('help-shortcuts'), byId('help-close'));
    this.changes = new ChangeBatch((p) => this.#refresh(p));

    this.gizmo = new Gizmo(this.viewport, sx, {
      // The gizmo holds the volume where it is shown (at t): the model keeps it at t = 0.
      onChange: (id, v, o) => {
        if (id === MESH_ID || id === SECOND_MESH_ID) this.mesh.setPoseOfStandIn(v, o, id);
        else this.model.update(id, this.#atStart(id, v), o);
      },
      onNote: (text) => this.#gizmoNote(text),
    });
    this.toolbar = new Toolbar(byId('toolbar'), {
      onAdd: (type, k) => this.add(type, k),
      onDuplicate: () => this.duplicate(),
      onDelete: () => this.remove(),
      onUndo: () => this.undo.undo(),
      onRedo: () => this.undo.redo(),
      onMode: (m) => this.setMode(m),
      onPreset: (id) => this.loadPreset(id),
      onShare: () => this.share(),
      onExport: () => this.link.exportFile(),
      onImport: (file) => this.importFile(file),
      onHelp: () => this.help(),
    });
    this.undo = new UndoHistory(this.model, () => this.toolbar.updateHistory(this.undo), {
      snapshot: () => this.mesh.undoState(),
      restore: (state) => this.mesh.restoreUndoState(state),
    });
    this.panels = new Panels(sx, {
      verdict: { onSwap: () => this.model.swap(), onApplyMtv: () => this.applyMtv() },
      motion: {
        onTime: (t, o) => this.setTime(t, o),
        onPlay: () => this.togglePlay(),
        onMaxTime: (m) => this.setMaxTime(m),
        onContact: () => { if (this.sweep?.hit) this.setTime(this.sweep.time); },
      },
      tutorial: {
        onStep: (i) => this.setStep(i),
        onLook: () => this.lookAlong(),
        onFollow: (on) => {
          this.ui.follow = on;
          if (on && this.ui.step >= 0) this.lookAlong(this.ui.step);
        },
      },
      axes: {
        onHover: (i) => { this.ui.hoverAxis = i; this.#refreshFocus(); },
        onPick: (i) => this.setStep(i),
        onLook: () => this.lookAlong(),
      },
      inspector: {
        onChange: (id, v, o) => this.model.update(id, v, o),
        onRename: (id, name) => this.model.rename(id, name),
        onVelocity: (id, v, o) => this.model.setVelocity(id, v, o),
        onConvert: (id) => this.model.update(id, aabbToObb(this.model.get(id).volume)),
        onDuplicate: () => this.duplicate(),
        onDelete: () => this.remove(),
      },
      sceneList: {
        onPick: (id) => this.model.select(id),
        onHover: (id) => this.#hoverVolume(id),
      },
    }, () => ({
      model: this.model, collision: this.#withMesh(), pair: this.pair, report: this.report,
      roles: pairRoles(this.pair), step: this.ui.step, lesson: lessonText(this.ui.lessonOrigin, this.model, this.report),
      follow: this.ui.follow, time: this.time, sweep: this.sweep, sweepProblem: this.sweepProblem,
      moving: this.model.volumes.some(isMoving),
    }));
    this.model.addEventListener('change', (e) => {
      // Picking (or clearing) volumes deselects the mesh; an undo step (a load) keeps it selected
      // unless it restores a selected volume.
      if (e.detail.selection && !e.detail.loaded && !this.#selectingMesh) this.ui.meshActive = false;
      this.changes.add(e.detail);
    });
    installPicking(this.viewport.canvas, {
      along: (x, y) => this.volumesAt(x, y),
      onGizmo: () => this.gizmo.controls.axis !== null || this.gizmo.dragging || this.velocityHandle.dragging,
      onPick: (id, { index, count }) => {
        if (id === MESH_ID || id === SECOND_MESH_ID) this.selectMesh(id);
        else this.model.select(id);
        // Several volumes under the pointer: say which one this click took, and how to reach the others.
        if (count > 1) this.messages.flash(`Picked ${this.#nameOf(id)} (${index + 1} of ${count} here: click again for the next)`);
      },
      onHover: (id) => { if (!this.gizmo.dragging) this.#hoverVolume(id); },
    });
    installCameraKeys(this.viewport.canvas, this.viewport, (move) => this.moveByKey(move));
    this.viewport.keepClear.push(document.querySelector('#viewport .legend'));
    installShortcuts(window, {
      add: (type) => this.add(type, this.toolbar.k),
      duplicate: () => this.duplicate(),
      remove: () => this.remove(),
      mode: (m) => this.setMode(m),
      step: (d) => this.setStep(d === 'first' ? 0 : this.ui.step < 0 ? (d > 0 ? 0 : -1) : this.ui.step + d),
      escape: () => {
        if (this.helpDialog.open) this.helpDialog.close();
        else if (this.ui.step >= 0) this.setStep(-1);
        else this.model.select(null);
      },
      frame: () => { this.frame(); this.link.scheduleUrl(); },
      cycle: (d) => this.cycle(d),
      help: () => this.help(),
      look: () => this.lookAlong(),
      undo: () => this.undo.undo(),
      redo: () => this.undo.redo(),
    });
    this.floor = new FloorPanel(byId('floor'), sx, this.viewport);
    this.fit = new FitPanel(sx, this.viewport, {
      root: byId('fit'),
      legendRoot: byId('viewport'),
      onAdd: (entries) => this.addFitted(entries),
      onFrame: (box) => this.viewport.frameBoxes([box], 1.15),
    });
    // A file dropped on the view goes into the scene as a mesh; anywhere else, to the fit panel.
    installDrop(byId('viewport'), (file) => this.mesh.panel.openFile(file));
    this.#refresh({ ids: null, selection: true });
  }

  /** Adds fitted volumes ([{ name, volume }]) to the scene, the last one selected. */
  addFitted(entries) {
    entries.forEach(({ name, volume }, i) => this.model.add(volume, { name, select: i === entries.length - 1 }));
    this.flush();
    this.messages.flash(`Added ${entries.map((e) => e.name).join(', ')} to the scene`);
  }

  // ---- actions -------------------------------------------------------------------------

  /**
   * Adds a volume near the orbit target, apart from the others (a preset's lesson then stops
   * showing: lesson.js), and
   * reframes the view when the new volume is not all in it. Returns its id.
   */
  add(type, k = 18) {
    const id = addVolume(this.sx, this.model, type, k, this.viewport.controls.target);
    this.flush();
    if (!this.#inView(this.collision.bounds(id))) this.frame();
    return id;
  }

  duplicate() {
    duplicateActive(this.sx, this.model);
  }

  remove() {
    if (this.ui.meshActive) this.mesh.remove(this.ui.meshActive);
    else removeActive(this.model);
  }

  /**
   * Selects one of the scene's meshes (id: MESH_ID, the default, or SECOND_MESH_ID; the gizmo and
   * Shift+arrows then move it); volumes are deselected.
   */
  selectMesh(id = MESH_ID) {
    if (!this.mesh.meshOf(id)) return;
    this.ui.meshActive = id;
    this.#selectingMesh = true;
    try {
      this.model.select(null);
    } finally {
      this.#selectingMesh = false;
    }
    this.flush();
  }

  cycle(delta) {
    this.model.selectNext(delta);
  }

  /**
   * Moves the selected volume one step along the world axis nearest a screen direction
   * (keyboard-move.js: Shift+arrows on the view), and says where it went.
   */
  moveByKey(move) {
    const active = this.model.active;
    const boxes = this.model.volumes.map((e) => this.collision.bounds(e.id)).filter(Boolean);
    const mesh = !active && this.ui.meshActive && this.mesh.meshOf(this.ui.meshActive);
    if (mesh) {
      const d = moveOffset(this.viewport.camera, [...boxes, mesh.bounds()], move);
      const { translation, rotation } = mesh.pose;
      this.mesh.setPose({ translation: translation.map((x, i) => x + d[i]), rotation }, { id: mesh.id });
      this.flush();
      return this.messages.flash(`Moved ${mesh.current.name} to (${mesh.pose.translation.map((x) => +x.toFixed(3)).join(', ')})`);
    }
    if (!active) return this.messages.flash('Select a volume to move it: click it, or [ ] pick one');
    const moved = translated(this.sx, active.volume, moveOffset(this.viewport.camera, boxes, move));
    if (this.sx.validate(moved).length) return this.messages.flash(`${this.#nameOf(active.id)} cannot move further that way`);
    this.model.update(active.id, moved);
    this.messages.flash(movedText(this.sx, this.model.get(active.id)));
  }

  /** Moves B by the minimum translation vector; a move past the double range is refused and said. */
  applyMtv() {
    // The MTV moves B where it is shown; a translation moves it as much at t = 0, where the model keeps it.
    const problem = applyMtv(this.sx, this.model, this.pair?.map((e) => this.model.get(e.id)), this.report);
    if (problem) this.messages.show('B was not moved:', `moved by the MTV, ${problem}.`, 'info');
  }

  setMode(mode) {
    this.gizmo.setMode(mode);
    this.#syncGizmo();
    this.toolbar.update({ mode, hasActive: !!this.model.active });
    this.velocityHandle.sync(mode === 'velocity' ? this.model.active : null);
    if (mode === 'velocity' && !this.model.active) this.messages.flash('Select a volume to give it a velocity');
    this.viewport.invalidate();
  }

  // ---- motion ----------------------------------------------------------------------------

  /** Shows the scene at time t (clamped to [0, maxTime]); transient: part of a slide or a play. */
  setTime(t, { transient = false } = {}) {
    this.time.t = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), this.time.maxTime);
    if (!transient && this.time.playing) this.#stopPlay();
    this.changes.add({ volumes: this.model.volumes.filter(isMoving).map((e) => e.id), selection: false, transient });
    if (!transient) this.flush();
  }

  /** The end of the time range (> 0, finite: motion-panel.js checks it): an edit of the scene. */
  setMaxTime(maxTime) {
    this.model.setMaxTime(maxTime);
    this.setTime(Math.min(this.time.t, maxTime));
  }

  /** Play (from t, or from 0 at the end of the range) or pause. */
  togglePlay() {
    this.#player.toggle();
    this.panels.refresh();
  }

  #stopPlay() {
    this.#player.stop();
  }

  /** A volume given where it is shown (at time t) back at t = 0, where the model keeps it. */
  #atStart(id, volume) {
    const entry = this.model.get(id);
    if (!entry || this.time.t === 0 || !isMoving(entry)) return volume;
    return entriesAt(this.sx, [{ volume, velocity: velocityOf(entry).map((x) => -x) }], this.time.t)[0].volume;
  }

  /**
   * Tutorial step: an axis index, or -1 to leave (clamped to the report). With ui.follow, the
   * camera turns to look along each step's axis.
   */
  setStep(i) {
    const n = (this.sweep ?? this.report)?.axes.length ?? 0;
    const before = this.ui.step;
    this.ui.step = n === 0 ? -1 : Math.max(-1, Math.min(n - 1, i));
    this.panels.refresh();
    this.#refreshFocus();
    if (this.ui.step >= 0) this.panels.axisPanel.reveal(this.ui.step, true);
    if (this.ui.follow && this.ui.step >= 0 && this.ui.step !== before && !this.report.axes[this.ui.step].degenerate) this.lookAlong(this.ui.step);
  }

  /**
   * Turns the camera so that axis `index` (default: the one in focus, focus.js) runs across the
   * screen and the plane perpendicular to it is seen edge-on, the pair framed with the axis drawn
   * beside it. False (and a note) when there is no such axis: no pair, or a skipped axis.
   */
  lookAlong(index = this.focusAxis) {
    const axis = index == null ? null : this.report?.axes[index];
    if (!axis || axis.degenerate) {
      this.messages.flash(axis ? 'This axis is skipped: it has no direction to look along' : 'Select two volumes to look along one of their axes');
      return false;
    }
    const bounds = this.pair.map((e) => this.collision.bounds(e.id));
    if (undrawable(bounds)) {
      this.messages.flash('The 3D view cannot draw this pair (see the note in the view)');
      return false;
    }
    // The plane seen edge-on: in the middle of the gap, or of the overlap (axis-view.js draws
    // the separating plane there).
    const planeAt = Math.min(axis.a[1], axis.b[1]) / 2 + Math.max(axis.a[0], axis.b[0]) / 2;
    // Room for the axis drawn beside the pair (about one pair radius below it on the screen).
    this.viewport.lookAlong(axis.direction, bounds, planeAt, 1.7);
    return true;
  }

  loadPreset(id) {
    const preset = presetById(id);
    if (!preset) return;
    const scene = checkScene(preset.scene, this.sx);
    this.load(scene, lessonOrigin(preset, scene));
    this.messages.clear();
  }

  /**
   * Replaces the scene with checked data and puts the camera where the scene says, else frames
   * it; `origin`: the preset whose lesson goes with it (lesson.js). Set before the refresh, so
   * that the panels are laid out once, lesson included, before the separating row is scrolled
   * into view (after, the lesson pushed it half out of view).
   */
  load(scene, origin = null) {
    this.ui.step = -1;
    this.#stopPlay();
    this.time.t = 0;
    this.ui.lessonOrigin = origin;
    this.ui.meshActive = false;
    this.model.load(scene);
    this.meshLoad = this.#loadMesh(scene.mesh, scene.otherMesh);
    this.flush();
    if (scene.camera) this.viewport.setCamera(scene.camera);
    else this.frame();
  }

  /**
   * The scene's mesh and second mesh (each a checked {model, translation, rotation}) or none; a
   * failure is said.
   */
  async #loadMesh(mesh, second) {
    if (!mesh) return this.mesh.remove();
    try {
      await this.mesh.loadModel(mesh.model, mesh);
      if (second) await this.mesh.loadSecond(second.model, second);
      else this.mesh.removeSecond();
    } catch (e) {
      this.messages.show('The scene\'s mesh could not be shown:', `${e.message}. The volumes are shown without it.`);
    }
  }

  importFile(file) {
    return this.link.importFile(file);
  }

  share() {
    return this.link.share();
  }

  help() {
    this.helpDialog.toggle();
  }

  /** Restores the scene in the URL hash (scene-link.js); with no hash, the fallback preset. */
  loadFromHash({ fallbackPreset, hash }) {
    return this.link.loadFromHash(fallbackPreset && (() => this.loadPreset(fallbackPreset)), hash);
  }

  /** The hash this page last wrote or opened. */
  get lastHash() {
    return this.link.lastHash;
  }

  /**
   * Points the camera at the whole scene and the axis drawn beside a pair (keeping its direction);
   * a scene the view cannot draw (view-range.js) leaves the camera where it is.
   */
  frame() {
    const boxes = this.model.volumes.map((e) => this.collision.bounds(e.id)).filter(Boolean);
    if (this.mesh.current) boxes.push(this.mesh.sceneMesh.bounds());
    if (this.mesh.second?.current) boxes.push(this.mesh.second.bounds());
    // Moving volumes: their whole path, from t = 0 to maxTime.
    boxes.push(...pathBoxes(this.sx, this.model.volumes, this.time.maxTime).filter((b) => !undrawable([b])));
    if (undrawable(boxes)) return;
    const axis = this.pair ? this.drawing.axisView.extent() : null;
    this.viewport.frameBoxes(axis ? [...boxes, axis] : boxes, 1.15);
  }

  /** Applies pending model changes now (normally done once per task). */
  flush() {
    this.changes.flush();
  }

  // ---- the view ------------------------------------------------------------------------

  /** The ids of the volumes under a pointer, the one to pick first (picking.js: an enclosed
   *  volume before the one around it). */
  volumesAt(clientX, clientY) {
    const ray = this.viewport.ray(clientX, clientY);
    const ids = volumesAlong(this.sx, this.model.volumes, ray);
    // The meshes after the volumes: they are drawn see-through, and a volume in one is reached first.
    ids.push(...this.mesh.meshesAlong(ray).map((m) => m.id));
    return ids;
  }

  #nameOf(id) {
    if (id === MESH_ID || id === SECOND_MESH_ID) return this.mesh.meshOf(id)?.current.name ?? id;
    const entry = this.model.get(id);
    return entry?.name ?? id;
  }

  /** Client (CSS pixel) coordinates of a world point, e.g. to click a volume in a test. */
  project(point) {
    return this.viewport.project(point);
  }

  /** True when the 8 corners of a box ({min, max}) project inside the canvas. */
  #inView(box) {
    const r = this.viewport.canvas.getBoundingClientRect();
    for (let c = 0; c < 8; c++) {
      const p = this.project([0, 1, 2].map((i) => ((c >> i) & 1 ? box.max[i] : box.min[i])));
      if (!(p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom)) return false;
    }
    return true;
  }

  /** Client coordinates of a volume's bounding-box centre. */
  screenPositionOf(id) {
    const b = this.collision.bounds(id);
    return b && this.project(middle(b));
  }

  // ---- refresh ---------------------------------------------------------------------------

  #refresh({ ids, selection, maxTime, transient = false }) {
    const model = this.model;
    // The time range is the scene's (edited, undone, or opened with it); t stays inside it.
    this.time.maxTime = model.maxTime;
    this.time.t = Math.min(this.time.t, model.maxTime);
    this.#shown = entriesAt(this.sx, model.volumes, this.time.t);
    const shown = { volumes: this.#shown };
    if (ids === null || ids.size) this.collision.update(shown, ids === null ? null : [...ids]);
    this.drawing.sync(this.#shown, ids);
    const atStart = comparedPair(model);
    this.pair = atStart && atStart.map((e) => this.#shown[model.volumes.indexOf(e)]);
    this.sweepProblem = null;
    try {
      this.sweep = pairSweep(this.sx, atStart, this.time.maxTime);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      this.sweep = null;
      this.sweepProblem = e.message;
    }
    const key = this.pair ? `${this.pair[0].id}|${this.pair[1].id}` : '';
    if (key !== this.#pairKey) {
      this.ui.step = -1;
      this.ui.hoverAxis = null;
    }
    this.#pairKey = key;
    const previous = this.report;
    this.report = pairReport(this.sx, this.pair);
    const steps = (this.sweep ?? this.report)?.axes.length ?? 0;
    if (this.ui.step >= steps) this.ui.step = steps - 1;
    if (model.active || !this.mesh.meshOf(this.ui.meshActive)) this.ui.meshActive = false;
    this.mesh.refresh(this.#shown, model.activeId);
    this.floor.update(this.pair);
    this.motionDrawing.show({ entries: model.volumes, pair: atStart, roles: pairRoles(this.pair), sweep: this.sweep, t: this.time.t });
    this.velocityHandle.sync(this.gizmo.mode === 'velocity' ? model.active : null);
    this.#refreshStyles();
    this.#noteUndrawable();
    this.panels.refreshDuring({ transient });
    this.#refreshFocus();
    // Bring the deciding axis into view when it changes (not while the reader steps through).
    const sep = this.report?.separatingAxis ?? -1;
    if (sep >= 0 && this.ui.step < 0 && sep !== (previous?.separatingAxis ?? -1)) this.panels.axisPanel.reveal(sep);
    this.#syncGizmo();
    this.toolbar.update({ mode: this.gizmo.mode, hasActive: !!model.active });
    if (!transient && (ids === null || ids.size || selection || maxTime)) this.link.scheduleUrl();
    this.viewport.invalidate();
  }

  /**
   * Puts the gizmo on the active volume as shown, or on the selected mesh (which moves and
   * turns; it keeps the size it was given in the view).
   */
  #syncGizmo() {
    const active = this.model.active;
    const mesh = !active && this.ui.meshActive && this.mesh.meshOf(this.ui.meshActive);
    const still = mesh && (this.gizmo.mode === 'scale' || this.gizmo.mode === 'velocity');
    this.gizmo.sync(active ? this.#shown[this.model.volumes.indexOf(active)] : mesh && !still ? mesh.standIn() : undefined);
    if (still) this.#gizmoNote(this.gizmo.mode === 'scale' ? 'A mesh keeps its size here: it can move and turn.' : 'A mesh stands still here: it can move and turn.');
  }

  /** The note over the view on what the gizmo cannot do (written only when it changes: every frame of a drag). */
  #gizmoNote(text) {
    const note = byId('gizmo-note');
    if (note.textContent !== (text ?? '')) note.textContent = text ?? '';
    if (note.hidden !== !text) note.hidden = !text;
  }

  /** Says, over the view, why it shows nothing when the scene is beyond what it can draw. */
  #noteUndrawable() {
    const reason = undrawable(this.model.volumes.map((e) => this.collision.bounds(e.id)).filter(Boolean));
    const note = byId('view-note');
    if (note.textContent !== (reason ?? '')) note.textContent = reason ?? '';
    note.hidden = !reason;
  }

  #refreshStyles() {
    this.mesh.setStyle({ overlapping: this.mesh.hits.size > 0, selected: this.ui.meshActive, hovered: this.ui.hoverVolume });
    this.drawing.style({
      collision: this.#withMesh(), pair: this.pair, roles: pairRoles(this.pair),
      hoverVolume: this.ui.hoverVolume, tutorial: this.ui.step >= 0 && this.pair,
    });
  }

  /**
   * The collision state as drawn and listed: a volume the mesh overlaps counts as overlapping
   * another (the pairs counted are the volumes' own).
   */
  #withMesh() {
    return withMeshHits(this.collision, this.mesh.hits);
  }

  /** Draws the axis in focus (hovered row, tutorial step, deciding axis: axis-focus.js). */
  #refreshFocus() {
    this.focusAxis = focusedAxis(this.report, this.ui);
    this.drawing.showFocus({ collision: this.collision, pair: this.pair, report: this.report, focus: this.focusAxis });
  }

  #hoverVolume(id) {
    if (this.ui.hoverVolume === id) return;
    this.ui.hoverVolume = id;
    this.#refreshStyles();
    this.viewport.canvas.style.cursor = id ? 'pointer' : '';
    this.viewport.invalidate();
  }
}
