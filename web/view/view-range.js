// What the 3D view can draw. WebGL computes in 32-bit floats (the largest is 3.4e38; 7 digits).
// three.js multiplies each object's matrix by the camera's in doubles before handing them to
// WebGL, so what must fit in floats is the scene as seen from the camera: its size, not its
// distance from the origin (a pair at 1e300 the size of a room draws like one at the origin).
// The camera sits a few sizes away and its far plane 50 distances out: 1e30 leaves room for both.

/** The largest scene (its longest side, world units) the view draws. */
export const VIEW_MAX = 1e30;
/** The smallest: below, the near plane and depths pass what 32-bit floats resolve. */
export const VIEW_MIN = 1e-30;
/**
 * The smallest scene relative to its distance from the origin: the camera is placed in doubles a
 * few sizes from the scene, and at 1e308 doubles are 2e292 apart, so a scene 2 units across there
 * leaves the camera nowhere to stand. 1e-12 keeps about 4,500 steps of a double across the scene.
 */
export const VIEW_MIN_RELATIVE = 1e-12;

/** The middle of a box ({min, max}), from halves: no overflow near the largest double. */
export function middle(box) {
  return box.min.map((m, i) => m / 2 + box.max[i] / 2);
}

/** The box around boxes: { min, max }, or null for none. */
export function joined(boxes) {
  if (!boxes.length) return null;
  return {
    min: [0, 1, 2].map((i) => Math.min(...boxes.map((b) => b.min[i]))),
    max: [0, 1, 2].map((i) => Math.max(...boxes.map((b) => b.max[i]))),
  };
}

/** Half the diagonal of a box (from halves: finite for any box of finite numbers). */
export function halfDiagonal(box) {
  return Math.hypot(...box.min.map((m, i) => box.max[i] / 2 - m / 2));
}

/** Why the view cannot draw boxes (a sentence for people), or null when it can. */
export function undrawable(boxes) {
  const box = joined(boxes);
  if (!box) return null;
  const size = Math.max(...box.min.map((m, i) => box.max[i] / 2 - m / 2)) * 2;
  const text = (x) => (Number.isFinite(x) ? String(Number(x.toPrecision(2))) : 'more than the largest double, 1.8e308,');
  if (size > VIEW_MAX) {
    return `These volumes span ${text(size)} units: too large for the 3D view, which draws with WebGL's 32-bit floats (at most ${VIEW_MAX.toExponential()} here). The verdict, the axes and the inspector use the exact numbers.`;
  }
  if (size > 0 && size < VIEW_MIN) {
    return `These volumes span ${text(size)} units: too small for the 3D view, which draws with WebGL's 32-bit floats (at least ${VIEW_MIN.toExponential()} here). The verdict, the axes and the inspector use the exact numbers.`;
  }
  const far = Math.max(...box.min.map(Math.abs), ...box.max.map(Math.abs));
  if (size < far * VIEW_MIN_RELATIVE) {
    return `These volumes are ${text(far)} units from the origin but only ${text(size)} across: doubles so far out are too coarse for the 3D view to place its camera (it needs a size of at least ${VIEW_MIN_RELATIVE.toExponential()} of the distance). The verdict, the axes and the inspector use the exact numbers.`;
  }
  return null;
}
