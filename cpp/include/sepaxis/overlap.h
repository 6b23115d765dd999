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
/// Valid spheres near +-1e308 can have an infinite offset d or reach r: pairs whose offset and
/// reach exceed 2^460 are tested scaled down (spheresOverlapHuge; collide() does the same).
inline bool sphereSumsHuge(Vec3 d, double r) { return !(std::fabs(d.x) + std::fabs(d.y) + std::fabs(d.z) + r <= 0x1p460); }
bool spheresOverlapHuge(const Sphere& a, const Sphere& b);
}  // namespace detail

/// Short enough to live here: inlined, the two volumes never go through memory.
inline bool overlaps(const Sphere& a, const Sphere& b) {
  const Vec3 d = b.center - a.center;
  const double r = a.radius + b.radius;
  if (detail::sphereSumsHuge(d, r)) return detail::spheresOverlapHuge(a, b);
  return withinDistance(d, r);
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
