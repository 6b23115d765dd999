// Bounding boxes (bounds.h): the tightest AABB around each volume. A box is tight when it contains
// the volume and every one of its six faces touches it.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "unit_reference.h"

namespace bounds_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis_unit;

/// The box contains every point and each of its six faces is reached by one of them (within tol).
::testing::AssertionResult isTightAround(const Aabb& box, const std::vector<Vec3>& points, double tol) {
  for (const Vec3& p : points)
    for (int i = 0; i < 3; ++i)
      if (p[i] < box.min[i] - tol || p[i] > box.max[i] + tol)
        return ::testing::AssertionFailure()
               << "point " << str(p) << " is outside [" << str(box.min) << ", " << str(box.max) << "]";
  for (int i = 0; i < 3; ++i) {
    double lo = kInf, hi = -kInf;
    for (const Vec3& p : points) lo = std::min(lo, p[i]), hi = std::max(hi, p[i]);
    if (std::fabs(lo - box.min[i]) > tol || std::fabs(hi - box.max[i]) > tol)
      return ::testing::AssertionFailure() << "axis " << i << ": box [" << box.min[i] << ", " << box.max[i]
                                           << "] but the volume spans [" << lo << ", " << hi << "]";
  }
  return ::testing::AssertionSuccess();
}

TEST(BoundingBox, OfASphereIsItsCentrePlusMinusTheRadius) {
  const Aabb b = boundingBox(sphereOf({1, -2, 3}, 0.5));
  EXPECT_TRUE(vecEq(b.min, {0.5, -2.5, 2.5}));
  EXPECT_TRUE(vecEq(b.max, {1.5, -1.5, 3.5}));
  const Aabb p = boundingBox(sphereOf({1, -2, 3}, 0));
  EXPECT_TRUE(vecEq(p.min, {1, -2, 3}));
  EXPECT_TRUE(vecEq(p.max, {1, -2, 3}));
}

TEST(BoundingBox, OfAnAabbIsTheBoxItself) {
  const Aabb a = aabbOf({-1, 0.25, 3}, {2, 0.25, 7.5});
  const Aabb b = boundingBox(a);
  EXPECT_TRUE(vecEq(b.min, a.min));
  EXPECT_TRUE(vecEq(b.max, a.max));
}

TEST(BoundingBox, OfAnAxisAlignedOrQuarterTurnedObbIsExact) {
  const Aabb a = boundingBox(obbOf({1, 2, 3}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 2, 3}));
  EXPECT_TRUE(vecEq(a.min, {0, 0, 0}));
  EXPECT_TRUE(vecEq(a.max, {2, 4, 6}));
  // u0 = y, u1 = -x, u2 = z: x in [-1, 3], y in [1, 3], z in [0, 6].
  const Aabb q = boundingBox(obbOf({1, 2, 3}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {1, 2, 3}));
  EXPECT_TRUE(vecEq(q.min, {-1, 1, 0}));
  EXPECT_TRUE(vecEq(q.max, {3, 3, 6}));
}

TEST(BoundingBox, OfARotatedObbHoldsEveryCornerAndEachFaceTouchesOne) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 300; ++n) {
    const Vec3 he = n % 5 == 0 ? Vec3{1.5, 0, 0.25} : randomVec(rng, 0, 3);  // some flat boxes too
    const Obb o = obbOf(randomVec(rng, -100, 100), randomQuat(rng), he);
    const auto c = corners(o);
    EXPECT_TRUE(isTightAround(boundingBox(o), {c.begin(), c.end()}, 1e-12 * (1 + length(o.center))));
  }
}

TEST(BoundingBox, OfA45DegreeTurnedCubeReachesTheDiagonal) {
  const Aabb b = boundingBox(obbOf({0, 0, 0}, axisAngle({0, 0, 1}, std::atan(1.0)), {1, 1, 1}));
  const double r = std::sqrt(2.0);
  EXPECT_TRUE(vecNear(b.min, {-r, -r, -1}, 1e-15));
  EXPECT_TRUE(vecNear(b.max, {r, r, 1}, 1e-15));
}

TEST(BoundingBox, OfA6DopIsItsSlabRanges) {
  const Aabb b = boundingBox(kdopOf(6, {-1, 0, 2}, {3, 0.5, 2}));
  EXPECT_TRUE(vecNear(b.min, {-1, 0, 2}, 1e-15));
  EXPECT_TRUE(vecNear(b.max, {3, 0.5, 2}, 1e-15));
}

TEST(BoundingBox, OfAKdopIsTightWhenItsAxisSlabsAreLoose) {
  // Axis slabs [-10, 10], corner slabs [-1, 1]: the octahedron |x| + |y| + |z| <= 1.
  const Aabb b = boundingBox(kdopOf(14, {-10, -10, -10, -1, -1, -1, -1}, {10, 10, 10, 1, 1, 1, 1}));
  EXPECT_TRUE(vecNear(b.min, {-1, -1, -1}, 1e-14));
  EXPECT_TRUE(vecNear(b.max, {1, 1, 1}, 1e-14));
  // Edge slabs |x +- y|, |x +- z|, |y +- z| <= 1 with loose axes: the rhombic dodecahedron, |x| <= 1.
  const Aabb e = boundingBox(kdopOf(18, {-5, -5, -5, -1, -1, -1, -1, -1, -1}, {5, 5, 5, 1, 1, 1, 1, 1, 1}));
  EXPECT_TRUE(vecNear(e.min, {-1, -1, -1}, 1e-14));
  EXPECT_TRUE(vecNear(e.max, {1, 1, 1}, 1e-14));
}

TEST(BoundingBox, OfAn8DopWhichHasNoAxisSlabsComesFromItsVertices) {
  const Aabb oct = boundingBox(kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3}));
  EXPECT_TRUE(vecNear(oct.min, {-3, -3, -3}, 1e-14));
  EXPECT_TRUE(vecNear(oct.max, {3, 3, 3}, 1e-14));
  // An asymmetric one against the brute-force vertices.
  const std::vector<double> lo = {0, -1, -1, -2}, hi = {2, 1, 3, 0};
  EXPECT_TRUE(isTightAround(boundingBox(kdopOf(8, lo, hi)), referenceVertices(slabsOf(8, lo, hi)), 1e-13));
}

TEST(BoundingBox, OfRandomKdopsIsTheBoxOfTheirVertices) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 200; ++n) {
    const int k = randomK(rng);
    const Kdop kd = randomKdop(rng, k, randomVec(rng, -50, 50), 0.05, 3);
    SCOPED_TRACE("k = " + std::to_string(k));
    EXPECT_TRUE(isTightAround(boundingBox(kd), referenceVertices(slabsOf(kd)), 1e-11));
  }
}

TEST(BoundingBox, OfDegenerateKdopsIsTheirPointOrSegment) {
  std::vector<double> v;
  for (const Vec3& d : directionsFor(26)) v.push_back(dot(d, Vec3{1, 2, 3}));
  const Aabb p = boundingBox(kdopOf(26, v, v));
  EXPECT_TRUE(vecNear(p.min, {1, 2, 3}, 1e-14));
  EXPECT_TRUE(vecNear(p.max, {1, 2, 3}, 1e-14));
  // The segment from the origin to (1, 1, 1): x - y = x - z = y - z = 0, 0 <= x, y, z <= 1.
  const Kdop seg = kdopOf(18, {0, 0, 0, -9, 0, -9, 0, -9, 0}, {1, 1, 1, 9, 0, 9, 0, 9, 0});
  const Aabb s = boundingBox(seg);
  EXPECT_TRUE(vecNear(s.min, {0, 0, 0}, 1e-14));
  EXPECT_TRUE(vecNear(s.max, {1, 1, 1}, 1e-14));
}

TEST(BoundingBox, BeyondTheDoubleRangeIsClampedToTheLargestDoublesAndStaysAValidBox) {
  constexpr double kMax = std::numeric_limits<double>::max();
  // Reaches 2.5e308 along +x (past the largest double, 1.8e308) and -0.5e308 along -x.
  const Volume big[] = {sphereOf({1e308, 0, 0}, 1.5e308),
                        obbOf({1e308, 0, 0}, axisAngle({0, 0, 1}, 0.7), {1.5e308, 1.5e308, 1.5e308}),
                        kdopOf(6, {0.5e308, -1, -1}, {1.7e308, 1, 1})};
  for (const Volume& v : big) {
    const Aabb box = boundingBox(v);
    for (int i = 0; i < 3; ++i) {
      EXPECT_TRUE(std::isfinite(box.min[i]) && std::isfinite(box.max[i])) << typeName(v) << " axis " << i;
    }
    // It is an AABB every call accepts, and it still holds the volume's farthest double point.
    EXPECT_TRUE(makeAabb(box.min, box.max).ok()) << typeName(v);
    EXPECT_TRUE(overlaps(v, Volume{box})) << typeName(v);
    const Vec3 far = closestPoint(v, {kMax, 0, 0});
    EXPECT_TRUE(overlaps(Volume{box}, Volume{sphereOf(far, 0)})) << typeName(v) << " " << str(far);
  }
  const Aabb s = boundingBox(big[0]);
  EXPECT_EQ(s.max.x, kMax);
  EXPECT_EQ(s.min.x, 1e308 - 1.5e308);  // within range: exact as before
  EXPECT_EQ(s.max.y, 1.5e308);
  const Aabb o = boundingBox(big[1]);  // a turned cube of half-size 1.5e308 reaches past in x and y
  EXPECT_EQ(o.max.x, kMax);
  EXPECT_EQ(o.min.y, -kMax);
  EXPECT_EQ(o.max.y, kMax);
}

TEST(BoundingBox, OfAVolumeDispatchesToEachType) {
  const Volume vs[] = {sphereOf({0, 1, 0}, 2), aabbOf({0, 0, 0}, {1, 2, 3}),
                       obbOf({0, 0, 0}, axisAngle({1, 2, 3}, 0.5), {1, 2, 3}),
                       kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3})};
  for (const Volume& v : vs) {
    const Aabb a = boundingBox(v);
    const Aabb b = std::visit([](const auto& s) { return boundingBox(s); }, v);
    EXPECT_TRUE(vecEq(a.min, b.min)) << typeName(v);
    EXPECT_TRUE(vecEq(a.max, b.max)) << typeName(v);
  }
}

}  // namespace
}  // namespace bounds_test
