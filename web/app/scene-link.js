// The scene outside the page: the URL hash (kept in step with the scene, restored on load and on
// hashchange), the Share button (the link to the clipboard), and JSON export and import. The
// encodings and the checks on untrusted scenes are share.js's; this wires them to the model,
// the messages and App.load.

import { decodeScene, downloadScene, encodeScene, MAX_JSON_BYTES, parseScene, SceneError } from '../view/share.js';

/** URL updates wait for edits to pause this long (ms). */
const URL_DELAY = 300;

export class SceneLink {
  /** The hash this page last wrote or opened (a hashchange to it is the page's own). */
  lastHash = '';
  #urlTimer = 0;
  /** Counts the scenes opened from links: a URL write that began before one is dropped. */
  #opened = 0;
  #sx;
  #model;
  #messages;
  #load;

  #camera;
  #mesh;

  /**
   * load(scene): replaces the scene with checked data (App.load); camera(): the view's camera,
   * {position, target}, kept in links and files so that whoever opens them sees what was seen;
   * mesh: the scene's meshes (mesh-controller.js: toJSON(), secondToJSON(), linkProblem(), and
   * the built-in models' ids a scene may name).
   */
  constructor(sx, model, messages, load, camera, mesh) {
    this.#sx = sx;
    this.#model = model;
    this.#messages = messages;
    this.#load = load;
    this.#camera = camera;
    this.#mesh = mesh;
  }

  /** The scene as shared: the model's volumes, selection and time range, the meshes, and the camera. */
  #scene() {
    const mesh = this.#mesh.toJSON(), otherMesh = this.#mesh.secondToJSON();
    return { ...this.#model.toJSON(), ...(mesh ? { mesh } : {}), ...(otherMesh ? { otherMesh } : {}), camera: this.#camera() };
  }

  /** What checkScene needs to take a scene's mesh. */
  get #checks() {
    return { meshModels: this.#mesh.models };
  }

  /** Says plainly what a link or a file leaves out (a user's mesh file). */
  #noteLeftOut(what) {
    const problem = this.#mesh.linkProblem();
    if (problem) this.#messages.show(`The ${what} leaves the mesh out:`, `${problem}.`, 'info');
    return !!problem;
  }

  /** After a scene opened: a camera that could not be used is said, not silently dropped. */
  #noteCamera(scene) {
    if (scene.cameraProblem) this.#messages.show('The camera in this scene was ignored:', `${scene.cameraProblem}. The view shows the whole scene instead.`, 'info');
  }

  /**
   * Restores the scene in the URL hash (or in `hash`, a hashchange's); a bad link gives a message
   * and an empty scene. With no hash, calls fallback() (if given) instead.
   */
  async loadFromHash(fallback, hash = location.hash.slice(1)) {
    // A write of the scene before this link would put the old scene back into the URL.
    clearTimeout(this.#urlTimer);
    this.#opened++;
    if (!hash) {
      fallback?.();
      return;
    }
    // Recorded whether it opens or not: the app follows a hash that differs from it, so the good
    // link opened before a bad one must open again when it comes back.
    this.lastHash = hash;
    try {
      const scene = await decodeScene(hash, this.#sx, this.#checks);
      this.#load(scene);
      this.#messages.clear();
      this.#noteCamera(scene);
    } catch (e) {
      const reason = e instanceof SceneError ? e.message : 'it could not be read';
      this.#load({ volumes: [], selection: [] });
      this.#messages.show('This link could not be opened:', `${reason}. Showing an empty scene.`);
    }
  }

  async importFile(file) {
    try {
      if (file.size > MAX_JSON_BYTES) throw new SceneError(`the file is too large (${file.size.toLocaleString('en')} bytes; at most ${MAX_JSON_BYTES.toLocaleString('en')})`);
      const scene = parseScene(await file.text(), this.#sx, this.#checks);
      this.#load(scene);
      this.#messages.clear();
      this.#messages.flash(`Opened ${file.name}`);
      this.#noteCamera(scene);
      this.scheduleUrl();
    } catch (e) {
      const reason = e instanceof SceneError ? e.message : 'it could not be read';
      this.#messages.show(`Could not open ${file.name}:`, `${reason}. The scene is unchanged.`);
    }
  }

  exportFile() {
    downloadScene(this.#scene());
    this.#noteLeftOut('scene file');
  }

  async share() {
    await this.#writeUrl();
    let copied = true;
    try {
      await navigator.clipboard.writeText(location.href);
    } catch {
      copied = false;
    }
    if (!this.#noteLeftOut('link')) this.#messages.flash(copied ? 'Link copied to the clipboard' : 'The link is in the address bar');
  }

  /** Writes the scene into the URL once edits pause. */
  scheduleUrl() {
    clearTimeout(this.#urlTimer);
    this.#urlTimer = setTimeout(() => this.#writeUrl(), URL_DELAY);
  }

  async #writeUrl() {
    clearTimeout(this.#urlTimer);
    const opened = this.#opened;
    const hash = await encodeScene(this.#scene());
    if (opened !== this.#opened) return;  // a link opened meanwhile: its scene writes its own URL
    this.lastHash = hash;
    history.replaceState(null, '', `#${hash}`);
  }
}
