// AABB-OBB far from the origin. The AABB enters the 15-axis box test without its rounded centre
// (min + max) / 2, which at 2^46 (7e13) is off by up to half an ulp of the coordinates, 0.0078:
// the offset to the OBB is computed with the centre folded in (obb_axes.h, centreOffset).
// Before, an OBB 0.004 clear of the AABB (a margin 4000 times the contract's band) overlapped it.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "batch_soa.h"
#include "sepaxis/sepaxis.h"

namespace far_aabb_obb_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;

constexpr double kFar = 0x1p46;  // ulp 2^-6 = 0.015625
constexpr double kUlp = 0x1p-6;
const Vec3 kIdentity[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

// min.x and max.x one ulp apart: their sum, 1.5 ulps of 2^47 above 2^47, rounds up, so the
// rounded centre is max.x itself.
Aabb farBox() { return *makeAabb({kFar + kUlp, -1, -1}, {kFar + 2 * kUlp, 1, 1}); }

// An OBB whose -x face lies `gap` beyond the box's max.x (gap < 0: inside by that much); its centre
// is a multiple of the ulp there, its half-extent takes the gap.
Obb boxBeyond(double gap, const Vec3 (&axes)[3] = kIdentity) {
  const double centre = kFar + 36 * kUlp;  // 0.5625 beyond kFar
  const double face = 2 * kUlp + gap;      // relative to kFar
  return *makeObb({centre, 0, 0}, axes, {36 * kUlp - face, 1, 1});
}

TEST(FarAabbObb, AGapOfAFewThousandthsIsSeen) {
  const Aabb box = farBox();
  for (const double gap : {0.004, 0.002, 0.001}) {
    const Obb obb = boxBeyond(gap);
    EXPECT_FALSE(overlaps(box, obb)) << "gap " << gap;
    EXPECT_FALSE(overlaps(obb, box)) << "gap " << gap;
    EXPECT_FALSE(collide(box, obb).overlap) << "gap " << gap;
    EXPECT_FALSE(collide(obb, box).overlap) << "gap " << gap;
  }
  for (const double gap : {-0.004, -0.002, -0.001, 0.0}) {
    const Obb obb = boxBeyond(gap);
    EXPECT_TRUE(overlaps(box, obb)) << "gap " << gap;
    EXPECT_TRUE(overlaps(obb, box)) << "gap " << gap;
    EXPECT_TRUE(collide(box, obb).overlap) << "gap " << gap;
    EXPECT_TRUE(collide(obb, box).overlap) << "gap " << gap;
  }
}

// The same with the OBB turned about x (its -x face stays where it was), and through batches:
// their f64 lanes and float filter compute the offset as the single test does.
TEST(FarAabbObb, BatchesAgreeAndSeeTheGap) {
  const double c = std::cos(0.3), s = std::sin(0.3);
  const Vec3 turned[3] = {{1, 0, 0}, {0, c, s}, {0, -s, c}};
  const std::vector<double> gaps = {0.004, -0.004, 0.002, -0.002, 0.001, -0.001, 0.0005, -0.0005};
  const Aabb box = farBox();
  test::Soa a(VolumeType::Aabb, 0, gaps.size()), b(VolumeType::Obb, 0, gaps.size());
  for (size_t i = 0; i < gaps.size(); ++i) {
    const Obb obb = boxBeyond(gaps[i], i % 2 ? kIdentity : turned);
    EXPECT_EQ(overlaps(box, obb), gaps[i] <= 0) << "gap " << gaps[i];
    for (int f = 0; f < 3; ++f) a.set(f, i, box.min[f]), a.set(3 + f, i, box.max[f]);
    for (int f = 0; f < 3; ++f) {
      b.set(f, i, obb.center[f]);
      b.set(12 + f, i, obb.halfExtents[f]);
      for (int k = 0; k < 3; ++k) b.set(3 + 3 * k + f, i, obb.axis[k][f]);
    }
  }
  const BatchLayout la = a.layout(Precision::Float64), lb = b.layout(Precision::Float64);
  std::vector<uint8_t> out(gaps.size(), 99);
  EXPECT_EQ(overlapsPairwise(la, lb, gaps.size(), out.data()), 0u);
  for (size_t i = 0; i < gaps.size(); ++i) EXPECT_EQ(out[i], gaps[i] <= 0 ? 1 : 0) << "gap " << gaps[i];
  test::expectBatchEqualsSingleCalls(la, lb, gaps.size(), "far AABB-OBB");
}

}  // namespace
}  // namespace far_aabb_obb_test
