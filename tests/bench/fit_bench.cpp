// Fitting volumes to a model-sized point cloud: fitObb (Fast and Tight) and convexHull on 35,000
// points of a noisy (2, 3) torus knot tube, turned off the axes (a deterministic stand-in for a
// scanned mesh: curved, elongated, not axis-aligned, most points inside the hull).

#include <cmath>

#include "bench_data.h"

namespace sepaxis::bench {
namespace {

constexpr double kPi = 3.141592653589793;

const std::vector<Vec3>& knot() {
  static const std::vector<Vec3> points = [] {
    Rng rng(kSeed);
    const Mat3 turn = toMat3({0.2, -0.35, 0.15, 0.9027735042633894});  // a unit quaternion
    std::vector<Vec3> p;
    for (int i = 0; i < 35000; ++i) {
      const double t = uniform(rng, 0, 2 * kPi), a = uniform(rng, 0, 2 * kPi);
      const double r = 2 + std::cos(3 * t);
      const Vec3 c{r * std::cos(2 * t), r * std::sin(2 * t), -std::sin(3 * t) * 1.5};
      const double tube = 0.4 * std::sqrt(uniform(rng, 0.8, 1.0));
      p.push_back(turn * (c + Vec3{std::cos(a) * tube, std::sin(a) * tube, uniform(rng, -0.3, 0.3)}));
    }
    return p;
  }();
  return points;
}

void fitObbFast(benchmark::State& state) {
  const auto& p = knot();
  for (auto _ : state) benchmark::DoNotOptimize(fitObb(p.data(), p.size(), FitQuality::Fast));
  state.counters["points"] = double(p.size());
}
BENCHMARK(fitObbFast)->Unit(benchmark::kMillisecond);

void fitObbTight(benchmark::State& state) {
  const auto& p = knot();
  for (auto _ : state) benchmark::DoNotOptimize(fitObb(p.data(), p.size(), FitQuality::Tight));
  state.counters["points"] = double(p.size());
}
BENCHMARK(fitObbTight)->Unit(benchmark::kMillisecond);

void hull(benchmark::State& state) {
  const auto& p = knot();
  size_t vertices = 0;
  for (auto _ : state) {
    const auto h = convexHull(p.data(), p.size());
    vertices = h->vertices.size();
    benchmark::DoNotOptimize(h);
  }
  state.counters["vertices"] = double(vertices);
}
BENCHMARK(hull)->Name("convexHull")->Unit(benchmark::kMillisecond);

// The AABB in the same pass count, for scale: the floor of any fit.
void fitAabbOfKnot(benchmark::State& state) {
  const auto& p = knot();
  for (auto _ : state) benchmark::DoNotOptimize(fitAabb(p.data(), p.size()));
}
BENCHMARK(fitAabbOfKnot)->Name("fitAabb")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sepaxis::bench
