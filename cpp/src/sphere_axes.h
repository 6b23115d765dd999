#pragma once
// A sphere against a polytope: the candidate axes are the polytope's face normals, then the
// direction from the polytope's closest point to the sphere's centre. The last one decides
// exactly (the sphere overlaps iff that distance <= radius); the faces come first because they
// are cheap early exits and they are what a person sees in the report.

#include "closest.h"
#include "platform.h"
#include "polytope.h"
#include "sepaxis/sphere.h"

namespace sepaxis::detail {

inline Vec3 offsetFromClosest(const Polytope& p, Vec3 point) {
  switch (p.kind) {
    case Polytope::Kind::Aabb: return offsetFromClosest(*p.aabb, point);
    case Polytope::Kind::Obb: return offsetFromClosest(*p.obb, point);
    case Polytope::Kind::Kdop: return offsetFromClosest(*p.kdop, point);
    case Polytope::Kind::Triangle: return offsetFromClosest(*p.triangle, point);
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

/// One face step: the polytope's face normal `axis` (unnormalized) and both projections onto it,
/// relative to the polytope's origin (sphereOrigin).
struct SphereFace {
  int face;
  Vec3 axis;
  Interval sphere, poly;
  bool separates() const { return faceSeparates(sphere, poly); }
};

// The face steps per polytope type. One body each, which overlaps() and collide() both run (the
// report sees the same numbers that decide the boolean test). The box versions are the polytope
// one written out, the same operations without its per-kind dispatch (which WebAssembly builds do
// not fold away): their projections onto the axes x, y, z
// (AABB) add only zeros, and projectSphere's factor, the face length, is 1 for boxes.
inline Vec3 sphereOrigin(const Aabb& box) { return center(box); }
inline Vec3 sphereOrigin(const Obb& box) { return box.center; }
inline Vec3 sphereOrigin(const Polytope& p) { return p.reference(); }
inline int sphereFaceCount(const Aabb&) { return 3; }
inline int sphereFaceCount(const Obb&) { return 3; }
inline int sphereFaceCount(const Polytope& p) { return p.faceCount(); }

// `centre` is the sphere's centre relative to origin, s.center - origin: formed once.
inline SphereFace sphereFace(const Sphere& s, Vec3 centre, const Aabb& box, Vec3 origin, int i) {
  SphereFace f{i, {}, {centre[i] - s.radius, centre[i] + s.radius}, {box.min[i] - origin[i], box.max[i] - origin[i]}};
  f.axis[i] = 1;
  return f;
}
/// An OBB's face i projects, about its own centre, to +-e_i (u_i . u_i), as Polytope::project
/// computes it; the sphere to c +- r with c = (s.center - box.center) . u_i.
inline SphereFace sphereFace(const Sphere& s, Vec3 centre, const Obb& box, Vec3, int i) {
  const double c = dot(centre, box.axis[i]);
  const double e = obbFaceReach(box.axis[i], box.halfExtents[i]);  // the f64 lanes' step (sphere_box.h)
  return {i, box.axis[i], {c - s.radius, c + s.radius}, {-e, e}};
}
inline SphereFace sphereFace(const Sphere& s, Vec3, const Polytope& p, Vec3 origin, int i) {
  const Vec3 axis = p.face(i);
  return {i, axis, projectSphere(s, axis, p.faceLength(i), origin), p.project(axis, origin, i)};
}

/// The sphere-polytope test, one body for the boolean test and the report. Calls
/// face(const SphereFace&) for each face step until it returns true (a boolean caller returns
/// `separates()`), then, unless stopped, closest(offset) with the offset of the sphere's centre
/// from the polytope's closest point. Returns what the last call returned. Always inlined: GCC
/// otherwise keeps the sphere-OBB body out of line, a call per test.
template <class P, class Face, class Closest>
SEPAXIS_ALWAYS_INLINE bool forEachSphereAxis(const Sphere& s, const P& p, Face&& face, Closest&& closest) {
  const Vec3 origin = sphereOrigin(p);
  const Vec3 centre = s.center - origin;
  const int faces = sphereFaceCount(p);
  for (int i = 0; i < faces; ++i)
    if (face(sphereFace(s, centre, p, origin, i))) return true;
  return closest(offsetFromClosest(p, s.center));
}

/// The form each polytope type is tested in: boxes as themselves (the written-out face steps), a
/// k-DOP through its polytope view.
inline const Aabb& sphereTestShape(const Aabb& box) { return box; }
inline const Obb& sphereTestShape(const Obb& box) { return box; }
inline Polytope sphereTestShape(const Kdop& kdop) { return view(kdop); }
inline Polytope sphereTestShape(const Triangle& t) { return view(t); }

/// Whether the sphere and the polytope share a point: forEachSphereAxis with early exits.
template <class P>
SEPAXIS_ALWAYS_INLINE bool sphereOverlaps(const Sphere& s, const P& p) {
  return !forEachSphereAxis(
      s, p, [](const SphereFace& f) { return f.separates(); },
      [&s](Vec3 offset) { return closestPointSeparates(s, offset); });
}

}  // namespace sepaxis::detail
