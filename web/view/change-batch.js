// The one-way data flow's clock: the scene model fires a change event per edit; they are merged
// here into one refresh per task (a microtask after the first), so a preset that adds ten
// volumes, or a drag's pointer event that moves one, refreshes the view and panels once.

export class ChangeBatch {
  /**
   * What the next refresh covers: { ids: Set of changed ids | null (all), selection, maxTime,
   * transient }.
   */
  #pending = null;
  #refresh;

  /** refresh({ ids, selection, maxTime, transient }) applies a merged batch. */
  constructor(refresh) {
    this.#refresh = refresh;
  }

  /** Adds a model change event's detail ({ volumes: ids | null, selection, maxTime?, transient }). */
  add(detail) {
    const first = !this.#pending;
    const p = this.#pending ??= { ids: new Set(), selection: false, maxTime: false, transient: true };
    if (detail.volumes === null) p.ids = null;
    else if (p.ids) for (const id of detail.volumes) p.ids.add(id);
    p.selection ||= detail.selection;
    p.maxTime ||= !!detail.maxTime;
    p.transient &&= !!detail.transient;
    if (first) queueMicrotask(() => this.flush());
  }

  /** Applies the pending changes now (normally done once per task). */
  flush() {
    if (!this.#pending) return;
    const p = this.#pending;
    this.#pending = null;
    this.#refresh(p);
  }
}
