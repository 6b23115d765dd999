// Fitting volumes to point sets.
// - The sphere: the smallest (SphereFit::Minimal) against Ritter's two-pass approximation, on 35k
//   points (a detailed mesh) and 10^6, in two shapes: a stretched Gaussian cloud, and points on a
//   spherical shell (nearly all of them near the answer's boundary, the filter's hardest case).
//   Each reports its radius over Ritter's as `vs_ritter`.
// - fitObb (Fast and Tight) and convexHull on 35,000 points of a noisy (2, 3) torus knot tube,
//   turned off the axes (a deterministic stand-in for a scanned mesh: curved, elongated, not
//   axis-aligned, most points inside the hull).
//
// - fitObb (Fast and Tight) and convexHull on the Stanford bunny's 34,834 distinct vertices, read
//   from the binary STL of the stl-models package (SEPAXIS_BUNNY_STL, or the environment variable
//   of that name, names the file); skipped with a message when the file is missing.
//
//   build/native/tests/bench/sepaxis_fit_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "bench_data.h"

namespace sepaxis::bench {
namespace {

std::vector<Vec3> cloud(size_t n, bool shell) {
  Rng rng(kSeed);
  std::normal_distribution<double> g(0, 1);
  std::vector<Vec3> p(n);
  for (Vec3& q : p) {
    q = {g(rng), 2 * g(rng), 0.5 * g(rng)};
    if (shell) q = randomUnit(rng) * (1 + 1e-3 * g(rng)) + Vec3{1e3, -2e3, 5};
  }
  return p;
}

void fit(benchmark::State& state, SphereFit method, bool shell) {
  const auto p = cloud(size_t(state.range(0)), shell);
  for (auto _ : state) {
    Sphere s = fitSphere(p.data(), p.size(), method).value();
    benchmark::DoNotOptimize(s);
  }
  const double radius = fitSphere(p.data(), p.size(), method).value().radius;
  state.counters["vs_ritter"] = radius / fitSphere(p.data(), p.size(), SphereFit::Ritter).value().radius;
  state.SetItemsProcessed(int64_t(state.iterations()) * state.range(0));
}

void BM_FitSphereMinimal(benchmark::State& state) { fit(state, SphereFit::Minimal, false); }
void BM_FitSphereRitter(benchmark::State& state) { fit(state, SphereFit::Ritter, false); }
void BM_FitSphereMinimal_Shell(benchmark::State& state) { fit(state, SphereFit::Minimal, true); }
void BM_FitSphereRitter_Shell(benchmark::State& state) { fit(state, SphereFit::Ritter, true); }

BENCHMARK(BM_FitSphereMinimal)->Arg(35000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FitSphereRitter)->Arg(35000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FitSphereMinimal_Shell)->Arg(35000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FitSphereRitter_Shell)->Arg(35000)->Arg(1000000)->Unit(benchmark::kMillisecond);

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

template <class Run>
void onBunny(benchmark::State& state, Run run) {
  const auto& p = bunnyMesh().vertices;
  if (p.empty()) {
    state.SkipWithError(("no bunny at " + bunnyPath() + " (set SEPAXIS_BUNNY_STL)").c_str());
    return;
  }
  for (auto _ : state) run(p);
  state.counters["points"] = double(p.size());
}

void fitObbFastBunny(benchmark::State& state) {
  onBunny(state, [](const auto& p) { benchmark::DoNotOptimize(fitObb(p.data(), p.size(), FitQuality::Fast)); });
}
BENCHMARK(fitObbFastBunny)->Unit(benchmark::kMillisecond);

void fitObbTightBunny(benchmark::State& state) {
  onBunny(state, [](const auto& p) { benchmark::DoNotOptimize(fitObb(p.data(), p.size(), FitQuality::Tight)); });
}
BENCHMARK(fitObbTightBunny)->Unit(benchmark::kMillisecond);

void hullOfBunny(benchmark::State& state) {
  onBunny(state, [](const auto& p) { benchmark::DoNotOptimize(convexHull(p.data(), p.size())); });
}
BENCHMARK(hullOfBunny)->Name("convexHullBunny")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sepaxis::bench
