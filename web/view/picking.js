// Picking volumes with the pointer, along the view ray with the package's exact ray cast
// (sx.raycast). Volumes are drawn see-through, so the reader sees a volume inside another
// (a crate inside a bar's bounding sphere) and points at it: a hit whose stretch of the ray lies
// within another hit's is preferred to the one that encloses it; otherwise the nearest entry (the
// surface in front). Clicking again at the same spot picks the next volume under the pointer
// (pickCycle), so every volume there can be reached. A click or tap (little movement between
// down and up) picks; a drag orbits the camera instead; a mouse hovering highlights.

/** A pick is a click when the pointer moved less than this (CSS pixels) between down and up. */
export const CLICK_SLOP = 5;

/**
 * Where the ray { origin, direction (unit) } is inside the volume: { enter, exit } distances, or
 * null on a miss. The exit is the entry of the reversed ray cast from beyond the volume's box.
 */
function stretch(sx, volume, { origin, direction }) {
  const hit = sx.raycast(volume, origin, direction);
  if (!hit) return null;
  const box = sx.boundingBox(volume);
  const across = 2 * Math.hypot(...box.min.map((m, i) => box.max[i] / 2 - m / 2));
  const far = hit.distance + across + 1;
  const back = Number.isFinite(far) && sx.raycast(volume, origin.map((o, i) => o + direction[i] * far), direction.map((d) => -d));
  return { enter: hit.distance, exit: back ? far - back.distance : hit.distance };
}

/**
 * The ids of the volumes the ray { origin, direction (unit) } hits, the one to pick first:
 * starting from the nearest entry, a hit whose stretch lies within the present choice's (a
 * volume enclosed by it along the ray) is preferred, and so on inwards; the others follow in the
 * order the ray enters them.
 */
export function volumesAlong(sx, volumes, ray) {
  const hits = [];
  for (const { id, volume } of volumes) {
    const s = stretch(sx, volume, ray);
    if (s) hits.push({ id, ...s });
  }
  hits.sort((a, b) => a.enter - b.enter);
  if (!hits.length) return [];
  let chosen = hits[0];
  for (const h of hits) {
    if (h !== chosen && h.enter >= chosen.enter && h.exit <= chosen.exit) chosen = h;
  }
  return [chosen.id, ...hits.filter((h) => h !== chosen).map((h) => h.id)];
}

/**
 * Repeated clicks at one spot: each click within CLICK_SLOP of the last, over the same volumes,
 * picks the next of them (round the stack); a click elsewhere starts at the first.
 * next(x, y, ids) -> { id, index, count } | null.
 */
export function pickCycle() {
  let last = null;
  return {
    next(x, y, ids) {
      if (!ids.length) {
        last = null;
        return null;
      }
      const again = last && Math.hypot(x - last.x, y - last.y) <= CLICK_SLOP && last.ids.join('\n') === ids.join('\n');
      const index = again ? (last.index + 1) % ids.length : 0;
      last = { x, y, ids, index };
      return { id: ids[index], index, count: ids.length };
    },
    /** The id the last click at (x, y) chose among ids, or null (another spot, other volumes). */
    chosenAt(x, y, ids) {
      if (!last || Math.hypot(x - last.x, y - last.y) > CLICK_SLOP || last.ids.join('\n') !== ids.join('\n')) return null;
      return last.ids[last.index];
    },
    forget() {
      last = null;
    },
  };
}

/**
 * handlers: along(clientX, clientY) -> ids (volumesAlong); onGizmo() -> true when the pointer is
 * on the gizmo (its drag is not a pick); onPick(id | null, { index, count }); onHover(id | null).
 */
export function installPicking(canvas, { along, onGizmo, onPick, onHover }) {
  let down = null;
  let hoverFrame = 0;
  const cycle = pickCycle();
  canvas.addEventListener('pointerdown', (e) => {
    down = { x: e.clientX, y: e.clientY, onGizmo: onGizmo() };
  });
  canvas.addEventListener('pointerup', (e) => {
    const start = down;
    down = null;
    if (!start || start.onGizmo || onGizmo()) return;
    if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_SLOP) return;
    const picked = cycle.next(e.clientX, e.clientY, along(e.clientX, e.clientY));
    onPick(picked?.id ?? null, picked ?? { index: 0, count: 0 });
  });
  canvas.addEventListener('pointermove', (e) => {
    if (e.pointerType !== 'mouse' || e.buttons || hoverFrame) return;
    // At most one pick per frame.
    hoverFrame = requestAnimationFrame(() => {
      hoverFrame = 0;
      onHover(along(e.clientX, e.clientY)[0] ?? null);
    });
  });
  canvas.addEventListener('pointerleave', () => onHover(null));
}
