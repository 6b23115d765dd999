#pragma once
// A World's volume bodies against a mesh body's triangles (World::pairs, contacts, query): a
// descent of the mesh's AABB tree made for the many small volumes a level meets each frame. The
// nodes are compared by their boxes of floats with the volume's box taken into the mesh's frame
// (rounded outward to floats: six comparisons), and only a leaf gets the full test of the volume
// in the mesh's frame (mesh_local_query.h); upper nodes are much larger than a body, and the box
// settles them as the full test would (for 10,000 bodies over a level of 200,000 triangles, the
// full test at every node ran six times as often for the same triangles reached). A triangle
// within the box is then classified there: apart (beyond the pad on an axis), surely overlapping
// (deeper than tolerance::kWorldSureMargin of the pair's size, where overlaps() says so by
// contract, as the k-DOP shortcuts rely on: world_kdop.h), or else posed and decided by the exact
// overlaps(). The triangles found are those of testing every posed triangle with overlaps(),
// which Mesh::forEachOverlappingTriangle finds too, in the same order.

#include <cstdint>
#include <type_traits>

#include "sepaxis/aabb.h"
#include "sepaxis/mesh.h"
#include "sepaxis/obb.h"
#include "sepaxis/sphere.h"
#include "sepaxis/transform.h"

namespace sepaxis::detail {

/// visit(context, t, posed) for each triangle t of `mesh` whose posed triangle
/// (transformed(triangle(t), pose)) overlaps `query`, in the tree's order, until visit returns
/// false; then true. False, having visited nothing, where this descent does not apply (a tree of
/// other nodes, boxes scaled out of the floats' range, numbers out of mesh_local_query.h's): the
/// mesh's own query answers those.
bool forEachTriangleMeeting(const Mesh& mesh, const RigidTransform& pose, const Sphere& query,
                            Mesh::TriangleVisitor visit, void* context);
bool forEachTriangleMeeting(const Mesh& mesh, const RigidTransform& pose, const Aabb& query,
                            Mesh::TriangleVisitor visit, void* context);
bool forEachTriangleMeeting(const Mesh& mesh, const RigidTransform& pose, const Obb& query, Mesh::TriangleVisitor visit,
                            void* context);

/// The same with any callable f(uint32_t triangle, const Triangle& posed) -> bool.
template <class V, class F>
bool forEachTriangleMeeting(const Mesh& mesh, const RigidTransform& pose, const V& query, F&& f) {
  using Callable = std::remove_reference_t<F>;
  return forEachTriangleMeeting(
      mesh, pose, query,
      [](void* c, uint32_t t, const Triangle& posed) { return bool((*static_cast<Callable*>(c))(t, posed)); },
      const_cast<void*>(static_cast<const void*>(&f)));
}

}  // namespace sepaxis::detail
