#pragma once
// The fast vertex enumeration of a k-DOP's polytope: the box of its first slabs clipped by the
// other slabs' planes one at a time (kdop_clip.cpp). It answers only when every vertex is clearly
// on or clearly off every plane; kdop.cpp's line enumeration decides the rest.

#include <cstdint>

#include "sepaxis/kdop.h"

namespace sepaxis::detail {

/// One side of a slab as a half-space normal . x <= offset, in the k-DOP's local frame. Plane 2i
/// is slab i's max side (normal +d_i), plane 2i + 1 its min side (normal -d_i).
struct KdopPlane {
  Vec3 normal;
  double offset;
};

/// The polytope of the 2 * kdop.slabCount() half-spaces `planes` into kdop: vertex / vertexCount
/// (relative to kdop.origin, as the planes are), adjacent, localMin / localMax. False when the
/// clipping cannot vouch for its answer: a slab narrower than the ambiguous band, a vertex within
/// that band of a plane, no common point, or more vertices than a polytope of these planes has.
/// `tol` (a length) is kdop.cpp's vertex tolerance: a vertex within tol |n| of a plane is on it
/// while clipping. `onPlaneTol` is its adjacency's: two vertices within onPlaneTol |n| of the
/// planes of two slabs bound an edge, as kdop.cpp's buildAdjacency decides (with every other
/// vertex beyond the band, the same edges, without its sort along each line).
bool clipKdopPolytope(Kdop& kdop, const KdopPlane* planes, double tol, double onPlaneTol);

/// kdop.cpp's build of the polytope of valid slabs (no lenience, no range scaling), for tests that
/// hold the two enumerations to each other: `byLines` skips the clipping; `clipped` (if given)
/// says whether the clipping answered.
bool buildKdopPolytope(int k, const double* min, const double* max, Kdop& kdop, bool byLines, bool* clipped);

}  // namespace sepaxis::detail
