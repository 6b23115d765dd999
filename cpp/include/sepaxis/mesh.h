#pragma once
/// A triangle mesh and its bounding-volume tree, with a node type of the caller's choice: spheres,
/// AABBs, OBBs (Gottschalk, Lin & Manocha 1996, "OBBTree") or k-DOPs (Klosowski et al. 1998,
/// "Efficient collision detection using bounding volume hierarchies of k-DOPs"). The type and the
/// leaf size trade how tight the nodes are against how many nodes a query tests.

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>
#include <vector>

#include "sepaxis/error.h"
#include "sepaxis/transform.h"
#include "sepaxis/triangle.h"
#include "sepaxis/volume.h"

namespace sepaxis {

enum class MeshNodeType { Sphere, Aabb, Obb, Kdop6, Kdop8, Kdop14, Kdop18, Kdop26 };
/// Every node type, in the enum's order.
inline constexpr MeshNodeType kMeshNodeTypes[] = {MeshNodeType::Sphere, MeshNodeType::Aabb,  MeshNodeType::Obb,
                                                  MeshNodeType::Kdop6,  MeshNodeType::Kdop8, MeshNodeType::Kdop14,
                                                  MeshNodeType::Kdop18, MeshNodeType::Kdop26};

/// "sphere", "aabb", "obb", "kdop6", ... "kdop26": the names of the JSON interchange format.
const char* meshNodeTypeName(MeshNodeType type);

inline constexpr int kMaxMeshLeafSize = 64;

struct MeshOptions {
  MeshNodeType node = MeshNodeType::Aabb;
  /// The most triangles a leaf holds, 1..kMaxMeshLeafSize. 8: a leaf's triangles, copied in a
  /// row, cost less to test than the two levels of nodes above them that a leaf of 2 would add.
  int leafSize = 8;
};

/// A node of the tree: a leaf holds triangles [first, first + count) of Mesh::triangleOrder();
/// an inner node (count == 0) has its two children at first and first + 1.
struct MeshNode {
  uint32_t first = 0;
  uint32_t count = 0;
  bool isLeaf() const { return count != 0; }
};

namespace detail {
/// A node of an AABB tree, the only storage of its nodes: the box in floats rounded outward (it
/// holds the box of doubles fitted to the triangles below), and the node's `first` and `count`
/// (MeshNode), in 32 bytes, so that two siblings share a cache line.
struct MeshBoxNode {
  float min[3];
  uint32_t first;
  float max[3];
  uint32_t count;
  bool isLeaf() const { return count != 0; }
};
struct NodeNumbers;
struct MeshInternals;

/// Places an array of MeshBoxNodes so that element 1 starts a 64-byte cache line: the siblings
/// (1, 2), (3, 4), ... that a descent reads together then share one line instead of straddling two.
template <class T>
struct SiblingLineAllocator {
  static_assert(sizeof(T) == 32, "two nodes a cache line");
  using value_type = T;
  SiblingLineAllocator() = default;
  template <class U>
  SiblingLineAllocator(const SiblingLineAllocator<U>&) {}
  T* allocate(size_t n) {
    void* line = ::operator new(n * sizeof(T) + 64, std::align_val_t(64));
    return reinterpret_cast<T*>(static_cast<char*>(line) + 64 - sizeof(T));
  }
  // The unsized form: clang offers the sized one only with -fsized-deallocation.
  void deallocate(T* p, size_t) {
    ::operator delete(reinterpret_cast<char*>(p) - (64 - sizeof(T)), std::align_val_t(64));
  }
  friend bool operator==(const SiblingLineAllocator&, const SiblingLineAllocator&) { return true; }
  friend bool operator!=(const SiblingLineAllocator&, const SiblingLineAllocator&) { return false; }
};
}  // namespace detail

/// A ray's first hit on a mesh.
struct MeshRayHit {
  bool hit = false;
  uint32_t triangle = 0;  ///< the input triangle's index
  double distance = 0;    ///< along the unit direction
  Vec3 point;
  Vec3 normal;       ///< as raycast(Triangle) gives it
  Vec3 barycentric;  ///< the weights of the triangle's corners a, b, c
};

/// The point of a mesh nearest to a query point.
struct MeshClosestPoint {
  bool found = false;
  uint32_t triangle = 0;
  Vec3 point;
  double distance = 0;
};

/// Two triangles that overlap, as input triangle indices: `a` of the mesh asked, `b` of the other.
struct MeshTrianglePair {
  uint32_t a = 0;
  uint32_t b = 0;
  friend bool operator==(MeshTrianglePair p, MeshTrianglePair q) { return p.a == q.a && p.b == q.b; }
  friend bool operator<(MeshTrianglePair p, MeshTrianglePair q) { return p.a < q.a || (p.a == q.a && p.b < q.b); }
};

/// What a query tested (Klosowski et al.'s cost model: node tests and triangle tests).
struct MeshQueryCost {
  uint32_t volumeTests = 0;
  uint32_t triangleTests = 0;
};

/// One node test of a traced descent (MeshTrace): the node, the other mesh's node (a query of two
/// meshes; -1 against a volume), and the test's verdict: whether the volumes may meet (1, the
/// descent goes below them) or are apart (0).
struct MeshTraceStep {
  uint32_t node = 0;
  int32_t other = -1;
  uint32_t meets = 0;
};

/// One triangle test of a traced descent: the input triangle, the other mesh's (-1 against a
/// volume), and whether they overlap (1) or not (0).
struct MeshTraceTriangle {
  uint32_t triangle = 0;
  int32_t other = -1;
  uint32_t meets = 0;
};

/// What a query's descent tested, in the order it tested it: one step a volume test, one entry of
/// `triangles` a triangle test (their counts are the query's MeshQueryCost). A query given a trace
/// clears it first and reuses its capacity, so a trace kept from query to query stops allocating.
/// A node never tested lies below a node tested apart, or the query stopped (at the first
/// overlapping triangle) before reaching it.
struct MeshTrace {
  std::vector<MeshTraceStep> steps;
  std::vector<MeshTraceTriangle> triangles;
};

class Mesh {
 public:
  /// positions: x, y, z per vertex (vertexCount vertices, finite). indices: three per triangle
  /// into the vertices (indexCount a multiple of 3, at least 3); null: every three vertices in turn
  /// are a triangle (vertexCount a multiple of 3). A degenerate triangle (a segment or a point) is
  /// kept: its node volumes hold it like any other.
  ///
  /// The tree is built top down: a node's triangles are split at the median of their centroids
  /// along the longest side of the centroids' box, so the depth is at most
  /// ceil(log2(triangleCount / leafSize)) + 1 levels below the root. Each node's volume is fitted
  /// to the corners of the triangles below it (fitAabb, fitSphere, fitObb's fast quality, fitKdop):
  /// every triangle lies inside the volume of each node above it.
  static Expected<Mesh> build(const double* positions, size_t vertexCount, const uint32_t* indices, size_t indexCount,
                              MeshOptions options = {});

  /// New positions for the same vertices (skinning, cloth): the tree keeps its shape and every node
  /// volume is fitted again. On an error (a count that differs, a coordinate that is not finite)
  /// the mesh is unchanged.
  Status refit(const double* positions, size_t vertexCount);

  size_t vertexCount() const { return positions_.size(); }
  size_t triangleCount() const { return order_.size(); }
  size_t nodeCount() const { return boxes_.empty() ? nodes_.size() : boxes_.size(); }
  /// Levels below the root: 0 for a mesh whose root is a leaf.
  int depth() const { return depth_; }
  /// The bytes the mesh keeps (vertices, triangles, nodes and their volumes).
  size_t byteLength() const;
  /// The nodes build() makes for this many triangles and leaf size (the median split's tree:
  /// the counts alone decide its shape).
  static size_t nodeCountFor(size_t triangleCount, int leafSize);
  /// The most memory build() takes for these counts: the mesh's byteLength() (which it equals)
  /// plus what the build holds while it runs (the triangles' centroids), so that a caller can
  /// know before building whether a mesh fits. An AABB tree: 24 bytes a vertex, 56 a triangle
  /// (20, and 36 more for its corners' copies in leaf order when the vertices are floats) and 32
  /// a node.
  static size_t buildByteEstimate(size_t vertexCount, size_t triangleCount, MeshOptions options = {});
  MeshNodeType nodeType() const { return options_.node; }
  int leafSize() const { return options_.leafSize; }

  /// Node `i` (0 is the root, i < nodeCount()).
  MeshNode node(uint32_t i) const {
    if (boxes_.empty()) return nodes_[i];
    return {boxes_[i].first, boxes_[i].count};
  }
  /// The triangles in leaf order: leaf triangle i is triangle triangleOrder()[i] of the input.
  const std::vector<uint32_t>& triangleOrder() const { return order_; }
  /// Triangle t of the input.
  Triangle triangle(uint32_t t) const { return leafTriangle(slotOf_[t]); }
  Vec3 vertex(uint32_t v) const { return positions_[v]; }

  /// The volume of a node, as a Volume of the node type (k-DOPs built from their stored slabs, an
  /// AABB node's box of floats widened exactly).
  Volume nodeVolume(uint32_t node) const;
  /// The nodes that make up level `depth` of the tree: those at that depth, and the leaves above
  /// it, so that each level holds every triangle exactly once (Klosowski's and the thesis's
  /// pictures of a hierarchy cut at a depth). depth < 0 is treated as 0.
  std::vector<uint32_t> nodesAtDepth(int depth) const;

  /// The first triangle the ray origin + t * normalize(direction), 0 <= t <= maxDistance, meets
  /// (raycast(Triangle): watertight, so a ray through a shared edge meets one of its triangles),
  /// the same as testing every triangle; of triangles met at the same distance, the lowest index.
  /// A zero or non-finite direction meets nothing.
  /// With a `trace` (MeshTrace), each node whose volume the ray was tested against is recorded in
  /// test order, met (1) where the ray enters it within the nearest hit so far (else maxDistance),
  /// and each triangle tested, hit (1) where the ray meets it within that distance; without one,
  /// nothing is recorded and nothing allocated.
  MeshRayHit raycast(Vec3 origin, Vec3 direction, double maxDistance, MeshQueryCost* cost = nullptr,
                     MeshTrace* trace = nullptr) const;
  /// raycast of the posed mesh (its triangle t lies in the world as transformed(triangle(t),
  /// pose), as overlaps() below defines it), the ray and the hit in world coordinates: the same
  /// as raycast(Triangle) of every posed triangle, the nearest (ties: the lowest index).
  MeshRayHit raycast(Vec3 origin, Vec3 direction, double maxDistance, const RigidTransform& pose,
                     MeshQueryCost* cost = nullptr, MeshTrace* trace = nullptr) const;
  /// The nearest point of the mesh within maxDistance of p (closestPoint(Triangle)); of triangles
  /// at the same distance, the lowest index. Not found when every triangle is farther.
  MeshClosestPoint closestPoint(Vec3 p, double maxDistance, MeshQueryCost* cost = nullptr) const;

  // Overlap tests of the posed mesh (cpp/src/mesh_overlap.cpp). A pose is a RigidTransform as
  // makeRigidTransform makes it (a World's poses): the mesh's triangle t lies in the world as
  // transformed(triangle(t), pose) (transform.h: each corner moved, rounded as that rounds), and
  // the answers are defined on those triangles: exactly the answers of testing every such
  // triangle (pair) with overlaps() (overlap.h: closed sets, exact outside the touching band of
  // tolerance.h), whichever node type and leaf size the trees have. The trees are not moved:
  // their node tests are conservative (grown by a pad far above their rounding, never a wrong
  // "apart") and only prune; the triangles of the leaves reached are moved and tested.

  /// Whether some triangle of the mesh, posed, overlaps `volume` (any volume, in the world; a
  /// Triangle too). Stops at the first triangle that does. AABB nodes and triangles are first
  /// compared with the volume's box taken into the mesh's frame (grown by the pad), a cheap
  /// rejection. Sphere, AABB and OBB nodes are then moved into the world (an AABB turned is an
  /// OBB) and tested exactly against the volume; a k-DOP
  /// node, which turned is no k-DOP, is compared slab by slab with the volume's extent along its
  /// turned directions (conservative: no cross axes).
  /// With a `trace`, every node and triangle test is also recorded there (MeshTrace); without
  /// one, nothing is recorded and nothing allocated.
  bool overlaps(const Volume& volume, const RigidTransform& pose, MeshQueryCost* cost = nullptr,
                MeshTrace* trace = nullptr) const;
  /// Called with each triangle that overlaps: the input index and the posed triangle (in the
  /// world); returns false to stop.
  using TriangleVisitor = bool (*)(void* context, uint32_t triangle, const Triangle& posed);
  /// Every triangle of the posed mesh that overlaps `volume` (the triangles overlaps() tests: the
  /// same set as testing every posed triangle with overlaps()), each once, in the tree's order,
  /// until `visit` returns false. Allocates nothing.
  void forEachOverlappingTriangle(const Volume& volume, const RigidTransform& pose, TriangleVisitor visit,
                                  void* context, MeshQueryCost* cost = nullptr) const;
  /// The same with any callable f(uint32_t triangle, const Triangle& posed) -> bool.
  template <class F>
  void forEachOverlappingTriangle(const Volume& volume, const RigidTransform& pose, F&& f,
                                  MeshQueryCost* cost = nullptr) const {
    using Callable = std::remove_reference_t<F>;
    forEachOverlappingTriangle(
        volume, pose,
        [](void* c, uint32_t t, const Triangle& posed) { return bool((*static_cast<Callable*>(c))(t, posed)); },
        const_cast<void*>(static_cast<const void*>(&f)), cost);
  }
  /// Whether some triangle of this mesh posed by `pose` overlaps some triangle of `other` posed by
  /// `otherPose` (any node types, the same mesh too). Stops at the first such pair. Both trees are
  /// descended at once (the larger node split first), node pairs tested in this mesh's frame with
  /// the other's node moved by the relative pose: spheres exactly (their centre moved), AABB and
  /// OBB nodes as boxes on all 15 axes. A k-DOP node, which turned is no k-DOP, is tested as the
  /// box its slabs bound, and by its slabs against the other node's extent along them (a ball's,
  /// a box's, or a k-DOP's bound from its box and its corner slabs), both ways: conservative, no
  /// cross axes of the k-DOPs' edges.
  /// `trace` as overlaps()'s: each step a node pair (this mesh's node, the other's).
  bool overlapsMesh(const RigidTransform& pose, const Mesh& other, const RigidTransform& otherPose,
                    MeshQueryCost* cost = nullptr, MeshTrace* trace = nullptr) const;
  /// Every overlapping pair of overlapsMesh's triangles, appended to `pairs` sorted by a, then b
  /// (what was in `pairs` before is kept): the same set as testing every pair. Allocates nothing
  /// when `pairs` has the capacity. Returns the number appended.
  size_t trianglePairs(const RigidTransform& pose, const Mesh& other, const RigidTransform& otherPose,
                       std::vector<MeshTrianglePair>& pairs, MeshQueryCost* cost = nullptr) const;
  /// The mesh as bytes, to ship a tree built once (cpp/src/mesh_serialize.cpp has the layout): a
  /// magic, the format version, the node type, leaf size and counts, a checksum, then the
  /// vertices, node volumes, triangles, leaf order and nodes, every number little-endian.
  std::vector<uint8_t> serialize() const;
  /// The mesh serialize() wrote. Everything is checked before it is used: the sizes, the
  /// checksum, finite numbers, triangles' and nodes' indices in range, the nodes one binary tree
  /// whose leaves hold every triangle once, and every triangle inside the volume of each node
  /// above it (the promise the queries rely on); an Error names the first field that is wrong.
  static Expected<Mesh> deserialize(const uint8_t* bytes, size_t size);

 private:
  /// Read-only access for the core's own descents outside this class (cpp/src/mesh_internals.h).
  friend struct detail::MeshInternals;
  /// overlaps() and forEachOverlappingTriangle(): the descent, recorded when `trace` is given.
  void visitOverlapping(const Volume& volume, const RigidTransform& pose, TriangleVisitor visit, void* context,
                        MeshQueryCost* cost, MeshTrace* trace) const;
  /// Fits the node volumes to the vertices (magnitude_ already theirs: it scales an AABB tree's boxes).
  Status fitNodes();
  /// Whether inner nodes' volumes are their children's merged (AABBs, k-DOPs): such fits never fail.
  bool mergesNodes() const;
  /// k-DOPs, into volumes_; AABBs, into boxes_.
  void fitMergedNodes();
  /// copyCorners: the leaves' corners are read through the indices and copied into
  /// leafVertices_ (sized already) on the way, in the one pass over the triangles.
  void fitBoxes(bool copyCorners = false);
  /// The node volumes' numbers (cpp/src/mesh_nodes.h), from either storage.
  detail::NodeNumbers nodeNumbers() const;
  /// magnitude_, from the vertices.
  void measureMagnitude();
  /// Fills leafCorners_ and slotOf_ from the input's indices (three per triangle) and order_.
  void orderLeafCorners(const uint32_t* indices);
  /// AABB trees: nodes_ and volumes_ (as the format stores them) into boxes_, rounded outward.
  void compactBoxes();
  /// Whether every coordinate of the vertices is a float exactly.
  bool verticesAreFloats() const;
  /// leafVertices_ from the vertices: their copies when `floats` (verticesAreFloats()), else none.
  void copyLeafVertices(bool floats);
  /// The triangle of leaf slot `slot` (triangleOrder()[slot]), its corners read in leaf order:
  /// from the leaf's own copies when there are (one read in a row), else through the indices.
  Triangle leafTriangle(uint32_t slot) const {
    if (!leafVertices_.empty()) {
      const float* v = leafVertices_.data() + 9 * size_t(slot);
      return {{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}};
    }
    return indexedTriangle(slot);
  }
  /// The triangle of leaf slot `slot` read through its indices.
  Triangle indexedTriangle(uint32_t slot) const {
    const uint32_t* i = leafCorners_.data() + 3 * size_t(slot);
    return {positions_[i[0]], positions_[i[1]], positions_[i[2]]};
  }

  MeshOptions options_;
  std::vector<Vec3> positions_;
  std::vector<uint32_t> order_;  ///< input triangle of each leaf slot
  /// The vertex indices of each leaf slot's triangle (the input's indices in leaf order): a
  /// leaf's triangles are read in a row.
  std::vector<uint32_t> leafCorners_;
  std::vector<uint32_t> slotOf_;  ///< the leaf slot of each input triangle (order_ inverted)
  /// The corners of each leaf slot's triangle, 9 floats, in leaf order, when every coordinate of
  /// the vertices is a float exactly (a Float32Array's: the copies are the vertices, not an
  /// approximation); else empty. A query reads a leaf's triangles from one stretch of memory
  /// instead of from vertices spread over the whole array.
  std::vector<float> leafVertices_;
  /// The nodes of every tree but an AABB tree's, whose boxes_ hold them.
  std::vector<MeshNode> nodes_;
  /// Their volumes, flat (cpp/src/mesh_nodes.h); empty for an AABB tree.
  std::vector<double> volumes_;
  /// AABB trees only: the nodes, compact, with their boxes.
  std::vector<detail::MeshBoxNode, detail::SiblingLineAllocator<detail::MeshBoxNode>> boxes_;
  int depth_ = 0;
  /// The largest coordinate's magnitude: the scale of the node tests' rounding (mesh_query.cpp).
  double magnitude_ = 0;
  /// AABB trees: boxes_ hold the coordinates times this power of two (mesh_nodes.h, boxScaleFor).
  double boxScale_ = 1;
};

}  // namespace sepaxis
