#include "world_mesh.h"

#include <cstddef>

#include "sepaxis/bounds.h"
#include "sepaxis/overlap.h"
#include "sepaxis/tolerance.h"

#include "lanes.h"
#include "mesh_internals.h"
#include "mesh_local_query.h"
#include "mesh_nodes.h"

namespace sepaxis::detail {

namespace {

LocalSphereQuery localQuery(const Sphere& s, const RigidTransform& pose, double pad) { return {s, pose, pad}; }
LocalBoxQuery localQuery(const Aabb& b, const RigidTransform& pose, double pad) { return {b, pose, pad}; }
LocalBoxQuery localQuery(const Obb& b, const RigidTransform& pose, double pad) { return {b, pose, pad}; }

template <class V>
bool descend(const Mesh& mesh, const RigidTransform& pose, const V& query, Mesh::TriangleVisitor visit, void* context) {
  const MeshBoxNode* const nodes = MeshInternals::boxes(mesh);
  if (!nodes || MeshInternals::boxScale(mesh) != 1) return false;
  const double magnitude = MeshInternals::magnitude(mesh);
  const LocalBounds bounds = localBoundsOf(boundingBox(query), pose, magnitude);
  const double pad = bounds.pad / pose.scale;
  const auto local = localQuery(query, pose, pad);
  // A pad that small (a mesh of points at the origin and a query of nothing there) leaves the
  // triangle tests' products no room for their rounding.
  if (!(pad >= kLocalQuerySmallest) || !local.fits(magnitude)) return false;
  // The floats of the box: holding the doubles' box, they part from a node's floats (which hold
  // its triangles) only where the doubles' box does.
  const float lo[3] = {floatBelow(bounds.min.x), floatBelow(bounds.min.y), floatBelow(bounds.min.z)};
  const float hi[3] = {floatAbove(bounds.max.x), floatAbove(bounds.max.y), floatAbove(bounds.max.z)};
#if SEPAXIS_LANES
  // A node's min and max are 16 bytes each with its first and count (no coordinates: their
  // lanes are left out), two loads and two comparisons.
  static_assert(sizeof(MeshBoxNode) == 32 && offsetof(MeshBoxNode, max) == 16, "the layout the loads assume");
  const float low[4] = {lo[0], lo[1], lo[2], 0}, high[4] = {hi[0], hi[1], hi[2], 0};
  const v128_t lo4 = wasm_v128_load(low), hi4 = wasm_v128_load(high);
  const auto boxMeets = [lo4, hi4](const MeshBoxNode& n) {
    const unsigned char* const bytes = reinterpret_cast<const unsigned char*>(&n);
    const v128_t meets =
        wasm_v128_and(wasm_f32x4_le(wasm_v128_load(bytes), hi4), wasm_f32x4_ge(wasm_v128_load(bytes + 16), lo4));
    return (wasm_i32x4_bitmask(meets) & 7) == 7;
  };
#else
  const auto boxMeets = [&lo, &hi](const MeshBoxNode& n) {
    return (n.min[0] <= hi[0]) & (n.min[1] <= hi[1]) & (n.min[2] <= hi[2]) & (n.max[0] >= lo[0]) & (n.max[1] >= lo[1]) &
           (n.max[2] >= lo[2]);
  };
#endif
  const auto outside = [&bounds](Vec3 a, Vec3 b) {
    return a.x > bounds.max.x || a.y > bounds.max.y || a.z > bounds.max.z || b.x < bounds.min.x || b.y < bounds.min.y ||
           b.z < bounds.min.z;
  };
  const uint32_t* const order = mesh.triangleOrder().data();
  // Depth first, the first child first (the order of Mesh's descent): the stack holds at most
  // the depth plus one nodes, and a push may write one entry past them (65: any tree of 2^32
  // triangles, mesh_descent.h).
  uint32_t stack[64 + 2];
  int top = boxMeets(nodes[0]) ? 1 : 0;
  stack[0] = 0;
  while (top > 0) {
    const MeshBoxNode& node = nodes[stack[--top]];
    if (!node.isLeaf()) {
      const uint32_t first = node.first;
      const bool meetsFirst = boxMeets(nodes[first]), meetsSecond = boxMeets(nodes[first + 1]);
      stack[top] = first + 1, top += meetsSecond;
      stack[top] = first, top += meetsFirst;
      continue;
    }
    if (!local.meets({double(node.min[0]), double(node.min[1]), double(node.min[2])},
                     {double(node.max[0]), double(node.max[1]), double(node.max[2])}))
      continue;
    for (uint32_t slot = node.first; slot < node.first + node.count; ++slot) {
      const Triangle t = MeshInternals::leafTriangle(mesh, slot);
      if (outside(min(min(t.a, t.b), t.c), max(max(t.a, t.b), t.c))) continue;
      const TriangleVerdict verdict = local.classify(t, tolerance::kWorldSureMargin);
      if (verdict == TriangleVerdict::Apart) continue;
      const Triangle posed = transformed(t, pose);
      if ((verdict == TriangleVerdict::Overlap || overlaps(posed, query)) && !visit(context, order[slot], posed))
        return true;
    }
  }
  return true;
}

}  // namespace

bool forEachTriangleMeeting(const Mesh& mesh, const RigidTransform& pose, const Sphere& query,
                            Mesh::TriangleVisitor visit, void* context) {
  return descend(mesh, pose, query, visit, context);
}
bool forEachTriangleMeeting(const Mesh& mesh, const RigidTransform& pose, const Aabb& query,
                            Mesh::TriangleVisitor visit, void* context) {
  return descend(mesh, pose, query, visit, context);
}
bool forEachTriangleMeeting(const Mesh& mesh, const RigidTransform& pose, const Obb& query, Mesh::TriangleVisitor visit,
                            void* context) {
  return descend(mesh, pose, query, visit, context);
}

}  // namespace sepaxis::detail
