// Fitting a sphere to a point set: the smallest sphere (SphereFit::Minimal) against Ritter's
// two-pass approximation, on 35k points (a detailed mesh) and 10^6, in two shapes: a stretched
// Gaussian cloud, and points on a spherical shell (nearly all of them near the answer's boundary,
// the filter's hardest case). Each reports its radius over Ritter's as `vs_ritter`.
//
//   build/native/tests/bench/sepaxis_fit_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

#include <random>
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

}  // namespace

BENCHMARK(BM_FitSphereMinimal)->Arg(35000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FitSphereRitter)->Arg(35000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FitSphereMinimal_Shell)->Arg(35000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FitSphereRitter_Shell)->Arg(35000)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace sepaxis::bench
