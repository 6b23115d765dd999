#pragma once
// What the core's descents outside the Mesh class read of a mesh (the World's, world_mesh.cpp):
// an AABB tree's compact nodes, the power of two they are scaled by, the magnitude the node tests'
// pads scale with, and the triangles in leaf order. Read only.

#include <cstdint>

#include "sepaxis/mesh.h"

namespace sepaxis::detail {

struct MeshInternals {
  /// An AABB tree's nodes (element 0 the root), or null for the other node types.
  static const MeshBoxNode* boxes(const Mesh& m) { return m.boxes_.empty() ? nullptr : m.boxes_.data(); }
  /// The boxes hold the coordinates times this (mesh_nodes.h, boxScaleFor): 1 for every mesh of
  /// ordinary magnitude.
  static double boxScale(const Mesh& m) { return m.boxScale_; }
  /// The largest coordinate's magnitude.
  static double magnitude(const Mesh& m) { return m.magnitude_; }
  /// The triangle of leaf slot `slot` (input triangle triangleOrder()[slot]), as the mesh's own
  /// queries read it.
  static Triangle leafTriangle(const Mesh& m, uint32_t slot) { return m.leafTriangle(slot); }
};

}  // namespace sepaxis::detail
