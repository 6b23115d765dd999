#include "sepaxis/batch.h"

#include <cmath>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include "sepaxis/overlap.h"

namespace sepaxis {
namespace {

double field(const BatchLayout& l, int f, size_t i) { return l.data[size_t(f) * l.stride + i]; }
Vec3 vec(const BatchLayout& l, int f, size_t i) { return {field(l, f, i), field(l, f + 1, i), field(l, f + 2, i)}; }

// Loads element i without allocating; false when it is invalid.
bool load(const BatchLayout& l, size_t i, Sphere& s) {
  s = {vec(l, 0, i), field(l, 3, i)};
  return isFinite(s.center) && s.radius >= 0 && std::isfinite(s.radius);
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

#ifdef __wasm_simd128__
// Two pairs per step in f64x2 lanes. Masks are all-ones lanes; the result byte of a lane is
// ok ? (overlap & 1) : kBatchInvalid.
inline v128_t finiteMask(v128_t x) { return wasm_f64x2_eq(wasm_f64x2_sub(x, x), wasm_f64x2_splat(0)); }

inline void storeResults(v128_t ok, v128_t overlap, uint8_t* out, v128_t& validCount) {
  const v128_t value = wasm_v128_bitselect(wasm_v128_and(overlap, wasm_i64x2_splat(1)), wasm_i64x2_splat(kBatchInvalid), ok);
  out[0] = uint8_t(wasm_i64x2_extract_lane(value, 0));
  out[1] = uint8_t(wasm_i64x2_extract_lane(value, 1));
  validCount = wasm_i64x2_sub(validCount, ok);  // ok lanes are -1
}

inline size_t invalidOf(v128_t validCount, size_t pairs) {
  return pairs - size_t(wasm_i64x2_extract_lane(validCount, 0) + wasm_i64x2_extract_lane(validCount, 1));
}
#endif

size_t spheresPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  const double *ax = a.data, *ay = ax + a.stride, *az = ay + a.stride, *ar = az + a.stride;
  const double *bx = b.data, *by = bx + b.stride, *bz = by + b.stride, *br = bz + b.stride;
  size_t invalid = 0, i = 0;
#ifdef __wasm_simd128__
  v128_t valid = wasm_i64x2_splat(0);
  for (; i + 2 <= count; i += 2) {
    const v128_t pax = wasm_v128_load(ax + i), pay = wasm_v128_load(ay + i), paz = wasm_v128_load(az + i);
    const v128_t pbx = wasm_v128_load(bx + i), pby = wasm_v128_load(by + i), pbz = wasm_v128_load(bz + i);
    const v128_t ra = wasm_v128_load(ar + i), rb = wasm_v128_load(br + i);
    const v128_t dx = wasm_f64x2_sub(pbx, pax), dy = wasm_f64x2_sub(pby, pay), dz = wasm_f64x2_sub(pbz, paz);
    const v128_t d2 = wasm_f64x2_add(wasm_f64x2_add(wasm_f64x2_mul(dx, dx), wasm_f64x2_mul(dy, dy)), wasm_f64x2_mul(dz, dz));
    const v128_t r = wasm_f64x2_add(ra, rb);
    const v128_t zero = wasm_f64x2_splat(0);
    v128_t ok = wasm_v128_and(wasm_f64x2_ge(ra, zero), wasm_f64x2_ge(rb, zero));
    ok = wasm_v128_and(ok, wasm_v128_and(finiteMask(pax), wasm_v128_and(finiteMask(pay), finiteMask(paz))));
    ok = wasm_v128_and(ok, wasm_v128_and(finiteMask(pbx), wasm_v128_and(finiteMask(pby), finiteMask(pbz))));
    ok = wasm_v128_and(ok, wasm_v128_and(finiteMask(ra), finiteMask(rb)));
    const v128_t r2 = wasm_f64x2_mul(r, r);
    storeResults(ok, wasm_f64x2_le(d2, r2), out + i, valid);
    // Squares below 1e-280 or above 1e280 may have underflowed or overflowed: decide those
    // lanes as the scalar test does (withinDistance), so batches agree with single calls.
    const v128_t small = wasm_f64x2_splat(1e-280), large = wasm_f64x2_splat(1e280);
    const v128_t extreme = wasm_v128_or(wasm_v128_or(wasm_f64x2_lt(d2, small), wasm_f64x2_gt(d2, large)),
                                        wasm_v128_or(wasm_f64x2_lt(r2, small), wasm_f64x2_gt(r2, large)));
    if (wasm_v128_any_true(wasm_v128_and(extreme, ok))) {
      for (size_t j = i; j < i + 2; ++j)
        if (out[j] != kBatchInvalid)
          out[j] = withinDistance({bx[j] - ax[j], by[j] - ay[j], bz[j] - az[j]}, ar[j] + br[j]);
    }
  }
  invalid = invalidOf(valid, i);
#endif
  for (; i < count; ++i) {
    const double dx = bx[i] - ax[i], dy = by[i] - ay[i], dz = bz[i] - az[i], r = ar[i] + br[i];
    const bool ok = ar[i] >= 0 && br[i] >= 0 && finite(ax[i]) && finite(ay[i]) && finite(az[i]) && finite(ar[i]) &&
                    finite(bx[i]) && finite(by[i]) && finite(bz[i]) && finite(br[i]);
    invalid += !ok;
    out[i] = ok ? uint8_t(withinDistance({dx, dy, dz}, r)) : kBatchInvalid;
  }
  return invalid;
}

size_t aabbsPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  const double* am[3] = {a.data, a.data + a.stride, a.data + 2 * a.stride};
  const double* aM[3] = {a.data + 3 * a.stride, a.data + 4 * a.stride, a.data + 5 * a.stride};
  const double* bm[3] = {b.data, b.data + b.stride, b.data + 2 * b.stride};
  const double* bM[3] = {b.data + 3 * b.stride, b.data + 4 * b.stride, b.data + 5 * b.stride};
  size_t invalid = 0, i = 0;
#ifdef __wasm_simd128__
  v128_t valid = wasm_i64x2_splat(0);
  for (; i + 2 <= count; i += 2) {
    v128_t ok = wasm_i64x2_splat(-1), overlap = wasm_i64x2_splat(-1);
    for (int c = 0; c < 3; ++c) {
      const v128_t a0 = wasm_v128_load(am[c] + i), a1 = wasm_v128_load(aM[c] + i);
      const v128_t b0 = wasm_v128_load(bm[c] + i), b1 = wasm_v128_load(bM[c] + i);
      ok = wasm_v128_and(ok, wasm_v128_and(wasm_f64x2_le(a0, a1), wasm_f64x2_le(b0, b1)));
      ok = wasm_v128_and(ok, wasm_v128_and(wasm_v128_and(finiteMask(a0), finiteMask(a1)),
                                           wasm_v128_and(finiteMask(b0), finiteMask(b1))));
      overlap = wasm_v128_and(overlap, wasm_v128_and(wasm_f64x2_le(a0, b1), wasm_f64x2_le(b0, a1)));
    }
    storeResults(ok, overlap, out + i, valid);
  }
  invalid = invalidOf(valid, i);
#endif
  for (; i < count; ++i) {
    bool ok = true, overlap = true;
    for (int c = 0; c < 3; ++c) {
      const double a0 = am[c][i], a1 = aM[c][i], b0 = bm[c][i], b1 = bM[c][i];
      ok = ok && a0 <= a1 && b0 <= b1 && finite(a0) && finite(a1) && finite(b0) && finite(b1);
      overlap = overlap && a0 <= b1 && b0 <= a1;
    }
    invalid += !ok;
    out[i] = ok ? uint8_t(overlap) : kBatchInvalid;
  }
  return invalid;
}

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
  if (a.type == VolumeType::Sphere && b.type == VolumeType::Sphere) return spheresPairwise(a, b, count, out);
  if (a.type == VolumeType::Aabb && b.type == VolumeType::Aabb) return aabbsPairwise(a, b, count, out);
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
