// Point and ray queries for each volume: contains, closestPoint and raycast, one query per
// iteration over sets that are half inside (or hitting) and half outside (or missing).

#include <limits>

#include "bench_data.h"

namespace sepaxis::bench {
namespace {

template <class T>
struct PointCase {
  T volume;
  Vec3 point;
};

template <class T>
struct RayCase {
  T volume;
  Vec3 origin;
  Vec3 direction;
};

/// Points from the centre out to 1.3 x the bounding radius, half of them inside.
template <class Kind>
const std::vector<PointCase<typename Kind::Type>>& pointSet() {
  using C = PointCase<typename Kind::Type>;
  static const std::vector<C> set = [] {
    Rng rng(kSeed);
    auto draw = [](Rng& r) {
      const double radius = uniform(r, 0.5, 1.5);
      const Vec3 c{uniform(r, -10, 10), uniform(r, -10, 10), uniform(r, -10, 10)};
      auto volume = Kind::make(r, c, radius);
      return C{volume, c + randomUnit(r) * uniform(r, 0, 1.3 * radius)};
    };
    return balancedSet<C>(rng, draw, [](const C& q) { return contains(q.volume, q.point); });
  }();
  return set;
}

/// Rays from outside, three radii away, aimed near the volume: half of them hit.
template <class Kind>
const std::vector<RayCase<typename Kind::Type>>& raySet() {
  using C = RayCase<typename Kind::Type>;
  static const std::vector<C> set = [] {
    Rng rng(kSeed);
    auto draw = [](Rng& r) {
      const double radius = uniform(r, 0.5, 1.5);
      const Vec3 c{uniform(r, -10, 10), uniform(r, -10, 10), uniform(r, -10, 10)};
      auto volume = Kind::make(r, c, radius);
      const Vec3 origin = c + randomUnit(r) * (3 * radius);
      const Vec3 target = c + randomUnit(r) * uniform(r, 0, 1.2 * radius);
      return C{volume, origin, normalize(target - origin)};
    };
    auto hits = [](const C& q) {
      return raycast(q.volume, q.origin, q.direction, std::numeric_limits<double>::infinity()).hit;
    };
    return balancedSet<C>(rng, draw, hits);
  }();
  return set;
}

template <class Kind>
void containsBench(benchmark::State& state) {
  const auto& set = pointSet<Kind>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& q = set[i++ & kSetMask];
    benchmark::DoNotOptimize(contains(q.volume, q.point));
  }
  state.SetItemsProcessed(state.iterations());
}

template <class Kind>
void closestPointBench(benchmark::State& state) {
  const auto& set = pointSet<Kind>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& q = set[i++ & kSetMask];
    Vec3 nearest = closestPoint(q.volume, q.point);
    benchmark::DoNotOptimize(nearest);
  }
  state.SetItemsProcessed(state.iterations());
}

template <class Kind>
void raycastBench(benchmark::State& state) {
  const auto& set = raySet<Kind>();
  const double maxDistance = std::numeric_limits<double>::infinity();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& q = set[i++ & kSetMask];
    RayHit hit = raycast(q.volume, q.origin, q.direction, maxDistance);
    benchmark::DoNotOptimize(hit);
  }
  state.SetItemsProcessed(state.iterations());
}

template <class Kind>
void registerQueries() {
  const std::string name = Kind::name();
  benchmark::RegisterBenchmark(("contains/" + name).c_str(), containsBench<Kind>);
  benchmark::RegisterBenchmark(("closestPoint/" + name).c_str(), closestPointBench<Kind>);
  benchmark::RegisterBenchmark(("raycast/" + name).c_str(), raycastBench<Kind>);
}

[[maybe_unused]] const bool registered = [] {
  registerQueries<SphereKind>();
  registerQueries<AabbKind>();
  registerQueries<ObbKind>();
  registerQueries<KdopKind<6>>();
  registerQueries<KdopKind<14>>();
  registerQueries<KdopKind<26>>();
  return true;
}();

}  // namespace
}  // namespace sepaxis::bench
