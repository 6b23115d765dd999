#include "sepaxis/polytope_mesh.h"

namespace sepaxis {

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

// Unused where Volume leaves triangles out (SEPAXIS_VOLUME_WITHOUT_TRIANGLE).
[[maybe_unused]] PolytopeMesh meshOf(const Triangle& t) { return {{t.a, t.b, t.c}, {{0, 1}, {1, 2}, {2, 0}}}; }

}  // namespace

PolytopeMesh polytopeMesh(const Volume& v) {
  return std::visit([](const auto& shape) { return meshOf(shape); }, v);
}

}  // namespace sepaxis
