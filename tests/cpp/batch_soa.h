#pragma once
// Structure-of-arrays batches for the tests, and the check that a batch answers as single calls do.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "unit_reference.h"

namespace sepaxis::test {

// Structure-of-arrays storage for n elements of one type.
struct Soa {
  VolumeType type;
  int k;
  size_t n;
  std::vector<double> f64;
  std::vector<float> f32;

  Soa(VolumeType t, int kk, size_t count) : type(t), k(kk), n(count), f64(size_t(batchFieldCount(t, kk)) * count) {}
  void set(int field, size_t i, double v) { f64[size_t(field) * n + i] = v; }
  BatchLayout layout(Precision p) {
    if (p == Precision::Float32) {
      f32.assign(f64.begin(), f64.end());  // the float batch holds the nearest floats
      return {type, k, f32.data(), n, p};
    }
    return {type, k, f64.data(), n, p};
  }
};

using sepaxis_unit::randomVec;

// What a batch must answer for pair i: the single call on the stored elements, or kBatchInvalid.
inline uint8_t expected(const BatchLayout& a, const BatchLayout& b, size_t i) {
  const auto x = batchElement(a, i), y = batchElement(b, i);
  if (!x.ok() || !y.ok()) return kBatchInvalid;
  return overlaps(*x, *y) ? 1 : 0;
}

inline void expectBatchEqualsSingleCalls(const BatchLayout& a, const BatchLayout& b, size_t n,
                                         const std::string& what) {
  std::vector<uint8_t> out(n, 99);
  const size_t invalid = overlapsPairwise(a, b, n, out.data());
  size_t expectedInvalid = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint8_t want = expected(a, b, i);
    expectedInvalid += want == kBatchInvalid;
    ASSERT_EQ(out[i], want) << what << ", pair " << i;
  }
  EXPECT_EQ(invalid, expectedInvalid) << what;
}

}  // namespace sepaxis::test
