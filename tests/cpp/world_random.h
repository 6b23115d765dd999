#pragma once
// The random numbers the World's tests draw their scenes from (world_test.cpp,
// world_kdop_test.cpp): uniforms, and rotations uniform over SO(3).

#include <cmath>
#include <random>

#include "sepaxis/vec3.h"

namespace sepaxis::world_testing {

using Rng = std::mt19937;

inline double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

/// A point uniform in the cube [lo, hi]^3 (its coordinates drawn x, y, z in turn).
inline Vec3 uniformPoint(Rng& rng, double lo, double hi) {
  const double x = uniform(rng, lo, hi), y = uniform(rng, lo, hi);
  return {x, y, uniform(rng, lo, hi)};
}

/// A unit quaternion uniform over the rotations: four normal numbers, normalized.
inline Quat randomRotation(Rng& rng) {
  std::normal_distribution<double> g;
  const Quat q{g(rng), g(rng), g(rng), g(rng)};
  const double l = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  return {q.x / l, q.y / l, q.z / l, q.w / l};
}

}  // namespace sepaxis::world_testing
