// How one volume is drawn: a translucent fill and its edges. Boxes and spheres share unit
// geometries placed by a matrix (spheres: one per level of detail); a k-DOP is drawn as its
// actual polytope (sx.polytope: corners and edges; ConvexGeometry for the faces), rebuilt when it
// changes; a triangle as itself, filled on both sides, rebuilt when it changes.

import {
  BoxGeometry, BufferGeometry, Color, DoubleSide, EdgesGeometry, FrontSide, Float32BufferAttribute, Group, LineBasicMaterial,
  LineSegments, Mesh, MeshLambertMaterial, Quaternion, SphereGeometry, Vector3,
} from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import { boxMatrix } from 'sepaxis/three';
import { COLORS } from './theme.js';

const UNIT_BOX = new BoxGeometry(2, 2, 2);
const UNIT_BOX_EDGES = new EdgesGeometry(UNIT_BOX);
// A sphere is tessellated for its size on screen: the outline may depart from the true circle
// by about half a pixel, r (1 - cos(π/n)) <= 0.5 px for n segments around it (n/2 from pole to
// pole; the rings get 2n). A software renderer pays for every triangle and line: 50 mixed
// volumes were 24,000 triangles with every sphere at 48 × 32, a third of that on screen now.
const SPHERE_SEGMENTS = [12, 16, 24, 32, 48, 64, 96];
const unitSpheres = new Map();

/** The shared unit sphere of n segments: { fill, rings } (made on first use). */
function unitSphere(n) {
  let g = unitSpheres.get(n);
  if (!g) unitSpheres.set(n, g = { fill: new SphereGeometry(1, n, n / 2), rings: sphereRings(2 * n) });
  return g;
}

/** Segments around a sphere of radiusPx pixels on screen (see SPHERE_SEGMENTS). */
function sphereSegments(radiusPx) {
  return SPHERE_SEGMENTS.find((n) => radiusPx * (1 - Math.cos(Math.PI / n)) <= 0.5) ?? SPHERE_SEGMENTS.at(-1);
}

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
const _c = new Vector3();
const _s = new Vector3();
const _white = new Color(0xffffff);

export class VolumeView {
  /** The object added to the scene. */
  object = new Group();
  #sx;
  #fill;
  #edges;
  #type = null;
  /** A sphere's centre and radius, and its segments now. */
  #sphere = null;
  #segments = 0;
  /** A k-DOP's position: its geometry is relative to this point (polytopeGeometry). */
  #origin = [0, 0, 0];
  #style = {};
  #colors = COLORS;

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
    if (volume.type !== this.#type || volume.type === 'kdop' || volume.type === 'triangle') {
      this.#rebuild(volume);
    }
    const m = this.object.matrix;
    this.object.matrixAutoUpdate = false;
    if (volume.type === 'sphere') {
      const r = volume.radius;
      m.compose(_p.fromArray(volume.center), _q.identity(), _s.set(r, r, r));
      this.#sphere = { center: volume.center, radius: r };
    } else if (volume.type === 'aabb' || (volume.type === 'obb' && volume.axes)) {
      boxMatrix(volume, m);
    } else if (volume.type === 'obb') {
      m.compose(_p.fromArray(volume.center), _q.fromArray(volume.rotation), _s.fromArray(volume.halfExtents));
    } else {
      // The k-DOP's or the triangle's corners are stored relative to their middle (polytopeGeometry): the matrix
      // (doubles) carries the position, so one far from the origin keeps its shape in the
      // 32-bit floats WebGL draws with.
      m.makeTranslation(this.#origin[0], this.#origin[1], this.#origin[2]);
    }
    this.object.matrixWorldNeedsUpdate = true;
  }

  /**
   * Before a render: a sphere takes the tessellation its size on screen needs (camera: a
   * PerspectiveCamera; heightPx: the drawing buffer's height).
   */
  updateDetail(camera, heightPx) {
    if (this.#type !== 'sphere' || !this.#sphere) return;
    const { center, radius } = this.#sphere;
    const distance = Math.max(camera.position.distanceTo(_c.fromArray(center)), radius, 1e-9);
    const radiusPx = (radius / (distance * Math.tan((camera.fov * Math.PI) / 360))) * (heightPx / 2);
    const n = sphereSegments(radiusPx);
    if (n === this.#segments) return;
    this.#segments = n;
    const { fill, rings } = unitSphere(n);
    this.#fill.geometry = fill;
    this.#edges.geometry = rings;
  }

  /**
   * overlapping: fill colour (red when it overlaps another volume, green when apart);
   * role: 'A' | 'B' | null (edge colour); hovered: under the pointer; dimmed: not in the pair.
   */
  setStyle({ overlapping = false, role = null, hovered = false, dimmed = false }) {
    const s = this.#style;
    if (s.overlapping === overlapping && s.role === role && s.hovered === hovered && s.dimmed === dimmed) return;
    this.#style = { overlapping, role, hovered, dimmed };
    const colors = this.#colors;
    const fill = overlapping ? colors.overlap : colors.apart;
    this.fillMaterial.color.setHex(fill);
    this.fillMaterial.opacity = role ? 0.34 : dimmed ? 0.14 : 0.24;
    this.fillMaterial.emissive.setHex(fill).multiplyScalar(role ? 0.25 : 0.12);
    const edge = role === 'A' ? colors.a : role === 'B' ? colors.b : fill;
    this.edgeMaterial.color.setHex(edge);
    if (hovered) this.edgeMaterial.color.lerp(_white, 0.5);
    this.edgeMaterial.opacity = role || hovered ? 1 : dimmed ? 0.35 : 0.7;
    // The pair is drawn after the others (a Group's renderOrder orders its children).
    this.object.renderOrder = role ? 2 : 1;
  }

  /** Draws with another palette (theme.js: COLORS or LIGHT_COLORS). */
  setColors(colors) {
    if (colors === this.#colors) return;
    this.#colors = colors;
    const style = this.#style;
    this.#style = {};
    this.setStyle(style);
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
    this.#sphere = null;
    let fillGeometry, edgeGeometry;
    if (volume.type === 'sphere') {
      // Until the first render picks the detail for the view (updateDetail).
      this.#segments = 32;
      ({ fill: fillGeometry, rings: edgeGeometry } = unitSphere(this.#segments));
    } else if (volume.type === 'kdop') {
      let polytope;
      try {
        polytope = this.#sx.polytope(volume);
      } catch {
        polytope = { vertices: [], edges: [] };  // not drawable (never expected for a valid k-DOP)
      }
      ({ fillGeometry, edgeGeometry, origin: this.#origin } = polytopeGeometry(polytope));
    } else if (volume.type === 'triangle') {
      ({ fillGeometry, edgeGeometry, origin: this.#origin } = triangleGeometry(volume.vertices));
    } else {
      fillGeometry = UNIT_BOX;
      edgeGeometry = UNIT_BOX_EDGES;
    }
    // A triangle has two sides, both seen.
    this.fillMaterial.side = volume.type === 'triangle' ? DoubleSide : FrontSide;
    if (fillGeometry) {
      this.#fill = new Mesh(fillGeometry, this.fillMaterial);
      this.object.add(this.#fill);
    }
    this.#edges = new LineSegments(edgeGeometry, this.edgeMaterial);
    this.object.add(this.#edges);
    for (const child of this.object.children) child.matrixAutoUpdate = false;
  }

  // Only a k-DOP or a triangle owns its geometry; boxes and spheres share the unit ones (never disposed).
  #disposeOwned() {
    if (this.#type !== 'kdop' && this.#type !== 'triangle') return;
    this.#fill?.geometry.dispose();
    this.#edges?.geometry.dispose();
    this.#fill = this.#edges = undefined;
  }
}

/** A triangle's face and three edges, relative to `origin`, the middle of its corners (as polytopeGeometry). */
function triangleGeometry(corners) {
  const origin = [0, 1, 2].map((i) => Math.min(...corners.map((v) => v[i])) / 2 + Math.max(...corners.map((v) => v[i])) / 2);
  const [a, b, c] = corners.map((v) => v.map((x, i) => x - origin[i]));
  const fillGeometry = new BufferGeometry();
  fillGeometry.setAttribute('position', new Float32BufferAttribute([...a, ...b, ...c], 3));
  fillGeometry.computeVertexNormals();
  const edgeGeometry = new BufferGeometry();
  edgeGeometry.setAttribute('position', new Float32BufferAttribute([...a, ...b, ...b, ...c, ...c, ...a], 3));
  return { fillGeometry, edgeGeometry, origin };
}

/**
 * Faces (convex hull of the corners) and edges of a polytope, relative to `origin`, the middle of
 * its corners (halves summed: no overflow near the largest double). A flat or degenerate k-DOP
 * (fewer than four corners off one plane) has no hull: only its edges are drawn.
 */
function polytopeGeometry({ vertices: corners, edges }) {
  const origin = [0, 1, 2].map((i) => (corners.length
    ? Math.min(...corners.map((v) => v[i])) / 2 + Math.max(...corners.map((v) => v[i])) / 2 : 0));
  const vertices = corners.map((v) => v.map((x, i) => x - origin[i]));
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
  return { fillGeometry, edgeGeometry, origin };
}
