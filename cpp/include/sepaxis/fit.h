#pragma once
/// Bounding volumes of point sets: the tightest AABB and k-DOP, and an enclosing sphere.

#include <cstddef>

#include "sepaxis/volume.h"

namespace sepaxis {

/// The smallest AABB containing the points. count must be > 0 and the points finite.
Expected<Aabb> fitAabb(const Vec3* points, size_t count);
/// The smallest k-DOP (of the given k) containing the points: the extremes of d_i . p, those of the
/// corner and edge directions widened by their rounding (2^-51 of the point's coordinates), so that
/// every point lies inside exactly and a single point's slabs never contradict each other.
Expected<Kdop> fitKdop(int k, const Vec3* points, size_t count);
/// A sphere containing the points (Ritter's method, then grown to enclose every point): close to
/// the smallest, not always the smallest.
Expected<Sphere> fitSphere(const Vec3* points, size_t count);

}  // namespace sepaxis
