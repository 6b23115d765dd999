// Rigid transforms (transform.h): x -> scale * (rotation * x) + translation. Validation, the image
// of each volume, the bounds of the image, and that points move consistently with their volume.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "unit_reference.h"

namespace transform_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis_unit;

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---- makeRigidTransform.

TEST(RigidTransformValidation, RejectsNonFiniteQuaternionComponentsNamingEach) {
  for (int i = 0; i < 4; ++i)
    for (double bad : {kNaN, kInf, -kInf}) {
      double c[4] = {0, 0, 0, 1};
      c[i] = bad;
      auto r = makeRigidTransform({c[0], c[1], c[2], c[3]}, {0, 0, 0}, 1);
      ASSERT_FALSE(r.ok());
      const std::string field = "transform.rotation[" + std::to_string(i) + "]";
      EXPECT_EQ(r.error().code, ErrorCode::NotFinite);
      EXPECT_EQ(r.error().field, field);
      EXPECT_EQ(r.error().message, field + " must be finite, got " + formatNumber(bad));
    }
}

TEST(RigidTransformValidation, RejectsNonFiniteTranslationComponents) {
  for (int i = 0; i < 3; ++i)
    for (double bad : {kNaN, kInf, -kInf}) {
      Vec3 t{1, 2, 3};
      t[i] = bad;
      auto r = makeRigidTransform({0, 0, 0, 1}, t, 1);
      ASSERT_FALSE(r.ok());
      const std::string field = "transform.translation[" + std::to_string(i) + "]";
      EXPECT_EQ(r.error().code, ErrorCode::NotFinite);
      EXPECT_EQ(r.error().field, field);
      EXPECT_TRUE(mentions(r.error().message, field)) << r.error().message;
      EXPECT_TRUE(mentions(r.error().message, formatNumber(bad))) << r.error().message;
    }
}

TEST(RigidTransformValidation, RejectsANonFiniteScale) {
  for (double bad : {kNaN, kInf, -kInf}) {
    auto r = makeRigidTransform({0, 0, 0, 1}, {0, 0, 0}, bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::NotFinite);
    EXPECT_EQ(r.error().field, "transform.scale");
  }
}

TEST(RigidTransformValidation, RejectsAZeroOrNegativeScale) {
  for (double bad : {0.0, -0.0, -1.0, -1e-300}) {
    auto r = makeRigidTransform({0, 0, 0, 1}, {0, 0, 0}, bad);
    ASSERT_FALSE(r.ok()) << "scale " << bad;
    EXPECT_EQ(r.error().field, "transform.scale");
    EXPECT_EQ(r.error().value, bad);
    EXPECT_TRUE(mentions(r.error().message, "transform.scale")) << r.error().message;
    EXPECT_TRUE(mentions(r.error().message, "got " + formatNumber(bad))) << r.error().message;
  }
  auto zero = makeRigidTransform({0, 0, 0, 1}, {0, 0, 0}, 0);
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.error().message, "transform.scale must be > 0, got 0");
}

TEST(RigidTransformValidation, RejectsANonUnitQuaternion) {
  for (Quat q : {Quat{0, 0, 0, 0}, Quat{0, 0, 0, 1.0011}, Quat{1, 1, 1, 1}}) {
    const double len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    auto r = makeRigidTransform(q, {0, 0, 0}, 1);
    ASSERT_FALSE(r.ok()) << "length " << len;
    EXPECT_EQ(r.error().code, ErrorCode::NotUnit);
    EXPECT_EQ(r.error().field, "transform.rotation");
    EXPECT_NEAR(r.error().value, len, 1e-15);
    EXPECT_TRUE(mentions(r.error().message, "transform.rotation")) << r.error().message;
    EXPECT_TRUE(mentions(r.error().message, formatNumber(r.error().value))) << r.error().message;
  }
}

TEST(RigidTransformValidation, AcceptsANearlyUnitQuaternionAndNormalisesIt) {
  auto r = makeRigidTransform({0.0006, 0, 0, 1.0004}, {1, 2, 3}, 2);
  ASSERT_TRUE(r.ok()) << r.error().message;
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(length(r->rotation.column(i)), 1, 1e-15);
    for (int j = i + 1; j < 3; ++j) EXPECT_NEAR(dot(r->rotation.column(i), r->rotation.column(j)), 0, 1e-15);
  }
  const Mat3 m = toMat3(normalized({0.0006, 0, 0, 1.0004}));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(vecNear(r->rotation.column(i), m.column(i), 1e-15));
  EXPECT_TRUE(vecEq(r->translation, {1, 2, 3}));
  EXPECT_EQ(r->scale, 2);
}

TEST(RigidTransformValidation, TheScaleDefaultsToOne) {
  auto r = makeRigidTransform({0, 0, 0, 1}, {0, 0, 0});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->scale, 1);
  for (int i = 0; i < 3; ++i) {
    Vec3 e;
    e[i] = 1;
    EXPECT_TRUE(vecEq(r->rotation.column(i), e));
  }
}

// ---- The image of each volume.

RigidTransform someTransform(double scale = 1.5) {
  return transformOf(axisAngle({1, -2, 0.5}, 0.8), {3, -1, 2}, scale);
}

TEST(TransformedVolume, ASphereMovesItsCentreAndScalesItsRadius) {
  const RigidTransform t = someTransform();
  const Sphere s = sphereOf({1, 2, 3}, 0.5);
  const Sphere r = transformed(s, t);
  EXPECT_TRUE(vecNear(r.center, apply(t, s.center), 1e-14));
  EXPECT_NEAR(r.radius, 0.75, 1e-15);
}

TEST(TransformedVolume, AnAabbBecomesTheObbOfTheRotatedBox) {
  const RigidTransform t = someTransform();
  const Aabb a = aabbOf({0, 1, 2}, {2, 2, 6});
  const Obb o = transformed(a, t);
  EXPECT_TRUE(vecNear(o.center, apply(t, {1, 1.5, 4}), 1e-14));
  EXPECT_TRUE(vecNear(o.halfExtents, {1.5, 0.75, 3}, 1e-15));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(vecNear(o.axis[i], t.rotation.column(i), 1e-15)) << "axis " << i;
  // The corners of the box map onto the corners of the OBB.
  for (const Vec3& c : corners(a)) {
    bool found = false;
    for (const Vec3& d : corners(o)) found = found || vecNear(apply(t, c), d, 1e-13);
    EXPECT_TRUE(found) << "corner " << str(c);
  }
}

TEST(TransformedVolume, AnObbRotatesItsAxesAndStaysOrthonormal) {
  const RigidTransform t = someTransform(0.25);
  const Obb o = obbOf({1, 2, 3}, axisAngle({0, 1, 1}, 2.0), {1, 2, 3});
  const Obb r = transformed(o, t);
  EXPECT_TRUE(vecNear(r.center, apply(t, o.center), 1e-14));
  EXPECT_TRUE(vecNear(r.halfExtents, {0.25, 0.5, 0.75}, 1e-15));
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(vecNear(r.axis[i], t.rotation * o.axis[i], 1e-15));
    EXPECT_NEAR(length(r.axis[i]), 1, 1e-15);
    for (int j = i + 1; j < 3; ++j) EXPECT_NEAR(dot(r.axis[i], r.axis[j]), 0, 1e-15);
  }
}

TEST(TransformedVolume, AKdopUnderTranslationAndScaleShiftsAndScalesItsSlabs) {
  // The cut cube: every slab is tight, so the image's ranges are exactly the moved ones.
  const Kdop k = kdopOf(14, {-1, -1, -1, -2.5, -2.5, -2.5, -2.5}, {1, 1, 1, 2.5, 2.5, 2.5, 2.5});
  const RigidTransform t = transformOf({0, 0, 0, 1}, {3, -1, 2}, 2);
  const Kdop r = transformed(k, t);
  ASSERT_EQ(r.k, 14);
  const std::vector<Vec3> d = directionsFor(14);
  for (int i = 0; i < 7; ++i) {
    const double shift = dot(d[size_t(i)], Vec3{3, -1, 2});
    EXPECT_NEAR(r.min[i], 2 * k.min[i] + shift, 1e-13) << "slab " << i;
    EXPECT_NEAR(r.max[i], 2 * k.max[i] + shift, 1e-13) << "slab " << i;
  }
  EXPECT_EQ(r.vertexCount, 24);
}

TEST(TransformedVolume, AKdopUnderAQuarterTurnIsExact) {
  // [0,1] x [0,2] x [0,3] turned 90 degrees about z: x -> y, y -> -x.
  const Kdop k = kdopOf(6, {0, 0, 0}, {1, 2, 3});
  const Kdop r = transformed(k, transformOf(axisAngle({0, 0, 1}, std::acos(-1.0) / 2), {0, 0, 0}));
  EXPECT_NEAR(r.min[0], -2, 1e-15);
  EXPECT_NEAR(r.max[0], 0, 1e-15);
  EXPECT_NEAR(r.min[1], 0, 1e-15);
  EXPECT_NEAR(r.max[1], 1, 1e-15);
  EXPECT_NEAR(r.min[2], 0, 1e-15);
  EXPECT_NEAR(r.max[2], 3, 1e-15);
}

TEST(TransformedVolume, AKdopUnderAnyRotationIsTheTightestKdopAroundTheImage) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 100; ++n) {
    const int k = randomK(rng);
    const Kdop kd = randomKdop(rng, k, randomVec(rng, -3, 3), 0.1, 2);
    const RigidTransform t = transformOf(randomQuat(rng), randomVec(rng, -5, 5), 0.5 + n % 3);
    const Kdop r = transformed(kd, t);
    ASSERT_EQ(r.k, k);
    std::vector<Vec3> image;
    for (const Vec3& v : referenceVertices(slabsOf(kd))) image.push_back(apply(t, v));
    const std::vector<Vec3> d = directionsFor(k);
    for (size_t i = 0; i < d.size(); ++i) {
      double lo = kInf, hi = -kInf;
      for (const Vec3& x : image) lo = std::min(lo, dot(d[i], x)), hi = std::max(hi, dot(d[i], x));
      EXPECT_NEAR(r.min[i], lo, 1e-11) << "k = " << k << ", slab " << i;
      EXPECT_NEAR(r.max[i], hi, 1e-11) << "k = " << k << ", slab " << i;
    }
  }
}

TEST(TransformedVolume, AVolumeKeepsItsTypeExceptAnAabbWhichBecomesAnObb) {
  const RigidTransform t = someTransform();
  EXPECT_TRUE(std::holds_alternative<Sphere>(transformed(Volume{sphereOf({0, 0, 0}, 1)}, t)));
  EXPECT_TRUE(std::holds_alternative<Obb>(transformed(Volume{aabbOf({0, 0, 0}, {1, 1, 1})}, t)));
  EXPECT_TRUE(std::holds_alternative<Obb>(transformed(Volume{obbOf({0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1})}, t)));
  EXPECT_TRUE(std::holds_alternative<Kdop>(transformed(Volume{kdopOf(8, {-1, -1, -1, -1}, {1, 1, 1, 1})}, t)));
}

// ---- transformedBounds: the tightest AABB of the image.

void expectBoundsOfPoints(const Aabb& b, const std::vector<Vec3>& points, double tol) {
  Vec3 lo{kInf, kInf, kInf}, hi{-kInf, -kInf, -kInf};
  for (const Vec3& p : points) lo = min(lo, p), hi = max(hi, p);
  EXPECT_TRUE(vecNear(b.min, lo, tol));
  EXPECT_TRUE(vecNear(b.max, hi, tol));
}

TEST(TransformedBounds, OfASphereIsTheMovedCentrePlusMinusTheScaledRadius) {
  const RigidTransform t = someTransform();
  const Aabb b = transformedBounds(sphereOf({1, 2, 3}, 2), t);
  const Vec3 c = apply(t, {1, 2, 3});
  EXPECT_TRUE(vecNear(b.min, c - Vec3{3, 3, 3}, 1e-14));
  EXPECT_TRUE(vecNear(b.max, c + Vec3{3, 3, 3}, 1e-14));
}

TEST(TransformedBounds, OfBoxesIsTheBoxOfTheirMovedCorners) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 100; ++n) {
    const RigidTransform t = transformOf(randomQuat(rng), randomVec(rng, -5, 5), 0.5 + n % 4);
    const Aabb a = aabbOf(randomVec(rng, -3, 0), randomVec(rng, 0, 3));
    std::vector<Vec3> image;
    for (const Vec3& c : corners(a)) image.push_back(apply(t, c));
    expectBoundsOfPoints(transformedBounds(a, t), image, 1e-13);

    const Obb o = obbOf(randomVec(rng, -3, 3), randomQuat(rng), randomVec(rng, 0, 2));
    image.clear();
    for (const Vec3& c : corners(o)) image.push_back(apply(t, c));
    expectBoundsOfPoints(transformedBounds(o, t), image, 1e-13);
  }
}

TEST(TransformedBounds, OfAKdopIsTheBoxOfItsMovedVerticesNotOfTheEnclosingKdop) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 100; ++n) {
    const int k = randomK(rng);
    const Kdop kd = randomKdop(rng, k, randomVec(rng, -3, 3), 0.1, 2);
    const RigidTransform t = transformOf(randomQuat(rng), randomVec(rng, -5, 5), 1.5);
    std::vector<Vec3> image;
    for (const Vec3& v : referenceVertices(slabsOf(kd))) image.push_back(apply(t, v));
    SCOPED_TRACE("k = " + std::to_string(k));
    expectBoundsOfPoints(transformedBounds(kd, t), image, 1e-12);
  }
}

// ---- Points move with their volume.

TEST(TransformConsistency, APointIsInsideTheImageExactlyWhenItWasInsideTheVolume) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 100; ++n) {
    const RigidTransform t = transformOf(randomQuat(rng), randomVec(rng, -5, 5), 0.5 + n % 3);
    const Volume vs[] = {sphereOf(randomVec(rng, -1, 1), 1.5), aabbOf(randomVec(rng, -2, 0), randomVec(rng, 0, 2)),
                         obbOf(randomVec(rng, -1, 1), randomQuat(rng), randomVec(rng, 0.2, 2))};
    for (const Volume& v : vs) {
      const Volume image = transformed(v, t);
      for (int m = 0; m < 50; ++m) {
        const Vec3 p = randomVec(rng, -3, 3);
        if (std::fabs(signedDistance(v, p)) < 1e-9) continue;  // too near the surface to be decided by rounding
        EXPECT_EQ(contains(image, apply(t, p)), contains(v, p)) << typeName(v) << " at " << str(p);
      }
    }
  }
}

TEST(TransformConsistency, TheImageOfAKdopEnclosesTheImagesOfItsPoints) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 100; ++n) {
    const int k = randomK(rng);
    const Kdop kd = randomKdop(rng, k, randomVec(rng, -1, 1), 0.3, 2);
    const RigidTransform t = transformOf(randomQuat(rng), randomVec(rng, -5, 5), 0.5 + n % 3);
    const Kdop image = transformed(kd, t);
    const Slabs slabs = slabsOf(kd);
    for (int m = 0; m < 50; ++m) {
      const Vec3 p = randomVec(rng, -3, 3);
      if (slabViolation(slabs, p) > -1e-9) continue;
      EXPECT_TRUE(contains(image, apply(t, p))) << "k = " << k << ", point " << str(p);
    }
  }
}

}  // namespace
}  // namespace transform_test
