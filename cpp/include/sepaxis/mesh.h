#pragma once
/// A triangle mesh and its bounding-volume tree, with a node type of the caller's choice: spheres,
/// AABBs, OBBs (Gottschalk, Lin & Manocha 1996, "OBBTree") or k-DOPs (Klosowski et al. 1998,
/// "Efficient collision detection using bounding volume hierarchies of k-DOPs"). The type and the
/// leaf size trade how tight the nodes are against how many nodes a query tests.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sepaxis/error.h"
#include "sepaxis/volume.h"

namespace sepaxis {

enum class MeshNodeType { Sphere, Aabb, Obb, Kdop6, Kdop8, Kdop14, Kdop18, Kdop26 };

/// "sphere", "aabb", "obb", "kdop6", ... "kdop26": the names of the JSON interchange format.
const char* meshNodeTypeName(MeshNodeType type);

inline constexpr int kMaxMeshLeafSize = 64;

struct MeshOptions {
  MeshNodeType node = MeshNodeType::Aabb;
  /// The most triangles a leaf holds, 1..kMaxMeshLeafSize.
  int leafSize = 4;
};

/// A node of the tree: a leaf holds triangles [first, first + count) of Mesh::triangleOrder();
/// an inner node (count == 0) has its two children at first and first + 1.
struct MeshNode {
  uint32_t first = 0;
  uint32_t count = 0;
  bool isLeaf() const { return count != 0; }
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
  size_t triangleCount() const { return indices_.size() / 3; }
  size_t nodeCount() const { return nodes_.size(); }
  /// Levels below the root: 0 for a mesh whose root is a leaf.
  int depth() const { return depth_; }
  /// The bytes the mesh keeps (vertices, triangles, nodes and their volumes).
  size_t byteLength() const;
  MeshNodeType nodeType() const { return options_.node; }
  int leafSize() const { return options_.leafSize; }

  /// Node 0 is the root.
  const std::vector<MeshNode>& nodes() const { return nodes_; }
  /// The triangles in leaf order: leaf triangle i is triangle triangleOrder()[i] of the input.
  const std::vector<uint32_t>& triangleOrder() const { return order_; }
  /// The corners of triangle t (an index of the input's triangles).
  void triangle(uint32_t t, Vec3& a, Vec3& b, Vec3& c) const;
  Vec3 vertex(uint32_t v) const { return positions_[v]; }

  /// The volume of a node, as a Volume of the node type (k-DOPs built from their stored slabs).
  Volume nodeVolume(uint32_t node) const;
  /// The nodes that make up level `depth` of the tree: those at that depth, and the leaves above
  /// it, so that each level holds every triangle exactly once (Klosowski's and the thesis's
  /// pictures of a hierarchy cut at a depth). depth < 0 is treated as 0.
  std::vector<uint32_t> nodesAtDepth(int depth) const;

 private:
  Status fitNodes();

  MeshOptions options_;
  std::vector<Vec3> positions_;
  std::vector<uint32_t> indices_;  ///< three per input triangle
  std::vector<uint32_t> order_;    ///< input triangle of each leaf slot
  std::vector<MeshNode> nodes_;
  std::vector<uint8_t> nodeDepth_;
  /// The node volumes, volumeStride() numbers a node: sphere (centre, radius), AABB (min, max),
  /// OBB (centre, three axes, half extents), k-DOP (k/2 minima, k/2 maxima).
  std::vector<double> volumes_;
  int depth_ = 0;

  int volumeStride() const;
};

}  // namespace sepaxis
