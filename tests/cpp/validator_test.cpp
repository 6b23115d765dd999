// The one validator per volume type (sepaxis/validate.h) is the only judge: on adversarial inputs
// (special numbers in every field, lengths and dot products at the tolerance's edge) make*,
// tryMake*, the batch loaders (scalar and SIMD paths) and validate* accept exactly the same
// volumes, and make*'s message is the validator's Problem, formatted.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "sepaxis/validate.h"
#include "unit_reference.h"

namespace validator_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;

using sepaxis_unit::kInf;
using sepaxis_unit::kNaN;
constexpr double kTol = tolerance::kOrthonormal;

// Values each number of a volume is set to, one at a time.
std::vector<double> specials() {
  return {kNaN, kInf, -kInf, -1, -0.0, 0, 1e-300, -1e-300, 1e308, -1e308, kMaxDouble, -kMaxDouble, 2, 0.5};
}

// Valid partners of every type, in batch field order.
struct Partner {
  VolumeType type;
  int k;
  std::vector<double> fields;
};
const std::vector<Partner>& partners() {
  static const std::vector<Partner> all = {
      {VolumeType::Sphere, 0, {0.5, 0, 0, 1}},
      {VolumeType::Aabb, 0, {-1, -1, -1, 1, 1, 1}},
      {VolumeType::Obb, 0, {0, 0.5, 0, 0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1, 1, 1, 1}},
      {VolumeType::Kdop, 6, {-1, -1, -1, 1, 1, 1}},
  };
  return all;
}

// An element's numbers in batch field order (batch.h), tested against a valid partner of every
// type, in both orders, through a batch of 4 (the SIMD groups: their fast masks may only decline
// a lane, never pass an invalid one) and of 1 (the scalar tail and generic loads): the result is
// kBatchInvalid exactly when `invalid`.
void expectBatchVerdict(VolumeType type, int k, const std::vector<double>& fields, bool invalid,
                        const std::string& what) {
  for (const Partner& partner : partners()) {
    for (const size_t count : {size_t(1), size_t(4)}) {
      std::vector<double> a(fields.size() * count), b(partner.fields.size() * count);
      for (size_t f = 0; f < fields.size(); ++f)
        for (size_t i = 0; i < count; ++i) a[f * count + i] = fields[f];
      for (size_t f = 0; f < partner.fields.size(); ++f)
        for (size_t i = 0; i < count; ++i) b[f * count + i] = partner.fields[f];
      const BatchLayout la{type, k, a.data(), count}, lb{partner.type, partner.k, b.data(), count};
      std::vector<uint8_t> out(count);
      const std::string where =
          what + " against type " + std::to_string(int(partner.type)) + ", batch of " + std::to_string(count);
      overlapsPairwise(la, lb, count, out.data());
      for (size_t i = 0; i < count; ++i) EXPECT_EQ(out[i] == kBatchInvalid, invalid) << where;
      overlapsPairwise(lb, la, count, out.data());
      for (size_t i = 0; i < count; ++i) EXPECT_EQ(out[i] == kBatchInvalid, invalid) << where << ", second";
    }
  }
}

// make*'s verdict and message against the validator's.
template <class T>
void expectSameJudgement(const Expected<T>& made, const Problem& problem, bool tried, const std::string& what) {
  EXPECT_EQ(made.ok(), !problem) << what;
  EXPECT_EQ(tried, !problem) << what << ": tryMake* disagrees with the validator";
  if (!made.ok() && problem) {
    EXPECT_NE(problem.field, nullptr);
    const Error e = toError(problem);
    EXPECT_EQ(made.error().message, e.message) << what;
    EXPECT_EQ(made.error().field, e.field) << what;
    EXPECT_EQ(int(made.error().code), int(e.code)) << what;
  }
}

TEST(Validator, SphereReadersAllAskTheSphereValidator) {
  const std::vector<double> valid = {1, 2, 3, 0.5};
  for (int f = 0; f < 4; ++f) {
    for (const double v : specials()) {
      std::vector<double> x = valid;
      x[f] = v;
      const Vec3 c{x[0], x[1], x[2]};
      const Problem p = validateSphere(c, x[3]);
      const std::string what = "sphere field " + std::to_string(f) + " = " + formatNumber(v);
      EXPECT_EQ(isValidSphere(c, x[3]), !p) << what;
      expectSameJudgement(makeSphere(c, x[3]), p, !p, what);
      expectBatchVerdict(VolumeType::Sphere, 0, x, bool(p), what);
    }
  }
}

TEST(Validator, AabbReadersAllAskTheAabbValidator) {
  const std::vector<double> valid = {-1, -2, -3, 1, 2, 3};
  for (int f = 0; f < 6; ++f) {
    for (const double v : specials()) {
      std::vector<double> x = valid;
      x[f] = v;
      const Vec3 lo{x[0], x[1], x[2]}, hi{x[3], x[4], x[5]};
      const Problem p = validateAabb(lo, hi);
      const std::string what = "aabb field " + std::to_string(f) + " = " + formatNumber(v);
      EXPECT_EQ(isValidAabb(lo, hi), !p) << what;
      expectSameJudgement(makeAabb(lo, hi), p, !p, what);
      expectBatchVerdict(VolumeType::Aabb, 0, x, bool(p), what);
    }
  }
}

// OBB axes at the edge of the tolerance: lengths 1 +- kTol and dot products +-kTol, a few ulps
// either side, where a square-root test and a squared test could round apart.
std::vector<double> obbEdgeValues() {
  std::vector<double> v = specials();
  for (const double edge : {1 + kTol, 1 - kTol, kTol, -kTol, std::sqrt(kTol)})
    for (int ulps = -3; ulps <= 3; ++ulps) {
      double x = edge;
      for (int i = 0; i < std::abs(ulps); ++i) x = std::nextafter(x, ulps < 0 ? -kInf : kInf);
      v.push_back(x);
    }
  return v;
}

TEST(Validator, ObbReadersAllAskTheObbValidatorAtTheToleranceEdge) {
  const std::vector<double> valid = {1, 2, 3, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 1, 2};
  for (int f = 0; f < 15; ++f) {
    for (const double v : obbEdgeValues()) {
      std::vector<double> x = valid;
      x[f] = v;
      const Vec3 c{x[0], x[1], x[2]}, axes[3] = {{x[3], x[4], x[5]}, {x[6], x[7], x[8]}, {x[9], x[10], x[11]}};
      const Vec3 h{x[12], x[13], x[14]};
      const Problem p = validateObb(c, axes, h);
      Obb box;
      const std::string what = "obb field " + std::to_string(f) + " = " + formatNumber(v);
      expectSameJudgement(makeObb(c, axes, h), p, tryMakeObb(c, axes, h, box), what);
      expectBatchVerdict(VolumeType::Obb, 0, x, bool(p), what);
    }
  }
}

TEST(Validator, ObbQuaternionReadersAllAskTheValidator) {
  const double valid[10] = {1, 2, 3, 0, 0, 0, 1, 0.5, 1, 2};
  std::vector<double> values = specials();
  for (const double edge : {1 + 1e-3, 1 - 1e-3})
    for (int ulps = -2; ulps <= 2; ++ulps) values.push_back(edge + ulps * 2.220446049250313e-16);
  for (int f = 0; f < 10; ++f) {
    for (const double v : values) {
      double x[10];
      std::copy(valid, valid + 10, x);
      x[f] = v;
      const Vec3 c{x[0], x[1], x[2]}, h{x[7], x[8], x[9]};
      const Quat q{x[3], x[4], x[5], x[6]};
      const Problem p = validateObbQuaternion(c, q, h);
      Obb box;
      const std::string what = "quaternion obb field " + std::to_string(f) + " = " + formatNumber(v);
      expectSameJudgement(makeObbFromQuaternion(c, q, h), p, tryMakeObbFromQuaternion(c, q, h, box), what);
    }
  }
}

TEST(Validator, KdopReadersAllAskTheKdopValidator) {
  for (const int k : {6, 8, 14}) {
    const int n = k / 2;
    std::vector<double> valid(k);
    for (int j = 0; j < n; ++j) valid[batch_field::kdopMin(k, j)] = -1, valid[batch_field::kdopMax(k, j)] = 1;
    for (int f = 0; f < k; ++f) {
      for (const double v : specials()) {
        std::vector<double> x = valid;
        x[f] = v;
        std::vector<double> lo(n), hi(n);
        for (int j = 0; j < n; ++j) lo[j] = x[batch_field::kdopMin(k, j)], hi[j] = x[batch_field::kdopMax(k, j)];
        const Problem p = validateKdop(k, lo.data(), hi.data(), n);
        Kdop kdop;
        const std::string what = std::to_string(k) + "-DOP field " + std::to_string(f) + " = " + formatNumber(v);
        expectSameJudgement(makeKdop(k, lo.data(), hi.data(), n), p, tryMakeKdop(k, lo.data(), hi.data(), n, kdop),
                            what);
        expectBatchVerdict(VolumeType::Kdop, k, x, bool(p), what);
      }
    }
  }
  // k and the count are the validator's too.
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  Kdop kdop;
  for (const int k : {0, 5, 7, 27}) {
    const Problem p = validateKdop(k, lo, hi, 3);
    EXPECT_EQ(int(p.code), int(ErrorCode::UnknownK));
    expectSameJudgement(makeKdop(k, lo, hi, 3), p, tryMakeKdop(k, lo, hi, 3, kdop), "k = " + std::to_string(k));
  }
  const Problem wrong = validateKdop(6, lo, hi, 2);
  EXPECT_EQ(int(wrong.code), int(ErrorCode::WrongLength));
  expectSameJudgement(makeKdop(6, lo, hi, 2), wrong, tryMakeKdop(6, lo, hi, 2, kdop), "count 2 for k = 6");
}

TEST(Validator, AProblemNamesItsFieldWithoutAllocating) {
  // The Problem is plain data: the field is a static string, the element an index.
  static_assert(std::is_trivially_copyable_v<Problem>);
  const Problem p = validateObb({0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {1, -2, 1});
  ASSERT_TRUE(p);
  EXPECT_STREQ(p.field, "obb.halfExtents");
  EXPECT_EQ(p.index, 1);
  EXPECT_EQ(p.value, -2);
  EXPECT_EQ(toError(p).message, "obb.halfExtents[1] must be >= 0, got -2");
  const Problem axis = validateObb({0, 0, 0}, {{1, 0, 0}, {0, 1, kNaN}, {0, 0, 1}}, {1, 1, 1});
  EXPECT_EQ(toError(axis).message, "obb.axes[1][2] must be finite, got NaN");
  EXPECT_FALSE(validateSphere({0, 0, 0}, 0));
}

}  // namespace
}  // namespace validator_test
