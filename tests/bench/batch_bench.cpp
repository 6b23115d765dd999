// Batch overlap tests (batch.h) over the same balanced pair sets as overlap_bench.cpp, written in
// the structure-of-arrays layout: compare `per_pair` here with the single-call `overlaps/...`.
// Batches validate every element (and build each k-DOP's polytope), which single calls on
// already-made volumes do not; the difference is that price.

#include "bench_data.h"

namespace sepaxis::bench {
namespace {

// Field arrays a little longer than the set: at a stride of kSetSize (8 KiB of doubles) every
// field of an element would fall in the same L1 cache set, and an OBB pair reads 30 of them.
constexpr std::size_t kStride = kSetSize + 24;

// Field f of element i goes to data[f * stride + i] (batch.h); the field order is batch.h's.
void writeFields(const Sphere& s, double* data, std::size_t i) {
  const double fields[] = {s.center.x, s.center.y, s.center.z, s.radius};
  for (std::size_t f = 0; f < 4; ++f) data[f * kStride + i] = fields[f];
}

void writeFields(const Aabb& b, double* data, std::size_t i) {
  for (int c = 0; c < 3; ++c) {
    data[std::size_t(c) * kStride + i] = b.min[c];
    data[std::size_t(3 + c) * kStride + i] = b.max[c];
  }
}

void writeFields(const Obb& b, double* data, std::size_t i) {
  for (int c = 0; c < 3; ++c) {
    data[std::size_t(c) * kStride + i] = b.center[c];
    for (int axis = 0; axis < 3; ++axis) {
      data[std::size_t(3 + 3 * axis + c) * kStride + i] = b.axis[axis][c];
    }
    data[std::size_t(12 + c) * kStride + i] = b.halfExtents[c];
  }
}

void writeFields(const Kdop& d, double* data, std::size_t i) {
  const int slabs = d.slabCount();
  for (int s = 0; s < slabs; ++s) {
    data[std::size_t(s) * kStride + i] = d.min[s];
    data[std::size_t(slabs + s) * kStride + i] = d.max[s];
  }
}

VolumeType typeOf(const Sphere&) { return VolumeType::Sphere; }
VolumeType typeOf(const Aabb&) { return VolumeType::Aabb; }
VolumeType typeOf(const Obb&) { return VolumeType::Obb; }
VolumeType typeOf(const Kdop&) { return VolumeType::Kdop; }
int kOf(const Kdop& d) { return d.k; }
template <class T>
int kOf(const T&) {
  return 0;
}

/// One side of a pair set as a batch; keeps its numbers alive and in the requested precision.
struct Column {
  std::vector<double> f64;
  std::vector<float> f32;
  BatchLayout layout{};
};

/// `get(i)` is element i of the side; all elements have the same type (and k).
template <class Get>
Column makeColumn(Get get, Precision precision) {
  const auto& first = get(0);
  Column column;
  const int fields = batchFieldCount(typeOf(first), kOf(first));
  column.f64.assign(std::size_t(fields) * kStride, 0.0);
  for (std::size_t i = 0; i < kSetSize; ++i) writeFields(get(i), column.f64.data(), i);
  column.f32.assign(column.f64.begin(), column.f64.end());
  const void* data = precision == Precision::Float32 ? static_cast<const void*>(column.f32.data())
                                                     : static_cast<const void*>(column.f64.data());
  column.layout = BatchLayout{typeOf(first), kOf(first), data, kStride, precision};
  return column;
}

template <class KA, class KB, Precision P>
void pairwiseBench(benchmark::State& state) {
  const auto& set = pairSet<KA, KB>();
  const Column a = makeColumn(
      [&](std::size_t i) -> const auto& { return set[i].a; }, P);
  const Column b = makeColumn(
      [&](std::size_t i) -> const auto& { return set[i].b; }, P);
  std::vector<uint8_t> out(kSetSize);
  for (auto _ : state) {
    benchmark::DoNotOptimize(overlapsPairwise(a.layout, b.layout, kSetSize, out.data()));
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(kSetSize));
  // Inverted rate = time / (iterations * pairs): prints as e.g. "per_pair=5.4ns".
  state.counters["per_pair"] =
      benchmark::Counter(double(kSetSize), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <class KA, class KB, Precision P>
void registerPairwise() {
  const char* precision = P == Precision::Float32 ? "f32" : "f64";
  const std::string name = std::string("overlapsPairwise-") + precision + "/" + KA::name() + "-" + KB::name();
  benchmark::RegisterBenchmark(name.c_str(), pairwiseBench<KA, KB, P>);
}

[[maybe_unused]] const bool registered = [] {
  using K26 = KdopKind<26>;
  registerPairwise<SphereKind, SphereKind, Precision::Float64>();
  registerPairwise<AabbKind, AabbKind, Precision::Float64>();
  registerPairwise<ObbKind, ObbKind, Precision::Float64>();
  registerPairwise<ObbKind, ObbKind, Precision::Float32>();
  registerPairwise<SphereKind, ObbKind, Precision::Float64>();
  registerPairwise<ObbKind, K26, Precision::Float64>();
  registerPairwise<K26, K26, Precision::Float64>();
  return true;
}();

}  // namespace
}  // namespace sepaxis::bench
