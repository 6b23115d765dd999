// Property tests of the pairs with a sphere (sphere-sphere, sphere-AABB, sphere-OBB, sphere-k-DOP)
// against the independent oracle (oracle/oracle.h): the oracle finds the closest point of the
// polytope by enumerating faces, edges and vertices. 10,000 cases per pair, both orders.

#include <gtest/gtest.h>

#include "oracle/property_driver.h"

namespace property_sphere_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis_oracle;

constexpr uint64_t kSeedSphereSphere = 0x5F5F5F5F'00000011ull;
constexpr uint64_t kSeedSphereAabb = 0x5F5FA4B6'00000012ull;
constexpr uint64_t kSeedSphereObb = 0x5F5F0BB0'00000013ull;
constexpr uint64_t kSeedSphereKdop = 0x5F5FD0B0'00000014ull;

TEST(PropertySphereSphere, AgreesWithCentreDistanceOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Sphere, Kind::Sphere, kSeedSphereSphere, 10000};
  expectCoverage(runPairProperty(options), options);
}

TEST(PropertySphereAabb, AgreesWithClosestPointEnumerationOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Sphere, Kind::Aabb, kSeedSphereAabb, 10000};
  expectCoverage(runPairProperty(options), options);
}

TEST(PropertySphereObb, AgreesWithClosestPointEnumerationOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Sphere, Kind::Obb, kSeedSphereObb, 10000};
  expectCoverage(runPairProperty(options), options);
}

TEST(PropertySphereKdop, AgreesWithClosestPointEnumerationOnTenThousandRandomAndAdversarialCases) {
  const PairOptions options{Kind::Sphere, Kind::Kdop, kSeedSphereKdop, 10000};
  expectCoverage(runPairProperty(options), options);
}

}  // namespace
}  // namespace property_sphere_test
