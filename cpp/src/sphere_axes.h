#pragma once
// A sphere against a polytope: the candidate axes are the polytope's face normals, then the
// direction from the polytope's closest point to the sphere's centre. The last one decides
// exactly (the sphere overlaps iff that distance <= radius); the faces come first because they
// are cheap early exits and they are what a person sees in the report.

#include "closest.h"
#include "polytope.h"
#include "sepaxis/sphere.h"

namespace sepaxis::detail {

inline Vec3 offsetFromClosest(const Polytope& p, Vec3 point) {
  switch (p.kind) {
    case Polytope::Kind::Aabb: return offsetFromClosest(*p.aabb, point);
    case Polytope::Kind::Obb: return offsetFromClosest(*p.obb, point);
    case Polytope::Kind::Kdop: return offsetFromClosest(*p.kdop, point);
  }
  return {};
}

/// The sphere's projection onto an axis of length axisLength, relative to origin.
inline Interval projectSphere(const Sphere& s, Vec3 axis, double axisLength, Vec3 origin) {
  const double c = dot(s.center - origin, axis);
  const double r = s.radius * axisLength;
  return {c - r, c + r};
}

/// The shared face-axis step: does face i of the polytope separate it from the sphere?
inline bool faceSeparates(Interval sphere, Interval poly) { return sphere.min > poly.max || poly.min > sphere.max; }

/// The shared closest-point step: separated iff the distance exceeds the radius.
inline bool closestPointSeparates(const Sphere& s, Vec3 offset) { return !withinDistance(offset, s.radius); }

}  // namespace sepaxis::detail
