#include "sepaxis/overlap.h"

#include "obb_axes.h"
#include "pair_order.h"
#include "range_scale.h"
#include "sat.h"
#include "sphere_axes.h"
#include "triangle_axes.h"

namespace sepaxis {
namespace {

// Relative to the pair's midpoint (pair_order.h): the same numbers in either order.
bool polytopesOverlap(const detail::Polytope& a, const detail::Polytope& b, Vec3 origin) {
  bool separated = false;
  detail::forEachPolytopeAxis(a, b, [&](const detail::CandidateAxis& c) {
    if (c.parallel) return false;
    separated = detail::projectPair(a, b, c, origin).separates();
    return separated;
  });
  return !separated;
}

// A and B are OBBs or AABBs, in the order the pair is tested in (pair_order.h); an AABB's centre
// enters only through centreOffset (obb_axes.h).
template <class A, class B>
bool boxesOverlapInFrameOfA(const A& a, const B& b) {
  const Obb& boxA = detail::asBox(a);
  const Obb& boxB = detail::asBox(b);
  bool separated = false;
  detail::forEachBoxAxis(boxA.halfExtents, detail::inFrameOf(boxA, boxB, detail::centreOffset(a, b)),
                         [&](const detail::BoxAxis& x) {
                           separated = !x.parallel && x.separates();
                           return separated;
                         });
  return !separated;
}

bool boxesOverlap(const Aabb& a, const Obb& b) { return boxesOverlapInFrameOfA(a, b); }
// In the frame of the box that comes first (pair_order.h): one call, on the two boxes selected.
bool boxesOverlap(const Obb& a, const Obb& b) {
  const bool swap = detail::testedSwapped(a, b);
  return boxesOverlapInFrameOfA(swap ? b : a, swap ? a : b);
}

}  // namespace

// Pairs far outside the ordinary range are tested scaled (range_scale.h): the sums, differences and
// squares the tests form would overflow or underflow there.
bool overlaps(const Sphere& a, const Aabb& b) {
  return detail::scaledIfNeeded(
      a, b, [](const Sphere& s, const Aabb& p) { return detail::sphereOverlaps(s, detail::sphereTestShape(p)); });
}
bool overlaps(const Sphere& a, const Obb& b) {
  return detail::scaledIfNeeded(
      a, b, [](const Sphere& s, const Obb& p) { return detail::sphereOverlaps(s, detail::sphereTestShape(p)); });
}
bool overlaps(const Sphere& a, const Kdop& b) {
  return detail::scaledIfNeeded(
      a, b, [](const Sphere& s, const Kdop& p) { return detail::sphereOverlaps(s, detail::sphereTestShape(p)); });
}
bool overlaps(const Aabb& a, const Obb& b) {
  return detail::scaledIfNeeded(a, b, [](const Aabb& p, const Obb& q) { return boxesOverlap(p, q); });
}
bool overlaps(const Aabb& a, const Kdop& b) {
  return detail::scaledIfNeeded(a, b, [](const Aabb& p, const Kdop& q) {
    return polytopesOverlap(detail::view(p), detail::view(q), detail::pairOrigin(p, q));
  });
}
bool overlaps(const Obb& a, const Obb& b) {
  return detail::scaledIfNeeded(a, b, [](const Obb& p, const Obb& q) { return boxesOverlap(p, q); });
}
bool overlaps(const Obb& a, const Kdop& b) {
  return detail::scaledIfNeeded(a, b, [](const Obb& p, const Kdop& q) {
    return polytopesOverlap(detail::view(p), detail::view(q), detail::pairOrigin(p, q));
  });
}
bool overlaps(const Kdop& a, const Kdop& b) {
  return detail::scaledIfNeeded(a, b, [](const Kdop& p, const Kdop& q) {
    return polytopesOverlap(detail::view(p), detail::view(q), detail::pairOrigin(p, q));
  });
}

bool overlaps(const Sphere& a, const Triangle& b) {
  return detail::scaledIfNeeded(
      a, b, [](const Sphere& s, const Triangle& t) { return detail::sphereOverlaps(s, detail::sphereTestShape(t)); });
}
// Triangles with any polytope: the polytope axes (triangle_axes.h), relative to the pair's midpoint.
template <class P>
bool triangleOverlaps(const P& p, const Triangle& t) {
  return detail::scaledIfNeeded(p, t, [](const P& q, const Triangle& u) {
    return polytopesOverlap(detail::view(q), detail::view(u), detail::pairOrigin(q, u));
  });
}
bool overlaps(const Aabb& a, const Triangle& b) { return triangleOverlaps(a, b); }
bool overlaps(const Obb& a, const Triangle& b) { return triangleOverlaps(a, b); }
bool overlaps(const Kdop& a, const Triangle& b) { return triangleOverlaps(a, b); }
bool overlaps(const Triangle& a, const Triangle& b) { return triangleOverlaps(a, b); }

bool detail::spheresOverlapBeyondRange(const Sphere& a, const Sphere& b) {
  const double f = pairScale(a, b);
  const Sphere p = scaled(a, f), q = scaled(b, f);  // f may be 1: withinDistance rescales itself
  return withinDistance(q.center - p.center, p.radius + q.radius);
}

bool overlaps(const Volume& a, const Volume& b) {
  return std::visit([](const auto& x, const auto& y) { return overlaps(x, y); }, a, b);
}

bool overlapsConservative(const Kdop& a, const Kdop& b) {
  const KdopDirection* da = kdopDirections(a.k);
  const KdopDirection* db = kdopDirections(b.k);
  for (int i = 0; i < a.slabCount(); ++i) {
    for (int j = 0; j < b.slabCount(); ++j) {
      if (da[i].x != db[j].x || da[i].y != db[j].y || da[i].z != db[j].z) continue;
      if (a.min[i] > b.max[j] || b.min[j] > a.max[i]) return false;
    }
  }
  return true;
}

}  // namespace sepaxis
