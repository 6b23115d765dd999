// The scene: one plain data model in the JSON interchange format,
//   { volumes: [{ id, name?, volume, velocity? }], selection: [id, ...], maxTime? }
// (velocity: [vx, vy, vz], kept only when not zero; maxTime: the end of the time range, kept only
// when not the default 1; motion.js)
// and nothing else. Rendering, panels and collision queries read it; they change it only
// through the methods below, which dispatch a 'change' event describing what changed.
//
// Selection: the last two volumes picked, oldest first. With two, they are the compared pair
// A (selection[0]) and B (selection[1]). The active volume (gizmo, inspector) is the last one
// picked, or whichever of the two was clicked again; it is view state and is not saved.

import { DEFAULT_MAX_TIME } from './motion.js';

const MAX_SELECTION = 2;

export class SceneModel extends EventTarget {
  /** @type {{id: string, name?: string, volume: object, velocity?: number[]}[]} */
  volumes = [];
  /** @type {string[]} */
  selection = [];
  /** Id of the volume the gizmo and inspector edit (one of the selection), or null. */
  activeId = null;
  /** The end of the time range [0, maxTime] the scene's motion is shown and swept over. */
  maxTime = DEFAULT_MAX_TIME;
  #nextId = 1;

  /** The entry with this id, or undefined. */
  get(id) {
    return this.volumes.find((v) => v.id === id);
  }

  /** The active volume's entry (the last picked), or undefined. */
  get active() {
    return this.selection.includes(this.activeId) ? this.get(this.activeId) : undefined;
  }

  /** A fresh id: v1, v2, ... (skipping ids already used). */
  newId() {
    let id;
    do id = `v${this.#nextId++}`; while (this.get(id));
    return id;
  }

  /** A readable default name: "OBB 3", the first number not in use for that kind. */
  newName(volume) {
    const base = volume.type === 'kdop' ? `${volume.k}-DOP` : volume.type === 'sphere' ? 'Sphere' : volume.type === 'triangle' ? 'Triangle' : volume.type.toUpperCase();
    const used = new Set(this.volumes.map((v) => v.name));
    let n = 1;
    while (used.has(`${base} ${n}`)) n++;
    return `${base} ${n}`;
  }

  /** Adds a volume (already valid) and selects it; returns its id. */
  add(volume, { name, select = true, velocity } = {}) {
    const id = this.newId();
    this.volumes.push({ id, name: name ?? this.newName(volume), volume, ...(velocity ? { velocity: [...velocity] } : {}) });
    if (select) this.#pick(id);
    this.#emit({ volumes: [id], added: true, selection: select });
    return id;
  }

  /** Replaces a volume. transient: part of a drag or a keystroke; the final value follows. */
  update(id, volume, { transient = false } = {}) {
    const entry = this.get(id);
    if (!entry) return;
    entry.volume = volume;
    this.#emit({ volumes: [id], transient });
  }

  /** Sets a volume's velocity ([vx, vy, vz], already valid); zero removes it. */
  setVelocity(id, velocity, { transient = false } = {}) {
    const entry = this.get(id);
    if (!entry) return;
    if (velocity.some((x) => x !== 0)) entry.velocity = [...velocity];
    else delete entry.velocity;
    this.#emit({ volumes: [id], transient });
  }

  /** Sets the end of the time range (already valid: motion.js maxTimeProblem). */
  setMaxTime(maxTime) {
    if (maxTime === this.maxTime) return;
    this.maxTime = maxTime;
    this.#emit({ volumes: this.volumes.filter((v) => v.velocity).map((v) => v.id), maxTime: true });
  }

  rename(id, name) {
    const entry = this.get(id);
    if (!entry) return;
    entry.name = name;
    this.#emit({ volumes: [id], renamed: true });
  }

  remove(id) {
    const i = this.volumes.findIndex((v) => v.id === id);
    if (i < 0) return;
    this.volumes.splice(i, 1);
    this.selection = this.selection.filter((s) => s !== id);
    if (this.activeId === id) this.activeId = this.selection.at(-1) ?? null;
    this.#emit({ volumes: [id], removed: true, selection: true });
  }

  /** A copy of the volume (structured clone of plain data), selected; returns its id. */
  duplicate(id, transformCopy = (v) => v) {
    const entry = this.get(id);
    if (!entry) return undefined;
    return this.add(transformCopy(structuredClone(entry.volume)), { name: this.newName(entry.volume), velocity: entry.velocity });
  }

  /** Picks a volume: a new one joins the selection as B (the older pick becomes A); an already
   *  selected one just becomes active. null clears the selection. */
  select(id) {
    if (id != null && !this.get(id)) return;
    if (id == null) {
      this.selection = [];
      this.activeId = null;
    } else if (this.selection.includes(id)) this.activeId = id;
    else this.#pick(id);
    this.#emit({ selection: true });
  }

  /** Picks the volume after (delta 1) or before (-1) the active one in the list, round it. */
  selectNext(delta) {
    const n = this.volumes.length;
    if (!n) return;
    const i = this.volumes.findIndex((v) => v.id === this.activeId);
    this.select(this.volumes[(((i < 0 && delta < 0 ? 0 : i) + delta) % n + n) % n].id);
  }

  /** Swaps A and B. */
  swap() {
    if (this.selection.length !== 2) return;
    this.selection = [this.selection[1], this.selection[0]];
    this.#emit({ selection: true });
  }

  /** Replaces the whole scene with already-validated data ({volumes, selection, maxTime}). */
  load({ volumes, selection = [], maxTime = DEFAULT_MAX_TIME }) {
    this.volumes = volumes.map((v) => ({ ...v }));
    this.maxTime = maxTime;
    this.selection = selection.filter((id) => this.get(id)).slice(-MAX_SELECTION);
    this.activeId = this.selection.at(-1) ?? null;
    this.#nextId = 1;
    this.#emit({ volumes: null, selection: true, loaded: true });
  }

  /** The scene in the JSON interchange format (a deep copy). */
  toJSON() {
    return structuredClone({
      volumes: this.volumes.map(({ id, name, volume, velocity }) => ({ id, ...(name ? { name } : {}), volume, ...(velocity ? { velocity } : {}) })),
      selection: this.selection,
      ...(this.maxTime !== DEFAULT_MAX_TIME ? { maxTime: this.maxTime } : {}),
    });
  }

  #pick(id) {
    this.selection = [...this.selection.filter((s) => s !== id), id].slice(-MAX_SELECTION);
    this.activeId = id;
  }

  /**
   * detail: volumes — ids whose volume changed (null: all), selection — whether it changed,
   * transient — a drag or keystroke in progress, added/removed/loaded/renamed/maxTime — what
   * happened.
   */
  #emit(detail) {
    this.dispatchEvent(new CustomEvent('change', { detail: { volumes: [], selection: false, ...detail } }));
  }
}
