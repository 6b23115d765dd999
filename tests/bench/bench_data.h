#pragma once
/// Reproducible inputs for the benchmarks: random volumes from a fixed-seed mt19937, arranged in
/// sets of kSetSize cases that are half "yes" (overlap, inside, hit) and half "no" in random order.
/// Iterating over such a set keeps the branch predictor from learning the answer, which a single
/// repeated pair would let it do, and which would report a time no real query sees.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "sepaxis/sepaxis.h"

namespace sepaxis::bench {

using Rng = std::mt19937;
inline constexpr Rng::result_type kSeed = 12345;
/// A power of two, so the loop wraps with a mask instead of a division.
inline constexpr std::size_t kSetSize = 1024;
inline constexpr std::size_t kSetMask = kSetSize - 1;

Vec3 randomUnit(Rng& rng);
double uniform(Rng& rng, double lo, double hi);

// Each maker returns a volume that lies within `radius` of `center` and is at least ~20% of that
// size along every axis, so pairs placed by centre distance cover touching, deep and apart cases.
Sphere randomSphere(Rng& rng, Vec3 center, double radius);
Aabb randomAabb(Rng& rng, Vec3 center, double radius);
Obb randomObb(Rng& rng, Vec3 center, double radius);
/// The tight k-DOP around a few random points: the usual way a k-DOP is fitted to a mesh.
Kdop randomKdop(Rng& rng, int k, Vec3 center, double radius);

// Kinds name a volume type and its maker, so one template covers every pair (k-DOPs differ by k).
struct SphereKind {
  using Type = Sphere;
  static std::string name() { return "sphere"; }
  static Sphere make(Rng& rng, Vec3 c, double r) { return randomSphere(rng, c, r); }
};
struct AabbKind {
  using Type = Aabb;
  static std::string name() { return "aabb"; }
  static Aabb make(Rng& rng, Vec3 c, double r) { return randomAabb(rng, c, r); }
};
struct ObbKind {
  using Type = Obb;
  static std::string name() { return "obb"; }
  static Obb make(Rng& rng, Vec3 c, double r) { return randomObb(rng, c, r); }
};
template <int K>
struct KdopKind {
  using Type = Kdop;
  static std::string name() { return "kdop" + std::to_string(K); }
  static Kdop make(Rng& rng, Vec3 c, double r) { return randomKdop(rng, K, c, r); }
};

/// A binary STL's triangles with their identical vertices shared (the mesh as modelled), or empty
/// when the file cannot be read.
struct StlMesh {
  std::vector<Vec3> vertices;     // each distinct vertex once, in the order first met
  std::vector<uint32_t> indices;  // three per triangle
};
StlMesh readStl(const std::string& path);
/// The Stanford bunny of the stl-models package (69,451 triangles; SEPAXIS_BUNNY_STL, or the
/// environment variable of that name, names the file), read once.
const StlMesh& bunnyMesh();
std::string bunnyPath();

template <class A, class B>
struct Pair {
  A a;
  B b;
};

/// Keeps drawing cases until both halves are full; `isYes` classifies one case.
template <class Case, class Draw, class IsYes>
std::vector<Case> balancedSet(Rng& rng, Draw draw, IsYes isYes) {
  std::vector<Case> yes, no;
  // Every generator here yields both answers often; the cap only stops a bug from hanging.
  for (std::size_t attempt = 0; attempt < 200 * kSetSize; ++attempt) {
    if (yes.size() == kSetSize / 2 && no.size() == kSetSize / 2) break;
    Case c = draw(rng);
    auto& half = isYes(c) ? yes : no;
    if (half.size() < kSetSize / 2) half.push_back(std::move(c));
  }
  if (yes.size() + no.size() != kSetSize) {
    std::fprintf(stderr, "bench: drew %zu yes and %zu no cases, wanted %zu each\n", yes.size(), no.size(),
                 kSetSize / 2);
    std::abort();
  }
  std::vector<Case> all = std::move(yes);
  all.insert(all.end(), no.begin(), no.end());
  std::shuffle(all.begin(), all.end(), rng);
  return all;
}

/// kSetSize pairs of volumes, half overlapping (by the exact test), cached per kind pair.
template <class KA, class KB>
const std::vector<Pair<typename KA::Type, typename KB::Type>>& pairSet() {
  using P = Pair<typename KA::Type, typename KB::Type>;
  static const std::vector<P> set = [] {
    Rng rng(kSeed);
    auto draw = [](Rng& r) {
      const double ra = uniform(r, 0.5, 1.5), rb = uniform(r, 0.5, 1.5);
      const Vec3 ca{uniform(r, -10, 10), uniform(r, -10, 10), uniform(r, -10, 10)};
      // Centres up to 1.1 x the sum of the radii apart: from deep overlap to clearly apart.
      const Vec3 cb = ca + randomUnit(r) * uniform(r, 0, 1.1 * (ra + rb));
      return P{KA::make(r, ca, ra), KB::make(r, cb, rb)};
    };
    return balancedSet<P>(rng, draw, [](const P& p) { return overlaps(p.a, p.b); });
  }();
  return set;
}

}  // namespace sepaxis::bench
