// What the make* functions build from valid input (sphere.h, aabb.h, obb.h, kdop.h, volume.h):
// the fields, the equivalent representations, and the rotations behind the OBB constructors.
// The error paths are in validation_test.cpp.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "unit_reference.h"

namespace volume_construction_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis_unit;

TEST(SphereConstruction, KeepsTheCentreAndRadius) {
  auto s = makeSphere({1, -2, 3.5}, 0.25);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(vecEq(s->center, {1, -2, 3.5}));
  EXPECT_EQ(s->radius, 0.25);
}

TEST(AabbConstruction, TheThreeRepresentationsBuildTheSameBox) {
  auto a = makeAabb({-1, 0, 2}, {3, 1, 2.5});
  auto b = makeAabbFromCenter({1, 0.5, 2.25}, {2, 0.5, 0.25});
  auto c = makeAabbFromMinWidths({-1, 0, 2}, {4, 1, 0.5});
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  for (const Aabb& x : {*b, *c}) {
    EXPECT_TRUE(vecEq(x.min, a->min));
    EXPECT_TRUE(vecEq(x.max, a->max));
  }
  EXPECT_TRUE(vecEq(center(*a), {1, 0.5, 2.25}));
  EXPECT_TRUE(vecEq(halfExtents(*a), {2, 0.5, 0.25}));
}

TEST(AabbConstruction, AcceptsPointAndFlatBoxesInAllThreeForms) {
  auto point = makeAabb({1, 2, 3}, {1, 2, 3});
  ASSERT_TRUE(point.ok());
  EXPECT_TRUE(vecEq(halfExtents(*point), {0, 0, 0}));
  auto flat = makeAabbFromCenter({1, 2, 3}, {1, 0, 2});
  ASSERT_TRUE(flat.ok());
  EXPECT_TRUE(vecEq(flat->min, {0, 2, 1}));
  EXPECT_TRUE(vecEq(flat->max, {2, 2, 5}));
  auto widths = makeAabbFromMinWidths({1, 2, 3}, {0, 0.5, 0});
  ASSERT_TRUE(widths.ok());
  EXPECT_TRUE(vecEq(widths->min, {1, 2, 3}));
  EXPECT_TRUE(vecEq(widths->max, {1, 2.5, 3}));
}

TEST(ObbConstruction, KeepsOrthonormalAxesAsGiven) {
  const double h = std::sqrt(0.5);
  auto o = makeObb({1, 2, 3}, {{h, h, 0}, {-h, h, 0}, {0, 0, 1}}, {1, 2, 3});
  ASSERT_TRUE(o.ok());
  EXPECT_TRUE(vecEq(o->center, {1, 2, 3}));
  EXPECT_TRUE(vecEq(o->halfExtents, {1, 2, 3}));
  EXPECT_TRUE(vecNear(o->axis[0], {h, h, 0}, 1e-16));
  EXPECT_TRUE(vecNear(o->axis[1], {-h, h, 0}, 1e-16));
  EXPECT_TRUE(vecNear(o->axis[2], {0, 0, 1}, 1e-16));
}

TEST(ObbConstruction, FromRotationUsesTheColumnsAsAxes) {
  Mat3 m;  // a quarter turn about z: x -> y, y -> -x
  m.m[0][0] = 0, m.m[0][1] = -1, m.m[1][0] = 1, m.m[1][1] = 0;
  auto r = makeObbFromRotation({0, 0, 0}, m, {1, 2, 3});
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(vecEq(r->axis[0], {0, 1, 0}));
  EXPECT_TRUE(vecEq(r->axis[1], {-1, 0, 0}));
  EXPECT_TRUE(vecEq(r->axis[2], {0, 0, 1}));
}

// q v q* by Hamilton products, independent of toMat3.
Vec3 rotateByQuaternion(Quat q, Vec3 v) {
  auto mul = [](Quat a, Quat b) {
    return Quat{a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
  };
  const Quat r = mul(mul(q, {v.x, v.y, v.z, 0}), {-q.x, -q.y, -q.z, q.w});
  return {r.x, r.y, r.z};
}

TEST(ObbConstruction, FromQuaternionTheAxesAreTheRotatedBasisVectors) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 100; ++n) {
    const Quat q = randomQuat(rng);
    auto o = makeObbFromQuaternion({0, 0, 0}, q, {1, 1, 1});
    ASSERT_TRUE(o.ok());
    for (int i = 0; i < 3; ++i) {
      Vec3 e;
      e[i] = 1;
      EXPECT_TRUE(vecNear(o->axis[i], rotateByQuaternion(q, e), 1e-15)) << "axis " << i;
    }
  }
  // A quarter turn about z, three.js order {x, y, z, w}.
  const double h = std::sqrt(0.5);
  auto o = makeObbFromQuaternion({0, 0, 0}, {0, 0, h, h}, {1, 1, 1});
  ASSERT_TRUE(o.ok());
  EXPECT_TRUE(vecNear(o->axis[0], {0, 1, 0}, 1e-15));
  EXPECT_TRUE(vecNear(o->axis[1], {-1, 0, 0}, 1e-15));
}

TEST(ObbConstruction, ANegatedQuaternionIsTheSameRotation) {
  const Quat q = normalized({0.1, -0.7, 0.3, 0.5});
  auto a = makeObbFromQuaternion({0, 0, 0}, q, {1, 1, 1});
  auto b = makeObbFromQuaternion({0, 0, 0}, {-q.x, -q.y, -q.z, -q.w}, {1, 1, 1});
  ASSERT_TRUE(a.ok() && b.ok());
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(vecNear(a->axis[i], b->axis[i], 1e-15));
}

TEST(KdopConstruction, KeepsTheGivenRangesAndK) {
  const std::vector<double> lo = {-1, -2, -3, -4, -5, -6, -7}, hi = {1, 2, 3, 4, 5, 6, 7};
  auto r = makeKdop(14, lo.data(), hi.data(), 7);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->k, 14);
  EXPECT_EQ(r->slabCount(), 7);
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(r->min[i], lo[size_t(i)]);
    EXPECT_EQ(r->max[i], hi[size_t(i)]);
  }
}

TEST(KdopConstruction, EveryKBuildsANonEmptyPolytope) {
  for (int k : {6, 8, 14, 18, 26}) {
    std::vector<double> lo, hi;
    for (const Vec3& d : directionsFor(k)) {
      const double c = dot(d, Vec3{1, 2, 3});
      lo.push_back(c - length(d));
      hi.push_back(c + length(d));
    }
    const Kdop kd = kdopOf(k, lo, hi);
    EXPECT_EQ(kd.k, k);
    EXPECT_GT(kd.vertexCount, 0) << "k = " << k;
    EXPECT_TRUE(contains(kd, {1, 2, 3})) << "k = " << k;
  }
}

TEST(VolumeConstruction, TypeNamesAreThoseOfTheInterchangeFormat) {
  EXPECT_STREQ(typeName(Volume{sphereOf({0, 0, 0}, 1)}), "sphere");
  EXPECT_STREQ(typeName(Volume{aabbOf({0, 0, 0}, {1, 1, 1})}), "aabb");
  EXPECT_STREQ(typeName(Volume{obbOf({0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1})}), "obb");
  EXPECT_STREQ(typeName(Volume{kdopOf(6, {0, 0, 0}, {1, 1, 1})}), "kdop");
}

TEST(VolumeConstruction, ToMat3IsTheRotationOfTheQuaternion) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 50; ++n) {
    const Quat q = randomQuat(rng);
    const Mat3 m = toMat3(q);
    const Vec3 v = randomVec(rng, -2, 2);
    EXPECT_TRUE(vecNear(m * v, rotateByQuaternion(q, v), 1e-14));
  }
}

}  // namespace
}  // namespace volume_construction_test
