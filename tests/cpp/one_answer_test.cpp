// One answer per pair: for every valid pair, overlaps(a, b), overlaps(b, a),
// collide(a, b).overlap and collide(b, a).overlap agree, the touching band included (the band lets
// a test choose either verdict, never two). The fuzz target tests/fuzz/one_answer_fuzz.cpp hunts
// for inputs that break it; every one it found is replayed here (one_answer_cases.h), grouped by
// its cause, next to a hand-made case of each cause.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "one_answer_cases.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;

namespace one_answer_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

Volume toVolume(const test::FoundVolume& v) {
  const std::vector<double>& n = v.numbers;
  switch (v.type) {
    case test::S: return Sphere{{n[0], n[1], n[2]}, n[3]};
    case test::A: return Aabb{{n[0], n[1], n[2]}, {n[3], n[4], n[5]}};
    case test::O: {
      Obb o;
      o.center = {n[0], n[1], n[2]};
      for (int i = 0; i < 3; ++i) o.axis[i] = {n[3 + 3 * i], n[4 + 3 * i], n[5 + 3 * i]};
      o.halfExtents = {n[12], n[13], n[14]};
      return o;
    }
    case test::K: {
      const int k = int(n[0]);
      double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
      for (int i = 0; i < k / 2; ++i) lo[i] = n[1 + 2 * i], hi[i] = n[2 + 2 * i];
      const Expected<Kdop> kdop = makeKdop(k, lo, hi, k / 2);
      EXPECT_TRUE(kdop.ok()) << kdop.error().message;
      return kdop.ok() ? Volume(*kdop) : Volume(Sphere{});
    }
  }
  return Sphere{};
}

std::string describe(const test::FoundVolume& v) {
  std::string s = std::string(1, "SAOK"[v.type]) + " {";
  char buffer[32];
  for (double x : v.numbers) {
    std::snprintf(buffer, sizeof buffer, "%a ", x);
    s += buffer;
  }
  return s + "}";
}

void expectOneAnswer(const Volume& a, const Volume& b) {
  const bool ab = overlaps(a, b);
  EXPECT_EQ(overlaps(b, a), ab) << "overlaps(b, a) against overlaps(a, b)";
  EXPECT_EQ(collide(a, b).overlap, ab) << "collide(a, b) against overlaps(a, b)";
  EXPECT_EQ(collide(b, a).overlap, ab) << "collide(b, a) against overlaps(a, b)";
}

void expectOneAnswerForEach(const std::vector<test::FoundPair>& pairs) {
  ASSERT_FALSE(pairs.empty());
  for (const test::FoundPair& p : pairs) {
    SCOPED_TRACE(describe(p.a) + " / " + describe(p.b));
    expectOneAnswer(toVolume(p.a), toVolume(p.b));
  }
}

Obb box(Vec3 center, Quat rotation, Vec3 halfExtents) { return *makeObbFromQuaternion(center, rotation, halfExtents); }

TEST(OneAnswer, ASphereAndAPolytopeGetOneAnswerAsTheFuzzerFoundThem) {
  expectOneAnswerForEach(test::kSphereWithPolytope);
}

TEST(OneAnswer, PolytopePairsWithAKdopGetOneAnswerAsTheFuzzerFoundThem) {
  expectOneAnswerForEach(test::kPolytopePairs);
}

TEST(OneAnswer, BoxPairsGetOneAnswerAsTheFuzzerFoundThem) { expectOneAnswerForEach(test::kBoxPairs); }

// The pair is scaled by 2^-600 for its 3e271 coordinate; the 1e-300 gap then flushes to zero. Two
// AABBs are compared as given by overlaps(), and each axis of the report by the same comparison.
TEST(OneAnswer, TwoAabbsApartBy1eMinus300NextToA3e271CoordinateAreApartInTheReportToo) {
  const Aabb a = *makeAabb({0, -1, -1}, {3e271, 0, 1});
  const Aabb b = *makeAabb({0, 1e-300, -1}, {1, 1, 1});
  EXPECT_FALSE(overlaps(a, b));
  expectOneAnswer(a, b);
  const CollisionReport r = collide(a, b);
  EXPECT_EQ(r.separatingAxis, 1);
  EXPECT_FALSE(r.hasPenetration);
}

// Far from the sphere next to a 1e294-long box: the offset from the closest point, scaled by
// 2^-600, has an underflowing square; the report must not take the centre for inside.
TEST(OneAnswer, ASphereBesideAHugeBoxIsApartInTheReportToo) {
  const Sphere s{{4.75, -16, -16}, 15.75};
  const Aabb b = *makeAabb({-1e294, -16, -16}, {-16, -16, -16});
  EXPECT_FALSE(overlaps(s, b));
  expectOneAnswer(s, b);
  const CollisionReport r = collide(s, b);
  ASSERT_FALSE(r.axes.empty());
  EXPECT_FALSE(r.axes.back().degenerate) << "the centre is outside the box";
}

// Swapping the boxes must not change the rounding: the report of (b, a) lists its axes in the
// caller's order and agrees with overlaps() in both orders, over many exact face contacts.
TEST(OneAnswer, TiltedBoxesInFaceContactGetOneAnswerInBothOrders) {
  const Quat tilts[] = {{0.1, 0.2, 0.3, 0.9}, {-0.3, 0.5, 0.1, 0.8}, {0.7, -0.1, 0.2, 0.6}};
  int cases = 0;
  for (const Quat& qa : tilts)
    for (const Quat& qb : tilts)
      for (int step = -8; step <= 8; ++step) {
        const double n = std::sqrt(qa.x * qa.x + qa.y * qa.y + qa.z * qa.z + qa.w * qa.w);
        const double m = std::sqrt(qb.x * qb.x + qb.y * qb.y + qb.z * qb.z + qb.w * qb.w);
        const Obb a = box({0.1 * step, 0.3, -0.2}, {qa.x / n, qa.y / n, qa.z / n, qa.w / n}, {1.25, 1, 0.5});
        Obb b = box({}, {qb.x / m, qb.y / m, qb.z / m, qb.w / m}, {0.5, 0.75, 1});
        const Vec3 u = a.axis[0];
        const double reach = b.halfExtents.x * std::fabs(dot(b.axis[0], u)) +
                             b.halfExtents.y * std::fabs(dot(b.axis[1], u)) +
                             b.halfExtents.z * std::fabs(dot(b.axis[2], u));
        b.center = a.center + u * (a.halfExtents.x + reach) + a.axis[1] * (0.03 * step);
        SCOPED_TRACE("step " + std::to_string(step));
        expectOneAnswer(a, b);
        const CollisionReport ab = collide(a, b), ba = collide(b, a);
        ASSERT_EQ(ab.axes.size(), 15u);
        ASSERT_EQ(ba.axes.size(), 15u);
        EXPECT_EQ(ab.axes[0].label, "A.u0");
        EXPECT_EQ(ba.axes[3].label, "B.u0");
        EXPECT_EQ(ba.axes[7].label, "A.u0 × B.u1");
        ++cases;
      }
  EXPECT_EQ(cases, 153);
}

}  // namespace
}  // namespace one_answer_test
