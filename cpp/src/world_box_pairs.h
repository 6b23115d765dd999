#pragma once
// The World's box-box pairs, decided four at a time. The broad phase hands them over as it finds
// them; decide() runs the batches' float filter (box_filter.h) over groups of four, which settles
// the pairs no rounding can flip, and the exact overlaps() takes the rest. The verdicts are
// overlaps()'s: the filter only answers where it is sure (the batch tests hold the two to each
// other), so pairs() stays exact. Where SIMD lanes are missing every pair takes the exact test.

#include <cstdint>
#include <utility>
#include <vector>

#include "sepaxis/overlap.h"

#include "box_filter.h"
#include "platform.h"
#include "world_bodies.h"

namespace sepaxis::detail {

class BoxPairs {
 public:
  void add(uint32_t a, uint32_t b) { pairs_.push_back({a, b}); }

  /// emit(a, b) for every pair handed over whose boxes overlap; then forgets them all.
  template <class Emit>
  void decide(const BodyStore& bodies, Emit&& emit) {
    std::size_t i = 0;
#if SEPAXIS_LANES
    for (; i + 4 <= pairs_.size(); i += 4) {
      const FilterVerdict verdict = filterFour(bodies, &pairs_[i]);
      for (uint32_t lane = 0; lane < 4; ++lane) {
        const uint32_t bit = 1u << lane;
        const auto [a, b] = pairs_[i + lane];
        if (verdict.overlapping & bit) emit(a, b);
        else if (!(verdict.separated & bit) && overlaps(bodies.boxWorld(a), bodies.boxWorld(b))) emit(a, b);
      }
    }
#endif
    for (; i < pairs_.size(); ++i) {
      const auto [a, b] = pairs_[i];
      if (overlaps(bodies.boxWorld(a), bodies.boxWorld(b))) emit(a, b);
    }
    pairs_.clear();
  }

 private:
#if SEPAXIS_LANES
  /// The filter's verdict on four pairs: both boxes' axes and half-extents rounded to floats, and
  /// the offset of the centres, centre(b) - centre(a) as the exact test forms it, rounded once.
  static FilterVerdict filterFour(const BodyStore& bodies, const std::pair<uint32_t, uint32_t>* four) {
    const Obb* a[4];
    const Obb* b[4];
    for (int l = 0; l < 4; ++l) a[l] = &bodies.boxWorld(four[l].first), b[l] = &bodies.boxWorld(four[l].second);
    auto lanesOf = [](auto value) {
      alignas(16) float x[4];
      for (int l = 0; l < 4; ++l) x[l] = float(value(l));
      return lanes::F4{wasm_v128_load(x)};
    };
    BoxFour boxA, boxB;
    lanes::F4 d[3];
    for (int c = 0; c < 3; ++c) {
      boxA.e[c] = lanesOf([&](int l) { return a[l]->halfExtents[c]; });
      boxB.e[c] = lanesOf([&](int l) { return b[l]->halfExtents[c]; });
      d[c] = lanesOf([&](int l) { return b[l]->center[c] - a[l]->center[c]; });
      for (int k = 0; k < 3; ++k) {
        boxA.u[k][c] = lanesOf([&](int l) { return a[l]->axis[k][c]; });
        boxB.u[k][c] = lanesOf([&](int l) { return b[l]->axis[k][c]; });
      }
    }
    return filterBoxes(d, boxA, boxB);
  }
#endif

  std::vector<std::pair<uint32_t, uint32_t>> pairs_;  ///< dense indices
};

}  // namespace sepaxis::detail
