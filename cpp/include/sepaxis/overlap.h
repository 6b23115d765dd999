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
// The sphere–sphere and AABB–AABB tests' arithmetic, written once for any lane type V: double in
// the single calls below, SIMD lanes in the batches (cpp/src/batch_lanes.h over cpp/src/lanes.h:
// two doubles or four floats, each lane rounding as the double does). V needs only +, -, * and
// comparisons whose results combine with &.

/// The squared distance of two centres and the spheres' reach (the sum of the radii), in the
/// order of operations every sphere–sphere verdict uses: the pair overlaps when d2 <= reach^2.
template <class V>
struct CentresAndReach {
  V d2, reach;
};
template <class V>
inline CentresAndReach<V> centresAndReach(V ax, V ay, V az, V ar, V bx, V by, V bz, V br) {
  const V dx = bx - ax, dy = by - ay, dz = bz - az;
  return {dx * dx + dy * dy + dz * dz, ar + br};
}

/// One axis of the AABB test: [a0, a1] and [b0, b1] share a point (false when a number is NaN).
template <class V>
inline auto intervalsMeet(V a0, V a1, V b0, V b1) {
  return (a0 <= b1) & (b0 <= a1);
}

/// The sphere test beyond squaresInRange: out of line (overlap.cpp), scaled when the pair lies far
/// outside the ordinary range of doubles (cpp/src/range_scale.h).
bool spheresOverlapBeyondRange(const Sphere& a, const Sphere& b);
}  // namespace detail

/// Short enough to live here: inlined, the two volumes never go through memory.
/// withinDistance's fast path first: where it applies, scaling would change nothing (it is exact
/// and the scaled squares stay in range), so only the other pairs pay for the range check.
inline bool overlaps(const Sphere& a, const Sphere& b) {
  const auto [d2, reach] = detail::centresAndReach(a.center.x, a.center.y, a.center.z, a.radius, b.center.x, b.center.y,
                                                   b.center.z, b.radius);
  const double r2 = reach * reach;
  if (squaresInRange(d2, r2)) return d2 <= r2;
  return detail::spheresOverlapBeyondRange(a, b);
}
bool overlaps(const Sphere& a, const Aabb& b);
bool overlaps(const Sphere& a, const Obb& b);
bool overlaps(const Sphere& a, const Kdop& b);
inline bool overlaps(const Aabb& a, const Aabb& b) {
  // The 6-DOP candidate set is just x, y, z: the general path reduces to this. `&`, not `&&`: six
  // comparisons cost less than the mispredicted branches between them (same answer, NaN included).
  return detail::intervalsMeet(a.min.x, a.max.x, b.min.x, b.max.x) &
         detail::intervalsMeet(a.min.y, a.max.y, b.min.y, b.max.y) &
         detail::intervalsMeet(a.min.z, a.max.z, b.min.z, b.max.z);
}
bool overlaps(const Aabb& a, const Obb& b);
bool overlaps(const Aabb& a, const Kdop& b);
bool overlaps(const Obb& a, const Obb& b);
bool overlaps(const Obb& a, const Kdop& b);
bool overlaps(const Kdop& a, const Kdop& b);
/// A triangle against a polytope: the polytope's faces, the triangle's normal and the edge crosses;
/// two triangles in parallel planes also the normals of their sides in those planes; against a
/// sphere its exact closest point.
bool overlaps(const Sphere& a, const Triangle& b);
bool overlaps(const Aabb& a, const Triangle& b);
bool overlaps(const Obb& a, const Triangle& b);
bool overlaps(const Kdop& a, const Triangle& b);
bool overlaps(const Triangle& a, const Triangle& b);

// The reversed orders are the same test: symmetric by construction.
inline bool overlaps(const Aabb& a, const Sphere& b) { return overlaps(b, a); }
inline bool overlaps(const Obb& a, const Sphere& b) { return overlaps(b, a); }
inline bool overlaps(const Kdop& a, const Sphere& b) { return overlaps(b, a); }
inline bool overlaps(const Obb& a, const Aabb& b) { return overlaps(b, a); }
inline bool overlaps(const Kdop& a, const Aabb& b) { return overlaps(b, a); }
inline bool overlaps(const Kdop& a, const Obb& b) { return overlaps(b, a); }
inline bool overlaps(const Triangle& a, const Sphere& b) { return overlaps(b, a); }
inline bool overlaps(const Triangle& a, const Aabb& b) { return overlaps(b, a); }
inline bool overlaps(const Triangle& a, const Obb& b) { return overlaps(b, a); }
inline bool overlaps(const Triangle& a, const Kdop& b) { return overlaps(b, a); }

bool overlaps(const Volume& a, const Volume& b);

/// The classic k-DOP test (Klosowski et al.): compares the slab intervals of the directions both
/// k-DOPs share. Only conservative: true whenever the k-DOPs overlap, but also for some pairs that
/// are apart along a cross product of their edges. Use it as a cheap first pass.
bool overlapsConservative(const Kdop& a, const Kdop& b);

}  // namespace sepaxis
