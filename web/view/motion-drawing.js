// Motion in 3D: an arrow for each moving volume (its velocity, from its centre at t = 0 to where
// the centre is at t = 1), and for the compared pair outlines of where it starts (t = 0) and of
// where it first touches (the sweep's contact time). Reads the model's entries and the sweep;
// never changes them.

import { ArrowHelper, Vector3 } from 'three';
import { CSS2DObject } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { h } from './dom.js';
import { num } from './format.js';
import { positionOf } from './keyboard-move.js';
import { isMoving, velocityOf, volumeAt } from './motion.js';
import { COLORS } from './theme.js';
import { VolumeView } from './volume-mesh.js';

/** At most this many arrows are drawn (the first moving volumes of the scene). */
const MAX_ARROWS = 64;

const _from = new Vector3();
const _dir = new Vector3();

export class MotionDrawing {
  #arrows = [];
  /** Outlines of the pair: [A at 0, B at 0, A at contact, B at contact]. */
  #ghosts;
  #labels;
  #colors = COLORS;

  constructor(sx, viewport) {
    this.sx = sx;
    this.viewport = viewport;
    this.#ghosts = ['start-a', 'start-b', 'contact-a', 'contact-b'].map((name) => {
      const view = new VolumeView(sx, `motion-${name}`);
      view.fillMaterial.opacity = name.startsWith('contact') ? 0.08 : 0.03;
      view.edgeMaterial.opacity = name.startsWith('contact') ? 0.85 : 0.4;
      view.object.visible = false;
      viewport.scene.add(view.object);
      return view;
    });
    this.#labels = { start: timeLabel(), contact: timeLabel() };
    viewport.scene.add(this.#labels.start, this.#labels.contact);
    viewport.beforeRender.push((camera) => {
      for (const g of this.#ghosts) if (g.object.visible) g.updateDetail(camera, viewport.canvas.height);
    });
  }

  /** The point a volume's velocity arrow starts from: its centre at t = 0. */
  anchorOf(entry) {
    return positionOf(this.sx, entry.volume);
  }

  /**
   * entries: the model's (at t = 0); pair: the compared entries (at t = 0) or null; roles: id ->
   * 'A' | 'B'; sweep: the pair's SweepReport or null; t: the time shown.
   */
  show({ entries, pair, roles, sweep, t }) {
    const moving = entries.filter(isMoving).slice(0, MAX_ARROWS);
    while (this.#arrows.length < moving.length) {
      const arrow = new ArrowHelper(new Vector3(1, 0, 0), new Vector3(), 1, 0xffffff);
      arrow.line.material.transparent = true;
      arrow.line.material.opacity = 0.9;
      this.viewport.scene.add(arrow);
      this.#arrows.push(arrow);
    }
    this.#arrows.forEach((arrow, i) => {
      const entry = moving[i];
      arrow.visible = !!entry;
      if (!entry) return;
      _from.fromArray(this.anchorOf(entry));
      _dir.fromArray(velocityOf(entry));
      const length = _dir.length();
      arrow.position.copy(_from);
      arrow.setDirection(_dir.normalize());
      const head = Math.min(length * 0.3, 0.25);
      arrow.setLength(length, head, head * 0.6);
      const role = roles.get(entry.id);
      arrow.setColor(role === 'A' ? this.#colors.a : role === 'B' ? this.#colors.b : this.#colors.edge);
    });
    const pairMoves = !!sweep && pair;
    const at = (view, entry, time, visible) => {
      view.object.visible = visible;
      if (visible) view.setVolume(volumeAt(this.sx, entry, time));
    };
    at(this.#ghosts[0], pair?.[0], 0, pairMoves && t !== 0 && isMoving(pair[0]));
    at(this.#ghosts[1], pair?.[1], 0, pairMoves && t !== 0 && isMoving(pair[1]));
    const contact = pairMoves && sweep.hit && Math.abs(t - sweep.time) > 1e-9 * Math.max(1, sweep.time);
    at(this.#ghosts[2], pair?.[0], sweep?.time, contact);
    at(this.#ghosts[3], pair?.[1], sweep?.time, contact);
    this.#place(this.#labels.start, pairMoves && t !== 0 ? pair : null, 0, 't = 0');
    this.#place(this.#labels.contact, contact ? pair : null, sweep?.time, `contact t = ${num(sweep?.time ?? 0)}`);
    this.#styleGhosts();
  }

  /** A label above the moving one of the pair (B first) at `time`. */
  #place(label, pair, time, text) {
    const entry = pair && (isMoving(pair[1]) ? pair[1] : pair[0]);
    label.visible = !!entry;
    if (!entry) return;
    const box = this.sx.boundingBox(volumeAt(this.sx, entry, time));
    label.position.set((box.min[0] + box.max[0]) / 2, box.max[1] + 0.3 * (box.max[1] - box.min[1]) + 0.05, (box.min[2] + box.max[2]) / 2);
    if (label.element.textContent !== text) label.element.textContent = text;
  }

  #styleGhosts() {
    const c = this.#colors;
    [c.a, c.b, c.ghost, c.ghost].forEach((hex, i) => {
      this.#ghosts[i].edgeMaterial.color.setHex(hex);
      this.#ghosts[i].fillMaterial.color.setHex(hex);
    });
  }

  setColors(colors) {
    this.#colors = colors;
    this.#styleGhosts();
  }
}

function timeLabel() {
  const object = new CSS2DObject(h('div', { class: 'time-label' }));
  object.visible = false;
  return object;
}
