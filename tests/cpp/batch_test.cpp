// Batches (batch.h) agree with single overlaps() calls, in both precisions, and report invalid
// elements instead of answering for them.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "sepaxis/sepaxis.h"

using namespace sepaxis;

namespace {

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

Vec3 randomVec(std::mt19937& rng, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  return {u(rng), u(rng), u(rng)};
}

void fill(Soa& s, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0.1, 1.5);
  for (size_t i = 0; i < s.n; ++i) {
    const Vec3 c = randomVec(rng, -1.6, 1.6);
    switch (s.type) {
      case VolumeType::Sphere:
        for (int f = 0; f < 3; ++f) s.set(f, i, c[f]);
        s.set(3, i, u(rng));
        break;
      case VolumeType::Aabb:
        for (int f = 0; f < 3; ++f) s.set(f, i, c[f]), s.set(3 + f, i, c[f] + u(rng));
        break;
      case VolumeType::Obb: {
        std::normal_distribution<double> g;
        double q[4] = {g(rng), g(rng), g(rng), g(rng)};
        const double len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        const Mat3 m = toMat3({q[0] / len, q[1] / len, q[2] / len, q[3] / len});
        for (int f = 0; f < 3; ++f) s.set(f, i, c[f]), s.set(12 + f, i, u(rng));
        for (int a = 0; a < 3; ++a)
          for (int f = 0; f < 3; ++f) s.set(3 + 3 * a + f, i, m.column(a)[f]);
        break;
      }
      case VolumeType::Kdop: {
        const KdopDirection* d = kdopDirections(s.k);
        const int h = s.k / 2;
        for (int j = 0; j < h; ++j) s.set(j, i, 1e300), s.set(h + j, i, -1e300);
        for (int p = 0; p < 6; ++p) {
          const Vec3 q = c + randomVec(rng, -1, 1);
          for (int j = 0; j < h; ++j) {
            const double v = dot(toVec3(d[j]), q);
            s.set(j, i, std::fmin(s.f64[size_t(j) * s.n + i], v));
            s.set(h + j, i, std::fmax(s.f64[size_t(h + j) * s.n + i], v));
          }
        }
        break;
      }
    }
  }
}

}  // namespace

class BatchPairs : public ::testing::TestWithParam<std::tuple<int, int, int>> {};

TEST_P(BatchPairs, PairwiseResultsEqualSingleCallsInBothPrecisions) {
  const auto [ta, tb, precision] = GetParam();
  std::mt19937 rng(12345 + ta * 7 + tb);
  const size_t n = 301;  // odd: the SIMD loops' tails run too
  Soa a(VolumeType(ta), 14, n), b(VolumeType(tb), 26, n);
  fill(a, rng);
  fill(b, rng);
  const BatchLayout la = a.layout(Precision(precision)), lb = b.layout(Precision(precision));
  std::vector<uint8_t> out(n, 99);
  ASSERT_EQ(overlapsPairwise(la, lb, n, out.data()), 0u);
  size_t hits = 0;
  for (size_t i = 0; i < n; ++i) {
    const Volume x = batchElement(la, i).value(), y = batchElement(lb, i).value();
    EXPECT_EQ(out[i], overlaps(x, y) ? 1 : 0) << "pair " << i;
    hits += out[i];
  }
  EXPECT_GT(hits, 10u) << "the data must mix overlapping and separated pairs";
  EXPECT_LT(hits, n - 10);
}

INSTANTIATE_TEST_SUITE_P(AllTypePairs, BatchPairs,
                         ::testing::Combine(::testing::Range(0, 4), ::testing::Range(0, 4), ::testing::Range(0, 2)));

TEST(Batch, OneToManyEqualsSingleCalls) {
  std::mt19937 rng(7);
  Soa many(VolumeType::Obb, 0, 200);
  fill(many, rng);
  const BatchLayout l = many.layout(Precision::Float64);
  const Volume one = makeSphere({0, 0, 0}, 2).value();
  std::vector<uint8_t> out(200);
  ASSERT_EQ(overlapsOneToMany(one, l, 200, out.data()), 0u);
  for (size_t i = 0; i < 200; ++i) EXPECT_EQ(out[i], overlaps(one, batchElement(l, i).value()) ? 1 : 0);
}

TEST(Batch, InvalidElementsAreMarkedAndCountedNotAnswered) {
  std::mt19937 rng(9);
  for (int type = 0; type < 4; ++type) {
    Soa a(VolumeType(type), 8, 9), b(VolumeType(type), 8, 9);
    fill(a, rng);
    fill(b, rng);
    a.set(0, 3, std::nan(""));                // element 3: NaN in its first field
    b.set(batchFieldCount(VolumeType(type), 8) - 1, 6, -1e9);  // element 6: last field far off
    if (type == int(VolumeType::Kdop)) b.set(0, 6, 1e9);       // k-DOP: min > max
    std::vector<uint8_t> out(9);
    const size_t invalid = overlapsPairwise(a.layout(Precision::Float64), b.layout(Precision::Float64), 9, out.data());
    EXPECT_EQ(out[3], kBatchInvalid) << "type " << type;
    EXPECT_EQ(out[6], kBatchInvalid) << "type " << type;
    EXPECT_EQ(invalid, 2u) << "type " << type;
    const auto e = batchElement(a.layout(Precision::Float64), 3);
    ASSERT_FALSE(e.ok());
    EXPECT_NE(e.error().message.find("NaN"), std::string::npos) << e.error().message;
  }
}
