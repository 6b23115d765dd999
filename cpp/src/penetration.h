#pragma once
// The minimum translation vector of an overlapping pair, the one computation behind both
// collide()'s `penetration` (report.cpp) and the World's contacts (World::contacts), so the two
// are the same bits. Its steps, each written once here: an axis as the tests compute it
// (unnormalized, projections relative to an origin) in the report's terms (`worldAxis`: unit
// direction, world intervals), the shorter way out along each axis, the first of the shortest
// over all axes (`MinimumTranslation`), the box pairs' axes in the caller's order
// (`callerBoxAxis`), and the rules of the pairs with a sphere (`sphereTranslation`,
// `spheresTranslation`). Nothing here allocates.

#include "sepaxis/report.h"

#include "infinity.h"
#include "obb_axes.h"
#include "pair_order.h"
#include "sat.h"
#include "sphere_axes.h"

namespace sepaxis::detail {

/// A candidate axis in the report's terms: the unit direction and both projections in world
/// coordinates; `length`, the tested axis's length, scales the tests' numbers to these.
struct WorldAxis {
  Vec3 direction;
  Interval a, b;
  double length = 0;
};

/// The axis `axis` (any length, not zero) with projections a and b relative to `origin`.
inline WorldAxis worldAxis(Vec3 axis, Interval a, Interval b, Vec3 origin) {
  WorldAxis w;
  w.length = length(axis);
  w.direction = axis / w.length;
  const double shift = dot(origin, w.direction);
  w.a = {a.min / w.length + shift, a.max / w.length + shift};
  w.b = {b.min / w.length + shift, b.max / w.length + shift};
  return w;
}

/// The shortest way out over the axes considered, in order. Moving B along +direction by
/// (a.max - b.min), or along -direction by (b.max - a.min), makes the projections touch; the
/// smaller of the two over all axes is the minimum translation, because the candidate axes include
/// every face normal of the Minkowski difference A - B. Ties: the first axis, and on one axis
/// +direction.
struct MinimumTranslation {
  Penetration best{kInfinity, {}};
  void consider(const WorldAxis& axis) {
    const double forward = axis.a.max - axis.b.min;
    const double backward = axis.b.max - axis.a.min;
    const double depth = lesser(forward, backward);
    if (depth < best.depth) best = {depth, forward <= backward ? axis.direction : -axis.direction};
  }
};

/// The point a polytope pair's projections are taken relative to, as overlaps() takes them: two
/// AABBs compare raw coordinates (no shift that could round), others the pair's midpoint
/// (pair_order.h).
inline Vec3 reportOrigin(const Polytope& a, const Polytope& b) {
  return a.kind == Polytope::Kind::Aabb && b.kind == Polytope::Kind::Aabb ? Vec3{} : pairOrigin(a, b);
}

/// A box pair's 15 axes as overlaps() computes them, in test order: in the frame of the box the
/// pair is tested in (pair_order.h), `first`, which is B when `swapped`. Out of line
/// (penetration.cpp): the unrolled 15-axis code exists once.
struct BoxAxesFound {
  Obb first;
  BoxAxis found[15];
  bool swapped = false;
};
BoxAxesFound findBoxAxes(const Aabb& a, const Obb& b);
BoxAxesFound findBoxAxes(const Obb& a, const Aabb& b);
BoxAxesFound findBoxAxes(const Obb& a, const Obb& b);

/// One of the 15 box axes, found in the frame of `first` (B when `swapped`, pair_order.h), in the
/// caller's terms: its place in the caller's order (A's faces, B's faces, A.ui × B.uj) and, unless
/// parallel, its direction in world axes with A's and B's projections onto it (relative to
/// first.center).
struct CallerBoxAxis {
  int slot = 0;
  Vec3 axis;
  Interval a, b;
};

inline CallerBoxAxis callerBoxAxis(const Obb& first, const BoxAxis& x, bool swapped) {
  const int faceA = swapped ? x.faceB : x.faceA, faceB = swapped ? x.faceA : x.faceB;
  const int edgeA = swapped ? x.edgeB : x.edgeA, edgeB = swapped ? x.edgeA : x.edgeB;
  CallerBoxAxis c;
  c.slot = faceA >= 0 ? faceA : faceB >= 0 ? 3 + faceB : 6 + 3 * edgeA + edgeB;
  if (x.parallel) return c;
  c.axis = first.axis[0] * x.axis.x + first.axis[1] * x.axis.y + first.axis[2] * x.axis.z;
  Interval ofFirst{-x.rA, x.rA}, ofSecond{x.c - x.rB, x.c + x.rB};
  if (swapped && x.edgeA >= 0) {
    // B.uj × A.ui = -(A.ui × B.uj): the caller's direction, and the projections onto it (exact).
    c.axis = -c.axis;
    ofFirst = {-ofFirst.max, -ofFirst.min}, ofSecond = {-ofSecond.max, -ofSecond.min};
  }
  c.a = swapped ? ofSecond : ofFirst;
  c.b = swapped ? ofFirst : ofSecond;
  return c;
}

/// A box pair's translation from its 15 axes in test order (forEachBoxAxis in the frame of
/// `first`), considered in the caller's order.
inline Penetration boxesTranslation(const Obb& first, const BoxAxis (&found)[15], bool swapped) {
  WorldAxis bySlot[15];
  bool present[15] = {};
  for (const BoxAxis& x : found) {
    if (x.parallel) continue;
    const CallerBoxAxis c = callerBoxAxis(first, x, swapped);
    bySlot[c.slot] = worldAxis(c.axis, c.a, c.b, first.center);
    present[c.slot] = true;
  }
  MinimumTranslation m;
  for (int i = 0; i < 15; ++i)
    if (present[i]) m.consider(bySlot[i]);
  return m.best;
}

/// A sphere-polytope pair's face steps and the offset of the centre from the polytope's closest
/// point, as forEachSphereAxis computes them for overlaps() (`shape` is sphereTestShape's).
struct SphereSteps {
  SphereFace face[kMaxKdopSlabs];
  int count = 0;
  Vec3 offset;
  Vec3 origin;  ///< what the steps' projections are relative to (sphereOrigin)
};
template <class Shape>
void findSphereSteps(const Sphere& s, const Shape& shape, SphereSteps& out) {
  out.count = 0;
  out.origin = sphereOrigin(shape);
  forEachSphereAxis(
      s, shape,
      [&out](const SphereFace& f) {
        out.face[out.count++] = f;
        return false;
      },
      [&out](Vec3 o) {
        out.offset = o;
        return false;
      });
}

/// |v|, also where its square underflows (a pair scaled down by 2^-600, range_scale.h, may hold
/// offsets far below the scaled sizes): 0 only for the zero vector.
inline double distanceOf(Vec3 v) {
  const double d = length(v);
  if (d > 0 || v == Vec3{}) return d;
  const double m = maxComponent(abs(v));
  return m * length(v / m);
}

/// A sphere overlapping a polytope, from forEachSphereAxis's face steps and the offset of the
/// centre from the polytope's closest point. Outside: push the sphere straight away from its
/// closest point. Inside: out through the nearest face plane (the first of the nearest), which
/// takes the radius plus the centre's depth. The normal moves B: away from the sphere when the
/// sphere is A.
inline Penetration sphereTranslation(const Sphere& s, const SphereFace* faces, int faceCount, Vec3 offset,
                                     bool sphereIsA) {
  const double distance = distanceOf(offset);
  Vec3 towardSphere;
  double depth;
  if (distance > 0) {
    towardSphere = offset / distance;
    depth = s.radius - distance;
  } else {
    double insideDepth = kInfinity;  // distance from the centre to the nearest face plane
    for (int i = 0; i < faceCount; ++i) {
      const SphereFace& f = faces[i];
      const double len = length(f.axis);
      const double centre = (f.sphere.min + f.sphere.max) / 2;
      if ((f.poly.max - centre) / len < insideDepth) insideDepth = (f.poly.max - centre) / len, towardSphere = f.axis / len;
      if ((centre - f.poly.min) / len < insideDepth)
        insideDepth = (centre - f.poly.min) / len, towardSphere = -f.axis / len;
    }
    depth = s.radius + insideDepth;
  }
  return {depth, sphereIsA ? -towardSphere : towardSphere};
}

/// Two overlapping spheres: B away from A along the centre line (+x when the centres coincide).
inline Penetration spheresTranslation(const Sphere& a, const Sphere& b) {
  const Vec3 d = b.center - a.center;
  const double distance = length(d);
  return {a.radius + b.radius - distance, distance > 0 ? d / distance : Vec3{1, 0, 0}};
}

/// The minimum translation of two volumes that overlap (overlaps(a, b)): exactly
/// collide(a, b).penetration, range scaling included. For any pair of volume types (instantiated
/// in penetration.cpp); on a pair apart the result means nothing.
template <class A, class B>
Penetration penetrationOf(const A& a, const B& b);

}  // namespace sepaxis::detail
