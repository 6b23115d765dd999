#pragma once
// The minimum translation vector of an overlapping pair, the one computation behind both
// collide()'s `penetration` (report.cpp) and the World's contacts (World::contacts), so the two
// are the same bits. Its steps, each written once here: the shorter way out along each axis as
// the tests compute it (unnormalized, projections relative to a point near the pair) and the
// first of the shortest over all axes (`MinimumTranslation`), the box pairs' frame and axes in
// the caller's order (`inBoxFrame`, `callerBoxAxis`), and the rules of the pairs with a sphere
// (`sphereTranslation`, `spheresTranslation`). Nothing here allocates.

#include "sepaxis/report.h"

#include "infinity.h"
#include "obb_axes.h"
#include "pair_order.h"
#include "platform.h"
#include "range_scale.h"
#include "sat.h"
#include "sphere_axes.h"
#include "triangle_axes.h"

namespace sepaxis::detail {

/// The shortest way out over the axes considered. Moving B along +axis by (a.max - b.min), or
/// along -axis by (b.max - a.min), over the axis's length, makes the projections touch; the
/// smaller of the two over all axes is the minimum translation, because the candidate axes include
/// every face normal of the Minkowski difference A - B. Taken from the projections as the tests
/// compute them (relative to a point near the pair: no large shift cancels), with one division
/// an axis; the direction is normalized once, for the axis that wins. Ties: the axis first in the
/// caller's order (`slot`), and on one axis +axis.
struct MinimumTranslation {
  double depth = kInfinity;
  Vec3 axis;
  double axisLength = 1;
  bool backward = false;
  int slot = -1;  // none yet

  /// An axis (not zero) and A's and B's projections onto it, relative to one point.
  void consider(Vec3 candidate, Interval a, Interval b, int candidateSlot) {
    const double forward = a.max - b.min, back = b.max - a.min;
    take(candidate, forward, back, length(candidate), candidateSlot);
  }
  /// The same from the two ways out along `candidate` and its length; whether it is the shortest so far.
  bool take(Vec3 candidate, double forward, double back, double len, int candidateSlot) {
    const double d = lesser(forward, back) / len;
    if (!(d < depth || (d == depth && candidateSlot < slot))) return false;
    depth = d, axis = candidate, axisLength = len, backward = !(forward <= back), slot = candidateSlot;
    return true;
  }
  /// The unit normal along which to move B, and how far; depth infinite when no axis was considered.
  /// The axes were in world coordinates.
  Penetration result() const {
    if (slot < 0) return {kInfinity, {}};
    const Vec3 n = axis / axisLength;
    return {depth, backward ? -n : n};
  }
  /// The same for axes in the frame of the box `frame` (turned by boxToWorld, normalized).
  Penetration result(const Obb& frame) const;
};

/// A vector in the frame of `box` in world axes.
inline Vec3 boxToWorld(const Obb& box, Vec3 v) { return box.axis[0] * v.x + box.axis[1] * v.y + box.axis[2] * v.z; }

inline Penetration MinimumTranslation::result(const Obb& frame) const {
  if (slot < 0) return {kInfinity, {}};
  const Vec3 n = normalize(boxToWorld(frame, axis));
  return {depth, backward ? -n : n};
}

/// The point a polytope pair's projections are taken relative to, as overlaps() takes them: two
/// AABBs compare raw coordinates (no shift that could round), others the pair's midpoint
/// (pair_order.h).
inline Vec3 reportOrigin(const Polytope& a, const Polytope& b) {
  return a.kind == Polytope::Kind::Aabb && b.kind == Polytope::Kind::Aabb ? Vec3{} : pairOrigin(a, b);
}

/// visit(first, second, d, swapped) of a box pair in the frame overlaps() tests it in
/// (pair_order.h): `first`'s, which is B when `swapped`; d = centre(second) - centre(first) with an
/// AABB's centre folded in (centreOffset).
template <class Visit>
auto inBoxFrame(const Aabb& a, const Obb& b, Visit&& visit) {
  return visit(asBox(a), b, centreOffset(a, b), false);
}
// In the AABB's frame, as overlaps(Obb, Aabb) is overlaps(Aabb, Obb).
template <class Visit>
auto inBoxFrame(const Obb& a, const Aabb& b, Visit&& visit) {
  return visit(asBox(b), a, centreOffset(b, a), true);
}
template <class Visit>
auto inBoxFrame(const Obb& a, const Obb& b, Visit&& visit) {
  return testedSwapped(a, b) ? visit(b, a, centreOffset(b, a), true) : visit(a, b, centreOffset(a, b), false);
}

/// The 15 axes of B against A in A's frame, in test order (forEachBoxAxis), into `found`. A copy
/// each, then the caller's loop: the loop keeps what it chooses in registers where a visitor
/// called 15 times (not inlined in WebAssembly builds) kept it in memory.
inline void findBoxAxes(const Obb& a, const Obb& b, Vec3 d, BoxAxis (&found)[15]) {
  int n = 0;
  forEachBoxAxis(a.halfExtents, inFrameOf(a, b, d), [&](const BoxAxis& x) {
    found[n++] = x;
    return false;
  });
}

/// One of the 15 box axes, found in the frame of `first` (B when `swapped`, pair_order.h), in the
/// caller's terms: its place in the caller's order (A's faces, B's faces, A.ui × B.uj) and, unless
/// parallel, its direction in first's frame (boxToWorld turns it) with A's and B's projections
/// onto it (relative to first.center); the face or edge of A and of B it comes from (-1: none).
struct CallerBoxAxis {
  int slot = 0;
  int faceA = -1, faceB = -1, edgeA = -1, edgeB = -1;
  Vec3 axis;
  Interval a, b;
};

inline CallerBoxAxis callerBoxAxis(const BoxAxis& x, bool swapped) {
  CallerBoxAxis c;
  c.faceA = swapped ? x.faceB : x.faceA, c.faceB = swapped ? x.faceA : x.faceB;
  c.edgeA = swapped ? x.edgeB : x.edgeA, c.edgeB = swapped ? x.edgeA : x.edgeB;
  c.slot = c.faceA >= 0 ? c.faceA : c.faceB >= 0 ? 3 + c.faceB : 6 + 3 * c.edgeA + c.edgeB;
  if (x.parallel) return c;
  c.axis = x.axis;
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
      if ((f.poly.max - centre) / len < insideDepth)
        insideDepth = (f.poly.max - centre) / len, towardSphere = f.axis / len;
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

// ---- The pairs as collide() walks them, without its report.

/// MinimumTranslation over the 15 box axes as forEachBoxAxisOf visits them, the same choice to
/// the bit with fewer square roots and divisions: an axis whose depth provably exceeds the
/// shortest so far is left out before its length is taken. Ties and the order of the axes do
/// not matter: the choice is the least (depth, slot) of the axes with a depth below infinity,
/// whatever order they come in, and a strictly deeper axis is never that.
///
/// The proof that leaving out is safe. With u = 2^-53, the shortest so far D (a double in
/// [2^-400, 2^400]) and an axis with way out w > 0 and squared length s (the doubles consider()
/// computes), let q = fl(D^2 K) with K = 1 + 2^-47 and c = fl(q s) in [2^-1000, 2^1000], so that
/// every product is normal and rounds by a factor within [1 - u, 1 + u] (an infinite fl(w^2) only
/// says more: w^2 > 2^1023, far above c). fl(w^2) > c gives
/// w^2 / s > D^2 K (1 - u)^3 / (1 + u) > D^2 (1 + 3u)^2, so w / sqrt(s) > D (1 + 3u); the root
/// rounds by at most (1 + u), so w / fl(sqrt(s)) > D (1 + u) >= D + ulp(D) / 2, which rounds to
/// a double above D: the axis's depth d > D. Anything else (D out of range, which leaves q
/// infinite; c out of range; w <= 0; NaN) fails a comparison and takes the axis as consider() does.
template <bool kSwapped>
struct ShortestBoxAxis {
  MinimumTranslation m;
  double deeperFrom = kInfinity;  // fl(depth^2 K) while depth is in range, infinite otherwise

  SEPAXIS_ALWAYS_INLINE bool operator()(const BoxAxis& x) {
    if (x.parallel) return false;
    const CallerBoxAxis c = callerBoxAxis(x, kSwapped);
    const double forward = c.a.max - c.b.min, back = c.b.max - c.a.min;
    const double way = lesser(forward, back), lengthSquared = dot(c.axis, c.axis);
    const double bound = deeperFrom * lengthSquared;
    if (way > 0 && way * way > bound && bound >= 0x1p-1000 && bound <= 0x1p1000) return false;
    if (m.take(c.axis, forward, back, std::sqrt(lengthSquared), c.slot))
      deeperFrom = m.depth >= 0x1p-400 && m.depth <= 0x1p400 ? m.depth * m.depth * (1 + 0x1p-47) : kInfinity;
    return false;
  }
};

template <bool kSwapped>
inline Penetration shortestOfBoxAxes(const Obb& first, const Obb& second, Vec3 d) {
  const BoxInFrame f = inFrameOf(first, second, d);
  const double a[3] = {first.halfExtents.x, first.halfExtents.y, first.halfExtents.z};
  const double t[3] = {f.t.x, f.t.y, f.t.z}, b[3] = {f.b.x, f.b.y, f.b.z};
  ShortestBoxAxis<kSwapped> shortest;
  forEachBoxAxisOf<double>(a, t, f.r, b, shortest);
  return shortest.m.result(first);
}

template <class A, class B>
inline Penetration translationOfBoxes(const A& boxA, const B& boxB) {
  return inBoxFrame(boxA, boxB, [](const Obb& first, const Obb& second, Vec3 d, bool swapped) {
    return swapped ? shortestOfBoxAxes<true>(first, second, d) : shortestOfBoxAxes<false>(first, second, d);
  });
}

inline Penetration translationOfPolytopes(const Polytope& a, const Polytope& b) {
  const Vec3 origin = reportOrigin(a, b);
  MinimumTranslation m;
  int slot = 0;  // the report's order: every candidate, parallel or not
  forEachPolytopeAxis(a, b, [&](const CandidateAxis& c) {
    if (!c.parallel) {
      const AxisProjection p = projectPair(a, b, c, origin);
      m.consider(c.axis, p.a, p.b, slot);
    }
    ++slot;
    return false;
  });
  return m.result();
}

// The face steps only when the centre is inside: outside, sphereTranslation reads only the offset
// from the closest point (the one forEachSphereAxis ends with).
template <class Shape>
Penetration translationOfSphere(const Sphere& s, const Shape& shape, bool sphereIsA) {
  const Vec3 offset = offsetFromClosest(shape, s.center);
  if (distanceOf(offset) > 0) return sphereTranslation(s, nullptr, 0, offset, sphereIsA);
  SphereSteps steps;
  findSphereSteps(s, shape, steps);
  return sphereTranslation(s, steps.face, steps.count, steps.offset, sphereIsA);
}

template <class P, class Q>
Penetration translationOf(const P& a, const Q& b) {
  return translationOfPolytopes(view(a), view(b));
}
template <class Q>
Penetration translationOf(const Sphere& a, const Q& b) {
  return translationOfSphere(a, sphereTestShape(b), true);
}
template <class P>
Penetration translationOf(const P& a, const Sphere& b) {
  return translationOfSphere(b, sphereTestShape(a), false);
}
inline Penetration translationOf(const Aabb& a, const Obb& b) { return translationOfBoxes(a, b); }
inline Penetration translationOf(const Obb& a, const Aabb& b) { return translationOfBoxes(a, b); }
inline Penetration translationOf(const Obb& a, const Obb& b) { return translationOfBoxes(a, b); }
inline Penetration translationOf(const Sphere& a, const Sphere& b) { return spheresTranslation(a, b); }

// As collide() reports a pair tested scaled (range_scale.h): the depth back in the pair's lengths.
template <class A, class B>
SEPAXIS_NOINLINE Penetration translationScaled(const A& a, const B& b, double f) {
  Penetration p = translationOf(scaled(a, f), scaled(b, f));
  p.depth *= 1 / f;
  return p;
}

/// The minimum translation of two volumes that overlap (overlaps(a, b)): exactly
/// collide(a, b).penetration, range scaling included. For any pair of volume types; on a pair
/// apart the result means nothing. Inline: the World's contacts run it in their loop.
template <class A, class B>
inline Penetration penetrationOf(const A& a, const B& b) {
  const double f = pairScale(a, b);
  if (f != 1) return translationScaled(a, b, f);
  return translationOf(a, b);
}

}  // namespace sepaxis::detail
