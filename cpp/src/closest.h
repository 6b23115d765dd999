#pragma once
// Closest points as offsets: p - closestPoint(volume, p), computed in the volume's own frame so
// that nothing cancels when both are far from the origin. Zero when p is inside. The boxes' steps
// are sphere_box.h's, which the batch lanes run too.

#include "sepaxis/aabb.h"
#include "sepaxis/kdop.h"
#include "sepaxis/obb.h"

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

}  // namespace sepaxis::detail
