#pragma once
// The directions of a triangle (its normal, its edges) at a size near 1, and whether it has a
// plane of its own. Corners collinear to within tolerance::kTriangleFlat
// of its size make a segment (or a point): their cross product is then mostly rounding, and a
// normal from it would point anywhere.

#include "sepaxis/tolerance.h"
#include "sepaxis/triangle.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace sepaxis::detail {

/// v times the power of two that brings its largest component into [1, 2) (zero stays zero): the
/// same direction exactly. A triangle's edges carry its size, and products of two or three of
/// them (its normal, its sides' normals, edge crosses) would overflow or underflow at the sizes
/// range scaling allows (range_scale.h); scaled, they stay near 1.
/// ilogb(m) for m > 0, from the bits of a normal number.
inline int binaryExponent(double m) {
  uint64_t bits;
  std::memcpy(&bits, &m, sizeof bits);
  const int biased = int(bits >> 52) & 0x7ff;
  return biased != 0 && biased != 0x7ff ? biased - 1023 : std::ilogb(m);
}
/// ldexp(x, e), bit for bit: one multiplication by 2^e rounds as ldexp does while 2^e is normal.
inline double timesPowerOfTwo(double x, int e) {
  if (e <= -1022 || e >= 1023) return std::ldexp(x, e);
  const uint64_t bits = uint64_t(e + 1023) << 52;
  double power;
  std::memcpy(&power, &bits, sizeof power);
  return x * power;
}
inline Vec3 withUnitScale(Vec3 v) {
  const double m = maxComponent(abs(v));
  if (!(m > 0)) return v;
  const int e = binaryExponent(m);
  return {timesPowerOfTwo(v.x, -e), timesPowerOfTwo(v.y, -e), timesPowerOfTwo(v.z, -e)};
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
