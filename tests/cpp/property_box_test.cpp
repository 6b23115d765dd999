// Property tests of the box pairs (AABB-AABB, AABB-OBB, OBB-OBB) against the independent oracle
// (oracle/oracle.h): 10,000 generated cases per pair, random and adversarial (oracle/generators.h),
// both orders, verdict and penetration report. Named seeds make every failure reproducible.

#include <gtest/gtest.h>

#include "oracle/property_driver.h"

namespace property_box_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis_oracle;

constexpr uint64_t kSeedAabbAabb = 0xA4B6A4B6'00000001ull;
constexpr uint64_t kSeedAabbObb = 0xA4B60BB0'00000002ull;
constexpr uint64_t kSeedObbObb = 0x0BB00BB0'00000003ull;

TEST(PropertyAabbAabb, AgreesWithLinearProgramOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Aabb, Kind::Aabb, kSeedAabbAabb, 10000};
  expectCoverage(runPairProperty(options), options);
}

TEST(PropertyAabbObb, AgreesWithLinearProgramOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Aabb, Kind::Obb, kSeedAabbObb, 10000};
  expectCoverage(runPairProperty(options), options);
}

TEST(PropertyObbObb, AgreesWithLinearProgramOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Obb, Kind::Obb, kSeedObbObb, 10000};
  expectCoverage(runPairProperty(options), options);
}

}  // namespace
}  // namespace property_box_test
