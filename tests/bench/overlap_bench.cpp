// Pair tests: the exact boolean `overlaps` for all ten type pairs, the conservative k-DOP test, and
// the full `collide` report. One pair per iteration, so the reported time is ns per test.

#include <array>
#include <cmath>

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

/// Building a k-DOP from its slabs (validation and the polytope): what a moving k-DOP costs the
/// World each time a test needs it. The slabs are those of random k-DOPs, turned (as a World's
/// k-DOP's are), so the polytopes are the general ones of k, not the symmetric ones.
template <int K>
void makeKdopBench(benchmark::State& state) {
  static const std::vector<std::array<double, 2 * kMaxKdopSlabs>> slabs = [] {
    std::vector<std::array<double, 2 * kMaxKdopSlabs>> out;
    Rng rng(kSeed);
    for (std::size_t i = 0; i <= kSetMask; ++i) {
      const Kdop local = randomKdop(rng, K, {uniform(rng, -50, 50), 0, 1}, uniform(rng, 0.5, 1));
      const Vec3 axis = randomUnit(rng);
      const double angle = uniform(rng, 0, 6.283185307179586), s = std::sin(angle / 2);
      const RigidTransform pose =
          makeRigidTransform({axis.x * s, axis.y * s, axis.z * s, std::cos(angle / 2)}, {1, 2, 3}).value();
      std::array<double, 2 * kMaxKdopSlabs> both{};
      transformedSlabs(local, pose, both.data(), both.data() + kMaxKdopSlabs);
      out.push_back(both);
    }
    return out;
  }();
  std::size_t i = 0;
  Kdop kdop;
  for (auto _ : state) {
    const auto& s = slabs[i++ & kSetMask];
    benchmark::DoNotOptimize(tryMakeKdop(K, s.data(), s.data() + kMaxKdopSlabs, K / 2, kdop));
    benchmark::DoNotOptimize(kdop.vertexCount);
  }
  state.SetItemsProcessed(state.iterations());
}

/// transformed() of a k-DOP: its turned vertices' slabs, then the k-DOP around them (makeKdop).
template <int K>
void transformedKdopBench(benchmark::State& state) {
  static const std::vector<Kdop> set = [] {
    std::vector<Kdop> out;
    Rng rng(kSeed);
    for (std::size_t i = 0; i <= kSetMask; ++i) out.push_back(randomKdop(rng, K, {}, uniform(rng, 0.5, 1)));
    return out;
  }();
  const RigidTransform pose = makeRigidTransform({0.1, 0.2, 0.3, std::sqrt(1 - 0.14)}, {5, -2, 1}).value();
  std::size_t i = 0;
  for (auto _ : state) {
    Kdop world = transformed(set[i++ & kSetMask], pose);
    benchmark::DoNotOptimize(world);
  }
  state.SetItemsProcessed(state.iterations());
}

/// A relative velocity for each pair of a set, B moving for a unit of time at up to 4 (the pairs
/// are ~1-3 across, their centres up to ~6 apart): every other one toward a random point within 1
/// of A's centre, the rest in a random direction. Of the pairs apart at the start (half of the
/// set, as in the static test's), some then meet within the time and some not, in random order.
template <class Set>
std::vector<Motion> motionsFor(const Set& set) {
  std::vector<Motion> out;
  Rng rng(kSeed + 1);
  for (std::size_t k = 0; k <= kSetMask; ++k) {
    Vec3 direction = randomUnit(rng);
    const double speed = uniform(rng, 0, 4);
    if (k % 2 == 0) {
      const Vec3 ca = center(boundingBox(Volume(set[k].a))), cb = center(boundingBox(Volume(set[k].b)));
      direction = normalize(ca + direction * uniform(rng, 0, 1) - cb);
    }
    out.push_back({{}, direction * speed, 1});
  }
  return out;
}

/// timeOfImpact over a set of pairs, B moving.
template <class Set>
void sweepPairs(benchmark::State& state, const Set& set) {
  const std::vector<Motion> motions = motionsFor(set);
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = i++ & kSetMask;
    benchmark::DoNotOptimize(timeOfImpact(set[k].a, set[k].b, motions[k]).value().time);
  }
  state.SetItemsProcessed(state.iterations());
  // The mix the time is an average over: the shares of pairs in contact at the start, meeting
  // later within the motion's time, and missing.
  double start = 0, later = 0;
  for (std::size_t k = 0; k <= kSetMask; ++k) {
    const SweepHit h = timeOfImpact(set[k].a, set[k].b, motions[k]).value();
    start += h.hit && h.time == 0, later += h.hit && h.time > 0;
  }
  state.counters["start"] = start / kSetSize;
  state.counters["later"] = later / kSetSize;
  state.counters["miss"] = 1 - (start + later) / kSetSize;
}

/// The OBB pairs of overlaps/obb-obb: the swept test's 15 axes against the static test's (which
/// stops at the first separating axis).
void sweepObbBench(benchmark::State& state) { sweepPairs(state, pairSet<ObbKind, ObbKind>()); }

/// The OBB pairs of one class of the mix (0: in contact at the start, 1: meeting later, 2:
/// missing), for the static and the swept test on the same pairs: where the swept test's time
/// goes. Each class's answers repeat, so the branch predictor learns more than on the mix.
struct ClassCase {
  Obb a, b;
  Motion motion;
};
const std::vector<ClassCase>& obbClass(int which) {
  static const std::array<std::vector<ClassCase>, 3> classes = [] {
    std::array<std::vector<ClassCase>, 3> out;
    const auto& set = pairSet<ObbKind, ObbKind>();
    const std::vector<Motion> motions = motionsFor(set);
    for (std::size_t k = 0; k <= kSetMask; ++k) {
      const SweepHit h = timeOfImpact(set[k].a, set[k].b, motions[k]).value();
      out[!h.hit ? 2 : h.time == 0 ? 0 : 1].push_back({set[k].a, set[k].b, motions[k]});
    }
    return out;
  }();
  return classes[which];
}
template <bool kSwept>
void obbClassBench(benchmark::State& state) {
  const std::vector<ClassCase>& set = obbClass(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    const ClassCase& c = set[i];
    i = i + 1 == set.size() ? 0 : i + 1;
    if constexpr (kSwept)
      benchmark::DoNotOptimize(timeOfImpact(c.a, c.b, c.motion).value().time);
    else
      benchmark::DoNotOptimize(overlaps(c.a, c.b));
  }
  state.SetItemsProcessed(state.iterations());
}

/// Through the std::variant entry point; pairs with a sphere cast its centre.
template <class KA, class KB>
void sweepVolumeBench(benchmark::State& state) {
  sweepPairs(state, volumePairSet<KA, KB>());
}

/// The sweep's report (collide()'s axes with their times).
void sweepReportBench(benchmark::State& state) {
  const auto& set = volumePairSet<ObbKind, ObbKind>();
  const std::vector<Motion> motions = motionsFor(set);
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = i++ & kSetMask;
    auto report = sweep(set[k].a, set[k].b, motions[k]);
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
  benchmark::RegisterBenchmark("overlapsConservative/kdop14-kdop14", overlapsConservativeBench<14, 14>);
  benchmark::RegisterBenchmark("overlapsConservative/kdop26-kdop26", overlapsConservativeBench<26, 26>);
  benchmark::RegisterBenchmark("overlapsConservative/kdop6-kdop26", overlapsConservativeBench<6, 26>);
  benchmark::RegisterBenchmark("timeOfImpact/obb-obb", sweepObbBench);
  benchmark::RegisterBenchmark("timeOfImpact-volume/obb-obb", sweepVolumeBench<ObbKind, ObbKind>);
  benchmark::RegisterBenchmark("timeOfImpact-volume/sphere-obb", sweepVolumeBench<SphereKind, ObbKind>);
  benchmark::RegisterBenchmark("timeOfImpact-volume/sphere-kdop26", sweepVolumeBench<SphereKind, K26>);
  benchmark::RegisterBenchmark("timeOfImpact-volume/obb-kdop26", sweepVolumeBench<ObbKind, K26>);
  benchmark::RegisterBenchmark("sweep/obb-obb", sweepReportBench);
  // By class: 0 in contact at the start, 1 meeting later, 2 missing.
  benchmark::RegisterBenchmark("overlaps/obb-obb/class", obbClassBench<false>)->DenseRange(0, 2);
  benchmark::RegisterBenchmark("timeOfImpact/obb-obb/class", obbClassBench<true>)->DenseRange(0, 2);
  benchmark::RegisterBenchmark("makeKdop/kdop6", makeKdopBench<6>);
  benchmark::RegisterBenchmark("makeKdop/kdop8", makeKdopBench<8>);
  benchmark::RegisterBenchmark("makeKdop/kdop14", makeKdopBench<14>);
  benchmark::RegisterBenchmark("makeKdop/kdop18", makeKdopBench<18>);
  benchmark::RegisterBenchmark("makeKdop/kdop26", makeKdopBench<26>);
  benchmark::RegisterBenchmark("transformed/kdop14", transformedKdopBench<14>);
  benchmark::RegisterBenchmark("transformed/kdop26", transformedKdopBench<26>);
  return true;
}();

}  // namespace
}  // namespace sepaxis::bench
