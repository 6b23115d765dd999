#pragma once
/// The convex hull of a point set (Quickhull: Barber, Dobkin & Huhdanpaa 1996), as triangles.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis {

/// A convex hull as a closed triangle mesh. Every vertex is one of the input points (a copy, with
/// its index in `inputIndex`); every face lists three vertex indices counter-clockwise seen from
/// outside, so cross(v[b] - v[a], v[c] - v[a]) points outward.
///
/// Points within tolerance::kHullPlane times the points' extent of the hull (on a face, near a
/// vertex, duplicates) are not vertices. Degenerate sets, within tolerance::kHullFlat times the
/// extent of a point, a line or a plane:
/// - one point: one vertex, no faces;
/// - collinear: the two end points, no faces;
/// - coplanar: the vertices of the 2D hull, counter-clockwise about the plane's normal, and the
///   polygon twice as a fan of triangles, once per side (faces [0, i, i + 1] with the normal, then
///   [0, i + 1, i] against it). Either way V - E + F = 2 with E = 3F / 2, and the volume is 0.
struct ConvexHull {
  std::vector<Vec3> vertices;
  std::vector<uint32_t> inputIndex;  ///< vertices[i] == points[inputIndex[i]]
  std::vector<std::array<uint32_t, 3>> faces;
};

/// The hull of `count` finite points (count > 0), or the Error naming the first bad point.
Expected<ConvexHull> convexHull(const Vec3* points, size_t count);

/// The volume enclosed by a hull (0 for a flat one), by the divergence theorem over its faces.
double hullVolume(const ConvexHull& hull);

}  // namespace sepaxis
