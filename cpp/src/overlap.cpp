#include "sepaxis/overlap.h"

#include "obb_axes.h"
#include "sat.h"
#include "sphere_axes.h"

namespace sepaxis {
namespace {

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

bool boxesOverlap(const Obb& a, const Obb& b) {
  bool separated = false;
  detail::forEachBoxAxis(a.halfExtents, detail::inFrameOf(a, b), [&](const detail::BoxAxis& x) {
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

}  // namespace

bool overlaps(const Sphere& a, const Aabb& b) { return spherePolytopeOverlap(a, detail::view(b)); }
bool overlaps(const Sphere& a, const Obb& b) { return spherePolytopeOverlap(a, detail::view(b)); }
bool overlaps(const Sphere& a, const Kdop& b) { return spherePolytopeOverlap(a, detail::view(b)); }

bool overlaps(const Aabb& a, const Obb& b) { return boxesOverlap(detail::asObb(a), b); }
bool overlaps(const Aabb& a, const Kdop& b) { return polytopesOverlap(detail::view(a), detail::view(b)); }
bool overlaps(const Obb& a, const Obb& b) { return boxesOverlap(a, b); }
bool overlaps(const Obb& a, const Kdop& b) { return polytopesOverlap(detail::view(a), detail::view(b)); }
bool overlaps(const Kdop& a, const Kdop& b) { return polytopesOverlap(detail::view(a), detail::view(b)); }

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
