// Property tests of the pairs with a k-DOP (AABB-k-DOP, OBB-k-DOP, k-DOP-k-DOP with mixed k)
// against the independent oracle (oracle/oracle.h), and of the conservative k-DOP test: it must
// never miss an overlap, and it must be fooled by some pairs that are apart only along a cross
// product of edges (that is what makes it conservative rather than exact).

#include <gtest/gtest.h>

#include "oracle/property_driver.h"

namespace property_kdop_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis_oracle;

constexpr uint64_t kSeedAabbKdop = 0xA4B6D0B0'00000021ull;
constexpr uint64_t kSeedObbKdop = 0x0BB0D0B0'00000022ull;
constexpr uint64_t kSeedKdopKdop = 0xD0B0D0B0'00000023ull;

TEST(PropertyAabbKdop, AgreesWithLinearProgramOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Aabb, Kind::Kdop, kSeedAabbKdop, 10000};
  expectCoverage(runPairProperty(options), options);
}

TEST(PropertyObbKdop, AgreesWithLinearProgramOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Obb, Kind::Kdop, kSeedObbKdop, 10000};
  expectCoverage(runPairProperty(options), options);
}

TEST(PropertyKdopKdop, AgreesWithLinearProgramOnTenThousandMixedKCasesAndTheConservativeTestIsOnlyConservative) {
  const PairOptions options{Kind::Kdop, Kind::Kdop, kSeedKdopKdop, 10000};
  const PairStats stats = runPairProperty(options);
  expectCoverage(stats, options);
  // The classic test compares only the shared slab directions: it must say "overlap" for some
  // pairs the oracle proves apart, and such pairs come from the edge-edge generator.
  EXPECT_GT(stats.conservativeButSeparatedEdgeEdge, 20);
}

}  // namespace
}  // namespace property_kdop_test
