#pragma once
// Pairs far outside the ordinary range of doubles are tested scaled by a power of two: down by
// 2^-600 when their numbers exceed 2^460 (3.0e138) in magnitude, up by 2^600 when all of them
// are below 2^-300 (4.9e-91).
//
// Why: the tests subtract centres and add extents, and compare squared lengths. Two valid
// volumes near +-1e308 give an infinite offset (or reach), and every comparison with it says
// "separated", however deep they overlap; lengths beyond 2^512 have infinite squares. Below
// 2^-537 squares underflow to zero, and a k-DOP's closest point, chosen by squared distances,
// came out wrong for volumes of 1e-180. Multiplying both volumes by a power of two is exact
// (down: short of numbers below 2^-422, which lose bits, nothing next to a volume of 2^460; up:
// always), so the scaled pair overlaps exactly when the original does. Scaled, every number lies
// between 2^-474 (or 0) and 2^424: sums of a few of them times unit directions cannot overflow,
// their squares neither overflow nor underflow, and the tests take the paths they take for
// volumes of ordinary size.

#include <cmath>
#include <variant>

#include "platform.h"
#include "sepaxis/volume.h"

namespace sepaxis::detail {

// Listed in sepaxis/tolerance.h with the library's other thresholds.
inline constexpr double kHugeMagnitude = 0x1p460;
inline constexpr double kTinyMagnitude = 0x1p-300;
inline constexpr double kScaleDown = 0x1p-600;
inline constexpr double kScaleUp = 0x1p600;

/// The factor two spheres are tested at, 1 in the ordinary range: their offset d and reach r
/// are the only numbers the test squares. Coincident centres need none (and their coordinates
/// may be large), nor do offsets far below the reach.
inline double sphereScale(Vec3 d, double r) {
  const double s = std::fabs(d.x) + std::fabs(d.y) + std::fabs(d.z) + r;
  if (s <= kHugeMagnitude && (s >= kTinyMagnitude || s == r)) return 1;
  return s > kHugeMagnitude ? kScaleDown : kScaleUp;
}

// The sum of a volume's numbers' magnitudes: one comparison on the paths of every single test
// (the sum may pass 2^460 while no single number does, by up to the count of numbers: scaling
// such a volume changes nothing, as scaling is exact). Volumes are valid, so their numbers are
// finite; an overflowing sum is infinite and counts as huge.
inline double magnitude(Vec3 v) { return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z); }
inline double magnitude(const Sphere& s) { return magnitude(s.center) + s.radius; }
inline double magnitude(const Aabb& b) { return magnitude(b.min) + magnitude(b.max); }
inline double magnitude(const Obb& b) {
  return magnitude(b.center) + (b.halfExtents.x + b.halfExtents.y + b.halfExtents.z);
}
inline double magnitude(const Kdop& k) {
  double sum = 0;
  for (int i = 0; i < k.slabCount(); ++i) sum += std::fabs(k.min[i]) + std::fabs(k.max[i]);
  return sum;
}
inline double magnitude(const Triangle& t) { return magnitude(t.a) + magnitude(t.b) + magnitude(t.c); }
inline double magnitude(const Volume& v) {
  return std::visit([](const auto& x) { return magnitude(x); }, v);
}

/// The factor numbers of this total magnitude are tested at: 1 for the ordinary range. All zero
/// needs none (nothing rounds).
inline double scaleFor(double magnitude) {
  return magnitude > kHugeMagnitude ? kScaleDown : magnitude < kTinyMagnitude && magnitude > 0 ? kScaleUp : 1;
}

inline Sphere scaled(const Sphere& s, double f) { return {s.center * f, s.radius * f}; }
inline Aabb scaled(const Aabb& b, double f) { return {b.min * f, b.max * f}; }
inline Obb scaled(const Obb& b, double f) {
  Obb o = b;
  o.center = b.center * f;
  o.halfExtents = b.halfExtents * f;
  return o;
}
/// Every length of the k-DOP, its derived polytope included: no rebuild, the same vertices scaled.
/// Out of line (range_scale.cpp): a 2 kB copy that every k-DOP query would otherwise carry inline.
Kdop scaled(const Kdop& k, double f);
inline Triangle scaled(const Triangle& t, double f) { return {t.a * f, t.b * f, t.c * f}; }
inline Volume scaled(const Volume& v, double f) {
  return std::visit([f](const auto& x) { return Volume(scaled(x, f)); }, v);
}

/// The factor a pair is tested at. Two spheres: as sphereScale decides it.
template <class A, class B>
double pairScale(const A& a, const B& b) {
  return scaleFor(magnitude(a) + magnitude(b));
}
inline double pairScale(const Sphere& a, const Sphere& b) {
  return sphereScale(b.center - a.center, a.radius + b.radius);
}

/// The factor a query of volume v at finite points is answered at (infinite points: 1, as
/// scaling would not change them).
inline double queryScale(double volumeMagnitude, Vec3 p) {
  return isFinite(p) ? scaleFor(volumeMagnitude + magnitude(p)) : 1;
}

/// test(a, b) on the pair scaled by f: out of line, as such pairs are rare.
template <class A, class B, class Test>
SEPAXIS_NOINLINE auto testScaled(const A& a, const B& b, double f, Test test) {
  return test(scaled(a, f), scaled(b, f));
}

/// test(a, b), on the pair scaled when pairScale says so.
template <class A, class B, class Test>
auto scaledIfNeeded(const A& a, const B& b, Test test) {
  const double f = pairScale(a, b);
  if (f != 1) return testScaled(a, b, f, test);
  return test(a, b);
}

}  // namespace sepaxis::detail
