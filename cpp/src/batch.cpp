#include "sepaxis/batch.h"

#include <cmath>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

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

#ifdef __wasm_simd128__
// Two consecutive numbers as f64x2 lanes (floats are widened exactly).
inline v128_t load2(const double* p) { return wasm_v128_load(p); }
inline v128_t load2(const float* p) { return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(p)); }
#endif


// Two pairs per step in f64x2 lanes. The fast lanes are those whose numbers are plainly fine:
// radii >= 0 and squares in the range where they neither underflow nor overflow (NaN and
// infinities fail these comparisons). Any other lane is decided by the exact scalar test, which
// also reports invalid input.
template <class T>
size_t spheresPairwise(const BatchLayout& la, const BatchLayout& lb, size_t count, uint8_t* out) {
  const T *a[4], *b[4];
  fieldPointers(la, a);
  fieldPointers(lb, b);
  size_t i = 0, invalid = 0;
#ifdef __wasm_simd128__
  const T *ax = a[0], *ay = a[1], *az = a[2], *ar = a[3], *bx = b[0], *by = b[1], *bz = b[2], *br = b[3];
  const v128_t zero = wasm_f64x2_splat(0), small = wasm_f64x2_splat(1e-280), large = wasm_f64x2_splat(1e280);
  for (; i + 2 <= count; i += 2) {
    const v128_t ra = load2(ar + i), rb = load2(br + i);
    const v128_t dx = wasm_f64x2_sub(load2(bx + i), load2(ax + i));
    const v128_t dy = wasm_f64x2_sub(load2(by + i), load2(ay + i));
    const v128_t dz = wasm_f64x2_sub(load2(bz + i), load2(az + i));
    const v128_t d2 = wasm_f64x2_add(wasm_f64x2_add(wasm_f64x2_mul(dx, dx), wasm_f64x2_mul(dy, dy)), wasm_f64x2_mul(dz, dz));
    const v128_t r = wasm_f64x2_add(ra, rb);
    const v128_t r2 = wasm_f64x2_mul(r, r);
    const v128_t fast = wasm_v128_and(wasm_v128_and(wasm_f64x2_ge(ra, zero), wasm_f64x2_ge(rb, zero)),
                                      wasm_v128_and(wasm_v128_and(wasm_f64x2_ge(r2, small), wasm_f64x2_le(r2, large)),
                                                    wasm_f64x2_le(d2, large)));
    if (wasm_i64x2_all_true(fast)) {
      const v128_t hit = wasm_f64x2_le(d2, r2);
      out[i] = uint8_t(wasm_i64x2_extract_lane(hit, 0) & 1);
      out[i + 1] = uint8_t(wasm_i64x2_extract_lane(hit, 1) & 1);
    } else {
      invalid += (out[i] = spherePair(a, b, i)) == kBatchInvalid;
      invalid += (out[i + 1] = spherePair(a, b, i + 1)) == kBatchInvalid;
    }
  }
#endif
  for (; i < count; ++i) invalid += (out[i] = spherePair(a, b, i)) == kBatchInvalid;
  return invalid;
}

template <class T>
size_t aabbsPairwise(const BatchLayout& la, const BatchLayout& lb, size_t count, uint8_t* out) {
  const T *a[6], *b[6];
  fieldPointers(la, a);
  fieldPointers(lb, b);
  size_t i = 0, invalid = 0;
#ifdef __wasm_simd128__
  const T *a0x = a[0], *a0y = a[1], *a0z = a[2], *a1x = a[3], *a1y = a[4], *a1z = a[5];
  const T *b0x = b[0], *b0y = b[1], *b0z = b[2], *b1x = b[3], *b1y = b[4], *b1z = b[5];
  const v128_t limit = wasm_f64x2_splat(1.7976931348623157e308);
  for (; i + 2 <= count; i += 2) {
    const v128_t ax0 = load2(a0x + i), ay0 = load2(a0y + i), az0 = load2(a0z + i);
    const v128_t ax1 = load2(a1x + i), ay1 = load2(a1y + i), az1 = load2(a1z + i);
    const v128_t bx0 = load2(b0x + i), by0 = load2(b0y + i), bz0 = load2(b0z + i);
    const v128_t bx1 = load2(b1x + i), by1 = load2(b1y + i), bz1 = load2(b1z + i);
    const v128_t overlap = wasm_v128_and(
        wasm_v128_and(wasm_v128_and(wasm_f64x2_le(ax0, bx1), wasm_f64x2_le(bx0, ax1)),
                      wasm_v128_and(wasm_f64x2_le(ay0, by1), wasm_f64x2_le(by0, ay1))),
        wasm_v128_and(wasm_f64x2_le(az0, bz1), wasm_f64x2_le(bz0, az1)));
    // min <= max, and -limit <= min, max <= limit: false for NaN and for infinities.
    const v128_t ordered = wasm_v128_and(
        wasm_v128_and(wasm_v128_and(wasm_f64x2_le(ax0, ax1), wasm_f64x2_le(ay0, ay1)), wasm_f64x2_le(az0, az1)),
        wasm_v128_and(wasm_v128_and(wasm_f64x2_le(bx0, bx1), wasm_f64x2_le(by0, by1)), wasm_f64x2_le(bz0, bz1)));
    const v128_t lowest = wasm_f64x2_pmin(wasm_f64x2_pmin(wasm_f64x2_pmin(ax0, ay0), az0), wasm_f64x2_pmin(wasm_f64x2_pmin(bx0, by0), bz0));
    const v128_t highest = wasm_f64x2_pmax(wasm_f64x2_pmax(wasm_f64x2_pmax(ax1, ay1), az1), wasm_f64x2_pmax(wasm_f64x2_pmax(bx1, by1), bz1));
    const v128_t fast = wasm_v128_and(ordered, wasm_v128_and(wasm_f64x2_le(wasm_f64x2_neg(limit), lowest), wasm_f64x2_le(highest, limit)));
    if (wasm_i64x2_all_true(fast)) {
      out[i] = uint8_t(wasm_i64x2_extract_lane(overlap, 0) & 1);
      out[i + 1] = uint8_t(wasm_i64x2_extract_lane(overlap, 1) & 1);
    } else {
      invalid += (out[i] = aabbPair(a, b, i)) == kBatchInvalid;
      invalid += (out[i + 1] = aabbPair(a, b, i + 1)) == kBatchInvalid;
    }
  }
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

#ifdef __wasm_simd128__
template <class T>
void loadBoxLanes(const BatchLayout& l, size_t i, detail::BoxLanes<detail::F2>& box) {
  const T* d = static_cast<const T*>(l.data);
  auto at = [&](int f) { return detail::F2{load2(d + size_t(f) * l.stride + i)}; };
  if (l.type == VolumeType::Aabb) {
    const detail::F2 half = detail::splat(0.5);
    for (int c = 0; c < 3; ++c) {
      box.c[c] = (at(c) + at(c + 3)) * half;
      box.e[c] = (at(c + 3) - at(c)) * half;
      for (int a = 0; a < 3; ++a) box.u[a][c] = detail::splat(a == c ? 1.0 : 0.0);
    }
    return;
  }
  for (int c = 0; c < 3; ++c) {
    box.c[c] = at(c);
    box.e[c] = at(12 + c);
    for (int a = 0; a < 3; ++a) box.u[a][c] = at(3 + 3 * a + c);
  }
}

// AABB-OBB and OBB-OBB, two pairs per step; lanes the fast path declines go to the exact test.
template <class T, class A>
size_t boxesPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  size_t i = 0, invalid = 0;
  detail::BoxLanes<detail::F2> x, y;
  for (; i + 2 <= count; i += 2) {
    loadBoxLanes<T>(a, i, x);
    loadBoxLanes<T>(b, i, y);
    const auto verdict = detail::boxLanesSeparated(x, y);
    for (int l = 0; l < 2; ++l)
      invalid += (out[i + l] = detail::lane(verdict.fast, l) ? uint8_t(!detail::lane(verdict.separated, l))
                                                             : genericPair<A, Obb>(a, b, i + l)) == kBatchInvalid;
  }
  for (; i < count; ++i) invalid += (out[i] = genericPair<A, Obb>(a, b, i)) == kBatchInvalid;
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
#ifdef __wasm_simd128__
  if (a.precision == b.precision && b.type == VolumeType::Obb && a.type == VolumeType::Obb)
    return f32 ? boxesPairwise<float, Obb>(a, b, count, out) : boxesPairwise<double, Obb>(a, b, count, out);
  if (a.precision == b.precision && b.type == VolumeType::Obb && a.type == VolumeType::Aabb)
    return f32 ? boxesPairwise<float, Aabb>(a, b, count, out) : boxesPairwise<double, Aabb>(a, b, count, out);
#endif
  switch (a.type) {
    case VolumeType::Sphere: return pairwiseWith<Sphere>(a, b, count, out);
    case VolumeType::Aabb: return pairwiseWith<Aabb>(a, b, count, out);
    case VolumeType::Obb: return pairwiseWith<Obb>(a, b, count, out);
    case VolumeType::Kdop: return pairwiseWith<Kdop>(a, b, count, out);
  }
  return 0;
}

size_t overlapsOneToMany(const Volume& one, const BatchLayout& many, size_t count, uint8_t* out) {
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
