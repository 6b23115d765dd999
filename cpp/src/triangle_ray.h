#pragma once
// raycast(Triangle) with the ray's own work done once (its unit direction and the shear of Woop,
// Benthin & Wald's test), for a query that casts one ray at many triangles (Mesh::raycast). The
// answers are raycast(Triangle)'s, bit for bit: that function is this one on a fresh TriangleRay.

#include "sepaxis/ray.h"

namespace sepaxis::detail {

struct TriangleRay {
  Vec3 origin, direction;
  Vec3 unit;       ///< normalize(direction)
  int kx, ky, kz;  ///< the axes renamed so that the ray's largest component is z, keeping the winding
  double sx, sy;   ///< the shear that makes the ray the z axis
};

/// The ray from `origin` along `direction` (finite, not zero).
TriangleRay triangleRay(Vec3 origin, Vec3 direction);

/// raycast(t, ray.origin, ray.direction, maxDistance) for a finite origin and maxDistance >= 0.
RayHit raycast(const Triangle& t, const TriangleRay& ray, double maxDistance);

/// Whether raycast(t, ray, any limit) surely misses, by a fraction of its work: its edge
/// functions on the corners as they are (not brought to unit scale) have opposite signs, each
/// and their sum farther than `slack` from zero. `reach`: a bound of every coordinate of the
/// corners and the origin, from 2^-200 to 2^400 (the caller's to check), and slack 2^-50 reach^2:
/// the exact test's numbers are then these times a power of two, but for underflow far below
/// the slack, so it sees the same signs and the same nonzero sum (no ray in the plane).
inline bool missesSurely(const Triangle& t, const TriangleRay& ray, double slack) {
  const Vec3 a = t.a - ray.origin, b = t.b - ray.origin, c = t.c - ray.origin;
  const int kx = ray.kx, ky = ray.ky, kz = ray.kz;
  const double ax = a[kx] - ray.sx * a[kz], ay = a[ky] - ray.sy * a[kz];
  const double bx = b[kx] - ray.sx * b[kz], by = b[ky] - ray.sy * b[kz];
  const double cx = c[kx] - ray.sx * c[kz], cy = c[ky] - ray.sy * c[kz];
  const double eu = cx * by - cy * bx, ev = ax * cy - ay * cx, ew = bx * ay - by * ax;
  const double det = eu + ev + ew;
  const double least = eu < ev ? (eu < ew ? eu : ew) : (ev < ew ? ev : ew);
  const double most = eu > ev ? (eu > ew ? eu : ew) : (ev > ew ? ev : ew);
  return least < -slack && most > slack && (det > slack || det < -slack);
}

}  // namespace sepaxis::detail
