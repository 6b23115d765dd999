// The triangle mesh a scene may hold beside its volumes: a built-in model (mesh-models.js) or a
// user's file, drawn where its pose puts it, tested against each volume with the package's
// mesh.overlaps(volume, pose) and picked with mesh.raycast. Its tree's levels are drawn around it
// (setNodes) with the view's own volume drawing. The gizmo moves and turns it through a stand-in
// OBB (standIn, poseOfStandIn); its size stays the view's.

import {
  BufferGeometry, Color, DoubleSide, Float32BufferAttribute, Group, Matrix4, Mesh, MeshBasicMaterial, MeshLambertMaterial,
  Quaternion, Uint32BufferAttribute, Vector3,
} from 'three';
import { meshFromGeometry } from 'sepaxis/three';
import { COLORS } from './theme.js';
import { VolumeView } from './volume-mesh.js';
import { mergedViews } from './level-drawing.js';
import { coarseTriangles } from './mesh-coarse.js';
import { MESH_ID } from './mesh-ids.js';
import { MESH_VIEW_SIZE } from './mesh-placement.js';

const _m = new Matrix4();
const _q = new Quaternion();
const _v = new Vector3();
const _white = new Color(0xffffff);
/** Triangles that meet another mesh's: light, seen through the mesh (no depth test). */
const MARKED = new MeshBasicMaterial({ color: COLORS.axis, side: DoubleSide, transparent: true, opacity: 0.9, depthTest: false, depthWrite: false });

export class SceneMesh {
  /** { name, model (a built-in id, or null for a user's file), triangles, mesh, geometry, node } or null. */
  current = null;
  /** Where the mesh is: translation, rotation (unit quaternion [x, y, z, w]). */
  pose = { translation: [0, 0, 0], rotation: [0, 0, 0, 1] };
  /** The group the mesh and its tree's nodes are drawn in, placed by the pose. */
  object = new Group();
  #fill = null;
  /** The coarser drawing (mesh-coarse.js), made when first asked for; null before. */
  #coarse = null;
  #marked = null;
  #nodes = [];
  /** The level drawn merged (setNodes), or null. */
  #level = null;
  #drawnNodes = 0;
  #nodeGroup = new Group();
  #style = {};

  /** id: its name among the scene's entries (picking, the gizmo): MESH_ID, or the second mesh's. */
  constructor(sx, viewport, { id = MESH_ID } = {}) {
    this.sx = sx;
    this.viewport = viewport;
    this.id = id;
    // One pass for both sides: three.js draws a see-through two-sided material twice (back faces,
    // then front), which for the bunny's 69,451 triangles doubles the frame's largest share on a
    // software renderer. Its faces are one colour, so the order they blend in hardly shows.
    this.material = new MeshLambertMaterial({ side: DoubleSide, transparent: true, opacity: 0.85, forceSinglePass: true });
    this.object.name = id;
    this.object.add(this.#nodeGroup);
    this.object.visible = false;
    viewport.scene.add(this.object);
  }

  /**
   * Shows triangles ({ positions, indices }, already placed in the view) as the scene's mesh, its
   * tree built of `node` volumes (createMesh's node types); `mesh`: the package's mesh of these
   * triangles with that tree, when it was made elsewhere (a worker's, read with sx.loadMesh).
   */
  set({ name, model, triangles, node = 'aabb', mesh: made = null }) {
    const geometry = geometryOf(triangles);
    const mesh = made ?? meshFromGeometry(this.sx, geometry, { node });
    this.clear();
    this.current = { name, model, triangles, mesh, geometry, node };
    this.#fill = new Mesh(geometry, this.material);
    this.object.add(this.#fill);
    this.object.visible = true;
    this.#place();
  }

  /**
   * Draws the mesh's triangles clustered coarser (coarse: true; mesh-coarse.js) or as they are.
   * Only the drawing changes: queries and picks use the mesh.
   */
  drawCoarse(coarse) {
    if (!this.#fill) return;
    if (coarse && !this.#coarse) this.#coarse = geometryOf(coarseTriangles(this.current.triangles));
    this.#fill.geometry = coarse ? this.#coarse : this.current.geometry;
  }

  /** Takes the mesh out of the scene. */
  clear() {
    this.setNodes([]);
    this.markTriangles([]);
    if (this.#fill) {
      this.object.remove(this.#fill);
      this.current.geometry.dispose();
      this.current.mesh.dispose();
    }
    this.#coarse?.dispose();
    this.#coarse = null;
    this.#fill = null;
    this.current = null;
    this.object.visible = false;
    this.pose = { translation: [0, 0, 0], rotation: [0, 0, 0, 1] };
    this.viewport.invalidate();
  }

  setPose(pose) {
    this.pose = { translation: [...pose.translation], rotation: [...pose.rotation] };
    this.#place();
  }

  /** An OBB the gizmo can hold in the mesh's place: its centre the translation, its frame the rotation. */
  standIn() {
    const h = MESH_VIEW_SIZE / 2;
    return { id: this.id, volume: { type: 'obb', center: this.pose.translation, halfExtents: [h, h, h], rotation: this.pose.rotation } };
  }

  /** The pose of the stand-in OBB the gizmo moved or turned. */
  static poseOfStandIn(obb) {
    let rotation = obb.rotation;
    if (!rotation) {
      const [u, v, w] = obb.axes;
      rotation = _q.setFromRotationMatrix(_m.makeBasis(_v.fromArray(u), new Vector3(...v), new Vector3(...w))).toArray();
    }
    return { translation: [...obb.center], rotation: [...rotation] };
  }

  /**
   * Triangle t of the mesh as a volume in the mesh's frame: the corners the package's mesh holds
   * (the drawn geometry's, from which it was made).
   */
  triangle(t) {
    const { geometry } = this.current;
    const position = geometry.attributes.position, index = geometry.index;
    const corner = (c) => {
      const v = index ? index.getX(3 * t + c) : 3 * t + c;
      return [position.getX(v), position.getY(v), position.getZ(v)];
    };
    return { type: 'triangle', vertices: [corner(0), corner(1), corner(2)] };
  }

  /** The world box around the posed mesh (its root node's box, turned): for framing and the view's range. */
  bounds() {
    if (!this.current) return null;
    this.object.updateMatrixWorld(true);
    const box = this.current.geometry.boundingBox ?? (this.current.geometry.computeBoundingBox(), this.current.geometry.boundingBox);
    const world = box.clone().applyMatrix4(this.object.matrixWorld);
    return { type: 'aabb', min: world.min.toArray(), max: world.max.toArray() };
  }

  /** Whether the posed mesh overlaps a volume (the package's mesh.overlaps). */
  overlaps(volume) {
    return this.current.mesh.overlaps(volume, this.pose);
  }

  /** The distance along a ray ({ origin, direction: unit }, world) to the posed mesh, or null. */
  hitDistance({ origin, direction }) {
    if (!this.current) return null;
    // Into the mesh's frame: the pose is a rotation and a translation, so distances stay.
    const inverse = _q.fromArray(this.pose.rotation).invert();
    const o = _v.fromArray(origin).sub(new Vector3(...this.pose.translation)).applyQuaternion(inverse).toArray();
    const d = new Vector3(...direction).applyQuaternion(inverse).toArray();
    return this.current.mesh.raycast(o, d)?.distance ?? null;
  }

  /** How many node volumes are drawn. */
  get drawnNodes() {
    return this.#drawnNodes;
  }

  /**
   * Draws a level's node volumes (in the mesh's frame) around the mesh, in one colour: merged
   * into one fill and one set of edges (level-drawing.js), built here once per level.
   */
  setNodes(volumes, color = COLORS.a) {
    this.#clearNodes();
    if (volumes.length) {
      const views = volumes.map((volume, i) => this.#nodeView({ volume, color, fill: 0.05, edge: 0.6 }, i));
      this.#level = mergedViews(views);
      this.#nodeGroup.add(this.#level.object);
    }
    this.#drawnNodes = volumes.length;
    this.#see();
  }

  /**
   * Draws node volumes, each [{ volume, color, fill (opacity), edge (opacity), tint (the fill in
   * the colour too; else the view's apart colour) }], each its own drawing (a descent's few).
   */
  setStyledNodes(nodes) {
    this.#clearNodes();
    this.#nodes = nodes.map((node, i) => {
      const view = this.#nodeView(node, i);
      this.#nodeGroup.add(view.object);
      return view;
    });
    this.#drawnNodes = nodes.length;
    this.#see();
  }

  #nodeView({ volume, color, fill, edge, tint = false }, i) {
    const view = new VolumeView(this.sx, `node-${i}`);
    view.setVolume(volume);
    view.setStyle({ overlapping: false, role: 'A' });
    view.fillMaterial.opacity = fill;
    if (tint) {
      view.fillMaterial.color.setHex(color);
      view.fillMaterial.emissive.setHex(color).multiplyScalar(0.25);
    }
    view.fillMaterial.visible = fill > 0;
    view.edgeMaterial.color.setHex(color);
    view.edgeMaterial.opacity = edge;
    return view;
  }

  #clearNodes() {
    for (const view of this.#nodes) {
      this.#nodeGroup.remove(view.object);
      view.dispose();
    }
    this.#nodes = [];
    if (this.#level) {
      this.#nodeGroup.remove(this.#level.object);
      this.#level.dispose();
      this.#level = null;
    }
  }

  /**
   * Marks triangles (their indices in the mesh) in a light colour over everything: the triangles
   * that meet another mesh's. [] for none.
   */
  markTriangles(list) {
    if (this.#marked) {
      this.object.remove(this.#marked);
      this.#marked.geometry.dispose();
      this.#marked = null;
    }
    if (list.length && this.current) {
      const { positions, indices } = this.current.triangles;
      const out = new Float32Array(9 * list.length);
      list.forEach((t, k) => {
        for (let c = 0; c < 3; c++) {
          const v = indices ? indices[3 * t + c] : 3 * t + c;
          out.set(positions.subarray(3 * v, 3 * v + 3), 9 * k + 3 * c);
        }
      });
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(out, 3));
      geometry.computeVertexNormals();
      this.#marked = new Mesh(geometry, MARKED);
      this.#marked.renderOrder = 20;
      this.object.add(this.#marked);
    }
    this.viewport.invalidate();
  }

  /** How many triangles are marked. */
  get markedTriangles() {
    return this.#marked ? this.#marked.geometry.attributes.position.count / 3 : 0;
  }

  /** overlapping: red (it overlaps a volume) or green; selected, hovered: lighter. */
  setStyle({ overlapping = false, selected = false, hovered = false }, colors = COLORS) {
    const s = this.#style;
    if (s.overlapping === overlapping && s.selected === selected && s.hovered === hovered && s.colors === colors) return;
    this.#style = { overlapping, selected, hovered, colors };
    this.material.color.setHex(overlapping ? colors.overlap : colors.apart);
    if (selected || hovered) this.material.color.lerp(_white, hovered ? 0.45 : 0.3);
    this.material.emissive.setHex(overlapping ? colors.overlap : colors.apart).multiplyScalar(selected ? 0.3 : 0.15);
    this.#see();
  }

  /**
   * With its nodes, or with a volume it overlaps, the mesh is drawn lighter and leaves the depth
   * to them: it is drawn before the volumes (their groups' renderOrder is higher), so a volume
   * inside it, red on red, shows whole over it, and nodes behind it or the flat nodes of a flat
   * mesh stay in sight. Alone, it keeps its depth and looks solid.
   */
  #see() {
    const overlapping = this.#style.overlapping === true;
    this.material.opacity = overlapping ? 0.35 : this.#drawnNodes ? 0.5 : 0.85;
    this.material.depthWrite = !overlapping && !this.#drawnNodes;
    this.viewport.invalidate();
  }

  #place() {
    this.object.position.fromArray(this.pose.translation);
    this.object.quaternion.fromArray(this.pose.rotation);
    this.object.updateMatrixWorld(true);
    this.viewport.invalidate();
  }
}

/** Triangles ({ positions, indices? }) as a geometry with smooth normals. */
function geometryOf({ positions, indices }) {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  if (indices) geometry.setIndex(new Uint32BufferAttribute(indices, 1));
  geometry.computeVertexNormals();
  return geometry;
}
