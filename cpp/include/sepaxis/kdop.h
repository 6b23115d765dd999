#pragma once
/// k-DOP: the intersection of k/2 slabs min[i] <= d_i . x <= max[i] (closed), k in {6, 8, 14, 18, 26}.
///
/// d_i are UNNORMALIZED integer directions, in this order (Klosowski et al. 1998):
///   AXES    (1,0,0) (0,1,0) (0,0,1)
///   CORNERS (1,1,1) (1,1,-1) (1,-1,1) (1,-1,-1)
///   EDGES   (1,1,0) (1,-1,0) (1,0,1) (1,0,-1) (0,1,1) (0,1,-1)
///   k=6: AXES   k=8: CORNERS   k=14: AXES+CORNERS   k=18: AXES+EDGES   k=26: AXES+CORNERS+EDGES
/// Note: the thesis in the seeds builds its 18-DOP from AXES + CORNERS + four EDGES; we follow
/// Klosowski's AXES + EDGES, which is symmetric under the cube's rotations.
///
/// Construction also computes the actual polytope (vertices and edges) of the slabs, because the
/// exact tests project it onto axes that are not slab directions (kdop_clip.cpp clips the box of
/// the first slabs by the other planes; kdop.cpp enumerates degenerate ones line by line).

#include <cstdint>

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis {

/// Integer direction of a k-DOP slab; exact arithmetic on these keeps cross products exact.
struct KdopDirection {
  int x, y, z;
};

inline constexpr int kMaxKdopSlabs = 13;
/// A polytope with F faces has at most 2F - 4 vertices (Euler); F <= 26.
inline constexpr int kMaxKdopVertices = 48;

/// True for k in {6, 8, 14, 18, 26}.
bool isValidKdopK(int k);
/// The k/2 slab directions of a k-DOP, or nullptr for an unknown k.
const KdopDirection* kdopDirections(int k);
inline Vec3 toVec3(KdopDirection d) { return {double(d.x), double(d.y), double(d.z)}; }

struct Kdop {
  int k = 6;
  double min[kMaxKdopSlabs] = {};  ///< as given; entries past k/2 are unused
  double max[kMaxKdopSlabs] = {};

  // Derived by makeKdop, read-only for users.
  Vec3
      origin;  ///< reference point near the polytope (the middle of its ranges, on a grid); vertices are relative to it
  int vertexCount = 0;
  Vec3 vertex[kMaxKdopVertices];             ///< relative to origin
  uint64_t adjacent[kMaxKdopVertices] = {};  ///< bit j of adjacent[i]: segment i-j is a boundary edge
  double tightMin[kMaxKdopSlabs] = {};       ///< min over the vertices of d_i . x (within the given range)
  double tightMax[kMaxKdopSlabs] = {};
  double localMin[kMaxKdopSlabs] = {};  ///< the same relative to origin: min of d_i . (x - origin)
  double localMax[kMaxKdopSlabs] = {};

  int slabCount() const { return k / 2; }
};

/// Validates (finite, known k, count == k/2, min <= max, non-empty intersection) and builds the
/// polytope. `count` is the length of both arrays.
Expected<Kdop> makeKdop(int k, const double* min, const double* max, int count);

/// makeKdop without the error message, for hot paths (batches, bindings): no allocation. Fills
/// `kdop` and returns true exactly when makeKdop would succeed.
bool tryMakeKdop(int k, const double* min, const double* max, int count, Kdop& kdop);

/// The vertex i in world coordinates.
inline Vec3 kdopVertex(const Kdop& kdop, int i) { return kdop.origin + kdop.vertex[i]; }

}  // namespace sepaxis
