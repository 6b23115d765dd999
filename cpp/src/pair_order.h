#pragma once
// One answer per pair: overlaps(a, b), overlaps(b, a) and collide(a, b).overlap agree for every
// input, the touching band included, because both orders and both paths compute the same numbers.
//
// - Boxes (AABB-OBB, OBB-OBB) are tested in the frame of one of them (obb_axes.h), and the rounding
//   depends on which. The frame is chosen by the pair, not by the caller's order: the AABB's for an
//   AABB-OBB pair, and for two OBBs the one that comes first in a fixed total order of their numbers.
// - Other polytope pairs (sat.h) project relative to a point of the pair: the midpoint of their
//   references, the same numbers in either order (a + b rounds as b + a).
// - Sphere-polytope pairs have one order already (the sphere's test of the polytope).

#include "obb_axes.h"
#include "platform.h"
#include "polytope.h"
#include "sepaxis/aabb.h"
#include "sepaxis/obb.h"

namespace sepaxis::detail {

/// The numbers of an OBB in a fixed sequence, for comesBefore.
inline void numbersOf(const Obb& box, double (&out)[15]) {
  const Vec3 v[5] = {box.center, box.halfExtents, box.axis[0], box.axis[1], box.axis[2]};
  for (int i = 0; i < 5; ++i) out[3 * i] = v[i].x, out[3 * i + 1] = v[i].y, out[3 * i + 2] = v[i].z;
}

/// A total order of OBBs by their numbers (centre, half-extents, axes), which are finite: boxes
/// it cannot tell apart are equal, and give equal results in either order. The first comparison
/// almost always decides; the rest is out of line.
SEPAXIS_NOINLINE inline bool comesBeforeByAllNumbers(const Obb& a, const Obb& b) {
  double x[15], y[15];
  numbersOf(a, x);
  numbersOf(b, y);
  for (int i = 0; i < 15; ++i)
    if (x[i] != y[i]) return x[i] < y[i];
  return false;
}
inline bool comesBefore(const Obb& a, const Obb& b) {
  if (a.center.x != b.center.x) return a.center.x < b.center.x;
  return comesBeforeByAllNumbers(a, b);
}

/// Whether the OBB pair (a, b) is tested as (b, a): in b's frame. (An AABB-OBB pair is always
/// tested in the AABB's frame: overlaps(Obb, Aabb) is overlaps(Aabb, Obb), overlap.h.)
inline bool testedSwapped(const Obb& a, const Obb& b) { return comesBefore(b, a); }

/// A box of either type as an OBB (an AABB's through asObb, obb_axes.h).
inline const Obb& asBox(const Obb& box) { return box; }
inline Obb asBox(const Aabb& box) { return asObb(box); }

/// The point two polytopes are projected relative to: near both, and the same in either order.
/// Also from the volumes themselves (their reference(): an AABB's centre, an OBB's, a k-DOP's
/// origin), where the boolean test knows their types and so skips Polytope's dispatch.
inline Vec3 midpoint(Vec3 a, Vec3 b) { return (a + b) * 0.5; }
inline Vec3 pairOrigin(const Polytope& a, const Polytope& b) { return midpoint(a.reference(), b.reference()); }
inline Vec3 referenceOf(const Aabb& box) { return center(box); }
inline Vec3 referenceOf(const Obb& box) { return box.center; }
inline Vec3 referenceOf(const Kdop& kdop) { return kdop.origin; }
inline Vec3 referenceOf(const Triangle& t) { return t.a; }
template <class A, class B>
Vec3 pairOrigin(const A& a, const B& b) {
  return midpoint(referenceOf(a), referenceOf(b));
}

}  // namespace sepaxis::detail
