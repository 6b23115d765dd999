// The demo's mesh card: the scene's mesh (a built-in model or a model file) and the node type of
// its tree, which volumes it overlaps, what the descent of its tree tested for the volume in focus,
// and whether it meets the scene's other mesh (mesh-verdicts.js).
// In an editable demo it also moves and turns the mesh: the inspector's position and rotation
// fields (typed, or stepped with the arrow keys) of the mesh's stand-in OBB (SceneMesh.standIn).

import { h, setChildren } from '../view/dom.js';
import { descentText, meshPairText, verdictsText } from '../view/mesh-verdicts.js';
import { NODE_TYPES } from '../view/mesh-ids.js';
import { Inspector } from '../view/inspector.js';
import { SceneMesh } from '../view/scene-mesh.js';

export class MeshCard {
  /** sx: the package; onPose(pose, { transient }) when given: the mesh's pose fields are shown. */
  constructor(root, sx, { onPose = null } = {}) {
    this.title = h('h3', { class: 'card-title' }, 'Mesh');
    this.caption = h('p', { class: 'mesh-caption' });
    this.verdicts = h('p', { class: 'mesh-verdicts' });
    this.descent = h('p', { class: 'hint mesh-descent' });
    this.other = h('p', { class: 'mesh-other' });
    root.append(this.title, this.caption, this.verdicts, this.descent, this.other);
    if (onPose) {
      const box = h('div', { class: 'mesh-pose', role: 'group', 'aria-label': 'Move and turn the mesh' });
      root.append(box);
      this.pose = new Inspector(box, sx, { onChange: (id, obb, options) => onPose(SceneMesh.poseOfStandIn(obb), options) }, { pose: true });
    }
  }

  /**
   * mesh: { name, node, triangles, verdicts: [{ name, overlap, tested }], focus (one of the verdicts
   * or null), other ({ name, node, triangles, verdict: meshPairVerdict's } or null) }, { loading:
   * name } while it is read, or null (none: the scene could not be shown);
   * standIn: the mesh's stand-in OBB entry (SceneMesh.standIn), once it is in.
   */
  update(mesh, standIn = null) {
    this.pose?.root.toggleAttribute('hidden', !standIn);
    if (standIn) this.pose?.update(standIn, null);
    if (!mesh || mesh.loading) {
      this.caption.textContent = mesh ? `Reading ${mesh.loading}…` : 'No mesh.';
      setChildren(this.verdicts);
      this.descent.textContent = this.other.textContent = '';
      return;
    }
    const tree = (m) => `${m.triangles.toLocaleString('en')} triangles in a tree of ${NODE_TYPES.find(([id]) => id === m.node)[1]}`;
    const other = mesh.other;
    this.caption.textContent = other
      ? `${mesh.name} (A): ${tree(mesh)}; the other mesh, ${other.name} (B): ${tree(other)}.`
      : `${mesh.name}: ${tree(mesh)}.`;
    setChildren(this.verdicts, other && !mesh.verdicts.length ? [] : verdictsText(mesh.name, mesh.verdicts));
    this.descent.textContent = descentText(mesh.focus, mesh.triangles);
    this.other.textContent = other?.verdict ? meshPairText(mesh.name, other.name, other.verdict) : '';
  }
}
