#pragma once
/// The corners and edges of each volume's polytope, for drawing (the visualizer's wireframes).

#include <array>
#include <vector>

#include "sepaxis/volume.h"

namespace sepaxis {

/// The corners and edges of a polytope (AABB, OBB, k-DOP, triangle), e.g. for drawing; empty for
/// spheres.
struct PolytopeMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 2>> edges;  ///< pairs of indices into vertices
};
PolytopeMesh polytopeMesh(const Volume& v);

}  // namespace sepaxis
