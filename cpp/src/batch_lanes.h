#pragma once
// The SIMD steps of sphere and AABB batches: four pairs at a time, with the operations of the exact
// tests. Each *Four step returns false when a lane's numbers are doubtful (invalid, huge, tiny);
// the caller then decides those four pairs with the exact tests of batch_element.h.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "lanes.h"
#include "sepaxis/batch.h"
#include "sepaxis/overlap.h"
#include "platform.h"
#include "sphere_box.h"
#include "sepaxis/tolerance.h"

namespace sepaxis::batch_detail {

#if SEPAXIS_LANES
using lanes::F2;
using lanes::F4;
using lanes::M2;
using lanes::M4;

// Two consecutive numbers as f64x2 lanes (floats are widened exactly).
inline v128_t load2(const double* p) { return wasm_v128_load(p); }
inline v128_t load2(const float* p) { return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(p)); }
// The lanes of a field array as stored: two doubles, or four floats.
inline F2 stored(const double* p) { return {wasm_v128_load(p)}; }
inline F4 stored(const float* p) { return {wasm_v128_load(p)}; }

// The verdicts of four pairs as four result bytes written at once: a table turns the 4-bit mask
// (bit j: pair i + j) into the bytes 0/1.
inline void storeFourBits(uint8_t* out, uint32_t bits) {
  static constexpr uint32_t kBytes[16] = {0x00000000, 0x00000001, 0x00000100, 0x00000101, 0x00010000, 0x00010001,
                                          0x00010100, 0x00010101, 0x01000000, 0x01000001, 0x01000100, 0x01000101,
                                          0x01010000, 0x01010001, 0x01010100, 0x01010101};
  const uint32_t bytes = kBytes[bits];
  std::memcpy(out, &bytes, 4);  // little-endian (WebAssembly and x86): byte j is pair i + j
}

// Four pairs as two f64x2 halves, half(j, fast) for pairs j and j + 1 (its verdicts; it clears in
// `fast` the lanes it cannot decide): stored only when every lane of both stayed fast (else the
// caller takes the scalar test).
template <class Half>
bool fourFromHalves(size_t i, uint8_t* out, Half half) {
  M2 fast = lanes::allSet<F2>();
  const M2 low = half(i, fast), high = half(i + 2, fast);
  if (!lanes::all(fast)) return false;
  storeFourBits(out + i, lanes::bits(low) | (lanes::bits(high) << 2));
  return true;
}

// Four pairs in one f32x4 step, four(fast) giving their verdicts: stored only when every lane
// stayed fast.
template <class Four>
bool fourAtOnce(size_t i, uint8_t* out, Four four) {
  M4 fast = lanes::allSet<F4>();
  const M4 hit = four(fast);
  if (!lanes::all(fast)) return false;
  storeFourBits(out + i, lanes::bits(hit));
  return true;
}

// Sphere pairs in f64x2 lanes (j, j+1), with the single test's arithmetic (overlap.h,
// detail::centresAndReach), without a branch per pair. The fast lanes are those whose numbers are
// plainly fine: radii >= 0 and squares in the range where they neither underflow nor overflow,
// strictly inside withinDistance's plain branch (NaN and infinities fail these comparisons); the
// exact scalar test decides the others, and reports invalid input.
template <class T>
SEPAXIS_ALWAYS_INLINE M2 spheresHalf(const T* const a[4], const T* const b[4], size_t j, M2& fast) {
  using namespace batch_field;
  const F2 zero = lanes::splat<F2>(0), small = lanes::splat<F2>(tolerance::kLaneTinySquare),
           large = lanes::splat<F2>(tolerance::kLaneLargeSquare);
  auto at = [j](const T* p) { return F2{load2(p + j)}; };
  const F2 ra = at(a[kSphereRadius]), rb = at(b[kSphereRadius]);
  const auto [d2, reach] =
      detail::centresAndReach(at(a[kSphereCenter]), at(a[kSphereCenter + 1]), at(a[kSphereCenter + 2]), ra,
                              at(b[kSphereCenter]), at(b[kSphereCenter + 1]), at(b[kSphereCenter + 2]), rb);
  const F2 r2 = reach * reach;
  // min/max pass a NaN in their first operand through; a NaN radius also makes r2 NaN.
  fast = ((lanes::min(ra, rb) >= zero) & (r2 > small)) & (lanes::max(d2, r2) < large) & fast;
  return d2 <= r2;
}

template <class T>
bool spheresFour(const T* const a[4], const T* const b[4], size_t i, uint8_t* out) {
  return fourFromHalves(i, out, [&](size_t j, M2& fast) { return spheresHalf(a, b, j, fast); });
}

// Float data, four pairs in f32x4 lanes: filters that decide only what float arithmetic decides
// for certain. d2 (squared distance) and r2 (squared radius) carry relative errors below 6 * 2^-24
// each (differences, squares and sums of positive terms, rounded once per operation), so a pair
// whose d2 and r2 differ by more than 2^-19 relative has the exact verdict. Decides the four when
// every lane is `plain` (its numbers valid) and clear of that margin, with r and d2 far from float
// underflow and overflow (clearing `fast` otherwise: closer pairs and odd numbers go on to f64 lanes).
inline M4 decideFourFiltered(F4 d2, F4 r, M4 plain, M4& fast) {
  const F4 zero = lanes::splat<F4>(0), tiny = lanes::splat<F4>(tolerance::kFilterTinySquare),
           huge = lanes::splat<F4>(tolerance::kFilterLargeSquare);
  const F4 below = lanes::splat<F4>(1 - tolerance::kFilterSquareMargin),
           above = lanes::splat<F4>(1 + tolerance::kFilterSquareMargin);
  const F4 r2 = r * r;
  const M4 overlap = d2 <= r2 * below, apart = d2 >= r2 * above;
  // r >= 0 (NaN fails every comparison); r2 and d2 in range.
  // Grouped as a tree, not a chain: the four lanes' masks are a few cycles shorter to combine.
  plain = plain & (((r >= zero) & (r2 >= tiny)) & ((r2 <= huge) & (d2 <= huge)));
  fast = fast & (plain & (overlap | apart));
  return overlap;
}

inline bool spheresFourFiltered(const float* const a[4], const float* const b[4], size_t i, uint8_t* out) {
  using namespace batch_field;
  return fourAtOnce(i, out, [&](M4& fast) {
    auto at = [i](const float* p) { return stored(p + i); };
    const F4 ra = at(a[kSphereRadius]), rb = at(b[kSphereRadius]);
    const auto [d2, reach] =
        detail::centresAndReach(at(a[kSphereCenter]), at(a[kSphereCenter + 1]), at(a[kSphereCenter + 2]), ra,
                                at(b[kSphereCenter]), at(b[kSphereCenter + 1]), at(b[kSphereCenter + 2]), rb);
    // Both radii >= 0, not only their sum.
    return decideFourFiltered(d2, reach, lanes::min(ra, rb) >= lanes::splat<F4>(0), fast);
  });
}
inline bool spheresFourFiltered(const double* const[4], const double* const[4], size_t, uint8_t*) { return false; }

// AABB pairs in the lanes of their data (two doubles or four floats), with the single test's
// comparisons (overlap.h, detail::intervalsMeet): comparisons are exact in either width. The fast
// lanes are those whose boxes are plainly valid: every width max - min is >= 0 and finite (its
// sign is exact; NaN, infinities and widths that overflow fail, and go to the exact scalar test).
template <class T, class V = decltype(stored(static_cast<const T*>(nullptr)))>
SEPAXIS_ALWAYS_INLINE lanes::Mask<V> aabbLanes(const T* const a[6], const T* const b[6], size_t j,
                                               lanes::Mask<V>& fast) {
  using namespace batch_field;
  const V zero = lanes::splat<V>(0), limit = lanes::splat<V>(std::numeric_limits<T>::max());
  lanes::Mask<V> hit = lanes::allSet<V>();
  for (int c = 0; c < 3; ++c) {
    const V a0 = stored(a[kAabbMin + c] + j), a1 = stored(a[kAabbMax + c] + j);
    const V b0 = stored(b[kAabbMin + c] + j), b1 = stored(b[kAabbMax + c] + j);
    hit = hit & detail::intervalsMeet(a0, a1, b0, b1);
    const V wa = a1 - a0, wb = b1 - b0;
    fast = fast & (((wa >= zero) & (wa <= limit)) & ((wb >= zero) & (wb <= limit)));
  }
  return hit;
}

inline bool aabbFour(const double* const a[6], const double* const b[6], size_t i, uint8_t* out) {
  return fourFromHalves(i, out, [&](size_t j, M2& fast) { return aabbLanes(a, b, j, fast); });
}

inline bool aabbFour(const float* const a[6], const float* const b[6], size_t i, uint8_t* out) {
  return fourAtOnce(i, out, [&](M4& fast) { return aabbLanes(a, b, i, fast); });
}
#endif

// A sphere against an AABB, pairs (j, j+1) in f64x2 lanes, with the exact test's own steps
// (sphere_box.h: the AABB's three face axes about its centre, then the closest point), so a lane
// decides as a single call does. `fast`: lanes whose numbers are plainly fine (radius and widths
// >= 0, squares neither underflowing nor overflowing); the others go to the scalar test.
#if SEPAXIS_LANES
template <class T>
SEPAXIS_ALWAYS_INLINE M2 sphereAabbHalf(const T* const s[4], const T* const box[6], size_t j, M2& fast) {
  using namespace batch_field;
  const F2 zero = lanes::splat<F2>(0), half = lanes::splat<F2>(0.5),
           small = lanes::splat<F2>(tolerance::kLaneTinySquare), large = lanes::splat<F2>(tolerance::kLaneLargeSquare),
           limit = lanes::splat<F2>(tolerance::kLaneLargeLength);
  const F2 r{load2(s[kSphereRadius] + j)}, r2 = r * r;
  fast = fast & ((r >= zero) & ((r2 > small) & (r2 < large)));
  M2 faceSeparates = !lanes::allSet<F2>();
  F2 d2 = zero;
  for (int c = 0; c < 3; ++c) {
    const F2 p{load2(s[kSphereCenter + c] + j)}, lo{load2(box[kAabbMin + c] + j)}, hi{load2(box[kAabbMax + c] + j)};
    const F2 o = (lo + hi) * half, width = hi - lo;
    // A NaN centre would slip through the closest-point step below (offset 0): check it here.
    fast = fast & (((width >= zero) & (width <= limit)) & ((lanes::abs(o) <= limit) & (lanes::abs(p) <= limit)));
    faceSeparates = faceSeparates | detail::sphereFaceSeparates(p - o, r, lo - o, hi - o);
    const F2 offset = detail::excessBeyond(p, lo, hi);
    d2 = d2 + offset * offset;
  }
  // withinDistance's plain branch; d2 == 0 (centre inside) is decided the same way there.
  fast = fast & ((d2 < large) & ((d2 == zero) | (d2 > small)));
  return lanes::andNot(d2 <= r2, faceSeparates);
}

template <class T>
bool sphereAabbFour(const T* const s[4], const T* const box[6], size_t i, uint8_t* out) {
  return fourFromHalves(i, out, [&](size_t j, M2& fast) { return sphereAabbHalf(s, box, j, fast); });
}

// Float sphere-AABB pairs: the offset from the closest point is, per axis, lo - p or p - hi (a
// float difference of floats, rounded once) or exactly 0, so d2 carries the error bound
// decideFourFiltered relies on. Written as max(lo - p, p - hi, 0), not as sphere_box.h's
// excessBeyond (the same offset up to its sign): two max instead of two compares and two selects.
inline bool sphereAabbFourFiltered(const float* const s[4], const float* const box[6], size_t i, uint8_t* out) {
  using namespace batch_field;
  return fourAtOnce(i, out, [&](M4& fast) {
    const F4 zero = lanes::splat<F4>(0), limit = lanes::splat<F4>(std::numeric_limits<float>::max());
    F4 d2 = zero;
    M4 plain = lanes::allSet<F4>();
    for (int c = 0; c < 3; ++c) {
      const F4 p = stored(s[kSphereCenter + c] + i), lo = stored(box[kAabbMin + c] + i),
               hi = stored(box[kAabbMax + c] + i);
      const F4 offset = lanes::max(lanes::max(lo - p, p - hi), zero);
      d2 = d2 + offset * offset;
      const F4 width = hi - lo;
      // Boxes with lo <= hi, all finite (NaN fails every comparison).
      plain = plain & (((width >= zero) & (width <= limit)) & (lanes::abs(p) <= limit));
    }
    return decideFourFiltered(d2, stored(s[kSphereRadius] + i), plain, fast);
  });
}
inline bool sphereAabbFourFiltered(const double* const[4], const double* const[6], size_t, uint8_t*) { return false; }

#else
// Without SIMD lanes every group of four goes to the exact tests.
template <class T>
bool spheresFourFiltered(const T* const[4], const T* const[4], size_t, uint8_t*) {
  return false;
}
template <class T>
bool spheresFour(const T* const[4], const T* const[4], size_t, uint8_t*) {
  return false;
}
template <class T>
bool aabbFour(const T* const[6], const T* const[6], size_t, uint8_t*) {
  return false;
}
template <class T>
bool sphereAabbFour(const T* const[4], const T* const[6], size_t, uint8_t*) {
  return false;
}
template <class T>
bool sphereAabbFourFiltered(const T* const[4], const T* const[6], size_t, uint8_t*) {
  return false;
}
#endif

}  // namespace sepaxis::batch_detail
