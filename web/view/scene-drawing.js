// The scene as drawn in 3D: one VolumeView per volume of the model, the A and B badges above the
// compared pair, the candidate axis in focus (AxisView: its line, intervals, planes and the MTV
// arrow) and a ghost of B moved by the minimum translation vector. It reads the model, the
// collision state and the report, and never changes them.

import { CSS2DObject } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { AxisView } from './axis-view.js';
import { h } from './dom.js';
import { halfDiagonal, middle } from './view-range.js';
import { movedByMtv } from './edit.js';
import { COLORS } from './theme.js';
import { VolumeView } from './volume-mesh.js';

export class SceneDrawing {
  /** id -> its VolumeView. */
  #views = new Map();
  /** The palette (theme.js) every drawing takes. */
  #colors = COLORS;

  constructor(sx, viewport) {
    this.sx = sx;
    this.viewport = viewport;
    this.axisView = new AxisView(viewport);
    this.badges = { A: badge('A'), B: badge('B') };
    viewport.scene.add(this.badges.A, this.badges.B);
    // Where B would be after moving by the minimum translation vector.
    this.ghost = new VolumeView(sx, 'mtv-ghost');
    this.ghost.fillMaterial.opacity = 0.06;
    this.ghost.edgeMaterial.color.setHex(COLORS.ghost);
    this.ghost.edgeMaterial.opacity = 0.45;
    this.ghost.object.visible = false;
    viewport.scene.add(this.ghost.object);
    viewport.beforeRender.push((camera) => {
      const height = viewport.canvas.height;
      for (const view of this.#views.values()) view.updateDetail(camera, height);
      this.ghost.updateDetail(camera, height);
    });
  }

  /** Adds, removes and redraws views to match the model's volumes (changed ids, or null: all). */
  sync(volumes, ids) {
    const present = new Set(volumes.map((e) => e.id));
    for (const [id, view] of this.#views) {
      if (!present.has(id)) {
        this.viewport.scene.remove(view.object);
        view.dispose();
        this.#views.delete(id);
      }
    }
    for (const { id, volume } of volumes) {
      let view = this.#views.get(id);
      if (!view) {
        view = new VolumeView(this.sx, id);
        view.setColors(this.#colors);
        this.#views.set(id, view);
        this.viewport.scene.add(view.object);
        view.setVolume(volume);
      } else if (ids === null || ids.has(id)) view.setVolume(volume);
    }
  }

  /** Draws everything with another palette (theme.js: COLORS, or LIGHT_COLORS on a light ground). */
  setColors(colors) {
    this.#colors = colors;
    for (const view of this.#views.values()) view.setColors(colors);
    this.ghost.edgeMaterial.color.setHex(colors.ghost);
    this.axisView.setColors(colors);
  }

  /**
   * Colours every volume (overlapping or not, its role A or B, hovered; dimmed outside the pair
   * during the tutorial) and places the A and B badges above the pair.
   */
  style({ collision, pair, roles, hoverVolume, tutorial }) {
    for (const [id, view] of this.#views) {
      view.setStyle({
        overlapping: collision.overlapsAny(id),
        role: roles.get(id) ?? null,
        hovered: hoverVolume === id,
        dimmed: !!tutorial && !roles.has(id),
      });
    }
    for (const role of ['A', 'B']) {
      const entry = pair?.[role === 'A' ? 0 : 1];
      const b = entry && collision.bounds(entry.id);
      this.badges[role].visible = !!b;
      // Above the volume by a fifth of its height (at least a little: a flat box).
      if (b) this.badges[role].position.fromArray(middle(b)).setY(b.max[1] + Math.max(0.4 * (b.max[1] / 2 - b.min[1] / 2), 1e-3 * halfDiagonal(b)));
    }
  }

  /**
   * Shows the report's axis number `focus` (or none) beside the pair, and, when they overlap,
   * the MTV arrow and the ghost of B moved by it.
   */
  showFocus({ collision, pair, report, focus }) {
    const bounds = pair && [collision.bounds(pair[0].id), collision.bounds(pair[1].id)];
    this.axisView.show(focus == null ? null : report.axes[focus], bounds);
    const p = report?.overlap ? report.penetration : null;
    this.axisView.showMtv(p, bounds?.[1]);
    let moved = null;
    if (p && p.depth > 0) {
      try {
        moved = movedByMtv(this.sx, pair[1].volume, p);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;  // past the double range: no ghost to draw
      }
    }
    this.ghost.object.visible = !!moved;
    if (moved) this.ghost.setVolume(moved);
  }
}

function badge(text) {
  const el = h('div', { class: `badge ${text.toLowerCase()}` }, text);
  const object = new CSS2DObject(el);
  object.visible = false;
  return object;
}
