// Ray and segment casts (ray.h): hit or miss, entry distance along the unit direction, hit point,
// outward unit normal, origins inside, unnormalized directions, maxDistance, rays parallel to a
// slab (inside, outside and on its boundary plane), grazing edges and corners (closed sets: a
// touch is a hit), and a brute-force march along random rays.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "unit_reference.h"

namespace ray_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis_unit;

const double kRoot2 = std::sqrt(2.0), kRoot3 = std::sqrt(3.0);

::testing::AssertionResult hitsAt(const RayHit& h, double distance, Vec3 point, Vec3 normal, double tol = 1e-14) {
  if (!h.hit) return ::testing::AssertionFailure() << "no hit";
  if (h.startsInside) return ::testing::AssertionFailure() << "startsInside set for an origin outside";
  if (std::fabs(h.distance - distance) > tol * std::max(1.0, distance))
    return ::testing::AssertionFailure() << "distance " << h.distance << " instead of " << distance;
  if (auto r = vecNear(h.point, point, tol * std::max(1.0, distance)); !r) return r << " (point)";
  if (auto r = vecNear(h.normal, normal, tol); !r) return r << " (normal)";
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult startsInside(const RayHit& h, Vec3 origin) {
  if (!h.hit || !h.startsInside)
    return ::testing::AssertionFailure() << "hit " << h.hit << ", startsInside " << h.startsInside;
  if (h.distance != 0) return ::testing::AssertionFailure() << "distance " << h.distance;
  if (!vecEq(h.point, origin)) return ::testing::AssertionFailure() << "point " << str(h.point);
  if (!vecEq(h.normal, {0, 0, 0})) return ::testing::AssertionFailure() << "normal " << str(h.normal) << " is not zero";
  return ::testing::AssertionSuccess();
}

// ---- Spheres.

TEST(SphereRaycast, HitsWithTheEntryDistanceAlongTheUnitDirection) {
  const Sphere s = sphereOf({0, 0, 0}, 1);
  EXPECT_TRUE(hitsAt(raycast(s, {-5, 0, 0}, {2, 0, 0}, kInf), 4, {-1, 0, 0}, {-1, 0, 0}));
  EXPECT_TRUE(hitsAt(raycast(s, {0, 0, 10}, {0, 0, -0.001}, kInf), 9, {0, 0, 1}, {0, 0, 1}));
  // Off-centre: from (-5, 0.6, 0) along +x the entry is at x = -0.8.
  EXPECT_TRUE(hitsAt(raycast(s, {-5, 0.6, 0}, {7, 0, 0}, kInf), 4.2, {-0.8, 0.6, 0}, {-0.8, 0.6, 0}, 1e-14));
}

TEST(SphereRaycast, MissesWhenPassingByOrPointingAway) {
  const Sphere s = sphereOf({0, 0, 0}, 1);
  EXPECT_FALSE(raycast(s, {-5, 1.000001, 0}, {1, 0, 0}, kInf).hit);
  EXPECT_FALSE(raycast(s, {-5, 0, 0}, {-1, 0, 0}, kInf).hit);
  EXPECT_FALSE(raycast(s, {-5, 0, 0}, {0, 1, 0}, kInf).hit);
}

TEST(SphereRaycast, ATangentRayHitsTheTouchingPoint) {
  const Sphere s = sphereOf({0, 0, 0}, 1);
  EXPECT_TRUE(hitsAt(raycast(s, {-5, 1, 0}, {1, 0, 0}, kInf), 5, {0, 1, 0}, {0, 1, 0}));
}

TEST(SphereRaycast, AnOriginInsideOrOnTheSurfaceStartsInside) {
  const Sphere s = sphereOf({0, 0, 0}, 1);
  EXPECT_TRUE(startsInside(raycast(s, {0.2, 0.3, 0}, {1, 1, 0}, kInf), {0.2, 0.3, 0}));
  EXPECT_TRUE(startsInside(raycast(s, {1, 0, 0}, {1, 0, 0}, kInf), {1, 0, 0}));
  EXPECT_TRUE(startsInside(raycast(s, {0, 0, 0}, {0, 0, 1}, 0), {0, 0, 0}));
}

TEST(SphereRaycast, StopsAtMaxDistanceInclusive) {
  const Sphere s = sphereOf({0, 0, 0}, 1);
  EXPECT_FALSE(raycast(s, {-5, 0, 0}, {1, 0, 0}, 3.999).hit);
  EXPECT_TRUE(hitsAt(raycast(s, {-5, 0, 0}, {1, 0, 0}, 4), 4, {-1, 0, 0}, {-1, 0, 0}));
  EXPECT_FALSE(raycast(s, {-5, 0, 0}, {1, 0, 0}, 0).hit);
}

TEST(SphereRaycast, APointSphereIsHitOnlyByARayThroughIt) {
  const Sphere s = sphereOf({1, 2, 3}, 0);
  const RayHit h = raycast(s, {1, 2, -1}, {0, 0, 3}, kInf);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.distance, 4, 1e-15);
  EXPECT_TRUE(vecNear(h.point, {1, 2, 3}, 1e-15));
  EXPECT_NEAR(length(h.normal), 1, 1e-15) << "the normal is a unit vector even for a point";
  EXPECT_FALSE(raycast(s, {1, 2.001, -1}, {0, 0, 3}, kInf).hit);
}

TEST(SphereRaycast, AFarOriginStillLandsOnTheSurface) {
  // Entry at x = sqrt(1 - 0.3^2 - 0.2^2) of a unit sphere hit from 1e6 away. The hit point is
  // representable to ~1e-10 there; b^2 - c cancels 1e12-sized terms unless computed with care
  // (Haines et al., "Precision Improvements for Ray/Sphere Intersection", Ray Tracing Gems 7).
  const Sphere s = sphereOf({0, 0, 0}, 1);
  const RayHit h = raycast(s, {1e6, 0.3, 0.2}, {-1, 0, 0}, kInf);
  ASSERT_TRUE(h.hit);
  const double x = std::sqrt(1 - 0.09 - 0.04);
  EXPECT_NEAR(h.distance, 1e6 - x, 1e-8);
  EXPECT_NEAR(h.point.x, x, 1e-8);
  EXPECT_NEAR(length(h.point), 1, 1e-8);
}

// ---- Axis-aligned boxes: [0, 1] x [0, 2] x [0, 3].

const Aabb kBox{{0, 0, 0}, {1, 2, 3}};

TEST(AabbRaycast, HitsAFaceWithItsOutwardNormal) {
  EXPECT_TRUE(hitsAt(raycast(kBox, {-1, 0.5, 0.5}, {3, 0, 0}, kInf), 1, {0, 0.5, 0.5}, {-1, 0, 0}));
  EXPECT_TRUE(hitsAt(raycast(kBox, {0.5, 1, 10}, {0, 0, -0.5}, kInf), 7, {0.5, 1, 3}, {0, 0, 1}));
  EXPECT_TRUE(hitsAt(raycast(kBox, {0.5, 5, 1}, {0, -2, 0}, kInf), 3, {0.5, 2, 1}, {0, 1, 0}));
  // Oblique: from (2, 3, 1) along (-1, -2, 0)/sqrt(5) the ray enters through x = 1 at (1, 1, 1).
  EXPECT_TRUE(hitsAt(raycast(kBox, {2, 3, 1}, {-1, -2, 0}, kInf), std::sqrt(5.0), {1, 1, 1}, {1, 0, 0}));
}

TEST(AabbRaycast, MissesBesideAndBehind) {
  EXPECT_FALSE(raycast(kBox, {-1, 0.5, 3.5}, {1, 0, 0}, kInf).hit);
  EXPECT_FALSE(raycast(kBox, {2, 0.5, 0.5}, {1, 0, 0}, kInf).hit);
  EXPECT_FALSE(raycast(kBox, {-1, -1, 1.5}, {1, -0.1, 0}, kInf).hit);
}

TEST(AabbRaycast, ARayParallelToASlabAndOutsideItMisses) {
  EXPECT_FALSE(raycast(kBox, {-1, 2.5, 1}, {1, 0, 0}, kInf).hit);
  EXPECT_FALSE(raycast(kBox, {-1, std::nextafter(2.0, 3.0), 1}, {1, 0, 0}, kInf).hit);
  EXPECT_FALSE(raycast(kBox, {0.5, 1, -0.5}, {0, 1, 0}, kInf).hit);
}

TEST(AabbRaycast, ARayParallelToASlabOnItsBoundaryPlaneHits) {
  // 0/0 in the textbook slab method: here the origin lies exactly on the plane y = 2.
  EXPECT_TRUE(hitsAt(raycast(kBox, {-1, 2, 1}, {1, 0, 0}, kInf), 1, {0, 2, 1}, {-1, 0, 0}));
  EXPECT_TRUE(hitsAt(raycast(kBox, {-1, 0, 1}, {2, 0, 0}, kInf), 1, {0, 0, 1}, {-1, 0, 0}));
  // Along an edge of the box (on two boundary planes at once).
  EXPECT_TRUE(hitsAt(raycast(kBox, {-1, 2, 3}, {1, 0, 0}, kInf), 1, {0, 2, 3}, {-1, 0, 0}));
  // In the plane of a face, entering through the face's edge.
  EXPECT_TRUE(hitsAt(raycast(kBox, {0.5, -1, 0}, {0, 1, 0}, kInf), 1, {0.5, 0, 0}, {0, -1, 0}));
}

TEST(AabbRaycast, ARayParallelToASlabAndInsideItHits) {
  EXPECT_TRUE(hitsAt(raycast(kBox, {-1, 1, 1}, {1, 0, 0}, kInf), 1, {0, 1, 1}, {-1, 0, 0}));
}

TEST(AabbRaycast, GrazingAnEdgeOrACornerIsAHit) {
  // From (-1, 1, 1.5) along (1, -1, 0): touches only the edge x = y = 0 at z = 1.5.
  RayHit edge = raycast(kBox, {-1, 1, 1.5}, {1, -1, 0}, kInf);
  ASSERT_TRUE(edge.hit);
  EXPECT_NEAR(edge.distance, kRoot2, 1e-15);
  EXPECT_TRUE(vecNear(edge.point, {0, 0, 1.5}, 1e-15));
  EXPECT_TRUE((vecNear(edge.normal, {-1, 0, 0}, 1e-15) || vecNear(edge.normal, {0, 1, 0}, 1e-15))) << str(edge.normal);
  // From (-1, 1, 0) along (1, -1, 0): touches only the corner (0, 0, 0).
  RayHit corner = raycast(kBox, {-1, 1, 0}, {1, -1, 0}, kInf);
  ASSERT_TRUE(corner.hit);
  EXPECT_NEAR(corner.distance, kRoot2, 1e-15);
  EXPECT_TRUE(vecNear(corner.point, {0, 0, 0}, 1e-15));
  // A hair beside the edge misses.
  EXPECT_FALSE(raycast(kBox, {-1, 0.999999, 1.5}, {1, -1, 0}, kInf).hit);
}

TEST(AabbRaycast, AnOriginInsideOrOnTheBoundaryStartsInside) {
  EXPECT_TRUE(startsInside(raycast(kBox, {0.5, 1, 1}, {1, 2, 3}, kInf), {0.5, 1, 1}));
  EXPECT_TRUE(startsInside(raycast(kBox, {1, 1, 1}, {1, 0, 0}, kInf), {1, 1, 1}));
  EXPECT_TRUE(startsInside(raycast(kBox, {0, 0, 0}, {-1, -1, -1}, kInf), {0, 0, 0}));
}

TEST(AabbRaycast, StopsAtMaxDistanceInclusive) {
  EXPECT_FALSE(raycast(kBox, {-1, 0.5, 0.5}, {3, 0, 0}, 0.999).hit);
  EXPECT_TRUE(hitsAt(raycast(kBox, {-1, 0.5, 0.5}, {3, 0, 0}, 1), 1, {0, 0.5, 0.5}, {-1, 0, 0}));
}

TEST(AabbRaycast, HitsAFlatAndAPointBox) {
  const Aabb flat{{0, 0, 2}, {1, 1, 2}};
  EXPECT_TRUE(hitsAt(raycast(flat, {0.5, 0.5, 5}, {0, 0, -1}, kInf), 3, {0.5, 0.5, 2}, {0, 0, 1}));
  EXPECT_TRUE(hitsAt(raycast(flat, {0.5, 0.5, -5}, {0, 0, 1}, kInf), 7, {0.5, 0.5, 2}, {0, 0, -1}));
  EXPECT_FALSE(raycast(flat, {0.5, 0.5, 2.5}, {1, 0, 0}, kInf).hit);
  const Aabb point{{1, 2, 3}, {1, 2, 3}};
  const RayHit h = raycast(point, {1, -2, 3}, {0, 1, 0}, kInf);
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.distance, 4);
  EXPECT_TRUE(vecEq(h.point, {1, 2, 3}));
}

TEST(Raycast, AZeroDirectionNeverHits) {
  EXPECT_FALSE(raycast(kBox, {0.5, 0.5, 0.5}, {0, 0, 0}, kInf).hit);
  EXPECT_FALSE(raycast(sphereOf({0, 0, 0}, 1), {0, 0, 0}, {0, 0, 0}, kInf).hit);
}

TEST(Raycast, ADirectionsLengthDoesNotMatterEvenWhenTinyOrHuge) {
  const Volume vs[] = {sphereOf({0, 0, 0}, 1), kBox, obbOf({0, 0, 0}, axisAngle({1, 1, 1}, 0.3), {1, 2, 3}),
                       kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3})};
  const Vec3 origin{-6, 0.25, 0.5}, dir{1, 0.05, 0.02};
  for (const Volume& v : vs) {
    const RayHit unit = raycast(v, origin, dir, kInf);
    ASSERT_TRUE(unit.hit) << typeName(v);
    for (double scale : {1e-170, 1e-100, 1e100, 1e170}) {
      const RayHit h = raycast(v, origin, dir * scale, kInf);
      EXPECT_TRUE(h.hit && std::fabs(h.distance - unit.distance) <= 1e-12 && vecNear(h.normal, unit.normal, 1e-12))
          << typeName(v) << ", direction scaled by " << scale << ": hit " << h.hit << ", distance " << h.distance
          << " (unit direction: " << unit.distance << "), normal " << str(h.normal);
    }
  }
}

TEST(Raycast, ANegativeOrNaNMaxDistanceNeverHits) {
  EXPECT_FALSE(raycast(kBox, {-1, 0.5, 0.5}, {1, 0, 0}, -1).hit);
  EXPECT_FALSE(raycast(kBox, {-1, 0.5, 0.5}, {1, 0, 0}, std::nan("")).hit);
}

// ---- Oriented boxes.

TEST(ObbRaycast, AQuarterTurnedBoxIsHitOnItsWorldFaces) {
  // u0 = y, u1 = -x, u2 = z, half-extents (1, 2, 3) at (1, 2, 3): x in [-1, 3], y in [1, 3], z in [0, 6].
  const Obb o = obbOf({1, 2, 3}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {1, 2, 3});
  EXPECT_TRUE(hitsAt(raycast(o, {-5, 2, 3}, {1, 0, 0}, kInf), 4, {-1, 2, 3}, {-1, 0, 0}));
  EXPECT_TRUE(hitsAt(raycast(o, {1, 10, 3}, {0, -4, 0}, kInf), 7, {1, 3, 3}, {0, 1, 0}));
  EXPECT_TRUE(hitsAt(raycast(o, {1, 2, -2}, {0, 0, 1}, kInf), 2, {1, 2, 0}, {0, 0, -1}));
  // Parallel to the u0 slab (world y) on its boundary plane y = 3.
  EXPECT_TRUE(hitsAt(raycast(o, {-5, 3, 3}, {1, 0, 0}, kInf), 4, {-1, 3, 3}, {-1, 0, 0}));
  EXPECT_FALSE(raycast(o, {-5, 3.5, 3}, {1, 0, 0}, kInf).hit);
  EXPECT_TRUE(startsInside(raycast(o, {0, 2, 1}, {1, 1, 1}, kInf), {0, 2, 1}));
}

TEST(ObbRaycast, AnAxisAlignedObbAgreesWithTheAabb) {
  const Obb o = obbOf({0.5, 1, 1.5}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.5, 1, 1.5});
  std::mt19937 rng(12345);
  for (int n = 0; n < 500; ++n) {
    const Vec3 origin = randomVec(rng, -4, 5), dir = randomVec(rng, -1, 1);
    const RayHit a = raycast(kBox, origin, dir, kInf), b = raycast(o, origin, dir, kInf);
    ASSERT_EQ(a.hit, b.hit) << str(origin) << " + t " << str(dir);
    if (!a.hit) continue;
    EXPECT_EQ(a.startsInside, b.startsInside);
    EXPECT_NEAR(a.distance, b.distance, 1e-12);
    EXPECT_TRUE(vecNear(a.normal, b.normal, 1e-12));
  }
}

// ---- k-DOPs.

Kdop cutCube() { return kdopOf(14, {-1, -1, -1, -2.5, -2.5, -2.5, -2.5}, {1, 1, 1, 2.5, 2.5, 2.5, 2.5}); }

TEST(KdopRaycast, HitsACutCornerFaceWithItsDiagonalNormal) {
  const double c = 2.5 / 3;
  EXPECT_TRUE(hitsAt(raycast(cutCube(), {5, 5, 5}, {-1, -1, -1}, kInf), (5 - c) * kRoot3, {c, c, c},
                     Vec3{1, 1, 1} / kRoot3, 1e-14));
  EXPECT_TRUE(hitsAt(raycast(cutCube(), {-5, 0.1, 0.2}, {1, 0, 0}, kInf), 4, {-1, 0.1, 0.2}, {-1, 0, 0}));
  // Through the cut of corner (1, -1, -1): the plane x - y - z = 2.5, from along (-1, 1, 1).
  EXPECT_TRUE(hitsAt(raycast(cutCube(), {5, -5, -5}, {-2, 2, 2}, kInf), (5 - c) * kRoot3, {c, -c, -c},
                     Vec3{1, -1, -1} / kRoot3, 1e-14));
}

TEST(KdopRaycast, ARayInACornerSlabsBoundaryPlaneGrazesTheCutEdge) {
  // x + y + z = 2.5 all along the ray (parallel to slab (1,1,1)); it touches the k-DOP only at (1, 1, 0.5).
  const RayHit h = raycast(cutCube(), {-4, 6, 0.5}, {1, -1, 0}, kInf);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.distance, 5 * kRoot2, 1e-14);
  EXPECT_TRUE(vecNear(h.point, {1, 1, 0.5}, 1e-14));
  EXPECT_FALSE(raycast(cutCube(), {-4, 6, 0.6}, {1, -1, 0}, kInf).hit) << "parallel to that slab and outside it";
}

TEST(KdopRaycast, An8DopHasNoAxisSlabsButIsHitOnItsFaces) {
  const Kdop oct = kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3});
  // Along -z from (1, 1, 10): enters the face x + y + z = 3 at (1, 1, 1).
  EXPECT_TRUE(hitsAt(raycast(oct, {1, 1, 10}, {0, 0, -1}, kInf), 9, {1, 1, 1}, Vec3{1, 1, 1} / kRoot3));
  EXPECT_FALSE(raycast(oct, {2, 2, 10}, {0, 0, -1}, kInf).hit);
  // Down the z axis onto the apex (0, 0, 3): a vertex hit.
  const RayHit apex = raycast(oct, {0, 0, 10}, {0, 0, -2}, kInf);
  ASSERT_TRUE(apex.hit);
  EXPECT_NEAR(apex.distance, 7, 1e-14);
  EXPECT_NEAR(length(apex.normal), 1, 1e-15);
  EXPECT_LT(dot(apex.normal, {0, 0, -1}), 0);
}

TEST(KdopRaycast, HitsAFlatKdopFromEitherSide) {
  const Kdop square = kdopOf(14, {-1, -1, 0.5, -9, -9, -9, -9}, {1, 1, 0.5, 9, 9, 9, 9});
  EXPECT_TRUE(hitsAt(raycast(square, {0.2, 0.3, 4}, {0, 0, -1}, kInf), 3.5, {0.2, 0.3, 0.5}, {0, 0, 1}));
  EXPECT_TRUE(hitsAt(raycast(square, {0.2, 0.3, -4}, {0, 0, 1}, kInf), 4.5, {0.2, 0.3, 0.5}, {0, 0, -1}));
}

// ---- Segments.

TEST(SegmentCast, HitsOnlyWithinTheSegmentMeasuringFromItsStart) {
  const Volume s = sphereOf({0, 0, 0}, 1);
  EXPECT_TRUE(hitsAt(segmentCast(s, {-5, 0, 0}, {5, 0, 0}), 4, {-1, 0, 0}, {-1, 0, 0}));
  EXPECT_TRUE(hitsAt(segmentCast(s, {-5, 0, 0}, {-1, 0, 0}), 4, {-1, 0, 0}, {-1, 0, 0})) << "ends on the surface";
  EXPECT_FALSE(segmentCast(s, {-5, 0, 0}, {-1.001, 0, 0}).hit);
  EXPECT_FALSE(segmentCast(s, {5, 0, 0}, {10, 0, 0}).hit);
  const Volume box = kBox;
  EXPECT_TRUE(hitsAt(segmentCast(box, {-1, 0.5, 0.5}, {0, 0.5, 0.5}), 1, {0, 0.5, 0.5}, {-1, 0, 0}));
  EXPECT_TRUE(hitsAt(segmentCast(box, {0.5, 1, 5}, {0.5, 1, -5}), 2, {0.5, 1, 3}, {0, 0, 1}));
}

TEST(SegmentCast, StartingInsideStartsInside) {
  EXPECT_TRUE(startsInside(segmentCast(Volume{kBox}, {0.5, 0.5, 0.5}, {9, 9, 9}), {0.5, 0.5, 0.5}));
  EXPECT_TRUE(startsInside(segmentCast(Volume{cutCube()}, {0, 0, 0}, {0, 0, 9}), {0, 0, 0}));
}

TEST(SegmentCast, AZeroLengthSegmentIsAPointTest) {
  EXPECT_TRUE(startsInside(segmentCast(Volume{kBox}, {1, 2, 3}, {1, 2, 3}), {1, 2, 3}));
  EXPECT_TRUE(startsInside(segmentCast(Volume{sphereOf({0, 0, 0}, 1)}, {0, 0.5, 0}, {0, 0.5, 0}), {0, 0.5, 0}));
  EXPECT_FALSE(segmentCast(Volume{kBox}, {1, 2, 3.5}, {1, 2, 3.5}).hit);
}

// ---- Cross-check against a brute-force march along random rays.

/// The normal is an outward face normal of v at the hit point.
::testing::AssertionResult isOutwardNormalAt(const Volume& v, Vec3 point, Vec3 normal, double tol) {
  if (std::fabs(length(normal) - 1) > 1e-12) return ::testing::AssertionFailure() << "|normal| = " << length(normal);
  if (auto s = std::get_if<Sphere>(&v)) {
    if (s->radius == 0) return ::testing::AssertionSuccess();
    return vecNear(normal, (point - s->center) / s->radius, 1e-9);
  }
  std::vector<Vec3> n;
  std::vector<double> offset;  // plane n . x = offset
  if (auto b = std::get_if<Aabb>(&v)) {
    for (int i = 0; i < 3; ++i) {
      Vec3 e;
      e[i] = 1;
      n.push_back(e), offset.push_back(b->max[i]);
      n.push_back(-e), offset.push_back(-b->min[i]);
    }
  } else if (auto o = std::get_if<Obb>(&v)) {
    for (int i = 0; i < 3; ++i) {
      n.push_back(o->axis[i]), offset.push_back(dot(o->axis[i], o->center) + o->halfExtents[i]);
      n.push_back(-o->axis[i]), offset.push_back(-dot(o->axis[i], o->center) + o->halfExtents[i]);
    }
  } else {
    const Kdop& k = std::get<Kdop>(v);
    const std::vector<Vec3> d = directionsFor(k.k);
    for (size_t i = 0; i < d.size(); ++i) {
      const double len = length(d[i]);
      n.push_back(d[i] / len), offset.push_back(k.max[i] / len);
      n.push_back(-d[i] / len), offset.push_back(-k.min[i] / len);
    }
  }
  for (size_t i = 0; i < n.size(); ++i)
    if (vecNear(normal, n[i], 1e-12) && std::fabs(dot(n[i], point) - offset[i]) <= tol)
      return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "normal " << str(normal) << " is no face normal through " << str(point);
}

void checkAgainstMarch(const Volume& v, Vec3 origin, Vec3 dir, double step = 2e-3) {
  SCOPED_TRACE(std::string(typeName(v)) + ": ray " + str(origin) + " + t " + str(dir));
  const RayHit h = raycast(v, origin, dir, kInf);
  const Vec3 u = dir / length(dir);
  const double tol = 1e-12 * (scaleOf(v) + length(origin));
  const bool originInside = contains(v, origin);
  if (originInside) {
    EXPECT_TRUE(startsInside(h, origin));
    return;
  }
  EXPECT_FALSE(h.startsInside);
  if (h.hit) {
    EXPECT_GE(h.distance, 0);
    EXPECT_TRUE(vecNear(h.point, origin + u * h.distance, tol));
    EXPECT_LE(std::fabs(signedDistance(v, h.point)), tol) << "entry point " << str(h.point) << " is not on the surface";
    EXPECT_TRUE(isOutwardNormalAt(v, h.point, h.normal, 1e3 * tol));
    EXPECT_LE(dot(h.normal, u), 1e-12) << "the normal must face the incoming ray";
    const double before = h.distance - 1e-6;
    if (before > 0) {
      EXPECT_FALSE(contains(v, origin + u * before)) << "a point just before the entry is inside";
    }
  }
  // No point of the march before the reported entry (or anywhere, for a miss) is inside.
  const Slabs slabs = std::holds_alternative<Kdop>(v) ? slabsOf(std::get<Kdop>(v)) : Slabs{};
  auto inside = [&](Vec3 p) {
    return (std::holds_alternative<Kdop>(v) ? slabViolation(slabs, p) : signedDistance(v, p)) < -1e-9;
  };
  const double end = h.hit ? h.distance - 1e-6 : 25;
  for (double t = 0; t < end; t += step)
    if (inside(origin + u * t)) {
      ADD_FAILURE() << "the march finds an inside point at t = " << t << " (reported: hit " << h.hit << ", distance "
                    << h.distance << ")";
      break;
    }
}

TEST(RaycastMarch, RandomRaysAgreeWithAMarchForEveryVolume) {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> scale(0.1, 10);
  for (int n = 0; n < 400; ++n) {
    Volume v;
    switch (n % 4) {
      case 0: v = sphereOf(randomVec(rng, -1, 1), scale(rng) / 4); break;
      case 1: {
        const Vec3 c = randomVec(rng, -1, 1), h = randomVec(rng, 0, 2);
        v = aabbOf(c - h, c + h);
        break;
      }
      case 2: v = obbOf(randomVec(rng, -1, 1), randomQuat(rng), randomVec(rng, 0.05, 2)); break;
      default: v = randomKdop(rng, randomK(rng), randomVec(rng, -1, 1), 0.2, 2); break;
    }
    // Aim near the volume so that about half the rays hit.
    const Vec3 origin = randomVec(rng, -6, 6);
    const Vec3 target = randomVec(rng, -2, 2);
    checkAgainstMarch(v, origin, (target - origin) * scale(rng));
  }
}

TEST(RaycastMarch, RaysOnAGridThroughA26DopAgreeWithAMarch) {
  const Kdop k =
      kdopOf(26, {-2, -2, -2, -4, -4, -4, -4, -3, -3, -3, -3, -3, -3}, {2, 2, 2, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3});
  for (int i = -12; i <= 12; ++i)
    for (int j = -12; j <= 12; ++j) checkAgainstMarch(k, {i * 0.25, j * 0.25, -10}, {0.01 * i, 0.02 * j, 1}, 1e-2);
}

TEST(RaycastMarch, AVolumeRaycastDispatchesToEachType) {
  const Volume vs[] = {sphereOf({0, 0, 0}, 1), kBox, obbOf({0, 0, 0}, axisAngle({0, 0, 1}, 0.5), {1, 1, 1}), cutCube()};
  for (const Volume& v : vs) {
    const RayHit a = raycast(v, {-5, 0.3, 0.2}, {1, 0.1, 0}, 100);
    const RayHit b = std::visit([&](const auto& s) { return raycast(s, {-5, 0.3, 0.2}, {1, 0.1, 0}, 100); }, v);
    EXPECT_EQ(a.hit, b.hit);
    EXPECT_EQ(a.distance, b.distance);
    EXPECT_TRUE(vecEq(a.normal, b.normal));
  }
}

TEST(TriangleRaycast, ATriangleFarFromTheOriginOfCoordinatesIsMetWhereItLies) {
  // Corners of 1e120 (below the range scaling's 2^460) make the edge functions' products 1e360.
  for (double s : {1.0, 1e60, 1e120, 1e130, 1e-120, 1e-150}) {
    const Triangle t{{0, 0, 0}, {s, 0, 0}, {0, s, 0}};
    const RayHit h = raycast(t, {0.25 * s, 0.25 * s, s}, {0, 0, -1}, INFINITY);
    ASSERT_TRUE(h.hit) << s;
    EXPECT_NEAR(h.distance / s, 1, 1e-15) << s;
    EXPECT_NEAR(h.barycentric.x, 0.5, 1e-15) << s;
    EXPECT_NEAR(h.barycentric.y, 0.25, 1e-15) << s;
  }
}

}  // namespace
}  // namespace ray_test
