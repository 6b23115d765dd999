#pragma once
// Pairs with numbers beyond 2^460 (3.0e138) are tested scaled down by 2^-600.
//
// Why: the tests subtract centres and add extents, and reports square lengths. Two valid volumes
// near +-1e308 give an infinite offset (or reach), and every comparison with it says "separated",
// however deep they overlap; lengths beyond 2^512 have infinite squares. Multiplying both volumes
// by a power of two is exact for normal numbers, so the scaled pair overlaps exactly when the
// original does; only numbers below 2^-422 lose bits (below 2^-474 they vanish), nothing next to
// a volume of 2^460. Scaled, every number is below 2^424: sums of a few of them times unit
// directions cannot overflow, nor can their squares, and the tests take the paths they take for
// volumes of ordinary size.

#include <cmath>
#include <variant>

#include "sepaxis/overlap.h"
#include "sepaxis/volume.h"

namespace sepaxis::detail {

inline constexpr double kHugeCoordinate = 0x1p460;
inline constexpr double kHugeScale = 0x1p-600;
inline constexpr double kHugeScaleBack = 0x1p600;

/// Finite and beyond 2^460. Infinities and NaN are not scaled: scaling would not change them.
inline bool isHuge(double x) {
  const double a = std::fabs(x);
  return a > kHugeCoordinate && a <= 1.7976931348623157e308;
}
inline bool isHuge(Vec3 v) { return isHuge(v.x) || isHuge(v.y) || isHuge(v.z); }

// A volume is huge when the sum of its numbers' magnitudes exceeds 2^460: one comparison on the
// paths of every single test. (That sum may exceed it while no single number does, by up to the
// count of numbers: scaling such a volume too changes nothing, as scaling is exact.) Volumes are
// valid, so their numbers are finite; an overflowing sum is infinite and counts as huge.
inline double magnitude(Vec3 v) { return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z); }
inline double magnitude(const Sphere& s) { return magnitude(s.center) + s.radius; }
inline double magnitude(const Aabb& b) { return magnitude(b.min) + magnitude(b.max); }
inline double magnitude(const Obb& b) { return magnitude(b.center) + (b.halfExtents.x + b.halfExtents.y + b.halfExtents.z); }
inline double magnitude(const Kdop& k) {
  double sum = 0;
  for (int i = 0; i < k.slabCount(); ++i) sum += std::fabs(k.min[i]) + std::fabs(k.max[i]);
  return sum;
}
template <class V>
bool isHuge(const V& v) { return magnitude(v) > kHugeCoordinate; }

inline Sphere scaledDown(const Sphere& s) { return {s.center * kHugeScale, s.radius * kHugeScale}; }
inline Aabb scaledDown(const Aabb& b) { return {b.min * kHugeScale, b.max * kHugeScale}; }
inline Obb scaledDown(const Obb& b) {
  Obb scaled = b;
  scaled.center = b.center * kHugeScale;
  scaled.halfExtents = b.halfExtents * kHugeScale;
  return scaled;
}
/// Every length of the k-DOP, its derived polytope included: no rebuild, the same vertices scaled.
/// Out of line (huge_scale.cpp): a 2 kB copy that every k-DOP query would otherwise carry inline.
Kdop scaledDown(const Kdop& k);

inline bool isHuge(const Volume& v) {
  return std::visit([](const auto& x) { return isHuge(x); }, v);
}
inline Volume scaledDown(const Volume& v) {
  return std::visit([](const auto& x) { return Volume(scaledDown(x)); }, v);
}

/// Whether a pair is tested scaled down: when either volume is huge, except two spheres, whose
/// inline test (overlap.h) looks at the only numbers it squares, their offset and reach.
template <class A, class B>
bool needsScaling(const A& a, const B& b) { return magnitude(a) + magnitude(b) > kHugeCoordinate; }
inline bool needsScaling(const Sphere& a, const Sphere& b) { return sphereSumsHuge(b.center - a.center, a.radius + b.radius); }

/// test(a, b) on the pair scaled down: out of line, as huge pairs are rare.
template <class A, class B, class Test>
__attribute__((noinline)) auto testScaledDown(const A& a, const B& b, Test test) {
  return test(scaledDown(a), scaledDown(b));
}

/// test(a, b), on the pair scaled down when needsScaling says so.
template <class A, class B, class Test>
auto scaledIfHuge(const A& a, const B& b, Test test) {
  if (needsScaling(a, b)) return testScaledDown(a, b, test);
  return test(a, b);
}

}  // namespace sepaxis::detail
