// Batches (batch.h) agree with single overlaps() calls, in both precisions, and report invalid
// elements instead of answering for them.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "batch_soa.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;
using namespace sepaxis::test;

namespace batch_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

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
      case VolumeType::Triangle: break;  // batches hold no triangles
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
    a.set(0, 3, std::nan(""));                                 // element 3: NaN in its first field
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

// The SIMD loops take groups of pairs and hand a group with any doubtful lane to the exact scalar
// test: every special number, in every field, at every position of a group, in both precisions,
// must give the single call's answer or kBatchInvalid.
TEST(Batch, SpecialNumbersAtEveryLaneGiveTheSingleCallAnswer) {
  const double specials[] = {std::nan(""), INFINITY, -INFINITY, 1e300,  -1e300, 1e-300,  0.0,        -0.0,
                             5e-324,       1e200,    3e38,      1e-170, -1.0,   -5e-324, 1.0 + 1e-3, 0.999};
  using V = VolumeType;
  const std::pair<V, V> kernels[] = {{V::Sphere, V::Sphere}, {V::Aabb, V::Aabb},   {V::Obb, V::Obb},
                                     {V::Sphere, V::Aabb},   {V::Aabb, V::Sphere}, {V::Aabb, V::Obb},
                                     {V::Obb, V::Aabb},      {V::Sphere, V::Obb},  {V::Obb, V::Sphere}};
  for (const auto& [typeA, typeB] : kernels) {
    const int type = int(typeA) * 4 + int(typeB);
    std::mt19937 rng(31 + type);
    const size_t n = 11;  // two groups of four and a tail
    Soa a(typeA, 0, n), b(typeB, 0, n);
    fill(a, rng);
    fill(b, rng);
    for (int precision = 0; precision < 2; ++precision)
      for (int side = 0; side < 2; ++side)
        for (int f = 0; f < batchFieldCount(side == 0 ? typeA : typeB, 0); ++f)
          for (size_t at = 0; at < 8; ++at)
            for (double v : specials) {
              Soa x = a, y = b;
              (side == 0 ? x : y).set(f, at, v);
              expectBatchEqualsSingleCalls(x.layout(Precision(precision)), y.layout(Precision(precision)), n,
                                           "types " + std::to_string(type) + " precision " + std::to_string(precision) +
                                               " side " + std::to_string(side) + " field " + std::to_string(f) +
                                               " at " + std::to_string(at) + " value " + std::to_string(v));
            }
  }
}

// Closed sets: spheres and boxes that touch exactly overlap, in the SIMD lanes as in single calls.
TEST(Batch, ExactlyTouchingPairsOverlapInEveryLane) {
  const size_t n = 9;
  Soa s(VolumeType::Sphere, 0, n), t(VolumeType::Sphere, 0, n), p(VolumeType::Aabb, 0, n), q(VolumeType::Aabb, 0, n);
  for (size_t i = 0; i < n; ++i) {
    const double x = double(i) * 0.25;
    // Spheres radii 1 and 2, centres 3 apart (exact in binary); boxes sharing the face z = x + 1.
    for (int f = 0; f < 3; ++f) s.set(f, i, f == 0 ? x : 0), t.set(f, i, f == 0 ? x + 3 : 0);
    s.set(3, i, 1), t.set(3, i, 2);
    for (int f = 0; f < 3; ++f) {
      p.set(f, i, f == 2 ? x : -1), p.set(3 + f, i, f == 2 ? x + 1 : 1);
      q.set(f, i, f == 2 ? x + 1 : 0.5), q.set(3 + f, i, f == 2 ? x + 2 : 3);
    }
  }
  for (int precision = 0; precision < 2; ++precision) {
    std::vector<uint8_t> out(n, 99);
    ASSERT_EQ(overlapsPairwise(s.layout(Precision(precision)), t.layout(Precision(precision)), n, out.data()), 0u);
    for (size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 1) << "spheres " << i;
    ASSERT_EQ(overlapsPairwise(p.layout(Precision(precision)), q.layout(Precision(precision)), n, out.data()), 0u);
    for (size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 1) << "boxes " << i;
  }
}

// Boxes turned only about the vertical axis (common in games) have exactly parallel axes: the
// cross axis of the two vertical edges is exactly zero. Also identical and quarter-turned frames,
// and vertical edges a hair from parallel.
TEST(Batch, BoxesTurnedAboutOneAxisEqualSingleCalls) {
  std::mt19937 rng(77);
  std::uniform_real_distribution<double> angle(0, 6.283185307179586), size(0.1, 1.2), coord(-1.6, 1.6);
  const size_t n = 403;
  Soa a(VolumeType::Obb, 0, n), b(VolumeType::Obb, 0, n), boxes(VolumeType::Aabb, 0, n);
  // tilt: a turn about x after the yaw, 0 or tiny (nearly parallel vertical edges).
  auto yawBox = [&](Soa& s, size_t i, double turn, double tilt = 0) {
    const double c = std::cos(turn), sn = std::sin(turn), ct = std::cos(tilt), st = std::sin(tilt);
    const double axes[3][3] = {{c, sn * ct, sn * st}, {-sn, c * ct, c * st}, {0, -st, ct}};
    for (int f = 0; f < 3; ++f) s.set(f, i, coord(rng)), s.set(12 + f, i, size(rng));
    for (int k = 0; k < 3; ++k)
      for (int f = 0; f < 3; ++f) s.set(3 + 3 * k + f, i, axes[k][f]);
  };
  for (size_t i = 0; i < n; ++i) {
    const double turn = i % 5 == 0 ? 0 : i % 5 == 1 ? 1.5707963267948966 : angle(rng);
    yawBox(a, i, turn);
    // Every third pair: the same frame; every seventh: B tilted by 1e-12 ... 1e-6 rad.
    yawBox(b, i, i % 3 == 0 ? turn : angle(rng), i % 7 == 0 ? std::pow(10.0, -6.0 - double(i % 4) * 2) : 0);
    const Vec3 c = randomVec(rng, -1.6, 1.6);
    for (int f = 0; f < 3; ++f) boxes.set(f, i, c[f] - size(rng)), boxes.set(3 + f, i, c[f] + size(rng));
  }
  size_t hits = 0;
  for (int precision = 0; precision < 2; ++precision) {
    const BatchLayout la = a.layout(Precision(precision)), lb = b.layout(Precision(precision));
    expectBatchEqualsSingleCalls(la, lb, n, "obb-obb precision " + std::to_string(precision));
    expectBatchEqualsSingleCalls(boxes.layout(Precision(precision)), lb, n,
                                 "aabb-obb precision " + std::to_string(precision));
    std::vector<uint8_t> out(n);
    overlapsPairwise(la, lb, n, out.data());
    for (uint8_t o : out) hits += o;
  }
  EXPECT_GT(hits, 2 * n / 10);
  EXPECT_LT(hits, 2 * n * 9 / 10);
}

// One-to-many runs the one volume through the pairwise loops in blocks: every type against every
// box type, across block boundaries, with invalid elements among the many.
TEST(Batch, OneToManyEqualsSingleCallsForEveryTypeAcrossBlocks) {
  std::mt19937 rng(8);
  const size_t n = 150;
  const Volume ones[] = {
      makeSphere({0.2, -0.1, 0.3}, 1.1).value(), makeAabb({-1, -0.5, -0.2}, {0.4, 1, 0.9}).value(),
      makeObbFromQuaternion({0.1, 0.2, -0.3}, {0.2, -0.4, 0.1, 0.8888194417315589}, {0.9, 0.4, 0.6}).value()};
  for (VolumeType type : {VolumeType::Sphere, VolumeType::Aabb, VolumeType::Obb}) {
    Soa many(type, 0, n);
    fill(many, rng);
    many.set(0, 70, std::nan(""));                      // invalid, in the second block
    many.set(batchFieldCount(type, 0) - 1, 133, -1e9);  // negative radius or half-extent, max < min
    const BatchLayout l = many.layout(Precision::Float64);
    for (const Volume& one : ones) {
      std::vector<uint8_t> out(n, 99);
      EXPECT_EQ(overlapsOneToMany(one, l, n, out.data()), 2u);
      size_t hits = 0;
      for (size_t i = 0; i < n; ++i) {
        const auto element = batchElement(l, i);
        const uint8_t want = element.ok() ? (overlaps(one, *element) ? 1 : 0) : kBatchInvalid;
        ASSERT_EQ(out[i], want) << "one " << one.index() << " many " << int(type) << " element " << i;
        hits += out[i] == 1;
      }
      EXPECT_GT(hits, 5u);
      EXPECT_LT(hits, n - 5);
    }
  }
}
}  // namespace batch_test
