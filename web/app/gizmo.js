// The on-screen gizmo (three.js TransformControls) on the active volume: move, rotate, resize.
// It drags a proxy object placed at the volume's centre; each drag step rebuilds the volume from
// its value at the start of the drag (no drift) and writes it to the model. Volumes the package
// can transform (AABBs, k-DOPs) are moved and scaled with sx.transform.

import { Matrix4, Object3D, Quaternion, Vector3 } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import { rotationNote, translated } from '../view/edit.js';

/** Smallest size a drag can shrink a volume to (world units): keeps it visible and pickable. */
const MIN_SIZE = 0.02;

const _m = new Matrix4();

/** The pivot of a volume: { position: [x,y,z], quaternion: [x,y,z,w] }. */
function pivotOf(sx, volume) {
  if (volume.type === 'sphere') return { position: volume.center, quaternion: [0, 0, 0, 1] };
  if (volume.type === 'obb') {
    let q = volume.rotation;
    if (!q) {
      const [u, v, w] = volume.axes;
      _m.makeBasis(new Vector3(...u), new Vector3(...v), new Vector3(...w));
      q = new Quaternion().setFromRotationMatrix(_m).toArray();
    }
    return { position: volume.center, quaternion: q };
  }
  const box = volume.type === 'aabb' ? volume : sx.boundingBox(volume);
  return { position: box.min.map((m, i) => (m + box.max[i]) / 2), quaternion: [0, 0, 0, 1] };
}

export class Gizmo {
  mode = 'translate';
  dragging = false;
  #proxy = new Object3D();
  #start = null;
  #id = null;

  /** onChange(id, volume, {transient}) writes to the model; onNote(text|null) explains a disabled mode. */
  constructor(viewport, sx, { onChange, onNote }) {
    this.viewport = viewport;
    this.sx = sx;
    this.onChange = onChange;
    this.onNote = onNote;
    this.controls = new TransformControls(viewport.camera, viewport.canvas);
    this.controls.setSize(0.9);
    this.helper = this.controls.getHelper();
    viewport.scene.add(this.#proxy, this.helper);
    this.controls.addEventListener('change', () => viewport.invalidate());
    this.controls.addEventListener('dragging-changed', (e) => {
      viewport.controls.enabled = !e.value;
      this.dragging = e.value;
      if (e.value) viewport.beginInteraction();
      else viewport.endInteraction();
      if (e.value) this.#begin();
      else this.#end();
    });
    this.controls.addEventListener('objectChange', () => this.#apply(true));
  }

  /** Follows the active entry ({id, volume}) or detaches (undefined). */
  sync(entry) {
    this.entry = entry;
    if (this.dragging) return;
    this.#id = entry?.id ?? null;
    if (!entry) {
      this.controls.detach();
      this.onNote(null);
      return;
    }
    // In Velocity mode the velocity handle (velocity-handle.js) takes the volume instead.
    if (this.mode === 'velocity') {
      this.controls.detach();
      this.onNote(null);
      return;
    }
    const note = this.mode === 'rotate' ? rotationNote(entry.volume) : null;
    this.onNote(note);
    if (note) {
      this.controls.detach();
      return;
    }
    const { position, quaternion } = pivotOf(this.sx, entry.volume);
    this.#proxy.position.fromArray(position);
    this.#proxy.quaternion.fromArray(quaternion);
    this.#proxy.scale.set(1, 1, 1);
    this.#proxy.updateMatrixWorld();
    const local = entry.volume.type === 'obb' && this.mode !== 'translate';
    this.controls.setSpace(local ? 'local' : 'world');
    this.controls.setMode(this.mode);
    if (this.controls.object !== this.#proxy) this.controls.attach(this.#proxy);
  }

  setMode(mode) {
    this.mode = mode;
    this.sync(this.entry);
    this.viewport.invalidate();
  }

  #begin() {
    this.#start = {
      volume: structuredClone(this.entry.volume),
      position: this.#proxy.position.clone(),
    };
  }

  #end() {
    if (this.#start) this.#apply(false);
    this.#start = null;
    this.sync(this.entry);
  }

  #apply(transient) {
    const start = this.#start;
    if (!start || this.#id == null) return;
    const v = start.volume;
    const p = this.#proxy;
    let out;
    if (this.controls.mode === 'translate') {
      out = translated(this.sx, v, p.position.clone().sub(start.position).toArray());
    } else if (this.controls.mode === 'rotate') {
      if (v.type !== 'obb') return;
      const { axes, ...rest } = v;
      out = { ...rest, rotation: p.quaternion.clone().normalize().toArray() };
    } else {
      const s = p.scale.toArray().map(Math.abs);
      // One factor for shapes that only scale uniformly: the handle moved furthest from 1.
      const f = s.reduce((best, x) => (Math.abs(x - 1) > Math.abs(best - 1) ? x : best), 1);
      if (v.type === 'sphere') out = { ...v, radius: Math.max(MIN_SIZE, v.radius * f) };
      else if (v.type === 'obb') out = { ...v, halfExtents: v.halfExtents.map((e, i) => Math.max(MIN_SIZE, e * s[i])) };
      else if (v.type === 'aabb') {
        const c = v.min.map((m, i) => (m + v.max[i]) / 2);
        const half = v.min.map((m, i) => Math.max(MIN_SIZE, ((v.max[i] - m) / 2) * s[i]));
        out = { type: 'aabb', min: c.map((x, i) => x - half[i]), max: c.map((x, i) => x + half[i]) };
      } else {
        const c = start.position.toArray();
        const k = Math.max(f, 0.05);
        out = this.sx.transform(v, { scale: k, translation: c.map((x) => x * (1 - k)) });
      }
    }
    if (out && this.sx.validate(out).length === 0) this.onChange(this.#id, out, { transient });
  }
}
