// The tree is built as it was configured: CMake's SEPAXIS_SIMD=OFF compiles the scalar lanes into
// the library (the fallback every platform without SIMD runs, which npm test's check tree tests),
// and SEPAXIS_ASSERTIONS turns the invariant checks on.

#include <gtest/gtest.h>

#include "assertions.h"
#include "lanes.h"

namespace sepaxis {
namespace build_config_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

TEST(BuildConfiguration, TheLibraryCompilesTheLanesTheTreeAskedFor) {
  const lanes::Implementation compiled = lanes::compiledImplementation();
#if SEPAXIS_EXPECT_SCALAR_LANES
  EXPECT_EQ(compiled, lanes::Implementation::Scalar) << "SEPAXIS_SIMD=OFF must compile the scalar fallbacks";
#elif defined(__SSE2__) || defined(__wasm_simd128__)
  EXPECT_NE(compiled, lanes::Implementation::Scalar) << "a target with SIMD runs its lanes";
#endif
  // The tests compile the core's private headers as the library does (one definition of each).
  EXPECT_EQ(compiled, lanes::kImplementation);
}

TEST(BuildConfiguration, InvariantsAreCheckedExactlyWhenTheTreeAskedForIt) {
  EXPECT_EQ(detail::kAssertions, bool(SEPAXIS_EXPECT_ASSERTIONS));
}

}  // namespace
}  // namespace build_config_test
}  // namespace sepaxis
