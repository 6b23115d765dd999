#pragma once
// Compiler-specific attributes and builtins, in one place, each with a fallback. GCC and Clang
// (the native builds, Emscripten, ThreadSanitizer and the fuzzer) get what they offer; MSVC its
// equivalents; any other compiler plain C++. A fallback changes speed, never a result: these only
// steer inlining, unrolling and the cache, and count bits.

#include <cstdint>

#if defined(__GNUC__) || defined(__clang__)
#define SEPAXIS_NOINLINE __attribute__((noinline))
/// For bodies that must be compiled into their caller: the lane kernels keep their matrices in
/// registers only when inlined (box_lanes.h, box_filter.h), and GCC outlines the sphere-polytope
/// body otherwise.
#define SEPAXIS_ALWAYS_INLINE inline __attribute__((always_inline))
/// SEPAXIS_ALWAYS_INLINE for a lambda, written after its parameters: `[&](int x) SEPAXIS_LAMBDA_INLINE { ... }`.
#define SEPAXIS_LAMBDA_INLINE __attribute__((always_inline))
/// SEPAXIS_NOINLINE for a lambda, written after its parameters: `[&]() SEPAXIS_LAMBDA_NOINLINE { ... }`.
#define SEPAXIS_LAMBDA_NOINLINE __attribute__((noinline))
#define SEPAXIS_PRAGMA(text) _Pragma(#text)
/// Unrolls the next loop n times (`#pragma GCC unroll`, read by GCC and Clang alike).
#define SEPAXIS_UNROLL(n) SEPAXIS_PRAGMA(GCC unroll n)
/// Asks for the cache line at `address` ahead of its use (nothing in WebAssembly).
#define SEPAXIS_PREFETCH(address) __builtin_prefetch(address)
#elif defined(_MSC_VER)
#include <intrin.h>
#define SEPAXIS_NOINLINE __declspec(noinline)
#define SEPAXIS_ALWAYS_INLINE __forceinline
#define SEPAXIS_LAMBDA_INLINE
#define SEPAXIS_LAMBDA_NOINLINE
#define SEPAXIS_UNROLL(n)
#define SEPAXIS_PREFETCH(address) (void)(address)
#else
#define SEPAXIS_NOINLINE
#define SEPAXIS_ALWAYS_INLINE inline
#define SEPAXIS_LAMBDA_INLINE
#define SEPAXIS_LAMBDA_NOINLINE
#define SEPAXIS_UNROLL(n)
#define SEPAXIS_PREFETCH(address) (void)(address)
#endif

namespace sepaxis::detail {

/// The index of the lowest set bit of x, which must not be 0.
inline int countTrailingZeros(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
  unsigned long index;
  _BitScanForward64(&index, x);
  return int(index);
#else
  int n = 0;
  while (!(x & 1)) x >>= 1, ++n;
  return n;
#endif
}

/// The number of zero bits above the highest set bit of x, which must not be 0.
inline int countLeadingZeros(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_clzll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
  unsigned long index;
  _BitScanReverse64(&index, x);
  return 63 - int(index);
#else
  int n = 0;
  while (!(x & (uint64_t{1} << 63))) x <<= 1, ++n;
  return n;
#endif
}

}  // namespace sepaxis::detail
