#include "sepaxis/batch.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "batch_element.h"
#include "batch_lanes.h"
#include "box_filter.h"
#include "box_lanes.h"
#include "sepaxis/overlap.h"

namespace sepaxis {
namespace {

using namespace batch_detail;

// Pairs four at a time through `four` (true when it decided all four), the exact `one` for the
// groups it declines and for the tail. Returns the number of invalid pairs.
template <class Four, class One>
size_t inFours(size_t count, uint8_t* out, Four four, One one) {
  size_t i = 0, invalid = 0;
  for (; i + 4 <= count; i += 4)
    if (!four(i))
      for (size_t j = i; j < i + 4; ++j) invalid += (out[j] = one(j)) == kBatchInvalid;
  for (; i < count; ++i) invalid += (out[i] = one(i)) == kBatchInvalid;
  return invalid;
}

// Floats through the filter first, then f64 lanes, then the scalar test.
template <class T>
size_t spheresPairwise(const BatchLayout& la, const BatchLayout& lb, size_t count, uint8_t* out) {
  const T *a[4], *b[4];
  fieldPointers(la, a);
  fieldPointers(lb, b);
  return inFours(
      count, out, [&](size_t i) { return spheresFourFiltered(a, b, i, out) || spheresFour(a, b, i, out); },
      [&](size_t j) { return spherePair(a, b, j); });
}

template <class T>
size_t aabbsPairwise(const BatchLayout& la, const BatchLayout& lb, size_t count, uint8_t* out) {
  const T *a[6], *b[6];
  fieldPointers(la, a);
  fieldPointers(lb, b);
  return inFours(count, out, [&](size_t i) { return aabbFour(a, b, i, out); }, [&](size_t j) { return aabbPair(a, b, j); });
}

// Sphere-AABB pairs, either order (`sphereFirst`).
template <class T>
size_t sphereAabbPairwise(const BatchLayout& ls, const BatchLayout& lbox, bool sphereFirst, size_t count, uint8_t* out) {
  const T *s[4], *box[6];
  fieldPointers(ls, s);
  fieldPointers(lbox, box);
  return inFours(count, out, [&](size_t i) { return sphereAabbFour(s, box, i, out); }, [&](size_t j) {
    return sphereFirst ? genericPair<Sphere, Aabb>(ls, lbox, j) : genericPair<Aabb, Sphere>(lbox, ls, j);
  });
}

#if SEPAXIS_LANES
// Loads two boxes into f64x2 lanes, field f of both from `two(p)` given field f's array p (two
// consecutive elements, or two anywhere); returns the lanes whose frames are fine for the fast path
// (an AABB's always).
template <class T, class Two>
detail::M2 loadBoxLanes(const BatchLayout& l, detail::BoxLanes<detail::F2>& box, Two two) {
  const T* d = static_cast<const T*>(l.data);
  auto at = [&](int f) { return detail::F2{two(d + size_t(f) * l.stride)}; };
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
template <class T>
detail::M2 loadBoxLanes(const BatchLayout& l, size_t i, detail::BoxLanes<detail::F2>& box) {
  return loadBoxLanes<T>(l, box, [i](const T* p) { return load2(p + i); });
}

// Two f64x2 halves (pairs i, i+1 and i+2, i+3) rounded to one f32x4.
inline detail::F4 toFloats(v128_t low, v128_t high) {
  return {wasm_i64x2_shuffle(wasm_f32x4_demote_f64x2_zero(low), wasm_f32x4_demote_f64x2_zero(high), 0, 2)};
}
inline detail::F4 load4(const double* p) { return toFloats(wasm_v128_load(p), wasm_v128_load(p + 2)); }
inline detail::F4 load4(const float* p) { return {wasm_v128_load(p)}; }

// Boxes i..i+3 of one side for the float filter: axes and half-extents. An AABB's half-extents
// are computed as asObb computes them, in doubles, then rounded.
template <class T>
void loadBoxFour(const BatchLayout& l, size_t i, detail::BoxFour& box) {
  const T* d = static_cast<const T*>(l.data);
  auto at = [&](int f) { return d + size_t(f) * l.stride + i; };
  if (l.type == VolumeType::Aabb) {
    const v128_t half = wasm_f64x2_splat(0.5);
    for (int c = 0; c < 3; ++c) {
      v128_t e[2];
      for (int h = 0; h < 2; ++h) e[h] = wasm_f64x2_mul(wasm_f64x2_sub(load2(at(c + 3) + 2 * h), load2(at(c) + 2 * h)), half);
      box.e[c] = toFloats(e[0], e[1]);
      for (int a = 0; a < 3; ++a) box.u[a][c] = detail::splat4(a == c ? 1.0f : 0.0f);
    }
    return;
  }
  for (int c = 0; c < 3; ++c) {
    box.e[c] = load4(at(12 + c));
    for (int a = 0; a < 3; ++a) box.u[a][c] = load4(at(3 + 3 * a + c));
  }
}

// Component c of the centres of boxes i..i+3 as f64x2 halves, as the exact test computes them.
template <class T>
void loadCentres(const BatchLayout& l, size_t i, int c, v128_t (&centre)[2]) {
  const T* d = static_cast<const T*>(l.data) + i;
  for (int h = 0; h < 2; ++h) {
    if (l.type == VolumeType::Aabb)
      centre[h] = wasm_f64x2_mul(wasm_f64x2_add(load2(d + size_t(c) * l.stride + 2 * h), load2(d + size_t(c + 3) * l.stride + 2 * h)),
                                 wasm_f64x2_splat(0.5));
    else
      centre[h] = load2(d + size_t(c) * l.stride + 2 * h);
  }
}

// The offsets cB - cA of pairs i..i+3, rounded once to float from the exact test's difference.
// Float OBB centres need no doubles: the float difference of two floats is that rounding.
template <class T>
void centreOffsets(const BatchLayout& a, const BatchLayout& b, size_t i, detail::F4 (&d)[3]) {
  for (int c = 0; c < 3; ++c) {
    if (sizeof(T) == sizeof(float) && a.type == VolumeType::Obb) {
      const T* ca = static_cast<const T*>(a.data) + size_t(c) * a.stride + i;
      const T* cb = static_cast<const T*>(b.data) + size_t(c) * b.stride + i;
      d[c] = load4(cb) - load4(ca);
      continue;
    }
    v128_t ca[2], cb[2];
    loadCentres<T>(a, i, c, ca);
    loadCentres<T>(b, i, c, cb);
    d[c] = toFloats(wasm_f64x2_sub(cb[0], ca[0]), wasm_f64x2_sub(cb[1], ca[1]));
  }
}

// The exact stages behind the float filter, for the pairs it leaves: collected two at a time for
// the f64 lanes (box_lanes.h), whose doubtful lanes go to the scalar test.
template <class T, class A>
class ExactBoxPairs {
 public:
  ExactBoxPairs(const BatchLayout& a, const BatchLayout& b, uint8_t* out) : a_(a), b_(b), out_(out) {}

  void add(size_t i) {
    if (!pending_) {
      pending_ = true;
      first_ = i;
      return;
    }
    pending_ = false;
    const size_t i0 = first_, i1 = i;
    auto two = [i0, i1](const T* p) { return wasm_f64x2_make(double(p[i0]), double(p[i1])); };
    detail::BoxLanes<detail::F2> x, y;
    const detail::M2 frames = loadBoxLanes<T>(a_, x, two) & loadBoxLanes<T>(b_, y, two);
    const auto verdict = detail::boxLanesSeparated(x, y, frames);
    decide(i0, detail::lane(verdict.fast, 0), !detail::lane(verdict.separated, 0));
    decide(i1, detail::lane(verdict.fast, 1), !detail::lane(verdict.separated, 1));
  }
  /// Returns the number of invalid pairs seen.
  size_t finish() {
    if (pending_) decide(first_, false, false);
    pending_ = false;
    return invalid_;
  }

 private:
  void decide(size_t i, bool fast, bool overlap) {
    invalid_ += (out_[i] = fast ? uint8_t(overlap) : genericPair<A, Obb>(a_, b_, i)) == kBatchInvalid;
  }
  const BatchLayout &a_, &b_;
  uint8_t* out_;
  size_t invalid_ = 0, first_ = 0;
  bool pending_ = false;
};

// AABB-OBB and OBB-OBB: four pairs per step through the float filter, the pairs it cannot be sure
// of through the exact stages.
template <class T, class A>
size_t boxesPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  ExactBoxPairs<T, A> exact(a, b, out);
  size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    detail::BoxFour x, y;
    loadBoxFour<T>(a, i, x);
    loadBoxFour<T>(b, i, y);
    detail::F4 d[3];
    centreOffsets<T>(a, b, i, d);
    const detail::FilterVerdict verdict = detail::filterBoxes<std::is_same_v<A, Aabb>>(d, x, y);
    storeFourBits(out + i, verdict.overlapping);
    for (uint32_t rest = ~(verdict.separated | verdict.overlapping) & 0xfu; rest != 0; rest &= rest - 1)
      exact.add(i + size_t(__builtin_ctz(rest)));
  }
  for (; i < count; ++i) exact.add(i);
  return exact.finish();
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
