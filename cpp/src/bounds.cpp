#include "sepaxis/bounds.h"

#include <limits>

namespace sepaxis {
namespace {

/// A box whose sides passed the largest double, brought back to it (see bounds.h: it still holds
/// every point of the volume with double coordinates). The sums below overflow to +-infinity,
/// never to NaN: every term is finite and the centre plus or minus a non-negative reach.
Aabb clampedToDoubles(Vec3 lo, Vec3 hi) {
  constexpr double kMax = std::numeric_limits<double>::max();
  return {max(lo, Vec3{-kMax, -kMax, -kMax}), min(hi, Vec3{kMax, kMax, kMax})};
}

}  // namespace

Aabb boundingBox(const Sphere& s) {
  const Vec3 r{s.radius, s.radius, s.radius};
  return clampedToDoubles(s.center - r, s.center + r);
}

Aabb boundingBox(const Aabb& box) { return box; }

Aabb boundingBox(const Obb& box) {
  // The extent along world axis j is sum_i e_i |u_i[j]| (Ericson, RTCD 4.2.6).
  const Vec3 r = abs(box.axis[0]) * box.halfExtents.x + abs(box.axis[1]) * box.halfExtents.y +
                 abs(box.axis[2]) * box.halfExtents.z;
  return clampedToDoubles(box.center - r, box.center + r);
}

Aabb boundingBox(const Kdop& kdop) {
  Vec3 lo = kdop.vertex[0], hi = kdop.vertex[0];
  for (int v = 1; v < kdop.vertexCount; ++v) {
    lo = min(lo, kdop.vertex[v]);
    hi = max(hi, kdop.vertex[v]);
  }
  return clampedToDoubles(kdop.origin + lo, kdop.origin + hi);
}

Aabb boundingBox(const Triangle& t) { return {min(t.a, min(t.b, t.c)), max(t.a, max(t.b, t.c))}; }

Aabb boundingBox(const Volume& v) {
  return std::visit([](const auto& shape) { return boundingBox(shape); }, v);
}

}  // namespace sepaxis
