#include "sepaxis/bounds.h"

#include <algorithm>
#include <cmath>

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

namespace {

PolytopeMesh boxMesh(Vec3 center, const Vec3 (&axis)[3], Vec3 half) {
  PolytopeMesh m;
  for (int i = 0; i < 8; ++i)  // bit b of i: the sign along axis b
    m.vertices.push_back(center + axis[0] * (i & 1 ? half.x : -half.x) + axis[1] * (i & 2 ? half.y : -half.y) +
                         axis[2] * (i & 4 ? half.z : -half.z));
  for (int i = 0; i < 8; ++i)
    for (int b = 0; b < 3; ++b)
      if (!(i & (1 << b))) m.edges.push_back({i, i | (1 << b)});
  return m;
}

PolytopeMesh meshOf(const Sphere&) { return {}; }
PolytopeMesh meshOf(const Aabb& box) {
  const Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  return boxMesh(center(box), axes, halfExtents(box));
}
PolytopeMesh meshOf(const Obb& box) { return boxMesh(box.center, box.axis, box.halfExtents); }
PolytopeMesh meshOf(const Kdop& kdop) {
  PolytopeMesh m;
  for (int v = 0; v < kdop.vertexCount; ++v) m.vertices.push_back(kdopVertex(kdop, v));
  for (int v = 0; v < kdop.vertexCount; ++v)
    for (int w = v + 1; w < kdop.vertexCount; ++w)
      if (kdop.adjacent[v] >> w & 1) m.edges.push_back({v, w});
  return m;
}

}  // namespace

PolytopeMesh polytopeMesh(const Volume& v) {
  return std::visit([](const auto& shape) { return meshOf(shape); }, v);
}

}  // namespace sepaxis
