// The batch loops of pairs with an OBB. Each runs three stages: a float filter four pairs per step
// (box_filter.h), which decides only what no rounding can flip; f64 lanes two pairs per step for
// the pairs it leaves (box_lanes.h for two boxes, the exact test's own operations for a sphere);
// the exact scalar test (batch_element.h) for the lanes those decline and for invalid input.

#include "batch_boxes.h"

#include <type_traits>
#include <utility>

#include "batch_element.h"
#include "batch_lanes.h"
#include "box_filter.h"
#include "box_lanes.h"
#include "platform.h"
#include "sphere_box.h"
#include "sepaxis/tolerance.h"

namespace sepaxis::batch_detail {

#if SEPAXIS_LANES
namespace {

using lanes::F2;
using lanes::F4;
using lanes::M2;

// Loads two boxes into f64x2 lanes, field f of both from `two(p)` given field f's array p (see
// gather); returns the lanes whose frames are fine for the fast path (an AABB's always).
template <class T, class Two>
M2 loadBoxLanes(const BatchLayout& l, detail::BoxLanes<F2>& box, Two two) {
  const T* d = static_cast<const T*>(l.data);
  auto at = [&](int f) { return F2{two(d + size_t(f) * l.stride)}; };
  if (l.type == VolumeType::Aabb) {
    // No centre: the offset from it is computed by centreOffsetLanes, with min and max.
    const F2 half = lanes::splat<F2>(0.5);
    for (int c = 0; c < 3; ++c) {
      box.e[c] = (at(c + 3) - at(c)) * half;
      for (int a = 0; a < 3; ++a) box.u[a][c] = lanes::splat<F2>(a == c ? 1 : 0);
    }
    return lanes::allSet<F2>();
  }
  for (int c = 0; c < 3; ++c) {
    box.c[c] = at(c);
    box.e[c] = at(12 + c);
    for (int a = 0; a < 3; ++a) box.u[a][c] = at(3 + 3 * a + c);
  }
  return detail::orthonormalizeLanes(box.u);
}

// centre(B) - centre(A) of two pairs, as centreOffset (obb_axes.h) computes it: an AABB A's
// centre folded in, ((cB - min) + (cB - max)) / 2. B is an OBB.
template <class T, class Two>
void centreOffsetLanes(const BatchLayout& a, const BatchLayout& b, Two two, F2 (&d)[3]) {
  const T* pa = static_cast<const T*>(a.data);
  const T* pb = static_cast<const T*>(b.data);
  for (int c = 0; c < 3; ++c) {
    const F2 cb{two(pb + size_t(c) * b.stride)};
    if (a.type == VolumeType::Aabb) {
      const F2 lo{two(pa + size_t(c) * a.stride)}, hi{two(pa + size_t(c + 3) * a.stride)};
      d[c] = ((cb - lo) + (cb - hi)) * lanes::splat<F2>(0.5);
    } else {
      d[c] = cb - F2{two(pa + size_t(c) * a.stride)};
    }
  }
}

// Two f64x2 halves (pairs i, i+1 and i+2, i+3) rounded to one f32x4.
inline F4 toFloats(v128_t low, v128_t high) { return lanes::toFloats(F2{low}, F2{high}); }
inline F4 load4(const double* p) { return toFloats(wasm_v128_load(p), wasm_v128_load(p + 2)); }
inline F4 load4(const float* p) { return {wasm_v128_load(p)}; }

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
      for (int h = 0; h < 2; ++h)
        e[h] = wasm_f64x2_mul(wasm_f64x2_sub(load2(at(c + 3) + 2 * h), load2(at(c) + 2 * h)), half);
      box.e[c] = toFloats(e[0], e[1]);
      for (int a = 0; a < 3; ++a) box.u[a][c] = lanes::splat<F4>(a == c ? 1 : 0);
    }
    return;
  }
  for (int c = 0; c < 3; ++c) {
    box.e[c] = load4(at(12 + c));
    for (int a = 0; a < 3; ++a) box.u[a][c] = load4(at(3 + 3 * a + c));
  }
}

// The offsets centre(B) - centre(A) of pairs i..i+3 (A an OBB or AABB, B an OBB or a sphere),
// rounded once to float from the exact test's offset (centreOffsetLanes). Float OBB centres need
// no doubles: the float difference of two floats is that rounding.
template <class T>
void centreOffsets(const BatchLayout& a, const BatchLayout& b, size_t i, F4 (&d)[3]) {
  if (sizeof(T) == sizeof(float) && a.type == VolumeType::Obb) {
    for (int c = 0; c < 3; ++c) {
      const T* ca = static_cast<const T*>(a.data) + size_t(c) * a.stride + i;
      const T* cb = static_cast<const T*>(b.data) + size_t(c) * b.stride + i;
      d[c] = load4(cb) - load4(ca);
    }
    return;
  }
  F2 low[3], high[3];
  centreOffsetLanes<T>(
      a, b, [i](const T* p) { return load2(p + i); }, low);
  centreOffsetLanes<T>(
      a, b, [i](const T* p) { return load2(p + i + 2); }, high);
  for (int c = 0; c < 3; ++c) d[c] = toFloats(low[c].v, high[c].v);
}

// The pairs a float filter leaves, collected two at a time for an f64-lanes step. `two(i0, i1)`
// returns the bit masks (bit 0: i0, bit 1: i1) of the lanes it decided and of those that overlap;
// `one(i)` is the exact test, for the lanes it declines.
template <class Two, class One>
class PairsInTwos {
 public:
  PairsInTwos(Two two, One one, uint8_t* out) : two_(two), one_(one), out_(out) {}

  void add(size_t i) {
    if (!pending_) {
      pending_ = true;
      first_ = i;
      return;
    }
    pending_ = false;
    const auto [decided, overlap] = two_(first_, i);
    decide(first_, decided & 1, overlap & 1);
    decide(i, decided & 2, overlap & 2);
  }
  /// Returns the number of invalid pairs seen.
  size_t finish() {
    if (pending_) decide(first_, false, false);
    pending_ = false;
    return invalid_;
  }

 private:
  void decide(size_t i, bool decided, bool overlap) {
    invalid_ += (out_[i] = decided ? uint8_t(overlap) : one_(i)) == kBatchInvalid;
  }
  Two two_;
  One one_;
  uint8_t* out_;
  size_t invalid_ = 0, first_ = 0;
  bool pending_ = false;
};

// Field arrays' elements i0 and i1 as f64x2 lanes.
template <class T>
auto gather(size_t i0, size_t i1) {
  return [i0, i1](const T* p) { return wasm_f64x2_make(double(p[i0]), double(p[i1])); };
}

// Runs a float filter over groups of four, `four(i)` returning its FilterVerdict, the pairs it
// leaves through `exact` (a PairsInTwos). Returns the number of invalid pairs.
template <class Four, class Exact>
size_t filterInFours(size_t count, uint8_t* out, Four four, Exact& exact) {
  size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    const detail::FilterVerdict verdict = four(i);
    storeFourBits(out + i, verdict.overlapping);
    for (uint32_t rest = ~(verdict.separated | verdict.overlapping) & 0xfu; rest != 0; rest &= rest - 1)
      exact.add(i + size_t(detail::countTrailingZeros(rest)));
  }
  for (; i < count; ++i) exact.add(i);
  return exact.finish();
}

template <class T, class A>
size_t boxesPairwiseOf(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  auto two = [&](size_t i0, size_t i1) {
    detail::BoxLanes<F2> x, y;
    const M2 frames = loadBoxLanes<T>(a, x, gather<T>(i0, i1)) & loadBoxLanes<T>(b, y, gather<T>(i0, i1));
    F2 d[3];
    centreOffsetLanes<T>(a, b, gather<T>(i0, i1), d);
    const auto verdict = detail::boxLanesSeparated(x, y, d, frames);
    return std::pair{lanes::bits(verdict.fast), lanes::bits(!verdict.separated)};
  };
  auto one = [&](size_t i) { return genericPair<A, Obb>(a, b, i); };
  PairsInTwos exact(two, one, out);
  return filterInFours(
      count, out,
      [&](size_t i) {
        detail::BoxFour x, y;
        loadBoxFour<T>(a, i, x);
        loadBoxFour<T>(b, i, y);
        F4 d[3];
        centreOffsets<T>(a, b, i, d);
        return detail::filterBoxes<std::is_same_v<A, Aabb>>(d, x, y);
      },
      exact);
}

// A sphere against an OBB in f64x2 lanes, field arrays read through `two`, with the exact test's
// own steps (sphere_box.h: the box's face axes about its centre, then the offset from the
// closest point, summed along the axes) on the frame tryMakeObb would make: the lanes it decides
// (bit masks, as PairsInTwos wants them) agree with single calls bit for bit.
template <class T, class Two>
std::pair<uint32_t, uint32_t> sphereObbTwo(const BatchLayout& ls, const BatchLayout& lbox, Two two) {
  const F2 zero = lanes::splat<F2>(0), small = lanes::splat<F2>(tolerance::kLaneTinySquare),
           large = lanes::splat<F2>(tolerance::kLaneLargeSquare), limit = lanes::splat<F2>(tolerance::kLaneLargeLength);
  const T* s = static_cast<const T*>(ls.data);
  auto sphere = [&](int f) { return F2{two(s + size_t(f) * ls.stride)}; };
  detail::BoxLanes<F2> box;
  M2 fast = loadBoxLanes<T>(lbox, box, two);
  const F2 r = sphere(3), r2 = r * r;
  fast = fast & (r >= zero) & (r2 > small) & (large > r2);
  F2 d[3];
  for (int c = 0; c < 3; ++c) {
    const F2 p = sphere(c);
    fast = fast & (lanes::abs(p) <= limit) & (lanes::abs(box.c[c]) <= limit) & (box.e[c] >= zero) & (box.e[c] <= limit);
    d[c] = p - box.c[c];
  }
  M2 faceSeparates = !lanes::allSet<F2>();
  F2 offset[3] = {zero, zero, zero};
  for (int a = 0; a < 3; ++a) {
    const F2(&u)[3] = box.u[a];
    const F2 t = detail::dot3(d, u), e = box.e[a], reach = detail::obbFaceReach(u, e);
    faceSeparates = faceSeparates | detail::sphereFaceSeparates(t, r, -reach, reach);
    const F2 excess = detail::excessBeyond(t, -e, e);
    for (int c = 0; c < 3; ++c) offset[c] = offset[c] + u[c] * excess;
  }
  const F2 d2 = offset[0] * offset[0] + offset[1] * offset[1] + offset[2] * offset[2];
  // withinDistance's plain branch; d2 == 0 (centre inside) is decided the same way there.
  fast = fast & (large > d2) & ((d2 == zero) | (d2 > small));
  const M2 hit = lanes::andNot(d2 <= r2, faceSeparates);
  return {lanes::bits(fast), lanes::bits(hit)};
}

template <class T>
size_t sphereObbPairwiseOf(const BatchLayout& ls, const BatchLayout& lbox, bool sphereFirst, size_t count,
                           uint8_t* out) {
  auto two = [&](size_t i0, size_t i1) { return sphereObbTwo<T>(ls, lbox, gather<T>(i0, i1)); };
  auto one = [&](size_t i) {
    return sphereFirst ? genericPair<Sphere, Obb>(ls, lbox, i) : genericPair<Obb, Sphere>(lbox, ls, i);
  };
  PairsInTwos exact(two, one, out);
  const T* radius = static_cast<const T*>(ls.data) + 3 * ls.stride;
  return filterInFours(
      count, out,
      [&](size_t i) {
        detail::BoxFour box;
        loadBoxFour<T>(lbox, i, box);
        F4 d[3];
        centreOffsets<T>(lbox, ls, i, d);  // sphere centre - box centre
        return detail::filterSphereBox(d, load4(radius + i), box);
      },
      exact);
}

}  // namespace

size_t boxesPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  const bool f32 = a.precision == Precision::Float32;
  if (a.type == VolumeType::Aabb)
    return f32 ? boxesPairwiseOf<float, Aabb>(a, b, count, out) : boxesPairwiseOf<double, Aabb>(a, b, count, out);
  return f32 ? boxesPairwiseOf<float, Obb>(a, b, count, out) : boxesPairwiseOf<double, Obb>(a, b, count, out);
}

size_t sphereObbPairwise(const BatchLayout& spheres, const BatchLayout& boxes, bool sphereFirst, size_t count,
                         uint8_t* out) {
  return spheres.precision == Precision::Float32 ? sphereObbPairwiseOf<float>(spheres, boxes, sphereFirst, count, out)
                                                 : sphereObbPairwiseOf<double>(spheres, boxes, sphereFirst, count, out);
}
#endif

}  // namespace sepaxis::batch_detail
