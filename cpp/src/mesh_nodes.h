#pragma once
// How a mesh's node volumes lie in its flat array of numbers (mesh.h, Mesh::volumes_): a sphere
// is its centre and radius (4 numbers), an AABB its min and max (6), an OBB its centre, three
// axes and half extents (15), a k-DOP its k/2 minima then k/2 maxima (k).

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

}  // namespace sepaxis::detail
