#pragma once
/// Bounding volumes of point sets: the tightest AABB and k-DOP, the smallest enclosing sphere,
/// and an oriented box (fast, or close to the smallest).

#include <cstddef>

#include "sepaxis/obb.h"
#include "sepaxis/volume.h"

namespace sepaxis {

/// The smallest AABB containing the points. count must be > 0 and the points finite.
Expected<Aabb> fitAabb(const Vec3* points, size_t count);
/// The smallest k-DOP (of the given k) containing the points: the extremes of d_i . p, those of the
/// corner and edge directions widened by their rounding (2^-51 of the point's coordinates), so that
/// every point lies inside exactly and a single point's slabs never contradict each other.
Expected<Kdop> fitKdop(int k, const Vec3* points, size_t count);
/// How fitSphere finds its sphere.
enum class SphereFit {
  /// The smallest sphere containing the points (Welzl's algorithm behind a filter over the whole
  /// set; cpp/src/min_sphere.h), its radius within tolerance::kSphereFitSlack of the minimum.
  /// Linear time: ~15 ms for 10^6 points natively.
  Minimal,
  /// Ritter's method (1990): two passes, close to the smallest (typically 5-20% larger), cheaper.
  Ritter,
};

/// A sphere containing the points: the smallest by default. Whichever the method, the radius is
/// finally grown by the ulps that rounding needs, so that contains(sphere, p) holds for every point.
Expected<Sphere> fitSphere(const Vec3* points, size_t count, SphereFit method = SphereFit::Minimal);

/// How hard fitObb searches for a small box.
enum class FitQuality {
  /// Linear time (DiTO-14, Larsson & Källberg 2011: the extremes of the points along 7 fixed
  /// directions, a triangle and two tetrahedra on them, whose edges and normals give candidate
  /// frames): about 1 ms for 35,000 points, never larger than the points' AABB.
  Fast,
  /// The convex hull, then the smallest box over candidate orientations (hull face normals with
  /// the smallest rectangle of the hull's shadow, principal axes, Fast's frame), refined by
  /// tilting each axis: within ~1 % of the smallest box in practice, nearly the same volume
  /// whichever way the points are turned, deterministic. Tens of milliseconds for 35,000 points.
  Tight
};

/// An OBB containing every point (closed; grown by tolerance::kObbFitPad of the points'
/// magnitude beyond the last point), its axes orthonormal as makeObb makes them. count must be
/// > 0 and the points finite (the messages of fitAabb).
Expected<Obb> fitObb(const Vec3* points, size_t count, FitQuality quality = FitQuality::Tight);

}  // namespace sepaxis
