// The velocity handle: in the gizmo's Velocity mode (V), a knob at the tip of the active volume's
// velocity arrow (motion-drawing.js: from its centre at t = 0 to where the centre is at t = 1).
// Dragging it sets the velocity in the plane facing the camera; with the knob focused (Tab), the
// arrow keys change it along the world axis nearest the screen's right or up, Page Up / Page Down
// along the line of sight, with Ctrl a tenth as much (keyboard-move.js's steps). It is a button
// over the view, so it has a name a screen reader reads and the keyboard reaches.

import { Plane, Ray, Vector3 } from 'three';
import { h } from '../view/dom.js';
import { vec } from '../view/format.js';
import { moveOffset } from '../view/keyboard-move.js';
import { velocityOf } from '../view/motion.js';

const SCREEN_KEYS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowUp: [1, 1], ArrowDown: [1, -1], PageUp: [2, 1], PageDown: [2, -1] };

/** Velocities from a drag keep this many decimals: numbers a reader can follow. */
const DRAG_DIGITS = 2;

const _plane = new Plane();
const _ray = new Ray();
const _hit = new Vector3();
const _normal = new Vector3();

export class VelocityHandle {
  #entry = null;
  #anchor = null;
  #dragging = false;

  /**
   * viewport: the Viewport; anchorOf(entry): the arrow's start; boxes(): the scene's bounding
   * boxes (for the key step); onChange(id, velocity, { transient }).
   */
  constructor(viewport, { anchorOf, boxes, onChange }) {
    this.viewport = viewport;
    this.anchorOf = anchorOf;
    this.boxes = boxes;
    this.onChange = onChange;
    this.el = h('button', {
      class: 'velocity-handle', type: 'button', hidden: true,
      onpointerdown: (e) => this.#down(e),
      onpointermove: (e) => this.#move(e),
      onpointerup: (e) => this.#up(e),
      onpointercancel: (e) => this.#up(e),
      onkeydown: (e) => this.#key(e),
    });
    viewport.canvas.parentElement.append(this.el);
    viewport.beforeRender.push(() => this.#place());
  }

  get dragging() {
    return this.#dragging;
  }

  /** Follows the active entry (at t = 0) in Velocity mode; null hides the knob. */
  sync(entry) {
    this.#entry = entry ?? null;
    this.el.hidden = !entry;
    if (!entry) return;
    this.#anchor = this.anchorOf(entry);
    const v = velocityOf(entry);
    this.el.setAttribute('aria-label', `Velocity of ${entry.name ?? entry.id}: ${vec(v, 3)}. Drag, or use the arrow keys (Page Up and Page Down for depth) to change it`);
    this.el.title = `Velocity ${vec(v, 3)} — drag to change it`;
    this.#place();
  }

  #tip() {
    const v = velocityOf(this.#entry);
    return this.#anchor.map((x, i) => x + v[i]);
  }

  /** Puts the knob over the arrow's tip on the screen. */
  #place() {
    if (!this.#entry) return;
    const p = this.viewport.project(this.#tip());
    const r = this.el.parentElement.getBoundingClientRect();
    this.el.style.transform = `translate(${(p.x - r.left).toFixed(1)}px, ${(p.y - r.top).toFixed(1)}px) translate(-50%, -50%)`;
  }

  #down(e) {
    if (!this.#entry || e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    this.el.setPointerCapture(e.pointerId);
    this.#dragging = true;
    this.viewport.controls.enabled = false;
    this.viewport.beginInteraction();
    // The plane through the tip facing the camera: the knob stays under the pointer.
    this.viewport.camera.getWorldDirection(_normal);
    _plane.setFromNormalAndCoplanarPoint(_normal, new Vector3().fromArray(this.#tip()));
  }

  #move(e) {
    if (!this.#dragging) return;
    const velocity = this.#velocityAt(e.clientX, e.clientY);
    if (velocity) this.onChange(this.#entry.id, velocity, { transient: true });
  }

  #up(e) {
    if (!this.#dragging) return;
    this.#dragging = false;
    this.viewport.controls.enabled = true;
    this.viewport.endInteraction();
    const velocity = this.#velocityAt(e.clientX, e.clientY) ?? [...velocityOf(this.#entry)];
    this.onChange(this.#entry.id, velocity, { transient: false });
  }

  #velocityAt(x, y) {
    const { origin, direction } = this.viewport.ray(x, y);
    _ray.origin.fromArray(origin);
    _ray.direction.fromArray(direction);
    if (!_ray.intersectPlane(_plane, _hit)) return null;
    const f = 10 ** DRAG_DIGITS;
    return _hit.toArray().map((t, i) => Math.round((t - this.#anchor[i]) * f) / f + 0);
  }

  #key(e) {
    const key = SCREEN_KEYS[e.key];
    if (!key || !this.#entry || e.altKey || e.shiftKey) return;
    e.preventDefault();
    e.stopPropagation();
    const fine = e.ctrlKey || e.metaKey;
    const d = moveOffset(this.viewport.camera, this.boxes(), { screen: key[0], sign: key[1], fine });
    const v = velocityOf(this.#entry);
    this.onChange(this.#entry.id, v.map((x, i) => Number((x + d[i]).toPrecision(12))), { transient: false });
  }
}
