#pragma once
// Closest points as offsets: p - closestPoint(volume, p), computed in the volume's own frame so
// that nothing cancels when both are far from the origin. Zero when p is inside. The boxes' steps
// are sphere_box.h's, which the batch lanes run too.

#include "sepaxis/aabb.h"
#include "sepaxis/kdop.h"
#include "sepaxis/obb.h"
#include "sepaxis/triangle.h"

#include "sphere_box.h"

namespace sepaxis::detail {

/// Inline: the single sphere-AABB test is little more than this.
inline Vec3 offsetFromClosest(const Aabb& box, Vec3 p) {
  Vec3 r;
  for (int i = 0; i < 3; ++i) r[i] = excessBeyond(p[i], box.min[i], box.max[i]);
  return r;
}
inline Vec3 offsetFromClosest(const Obb& box, Vec3 p) {
  const Vec3 d = p - box.center;
  Vec3 r;
  for (int i = 0; i < 3; ++i) {
    const double t = dot(d, box.axis[i]);
    const double e = box.halfExtents[i];
    const double excess = excessBeyond(t, -e, e);
    r = r + box.axis[i] * excess;
  }
  return r;
}
Vec3 offsetFromClosest(const Kdop& kdop, Vec3 p);
/// The triangle's closest point (triangle_closest.cpp): the projection onto its plane when that
/// falls inside, else the nearest point of its three edges (so also for collinear corners).
Vec3 offsetFromClosest(const Triangle& t, Vec3 p);
/// The same without the shortcut of the sides p surely lies outside of: every side's nearest point
/// and the plane's test (what offsetFromClosest is checked against).
Vec3 offsetFromEverySide(const Triangle& t, Vec3 p);

/// The segment a degenerate triangle is (its two corners farthest apart; one corner twice for a
/// point), and the vector from the nearest point of `s` to the nearest point of `r`, decided in an
/// order of the two segments' numbers, so that swapping them negates it exactly.
struct Segment {
  Vec3 p, q;
};
Segment segmentOf(const Triangle& t);
Vec3 segmentGap(const Segment& s, const Segment& r);

}  // namespace sepaxis::detail
