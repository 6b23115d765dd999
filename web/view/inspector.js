// The numeric inspector of the active volume: every field of its JSON form, edited in place.
// A value is written to the model as soon as it makes a valid volume (sx.validate); otherwise
// the field is marked and the problem shown, and leaving the field restores the last valid value.
// Rotations show as Euler angles (degrees, XYZ) or as the quaternion; an AABB, which cannot
// rotate, offers to become an OBB. The velocity (vx, vy, vz: motion.js) is the entry's, not the
// volume's: the volume's fields are its value at t = 0.

import { Euler, MathUtils, Matrix4, Quaternion, Vector3 } from 'three';
import { h, setChildren } from './dom.js';
import { aKdop } from './format.js';
import { KDOP_DIRECTIONS, KDOP_KS } from './defaults.js';
import { rotationNote, translated, withK } from './edit.js';
import { MAX_NAME } from './share.js';
import { speedProblem, velocityOf } from './motion.js';

const round = (x, digits = 4) => {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

/**
 * A field's text: `digits` decimals, or 7 significant digits from 1e15 up (where a double has
 * no decimals left to show, and x * 10^digits would overflow to Infinity near the largest
 * double, which a number field shows as blank).
 */
const fieldText = (x, digits = 4) => String(Math.abs(x) >= 1e15 ? Number(x.toPrecision(7)) : round(x, digits));

/** A row whose longest text passes this many characters puts its fields one per line. */
const STACK_CHARS = 9;
/** A triangle's corners, as the inspector's rows and the package's edge labels name them (ab, bc, ca). */
const CORNERS = ['a', 'b', 'c'];

/**
 * Writes a field's value `x` as fieldText, with its length for the styles (--chars: the font
 * shrinks to fit the field, styles.css), and the exact number as the tooltip when the text
 * shortened it.
 */
function showValue(input, x, digits) {
  const text = fieldText(x, digits);
  if (input.value !== text) input.value = text;
  if (input.dataset.chars !== String(text.length)) {
    input.dataset.chars = String(text.length);
    input.style.setProperty('--chars', String(text.length));
  }
  const title = Number(text) !== x ? String(x) : '';
  if (input.title !== title) input.title = title;
}

/** Lays a row of fields out one per line while one of its texts is longer than STACK_CHARS. */
function stackLongRows(inputs) {
  for (const row of new Set(inputs.map((i) => i.closest('.inputs')).filter(Boolean))) {
    const stacked = [...row.querySelectorAll('input')].some((i) => i.value.length > STACK_CHARS);
    if (row.classList.contains('stacked') !== stacked) row.classList.toggle('stacked', stacked);
  }
}

/** The quaternion [x, y, z, w] of an OBB (from `rotation`, or from its `axes`). */
function quaternionOf(volume) {
  if (volume.rotation) return Array.from(volume.rotation);
  const [u, v, w] = volume.axes;
  const m = new Matrix4().makeBasis(new Vector3(...u), new Vector3(...v), new Vector3(...w));
  return new Quaternion().setFromRotationMatrix(m).toArray();
}

export class Inspector {
  rotationForm = 'euler';
  #id = null;
  #shape = '';
  #inputs = [];
  #problem;
  /** The field being typed in (its text not yet committed): refreshes leave it alone. */
  #typing = null;

  /**
   * actions: onChange(id, volume, {transient}), onRename(id, name), onConvert(id),
   * onDuplicate(id), onDelete(id), onVelocity(id, [vx, vy, vz], {transient}) (when given, the
   * velocity fields are shown). pose: only where the volume is and how it is turned (an OBB's
   * centre and rotation; no name, size or actions): the fields of a mesh's stand-in OBB.
   */
  constructor(root, sx, actions, { pose = false } = {}) {
    this.root = root;
    this.sx = sx;
    this.actions = actions;
    this.pose = pose;
    this.body = h('div', { class: 'inspector-body' });
    root.append(this.body);
    // Ctrl+Z / Ctrl+Y in a field is the app's undo (keyboard.js): the field then shows the
    // undone value, even what was being typed in it.
    root.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && /^[zy]$/i.test(e.key)) this.#typing = null;
    });
  }

  /** entry: the active {id, name, volume} or undefined; role: 'A' | 'B' | null. */
  update(entry, role = this.role) {
    this.role = role;
    if (!entry) {
      this.#id = null;
      this.#shape = '';
      setChildren(this.body, h('p', { class: 'hint' }, 'Select a volume to edit it: click it in the view or in the list.'));
      return;
    }
    const v = entry.volume;
    const shape = `${entry.id}|${v.type}|${v.k ?? ''}|${this.rotationForm}|${role}`;
    if (shape !== this.#shape) this.#build(entry, role);
    this.#shape = shape;
    this.entry = entry;
    for (const input of this.#inputs) {
      if (input === this.#typing && input === document.activeElement) continue;
      showValue(input, this.#value(entry, input.dataset.path), input.dataset.path.startsWith('quat') ? 6 : 4);
      input.classList.remove('invalid');
    }
    stackLongRows(this.#inputs);
    if (document.activeElement?.dataset?.path === undefined) this.#problem.textContent = '';
    const name = this.body.querySelector('input.name');
    if (name && name !== document.activeElement && name.value !== (entry.name ?? '')) name.value = entry.name ?? '';
  }

  #build(entry, role) {
    const v = entry.volume;
    this.#id = entry.id;
    this.#inputs = [];
    const typeName = v.type === 'kdop' ? `${v.k}-DOP` : v.type === 'sphere' ? 'Sphere' : v.type === 'triangle' ? 'Triangle' : v.type.toUpperCase();
    const header = h('div', { class: 'inspector-head' },
      role ? h('span', { class: `chip ${role.toLowerCase()}` }, role) : null,
      h('input', {
        class: 'name', type: 'text', maxLength: MAX_NAME, value: entry.name ?? '', 'aria-label': 'Name',
        onchange: (e) => this.actions.onRename(this.#id, e.target.value.trim().slice(0, MAX_NAME)),
      }),
      h('span', { class: 'type-tag' }, typeName));
    const groups = [];
    const row = (label, paths, opts) => groups.push(this.#row(label, paths, opts));
    const xyz = (field) => [0, 1, 2].map((i) => `${field}.${i}`);
    const XYZ = ['x', 'y', 'z'];
    if (v.type === 'sphere') {
      row('Center', xyz('center'), { tags: XYZ });
      row('Radius', ['radius'], { min: 0, tags: ['r'] });
    } else if (v.type === 'aabb') {
      row('Min', xyz('min'), { tags: XYZ });
      row('Max', xyz('max'), { tags: XYZ });
    } else if (v.type === 'obb') {
      row(this.pose ? 'Position' : 'Center', xyz('center'), { tags: XYZ });
      if (!this.pose) row('Half-extents', xyz('halfExtents'), { min: 0, tags: XYZ });
      const toggle = h('div', { class: 'segmented small', role: 'group', 'aria-label': 'Rotation as' },
        ...[['euler', 'Euler°'], ['quat', 'Quaternion']].map(([form, text]) => h('button', {
          class: this.rotationForm === form ? 'on' : '', 'aria-pressed': String(this.rotationForm === form),
          onclick: () => { this.rotationForm = form; this.update(this.entry); },
        }, text)));
      groups.push(h('div', { class: 'field-head' }, h('span', { class: 'field-label' }, 'Rotation'), toggle));
      if (this.rotationForm === 'euler') groups.push(this.#row('Euler angles (degrees, XYZ order)', ['euler.0', 'euler.1', 'euler.2'], { step: 5, tags: XYZ }));
      else groups.push(this.#row('Quaternion (normalised on entry)', ['quat.0', 'quat.1', 'quat.2', 'quat.3'], { step: 0.01, tags: ['x', 'y', 'z', 'w'] }));
    } else if (v.type === 'kdop') {
      // A k-DOP has no centre field of its own: this is its bounding box's centre, and typing it
      // moves every slab together (edit.js translated), so a k-DOP moves by typing as others do.
      row('Center', xyz('center'), { tags: XYZ });
      // A new k keeps the shape as well as the new directions allow: the tightest k-DOP around
      // the current polytope's corners.
      const kSelect = h('select', {
        'aria-label': 'k of this k-DOP',
        onchange: (e) => this.actions.onChange(this.#id, withK(this.sx, this.entry.volume, Number(e.target.value)), { transient: false }),
      }, ...KDOP_KS.map((k) => h('option', { value: String(k), selected: k === v.k }, `k = ${k}`)));
      groups.push(h('div', { class: 'field-head' }, h('span', { class: 'field-label' }, 'Directions'), kSelect));
      const names = KDOP_DIRECTIONS[v.k];
      groups.push(h('p', { class: 'field-note' }, `Slabs min ≤ d·x ≤ max on the ${names.length} directions d of ${aKdop(v.k)}:`));
      names.forEach((name, i) => row(name, [`min.${i}`, `max.${i}`], { inline: true, tags: ['min', 'max'] }));
    } else if (v.type === 'triangle') {
      for (const corner of CORNERS) row(`Corner ${corner}`, xyz(corner), { tags: XYZ });
    }
    if (this.actions.onVelocity) {
      groups.push(h('p', { class: 'field-note' }, 'Motion: the fields above are at t = 0; the volume moves by velocity × t.'));
      row('Velocity', xyz('velocity'), { tags: ['vx', 'vy', 'vz'] });
    }
    const note = rotationNote(v);
    const notes = [];
    if (v.type === 'aabb') {
      notes.push(h('div', { class: 'note' }, h('span', {}, note),
        h('button', { class: 'small', onclick: () => this.actions.onConvert(this.#id) }, 'Convert to OBB')));
    } else if (note && v.type === 'kdop') notes.push(h('p', { class: 'note' }, note));
    this.#problem = h('p', { class: 'problem', role: 'alert' });
    const actions = h('div', { class: 'inspector-actions' },
      h('button', { class: 'small', onclick: () => this.actions.onDuplicate(this.#id), title: 'Duplicate (Shift+D)' }, 'Duplicate'),
      h('button', { class: 'small danger', onclick: () => this.actions.onDelete(this.#id), title: 'Delete (Del)' }, 'Delete'));
    if (this.pose) setChildren(this.body, h('div', { class: `fields ${v.type}` }, groups), this.#problem);
    else setChildren(this.body, header, h('div', { class: `fields ${v.type}` }, groups), notes, this.#problem, actions);
  }

  /** A labelled group of number inputs; each input is tagged with its component (x, y, z...). */
  #row(label, paths, { min, step = 0.1, inline = false, tags } = {}) {
    const inputs = paths.map((path, i) => {
      const input = h('input', {
        type: 'number', step, dataset: { path }, 'aria-label': `${label} ${tags?.[i] ?? path}`,
        oninput: () => { this.#typing = input; this.#edit(input, true); },
        onchange: () => { this.#typing = null; this.#edit(input, false); },
        onblur: () => { this.#typing = null; this.update(this.entry); },
      });
      if (min !== undefined) input.min = min;
      this.#inputs.push(input);
      return tags ? h('label', { class: 'num' }, h('span', { class: 'tag' }, tags[i]), input) : input;
    });
    if (inline) return h('div', { class: `field inline cols${paths.length}` }, h('span', { class: 'field-label mono' }, label), ...inputs);
    return h('div', { class: 'field' }, h('span', { class: 'field-label' }, label), h('div', { class: `inputs cols${paths.length}` }, ...inputs));
  }

  /** A field's value: the volume's, or the entry's velocity. */
  #value(entry, path) {
    return path.startsWith('velocity.') ? velocityOf(entry)[+path.split('.')[1]] : this.#read(entry.volume, path);
  }

  /** Writes one velocity component; a bad value is said and changes nothing. */
  #editVelocity(input, transient) {
    const entry = this.entry;
    const i = +input.dataset.path.split('.')[1];
    const name = `Velocity v${'xyz'[i]}`;
    const value = input.value === '' ? NaN : input.valueAsNumber;
    const problem = Number.isNaN(value) ? `${name} must be a finite number` : speedProblem(value, name);
    if (!problem) {
      input.classList.remove('invalid');
      this.#problem.textContent = '';
      const velocity = [...velocityOf(entry)];
      velocity[i] = value;
      this.actions.onVelocity(entry.id, velocity, { transient });
    } else if (transient) {
      // Typing may pass through a text that is no number yet ("-", "1e"): said only when it ends.
      if (!Number.isNaN(value)) {
        input.classList.add('invalid');
        this.#problem.textContent = problem;
      }
    } else {
      input.classList.remove('invalid');
      this.#problem.textContent = `Not applied: ${problem}`;
      showValue(input, velocityOf(entry)[i]);
    }
  }

  #read(v, path) {
    const [field, index] = path.split('.');
    if (field === 'euler') {
      const e = new Euler().setFromQuaternion(new Quaternion(...quaternionOf(v)), 'XYZ');
      return MathUtils.radToDeg([e.x, e.y, e.z][+index]);
    }
    if (field === 'quat') return quaternionOf(v)[+index];
    if (v.type === 'triangle' && CORNERS.includes(field)) return v.vertices[CORNERS.indexOf(field)][+index];
    if (v.type === 'kdop' && field === 'center') {
      const box = this.sx.boundingBox(v);
      return (box.min[+index] + box.max[+index]) / 2;
    }
    return index === undefined ? v[field] : v[field][+index];
  }

  /** Writes one field into a copy of the volume; sends it when valid, else shows the problem. */
  #edit(input, transient) {
    const entry = this.entry;
    if (!entry) return;
    const value = input.valueAsNumber;
    const path = input.dataset.path;
    const [field, index] = path.split('.');
    if (field === 'velocity') return this.#editVelocity(input, transient);
    let v = structuredClone(entry.volume);
    if (Number.isNaN(value)) {
      if (!transient) this.update(entry);
      return;
    }
    if (field === 'euler' || field === 'quat') {
      let q;
      if (field === 'euler') {
        const deg = [0, 1, 2].map((i) => (i === +index ? value : this.#read(entry.volume, `euler.${i}`)));
        q = new Quaternion().setFromEuler(new Euler(...deg.map(MathUtils.degToRad), 'XYZ')).toArray();
      } else {
        q = quaternionOf(entry.volume);
        q[+index] = value;
        // A typed quaternion is rarely unit length: normalise it (zero stays invalid).
        const n = Math.hypot(...q);
        if (n > 0) q = q.map((x) => x / n);
      }
      delete v.axes;
      v.rotation = q;
    } else if (v.type === 'kdop' && field === 'center') {
      const d = [0, 0, 0];
      d[+index] = value - this.#read(entry.volume, path);
      v = translated(this.sx, entry.volume, d);
    } else if (v.type === 'triangle' && CORNERS.includes(field)) {
      v.vertices[CORNERS.indexOf(field)][+index] = value;
    } else if (index === undefined) v[field] = value;
    else v[field][+index] = value;
    const problems = this.sx.validate(v);
    input.classList.toggle('invalid', problems.length > 0);
    this.#problem.textContent = problems.length ? problems[0].message : '';
    if (problems.length === 0) this.actions.onChange(entry.id, v, { transient });
    else if (!transient) {
      input.classList.remove('invalid');
      this.#problem.textContent = `Not applied: ${problems[0].message}`;
      showValue(input, this.#read(entry.volume, path));
    }
  }
}
