// Edits of volumes that the app makes (moving a copy, converting an AABB), expressed through the
// package where it has the operation (sx.transform), so the app holds no geometry of its own.

/** The volume moved by d = [dx, dy, dz]; keeps its type (an AABB stays an AABB). */
export function translated(sx, volume, d) {
  if (volume.type === 'sphere' || volume.type === 'obb') return { ...volume, center: volume.center.map((c, i) => c + d[i]) };
  if (volume.type === 'aabb') return sx.transform(volume, { translation: d }, { enclosingAabb: true });
  return sx.transform(volume, { translation: d });
}

/**
 * The volume moved by a report's minimum translation vector ({ normal, depth }): out of contact.
 * Throws a RangeError (the package's, naming the field) when the move would take it past the
 * largest double.
 */
export function movedByMtv(sx, volume, penetration) {
  const moved = translated(sx, volume, penetration.normal.map((x) => x * penetration.depth));
  const problem = sx.validate(moved)[0];
  if (problem) throw new RangeError(problem.message);
  return moved;
}

/** The OBB equal to an AABB (identity rotation), for turning it. */
export function aabbToObb(aabb) {
  return {
    type: 'obb',
    // Halves first: the sum or the difference of two bounds may pass the largest double.
    center: aabb.min.map((m, i) => m / 2 + aabb.max[i] / 2),
    halfExtents: aabb.min.map((m, i) => aabb.max[i] / 2 - m / 2),
    rotation: [0, 0, 0, 1],
  };
}

/** The tightest k-DOP of another k around a k-DOP's polytope (its corners, from the package). */
export function withK(sx, kdop, k) {
  return sx.fit('kdop', sx.polytope(kdop).vertices, { k });
}

/** Why a volume cannot rotate, or null when it can. */
export function rotationNote(volume) {
  if (!volume) return null;
  if (volume.type === 'aabb') return 'An AABB is axis-aligned: it cannot rotate. Convert it to an OBB to turn it.';
  if (volume.type === 'kdop') return 'A k-DOP\'s slab directions are fixed: it can move and scale, not rotate.';
  if (volume.type === 'sphere') return 'A sphere looks the same in every orientation: there is nothing to rotate.';
  return null;
}
