#pragma once
// SEPAXIS_ASSERT(condition): an invariant of the core's data structures (the World's store and grid
// above all), checked where SEPAXIS_ASSERTIONS is defined and compiled out elsewhere, as Box2D's
// B2_ASSERT and Jolt's JPH_ASSERT are. CMake's option SEPAXIS_ASSERTIONS defines it (on by default
// in Debug builds); npm test's Debug tree (build/tsan, scripts/test-threads.sh) runs the World's
// tests with it. A broken invariant prints the condition and where it is, then aborts: the bug is
// found at its cause, not in a wrong pair three calls later. Off, the condition is not evaluated
// (it may be costly), only compiled, so that it cannot rot.

#if defined(SEPAXIS_ASSERTIONS)
#include <cstdio>
#include <cstdlib>

namespace sepaxis::detail {
[[noreturn]] inline void assertionFailed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: sepaxis invariant broken: %s\n", file, line, condition);
  std::abort();
}
/// True in a build that checks invariants (tests read it to know which tree they run in).
inline constexpr bool kAssertions = true;
}  // namespace sepaxis::detail

#define SEPAXIS_ASSERT(condition) \
  ((condition) ? void(0) : ::sepaxis::detail::assertionFailed(#condition, __FILE__, __LINE__))
#else
namespace sepaxis::detail {
inline constexpr bool kAssertions = false;
}  // namespace sepaxis::detail

#define SEPAXIS_ASSERT(condition) ((void)sizeof(bool(condition)))
#endif
