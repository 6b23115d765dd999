// Validation of every make* function (error.h, sphere.h, aabb.h, obb.h, kdop.h): each bad input
// returns an Error whose `field` names the field and whose `message` names the field and the value,
// in the form "<type>.<field>[<i>] must be <rule>, got <value>". Zero sizes are valid.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "unit_reference.h"

namespace validation_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using sepaxis_unit::kInf;
using sepaxis_unit::kNaN;

const double kNonFinite[] = {std::numeric_limits<double>::quiet_NaN(), kInf, -kInf};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// The common shape of every error: the expected code and field, the value, and a message that
/// starts with the field and ends with ", got <value>".
template <class T>
::testing::AssertionResult failsWith(const Expected<T>& result, ErrorCode code, const std::string& field,
                                     double value) {
  if (result.ok()) return ::testing::AssertionFailure() << "accepted; expected an error on " << field;
  const Error& e = result.error();
  if (e.code != code)
    return ::testing::AssertionFailure() << "code " << int(e.code) << " instead of " << int(code) << " (" << e.message
                                         << ")";
  if (e.field != field)
    return ::testing::AssertionFailure() << "field \"" << e.field << "\" instead of \"" << field << "\"";
  const bool sameValue = std::isnan(value) ? std::isnan(e.value) : e.value == value;
  if (!sameValue) return ::testing::AssertionFailure() << "value " << e.value << " instead of " << value;
  const std::string got = formatNumber(value);
  if (e.message.rfind(field + " must be ", 0) != 0 || e.message.size() < got.size() ||
      e.message.compare(e.message.size() - got.size(), got.size(), got) != 0 || !contains(e.message, ", got "))
    return ::testing::AssertionFailure() << "message \"" << e.message << "\" does not read \"" << field
                                         << " must be <rule>, got ..." << got << "\"";
  return ::testing::AssertionSuccess();
}

Vec3 withComponent(Vec3 v, int i, double value) {
  v[i] = value;
  return v;
}

// ---- formatNumber: the number format of every message.

TEST(NumberFormat, PrintsTheShortestFormThatReadsBack) {
  EXPECT_EQ(formatNumber(-2), "-2");
  EXPECT_EQ(formatNumber(0.5), "0.5");
  EXPECT_EQ(formatNumber(0.1), "0.1");
  EXPECT_EQ(formatNumber(3), "3");
  EXPECT_EQ(formatNumber(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(formatNumber(-1234.5), "-1234.5");
}

TEST(NumberFormat, PrintsWholeNumbersWithoutAnExponent) {
  EXPECT_EQ(formatNumber(10), "10");
  EXPECT_EQ(formatNumber(100), "100");
  EXPECT_EQ(formatNumber(-1500), "-1500");
  EXPECT_EQ(formatNumber(123456), "123456");
  EXPECT_EQ(formatNumber(0), "0");
}

TEST(NumberFormat, PrintsNaNAndInfinitiesByName) {
  EXPECT_EQ(formatNumber(std::nan("")), "NaN");
  EXPECT_EQ(formatNumber(kInf), "Infinity");
  EXPECT_EQ(formatNumber(-kInf), "-Infinity");
}

// ---- Exact messages of representative cases: these pin the format.

TEST(ValidationMessages, ANegativeHalfExtentReadsFieldRuleAndValue) {
  const Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  auto r = makeObb({0, 0, 0}, axes, {1, -2, 3});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::Negative);
  EXPECT_EQ(r.error().field, "obb.halfExtents[1]");
  EXPECT_EQ(r.error().value, -2);
  EXPECT_EQ(r.error().message, "obb.halfExtents[1] must be >= 0, got -2");
}

TEST(ValidationMessages, ANaNCentreComponentReadsMustBeFiniteGotNaN) {
  auto r = makeSphere({0, std::nan(""), 0}, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "sphere.center[1] must be finite, got NaN");
}

TEST(ValidationMessages, AnInfiniteRadiusReadsGotInfinity) {
  auto r = makeSphere({0, 0, 0}, kInf);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "sphere.radius must be finite, got Infinity");
  auto n = makeSphere({0, 0, 0}, -kInf);
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.error().message, "sphere.radius must be finite, got -Infinity");
}

TEST(ValidationMessages, AMinAboveMaxNamesBothValues) {
  auto r = makeAabb({0, 0, 5}, {1, 1, 3});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::MinAboveMax);
  EXPECT_EQ(r.error().field, "aabb.min[2]");
  EXPECT_EQ(r.error().value, 5);
  EXPECT_EQ(r.error().message, "aabb.min[2] must be <= aabb.max[2] (3), got 5");
}

TEST(ValidationMessages, ANonFiniteAxisComponentNamesAxisAndComponent) {
  const Vec3 axes[3] = {{1, 0, 0}, {0, 1, std::nan("")}, {0, 0, 1}};
  auto r = makeObb({0, 0, 0}, axes, {1, 1, 1});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "obb.axes[1][2] must be finite, got NaN");
}

TEST(ValidationMessages, AnAxisOfWrongLengthReadsItsLength) {
  const Vec3 axes[3] = {{1.5, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  auto r = makeObb({0, 0, 0}, axes, {1, 1, 1});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::NotOrthonormal);
  EXPECT_EQ(r.error().field, "obb.axes[0]");
  EXPECT_EQ(r.error().message, "obb.axes[0] must be unit length within 0.001, got length 1.5");
}

TEST(ValidationMessages, AnUnknownKReadsTheAllowedValues) {
  const double lo[5] = {}, hi[5] = {};
  auto r = makeKdop(10, lo, hi, 5);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::UnknownK);
  EXPECT_EQ(r.error().field, "kdop.k");
  EXPECT_EQ(r.error().value, 10);
  EXPECT_EQ(r.error().message, "kdop.k must be one of 6, 8, 14, 18, 26, got 10");
}

TEST(ValidationMessages, AWrongArrayLengthReadsTheExpectedAndGivenLength) {
  const double lo[5] = {}, hi[5] = {};
  auto r = makeKdop(14, lo, hi, 5);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::WrongLength);
  EXPECT_EQ(r.error().field, "kdop.min");
  EXPECT_EQ(r.error().value, 5);
  EXPECT_EQ(r.error().message, "kdop.min must be an array of k/2 = 7 numbers, got length 5");
}

// ---- Sphere.

TEST(SphereValidation, RejectsNaNAndInfinityInEveryCentreComponent) {
  for (int i = 0; i < 3; ++i)
    for (double bad : kNonFinite) {
      SCOPED_TRACE("component " + std::to_string(i) + " = " + formatNumber(bad));
      EXPECT_TRUE(failsWith(makeSphere(withComponent({1, 2, 3}, i, bad), 1), ErrorCode::NotFinite,
                            "sphere.center[" + std::to_string(i) + "]", bad));
    }
}

TEST(SphereValidation, RejectsANonFiniteRadius) {
  for (double bad : kNonFinite)
    EXPECT_TRUE(failsWith(makeSphere({0, 0, 0}, bad), ErrorCode::NotFinite, "sphere.radius", bad));
}

TEST(SphereValidation, RejectsANegativeRadius) {
  EXPECT_TRUE(failsWith(makeSphere({0, 0, 0}, -2), ErrorCode::Negative, "sphere.radius", -2));
  EXPECT_TRUE(failsWith(makeSphere({0, 0, 0}, -1e-300), ErrorCode::Negative, "sphere.radius", -1e-300));
}

TEST(SphereValidation, AcceptsAPointSphereAndNegativeZero) {
  auto p = makeSphere({1, 2, 3}, 0);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->radius, 0);
  EXPECT_TRUE(sepaxis_unit::vecEq(p->center, {1, 2, 3}));
  EXPECT_TRUE(makeSphere({1, 2, 3}, -0.0).ok()) << "-0 is not below zero";
}

// ---- AABB, in its three representations.

TEST(AabbValidation, RejectsNaNAndInfinityInEveryMinAndMaxComponent) {
  for (int i = 0; i < 3; ++i)
    for (double bad : kNonFinite) {
      SCOPED_TRACE("component " + std::to_string(i) + " = " + formatNumber(bad));
      EXPECT_TRUE(failsWith(makeAabb(withComponent({0, 0, 0}, i, bad), {1, 1, 1}), ErrorCode::NotFinite,
                            "aabb.min[" + std::to_string(i) + "]", bad));
      EXPECT_TRUE(failsWith(makeAabb({0, 0, 0}, withComponent({1, 1, 1}, i, bad)), ErrorCode::NotFinite,
                            "aabb.max[" + std::to_string(i) + "]", bad));
    }
}

TEST(AabbValidation, RejectsMinAboveMaxOnEachAxisNamingTheMinAndBothValues) {
  for (int i = 0; i < 3; ++i) {
    SCOPED_TRACE("axis " + std::to_string(i));
    auto r = makeAabb(withComponent({0, 0, 0}, i, 2.5), withComponent({1, 1, 1}, i, -0.75));
    EXPECT_TRUE(failsWith(r, ErrorCode::MinAboveMax, "aabb.min[" + std::to_string(i) + "]", 2.5));
    if (!r.ok()) {
      EXPECT_TRUE(contains(r.error().message, "-0.75")) << r.error().message;
    }
  }
}

TEST(AabbValidation, RejectsAMinAboveMaxByOneUlp) {
  const double x = 1.0;
  auto r = makeAabb({std::nextafter(x, 2.0), 0, 0}, {x, 1, 1});
  EXPECT_TRUE(failsWith(r, ErrorCode::MinAboveMax, "aabb.min[0]", std::nextafter(x, 2.0)));
}

TEST(AabbValidation, FromCentreRejectsNonFiniteCentreAndHalfExtents) {
  for (int i = 0; i < 3; ++i)
    for (double bad : kNonFinite) {
      SCOPED_TRACE("component " + std::to_string(i) + " = " + formatNumber(bad));
      EXPECT_TRUE(failsWith(makeAabbFromCenter(withComponent({0, 0, 0}, i, bad), {1, 1, 1}), ErrorCode::NotFinite,
                            "aabb.center[" + std::to_string(i) + "]", bad));
      EXPECT_TRUE(failsWith(makeAabbFromCenter({0, 0, 0}, withComponent({1, 1, 1}, i, bad)), ErrorCode::NotFinite,
                            "aabb.halfExtents[" + std::to_string(i) + "]", bad));
    }
}

TEST(AabbValidation, FromCentreRejectsNegativeHalfExtents) {
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(failsWith(makeAabbFromCenter({0, 0, 0}, withComponent({1, 1, 1}, i, -2)), ErrorCode::Negative,
                          "aabb.halfExtents[" + std::to_string(i) + "]", -2));
}

TEST(AabbValidation, FromMinWidthsRejectsNonFiniteMinAndWidths) {
  for (int i = 0; i < 3; ++i)
    for (double bad : kNonFinite) {
      SCOPED_TRACE("component " + std::to_string(i) + " = " + formatNumber(bad));
      EXPECT_TRUE(failsWith(makeAabbFromMinWidths(withComponent({0, 0, 0}, i, bad), {1, 1, 1}), ErrorCode::NotFinite,
                            "aabb.min[" + std::to_string(i) + "]", bad));
      EXPECT_TRUE(failsWith(makeAabbFromMinWidths({0, 0, 0}, withComponent({1, 1, 1}, i, bad)), ErrorCode::NotFinite,
                            "aabb.widths[" + std::to_string(i) + "]", bad));
    }
}

TEST(AabbValidation, FromMinWidthsRejectsNegativeWidths) {
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(failsWith(makeAabbFromMinWidths({0, 0, 0}, withComponent({1, 1, 1}, i, -0.5)), ErrorCode::Negative,
                          "aabb.widths[" + std::to_string(i) + "]", -0.5));
}

TEST(AabbValidation, RejectsAFiniteCentreAndHalfExtentWhoseBoxOverflows) {
  auto r = makeAabbFromCenter({1e308, 0, 0}, {1e308, 1, 1});
  ASSERT_FALSE(r.ok()) << "max.x = 2e308 is not a finite double";
  EXPECT_EQ(r.error().code, ErrorCode::NotFinite);
}

// ---- OBB.

const Vec3 kIdentityAxes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

TEST(ObbValidation, RejectsNonFiniteCentreComponents) {
  for (int i = 0; i < 3; ++i)
    for (double bad : kNonFinite)
      EXPECT_TRUE(failsWith(makeObb(withComponent({0, 0, 0}, i, bad), kIdentityAxes, {1, 1, 1}), ErrorCode::NotFinite,
                            "obb.center[" + std::to_string(i) + "]", bad));
}

TEST(ObbValidation, RejectsNonFiniteComponentsInEveryAxis) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (double bad : kNonFinite) {
        Vec3 axes[3] = {kIdentityAxes[0], kIdentityAxes[1], kIdentityAxes[2]};
        axes[i][j] = bad;
        SCOPED_TRACE("axes[" + std::to_string(i) + "][" + std::to_string(j) + "] = " + formatNumber(bad));
        EXPECT_TRUE(failsWith(makeObb({0, 0, 0}, axes, {1, 1, 1}), ErrorCode::NotFinite,
                              "obb.axes[" + std::to_string(i) + "][" + std::to_string(j) + "]", bad));
      }
}

TEST(ObbValidation, RejectsNonFiniteHalfExtents) {
  for (int i = 0; i < 3; ++i)
    for (double bad : kNonFinite)
      EXPECT_TRUE(failsWith(makeObb({0, 0, 0}, kIdentityAxes, withComponent({1, 1, 1}, i, bad)), ErrorCode::NotFinite,
                            "obb.halfExtents[" + std::to_string(i) + "]", bad));
}

TEST(ObbValidation, RejectsNegativeHalfExtentsOnEachAxis) {
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(failsWith(makeObb({0, 0, 0}, kIdentityAxes, withComponent({1, 1, 1}, i, -0.25)), ErrorCode::Negative,
                          "obb.halfExtents[" + std::to_string(i) + "]", -0.25));
}

TEST(ObbValidation, RejectsAnAxisLongerOrShorterThanOneByMoreThanTheTolerance) {
  for (int i = 0; i < 3; ++i)
    for (double len : {1.0011, 0.9989, 2.0, 0.0}) {
      Vec3 axes[3] = {kIdentityAxes[0], kIdentityAxes[1], kIdentityAxes[2]};
      axes[i] = axes[i] * len;
      SCOPED_TRACE("axis " + std::to_string(i) + " of length " + formatNumber(len));
      auto r = makeObb({0, 0, 0}, axes, {1, 1, 1});
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.error().code, ErrorCode::NotOrthonormal);
      EXPECT_EQ(r.error().field, "obb.axes[" + std::to_string(i) + "]");
      EXPECT_TRUE(contains(r.error().message, "obb.axes[" + std::to_string(i) + "]")) << r.error().message;
      EXPECT_TRUE(contains(r.error().message, formatNumber(r.error().value))) << r.error().message;
      EXPECT_NEAR(r.error().value, len, 1e-15);
    }
}

TEST(ObbValidation, RejectsAxesFartherFromPerpendicularThanTheTolerance) {
  const Vec3 axes[3] = {{1, 0, 0}, {0.0011, 1, 0}, {0, 0, 1}};
  auto r = makeObb({0, 0, 0}, axes, {1, 1, 1});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::NotOrthonormal);
  EXPECT_EQ(r.error().field.rfind("obb.axes[", 0), 0u) << r.error().field;
  EXPECT_DOUBLE_EQ(r.error().value, 0.0011);
  EXPECT_TRUE(contains(r.error().message, "0.0011")) << r.error().message;
  EXPECT_TRUE(contains(r.error().message, r.error().field)) << r.error().message;

  const Vec3 parallel[3] = {{1, 0, 0}, {1, 0, 0}, {0, 0, 1}};
  auto p = makeObb({0, 0, 0}, parallel, {1, 1, 1});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().code, ErrorCode::NotOrthonormal);
}

// The result must be orthonormal to machine precision, the nearest orthonormal frame to the given
// axes (the polar factor Q of A = [a0 a1 a2]: Q^T A is symmetric positive definite) and of the
// same handedness.
void expectOrthonormalisedFrom(const Obb& box, const Vec3 (&given)[3]) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(length(box.axis[i]), 1, 1e-15) << "axis " << i;
    for (int j = i + 1; j < 3; ++j) EXPECT_NEAR(dot(box.axis[i], box.axis[j]), 0, 1e-15) << i << "," << j;
    EXPECT_TRUE(sepaxis_unit::vecNear(box.axis[i], normalize(given[i]), 2e-3)) << "axis " << i;
  }
  for (int i = 0; i < 3; ++i) {
    EXPECT_GT(dot(box.axis[i], given[i]), 0.99) << "Q^T A has a positive diagonal";
    for (int j = i + 1; j < 3; ++j)
      EXPECT_NEAR(dot(box.axis[i], given[j]), dot(box.axis[j], given[i]), 1e-12)
          << "Q^T A is symmetric, so Q is the nearest orthonormal frame (" << i << "," << j << ")";
  }
  const double givenDet = dot(given[0], cross(given[1], given[2]));
  const double det = dot(box.axis[0], cross(box.axis[1], box.axis[2]));
  EXPECT_NEAR(det, givenDet > 0 ? 1 : -1, 1e-15) << "handedness";
}

TEST(ObbValidation, AcceptsAxesWithinTheToleranceAndReOrthonormalisesThem) {
  const Vec3 axes[3] = {{1.0009, 0.0001, 0}, {0.0005, 0.9992, 0.0003}, {-0.0002, 0.0004, 1.0007}};
  auto r = makeObb({1, 2, 3}, axes, {1, 2, 3});
  ASSERT_TRUE(r.ok()) << r.error().message;
  expectOrthonormalisedFrom(*r, axes);
  EXPECT_TRUE(sepaxis_unit::vecEq(r->center, {1, 2, 3}));
  EXPECT_TRUE(sepaxis_unit::vecEq(r->halfExtents, {1, 2, 3}));
}

TEST(ObbValidation, AcceptsALeftHandedFrameAndKeepsItLeftHanded) {
  const Vec3 axes[3] = {{0, 1, 0}, {1, 0, 0.0005}, {0, 0, 1}};
  auto r = makeObb({0, 0, 0}, axes, {1, 1, 1});
  ASSERT_TRUE(r.ok()) << r.error().message;
  expectOrthonormalisedFrom(*r, axes);
}

TEST(ObbValidation, ARandomRotationPerturbedWithinToleranceIsAcceptedAndCleaned) {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> jitter(-2e-4, 2e-4);
  for (int n = 0; n < 200; ++n) {
    const Mat3 r = toMat3(sepaxis_unit::randomQuat(rng));
    Vec3 axes[3];
    for (int i = 0; i < 3; ++i) {
      const double a = jitter(rng), b = jitter(rng), c = jitter(rng);
      axes[i] = r.column(i) + Vec3{a, b, c};
    }
    auto box = makeObb({0, 0, 0}, axes, {1, 1, 1});
    ASSERT_TRUE(box.ok()) << box.error().message;
    expectOrthonormalisedFrom(*box, axes);
  }
}

TEST(ObbValidation, AcceptsFlatAndPointBoxes) {
  EXPECT_TRUE(makeObb({0, 0, 0}, kIdentityAxes, {1, 0, 2}).ok());
  EXPECT_TRUE(makeObb({0, 0, 0}, kIdentityAxes, {0, 0, 0}).ok());
}

TEST(ObbValidation, FromRotationRejectsANonFiniteOrNonOrthonormalMatrix) {
  Mat3 m;
  m.m[2][1] = std::nan("");
  auto r = makeObbFromRotation({0, 0, 0}, m, {1, 1, 1});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::NotFinite);
  EXPECT_TRUE(std::isnan(r.error().value));
  EXPECT_TRUE(contains(r.error().message, r.error().field));

  Mat3 shear;
  shear.m[0][1] = 0.5;
  auto s = makeObbFromRotation({0, 0, 0}, shear, {1, 1, 1});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::NotOrthonormal);
}

TEST(ObbValidation, FromQuaternionRejectsNonFiniteComponentsNamingEach) {
  for (int i = 0; i < 4; ++i)
    for (double bad : kNonFinite) {
      double c[4] = {0, 0, 0, 1};
      c[i] = bad;
      SCOPED_TRACE("component " + std::to_string(i) + " = " + formatNumber(bad));
      EXPECT_TRUE(failsWith(makeObbFromQuaternion({0, 0, 0}, Quat{c[0], c[1], c[2], c[3]}, {1, 1, 1}),
                            ErrorCode::NotFinite, "obb.rotation[" + std::to_string(i) + "]", bad));
    }
}

TEST(ObbValidation, FromQuaternionRejectsANonUnitQuaternion) {
  for (Quat q : {Quat{0, 0, 0, 2}, Quat{0, 0, 0, 0}, Quat{0.6, 0, 0, 0.8015}, Quat{0, 0, 0, 0.9985}}) {
    const double len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    auto r = makeObbFromQuaternion({0, 0, 0}, q, {1, 1, 1});
    ASSERT_FALSE(r.ok()) << "length " << len;
    EXPECT_EQ(r.error().code, ErrorCode::NotUnit);
    EXPECT_EQ(r.error().field, "obb.rotation");
    EXPECT_NEAR(r.error().value, len, 1e-15);
    EXPECT_TRUE(contains(r.error().message, "obb.rotation")) << r.error().message;
    EXPECT_TRUE(contains(r.error().message, formatNumber(r.error().value))) << r.error().message;
  }
  auto exact = makeObbFromQuaternion({0, 0, 0}, Quat{0, 0, 0, 2}, {1, 1, 1});
  ASSERT_FALSE(exact.ok());
  EXPECT_EQ(exact.error().message, "obb.rotation must be a unit quaternion within 0.001, got length 2");
}

TEST(ObbValidation, FromQuaternionAcceptsANearlyUnitQuaternionAndNormalisesIt) {
  auto r = makeObbFromQuaternion({0, 0, 0}, Quat{0, 0, 0.6, 0.8008}, {1, 1, 1});
  ASSERT_TRUE(r.ok()) << r.error().message;
  const Mat3 m = toMat3(sepaxis_unit::normalized({0, 0, 0.6, 0.8008}));
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(length(r->axis[i]), 1, 1e-15);
    EXPECT_TRUE(sepaxis_unit::vecNear(r->axis[i], m.column(i), 1e-14)) << "axis " << i;
  }
}

// ---- k-DOP.

std::vector<double> filled(int n, double v) { return std::vector<double>(size_t(n), v); }

TEST(KdopValidation, RejectsAnUnknownK) {
  const double lo[13] = {}, hi[13] = {};
  for (int k : {10, 0, -6, 7, 12, 16, 27}) {
    SCOPED_TRACE("k = " + std::to_string(k));
    EXPECT_TRUE(failsWith(makeKdop(k, lo, hi, k > 0 ? k / 2 : 0), ErrorCode::UnknownK, "kdop.k", k));
  }
}

TEST(KdopValidation, RejectsAWrongNumberOfEntries) {
  const double lo[13] = {}, hi[13] = {};
  for (int k : {6, 8, 14, 18, 26})
    for (int count : {0, k / 2 - 1, k / 2 + 1}) {
      if (count > 13) continue;
      SCOPED_TRACE("k = " + std::to_string(k) + ", count = " + std::to_string(count));
      auto r = makeKdop(k, lo, hi, count);
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.error().code, ErrorCode::WrongLength);
      EXPECT_EQ(r.error().value, count);
      EXPECT_TRUE(contains(r.error().message, r.error().field)) << r.error().message;
      EXPECT_TRUE(contains(r.error().message, std::to_string(count))) << r.error().message;
      EXPECT_TRUE(contains(r.error().message, std::to_string(k / 2))) << r.error().message;
    }
}

TEST(KdopValidation, RejectsNaNAndInfinityInEveryMinAndMaxEntry) {
  for (int k : {6, 8, 14, 18, 26})
    for (int i = 0; i < k / 2; ++i)
      for (double bad : kNonFinite) {
        SCOPED_TRACE("k = " + std::to_string(k) + ", entry " + std::to_string(i) + " = " + formatNumber(bad));
        std::vector<double> lo = filled(k / 2, -1), hi = filled(k / 2, 1);
        lo[size_t(i)] = bad;
        EXPECT_TRUE(failsWith(makeKdop(k, lo.data(), hi.data(), k / 2), ErrorCode::NotFinite,
                              "kdop.min[" + std::to_string(i) + "]", bad));
        lo[size_t(i)] = -1;
        hi[size_t(i)] = bad;
        EXPECT_TRUE(failsWith(makeKdop(k, lo.data(), hi.data(), k / 2), ErrorCode::NotFinite,
                              "kdop.max[" + std::to_string(i) + "]", bad));
      }
}

TEST(KdopValidation, RejectsAMinAboveMaxOnEverySlabNamingBothValues) {
  for (int i = 0; i < 13; ++i) {
    std::vector<double> lo = filled(13, -1), hi = filled(13, 1);
    lo[size_t(i)] = 0.5;
    hi[size_t(i)] = 0.25;
    SCOPED_TRACE("slab " + std::to_string(i));
    auto r = makeKdop(26, lo.data(), hi.data(), 13);
    EXPECT_TRUE(failsWith(r, ErrorCode::MinAboveMax, "kdop.min[" + std::to_string(i) + "]", 0.5));
    if (!r.ok()) {
      EXPECT_TRUE(contains(r.error().message, "0.25")) << r.error().message;
    }
  }
}

::testing::AssertionResult isEmptyIntersection(int k, const std::vector<double>& lo, const std::vector<double>& hi) {
  auto r = makeKdop(k, lo.data(), hi.data(), int(lo.size()));
  if (r.ok()) return ::testing::AssertionFailure() << "accepted with " << r->vertexCount << " vertices";
  if (r.error().code != ErrorCode::EmptyIntersection)
    return ::testing::AssertionFailure() << "wrong error: " << r.error().message;
  if (r.error().field.rfind("kdop", 0) != 0 || !contains(r.error().message, r.error().field))
    return ::testing::AssertionFailure() << "field \"" << r.error().field << "\", message \"" << r.error().message
                                         << "\"";
  return ::testing::AssertionSuccess();
}

TEST(KdopValidation, RejectsA14DopWhoseCornerSlabMissesTheCube) {
  // x, y, z in [0, 1] but x + y + z >= 4: no point.
  EXPECT_TRUE(isEmptyIntersection(14, {0, 0, 0, 4, -10, -10, -10}, {1, 1, 1, 5, 10, 10, 10}));
  // Missing by 0.001 along (1,1,1): still empty, far beyond rounding.
  EXPECT_TRUE(isEmptyIntersection(14, {0, 0, 0, 3.001, -10, -10, -10}, {1, 1, 1, 5, 10, 10, 10}));
}

TEST(KdopValidation, RejectsAn8DopWhoseSlabsContradictOnlyTogether) {
  // d0 + d3 = 2x = d1 + d2 for the corner directions, so d0 = d3 = 0 and d1 = d2 = 5 contradict,
  // although every pair of slabs alone has common points.
  EXPECT_TRUE(isEmptyIntersection(8, {0, 5, 5, 0}, {0, 5, 5, 0}));
}

TEST(KdopValidation, RejectsAn18DopWhoseEdgeSlabMissesTheSquare) {
  EXPECT_TRUE(isEmptyIntersection(18, {0, 0, 0, 2.5, -9, -9, -9, -9, -9}, {1, 1, 1, 3, 9, 9, 9, 9, 9}));
}

TEST(KdopValidation, AcceptsSlabsThatMeetInASinglePoint) {
  // The cube [0,1]^3 with x + y + z >= 3 is the corner (1,1,1) alone.
  auto r = makeKdop(14, std::vector<double>{0, 0, 0, 3, -10, -10, -10}.data(),
                    std::vector<double>{1, 1, 1, 5, 10, 10, 10}.data(), 7);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->vertexCount, 1);
}

TEST(KdopValidation, AcceptsZeroWidthSlabs) {
  auto flat = makeKdop(6, std::vector<double>{0, 0, 2}.data(), std::vector<double>{1, 1, 2}.data(), 3);
  EXPECT_TRUE(flat.ok());
  auto point = makeKdop(26, filled(13, 0).data(), filled(13, 0).data(), 13);
  EXPECT_TRUE(point.ok());
  auto corner = makeKdop(8, std::vector<double>{1, 1, 1, 1}.data(), std::vector<double>{1, 1, 1, 1}.data(), 4);
  EXPECT_TRUE(corner.ok()) << "the point (1,0,0) satisfies all four corner slabs at 1";
}

}  // namespace
}  // namespace validation_test
