#pragma once
// transformed() (transform.h) of the volumes that a few products turn, inline: transform.cpp's
// functions are these, and the World, which turns every body of every frame, compiles them into
// its loop, where a call cost as much as the arithmetic and where a pose's scale of 1 folds away
// (x * 1 is x, bit for bit).

#include "sepaxis/aabb.h"
#include "sepaxis/obb.h"
#include "sepaxis/sphere.h"
#include "sepaxis/transform.h"

namespace sepaxis::detail {

/// transformedSlabs() (transform.h) of the k-DOP of this k whose polytope has these vertices
/// relative to this origin: for the World, which keeps the vertices of its k-DOPs packed.
void transformedSlabs(int k, Vec3 origin, const Vec3* vertex, int vertexCount, const RigidTransform& t, double* min,
                      double* max);

/// Where the pose takes point p: s R p + t.
inline Vec3 applyPose(const RigidTransform& t, Vec3 p) { return t.rotation * p * t.scale + t.translation; }

inline Sphere inlineTransformed(const Sphere& s, const RigidTransform& t) {
  return {applyPose(t, s.center), s.radius * t.scale};
}

/// transformed() of the Aabb with this center and these half extents (center(box), halfExtents(box)).
inline Obb transformedAabb(Vec3 center, Vec3 halfExtents, const RigidTransform& t) {
  Obb r;
  r.center = applyPose(t, center);
  for (int i = 0; i < 3; ++i) r.axis[i] = t.rotation.column(i);
  r.halfExtents = halfExtents * t.scale;
  return r;
}

inline Obb inlineTransformed(const Aabb& box, const RigidTransform& t) {
  return transformedAabb(center(box), halfExtents(box), t);
}

inline Obb inlineTransformed(const Obb& box, const RigidTransform& t) {
  Obb r;
  r.center = applyPose(t, box.center);
  for (int i = 0; i < 3; ++i) r.axis[i] = t.rotation * box.axis[i];
  r.halfExtents = box.halfExtents * t.scale;
  return r;
}

}  // namespace sepaxis::detail
