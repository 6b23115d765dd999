#pragma once
// The directions of a triangle (its normal, its edges) at a size near 1, and whether it has a
// plane of its own. Corners collinear to within tolerance::kTriangleFlat
// of its size make a segment (or a point): their cross product is then mostly rounding, and a
// normal from it would point anywhere.

#include "sepaxis/tolerance.h"
#include "sepaxis/triangle.h"

#include <cmath>

namespace sepaxis::detail {

/// v times the power of two that brings its largest component into [1, 2) (zero stays zero): the
/// same direction exactly. A triangle's edges carry its size, and products of two or three of
/// them (its normal, its sides' normals, edge crosses) would overflow or underflow at the sizes
/// range scaling allows (range_scale.h); scaled, they stay near 1.
inline Vec3 withUnitScale(Vec3 v) {
  const double m = maxComponent(abs(v));
  if (!(m > 0)) return v;
  const int e = std::ilogb(m);
  return {std::ldexp(v.x, -e), std::ldexp(v.y, -e), std::ldexp(v.z, -e)};
}
/// The triangle's normal (b - a) × (c - a), scaled (withUnitScale).
inline Vec3 scaledNormal(const Triangle& t) {
  return withUnitScale(cross(withUnitScale(t.b - t.a), withUnitScale(t.c - t.a)));
}

inline bool triangleHasPlane(const Triangle& t) {
  const Vec3 ab = t.b - t.a, ac = t.c - t.a, bc = t.c - t.b;
  // Scaled by the largest coordinate difference: no square below overflows or underflows.
  const double s = greater(maxComponent(abs(ab)), greater(maxComponent(abs(ac)), maxComponent(abs(bc))));
  if (!(s > 0)) return false;
  const Vec3 u = ab / s, v = ac / s, w = bc / s;
  const double longest = greater(lengthSquared(u), greater(lengthSquared(v), lengthSquared(w)));
  const double k = tolerance::kTriangleFlat;
  return lengthSquared(cross(u, v)) > k * k * longest * longest;
}

}  // namespace sepaxis::detail
