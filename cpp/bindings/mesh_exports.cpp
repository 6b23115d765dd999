// Plain exports for the triangle meshes (sepaxis/mesh.h) of the package's createMesh() and
// loadMesh() (web/lib/mesh.js). Mapping only: arrays JavaScript copied into the heap once, io for
// the queries' arguments and results (wire.h), a call of the Mesh. A handle is a JsMesh: the Mesh
// and what its calls hand back (the last query's cost, serialize()'s bytes, a level of the tree).
// Failures return 0 or kMeshRefused with the core's message as lastError().

#include <emscripten/emscripten.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "mesh_exports.h"
#include "scratch.h"
#include "world_exports.h"

using namespace sepaxis;
using namespace sepaxis::bindings;
using namespace sepaxis::wire;

namespace {

struct JsMesh {
  /// Shared with the worlds that hold the mesh as a body (sx_world_add_mesh), which keep it as long
  /// as they do.
  std::shared_ptr<Mesh> mesh;
  MeshQueryCost cost;
  std::vector<uint8_t> bytes;           // serialize()'s, until JavaScript has copied them
  std::vector<uint32_t> level;          // nodesAtDepth()'s
  std::vector<MeshTrianglePair> pairs;  // trianglePairs()'s, reused
  MeshTrace trace;                      // the traced queries', reused
};

static_assert(sizeof(MeshTrianglePair) == 2 * sizeof(uint32_t), "trianglePairs hands JavaScript [a0, b0, a1, b1, ...]");
static_assert(sizeof(MeshTraceStep) == 3 * sizeof(uint32_t) && sizeof(MeshTraceTriangle) == 3 * sizeof(uint32_t),
              "a trace hands JavaScript [node, other, meets, ...] and [triangle, other, meets, ...]");

double* io() { return scratch() + kIo; }
Vec3 ioVec(int at) { return {io()[at], io()[at + 1], io()[at + 2]}; }
void ioWrite(int at, Vec3 v) { io()[at] = v.x, io()[at + 1] = v.y, io()[at + 2] = v.z; }

// The pose at io[at] (rotation, translation, scale: kIoRotation's layout) into t; else
// makeRigidTransform's message as lastError().
bool ioPose(int at, RigidTransform& t) {
  const double* p = io() + at;
  const Quat q{p[kIoRotation], p[kIoRotation + 1], p[kIoRotation + 2], p[kIoRotation + 3]};
  const Vec3 translation{p[kIoTranslation], p[kIoTranslation + 1], p[kIoTranslation + 2]};
  if (tryMakeRigidTransform(q, translation, p[kIoScale], t)) return true;
  setLastError(makeRigidTransform(q, translation, p[kIoScale]).error().message);
  return false;
}

JsMesh* adopt(Expected<Mesh> made) {
  if (!made) {
    setLastError(made.error().message);
    return nullptr;
  }
  return new JsMesh{std::make_shared<Mesh>(std::move(made.value())), {}, {}, {}, {}, {}};
}

}  // namespace

const Mesh& sepaxis::bindings::meshOf(uintptr_t handle) { return *reinterpret_cast<const JsMesh*>(handle)->mesh; }

extern "C" {

// The mesh as a body of the world, posed by io (kIoRotation, kIoTranslation), which shares it.
// The id goes to io[kIoBody]. Returns 0, kInvalidPose or kWorldRefused.
EMSCRIPTEN_KEEPALIVE int sx_world_add_mesh(uintptr_t world, JsMesh* m) {
  return addWorldBody(world, [m](World& w, const RigidTransform& pose) { return w.add(m->mesh, pose); });
}

// positions: 3 doubles per vertex; indices: indexCount uint32s, or null for every three vertices a
// triangle. node: a MeshNodeType code. Returns the handle, or 0 with lastError().
EMSCRIPTEN_KEEPALIVE JsMesh* sx_mesh_create(const double* positions, uint32_t vertexCount, const uint32_t* indices,
                                            uint32_t indexCount, int node, int leafSize) {
  return adopt(Mesh::build(positions, vertexCount, indices, indexCount, {MeshNodeType(node), leafSize}));
}

// The mesh serialize() wrote: the handle, or 0 with lastError().
EMSCRIPTEN_KEEPALIVE JsMesh* sx_mesh_load(const uint8_t* bytes, uint32_t size) {
  return adopt(Mesh::deserialize(bytes, size));
}

EMSCRIPTEN_KEEPALIVE void sx_mesh_destroy(JsMesh* m) { delete m; }

// Returns 0, or kMeshRefused (the mesh unchanged).
EMSCRIPTEN_KEEPALIVE int sx_mesh_refit(JsMesh* m, const double* positions, uint32_t vertexCount) {
  // A world's mesh body keeps bounds fitted to the tree it was posed with.
  if (m->mesh.use_count() > 1) {
    setLastError("the mesh is a body of a world (world.add): remove it from the world before refitting it");
    return kMeshRefused;
  }
  const Status s = m->mesh->refit(positions, vertexCount);
  if (s) return 0;
  setLastError(s.error().message);
  return kMeshRefused;
}

EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_vertex_count(const JsMesh* m) { return uint32_t(m->mesh->vertexCount()); }
EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_triangle_count(const JsMesh* m) { return uint32_t(m->mesh->triangleCount()); }
EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_node_count(const JsMesh* m) { return uint32_t(m->mesh->nodeCount()); }
EMSCRIPTEN_KEEPALIVE int sx_mesh_depth(const JsMesh* m) { return m->mesh->depth(); }
EMSCRIPTEN_KEEPALIVE double sx_mesh_byte_length(const JsMesh* m) { return double(m->mesh->byteLength()); }
EMSCRIPTEN_KEEPALIVE int sx_mesh_node_type(const JsMesh* m) { return int(m->mesh->nodeType()); }
EMSCRIPTEN_KEEPALIVE int sx_mesh_leaf_size(const JsMesh* m) { return m->mesh->leafSize(); }
EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_volume_tests(const JsMesh* m) { return m->cost.volumeTests; }
EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_triangle_tests(const JsMesh* m) { return m->cost.triangleTests; }

// io: origin, direction, maxDistance. Writes the hit (distance, point, normal, barycentric) and the
// triangle to io. Returns 1 hit, 0 miss.
// With `traced`, the descent is recorded in m->trace as sx_mesh_trace_overlaps' is.
EMSCRIPTEN_KEEPALIVE int sx_mesh_raycast(JsMesh* m, int traced) {
  const MeshRayHit h = m->mesh->raycast(ioVec(kIoOrigin), ioVec(kIoDirection), io()[kIoMaxDistance], &m->cost,
                                        traced ? &m->trace : nullptr);
  if (!h.hit) return 0;
  io()[kIoHitDistance] = h.distance;
  ioWrite(kIoHitPoint, h.point);
  ioWrite(kIoHitNormal, h.normal);
  ioWrite(kIoHitBarycentric, h.barycentric);
  io()[kIoMeshTriangle] = h.triangle;
  return 1;
}

// io: the point, maxDistance. Writes the closest point, its distance and triangle. Returns 1
// found, 0 none within maxDistance.
EMSCRIPTEN_KEEPALIVE int sx_mesh_closest_point(JsMesh* m) {
  const MeshClosestPoint c = m->mesh->closestPoint(ioVec(kIoPoint), io()[kIoMaxDistance], &m->cost);
  if (!c.found) return 0;
  ioWrite(kIoClosestPoint, c.point);
  io()[kIoMeshDistance] = c.distance;
  io()[kIoMeshTriangle] = c.triangle;
  return 1;
}

// Many rays in one call (mesh.raycastMany): origins and directions, 3 doubles per ray; each ray is
// checked before anything is written: returns -1 - i for the first ray i whose origin is not
// finite or whose direction is zero or not finite. Else ray i's hit goes to triangle[i] (-1: none)
// and distance[i] (infinity: none), and, where not null, point, normal and barycentric [3i, 3i + 3)
// (NaN: none); the hits are counted, the costs summed in lastQuery (added to the last call's
// unless `fresh`: a batch in chunks). The answers are raycast()'s.
EMSCRIPTEN_KEEPALIVE int sx_mesh_raycast_many(JsMesh* m, const double* origins, const double* directions, uint32_t n,
                                              double maxDistance, int fresh, int32_t* triangle, double* distance,
                                              double* point, double* normal, double* barycentric) {
  const auto at = [](const double* v, uint32_t i) { return Vec3{v[3 * i], v[3 * i + 1], v[3 * i + 2]}; };
  for (uint32_t i = 0; i < n; ++i) {
    const Vec3 d = at(directions, i);
    if (!isFinite(at(origins, i)) || !isFinite(d) || (d.x == 0 && d.y == 0 && d.z == 0)) return -1 - int(i);
  }
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  const auto write = [](double* out, uint32_t i, Vec3 v) {
    if (out) out[3 * i] = v.x, out[3 * i + 1] = v.y, out[3 * i + 2] = v.z;
  };
  int hits = 0;
  if (fresh) m->cost = {};
  for (uint32_t i = 0; i < n; ++i) {
    MeshQueryCost cost;
    const MeshRayHit h = m->mesh->raycast(at(origins, i), at(directions, i), maxDistance, &cost);
    m->cost.volumeTests += cost.volumeTests, m->cost.triangleTests += cost.triangleTests;
    hits += h.hit;
    triangle[i] = h.hit ? int32_t(h.triangle) : -1;
    distance[i] = h.hit ? h.distance : std::numeric_limits<double>::infinity();
    write(point, i, h.hit ? h.point : Vec3{kNone, kNone, kNone});
    write(normal, i, h.hit ? h.normal : Vec3{kNone, kNone, kNone});
    write(barycentric, i, h.hit ? h.barycentric : Vec3{kNone, kNone, kNone});
  }
  return hits;
}

// Many points in one call (mesh.closestPointMany), 3 doubles each: returns -1 - i for the first
// point i that is not finite, before anything is written. Else point i's answer goes to
// triangle[i] (-1: none within maxDistance), distance[i] (infinity: none) and, where not null,
// closest [3i, 3i + 3) (NaN: none); the points found are counted, the costs summed as
// sx_mesh_raycast_many's.
EMSCRIPTEN_KEEPALIVE int sx_mesh_closest_point_many(JsMesh* m, const double* points, uint32_t n, double maxDistance,
                                                    int fresh, int32_t* triangle, double* distance, double* closest) {
  const auto at = [points](uint32_t i) { return Vec3{points[3 * i], points[3 * i + 1], points[3 * i + 2]}; };
  for (uint32_t i = 0; i < n; ++i)
    if (!isFinite(at(i))) return -1 - int(i);
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  int found = 0;
  if (fresh) m->cost = {};
  for (uint32_t i = 0; i < n; ++i) {
    MeshQueryCost cost;
    const MeshClosestPoint c = m->mesh->closestPoint(at(i), maxDistance, &cost);
    m->cost.volumeTests += cost.volumeTests, m->cost.triangleTests += cost.triangleTests;
    found += c.found;
    triangle[i] = c.found ? int32_t(c.triangle) : -1;
    distance[i] = c.found ? c.distance : std::numeric_limits<double>::infinity();
    const Vec3 q = c.found ? c.point : Vec3{kNone, kNone, kNone};
    if (closest) closest[3 * i] = q.x, closest[3 * i + 1] = q.y, closest[3 * i + 2] = q.z;
  }
  return found;
}

// Slot 0 holds the volume (in the world), io the mesh's pose. Returns 1 overlap, 0 apart,
// kSlotAInvalid (the volume) or kInvalidPose.
EMSCRIPTEN_KEEPALIVE int sx_mesh_overlaps(JsMesh* m) {
  if (!decode(0)) return kSlotAInvalid;
  RigidTransform pose;
  if (!ioPose(0, pose)) return kInvalidPose;
  m->cost = {};
  return m->mesh->overlaps(slotVolume(0), pose, &m->cost);
}

// io: this mesh's pose at kIoMeshPose, the other's at kIoRotation... With `all`, every
// overlapping pair into m->pairs and their count returned (at sx_mesh_pairs_data); else 1 when
// some pair overlaps, 0 when none. kInvalidPose names no pose: io[kIoFailedIndex] is 0 for this
// mesh's, 1 for the other's.
EMSCRIPTEN_KEEPALIVE int sx_mesh_overlaps_mesh(JsMesh* m, const JsMesh* other, int all) {
  RigidTransform pose, otherPose;
  if (!ioPose(kIoMeshPose, pose)) return io()[kIoFailedIndex] = 0, kInvalidPose;
  if (!ioPose(0, otherPose)) return io()[kIoFailedIndex] = 1, kInvalidPose;
  m->cost = {};
  if (!all) return m->mesh->overlapsMesh(pose, *other->mesh, otherPose, &m->cost);
  m->pairs.clear();
  return int(m->mesh->trianglePairs(pose, *other->mesh, otherPose, m->pairs, &m->cost));
}
EMSCRIPTEN_KEEPALIVE const MeshTrianglePair* sx_mesh_pairs_data(const JsMesh* m) { return m->pairs.data(); }

// sx_mesh_overlaps and sx_mesh_overlaps_mesh (the first pair only) with the descent recorded in
// m->trace (at sx_mesh_trace_steps and sx_mesh_trace_triangles, their counts the query's costs).
EMSCRIPTEN_KEEPALIVE int sx_mesh_trace_overlaps(JsMesh* m) {
  if (!decode(0)) return kSlotAInvalid;
  RigidTransform pose;
  if (!ioPose(0, pose)) return kInvalidPose;
  m->cost = {};
  return m->mesh->overlaps(slotVolume(0), pose, &m->cost, &m->trace);
}
EMSCRIPTEN_KEEPALIVE int sx_mesh_trace_overlaps_mesh(JsMesh* m, const JsMesh* other) {
  RigidTransform pose, otherPose;
  if (!ioPose(kIoMeshPose, pose)) return io()[kIoFailedIndex] = 0, kInvalidPose;
  if (!ioPose(0, otherPose)) return io()[kIoFailedIndex] = 1, kInvalidPose;
  m->cost = {};
  return m->mesh->overlapsMesh(pose, *other->mesh, otherPose, &m->cost, &m->trace);
}
EMSCRIPTEN_KEEPALIVE const MeshTraceStep* sx_mesh_trace_steps(const JsMesh* m) { return m->trace.steps.data(); }
EMSCRIPTEN_KEEPALIVE const MeshTraceTriangle* sx_mesh_trace_triangles(const JsMesh* m) {
  return m->trace.triangles.data();
}
// The tree's shape: node i's `first` and `count` (MeshNode: a leaf's triangles in the leaf order
// at sx_mesh_triangle_order, an inner node's children at first and first + 1).
EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_node_first(const JsMesh* m, uint32_t i) { return m->mesh->node(i).first; }
EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_node_triangles(const JsMesh* m, uint32_t i) { return m->mesh->node(i).count; }
EMSCRIPTEN_KEEPALIVE const uint32_t* sx_mesh_triangle_order(const JsMesh* m) { return m->mesh->triangleOrder().data(); }

// serialize()'s bytes, kept until sx_mesh_release_bytes: returns their length (at sx_mesh_bytes).
EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_serialize(JsMesh* m) {
  m->bytes = m->mesh->serialize();
  return uint32_t(m->bytes.size());
}
EMSCRIPTEN_KEEPALIVE const uint8_t* sx_mesh_bytes(const JsMesh* m) { return m->bytes.data(); }
EMSCRIPTEN_KEEPALIVE void sx_mesh_release_bytes(JsMesh* m) { std::vector<uint8_t>().swap(m->bytes); }

// nodesAtDepth(depth): returns the count (the node indices at sx_mesh_level_data).
EMSCRIPTEN_KEEPALIVE uint32_t sx_mesh_nodes_at_depth(JsMesh* m, int depth) {
  m->level = m->mesh->nodesAtDepth(depth);
  return uint32_t(m->level.size());
}
EMSCRIPTEN_KEEPALIVE const uint32_t* sx_mesh_level_data(const JsMesh* m) { return m->level.data(); }

}  // extern "C"
