// The fitted point set in 3D: its points (one draw call of 1-pixel-wide dots, cheap on a software
// renderer) and the fitted volumes shown, each in its own colour (volume-mesh.js draws them, as
// the scene's volumes, by their edges only: ten translucent fills over the points cost a software
// renderer several times the frame, and nested outlines read better without them).

import { BufferGeometry, Float32BufferAttribute, Group, Points, PointsMaterial } from 'three';
import { VolumeView } from './volume-mesh.js';

/** The points' colour: the neutral edge colour of the theme, lighter than the grid. */
const POINT_COLOR = 0xc5cfdd;

export class FitDrawing {
  #group = new Group();
  #points = null;
  /** id -> VolumeView of the fitted volumes drawn now. */
  #views = new Map();

  /** viewport: the app's (renderer.js) or a demo's: { scene, canvas, beforeRender, invalidate }. */
  constructor(sx, viewport) {
    this.sx = sx;
    this.viewport = viewport;
    viewport.scene.add(this.#group);
    viewport.beforeRender.push((camera) => {
      const height = viewport.canvas.height;
      for (const view of this.#views.values()) view.updateDetail(camera, height);
    });
  }

  /** Draws these points (flat x, y, z) instead of the last ones, and no volume; null: none. */
  setPoints(points) {
    this.setVolumes([]);
    if (this.#points) {
      this.#group.remove(this.#points);
      this.#points.geometry.dispose();
      this.#points.material.dispose();
      this.#points = null;
    }
    if (points) {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(new Float32Array(points), 3));
      this.#points = new Points(geometry, new PointsMaterial({ color: POINT_COLOR, size: 1.5, sizeAttenuation: false }));
      this.#group.add(this.#points);
    }
    this.viewport.invalidate();
  }

  /** Draws exactly these volumes: [{ id, volume, color }] (colour: 0xrrggbb). */
  setVolumes(shown) {
    const keep = new Set(shown.map((s) => s.id));
    for (const [id, view] of this.#views) {
      if (keep.has(id)) continue;
      this.#group.remove(view.object);
      view.dispose();
      this.#views.delete(id);
    }
    for (const { id, volume, color } of shown) {
      if (this.#views.has(id)) continue;
      const view = new VolumeView(this.sx, id);
      view.setVolume(volume);
      view.setStyle({});
      view.fillMaterial.visible = false;
      view.edgeMaterial.color.setHex(color);
      view.edgeMaterial.opacity = 1;
      this.#views.set(id, view);
      this.#group.add(view.object);
    }
    this.viewport.invalidate();
  }

  /** The ids of the volumes drawn now (for the tests: what the view shows). */
  get shownIds() {
    return [...this.#views.keys()];
  }
}
