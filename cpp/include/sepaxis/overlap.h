#pragma once
/// Exact boolean overlap tests for every pair of volume types, both orders. Closed sets: touching
/// counts as overlap. Exact: the answer is the true one whenever the signed margin exceeds rounding
/// (a few ulps of the volumes' size and distance). No allocation, no report built.
///
/// Polytopes (AABB, OBB, k-DOP) are tested on every candidate separating axis: the face normals
/// of both and the cross products of their edge directions (Gottschalk et al. 1996; Ericson,
/// Real-Time Collision Detection, 4.4.1 and 5.2.1). Pairs with a sphere use the exact closest
/// point of the other volume to the sphere's centre.

#include "sepaxis/volume.h"

namespace sepaxis {

namespace detail {
/// The sphere test beyond squaresInRange: out of line (overlap.cpp), scaled when the pair lies far
/// outside the ordinary range of doubles (cpp/src/range_scale.h).
bool spheresOverlapBeyondRange(const Sphere& a, const Sphere& b);
}  // namespace detail

/// Short enough to live here: inlined, the two volumes never go through memory.
/// withinDistance's fast path first: where it applies, scaling would change nothing (it is exact
/// and the scaled squares stay in range), so only the other pairs pay for the range check.
inline bool overlaps(const Sphere& a, const Sphere& b) {
  const Vec3 d = b.center - a.center;
  const double r = a.radius + b.radius;
  const double d2 = dot(d, d), r2 = r * r;
  if (squaresInRange(d2, r2)) return d2 <= r2;
  return detail::spheresOverlapBeyondRange(a, b);
}
bool overlaps(const Sphere& a, const Aabb& b);
bool overlaps(const Sphere& a, const Obb& b);
bool overlaps(const Sphere& a, const Kdop& b);
inline bool overlaps(const Aabb& a, const Aabb& b) {
  // The 6-DOP candidate set is just x, y, z: the general path reduces to this. `&`, not `&&`: six
  // comparisons cost less than the mispredicted branches between them (same answer, NaN included).
  return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y) &
         (a.min.z <= b.max.z) & (b.min.z <= a.max.z);
}
bool overlaps(const Aabb& a, const Obb& b);
bool overlaps(const Aabb& a, const Kdop& b);
bool overlaps(const Obb& a, const Obb& b);
bool overlaps(const Obb& a, const Kdop& b);
bool overlaps(const Kdop& a, const Kdop& b);

// The reversed orders are the same test: symmetric by construction.
inline bool overlaps(const Aabb& a, const Sphere& b) { return overlaps(b, a); }
inline bool overlaps(const Obb& a, const Sphere& b) { return overlaps(b, a); }
inline bool overlaps(const Kdop& a, const Sphere& b) { return overlaps(b, a); }
inline bool overlaps(const Obb& a, const Aabb& b) { return overlaps(b, a); }
inline bool overlaps(const Kdop& a, const Aabb& b) { return overlaps(b, a); }
inline bool overlaps(const Kdop& a, const Obb& b) { return overlaps(b, a); }

bool overlaps(const Volume& a, const Volume& b);

/// The classic k-DOP test (Klosowski et al.): compares the slab intervals of the directions both
/// k-DOPs share. Only conservative: true whenever the k-DOPs overlap, but also for some pairs that
/// are apart along a cross product of their edges. Use it as a cheap first pass.
bool overlapsConservative(const Kdop& a, const Kdop& b);

}  // namespace sepaxis
