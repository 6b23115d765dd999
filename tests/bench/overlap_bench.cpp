// Pair tests: the exact boolean `overlaps` for all ten type pairs, the conservative k-DOP test, and
// the full `collide` report. One pair per iteration, so the reported time is ns per test.

#include "bench_data.h"

namespace sepaxis::bench {
namespace {

/// The pairs of pairSet as std::variant Volumes, built once per type pair.
template <class KA, class KB>
const std::vector<Pair<Volume, Volume>>& volumePairSet() {
  static const std::vector<Pair<Volume, Volume>> set = [] {
    std::vector<Pair<Volume, Volume>> out;
    for (const auto& p : pairSet<KA, KB>()) out.push_back({p.a, p.b});
    return out;
  }();
  return set;
}

template <class KA, class KB>
void overlapsBench(benchmark::State& state) {
  const auto& set = pairSet<KA, KB>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& p = set[i++ & kSetMask];
    benchmark::DoNotOptimize(overlaps(p.a, p.b));
  }
  state.SetItemsProcessed(state.iterations());
}

/// The same pairs through the std::variant entry point, to show what the dispatch costs.
template <class KA, class KB>
void overlapsVolumeBench(benchmark::State& state) {
  const auto& set = volumePairSet<KA, KB>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& p = set[i++ & kSetMask];
    benchmark::DoNotOptimize(overlaps(p.a, p.b));
  }
  state.SetItemsProcessed(state.iterations());
}

/// Runs on the pairs balanced by the exact test, so the "no" half includes the pairs that only an
/// edge-cross axis separates: there the conservative test says yes, as it is allowed to.
template <int KA, int KB>
void overlapsConservativeBench(benchmark::State& state) {
  const auto& set = pairSet<KdopKind<KA>, KdopKind<KB>>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& p = set[i++ & kSetMask];
    benchmark::DoNotOptimize(overlapsConservative(p.a, p.b));
  }
  state.SetItemsProcessed(state.iterations());
}

/// The report allocates its axis list and labels; this is the price of explaining an answer.
template <class KA, class KB>
void collideBench(benchmark::State& state) {
  const auto& set = volumePairSet<KA, KB>();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& p = set[i++ & kSetMask];
    CollisionReport report = collide(p.a, p.b);
    benchmark::DoNotOptimize(report);
  }
  state.SetItemsProcessed(state.iterations());
}

template <class KA, class KB>
std::string pairName(const char* test) {
  return std::string(test) + "/" + KA::name() + "-" + KB::name();
}

template <class KA, class KB>
void registerPair() {
  benchmark::RegisterBenchmark(pairName<KA, KB>("overlaps").c_str(), overlapsBench<KA, KB>);
  benchmark::RegisterBenchmark(pairName<KA, KB>("collide").c_str(), collideBench<KA, KB>);
}

[[maybe_unused]] const bool registered = [] {
  using K6 = KdopKind<6>;
  using K14 = KdopKind<14>;
  using K26 = KdopKind<26>;
  registerPair<SphereKind, SphereKind>();
  registerPair<SphereKind, AabbKind>();
  registerPair<SphereKind, ObbKind>();
  registerPair<SphereKind, K26>();
  registerPair<AabbKind, AabbKind>();
  registerPair<AabbKind, ObbKind>();
  registerPair<AabbKind, K26>();
  registerPair<ObbKind, ObbKind>();
  registerPair<ObbKind, K6>();
  registerPair<ObbKind, K14>();
  registerPair<ObbKind, K26>();
  registerPair<K6, K6>();
  registerPair<K14, K14>();
  registerPair<K26, K26>();
  registerPair<K6, K26>();

  benchmark::RegisterBenchmark("overlaps-volume/obb-kdop26", overlapsVolumeBench<ObbKind, K26>);
  benchmark::RegisterBenchmark("overlapsConservative/kdop6-kdop6", overlapsConservativeBench<6, 6>);
  benchmark::RegisterBenchmark("overlapsConservative/kdop14-kdop14",
                               overlapsConservativeBench<14, 14>);
  benchmark::RegisterBenchmark("overlapsConservative/kdop26-kdop26",
                               overlapsConservativeBench<26, 26>);
  benchmark::RegisterBenchmark("overlapsConservative/kdop6-kdop26",
                               overlapsConservativeBench<6, 26>);
  return true;
}();

}  // namespace
}  // namespace sepaxis::bench
