#include "sepaxis/bounds.h"

namespace sepaxis {

Aabb boundingBox(const Sphere& s) {
  const Vec3 r{s.radius, s.radius, s.radius};
  return {s.center - r, s.center + r};
}

Aabb boundingBox(const Aabb& box) { return box; }

Aabb boundingBox(const Obb& box) {
  // The extent along world axis j is sum_i e_i |u_i[j]| (Ericson, RTCD 4.2.6).
  const Vec3 r = abs(box.axis[0]) * box.halfExtents.x + abs(box.axis[1]) * box.halfExtents.y +
                 abs(box.axis[2]) * box.halfExtents.z;
  return {box.center - r, box.center + r};
}

Aabb boundingBox(const Kdop& kdop) {
  Vec3 lo = kdop.vertex[0], hi = kdop.vertex[0];
  for (int v = 1; v < kdop.vertexCount; ++v) {
    lo = min(lo, kdop.vertex[v]);
    hi = max(hi, kdop.vertex[v]);
  }
  return {kdop.origin + lo, kdop.origin + hi};
}

Aabb boundingBox(const Volume& v) {
  return std::visit([](const auto& shape) { return boundingBox(shape); }, v);
}

}  // namespace sepaxis
