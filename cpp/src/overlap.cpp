#include "sepaxis/overlap.h"

#include "obb_axes.h"
#include "range_scale.h"
#include "sat.h"
#include "sphere_axes.h"

namespace sepaxis {
namespace {

const Obb& asBox(const Obb& box) { return box; }
Obb asBox(const Aabb& box) { return detail::asObb(box); }

bool polytopesOverlap(const detail::Polytope& a, const detail::Polytope& b) {
  const Vec3 origin = a.reference();
  bool separated = false;
  detail::forEachCandidateAxis(a, b, [&](const detail::CandidateAxis& c) {
    if (c.parallel) return false;
    separated = detail::projectPair(a, b, c, origin).separates();
    return separated;
  });
  return !separated;
}

// A and B are OBBs or AABBs; an AABB's centre enters only through centreOffset (obb_axes.h).
template <class A, class B>
bool boxesOverlap(const A& a, const B& b) {
  const Obb& boxA = asBox(a);
  const Obb& boxB = asBox(b);
  bool separated = false;
  detail::forEachBoxAxis(boxA.halfExtents, detail::inFrameOf(boxA, boxB, detail::centreOffset(a, b)), [&](const detail::BoxAxis& x) {
    separated = !x.parallel && x.separates();
    return separated;
  });
  return !separated;
}

bool spherePolytopeOverlap(const Sphere& s, const detail::Polytope& p) {
  const Vec3 origin = p.reference();
  for (int i = 0; i < p.faceCount(); ++i) {
    const Vec3 axis = p.face(i);
    if (detail::faceSeparates(detail::projectSphere(s, axis, p.faceLength(i), origin), p.project(axis, origin, i))) return false;
  }
  return !detail::closestPointSeparates(s, detail::offsetFromClosest(p, s.center));
}

// spherePolytopeOverlap for an AABB, written out: the same operations (the projections onto the
// axes x, y, z add only zeros to these differences, so they are the same numbers), without the
// polytope's per-kind dispatch, which WebAssembly builds did not fold away (80 ns a call, 18 natively).
// (projectSphere multiplies the radius by the face length, 1 for boxes: left out.)
bool sphereAabbOverlap(const Sphere& s, const Aabb& box) {
  const Vec3 origin = center(box);
  for (int i = 0; i < 3; ++i) {
    const double c = s.center[i] - origin[i];
    if (detail::faceSeparates({c - s.radius, c + s.radius}, {box.min[i] - origin[i], box.max[i] - origin[i]})) return false;
  }
  return !detail::closestPointSeparates(s, detail::offsetFromClosest(box, s.center));
}

// The same for an OBB: its face i projects, about its own centre, to +-e_i (u_i . u_i), as
// Polytope::project computes it; the sphere to c +- r with c = (s.center - box.center) . u_i.
bool sphereObbOverlap(const Sphere& s, const Obb& box) {
  const Vec3 d = s.center - box.center;
  for (int i = 0; i < 3; ++i) {
    const double c = dot(d, box.axis[i]);
    const double e = std::fabs(box.halfExtents[i] * dot(box.axis[i], box.axis[i]));
    if (detail::faceSeparates({c - s.radius, c + s.radius}, {-e, e})) return false;
  }
  return !detail::closestPointSeparates(s, detail::offsetFromClosest(box, s.center));
}

}  // namespace

// Pairs far outside the ordinary range are tested scaled (range_scale.h): the sums, differences and
// squares the tests form would overflow or underflow there.
bool overlaps(const Sphere& a, const Aabb& b) {
  return detail::scaledIfNeeded(a, b, [](const Sphere& s, const Aabb& p) { return sphereAabbOverlap(s, p); });
}
bool overlaps(const Sphere& a, const Obb& b) {
  return detail::scaledIfNeeded(a, b, [](const Sphere& s, const Obb& p) { return sphereObbOverlap(s, p); });
}
bool overlaps(const Sphere& a, const Kdop& b) {
  return detail::scaledIfNeeded(a, b, [](const Sphere& s, const Kdop& p) { return spherePolytopeOverlap(s, detail::view(p)); });
}
bool overlaps(const Aabb& a, const Obb& b) {
  return detail::scaledIfNeeded(a, b, [](const Aabb& p, const Obb& q) { return boxesOverlap(p, q); });
}
bool overlaps(const Aabb& a, const Kdop& b) {
  return detail::scaledIfNeeded(a, b, [](const Aabb& p, const Kdop& q) { return polytopesOverlap(detail::view(p), detail::view(q)); });
}
bool overlaps(const Obb& a, const Obb& b) {
  return detail::scaledIfNeeded(a, b, [](const Obb& p, const Obb& q) { return boxesOverlap(p, q); });
}
bool overlaps(const Obb& a, const Kdop& b) {
  return detail::scaledIfNeeded(a, b, [](const Obb& p, const Kdop& q) { return polytopesOverlap(detail::view(p), detail::view(q)); });
}
bool overlaps(const Kdop& a, const Kdop& b) {
  return detail::scaledIfNeeded(a, b, [](const Kdop& p, const Kdop& q) { return polytopesOverlap(detail::view(p), detail::view(q)); });
}

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
