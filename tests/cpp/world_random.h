#pragma once
// The random numbers the World's tests draw their scenes from (world_test.cpp,
// world_kdop_test.cpp, world_contacts_test.cpp): uniforms, rotations uniform over SO(3), and
// bodies' volumes of every type.

#include <cmath>
#include <random>

#include "sepaxis/sepaxis.h"

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

/// A volume of about `size` around the body's own origin, shifted off it by up to half its size.
/// kind: 0 sphere, 1 AABB, 2 OBB, 3.. k-DOPs of k = 6, 8, 14, 18, 26.
inline Volume randomVolume(Rng& rng, int kind, double size) {
  const Vec3 c{uniform(rng, -0.5, 0.5) * size, uniform(rng, -0.5, 0.5) * size, uniform(rng, -0.5, 0.5) * size};
  const Vec3 h{uniform(rng, 0.2, 1) * size, uniform(rng, 0.2, 1) * size, uniform(rng, 0.2, 1) * size};
  switch (kind) {
    case 0: return makeSphere(c, uniform(rng, 0.2, 1) * size).value();
    case 1: return makeAabb(c - h, c + h).value();
    case 2: return makeObbFromQuaternion(c, randomRotation(rng), h).value();
    default: {
      static const int ks[] = {6, 8, 14, 18, 26};
      Vec3 points[6];
      for (Vec3& p : points)
        p = c + Vec3{uniform(rng, -1, 1) * h.x, uniform(rng, -1, 1) * h.y, uniform(rng, -1, 1) * h.z};
      return fitKdop(ks[(kind - 3) % 5], points, 6).value();
    }
  }
}

}  // namespace sepaxis::world_testing
