// Undo and redo over the scene model. A step is the scene after a finished change: an added,
// removed, renamed, loaded or edited volume, or a new end of the time range. A drag or a keystroke in progress (transient) becomes
// one step when it ends; selecting alone is not a step. A step restores the volumes together with
// the selection they had, so undoing an edit shows the pair that was being edited.

const LIMIT = 200;

export class UndoHistory {
  #model;
  #past = [];
  #future = [];
  #current;
  #restoring = false;

  /** onChange(): called when canUndo / canRedo may have changed. */
  constructor(model, onChange = () => {}) {
    this.#model = model;
    this.onChange = onChange;
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
    } finally {
      this.#restoring = false;
    }
    this.onChange();
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
    return { scene: JSON.stringify(scene), content: JSON.stringify(content) };
  }
}
