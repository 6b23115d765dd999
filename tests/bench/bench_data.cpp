#include "bench_data.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <tuple>

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

// Binary STL: an 80-byte header, a uint32 count, then per triangle a normal and three vertices
// as 12 floats and a uint16.
StlMesh readStl(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() < 84) return {};
  uint32_t triangles = 0;
  std::memcpy(&triangles, bytes.data() + 80, 4);
  if (bytes.size() < 84 + size_t(triangles) * 50) return {};
  StlMesh mesh;
  std::map<std::tuple<float, float, float>, uint32_t> index;
  for (uint32_t t = 0; t < triangles; ++t)
    for (int v = 1; v < 4; ++v) {
      float c[3];
      std::memcpy(c, bytes.data() + 84 + size_t(t) * 50 + size_t(v) * 12, 12);
      const auto [at, added] = index.emplace(std::make_tuple(c[0], c[1], c[2]), uint32_t(mesh.vertices.size()));
      if (added) mesh.vertices.push_back({c[0], c[1], c[2]});
      mesh.indices.push_back(at->second);
    }
  return mesh;
}

#ifndef SEPAXIS_BUNNY_STL
#define SEPAXIS_BUNNY_STL "node_modules/stl-models/objects/bunny.bin.stl"
#endif

std::string bunnyPath() {
  const char* env = std::getenv("SEPAXIS_BUNNY_STL");
  return env && *env ? env : SEPAXIS_BUNNY_STL;
}

const StlMesh& bunnyMesh() {
  static const StlMesh mesh = readStl(bunnyPath());
  return mesh;
}

}  // namespace sepaxis::bench
