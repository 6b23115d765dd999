// Point queries (point_query.h): contains() on closed sets (boundary points are inside, a point
// just outside is not), and closestPoint() checked against an analytic or brute-force reference
// and against dense samples of each volume.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "unit_reference.h"

namespace point_query_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis_unit;

double up(double x) { return std::nextafter(x, kInf); }
double down(double x) { return std::nextafter(x, -kInf); }

// ---- contains: spheres.

TEST(SphereContains, IncludesTheCentreInteriorAndExactBoundaryPoints) {
  const Sphere s = sphereOf({1, 2, 3}, 5);  // 3-4-5 offsets are exact boundary points
  EXPECT_TRUE(contains(s, {1, 2, 3}));
  EXPECT_TRUE(contains(s, {2, 3, 4}));
  EXPECT_TRUE(contains(s, {4, 6, 3}));
  EXPECT_TRUE(contains(s, {1, -1, 7}));
  EXPECT_TRUE(contains(s, {6, 2, 3}));
  EXPECT_TRUE(contains(s, {1, 2, -2}));
}

TEST(SphereContains, ExcludesPointsJustOutside) {
  const Sphere s = sphereOf({1, 2, 3}, 5);
  EXPECT_FALSE(contains(s, {up(6), 2, 3}));
  EXPECT_FALSE(contains(s, {1, 2, -2.000000001}));
  EXPECT_FALSE(contains(s, Vec3{1, 2, 3} + Vec3{3, 4, 0} * (1 + 1e-9)));
  EXPECT_TRUE(contains(s, Vec3{1, 2, 3} + Vec3{3, 4, 0} * (1 - 1e-9)));
}

TEST(SphereContains, APointSphereContainsOnlyItsCentre) {
  const Sphere s = sphereOf({1, 2, 3}, 0);
  EXPECT_TRUE(contains(s, {1, 2, 3}));
  EXPECT_FALSE(contains(s, {up(1), 2, 3}));
  EXPECT_FALSE(contains(s, {1, 2, down(3)}));
}

TEST(SphereContains, TinySpheresAreNotSwallowedByUnderflow) {
  // |p - c|^2 = 1e-400 underflows to 0; the point is still 1e-200 away from a point sphere.
  EXPECT_FALSE(contains(sphereOf({0, 0, 0}, 0), {1e-200, 0, 0}));
  EXPECT_FALSE(contains(sphereOf({0, 0, 0}, 1e-200), {3e-200, 0, 0}));
  EXPECT_TRUE(contains(sphereOf({0, 0, 0}, 1e-200), {1e-200, 0, 0}));
}

// ---- contains: AABBs, including flat and point boxes.

TEST(AabbContains, IncludesInteriorFacesEdgesAndCorners) {
  const Aabb b = aabbOf({0, -2, 3}, {1, 2, 3.5});
  EXPECT_TRUE(contains(b, {0.5, 0, 3.25}));
  for (const Vec3& c : corners(b)) EXPECT_TRUE(contains(b, c)) << str(c);
  EXPECT_TRUE(contains(b, {0, 0, 3.25}));
  EXPECT_TRUE(contains(b, {1, 2, 3.25}));
  EXPECT_TRUE(contains(b, {0.5, -2, 3.5}));
}

TEST(AabbContains, ExcludesPointsOneUlpOutsideEachFace) {
  const Aabb b = aabbOf({0, -2, 3}, {1, 2, 3.5});
  const Vec3 mid{0.5, 0, 3.25};
  for (int i = 0; i < 3; ++i) {
    Vec3 lo = mid, hi = mid;
    lo[i] = down(b.min[i]);
    hi[i] = up(b.max[i]);
    EXPECT_FALSE(contains(b, lo)) << str(lo);
    EXPECT_FALSE(contains(b, hi)) << str(hi);
  }
}

TEST(AabbContains, AFlatBoxContainsItsPlaneSectionOnly) {
  const Aabb b = aabbOf({0, 0, 2}, {1, 1, 2});
  EXPECT_TRUE(contains(b, {0.5, 0.5, 2}));
  EXPECT_TRUE(contains(b, {1, 1, 2}));
  EXPECT_FALSE(contains(b, {0.5, 0.5, up(2)}));
  EXPECT_FALSE(contains(b, {0.5, 0.5, down(2)}));
}

TEST(AabbContains, APointBoxContainsOnlyThatPoint) {
  const Aabb b = aabbOf({1, 2, 3}, {1, 2, 3});
  EXPECT_TRUE(contains(b, {1, 2, 3}));
  EXPECT_FALSE(contains(b, {up(1), 2, 3}));
  EXPECT_FALSE(contains(b, {1, down(2), 3}));
}

// ---- contains: OBBs.

TEST(ObbContains, AQuarterTurnedBoxContainsExactlyItsWorldBox) {
  // u0 = y, u1 = -x, u2 = z with half-extents (1, 2, 3) around (1, 2, 3): x in [-1, 3], y in [1, 3], z in [0, 6].
  const Obb o = obbOf({1, 2, 3}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {1, 2, 3});
  EXPECT_TRUE(contains(o, {1, 2, 3}));
  EXPECT_TRUE(contains(o, {-1, 1, 0}));
  EXPECT_TRUE(contains(o, {3, 3, 6}));
  EXPECT_TRUE(contains(o, {3, 2, 3}));
  EXPECT_FALSE(contains(o, {up(3), 2, 3}));
  EXPECT_FALSE(contains(o, {1, 1 - 1e-15, 3}));
  EXPECT_FALSE(contains(o, {1, 2, up(6)}));
  EXPECT_FALSE(contains(o, {3.5, 2, 3})) << "inside along u0's extent but outside along u1";
}

TEST(ObbContains, ARotatedBoxContainsPointsJustInsideAndNotJustOutsideEachFaceAndCorner) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 100; ++n) {
    const Vec3 he = randomVec(rng, 0.1, 3);
    const Obb o = obbOf(randomVec(rng, -10, 10), randomQuat(rng), he);
    for (int i = 0; i < 3; ++i)
      for (double sign : {-1.0, 1.0}) {
        Vec3 l;
        l[i] = sign * he[i];
        const Vec3 dir = o.axis[i] * sign;
        EXPECT_TRUE(contains(o, fromLocal(o, l) - dir * 1e-9)) << "face " << i;
        EXPECT_FALSE(contains(o, fromLocal(o, l) + dir * 1e-9)) << "face " << i;
      }
    for (const Vec3& c : corners(o)) {
      const Vec3 out = c - o.center;
      EXPECT_TRUE(contains(o, o.center + out * (1 - 1e-9)));
      EXPECT_FALSE(contains(o, o.center + out * (1 + 1e-9)));
    }
  }
}

TEST(ObbContains, AFlatRotatedBoxContainsItsPlaneSectionOnly) {
  const Obb o = obbOf({1, -1, 2}, axisAngle({1, 2, 3}, 0.7), {1, 0, 2});
  // Only points exactly in its plane are inside; the centre is one that is exactly representable.
  EXPECT_TRUE(contains(o, o.center));
  EXPECT_FALSE(contains(o, o.center + o.axis[1] * 1e-9));
  EXPECT_FALSE(contains(o, o.center - o.axis[1] * 1e-9));
}

// ---- contains: k-DOPs.

// The cube [-1, 1]^3 with its corners cut at |±x ± y ± z| <= 2.5.
Kdop cutCube() { return kdopOf(14, {-1, -1, -1, -2.5, -2.5, -2.5, -2.5}, {1, 1, 1, 2.5, 2.5, 2.5, 2.5}); }

TEST(KdopContains, IncludesFacesAndCutCornersOfA14Dop) {
  const Kdop k = cutCube();
  EXPECT_TRUE(contains(k, {0, 0, 0}));
  EXPECT_TRUE(contains(k, {1, 0.2, -0.3}));
  EXPECT_TRUE(contains(k, {1, 1, 0.5}));
  EXPECT_TRUE(contains(k, {-1, 1, -0.5}));
  EXPECT_TRUE(contains(k, {0.5, 1, 1}));
  EXPECT_FALSE(contains(k, {1, 1, 0.500000001}));
  EXPECT_FALSE(contains(k, {1, 1, 1}));
  EXPECT_FALSE(contains(k, {up(1), 0, 0}));
  EXPECT_FALSE(contains(k, {0, 0, down(-1)}));
}

TEST(KdopContains, An8DopIsTheOctahedron) {
  const Kdop k = kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3});  // |x| + |y| + |z| <= 3
  EXPECT_TRUE(contains(k, {3, 0, 0}));
  EXPECT_TRUE(contains(k, {0, -3, 0}));
  EXPECT_TRUE(contains(k, {1, 1, 1}));
  EXPECT_TRUE(contains(k, {-1.5, 1.5, 0}));
  EXPECT_FALSE(contains(k, {1, 1, 1.0000001}));
  EXPECT_FALSE(contains(k, {up(3), 0, 0}));
  EXPECT_FALSE(contains(k, {2, 2, 0}));
}

TEST(KdopContains, AZeroWidthSlabLeavesOnlyItsPlane) {
  const Kdop k = kdopOf(18, {-1, -1, 0.5, -9, -9, -9, -9, -9, -9}, {1, 1, 0.5, 9, 9, 9, 9, 9, 9});
  EXPECT_TRUE(contains(k, {0.25, -1, 0.5}));
  EXPECT_FALSE(contains(k, {0.25, -1, up(0.5)}));
  EXPECT_FALSE(contains(k, {0.25, -1, down(0.5)}));
}

TEST(KdopContains, APoint26DopContainsOnlyThatPoint) {
  const Vec3 p{1, 2, 3};
  std::vector<double> v;
  for (const Vec3& d : directionsFor(26)) v.push_back(dot(d, p));
  const Kdop k = kdopOf(26, v, v);
  EXPECT_TRUE(contains(k, p));
  EXPECT_FALSE(contains(k, {up(1), 2, 3}));
  EXPECT_FALSE(contains(k, {1, 2, down(3)}));
}

TEST(VolumeContains, DispatchesToEachVolume) {
  const Volume vs[] = {sphereOf({0, 0, 0}, 1), aabbOf({0, 0, 0}, {1, 1, 1}),
                       obbOf({0, 0, 0}, axisAngle({0, 0, 1}, 0.5), {1, 1, 1}), cutCube()};
  std::mt19937 rng(12345);
  for (const Volume& v : vs)
    for (int n = 0; n < 200; ++n) {
      const Vec3 p = randomVec(rng, -2, 2);
      const bool typed = std::visit([&](const auto& s) { return contains(s, p); }, v);
      EXPECT_EQ(contains(v, p), typed);
      EXPECT_EQ(typed, signedDistance(v, p) <= 0) << typeName(v) << " at " << str(p);
    }
}

// ---- closestPoint.

/// Points spread over the surface (and for polytopes also the interior grid) of the volume.
std::vector<Vec3> samplesOf(const Volume& v) {
  std::vector<Vec3> out;
  if (auto s = std::get_if<Sphere>(&v)) {
    const int n = 4000;  // a Fibonacci sphere
    for (int i = 0; i < n; ++i) {
      const double z = 1 - 2 * (i + 0.5) / n, r = std::sqrt(1 - z * z), phi = i * 2.399963229728653;
      out.push_back(s->center + Vec3{r * std::cos(phi), r * std::sin(phi), z} * s->radius);
    }
    return out;
  }
  if (auto o = std::get_if<Obb>(&v)) {
    const int n = 24;
    for (int i = 0; i <= n; ++i)
      for (int j = 0; j <= n; ++j)
        for (int f = 0; f < 3; ++f)
          for (double side : {-1.0, 1.0}) {
            Vec3 l;
            l[f] = side * o->halfExtents[f];
            l[(f + 1) % 3] = (2.0 * i / n - 1) * o->halfExtents[(f + 1) % 3];
            l[(f + 2) % 3] = (2.0 * j / n - 1) * o->halfExtents[(f + 2) % 3];
            out.push_back(fromLocal(*o, l));
          }
    return out;
  }
  if (auto b = std::get_if<Aabb>(&v)) {
    Obb o;
    o.center = (b->min + b->max) * 0.5;
    o.halfExtents = (b->max - b->min) * 0.5;
    return samplesOf(o);
  }
  // k-DOP: a fine grid over its bounding box, kept where the slabs allow, plus its vertices.
  const Slabs s = slabsOf(std::get<Kdop>(v));
  const std::vector<Vec3> vertices = referenceVertices(s);
  Vec3 lo = vertices[0], hi = vertices[0];
  for (const Vec3& x : vertices) lo = min(lo, x), hi = max(hi, x);
  const int n = 30;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j)
      for (int k = 0; k <= n; ++k) {
        const Vec3 x{lo.x + (hi.x - lo.x) * i / n, lo.y + (hi.y - lo.y) * j / n, lo.z + (hi.z - lo.z) * k / n};
        if (slabViolation(s, x) <= 0) out.push_back(x);
      }
  out.insert(out.end(), vertices.begin(), vertices.end());
  return out;
}

/// closestPoint(v, p) for p outside: on the volume, no sample nearer, equal to the reference.
void expectClosestOutside(const Volume& v, Vec3 p) {
  SCOPED_TRACE(std::string(typeName(v)) + " from " + str(p));
  const double tol = 1e-12 * (scaleOf(v) + length(p));
  const Vec3 q = closestPoint(v, p);
  EXPECT_LE(signedDistance(v, q), tol) << "closest point " << str(q) << " is not on the volume";
  EXPECT_TRUE(vecNear(q, referenceClosest(v, p), 1e3 * tol));
  const double d = dist(p, q);
  for (const Vec3& s : samplesOf(v)) {
    if (dist(p, s) < d - tol) {
      ADD_FAILURE() << "sample " << str(s) << " is nearer (" << dist(p, s) << ") than " << str(q) << " (" << d << ")";
      break;
    }
  }
}

TEST(ClosestPoint, OfAPointInsideIsThePointItself) {
  const Volume vs[] = {sphereOf({1, 2, 3}, 5), aabbOf({0, -2, 3}, {1, 2, 3.5}),
                       obbOf({1, 2, 3}, axisAngle({1, 1, 0}, 0.9), {1, 2, 3}), cutCube()};
  std::mt19937 rng(12345);
  for (const Volume& v : vs)
    for (int n = 0; n < 300; ++n) {
      const Vec3 p = randomVec(rng, -4, 8);
      if (!contains(v, p)) continue;
      EXPECT_TRUE(vecEq(closestPoint(v, p), p)) << typeName(v);
    }
}

TEST(ClosestPoint, OfABoundaryPointIsThePointItself) {
  EXPECT_TRUE(vecEq(closestPoint(sphereOf({1, 2, 3}, 5), {4, 6, 3}), {4, 6, 3}));
  EXPECT_TRUE(vecEq(closestPoint(aabbOf({0, -2, 3}, {1, 2, 3.5}), {1, 2, 3.5}), {1, 2, 3.5}));
  EXPECT_TRUE(vecEq(closestPoint(cutCube(), {1, 1, 0.5}), {1, 1, 0.5}));
  const Obb o = obbOf({1, 2, 3}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {1, 2, 3});
  EXPECT_TRUE(vecEq(closestPoint(o, {3, 3, 6}), {3, 3, 6}));
}

TEST(ClosestPoint, OnASphereIsAlongTheCentreLine) {
  const Sphere s = sphereOf({1, 2, 3}, 5);
  EXPECT_TRUE(vecNear(closestPoint(s, {1, 2, 13}), {1, 2, 8}, 1e-15));
  EXPECT_TRUE(vecNear(closestPoint(s, {7, 10, 3}), {4, 6, 3}, 1e-14));
  std::mt19937 rng(12345);
  for (int n = 0; n < 50; ++n) {
    const Vec3 p = randomVec(rng, -20, 20);
    if (!contains(s, p)) expectClosestOutside(s, p);
  }
}

TEST(ClosestPoint, OnAPointSphereIsItsCentre) {
  const Sphere s = sphereOf({1, 2, 3}, 0);
  EXPECT_TRUE(vecEq(closestPoint(s, {5, -7, 0.5}), {1, 2, 3}));
}

TEST(ClosestPoint, OnAnAabbIsTheClampedPointExactly) {
  // Clamping is exact in floating point: the answer is always a point of the box.
  const Aabb b = aabbOf({0.3, -2, 3}, {1, 2.1, 3.5});
  std::mt19937 rng(12345);
  for (int n = 0; n < 2000; ++n) {
    const Vec3 p = randomVec(rng, -6, 6);
    const Vec3 q = closestPoint(b, p);
    const Vec3 clamp{std::clamp(p.x, b.min.x, b.max.x), std::clamp(p.y, b.min.y, b.max.y),
                     std::clamp(p.z, b.min.z, b.max.z)};
    ASSERT_TRUE(vecEq(q, clamp)) << "from " << str(p);
    ASSERT_TRUE(contains(b, q)) << "closest point " << str(q) << " from " << str(p) << " is outside the box";
  }
}

TEST(ClosestPoint, OnAnAabbBeatsEverySurfaceSample) {
  const Aabb b = aabbOf({0, -2, 3}, {1, 2, 3.5});
  for (const Vec3& p : {Vec3{5, 0, 3.2}, Vec3{-3, -4, 0}, Vec3{0.5, 7, 9}, Vec3{2, 3, 4}}) expectClosestOutside(b, p);
}

TEST(ClosestPoint, OnFlatAndPointBoxesStaysInTheirPlaneOrPoint) {
  const Aabb point = aabbOf({1, 2, 3}, {1, 2, 3});
  EXPECT_TRUE(vecEq(closestPoint(point, {-4, 9, 0.5}), {1, 2, 3}));
  const Aabb flat = aabbOf({0, 0, 2}, {1, 1, 2});
  EXPECT_TRUE(vecEq(closestPoint(flat, {0.5, 0.25, 7}), {0.5, 0.25, 2}));
  EXPECT_TRUE(vecEq(closestPoint(flat, {3, -1, -5}), {1, 0, 2}));
  const Obb flatObb = obbOf({1, -1, 2}, axisAngle({1, 2, 3}, 0.7), {1, 0, 2});
  for (const Vec3& p : {Vec3{3, 3, 3}, Vec3{-2, 0, 1}, flatObb.center + flatObb.axis[1] * 4})
    expectClosestOutside(flatObb, p);
  EXPECT_TRUE(vecNear(closestPoint(flatObb, flatObb.center + flatObb.axis[1] * 4), flatObb.center, 1e-14));
}

TEST(ClosestPoint, OnRotatedObbsMatchesTheClampInTheBoxFrameAndBeatsEverySample) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 40; ++n) {
    const Obb o = obbOf(randomVec(rng, -5, 5), randomQuat(rng), randomVec(rng, 0.1, 3));
    const Vec3 p = randomVec(rng, -10, 10);
    if (contains(o, p)) continue;
    expectClosestOutside(o, p);
  }
}

TEST(ClosestPoint, OnA14DopCornerCutIsOnTheCutFace) {
  // From far along (1,1,1) the nearest point is the centre of the cut triangle x + y + z = 2.5.
  const Vec3 q = closestPoint(cutCube(), {5, 5, 5});
  EXPECT_TRUE(vecNear(q, {2.5 / 3, 2.5 / 3, 2.5 / 3}, 1e-14));
  // From beyond an edge of the cut triangle: (1, 1, 0.5) -- (1, 0.5, 1) lies on x = 1 and the cut.
  expectClosestOutside(cutCube(), {3, 2, 2});
  expectClosestOutside(cutCube(), {1.2, 1.3, 0.4});
}

TEST(ClosestPoint, OnRandomKdopsMatchesTheBruteForceReference) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 60; ++n) {
    const int k = randomK(rng);
    const Kdop kd = randomKdop(rng, k, randomVec(rng, -3, 3), 0.2, 2);
    const Vec3 p = randomVec(rng, -6, 6);
    if (contains(kd, p)) continue;
    SCOPED_TRACE("k = " + std::to_string(k));
    expectClosestOutside(kd, p);
  }
}

TEST(ClosestPoint, OnDegenerateKdopsStaysOnThem) {
  // A square (zero-width z slab), a segment (zero-width y and z) and a point.
  const Kdop square = kdopOf(14, {-1, -1, 0, -9, -9, -9, -9}, {1, 1, 0, 9, 9, 9, 9});
  expectClosestOutside(square, {0.3, 0.4, 2});
  EXPECT_TRUE(vecNear(closestPoint(square, {0.3, 0.4, 2}), {0.3, 0.4, 0}, 1e-14));
  expectClosestOutside(square, {3, -2, 1});
  EXPECT_TRUE(vecNear(closestPoint(square, {3, -2, 1}), {1, -1, 0}, 1e-14));

  const Kdop segment = kdopOf(6, {-1, 2, 3}, {1, 2, 3});
  EXPECT_TRUE(vecNear(closestPoint(segment, {0.25, 7, -1}), {0.25, 2, 3}, 1e-14));
  EXPECT_TRUE(vecNear(closestPoint(segment, {-4, 7, -1}), {-1, 2, 3}, 1e-14));

  std::vector<double> v;
  for (const Vec3& d : directionsFor(26)) v.push_back(dot(d, Vec3{1, 2, 3}));
  const Kdop point = kdopOf(26, v, v);
  EXPECT_TRUE(vecNear(closestPoint(point, {-4, 0, 9}), {1, 2, 3}, 1e-14));
}

TEST(ClosestPoint, OnAVolumeDispatchesToEachType) {
  const Volume vs[] = {sphereOf({0, 0, 0}, 1), aabbOf({0, 0, 0}, {1, 1, 1}),
                       obbOf({0, 0, 0}, axisAngle({0, 0, 1}, 0.5), {1, 1, 1}), cutCube()};
  const Vec3 p{3, -2, 1.5};
  for (const Volume& v : vs) {
    const Vec3 typed = std::visit([&](const auto& s) { return closestPoint(s, p); }, v);
    EXPECT_TRUE(vecEq(closestPoint(v, p), typed)) << typeName(v);
  }
}

TEST(ClosestPoint, FarFromTheOriginKeepsTheBoxSize) {
  // A unit box 1e6 away: the nearest point must still be on the box to ~1e-9 relative.
  const Vec3 c{1e6, -2e6, 3e6};
  const Obb o = obbOf(c, axisAngle({1, 2, 2}, 1.1), {0.5, 0.25, 1});
  expectClosestOutside(o, c + Vec3{3, 1, -2});
  const Kdop k = kdopOf(14, {1e6 - 1, -2e6 - 1, 3e6 - 1, 2e6 - 2.5, -4e6 - 2.5, 6e6 - 2.5, 0 - 2.5},
                        {1e6 + 1, -2e6 + 1, 3e6 + 1, 2e6 + 2.5, -4e6 + 2.5, 6e6 + 2.5, 0 + 2.5});
  expectClosestOutside(k, c + Vec3{5, 5, 5});
}

}  // namespace
}  // namespace point_query_test
