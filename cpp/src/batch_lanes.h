#pragma once
// The SIMD steps of sphere and AABB batches: four pairs at a time, with the operations of the exact
// tests. Each *Four step returns false when a lane's numbers are doubtful (invalid, huge, tiny);
// the caller then decides those four pairs with the exact tests of batch_element.h.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "lanes.h"
#include "platform.h"
#include "sphere_box.h"
#include "sepaxis/tolerance.h"

namespace sepaxis::batch_detail {

#if SEPAXIS_LANES
// Two consecutive numbers as f64x2 lanes (floats are widened exactly).
inline v128_t load2(const double* p) { return wasm_v128_load(p); }
inline v128_t load2(const float* p) { return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(p)); }

// The verdicts of four pairs as four result bytes written at once: a table turns the 4-bit mask
// (bit j: pair i + j) into the bytes 0/1.
inline void storeFourBits(uint8_t* out, uint32_t bits) {
  static constexpr uint32_t kBytes[16] = {
      0x00000000, 0x00000001, 0x00000100, 0x00000101, 0x00010000, 0x00010001, 0x00010100, 0x00010101,
      0x01000000, 0x01000001, 0x01000100, 0x01000101, 0x01010000, 0x01010001, 0x01010100, 0x01010101};
  const uint32_t bytes = kBytes[bits];
  std::memcpy(out, &bytes, 4);  // little-endian (WebAssembly and x86): byte j is pair i + j
}
// From the f64x2 masks of pairs (i, i+1) and (i+2, i+3).
inline void storeFour(uint8_t* out, v128_t low, v128_t high) {
  storeFourBits(out, wasm_i64x2_bitmask(low) | (wasm_i64x2_bitmask(high) << 2));
}

// Four pairs as two f64x2 halves, half(j, fast) for pairs j and j + 1: stored only when every lane
// of both stayed fast (else the caller takes the scalar test).
template <class Half>
bool fourFromHalves(size_t i, uint8_t* out, Half half) {
  v128_t fast = wasm_i64x2_splat(-1);
  const v128_t low = half(i, fast), high = half(i + 2, fast);
  if (!wasm_i64x2_all_true(fast)) return false;
  storeFour(out + i, low, high);
  return true;
}
#endif

#if SEPAXIS_LANES
// Four pairs in two f64x2 halves, without a branch per pair. The fast lanes are those whose
// numbers are plainly fine: radii >= 0 and squares in the range where they neither underflow nor
// overflow, strictly inside withinDistance's plain branch (NaN and infinities fail these
// comparisons). False when some lane is not: the exact scalar test then decides the four, and
// reports invalid input.
template <class T>
bool spheresFour(const T* const a[4], const T* const b[4], size_t i, uint8_t* out) {
  const v128_t zero = wasm_f64x2_splat(0), small = wasm_f64x2_splat(tolerance::kLaneTinySquare),
               large = wasm_f64x2_splat(tolerance::kLaneLargeSquare);
  v128_t hit[2], fast[2];
  for (int h = 0; h < 2; ++h) {
    const size_t j = i + 2 * h;
    const v128_t ra = load2(a[3] + j), rb = load2(b[3] + j);
    const v128_t dx = wasm_f64x2_sub(load2(b[0] + j), load2(a[0] + j));
    const v128_t dy = wasm_f64x2_sub(load2(b[1] + j), load2(a[1] + j));
    const v128_t dz = wasm_f64x2_sub(load2(b[2] + j), load2(a[2] + j));
    const v128_t d2 = wasm_f64x2_add(wasm_f64x2_add(wasm_f64x2_mul(dx, dx), wasm_f64x2_mul(dy, dy)), wasm_f64x2_mul(dz, dz));
    const v128_t r = wasm_f64x2_add(ra, rb);
    const v128_t r2 = wasm_f64x2_mul(r, r);
    // pmin/pmax pass a NaN in their first operand through; a NaN radius also makes r2 NaN.
    fast[h] = wasm_v128_and(wasm_v128_and(wasm_f64x2_ge(wasm_f64x2_pmin(ra, rb), zero), wasm_f64x2_gt(r2, small)),
                            wasm_f64x2_lt(wasm_f64x2_pmax(d2, r2), large));
    hit[h] = wasm_f64x2_le(d2, r2);
  }
  if (!wasm_i64x2_all_true(wasm_v128_and(fast[0], fast[1]))) return false;
  storeFour(out + i, hit[0], hit[1]);
  return true;
}

// Float data, four pairs in f32x4 lanes: filters that decide only what float arithmetic decides
// for certain. d2 (squared distance) and r2 (squared radius) carry relative errors below 6 * 2^-24
// each (differences, squares and sums of positive terms, rounded once per operation), so a pair
// whose d2 and r2 differ by more than 2^-19 relative has the exact verdict. Decides and stores the
// four verdicts when every lane is `plain` (its numbers valid) and clear of that margin, with r and
// d2 far from float underflow and overflow; false (nothing stored) otherwise, when closer pairs and
// odd numbers go on to f64 lanes.
inline bool decideFourFiltered(v128_t d2, v128_t r, v128_t plain, size_t i, uint8_t* out) {
  constexpr float kTiny = float(tolerance::kFilterTinySquare), kHuge = float(tolerance::kFilterLargeSquare);
  constexpr float kMargin = float(tolerance::kFilterSquareMargin);
  const v128_t zero = wasm_f32x4_splat(0), tiny = wasm_f32x4_splat(kTiny), huge = wasm_f32x4_splat(kHuge);
  const v128_t below = wasm_f32x4_splat(1 - kMargin), above = wasm_f32x4_splat(1 + kMargin);
  const v128_t r2 = wasm_f32x4_mul(r, r);
  const v128_t overlap = wasm_f32x4_le(d2, wasm_f32x4_mul(r2, below));
  const v128_t apart = wasm_f32x4_ge(d2, wasm_f32x4_mul(r2, above));
  // r >= 0 (NaN fails every comparison); r2 and d2 in range.
  plain = wasm_v128_and(plain, wasm_v128_and(wasm_v128_and(wasm_f32x4_ge(r, zero), wasm_f32x4_ge(r2, tiny)),
                                             wasm_v128_and(wasm_f32x4_le(r2, huge), wasm_f32x4_le(d2, huge))));
  if (!wasm_i32x4_all_true(wasm_v128_and(plain, wasm_v128_or(overlap, apart)))) return false;
  storeFourBits(out + i, wasm_i32x4_bitmask(overlap));
  return true;
}

inline bool spheresFourFiltered(const float* const a[4], const float* const b[4], size_t i, uint8_t* out) {
  const v128_t ra = wasm_v128_load(a[3] + i), rb = wasm_v128_load(b[3] + i);
  const v128_t dx = wasm_f32x4_sub(wasm_v128_load(b[0] + i), wasm_v128_load(a[0] + i));
  const v128_t dy = wasm_f32x4_sub(wasm_v128_load(b[1] + i), wasm_v128_load(a[1] + i));
  const v128_t dz = wasm_f32x4_sub(wasm_v128_load(b[2] + i), wasm_v128_load(a[2] + i));
  const v128_t d2 = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(dx, dx), wasm_f32x4_mul(dy, dy)), wasm_f32x4_mul(dz, dz));
  // Both radii >= 0, not only their sum.
  const v128_t plain = wasm_f32x4_ge(wasm_f32x4_pmin(ra, rb), wasm_f32x4_splat(0));
  return decideFourFiltered(d2, wasm_f32x4_add(ra, rb), plain, i, out);
}
inline bool spheresFourFiltered(const double* const[4], const double* const[4], size_t, uint8_t*) { return false; }
#endif

#if SEPAXIS_LANES
// AABB pairs (i, i+1) in f64x2 lanes: the overlap mask, and in `fast` the lanes whose boxes are
// plainly valid: every width max - min is >= 0 and finite (its sign is exact; NaN, infinities and
// widths that overflow fail, and go to the exact scalar test).
inline v128_t aabbHalf(const double* const a[6], const double* const b[6], size_t j, v128_t& fast) {
  const v128_t zero = wasm_f64x2_splat(0), limit = wasm_f64x2_splat(1.7976931348623157e308);
  v128_t hit = wasm_i64x2_splat(-1);
  for (int c = 0; c < 3; ++c) {
    const v128_t a0 = load2(a[c] + j), a1 = load2(a[c + 3] + j), b0 = load2(b[c] + j), b1 = load2(b[c + 3] + j);
    hit = wasm_v128_and(hit, wasm_v128_and(wasm_f64x2_le(a0, b1), wasm_f64x2_le(b0, a1)));
    const v128_t wa = wasm_f64x2_sub(a1, a0), wb = wasm_f64x2_sub(b1, b0);
    fast = wasm_v128_and(fast, wasm_v128_and(wasm_v128_and(wasm_f64x2_ge(wa, zero), wasm_f64x2_le(wa, limit)),
                                             wasm_v128_and(wasm_f64x2_ge(wb, zero), wasm_f64x2_le(wb, limit))));
  }
  return hit;
}

// Float data: comparisons of floats are exact, so four pairs go in f32x4 lanes at once.
inline v128_t aabbQuad(const float* const a[6], const float* const b[6], size_t i, v128_t& fast) {
  const v128_t zero = wasm_f32x4_splat(0), limit = wasm_f32x4_splat(3.40282347e38f);
  v128_t hit = wasm_i32x4_splat(-1);
  for (int c = 0; c < 3; ++c) {
    const v128_t a0 = wasm_v128_load(a[c] + i), a1 = wasm_v128_load(a[c + 3] + i);
    const v128_t b0 = wasm_v128_load(b[c] + i), b1 = wasm_v128_load(b[c + 3] + i);
    hit = wasm_v128_and(hit, wasm_v128_and(wasm_f32x4_le(a0, b1), wasm_f32x4_le(b0, a1)));
    const v128_t wa = wasm_f32x4_sub(a1, a0), wb = wasm_f32x4_sub(b1, b0);
    fast = wasm_v128_and(fast, wasm_v128_and(wasm_v128_and(wasm_f32x4_ge(wa, zero), wasm_f32x4_le(wa, limit)),
                                             wasm_v128_and(wasm_f32x4_ge(wb, zero), wasm_f32x4_le(wb, limit))));
  }
  return hit;
}

inline bool aabbFour(const double* const a[6], const double* const b[6], size_t i, uint8_t* out) {
  return fourFromHalves(i, out, [&](size_t j, v128_t& fast) { return aabbHalf(a, b, j, fast); });
}

inline bool aabbFour(const float* const a[6], const float* const b[6], size_t i, uint8_t* out) {
  v128_t fast = wasm_i32x4_splat(-1);
  const v128_t hit = aabbQuad(a, b, i, fast);
  if (!wasm_i32x4_all_true(fast)) return false;
  storeFourBits(out + i, wasm_i32x4_bitmask(hit));
  return true;
}
#endif

// A sphere against an AABB, pairs (j, j+1) in f64x2 lanes, with the exact test's own steps
// (sphere_box.h: the AABB's three face axes about its centre, then the closest point), so a lane
// decides as a single call does. `fast`: lanes whose numbers are plainly fine (radius and widths
// >= 0, squares neither underflowing nor overflowing); the others go to the scalar test.
#if SEPAXIS_LANES
template <class T>
v128_t sphereAabbHalf(const T* const s[4], const T* const box[6], size_t j, v128_t& fast) {
  using lanes::F2;
  using lanes::M2;
  const F2 zero = lanes::splat<F2>(0), half = lanes::splat<F2>(0.5), small = lanes::splat<F2>(tolerance::kLaneTinySquare),
           large = lanes::splat<F2>(tolerance::kLaneLargeSquare), limit = lanes::splat<F2>(tolerance::kLaneLargeLength);
  const F2 r{load2(s[3] + j)}, r2 = r * r;
  auto keep = [&fast](M2 m) { fast = wasm_v128_and(fast, m.v); };
  keep((r >= zero) & (r2 > small) & (r2 < large));
  M2 faceSeparates = !lanes::allSet<F2>();
  F2 d2 = zero;
  for (int c = 0; c < 3; ++c) {
    const F2 p{load2(s[c] + j)}, lo{load2(box[c] + j)}, hi{load2(box[c + 3] + j)};
    const F2 o = (lo + hi) * half, width = hi - lo;
    // A NaN centre would slip through the closest-point step below (offset 0): check it here.
    keep((width >= zero) & (width <= limit) & (lanes::abs(o) <= limit) & (lanes::abs(p) <= limit));
    faceSeparates = faceSeparates | detail::sphereFaceSeparates(p - o, r, lo - o, hi - o);
    const F2 offset = detail::excessBeyond(p, lo, hi);
    d2 = d2 + offset * offset;
  }
  // withinDistance's plain branch; d2 == 0 (centre inside) is decided the same way there.
  keep((d2 < large) & ((d2 == zero) | (d2 > small)));
  return lanes::andNot(d2 <= r2, faceSeparates).v;
}

template <class T>
bool sphereAabbFour(const T* const s[4], const T* const box[6], size_t i, uint8_t* out) {
  return fourFromHalves(i, out, [&](size_t j, v128_t& fast) { return sphereAabbHalf(s, box, j, fast); });
}

// Float sphere-AABB pairs: the offset from the closest point is, per axis, lo - p or p - hi (a
// float difference of floats, rounded once) or exactly 0 (comparisons of floats are exact), so d2
// carries the error bound decideFourFiltered relies on.
inline bool sphereAabbFourFiltered(const float* const s[4], const float* const box[6], size_t i, uint8_t* out) {
  const v128_t zero = wasm_f32x4_splat(0), limit = wasm_f32x4_splat(3.40282347e38f);
  v128_t d2 = zero, plain = wasm_i32x4_splat(-1);
  for (int c = 0; c < 3; ++c) {
    const v128_t p = wasm_v128_load(s[c] + i), lo = wasm_v128_load(box[c] + i), hi = wasm_v128_load(box[c + 3] + i);
    const v128_t offset = wasm_f32x4_pmax(wasm_f32x4_pmax(wasm_f32x4_sub(lo, p), wasm_f32x4_sub(p, hi)), zero);
    d2 = wasm_f32x4_add(d2, wasm_f32x4_mul(offset, offset));
    const v128_t width = wasm_f32x4_sub(hi, lo);
    // Boxes with lo <= hi, all finite (NaN fails every comparison).
    plain = wasm_v128_and(plain, wasm_v128_and(wasm_v128_and(wasm_f32x4_ge(width, zero), wasm_f32x4_le(width, limit)),
                                               wasm_f32x4_le(wasm_f32x4_abs(p), limit)));
  }
  return decideFourFiltered(d2, wasm_v128_load(s[3] + i), plain, i, out);
}
inline bool sphereAabbFourFiltered(const double* const[4], const double* const[6], size_t, uint8_t*) { return false; }

#else
// Without SIMD lanes every group of four goes to the exact tests.
template <class T>
bool spheresFourFiltered(const T* const[4], const T* const[4], size_t, uint8_t*) { return false; }
template <class T>
bool spheresFour(const T* const[4], const T* const[4], size_t, uint8_t*) { return false; }
template <class T>
bool aabbFour(const T* const[6], const T* const[6], size_t, uint8_t*) { return false; }
template <class T>
bool sphereAabbFour(const T* const[4], const T* const[6], size_t, uint8_t*) { return false; }
template <class T>
bool sphereAabbFourFiltered(const T* const[4], const T* const[6], size_t, uint8_t*) { return false; }
#endif

}  // namespace sepaxis::batch_detail
