// The candidate axis in 3D: a line through the scene along the axis direction, beside the pair,
// with both projection intervals on it (A blue, B amber), the planes perpendicular to the axis
// at the ends of each interval (each volume touches its two planes: this is what "projecting"
// means), the gap or overlap between the intervals, and for a separating axis the plane in the
// gap that separates the volumes. Also the minimum translation vector as an arrow.
//
// Only drawing: every number comes from the report (direction, intervals) and the volumes'
// bounding boxes (sx.boundingBox); a point with projection s is drawn at o + (s - d·o) d.

import {
  CylinderGeometry, DoubleSide, EdgesGeometry, Group, Mesh, MeshBasicMaterial,
  LineBasicMaterial, LineSegments, PlaneGeometry, Quaternion, SphereGeometry, Vector3, ConeGeometry,
} from 'three';
import { CSS2DObject } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { COLORS } from './theme.js';
import { h } from './dom.js';
import { halfDiagonal, joined, middle } from './view-range.js';

const ROD = new CylinderGeometry(1, 1, 1, 12, 1);
const DOT = new SphereGeometry(1, 16, 12);
const CONE = new ConeGeometry(1, 1, 16);
const PLANE = new PlaneGeometry(1, 1);
const PLANE_EDGES = new EdgesGeometry(PLANE);
const Y = new Vector3(0, 1, 0);
const Z = new Vector3(0, 0, 1);

const overlay = (color, opacity = 1) => new MeshBasicMaterial({
  color, transparent: true, opacity, depthTest: false, depthWrite: false,
});
const planeMaterial = (color, opacity) => new MeshBasicMaterial({
  color, transparent: true, opacity, depthWrite: false, side: DoubleSide,
});

const _d = new Vector3(), _p = new Vector3(), _q = new Vector3(), _o = new Vector3();
const _u = new Vector3(), _v = new Vector3(), _quat = new Quaternion();

export class AxisView {
  group = new Group();
  #state = null;
  #rods = {};
  #planes = [];
  #labelEl = h('div', { class: 'axis-label' });
  #label = new CSS2DObject(this.#labelEl);
  #mtv = new Group();
  #mtvShaft = new Mesh(ROD, overlay(COLORS.mtv, 0.95));
  #mtvHead = new Mesh(CONE, overlay(COLORS.mtv, 0.95));
  /** Each material with the palette role (theme.js) of its colour: setColors repaints them. */
  #painted = [[this.#mtvShaft.material, 'mtv'], [this.#mtvHead.material, 'mtv']];

  constructor(viewport) {
    this.viewport = viewport;
    this.group.renderOrder = 10;
    this.group.visible = false;
    const mk = (name, role, opacity = 1, geometry = ROD) => {
      const m = new Mesh(geometry, overlay(COLORS[role], opacity));
      m.renderOrder = 10;
      this.group.add(m);
      this.#rods[name] = m;
      this.#painted.push([m.material, role]);
    };
    mk('line', 'axis', 0.55);
    mk('head', 'axis', 0.8, CONE);
    mk('a', 'a');
    mk('b', 'b');
    mk('gap', 'separating', 0.9);
    mk('overlap', 'overlap', 0.9);
    for (const name of ['a0', 'a1']) mk(name, 'a', 1, DOT);
    for (const name of ['b0', 'b1']) mk(name, 'b', 1, DOT);
    // Supporting planes: A's two, B's two (outlines only: a fill at 2.5% opacity was barely
    // visible, yet four large translucent planes were a fifth of a software renderer's draw), and
    // the separating plane (filled).
    for (const [role, fill, line] of [['a', 0, 0.25], ['a', 0, 0.25], ['b', 0, 0.25],
      ['b', 0, 0.25], ['separating', 0.16, 0.8]]) {
      const color = COLORS[role];
      const plane = fill > 0 ? new Mesh(PLANE, planeMaterial(color, fill)) : new Group();
      const outline = new LineSegments(PLANE_EDGES, new LineBasicMaterial({ color, transparent: true, opacity: line }));
      plane.add(outline);
      this.#painted.push([outline.material, role]);
      if (fill > 0) this.#painted.push([plane.material, role]);
      plane.renderOrder = 5;
      this.group.add(plane);
      this.#planes.push(plane);
    }
    this.group.add(this.#label);
    this.#mtv.add(this.#mtvShaft, this.#mtvHead);
    this.#mtv.visible = false;
    this.#mtv.renderOrder = 11;
    viewport.scene.add(this.group, this.#mtv);
    viewport.beforeRender.push((camera) => this.#layout(camera));
  }

  /** Draws with another palette (theme.js: COLORS or LIGHT_COLORS). */
  setColors(colors) {
    for (const [material, role] of this.#painted) material.color.setHex(colors[role]);
    this.viewport.invalidate();
  }

  /**
   * axis: an AxisReport (or null to hide); bounds: [A's, B's] bounding boxes (AABB volumes).
   */
  show(axis, bounds) {
    const ok = axis && !axis.degenerate && bounds;
    this.#state = ok ? { axis, bounds } : null;
    this.group.visible = !!ok;
    this.viewport.invalidate();
  }

  /** The minimum translation vector: B moves by depth × normal from its centre (null hides). */
  showMtv(penetration, boundsB) {
    const visible = !!penetration && penetration.depth > 1e-9 && !!boundsB;
    this.#mtv.visible = visible;
    if (visible) {
      // An arrow from B's centre, depth long (the head takes at most 40% of it).
      const len = penetration.depth;
      const size = boundsB.max.reduce((m, x, i) => Math.max(m, x - boundsB.min[i]), 0);
      const r = size * 0.012;
      const head = Math.min(len * 0.4, r * 9);
      this.#mtv.position.fromArray(middle(boundsB));
      this.#mtv.quaternion.setFromUnitVectors(Y, _d.fromArray(penetration.normal).normalize());
      this.#mtvShaft.position.set(0, (len - head) / 2, 0);
      this.#mtvShaft.scale.set(r, len - head, r);
      this.#mtvHead.position.set(0, len - head / 2, 0);
      this.#mtvHead.scale.set(r * 3.2, head, r * 3.2);
    }
    this.viewport.invalidate();
  }

  #layout(camera) {
    const s = this.#state;
    if (!s) return;
    const { axis, bounds } = s;
    const d = _d.fromArray(axis.direction).normalize();
    // Anchor: the middle of the pair; radius: half the diagonal of their joint bounding box.
    // Every length of the drawing is a fraction of the pair's size, so it looks the same for a
    // pair of atoms or of planets.
    const pair = joined(bounds);
    const o = _o.fromArray(middle(pair));
    const radius = halfDiagonal(pair) || 0.5;
    // Offset: perpendicular to the axis, pointing down the screen, so the line runs beside the pair.
    const up = _u.copy(Y).applyQuaternion(camera.quaternion);
    const p = _p.copy(up).addScaledVector(d, -up.dot(d)).multiplyScalar(-1);
    if (p.lengthSq() < 1e-6) p.copy(_v.set(1, 0, 0).applyQuaternion(camera.quaternion)).addScaledVector(d, -_v.dot(d));
    p.normalize();
    const q = _q.crossVectors(d, p).normalize();
    const offset = radius * 1.1;
    const base = o.dot(d);
    // Point on the axis line with projection t, offset sideways by `side` (in q) and `drop` (in p).
    const at = (t, side = 0, drop = 0) => new Vector3().copy(o).addScaledVector(d, t - base)
      .addScaledVector(p, offset + drop).addScaledVector(q, side);
    const [a0, a1] = axis.a, [b0, b1] = axis.b;
    const t0 = Math.min(a0, b0), t1 = Math.max(a1, b1);
    const margin = Math.max(radius * 0.3, (t1 - t0) * 0.25);
    const thick = radius * 0.012;
    const rod = (name, from, to, r) => {
      const m = this.#rods[name];
      const len = from.distanceTo(to);
      m.visible = len > 1e-9;
      if (!m.visible) return;
      m.position.copy(from).add(to).multiplyScalar(0.5);
      m.quaternion.setFromUnitVectors(Y, _v.copy(to).sub(from).normalize());
      m.scale.set(r, len, r);
    };
    const dot = (name, point, r) => {
      const m = this.#rods[name];
      m.visible = true;
      m.position.copy(point);
      m.scale.setScalar(r);
    };
    rod('line', at(t0 - margin), at(t1 + margin), thick);
    const head = this.#rods.head;
    head.position.copy(at(t1 + margin + thick * 5));
    head.quaternion.setFromUnitVectors(Y, d);
    head.scale.set(thick * 4, thick * 10, thick * 4);
    const sep = thick * 3.2;
    rod('a', at(a0, 0, -sep), at(a1, 0, -sep), thick * 2.2);
    rod('b', at(b0, 0, sep), at(b1, 0, sep), thick * 2.2);
    dot('a0', at(a0, 0, -sep), thick * 3.2);
    dot('a1', at(a1, 0, -sep), thick * 3.2);
    dot('b0', at(b0, 0, sep), thick * 3.2);
    dot('b1', at(b1, 0, sep), thick * 3.2);
    const gapLo = Math.min(a1, b1), gapHi = Math.max(a0, b0);
    this.#rods.gap.visible = this.#rods.overlap.visible = false;
    if (gapHi > gapLo) rod('gap', at(gapLo), at(gapHi), thick * 1.6);
    else rod('overlap', at(gapHi), at(gapLo), thick * 1.6);
    // Planes perpendicular to the axis at the interval ends, from the pair's far side to the axis.
    const span = offset + radius;
    const plane = (m, t, visible = true) => {
      m.visible = visible;
      if (!visible) return;
      m.position.copy(o).addScaledVector(d, t - base).addScaledVector(p, offset - span / 2 + radius * 0.1);
      m.quaternion.setFromUnitVectors(Z, d);
      // Turn the plane's local x onto q so its long side runs along p.
      const localX = _v.set(1, 0, 0).applyQuaternion(m.quaternion);
      const angle = Math.atan2(localX.clone().cross(q).dot(d), localX.dot(q));
      m.quaternion.premultiply(_quat.setFromAxisAngle(d, angle));
      m.scale.set(radius * 1.3, span + radius * 0.2, 1);
    };
    plane(this.#planes[0], a0);
    plane(this.#planes[1], a1);
    plane(this.#planes[2], b0);
    plane(this.#planes[3], b1);
    plane(this.#planes[4], (gapLo + gapHi) / 2, axis.separating);
    if (this.#labelEl.textContent !== axis.label) this.#labelEl.textContent = axis.label;
    this.#labelEl.classList.toggle('separating', axis.separating);
    this.#label.position.copy(this.#labelSpot(camera, (t) => at(t), t1 + margin + thick * 16, t0 - margin));
    const ends = [at(t0 - margin), at(t1 + margin + thick * 16)];
    this.#extent = {
      min: [0, 1, 2].map((i) => Math.min(...ends.map((e) => e.getComponent(i)))),
      max: [0, 1, 2].map((i) => Math.max(...ends.map((e) => e.getComponent(i)))),
    };
  }

  /**
   * The bounding box of the axis line and its label as drawn for the current camera (null when no
   * axis is shown): framing the pair with it keeps the line on the canvas. The line's place
   * depends only on the camera's direction, which framing keeps.
   */
  extent() {
    if (!this.#state) return null;
    this.#layout(this.viewport.camera);
    return this.#extent;
  }

  #extent = null;

  /**
   * Where the axis label goes: at the line's far end, or, when that is off the canvas or under
   * something drawn over the view (viewport.keepClear: the legend), the first point going back
   * along the line that is clear; the line's start if none is.
   */
  #labelSpot(camera, at, from, to) {
    const canvas = this.viewport.canvas;
    const w = canvas.clientWidth, hgt = canvas.clientHeight;
    const box = canvas.getBoundingClientRect();
    const halfW = this.#labelEl.offsetWidth / 2 + 6, halfH = this.#labelEl.offsetHeight / 2 + 4;
    const blocked = this.viewport.keepClear.map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => ({ left: r.left - box.left - halfW, right: r.right - box.left + halfW, top: r.top - box.top - halfH, bottom: r.bottom - box.top + halfH }));
    const STEPS = 16;
    let point = at(to);
    for (let i = 0; i <= STEPS; i++) {
      const candidate = at(from + ((to - from) * i) / STEPS);
      const v = _v.copy(candidate).project(camera);
      const x = ((v.x + 1) / 2) * w, y = ((1 - v.y) / 2) * hgt;
      const inside = v.z < 1 && x >= halfW && x <= w - halfW && y >= halfH && y <= hgt - halfH;
      if (inside && !blocked.some((r) => x > r.left && x < r.right && y > r.top && y < r.bottom)) {
        point = candidate;
        break;
      }
    }
    return point;
  }
}
