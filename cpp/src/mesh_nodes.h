#pragma once
// How a mesh's node volumes lie in its flat array of numbers (mesh.h, Mesh::volumes_): a sphere
// is its centre and radius (4 numbers), an AABB its min and max (6), an OBB its centre, three
// axes and half extents (15), a k-DOP its k/2 minima then k/2 maxima (k). An AABB tree keeps its
// boxes in its compact nodes (MeshBoxNode) instead, read as these 6 numbers where a generic
// node test wants them (NodeNumbers).

#include <algorithm>
#include <cmath>
#include <limits>

#include "sepaxis/mesh.h"

namespace sepaxis::detail {

/// k of a k-DOP node type; 0 for the others.
inline int meshNodeKdopK(MeshNodeType type) {
  constexpr int kK[] = {0, 0, 0, 6, 8, 14, 18, 26};
  return kK[int(type)];
}

/// The numbers one node's volume takes.
inline int meshNodeStride(MeshNodeType type) {
  constexpr int kStride[] = {4, 6, 15, 6, 8, 14, 18, 26};
  return kStride[int(type)];
}

// The float nearest x that is at most x (toward minus infinity), or at least x (rounded up).
inline float floatBelow(double x) {
  if (x < -double(std::numeric_limits<float>::max())) return -std::numeric_limits<float>::infinity();
  if (x > double(std::numeric_limits<float>::max())) return std::numeric_limits<float>::max();
  const auto f = float(x);
  return double(f) > x ? std::nextafter(f, -std::numeric_limits<float>::infinity()) : f;
}
inline float floatAbove(double x) { return -floatBelow(-x); }

// The power of two an AABB tree's coordinates are multiplied by before they are rounded to its
// boxes' floats: 1 for every mesh whose largest coordinate floats hold with room to spare, else
// the one that brings it to [1, 2), so that huge and tiny meshes keep boxes as tight as others.
inline double boxScaleFor(double magnitude) {
  if (magnitude == 0 || (magnitude >= 0x1p-60 && magnitude <= 0x1p60)) return 1;
  int e = 0;
  std::frexp(magnitude, &e);
  return std::ldexp(1.0, std::min(1 - e, 1000));
}

// A node's volume as the flat numbers above, from either storage.
struct NodeNumbers {
  const double* volumes;     // nodes' volumes, `stride` numbers each; or
  const MeshBoxNode* boxes;  // an AABB tree's compact nodes (then volumes is unused)
  int stride;
  double unscale;  // 1 / boxScaleFor(): a box's floats times this are its coordinates
  // The numbers of `node`; an AABB node's written to `scratch` (6 numbers), outward still: a
  // float rounded up past the largest double is that double, which the triangles cannot pass.
  const double* at(uint32_t node, double* scratch) const {
    if (!boxes) return volumes + size_t(node) * size_t(stride);
    constexpr double kMax = std::numeric_limits<double>::max();
    const MeshBoxNode& b = boxes[node];
    for (int j = 0; j < 3; ++j)
      scratch[j] = std::max(double(b.min[j]) * unscale, -kMax),
      scratch[3 + j] = std::min(double(b.max[j]) * unscale, kMax);
    return scratch;
  }
};

}  // namespace sepaxis::detail
