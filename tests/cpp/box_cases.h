#pragma once
// Boxes for the tests of the batch lanes (batch_box_filter_test.cpp, lane_parity_test.cpp): a box
// as centre, axes and half-extents, random frames and turns.

#include <cmath>
#include <random>

#include "sepaxis/sepaxis.h"

namespace sepaxis::test {

struct Box {
  Vec3 c;
  Vec3 u[3];
  Vec3 e;
};

inline void randomFrame(std::mt19937& rng, Vec3 (&u)[3]) {
  std::normal_distribution<double> g;
  const double q[4] = {g(rng), g(rng), g(rng), g(rng)};
  const double len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  const Mat3 m = toMat3({q[0] / len, q[1] / len, q[2] / len, q[3] / len});
  for (int a = 0; a < 3; ++a) u[a] = m.column(a);
}

// The frame u turned by `angle` about the unit axis k (Rodrigues).
inline void turn(Vec3 (&u)[3], Vec3 k, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  for (auto& v : u) v = v * c + cross(k, v) * s + k * (dot(k, v) * (1 - c));
}

inline Vec3 unit(std::mt19937& rng) {
  std::normal_distribution<double> g;
  const Vec3 v{g(rng), g(rng), g(rng)};
  return v * (1 / length(v));
}

inline Volume volumeOf(const Box& x, bool aabb) {
  if (aabb) return makeAabb(x.c - x.e, x.c + x.e).value();
  return makeObb(x.c, x.u, x.e).value();
}

// The largest offset along `dir` at which single calls still find A and B overlapping.
inline double touchingDistance(const Box& a, Box b, bool aIsAabb, Vec3 dir) {
  const Volume va = volumeOf(a, aIsAabb);
  // Beyond the sum of the circumradii (1-norms: no squares to underflow for subnormal sizes).
  double lo = 0, hi = 2 * (a.e.x + a.e.y + a.e.z + b.e.x + b.e.y + b.e.z);
  for (int step = 0; step < 80; ++step) {
    const double mid = 0.5 * (lo + hi);
    b.c = a.c + dir * mid;
    (overlaps(va, volumeOf(b, false)) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace sepaxis::test
