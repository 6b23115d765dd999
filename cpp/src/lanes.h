#pragma once
// The batch kernels are written once, against WebAssembly's 128-bit SIMD API (wasm_simd128.h).
// Natively on x86-64 this header supplies the part of that API they use with SSE2 (the x86-64
// baseline, so no build flag is needed), with the same IEEE results lane by lane: pmin/pmax keep
// WebAssembly's operand order (what a NaN gives back). Elsewhere, and where SEPAXIS_NO_SIMD is
// defined (CMake's SEPAXIS_SIMD=OFF, which npm test's check tree builds), SEPAXIS_LANES is 0 and
// the batches and the World run their scalar loops.

#if defined(SEPAXIS_NO_SIMD)
#define SEPAXIS_LANES 0

#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define SEPAXIS_LANES 1

#elif defined(__SSE2__)
#include <emmintrin.h>

#include <cstdint>
#define SEPAXIS_LANES 1

using v128_t = __m128i;

namespace sepaxis::lanes_detail {
inline __m128d d(v128_t v) { return _mm_castsi128_pd(v); }
inline __m128 f(v128_t v) { return _mm_castsi128_ps(v); }
inline v128_t i(__m128d v) { return _mm_castpd_si128(v); }
inline v128_t i(__m128 v) { return _mm_castps_si128(v); }
}  // namespace sepaxis::lanes_detail

inline v128_t wasm_v128_load(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
inline v128_t wasm_v128_load64_zero(const void* p) { return _mm_loadl_epi64(static_cast<const __m128i*>(p)); }
inline v128_t wasm_v128_and(v128_t a, v128_t b) { return _mm_and_si128(a, b); }
inline v128_t wasm_v128_or(v128_t a, v128_t b) { return _mm_or_si128(a, b); }
inline v128_t wasm_v128_not(v128_t a) { return _mm_xor_si128(a, _mm_set1_epi32(-1)); }
inline v128_t wasm_v128_xor(v128_t a, v128_t b) { return _mm_xor_si128(a, b); }
/// a & ~b
inline v128_t wasm_v128_andnot(v128_t a, v128_t b) { return _mm_andnot_si128(b, a); }
/// a where m is set, b elsewhere
inline v128_t wasm_v128_bitselect(v128_t a, v128_t b, v128_t m) {
  return _mm_or_si128(_mm_and_si128(a, m), _mm_andnot_si128(m, b));
}

inline v128_t wasm_f64x2_splat(double x) { return sepaxis::lanes_detail::i(_mm_set1_pd(x)); }
#define SEPAXIS_F64X2_BINARY(name, op)                  \
  inline v128_t wasm_f64x2_##name(v128_t a, v128_t b) { \
    using namespace sepaxis::lanes_detail;              \
    return i(op(d(a), d(b)));                           \
  }
SEPAXIS_F64X2_BINARY(add, _mm_add_pd)
SEPAXIS_F64X2_BINARY(sub, _mm_sub_pd)
SEPAXIS_F64X2_BINARY(mul, _mm_mul_pd)
SEPAXIS_F64X2_BINARY(div, _mm_div_pd)
SEPAXIS_F64X2_BINARY(eq, _mm_cmpeq_pd)
SEPAXIS_F64X2_BINARY(lt, _mm_cmplt_pd)
SEPAXIS_F64X2_BINARY(le, _mm_cmple_pd)
SEPAXIS_F64X2_BINARY(gt, _mm_cmpgt_pd)
SEPAXIS_F64X2_BINARY(ge, _mm_cmpge_pd)
#undef SEPAXIS_F64X2_BINARY
/// b < a ? b : a (minpd returns its second operand when unordered)
inline v128_t wasm_f64x2_pmin(v128_t a, v128_t b) {
  using namespace sepaxis::lanes_detail;
  return i(_mm_min_pd(d(b), d(a)));
}
/// a < b ? b : a
inline v128_t wasm_f64x2_pmax(v128_t a, v128_t b) {
  using namespace sepaxis::lanes_detail;
  return i(_mm_max_pd(d(b), d(a)));
}
inline v128_t wasm_f64x2_neg(v128_t a) { return _mm_xor_si128(a, _mm_set1_epi64x(INT64_MIN)); }
inline v128_t wasm_f64x2_abs(v128_t a) { return _mm_and_si128(a, _mm_set1_epi64x(0x7fffffffffffffff)); }
inline v128_t wasm_f64x2_promote_low_f32x4(v128_t a) {
  using namespace sepaxis::lanes_detail;
  return i(_mm_cvtps_pd(f(a)));
}

inline v128_t wasm_f32x4_splat(float x) { return sepaxis::lanes_detail::i(_mm_set1_ps(x)); }
#define SEPAXIS_F32X4_BINARY(name, op)                  \
  inline v128_t wasm_f32x4_##name(v128_t a, v128_t b) { \
    using namespace sepaxis::lanes_detail;              \
    return i(op(f(a), f(b)));                           \
  }
SEPAXIS_F32X4_BINARY(add, _mm_add_ps)
SEPAXIS_F32X4_BINARY(sub, _mm_sub_ps)
SEPAXIS_F32X4_BINARY(mul, _mm_mul_ps)
SEPAXIS_F32X4_BINARY(eq, _mm_cmpeq_ps)
SEPAXIS_F32X4_BINARY(le, _mm_cmple_ps)
SEPAXIS_F32X4_BINARY(ge, _mm_cmpge_ps)
SEPAXIS_F32X4_BINARY(lt, _mm_cmplt_ps)
SEPAXIS_F32X4_BINARY(gt, _mm_cmpgt_ps)
#undef SEPAXIS_F32X4_BINARY
inline v128_t wasm_f32x4_neg(v128_t a) { return _mm_xor_si128(a, _mm_set1_epi32(INT32_MIN)); }
inline v128_t wasm_f32x4_abs(v128_t a) { return _mm_and_si128(a, _mm_set1_epi32(0x7fffffff)); }
inline v128_t wasm_f32x4_sqrt(v128_t a) {
  using namespace sepaxis::lanes_detail;
  return i(_mm_sqrt_ps(f(a)));
}
/// a < b ? b : a
inline v128_t wasm_f32x4_pmax(v128_t a, v128_t b) {
  using namespace sepaxis::lanes_detail;
  return i(_mm_max_ps(f(b), f(a)));
}
/// The two doubles rounded to floats in lanes 0 and 1, zeros in 2 and 3.
inline v128_t wasm_f32x4_demote_f64x2_zero(v128_t a) {
  using namespace sepaxis::lanes_detail;
  return i(_mm_cvtpd_ps(d(a)));
}
inline v128_t wasm_f64x2_make(double a, double b) { return sepaxis::lanes_detail::i(_mm_set_pd(b, a)); }
inline double wasm_f64x2_extract_lane(v128_t a, int lane) {
  return _mm_cvtsd_f64(sepaxis::lanes_detail::d(lane == 0 ? a : _mm_unpackhi_epi64(a, a)));
}
/// The two doubles truncated to integers in lanes 0 and 1, zeros in 2 and 3. WebAssembly
/// saturates beyond the int32 range, SSE2 gives INT32_MIN there: callers stay within it.
inline v128_t wasm_i32x4_trunc_sat_f64x2_zero(v128_t a) { return _mm_cvttpd_epi32(sepaxis::lanes_detail::d(a)); }
/// Lanes 0 and 1 (int32) as doubles.
inline v128_t wasm_f64x2_convert_low_i32x4(v128_t a) { return sepaxis::lanes_detail::i(_mm_cvtepi32_pd(a)); }
inline void wasm_v128_store(void* p, v128_t a) { _mm_storeu_si128(static_cast<__m128i*>(p), a); }
/// Stores lane 0's 8 bytes (WebAssembly takes either lane; only 0 is needed here).
inline void wasm_v128_store64_lane(void* p, v128_t a, int lane) {
  _mm_storel_epi64(static_cast<__m128i*>(p), lane == 0 ? a : _mm_unpackhi_epi64(a, a));
}
/// Lanes c0 and c1 of a:b (0 and 1 are a's, 2 and 3 b's); constant lane numbers fold to one instruction.
inline v128_t wasm_i64x2_shuffle(v128_t a, v128_t b, int c0, int c1) {
  using namespace sepaxis::lanes_detail;
  if (c0 == 0 && c1 == 2) return _mm_unpacklo_epi64(a, b);
  if (c0 == 1 && c1 == 3) return _mm_unpackhi_epi64(a, b);
  if (c0 == 0 && c1 == 3) return i(_mm_shuffle_pd(d(a), d(b), 2));
  if (c0 == 1 && c1 == 2) return i(_mm_shuffle_pd(d(a), d(b), 1));
  alignas(16) int64_t x[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(x), a);
  _mm_store_si128(reinterpret_cast<__m128i*>(x + 2), b);
  return _mm_set_epi64x(x[c1], x[c0]);
}
/// b < a ? b : a
inline v128_t wasm_f32x4_pmin(v128_t a, v128_t b) {
  using namespace sepaxis::lanes_detail;
  return i(_mm_min_ps(f(b), f(a)));
}

inline v128_t wasm_i64x2_splat(int64_t x) { return _mm_set1_epi64x(x); }
inline int64_t wasm_i64x2_extract_lane(v128_t a, int lane) {
  return _mm_cvtsi128_si64(lane == 0 ? a : _mm_unpackhi_epi64(a, a));
}
inline bool wasm_i64x2_all_true(v128_t a) {
  return wasm_i64x2_extract_lane(a, 0) != 0 && wasm_i64x2_extract_lane(a, 1) != 0;
}
/// The sign bits of the two lanes.
inline uint32_t wasm_i64x2_bitmask(v128_t a) { return uint32_t(_mm_movemask_pd(sepaxis::lanes_detail::d(a))); }

inline v128_t wasm_i32x4_splat(int32_t x) { return _mm_set1_epi32(x); }
inline v128_t wasm_i32x4_make(int32_t a, int32_t b, int32_t c, int32_t d) { return _mm_set_epi32(d, c, b, a); }
inline v128_t wasm_i32x4_gt(v128_t a, v128_t b) { return _mm_cmpgt_epi32(a, b); }
inline bool wasm_i32x4_all_true(v128_t a) { return _mm_movemask_epi8(_mm_cmpeq_epi32(a, _mm_setzero_si128())) == 0; }
/// The sign bits of the four lanes.
inline uint32_t wasm_i32x4_bitmask(v128_t a) { return uint32_t(_mm_movemask_ps(sepaxis::lanes_detail::f(a))); }

#else
#define SEPAXIS_LANES 0
#endif

// Lane types, so that one test is written once for every width (as Jolt writes its geometry
// against Vec3/Vec4 and Embree its kernels against vfloat<K>): a number V is double (one lane, its
// mask bool), F2 (two doubles, WebAssembly f64x2, mask M2) or F4 (four floats, f32x4, mask M4). All
// share +, -, *, comparisons giving Mask<V>, &, | and ! on masks, and the functions of namespace
// lanes below. Every operation rounds as the scalar one does, lane by lane.

#include <cmath>
#include <cstdint>

#include "platform.h"

// The lane bodies that must melt into their callers are SEPAXIS_ALWAYS_INLINE (platform.h): a lane
// test's numbers then stay in registers (GCC otherwise keeps the 15-axis body of the float filter
// out of line, its R and t in memory).

namespace sepaxis::lanes {

/// Which implementation of the lanes this translation unit compiles.
enum class Implementation { Scalar, WasmSimd128, Sse2 };
#if !SEPAXIS_LANES
inline constexpr Implementation kImplementation = Implementation::Scalar;
#elif defined(__wasm_simd128__)
inline constexpr Implementation kImplementation = Implementation::WasmSimd128;
#else
inline constexpr Implementation kImplementation = Implementation::Sse2;
#endif
/// kImplementation as the library itself was compiled (lanes.cpp), for the test that holds a
/// build to the lanes it asked for.
Implementation compiledImplementation();

// One lane: plain double and bool.
template <class V>
struct MaskOf {
  using type = bool;
};
template <class V>
using Mask = typename MaskOf<V>::type;

template <class V>
V splat(double x);
template <>
inline double splat<double>(double x) {
  return x;
}
inline double abs(double a) { return std::fabs(a); }
/// a < b ? b : a, as WebAssembly's pmax: a NaN in a is passed through.
inline double max(double a, double b) { return a < b ? b : a; }
/// b < a ? b : a, as WebAssembly's pmin: a NaN in a is passed through.
inline double min(double a, double b) { return b < a ? b : a; }
inline double select(bool m, double yes, double no) { return m ? yes : no; }
/// x where m is set, +0 elsewhere.
inline double where(bool m, double x) { return m ? x : 0.0; }
/// a and not b.
inline bool andNot(bool a, bool b) { return a && !b; }
inline bool all(bool m) { return m; }
inline bool any(bool m) { return m; }
inline uint32_t bits(bool m) { return m ? 1u : 0u; }
template <class V>
Mask<V> allSet();
template <>
inline bool allSet<double>() {
  return true;
}

#if SEPAXIS_LANES
// A SIMD lane type F with its mask M, over WebAssembly's f (f64x2, f32x4) and i (the same-width
// integer lanes, for masks). One definition for both widths: they differ only in the names.
#define SEPAXIS_LANE_TYPE(F, M, f, i)                                                   \
  struct F {                                                                            \
    v128_t v;                                                                           \
  };                                                                                    \
  struct M {                                                                            \
    v128_t v;                                                                           \
  };                                                                                    \
  template <>                                                                           \
  struct MaskOf<F> {                                                                    \
    using type = M;                                                                     \
  };                                                                                    \
  inline F operator+(F a, F b) { return {wasm_##f##_add(a.v, b.v)}; }                   \
  inline F operator-(F a, F b) { return {wasm_##f##_sub(a.v, b.v)}; }                   \
  inline F operator*(F a, F b) { return {wasm_##f##_mul(a.v, b.v)}; }                   \
  inline F operator-(F a) { return {wasm_##f##_neg(a.v)}; }                             \
  inline F abs(F a) { return {wasm_##f##_abs(a.v)}; }                                   \
  inline F max(F a, F b) { return {wasm_##f##_pmax(a.v, b.v)}; }                        \
  inline F min(F a, F b) { return {wasm_##f##_pmin(a.v, b.v)}; }                        \
  inline M operator>(F a, F b) { return {wasm_##f##_gt(a.v, b.v)}; }                    \
  inline M operator<(F a, F b) { return {wasm_##f##_lt(a.v, b.v)}; }                    \
  inline M operator<=(F a, F b) { return {wasm_##f##_le(a.v, b.v)}; }                   \
  inline M operator>=(F a, F b) { return {wasm_##f##_ge(a.v, b.v)}; }                   \
  inline M operator==(F a, F b) { return {wasm_##f##_eq(a.v, b.v)}; }                   \
  inline M operator|(M a, M b) { return {wasm_v128_or(a.v, b.v)}; }                     \
  inline M operator&(M a, M b) { return {wasm_v128_and(a.v, b.v)}; }                    \
  inline M operator!(M a) { return {wasm_v128_not(a.v)}; }                              \
  template <>                                                                           \
  inline M allSet<F>() {                                                                \
    return {wasm_##i##_splat(-1)};                                                      \
  }                                                                                     \
  /** Lanes of `yes` where m is set, of `no` elsewhere. */                              \
  inline F select(M m, F yes, F no) { return {wasm_v128_bitselect(yes.v, no.v, m.v)}; } \
  inline F where(M m, F x) { return {wasm_v128_and(m.v, x.v)}; }                        \
  inline M andNot(M a, M b) { return {wasm_v128_andnot(a.v, b.v)}; }                    \
  inline bool all(M m) { return wasm_##i##_all_true(m.v); }                             \
  inline bool any(M m) { return wasm_##i##_bitmask(m.v) != 0; }                         \
  /** Bit l: lane l is set. */                                                          \
  inline uint32_t bits(M m) { return wasm_##i##_bitmask(m.v); }

SEPAXIS_LANE_TYPE(F2, M2, f64x2, i64x2)
SEPAXIS_LANE_TYPE(F4, M4, f32x4, i32x4)
#undef SEPAXIS_LANE_TYPE

template <>
inline F2 splat<F2>(double x) {
  return {wasm_f64x2_splat(x)};
}
/// The nearest float to x (all the constants used are floats exactly).
template <>
inline F4 splat<F4>(double x) {
  return {wasm_f32x4_splat(float(x))};
}
inline F2 operator/(F2 a, F2 b) { return {wasm_f64x2_div(a.v, b.v)}; }
inline F2 load(const double* p) { return {wasm_v128_load(p)}; }
inline void store(double* p, F2 a) { wasm_v128_store(p, a.v); }
inline F4 sqrt(F4 a) { return {wasm_f32x4_sqrt(a.v)}; }
/// Sign bit clear: +0 and up (a negative number, -0 and -NaN fail).
inline M4 signClear(F4 a) { return {wasm_i32x4_gt(a.v, wasm_i32x4_splat(-1))}; }
/// Four doubles, low's two then high's, each rounded to the nearest float (as float(x) rounds).
inline F4 toFloats(F2 low, F2 high) {
  return {wasm_i64x2_shuffle(wasm_f32x4_demote_f64x2_zero(low.v), wasm_f32x4_demote_f64x2_zero(high.v), 0, 2)};
}
/// a's 32-bit lanes in the order 1, 0, 3, 2 (each pair swapped), in one instruction.
inline v128_t swapPairs(v128_t a) {
#if defined(__wasm_simd128__)
  return wasm_i32x4_shuffle(a, a, 1, 0, 3, 2);
#else
  return _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 3, 0, 1));
#endif
}
/// The 4x4 matrix whose rows are r[0..3] transposed in place: lane j of r[i] becomes lane i of r[j].
inline void transpose(F4 (&r)[4]) {
#if defined(__wasm_simd128__)
  const v128_t t0 = wasm_i32x4_shuffle(r[0].v, r[1].v, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(r[0].v, r[1].v, 2, 6, 3, 7);
  const v128_t t2 = wasm_i32x4_shuffle(r[2].v, r[3].v, 0, 4, 1, 5), t3 = wasm_i32x4_shuffle(r[2].v, r[3].v, 2, 6, 3, 7);
  r[0].v = wasm_i64x2_shuffle(t0, t2, 0, 2), r[1].v = wasm_i64x2_shuffle(t0, t2, 1, 3);
  r[2].v = wasm_i64x2_shuffle(t1, t3, 0, 2), r[3].v = wasm_i64x2_shuffle(t1, t3, 1, 3);
#else
  using lanes_detail::f, lanes_detail::i;
  const __m128 t0 = _mm_unpacklo_ps(f(r[0].v), f(r[1].v)), t1 = _mm_unpackhi_ps(f(r[0].v), f(r[1].v));
  const __m128 t2 = _mm_unpacklo_ps(f(r[2].v), f(r[3].v)), t3 = _mm_unpackhi_ps(f(r[2].v), f(r[3].v));
  r[0].v = i(_mm_movelh_ps(t0, t2)), r[1].v = i(_mm_movehl_ps(t2, t0));
  r[2].v = i(_mm_movelh_ps(t1, t3)), r[3].v = i(_mm_movehl_ps(t3, t1));
#endif
}
#endif

}  // namespace sepaxis::lanes
