#pragma once
// raycast(Triangle) with the ray's own work done once (its unit direction and the shear of Woop,
// Benthin & Wald's test), for a query that casts one ray at many triangles (Mesh::raycast). The
// answers are raycast(Triangle)'s, bit for bit: that function is this one on a fresh TriangleRay.

#include "sepaxis/ray.h"

namespace sepaxis::detail {

struct TriangleRay {
  Vec3 origin, direction;
  Vec3 unit;       ///< normalize(direction)
  int kx, ky, kz;  ///< the axes renamed so that the ray's largest component is z, keeping the winding
  double sx, sy;   ///< the shear that makes the ray the z axis
};

/// The ray from `origin` along `direction` (finite, not zero).
TriangleRay triangleRay(Vec3 origin, Vec3 direction);

/// raycast(t, ray.origin, ray.direction, maxDistance) for a finite origin and maxDistance >= 0.
RayHit raycast(const Triangle& t, const TriangleRay& ray, double maxDistance);

}  // namespace sepaxis::detail
