#include "sepaxis/batch.h"

#include <algorithm>
#include <cmath>

#include "lanes.h"

#include "box_lanes.h"
#include "sepaxis/overlap.h"

namespace sepaxis {
namespace {

double field(const BatchLayout& l, int f, size_t i) {
  const size_t at = size_t(f) * l.stride + i;
  return l.precision == Precision::Float32 ? double(static_cast<const float*>(l.data)[at])
                                           : static_cast<const double*>(l.data)[at];
}
Vec3 vec(const BatchLayout& l, int f, size_t i) { return {field(l, f, i), field(l, f + 1, i), field(l, f + 2, i)}; }

// Loads element i without allocating; false when it is invalid.
bool load(const BatchLayout& l, size_t i, Sphere& s) {
  s = {vec(l, 0, i), field(l, 3, i)};
  return isFinite(s.center) && s.radius >= 0 && isFinite(s.radius);
}
bool load(const BatchLayout& l, size_t i, Aabb& box) {
  box = {vec(l, 0, i), vec(l, 3, i)};
  return isFinite(box.min) && isFinite(box.max) && box.min.x <= box.max.x && box.min.y <= box.max.y &&
         box.min.z <= box.max.z;
}
bool load(const BatchLayout& l, size_t i, Obb& box) {
  const Vec3 axes[3] = {vec(l, 3, i), vec(l, 6, i), vec(l, 9, i)};
  return tryMakeObb(vec(l, 0, i), axes, vec(l, 12, i), box);
}
bool load(const BatchLayout& l, size_t i, Kdop& kdop) {
  const int n = l.k / 2;
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int f = 0; f < n; ++f) lo[f] = field(l, f, i), hi[f] = field(l, n + f, i);
  return tryMakeKdop(l.k, lo, hi, n, kdop);
}

// Spheres and boxes: straight-line loops over the field arrays, which compilers vectorize
// (-msimd128 in the WebAssembly build). Validity is computed alongside, branch-free.
inline bool finite(double x) { return x - x == 0; }  // false exactly for NaN and infinities


// The exact single-pair tests, also used for the lanes the SIMD loops hand back.
template <class T>
uint8_t spherePair(const T* const a[4], const T* const b[4], size_t i) {
  const double ax = a[0][i], ay = a[1][i], az = a[2][i], ar = a[3][i];
  const double bx = b[0][i], by = b[1][i], bz = b[2][i], br = b[3][i];
  const bool ok = ar >= 0 && br >= 0 && finite(ax) && finite(ay) && finite(az) && finite(ar) && finite(bx) &&
                  finite(by) && finite(bz) && finite(br);
  return ok ? uint8_t(withinDistance({bx - ax, by - ay, bz - az}, ar + br)) : kBatchInvalid;
}

template <class T>
uint8_t aabbPair(const T* const a[6], const T* const b[6], size_t i) {
  bool ok = true, overlap = true;
  for (int c = 0; c < 3; ++c) {
    const double a0 = a[c][i], a1 = a[c + 3][i], b0 = b[c][i], b1 = b[c + 3][i];
    ok = ok && a0 <= a1 && b0 <= b1 && finite(a0) && finite(a1) && finite(b0) && finite(b1);
    overlap = overlap && a0 <= b1 && b0 <= a1;
  }
  return ok ? uint8_t(overlap) : kBatchInvalid;
}

template <class T, int N>
void fieldPointers(const BatchLayout& l, const T* (&p)[N]) {
  for (int f = 0; f < N; ++f) p[f] = static_cast<const T*>(l.data) + size_t(f) * l.stride;
}

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
  __builtin_memcpy(out, &bytes, 4);  // little-endian (WebAssembly and x86): byte j is pair i + j
}
// From the f64x2 masks of pairs (i, i+1) and (i+2, i+3).
inline void storeFour(uint8_t* out, v128_t low, v128_t high) {
  storeFourBits(out, wasm_i64x2_bitmask(low) | (wasm_i64x2_bitmask(high) << 2));
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
  const v128_t zero = wasm_f64x2_splat(0), small = wasm_f64x2_splat(1e-280), large = wasm_f64x2_splat(1e280);
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

// Float data, four pairs in f32x4 lanes: a filter that decides only what float arithmetic
// decides for certain. d2 and r2 carry relative errors below 6 * 2^-24 each (differences, squares
// and sums of positive terms, rounded once per operation), so a pair whose d2 and r2 differ by
// more than 2^-19 relative has the exact verdict; closer pairs (and odd numbers) go on to f64.
bool spheresFourFiltered(const float* const a[4], const float* const b[4], size_t i, uint8_t* out) {
  const v128_t zero = wasm_f32x4_splat(0), tiny = wasm_f32x4_splat(0x1p-100f), huge = wasm_f32x4_splat(0x1p100f);
  const v128_t below = wasm_f32x4_splat(1 - 0x1p-19f), above = wasm_f32x4_splat(1 + 0x1p-19f);
  const v128_t ra = wasm_v128_load(a[3] + i), rb = wasm_v128_load(b[3] + i);
  const v128_t dx = wasm_f32x4_sub(wasm_v128_load(b[0] + i), wasm_v128_load(a[0] + i));
  const v128_t dy = wasm_f32x4_sub(wasm_v128_load(b[1] + i), wasm_v128_load(a[1] + i));
  const v128_t dz = wasm_f32x4_sub(wasm_v128_load(b[2] + i), wasm_v128_load(a[2] + i));
  const v128_t d2 = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(dx, dx), wasm_f32x4_mul(dy, dy)), wasm_f32x4_mul(dz, dz));
  const v128_t r = wasm_f32x4_add(ra, rb);
  const v128_t r2 = wasm_f32x4_mul(r, r);
  const v128_t overlap = wasm_f32x4_le(d2, wasm_f32x4_mul(r2, below));
  const v128_t apart = wasm_f32x4_ge(d2, wasm_f32x4_mul(r2, above));
  // Radii >= 0; r2 and d2 far from float underflow and overflow (NaN fails every comparison).
  const v128_t plain = wasm_v128_and(wasm_v128_and(wasm_f32x4_ge(wasm_f32x4_pmin(ra, rb), zero), wasm_f32x4_ge(r2, tiny)),
                                     wasm_v128_and(wasm_f32x4_le(r2, huge), wasm_f32x4_le(d2, huge)));
  if (!wasm_i32x4_all_true(wasm_v128_and(plain, wasm_v128_or(overlap, apart)))) return false;
  storeFourBits(out + i, wasm_i32x4_bitmask(overlap));
  return true;
}
inline bool spheresFourFiltered(const double* const[4], const double* const[4], size_t, uint8_t*) { return false; }
#endif

// Four pairs per step: floats through the filter first, then f64 lanes, then the scalar test.
template <class T>
size_t spheresPairwise(const BatchLayout& la, const BatchLayout& lb, size_t count, uint8_t* out) {
  const T *a[4], *b[4];
  fieldPointers(la, a);
  fieldPointers(lb, b);
  size_t i = 0, invalid = 0;
#if SEPAXIS_LANES
  for (; i + 4 <= count; i += 4)
    if (!spheresFourFiltered(a, b, i, out) && !spheresFour(a, b, i, out))
      for (size_t j = i; j < i + 4; ++j) invalid += (out[j] = spherePair(a, b, j)) == kBatchInvalid;
#endif
  for (; i < count; ++i) invalid += (out[i] = spherePair(a, b, i)) == kBatchInvalid;
  return invalid;
}

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
  v128_t fast = wasm_i64x2_splat(-1);
  const v128_t low = aabbHalf(a, b, i, fast), high = aabbHalf(a, b, i + 2, fast);
  if (!wasm_i64x2_all_true(fast)) return false;
  storeFour(out + i, low, high);
  return true;
}

inline bool aabbFour(const float* const a[6], const float* const b[6], size_t i, uint8_t* out) {
  v128_t fast = wasm_i32x4_splat(-1);
  const v128_t hit = aabbQuad(a, b, i, fast);
  if (!wasm_i32x4_all_true(fast)) return false;
  storeFourBits(out + i, wasm_i32x4_bitmask(hit));
  return true;
}
#endif

template <class T>
size_t aabbsPairwise(const BatchLayout& la, const BatchLayout& lb, size_t count, uint8_t* out) {
  const T *a[6], *b[6];
  fieldPointers(la, a);
  fieldPointers(lb, b);
  size_t i = 0, invalid = 0;
#if SEPAXIS_LANES
  for (; i + 4 <= count; i += 4)
    if (!aabbFour(a, b, i, out))
      for (size_t j = i; j < i + 4; ++j) invalid += (out[j] = aabbPair(a, b, j)) == kBatchInvalid;
#endif
  for (; i < count; ++i) invalid += (out[i] = aabbPair(a, b, i)) == kBatchInvalid;
  return invalid;
}

template <class A, class B>
uint8_t genericPair(const BatchLayout& a, const BatchLayout& b, size_t i) {
  A x;
  B y;
  if (!load(a, i, x) || !load(b, i, y)) return kBatchInvalid;
  return overlaps(x, y);
}

// A sphere against an AABB, pairs (j, j+1) in f64x2 lanes, with the very operations of the exact
// test (overlap.cpp: the AABB's three face axes about its centre, then the closest point), so a
// lane decides as a single call does. `fast`: lanes whose numbers are plainly fine (radius and
// widths >= 0, squares neither underflowing nor overflowing); the others go to the scalar test.
#if SEPAXIS_LANES
template <class T>
v128_t sphereAabbHalf(const T* const s[4], const T* const box[6], size_t j, v128_t& fast) {
  const v128_t zero = wasm_f64x2_splat(0), half = wasm_f64x2_splat(0.5), small = wasm_f64x2_splat(1e-280),
               large = wasm_f64x2_splat(1e280), limit = wasm_f64x2_splat(1e300);
  const v128_t r = load2(s[3] + j), r2 = wasm_f64x2_mul(r, r);
  v128_t faceSeparates = zero, d2 = zero;
  fast = wasm_v128_and(fast, wasm_v128_and(wasm_f64x2_ge(r, zero), wasm_v128_and(wasm_f64x2_gt(r2, small), wasm_f64x2_lt(r2, large))));
  for (int c = 0; c < 3; ++c) {
    const v128_t p = load2(s[c] + j), lo = load2(box[c] + j), hi = load2(box[c + 3] + j);
    const v128_t o = wasm_f64x2_mul(wasm_f64x2_add(lo, hi), half);
    const v128_t width = wasm_f64x2_sub(hi, lo);
    // A NaN centre would slip through the closest-point step below (offset 0): check it here.
    fast = wasm_v128_and(fast, wasm_v128_and(wasm_v128_and(wasm_f64x2_ge(width, zero), wasm_f64x2_le(width, limit)),
                                             wasm_v128_and(wasm_f64x2_le(wasm_f64x2_abs(o), limit),
                                                           wasm_f64x2_le(wasm_f64x2_abs(p), limit))));
    // Face axis c: the sphere covers [q - r, q + r], the box [lo - o, hi - o].
    const v128_t q = wasm_f64x2_sub(p, o);
    faceSeparates = wasm_v128_or(faceSeparates, wasm_v128_or(wasm_f64x2_gt(wasm_f64x2_sub(q, r), wasm_f64x2_sub(hi, o)),
                                                             wasm_f64x2_gt(wasm_f64x2_sub(lo, o), wasm_f64x2_add(q, r))));
    // Offset from the closest point: p - lo below, p - hi above, 0 inside.
    const v128_t below = wasm_f64x2_lt(p, lo), above = wasm_f64x2_gt(p, hi);
    const v128_t offset = wasm_v128_bitselect(wasm_f64x2_sub(p, lo), wasm_v128_and(above, wasm_f64x2_sub(p, hi)), below);
    d2 = wasm_f64x2_add(d2, wasm_f64x2_mul(offset, offset));
  }
  // withinDistance's plain branch; d2 == 0 (centre inside) is decided the same way there.
  fast = wasm_v128_and(fast, wasm_f64x2_lt(d2, large));
  fast = wasm_v128_and(fast, wasm_v128_or(wasm_f64x2_eq(d2, zero), wasm_f64x2_gt(d2, small)));
  return wasm_v128_andnot(wasm_f64x2_le(d2, r2), faceSeparates);
}
#endif

// Sphere-AABB pairs (either order: `sphereFirst`), four per step.
template <class T>
size_t sphereAabbPairwise(const BatchLayout& ls, const BatchLayout& lbox, bool sphereFirst, size_t count, uint8_t* out) {
  const T *s[4], *box[6];
  fieldPointers(ls, s);
  fieldPointers(lbox, box);
  auto exact = [&](size_t j) {
    return sphereFirst ? genericPair<Sphere, Aabb>(ls, lbox, j) : genericPair<Aabb, Sphere>(lbox, ls, j);
  };
  size_t i = 0, invalid = 0;
#if SEPAXIS_LANES
  for (; i + 4 <= count; i += 4) {
    v128_t fast = wasm_i64x2_splat(-1);
    const v128_t low = sphereAabbHalf(s, box, i, fast), high = sphereAabbHalf(s, box, i + 2, fast);
    if (wasm_i64x2_all_true(fast)) {
      storeFour(out + i, low, high);
    } else {
      for (size_t j = i; j < i + 4; ++j) invalid += (out[j] = exact(j)) == kBatchInvalid;
    }
  }
#endif
  for (; i < count; ++i) invalid += (out[i] = exact(i)) == kBatchInvalid;
  return invalid;
}


#if SEPAXIS_LANES
// Loads boxes i, i+1; returns the lanes whose frames are fine for the fast path (an AABB's always).
template <class T>
detail::M2 loadBoxLanes(const BatchLayout& l, size_t i, detail::BoxLanes<detail::F2>& box) {
  const T* d = static_cast<const T*>(l.data);
  auto at = [&](int f) { return detail::F2{load2(d + size_t(f) * l.stride + i)}; };
  if (l.type == VolumeType::Aabb) {
    const detail::F2 half = detail::splat(0.5);
    for (int c = 0; c < 3; ++c) {
      box.c[c] = (at(c) + at(c + 3)) * half;
      box.e[c] = (at(c + 3) - at(c)) * half;
      for (int a = 0; a < 3; ++a) box.u[a][c] = detail::splat(a == c ? 1.0 : 0.0);
    }
    return detail::allLanes();
  }
  for (int c = 0; c < 3; ++c) {
    box.c[c] = at(c);
    box.e[c] = at(12 + c);
    for (int a = 0; a < 3; ++a) box.u[a][c] = at(3 + 3 * a + c);
  }
  return detail::orthonormalizeLanes(box.u);
}

// AABB-OBB and OBB-OBB, two pairs per step; lanes the fast path declines go to the exact test.
template <class T, class A>
size_t boxesPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  size_t i = 0, invalid = 0;
  detail::BoxLanes<detail::F2> x, y;
  for (; i + 2 <= count; i += 2) {
    const detail::M2 frames = loadBoxLanes<T>(a, i, x) & loadBoxLanes<T>(b, i, y);
    const auto verdict = detail::boxLanesSeparated(x, y, frames);
    for (int l = 0; l < 2; ++l)
      invalid += (out[i + l] = detail::lane(verdict.fast, l) ? uint8_t(!detail::lane(verdict.separated, l))
                                                             : genericPair<A, Obb>(a, b, i + l)) == kBatchInvalid;
  }
  for (; i < count; ++i) invalid += (out[i] = genericPair<A, Obb>(a, b, i)) == kBatchInvalid;
  return invalid;
}

// A sphere against an OBB, two pairs per step, with the exact test's own operations (overlap.cpp:
// the box's face axes about its centre, then the offset from the closest point, summed along the
// axes), on the frame tryMakeObb would make; doubtful lanes go to the scalar test.
template <class T>
size_t sphereObbPairwise(const BatchLayout& ls, const BatchLayout& lbox, bool sphereFirst, size_t count, uint8_t* out) {
  using detail::F2;
  using detail::M2;
  const T* s[4];
  fieldPointers(ls, s);
  auto exact = [&](size_t j) {
    return sphereFirst ? genericPair<Sphere, Obb>(ls, lbox, j) : genericPair<Obb, Sphere>(lbox, ls, j);
  };
  const F2 zero = detail::splat(0), small = detail::splat(1e-280), large = detail::splat(1e280), limit = detail::splat(1e300);
  size_t i = 0, invalid = 0;
  detail::BoxLanes<F2> box;
  for (; i + 2 <= count; i += 2) {
    M2 fast = loadBoxLanes<T>(lbox, i, box);
    const F2 r{load2(s[3] + i)}, r2 = r * r;
    fast = fast & (r >= zero) & (r2 > small) & (large > r2);
    F2 d[3];
    for (int c = 0; c < 3; ++c) {
      const F2 p{load2(s[c] + i)};
      fast = fast & (detail::abs(p) <= limit) & (detail::abs(box.c[c]) <= limit) & (box.e[c] >= zero) & (box.e[c] <= limit);
      d[c] = p - box.c[c];
    }
    M2 faceSeparates = ~detail::allLanes();
    F2 offset[3] = {zero, zero, zero};
    for (int a = 0; a < 3; ++a) {
      const F2* u = box.u[a];
      const F2 t = d[0] * u[0] + d[1] * u[1] + d[2] * u[2];
      const F2 reach = detail::abs(box.e[a] * (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]));
      faceSeparates = faceSeparates | (t - r > reach) | (zero - reach > t + r);
      const F2 e = box.e[a];
      const M2 below = t < zero - e, above = t > e;
      const F2 excess = detail::select(below, t + e, detail::select(above, t - e, zero));
      for (int c = 0; c < 3; ++c) offset[c] = offset[c] + u[c] * excess;
    }
    const F2 d2 = offset[0] * offset[0] + offset[1] * offset[1] + offset[2] * offset[2];
    // withinDistance's plain branch; d2 == 0 (centre inside) is decided the same way there.
    fast = fast & (large > d2) & ((d2 == zero) | (d2 > small));
    const M2 hit = (d2 <= r2) & ~faceSeparates;
    for (int l = 0; l < 2; ++l)
      invalid += (out[i + l] = detail::lane(fast, l) ? uint8_t(detail::lane(hit, l)) : exact(i + l)) == kBatchInvalid;
  }
  for (; i < count; ++i) invalid += (out[i] = exact(i)) == kBatchInvalid;
  return invalid;
}
#endif

template <class A, class B>
size_t genericPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  size_t invalid = 0;
  A x;
  B y;
  for (size_t i = 0; i < count; ++i) {
    if (!load(a, i, x) || !load(b, i, y)) {
      ++invalid;
      out[i] = kBatchInvalid;
      continue;
    }
    out[i] = overlaps(x, y);
  }
  return invalid;
}

template <class A>
size_t pairwiseWith(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  switch (b.type) {
    case VolumeType::Sphere: return genericPairwise<A, Sphere>(a, b, count, out);
    case VolumeType::Aabb: return genericPairwise<A, Aabb>(a, b, count, out);
    case VolumeType::Obb: return genericPairwise<A, Obb>(a, b, count, out);
    case VolumeType::Kdop: return genericPairwise<A, Kdop>(a, b, count, out);
  }
  return 0;
}

template <class One, class B>
size_t oneToMany(const One& one, const BatchLayout& many, size_t count, uint8_t* out) {
  size_t invalid = 0;
  B y;
  for (size_t i = 0; i < count; ++i) {
    if (!load(many, i, y)) {
      ++invalid;
      out[i] = kBatchInvalid;
      continue;
    }
    out[i] = overlaps(one, y);
  }
  return invalid;
}

}  // namespace

int batchFieldCount(VolumeType type, int k) {
  switch (type) {
    case VolumeType::Sphere: return 4;
    case VolumeType::Aabb: return 6;
    case VolumeType::Obb: return 15;
    case VolumeType::Kdop: return isValidKdopK(k) ? k : 0;
  }
  return 0;
}

size_t overlapsPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  const bool f32 = a.precision == Precision::Float32;
  if (a.precision == b.precision && a.type == b.type && a.type == VolumeType::Sphere)
    return f32 ? spheresPairwise<float>(a, b, count, out) : spheresPairwise<double>(a, b, count, out);
  if (a.precision == b.precision && a.type == b.type && a.type == VolumeType::Aabb)
    return f32 ? aabbsPairwise<float>(a, b, count, out) : aabbsPairwise<double>(a, b, count, out);
  if (a.precision == b.precision && a.type == VolumeType::Sphere && b.type == VolumeType::Aabb)
    return f32 ? sphereAabbPairwise<float>(a, b, true, count, out) : sphereAabbPairwise<double>(a, b, true, count, out);
  if (a.precision == b.precision && a.type == VolumeType::Aabb && b.type == VolumeType::Sphere)
    return f32 ? sphereAabbPairwise<float>(b, a, false, count, out) : sphereAabbPairwise<double>(b, a, false, count, out);
#if SEPAXIS_LANES
  if (a.precision == b.precision && b.type == VolumeType::Obb && a.type == VolumeType::Obb)
    return f32 ? boxesPairwise<float, Obb>(a, b, count, out) : boxesPairwise<double, Obb>(a, b, count, out);
  if (a.precision == b.precision && b.type == VolumeType::Obb && a.type == VolumeType::Aabb)
    return f32 ? boxesPairwise<float, Aabb>(a, b, count, out) : boxesPairwise<double, Aabb>(a, b, count, out);
  if (a.precision == b.precision && b.type == VolumeType::Aabb && a.type == VolumeType::Obb)  // symmetric test
    return f32 ? boxesPairwise<float, Aabb>(b, a, count, out) : boxesPairwise<double, Aabb>(b, a, count, out);
  if (a.precision == b.precision && a.type == VolumeType::Sphere && b.type == VolumeType::Obb)
    return f32 ? sphereObbPairwise<float>(a, b, true, count, out) : sphereObbPairwise<double>(a, b, true, count, out);
  if (a.precision == b.precision && a.type == VolumeType::Obb && b.type == VolumeType::Sphere)
    return f32 ? sphereObbPairwise<float>(b, a, false, count, out) : sphereObbPairwise<double>(b, a, false, count, out);
#endif
  switch (a.type) {
    case VolumeType::Sphere: return pairwiseWith<Sphere>(a, b, count, out);
    case VolumeType::Aabb: return pairwiseWith<Aabb>(a, b, count, out);
    case VolumeType::Obb: return pairwiseWith<Obb>(a, b, count, out);
    case VolumeType::Kdop: return pairwiseWith<Kdop>(a, b, count, out);
  }
  return 0;
}

#if SEPAXIS_LANES
namespace {
// One-to-many through the pairwise SIMD loops: the one volume, replicated into a block of
// kOneBlock elements (its numbers exactly, so it is the same volume), against the many in blocks.
constexpr size_t kOneBlock = 64;

int oneFields(const Volume& one, double (&f)[15]) {
  if (const auto* s = std::get_if<Sphere>(&one)) {
    const double v[] = {s->center.x, s->center.y, s->center.z, s->radius};
    std::copy(v, v + 4, f);
    return 4;
  }
  if (const auto* box = std::get_if<Aabb>(&one)) {
    const double v[] = {box->min.x, box->min.y, box->min.z, box->max.x, box->max.y, box->max.z};
    std::copy(v, v + 6, f);
    return 6;
  }
  const auto& obb = std::get<Obb>(one);
  for (int c = 0; c < 3; ++c) {
    f[c] = obb.center[c];
    for (int a = 0; a < 3; ++a) f[3 + 3 * a + c] = obb.axis[a][c];
    f[12 + c] = obb.halfExtents[c];
  }
  return 15;
}

size_t oneToManyInBlocks(const Volume& one, const BatchLayout& many, size_t count, uint8_t* out) {
  double values[15];
  const int fields = oneFields(one, values);
  double block[15 * kOneBlock];
  for (int f = 0; f < fields; ++f) std::fill(block + f * kOneBlock, block + (f + 1) * kOneBlock, values[f]);
  const BatchLayout a{VolumeType(one.index()), 0, block, kOneBlock, Precision::Float64};
  size_t invalid = 0;
  for (size_t first = 0; first < count; first += kOneBlock) {
    BatchLayout b = many;
    b.data = static_cast<const double*>(many.data) + first;
    invalid += overlapsPairwise(a, b, std::min(kOneBlock, count - first), out + first);
  }
  return invalid;
}
}  // namespace
#endif

size_t overlapsOneToMany(const Volume& one, const BatchLayout& many, size_t count, uint8_t* out) {
#if SEPAXIS_LANES
  if (many.precision == Precision::Float64 && many.type != VolumeType::Kdop && !std::holds_alternative<Kdop>(one))
    return oneToManyInBlocks(one, many, count, out);
#endif
  return std::visit(
      [&](const auto& v) -> size_t {
        using One = std::decay_t<decltype(v)>;
        switch (many.type) {
          case VolumeType::Sphere: return oneToMany<One, Sphere>(v, many, count, out);
          case VolumeType::Aabb: return oneToMany<One, Aabb>(v, many, count, out);
          case VolumeType::Obb: return oneToMany<One, Obb>(v, many, count, out);
          case VolumeType::Kdop: return oneToMany<One, Kdop>(v, many, count, out);
        }
        return 0;
      },
      one);
}

Expected<Volume> batchElement(const BatchLayout& l, size_t i) {
  switch (l.type) {
    case VolumeType::Sphere: {
      auto s = makeSphere(vec(l, 0, i), field(l, 3, i));
      if (!s) return s.error();
      return Volume{*s};
    }
    case VolumeType::Aabb: {
      auto box = makeAabb(vec(l, 0, i), vec(l, 3, i));
      if (!box) return box.error();
      return Volume{*box};
    }
    case VolumeType::Obb: {
      const Vec3 axes[3] = {vec(l, 3, i), vec(l, 6, i), vec(l, 9, i)};
      auto box = makeObb(vec(l, 0, i), axes, vec(l, 12, i));
      if (!box) return box.error();
      return Volume{*box};
    }
    case VolumeType::Kdop: {
      const int n = l.k / 2;
      double lo[kMaxKdopSlabs] = {}, hi[kMaxKdopSlabs] = {};
      for (int f = 0; f < n && f < kMaxKdopSlabs; ++f) lo[f] = field(l, f, i), hi[f] = field(l, n + f, i);
      auto kdop = makeKdop(l.k, lo, hi, n);
      if (!kdop) return kdop.error();
      return Volume{*kdop};
    }
  }
  return Error{ErrorCode::WrongLength, "type", double(int(l.type)), "unknown volume type"};
}

}  // namespace sepaxis
