// The floor ray in 3D (floor-panel.js's card in the view): the ray from the player straight down,
// a dot where it meets the floor, and the floor's three edges, each in the colour of its
// half-space test (blue: the player is on its inside; orange: outside). Rods, not lines: WebGL
// draws lines one pixel wide. Only drawing: the numbers are floor-ray.js's.

import { CylinderGeometry, Group, Mesh, MeshBasicMaterial, SphereGeometry, Vector3 } from 'three';

/** The Okabe-Ito blue and orange (the descent's colours), told apart with common colour blindnesses. */
export const FLOOR_COLORS = { inside: 0x56b4e9, outside: 0xe69f00, ray: 0xf5f5f5 };

const ROD = new CylinderGeometry(1, 1, 1, 10, 1);
const Y = new Vector3(0, 1, 0);
const _a = new Vector3(), _b = new Vector3();

const overlay = (geometry, color) => {
  const object = new Mesh(geometry, new MeshBasicMaterial({ color, transparent: true, depthTest: false, depthWrite: false }));
  object.renderOrder = 12;
  return object;
};

export class FloorDrawing {
  group = new Group();
  #edges = [0, 1, 2].map(() => overlay(ROD, FLOOR_COLORS.inside));
  #ray = overlay(ROD, FLOOR_COLORS.ray);
  #dot = overlay(new SphereGeometry(1, 16, 12), FLOOR_COLORS.ray);

  constructor(viewport) {
    this.viewport = viewport;
    this.group.add(...this.#edges, this.#ray, this.#dot);
    this.group.visible = false;
    this.group.name = 'floor-ray';
    viewport.scene.add(this.group);
  }

  /**
   * Draws the floor under a player, or nothing (null): { vertices, origin, floor } with floor
   * floor-ray.js's floorUnder. A ray that misses is drawn down past the floor's lowest corner.
   */
  show(what) {
    this.group.visible = !!what;
    if (what) {
      const { vertices, origin, floor } = what;
      const size = Math.max(...vertices.flatMap((v) => vertices.map((w) => Math.hypot(v[0] - w[0], v[1] - w[1], v[2] - w[2]))), 1e-6);
      floor.tests.edges.forEach((edge, i) => {
        rod(this.#edges[i], vertices[edge.from], vertices[edge.to], size * 0.006);
        this.#edges[i].material.color.setHex(edge.inside ? FLOOR_COLORS.inside : FLOOR_COLORS.outside);
      });
      const lowest = Math.min(...vertices.map((v) => v[1]));
      const end = floor.hit ? floor.hit.point : [origin[0], Math.min(lowest, origin[1]) - 0.1 * size, origin[2]];
      rod(this.#ray, origin, end, size * 0.004);
      this.#dot.visible = !!floor.hit;
      this.#dot.position.fromArray(end);
      this.#dot.scale.setScalar(size * 0.02);
    }
    this.viewport.invalidate();
  }
}

/** Places a rod of radius r from a to b. */
function rod(object, a, b, r) {
  _a.fromArray(a);
  _b.fromArray(b);
  const length = _a.distanceTo(_b);
  object.visible = length > 0;
  if (!object.visible) return;
  object.position.copy(_a).add(_b).multiplyScalar(0.5);
  object.quaternion.setFromUnitVectors(Y, _b.sub(_a).normalize());
  object.scale.set(r, length, r);
}
