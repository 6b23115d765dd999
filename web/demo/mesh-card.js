// The demo's mesh card: the scene's mesh (a built-in model or a model file), which volumes it
// overlaps, and what the descent of its tree tested for the volume in focus (mesh-verdicts.js).

import { h, setChildren } from '../view/dom.js';
import { descentText, verdictsText } from '../view/mesh-verdicts.js';

export class MeshCard {
  constructor(root) {
    this.title = h('h3', { class: 'card-title' }, 'Mesh');
    this.caption = h('p', { class: 'mesh-caption' });
    this.verdicts = h('p', { class: 'mesh-verdicts' });
    this.descent = h('p', { class: 'hint mesh-descent' });
    root.append(this.title, this.caption, this.verdicts, this.descent);
  }

  /**
   * mesh: { name, triangles, verdicts: [{ name, overlap, tested }], focus (one of the verdicts or
   * null) }, { loading: name } while it is read, or null (none: the scene could not be shown).
   */
  update(mesh) {
    if (!mesh || mesh.loading) {
      this.caption.textContent = mesh ? `Reading ${mesh.loading}…` : 'No mesh.';
      setChildren(this.verdicts);
      this.descent.textContent = '';
      return;
    }
    this.caption.textContent = `${mesh.name}: ${mesh.triangles.toLocaleString('en')} triangles in a tree of AABBs.`;
    setChildren(this.verdicts, verdictsText(mesh.name, mesh.verdicts));
    this.descent.textContent = descentText(mesh.focus, mesh.triangles);
  }
}
