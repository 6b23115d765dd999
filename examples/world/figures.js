// The frame's figures on screen: what the world's calls cost (milliseconds a frame, smoothed
// over the last few dozen frames so they can be read) and what they found.

/** The smoothing of the timings: each frame weighs this much. */
const WEIGHT = 0.1;

/** Times world calls by kind; show() writes them into the elements named `<kind>-ms`. */
export function createFigures(kinds) {
  const ms = Object.fromEntries(kinds.map((k) => [k, 0]));
  const frame = Object.fromEntries(kinds.map((k) => [k, 0]));
  const shown = Object.fromEntries(kinds.map((k) => [k, document.getElementById(`${k}-ms`)]));
  return {
    /** Runs fn, adds its time to this frame's `kind`, returns what fn returns. */
    time(kind, fn) {
      const t0 = performance.now();
      const result = fn();
      frame[kind] += performance.now() - t0;
      return result;
    },
    /** Ends the frame: smooths its times in and shows them. */
    show() {
      for (const k of kinds) {
        ms[k] = ms[k] === 0 ? frame[k] : (1 - WEIGHT) * ms[k] + WEIGHT * frame[k];
        frame[k] = 0;
        shown[k].textContent = ms[k].toFixed(2);
      }
    },
  };
}

/** Writes `text` into the element with id `id`. */
export function show(id, text) {
  document.getElementById(id).textContent = text;
}
