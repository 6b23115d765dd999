#pragma once
// What the fits and the hull share: the check of their points, and the points carried into a
// frame where every number is of order 1.

#include <cstddef>
#include <optional>
#include <vector>

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis::detail {

/// None, or the Error for an empty list or the first coordinate that is not finite
/// ("points[4][2] must be finite, got NaN").
std::optional<Error> checkFitPoints(const Vec3* points, size_t count);

/// The slabs fitKdop builds its k-DOP from (k/2 numbers in each of lo and hi): the extremes of
/// d_i . p over the points, widened by the rounding of d_i . p where d_i has several non-zero
/// components. count > 0 and the points finite (checked by the caller). Taking the lesser lo and
/// greater hi of two point sets' slabs gives exactly the slabs of their union.
void kdopSlabs(int k, const Vec3* points, size_t count, double* lo, double* hi);

/// Points moved by their AABB's centre and scaled by a power of two so that the largest half side
/// of that AABB lies in [1, 2): plane and cross-product arithmetic then neither overflows nor
/// underflows, and its rounding is relative to the points' extent, not to their distance from
/// the origin. `halfSide` is that largest half side in the input's units (0 when all the points
/// are one).
struct UnitPoints {
  std::vector<Vec3> points;
  Vec3 center;
  double halfSide = 0;
};
UnitPoints unitPoints(const Vec3* points, size_t count);

}  // namespace sepaxis::detail
