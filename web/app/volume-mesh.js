// How one volume is drawn: a translucent fill and its edges. Boxes and spheres share one unit
// geometry placed by a matrix; a k-DOP is drawn as its actual polytope (sx.polytope: corners and
// edges; ConvexGeometry for the faces), rebuilt when it changes.

import {
  BoxGeometry, BufferGeometry, Color, EdgesGeometry, Float32BufferAttribute, Group, LineBasicMaterial,
  LineSegments, Mesh, MeshLambertMaterial, Quaternion, SphereGeometry, Vector3,
} from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import { boxMatrix } from 'sepaxis/three';
import { COLORS } from './theme.js';

const UNIT_BOX = new BoxGeometry(2, 2, 2);
const UNIT_BOX_EDGES = new EdgesGeometry(UNIT_BOX);
// 32 × 16 segments: the outline departs from the true circle by 1 - cos(π/32) = 0.5% of the
// radius (1.5 px on a 300 px sphere), at a third of the triangles of 48 × 32, which a software
// renderer pays for (50 mixed volumes: 24,000 -> 10,000 triangles, about 4 ms of the draw).
const UNIT_SPHERE = new SphereGeometry(1, 32, 16);
const UNIT_SPHERE_RINGS = sphereRings(64);

/** Three great circles of the unit sphere, as line segments. */
function sphereRings(segments) {
  const p = [];
  for (let axis = 0; axis < 3; axis++) {
    for (let i = 0; i < segments; i++) {
      for (const j of [i, i + 1]) {
        const t = (j / segments) * Math.PI * 2;
        const c = Math.cos(t), s = Math.sin(t);
        p.push(...(axis === 0 ? [0, c, s] : axis === 1 ? [c, 0, s] : [c, s, 0]));
      }
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(p, 3));
  return g;
}

const _q = new Quaternion();
const _p = new Vector3();
const _s = new Vector3();
const _white = new Color(0xffffff);

export class VolumeView {
  /** The object added to the scene. */
  object = new Group();
  #sx;
  #fill;
  #edges;
  #type = null;
  #k = null;
  #style = {};

  constructor(sx, id) {
    this.#sx = sx;
    this.id = id;
    this.object.name = id;
    this.fillMaterial = new MeshLambertMaterial({
      transparent: true, opacity: 0.3, depthWrite: false,
    });
    this.edgeMaterial = new LineBasicMaterial({ transparent: true, opacity: 0.9 });
  }

  /** Redraws for a new value of the volume. */
  setVolume(volume) {
    if (volume.type !== this.#type || (volume.type === 'kdop' && volume.k !== this.#k) || volume.type === 'kdop') {
      this.#rebuild(volume);
    }
    const m = this.object.matrix;
    this.object.matrixAutoUpdate = false;
    if (volume.type === 'sphere') {
      const r = volume.radius;
      m.compose(_p.fromArray(volume.center), _q.identity(), _s.set(r, r, r));
    } else if (volume.type === 'aabb' || (volume.type === 'obb' && volume.axes)) {
      boxMatrix(volume, m);
    } else if (volume.type === 'obb') {
      m.compose(_p.fromArray(volume.center), _q.fromArray(volume.rotation), _s.fromArray(volume.halfExtents));
    } else {
      m.identity();
    }
    this.object.matrixWorldNeedsUpdate = true;
  }

  /**
   * overlapping: fill colour (red when it overlaps another volume, green when apart);
   * role: 'A' | 'B' | null (edge colour); hovered: under the pointer; dimmed: not in the pair.
   */
  setStyle({ overlapping = false, role = null, hovered = false, dimmed = false }) {
    const s = this.#style;
    if (s.overlapping === overlapping && s.role === role && s.hovered === hovered && s.dimmed === dimmed) return;
    this.#style = { overlapping, role, hovered, dimmed };
    const fill = overlapping ? COLORS.overlap : COLORS.apart;
    this.fillMaterial.color.setHex(fill);
    this.fillMaterial.opacity = role ? 0.34 : dimmed ? 0.14 : 0.24;
    this.fillMaterial.emissive.setHex(fill).multiplyScalar(role ? 0.25 : 0.12);
    const edge = role === 'A' ? COLORS.a : role === 'B' ? COLORS.b : fill;
    this.edgeMaterial.color.setHex(edge);
    if (hovered) this.edgeMaterial.color.lerp(_white, 0.5);
    this.edgeMaterial.opacity = role || hovered ? 1 : dimmed ? 0.35 : 0.7;
    // The pair is drawn after the others (a Group's renderOrder orders its children).
    this.object.renderOrder = role ? 2 : 1;
  }

  dispose() {
    this.#disposeOwned();
    this.fillMaterial.dispose();
    this.edgeMaterial.dispose();
  }

  #rebuild(volume) {
    this.#disposeOwned();
    this.object.clear();
    this.#type = volume.type;
    this.#k = volume.k ?? null;
    let fillGeometry, edgeGeometry;
    if (volume.type === 'sphere') {
      fillGeometry = UNIT_SPHERE;
      edgeGeometry = UNIT_SPHERE_RINGS;
    } else if (volume.type === 'kdop') {
      let polytope;
      try {
        polytope = this.#sx.polytope(volume);
      } catch {
        polytope = { vertices: [], edges: [] };  // not drawable (never expected for a valid k-DOP)
      }
      ({ fillGeometry, edgeGeometry } = polytopeGeometry(polytope));
    } else {
      fillGeometry = UNIT_BOX;
      edgeGeometry = UNIT_BOX_EDGES;
    }
    if (fillGeometry) {
      this.#fill = new Mesh(fillGeometry, this.fillMaterial);
      this.object.add(this.#fill);
    }
    this.#edges = new LineSegments(edgeGeometry, this.edgeMaterial);
    this.object.add(this.#edges);
    for (const child of this.object.children) child.matrixAutoUpdate = false;
  }

  // Only a k-DOP owns its geometry; boxes and spheres share the unit ones.
  #disposeOwned() {
    if (this.#type !== 'kdop') return;
    this.#fill?.geometry.dispose();
    this.#edges?.geometry.dispose();
    this.#fill = this.#edges = undefined;
  }
}

/**
 * Faces (convex hull of the corners) and edges of a polytope. A flat or degenerate k-DOP (fewer
 * than four corners off one plane) has no hull: only its edges are drawn.
 */
function polytopeGeometry({ vertices, edges }) {
  const edgeGeometry = new BufferGeometry();
  const p = new Float32Array(edges.length * 6);
  edges.forEach(([i, j], n) => {
    p.set(vertices[i], n * 6);
    p.set(vertices[j], n * 6 + 3);
  });
  edgeGeometry.setAttribute('position', new Float32BufferAttribute(p, 3));
  let fillGeometry = null;
  if (vertices.length >= 4) {
    try {
      fillGeometry = new ConvexGeometry(vertices.map((v) => new Vector3(...v)));
      if (fillGeometry.getAttribute('position').count === 0) fillGeometry = null;
    } catch {
      fillGeometry = null;
    }
  }
  return { fillGeometry, edgeGeometry };
}
