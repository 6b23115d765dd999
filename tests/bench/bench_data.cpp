#include "bench_data.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace sepaxis::bench {
namespace {

/// The benchmarks only build valid volumes; a rejection is a bug worth stopping for.
template <class T>
T orDie(Expected<T> made) {
  if (!made) {
    std::fprintf(stderr, "bench: invalid volume: %s\n", made.error().message.c_str());
    std::abort();
  }
  return std::move(made.value());
}

/// Half-extents between 20% and 100% of the largest that keeps the box within `radius`.
Vec3 randomHalfExtents(Rng& rng, double radius) {
  const double most = radius / std::sqrt(3.0);
  const double x = uniform(rng, 0.2, 1) * most;
  const double y = uniform(rng, 0.2, 1) * most;
  const double z = uniform(rng, 0.2, 1) * most;
  return {x, y, z};
}

}  // namespace

double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

Vec3 randomUnit(Rng& rng) {
  // Normalized Gaussian vectors are uniform on the sphere (Marsaglia 1972).
  std::normal_distribution<double> gauss;
  for (;;) {
    const double x = gauss(rng);
    const double y = gauss(rng);
    const double z = gauss(rng);
    const Vec3 v{x, y, z};
    if (lengthSquared(v) > 1e-12) return normalize(v);
  }
}

Sphere randomSphere(Rng& rng, Vec3 center, double radius) {
  return orDie(makeSphere(center, uniform(rng, 0.2, 1) * radius));
}

Aabb randomAabb(Rng& rng, Vec3 center, double radius) {
  return orDie(makeAabbFromCenter(center, randomHalfExtents(rng, radius)));
}

Obb randomObb(Rng& rng, Vec3 center, double radius) {
  // A uniformly random rotation: a normalized 4D Gaussian quaternion (Shoemake 1992).
  std::normal_distribution<double> gauss;
  const double x = gauss(rng);
  const double y = gauss(rng);
  const double z = gauss(rng);
  const double w = gauss(rng);
  const double len = std::sqrt(x * x + y * y + z * z + w * w);
  const Quat q{x / len, y / len, z / len, w / len};
  return orDie(makeObbFromQuaternion(center, q, randomHalfExtents(rng, radius)));
}

Kdop randomKdop(Rng& rng, int k, Vec3 center, double radius) {
  constexpr int kPoints = 8;
  Vec3 points[kPoints];
  for (Vec3& p : points) p = center + randomUnit(rng) * (uniform(rng, 0.4, 1) * radius);
  const KdopDirection* dirs = kdopDirections(k);
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int i = 0; i < k / 2; ++i) {
    // Slabs bound the unnormalized d_i . x (kdop.h), which is exactly this projection.
    const Vec3 d = toVec3(dirs[i]);
    lo[i] = hi[i] = dot(d, points[0]);
    for (const Vec3& p : points) {
      lo[i] = std::fmin(lo[i], dot(d, p));
      hi[i] = std::fmax(hi[i], dot(d, p));
    }
  }
  return orDie(makeKdop(k, lo, hi, k / 2));
}

}  // namespace sepaxis::bench
