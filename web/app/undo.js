// Undo and redo over the scene model. A step is the scene after a finished change: an added,
// removed, renamed, loaded or edited volume, or a new end of the time range. A drag or a keystroke in progress (transient) becomes
// one step when it ends; selecting alone is not a step. A step restores the volumes together with
// the selection they had, so undoing an edit shows the pair that was being edited.
// State kept outside the model (the scene mesh's pose: `extra`) is part of each step too; its
// owner calls changed() after a finished change, keep() after one that is not a step.

const LIMIT = 200;

export class UndoHistory {
  #model;
  #past = [];
  #future = [];
  #current;
  #restoring = false;

  #extra;

  /**
   * onChange(): called when canUndo / canRedo may have changed. extra: { snapshot() -> a value
   * (JSON-comparable), restore(value) } for state outside the model, or null.
   */
  constructor(model, onChange = () => {}, extra = null) {
    this.#model = model;
    this.onChange = onChange;
    this.#extra = extra;
    this.#current = this.#snapshot();
    model.addEventListener('change', (e) => this.#record(e.detail));
  }

  get canUndo() { return this.#past.length > 0; }
  get canRedo() { return this.#future.length > 0; }

  /** Forgets every step: the scene as it is now is where undo stops (after opening a link). */
  reset() {
    this.#past = [];
    this.#future = [];
    this.#current = this.#snapshot();
    this.onChange();
  }

  undo() { this.#move(this.#past, this.#future); }
  redo() { this.#move(this.#future, this.#past); }

  #move(from, to) {
    if (from.length === 0) return;
    to.push(this.#current);
    this.#current = from.pop();
    this.#restoring = true;
    try {
      this.#model.load(JSON.parse(this.#current.scene));
      this.#extra?.restore(this.#current.extra);
    } finally {
      this.#restoring = false;
    }
    this.onChange();
  }

  /** Records a finished change of the extra state as a step. */
  changed() {
    this.#record({});
  }

  /** Takes the extra state as it is now into the present step, without a step of its own. */
  keep() {
    if (!this.#restoring) this.#current = this.#snapshot();
  }

  #record(detail) {
    if (this.#restoring || detail.transient) return;
    const next = this.#snapshot();
    if (next.content === this.#current.content) {
      this.#current = next;  // the selection alone changed: keep it with this step
      return;
    }
    this.#past.push(this.#current);
    if (this.#past.length > LIMIT) this.#past.shift();
    this.#future = [];
    this.#current = next;
    this.onChange();
  }

  #snapshot() {
    const scene = this.#model.toJSON();
    const { selection: _, ...content } = scene;
    const extra = this.#extra?.snapshot();
    return { scene: JSON.stringify(scene), extra, content: JSON.stringify({ content, extra }) };
  }
}
