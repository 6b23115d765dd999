#include "sepaxis/fit.h"

#include <cmath>
#include <limits>

#include "fit_points.h"
#include "min_sphere.h"
#include "validate.h"

namespace sepaxis {
namespace detail {

std::optional<Error> checkFitPoints(const Vec3* points, size_t count) {
  if (count == 0) return makeError(ErrorCode::WrongLength, "points", 0, "a non-empty list", "length");
  // The message (a string per point) is made only for the bad point.
  for (size_t i = 0; i < count; ++i)
    if (!isFinite(points[i])) return checkFinite(indexed("points", int(i)), points[i]);
  return std::nullopt;
}

UnitPoints unitPoints(const Vec3* points, size_t count) {
  Vec3 lo = points[0], hi = points[0];
  for (size_t i = 1; i < count; ++i) lo = min(lo, points[i]), hi = max(hi, points[i]);
  // Halves first: hi - lo may overflow, hi / 2 - lo / 2 does not.
  const Vec3 half = hi * 0.5 - lo * 0.5;
  UnitPoints u;
  u.center = lo * 0.5 + hi * 0.5;
  u.halfSide = maxComponent(half);
  u.points.resize(count);
  const int e = u.halfSide > 0 ? std::ilogb(u.halfSide) : 0;
  // p - center is at most the half side, so finite; scaling by a power of two is exact (2^e may
  // itself leave double's range for sides near the largest or smallest: then ldexp).
  if (e > -1000 && e < 1000) {
    const double s = std::ldexp(1.0, -e);
    for (size_t i = 0; i < count; ++i) u.points[i] = (points[i] - u.center) * s;
  } else {
    for (size_t i = 0; i < count; ++i) {
      const Vec3 d = points[i] - u.center;
      u.points[i] = {std::ldexp(d.x, -e), std::ldexp(d.y, -e), std::ldexp(d.z, -e)};
    }
  }
  return u;
}

void kdopSlabs(int k, const Vec3* points, size_t count, double* lo, double* hi) {
  const KdopDirection* dirs = kdopDirections(k);
  const int n = k / 2;
  for (int j = 0; j < n; ++j) lo[j] = std::numeric_limits<double>::infinity(), hi[j] = -lo[j];
  // d . p rounds when d has two or three non-zero components (by less than 2^-52 times the sum of
  // their coordinates' magnitudes): each slab is widened by twice that, so that every point lies
  // inside every slab exactly. Rounded to the nearest, a single point's slabs could contradict
  // each other (no common point at all), and makeKdop would refuse the fit as empty.
  for (size_t i = 0; i < count; ++i)
    for (int j = 0; j < n; ++j) {
      const KdopDirection d = dirs[j];
      const Vec3 p = points[i];
      const double s = dot(toVec3(d), p);
      const int terms = (d.x != 0) + (d.y != 0) + (d.z != 0);
      const double widen =
          terms == 1 ? 0 : 0x1p-51 * (std::fabs(d.x * p.x) + std::fabs(d.y * p.y) + std::fabs(d.z * p.z));
      lo[j] = lesser(lo[j], s - widen);
      hi[j] = greater(hi[j], s + widen);
    }
}

}  // namespace detail

namespace {

// Ritter 1990: start from a far pair of points, then grow the sphere to take in each outsider.
Sphere ritterSphere(const Vec3* points, size_t count) {
  auto farthest = [&](Vec3 from) {
    size_t best = 0;
    double bestD = -1;
    for (size_t i = 0; i < count; ++i) {
      const double d = lengthSquared(points[i] - from);
      if (d > bestD) bestD = d, best = i;
    }
    return points[best];
  };
  const Vec3 a = farthest(points[0]), b = farthest(a);
  Vec3 c = (a + b) * 0.5;
  double r = length(b - a) * 0.5;
  for (size_t i = 0; i < count; ++i) {
    const double d = length(points[i] - c);
    if (d > r) {
      const double grown = (r + d) * 0.5;
      c = c + (points[i] - c) * ((grown - r) / d);
      r = grown;
    }
  }
  return {c, r};
}

}  // namespace

Expected<Aabb> fitAabb(const Vec3* points, size_t count) {
  if (auto e = detail::checkFitPoints(points, count)) return *e;
  Aabb box{points[0], points[0]};
  for (size_t i = 1; i < count; ++i) box.min = min(box.min, points[i]), box.max = max(box.max, points[i]);
  return box;
}

Expected<Kdop> fitKdop(int k, const Vec3* points, size_t count) {
  if (!isValidKdopK(k)) return detail::makeError(ErrorCode::UnknownK, "kdop.k", k, "one of 6, 8, 14, 18, 26");
  if (auto e = detail::checkFitPoints(points, count)) return *e;
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  detail::kdopSlabs(k, points, count, lo, hi);
  return makeKdop(k, lo, hi, k / 2);
}

Expected<Sphere> fitSphere(const Vec3* points, size_t count, SphereFit method) {
  if (auto e = detail::checkFitPoints(points, count)) return *e;
  const Sphere ball = method == SphereFit::Ritter ? ritterSphere(points, count) : detail::minimalBall(points, count);
  // Rounding in the updates may leave a point a few ulps outside: make containment exact.
  return detail::encloseAll(points, count, ball);
}

}  // namespace sepaxis
