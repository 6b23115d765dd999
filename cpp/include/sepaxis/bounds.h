#pragma once
/// The tightest axis-aligned box around each volume.

#include <array>
#include <vector>

#include "sepaxis/volume.h"

namespace sepaxis {

Aabb boundingBox(const Sphere& s);
Aabb boundingBox(const Aabb& box);
Aabb boundingBox(const Obb& box);
/// From the polytope's vertices: tight even when the x/y/z slabs are loose or absent (k = 8).
Aabb boundingBox(const Kdop& kdop);
Aabb boundingBox(const Volume& v);

/// The corners and edges of a polytope (AABB, OBB, k-DOP), e.g. for drawing; empty for spheres.
struct PolytopeMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 2>> edges;  ///< pairs of indices into vertices
};
PolytopeMesh polytopeMesh(const Volume& v);

}  // namespace sepaxis
