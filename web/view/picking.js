// Picking volumes with the pointer: the nearest hit of the package's exact ray cast
// (sx.raycast) along the view ray. A click or tap (little movement between down and up) picks;
// a drag orbits the camera instead; a mouse hovering highlights.

/** A pick is a click when the pointer moved less than this (CSS pixels) between down and up. */
const CLICK_SLOP = 5;

/** The id of the volume nearest along the ray { origin, direction }, or null. */
export function pickVolume(sx, volumes, { origin, direction }) {
  let best = null, bestDistance = Infinity;
  for (const { id, volume } of volumes) {
    const hit = sx.raycast(volume, origin, direction);
    if (hit && hit.distance < bestDistance) {
      best = id;
      bestDistance = hit.distance;
    }
  }
  return best;
}

/**
 * handlers: pick(clientX, clientY) -> id | null; onGizmo() -> true when the pointer is on the
 * gizmo (its drag is not a pick); onPick(id | null); onHover(id | null).
 */
export function installPicking(canvas, { pick, onGizmo, onPick, onHover }) {
  let down = null;
  let hoverFrame = 0;
  canvas.addEventListener('pointerdown', (e) => {
    down = { x: e.clientX, y: e.clientY, onGizmo: onGizmo() };
  });
  canvas.addEventListener('pointerup', (e) => {
    const start = down;
    down = null;
    if (!start || start.onGizmo || onGizmo()) return;
    if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_SLOP) return;
    onPick(pick(e.clientX, e.clientY));
  });
  canvas.addEventListener('pointermove', (e) => {
    if (e.pointerType !== 'mouse' || e.buttons || hoverFrame) return;
    // At most one pick per frame.
    hoverFrame = requestAnimationFrame(() => {
      hoverFrame = 0;
      onHover(pick(e.clientX, e.clientY));
    });
  });
  canvas.addEventListener('pointerleave', () => onHover(null));
}
