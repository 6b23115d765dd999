#pragma once
// OBB-OBB tests on two pairs at once in f64x2 lanes (lanes.h's F2), for the batch pairs the float
// filter (box_filter.h) leaves: the 15 axes of obb_axes.h's forEachBoxAxisOf, the scalar test's
// own body, on frames made orthonormal by frame.h exactly as tryMakeObb does (the same bits).
//
// Its cross axes' rB come from the classic identity (obb_axes.h, kHonestProjections), which
// equals the scalar test's minors to ~1e-15 of the sizes. So a lane is decided only where the
// largest s = |c| - rA - rB is beyond tolerance::kBoxLaneMargin of the sizes either way, and then
// agrees with the scalar test; exactly zero cross products (parallel axes, e.g. boxes turned about
// the same world axis) are skipped as there. Other lanes, and invalid input, are handed back to
// the exact scalar test (obb_axes.h via overlaps()).

#include <cmath>

#include "sepaxis/tolerance.h"

#include "frame.h"
#include "lanes.h"
#include "obb_axes.h"

namespace sepaxis::detail {

/// Boxes in lanes: centre, axes u[i] (components [c]), half-extents.
template <class V>
struct BoxLanes {
  V c[3];
  V u[3][3];
  V e[3];
};

/// Lanes the fast path decides (finite, half-extents >= 0, orthonormal frames, a verdict clear of
/// rounding), and of those, the separated ones.
template <class V>
struct LaneVerdict {
  lanes::Mask<V> fast;
  lanes::Mask<V> separated;
};

/// `frames`: the lanes whose two frames orthonormalizeLanes (frame.h) vouched for; d: centre(B) -
/// centre(A), as centreOffset (obb_axes.h) computes it.
template <class V>
LaneVerdict<V> boxLanesSeparated(const BoxLanes<V>& A, const BoxLanes<V>& B, const V (&d)[3], lanes::Mask<V> frames) {
  using M = lanes::Mask<V>;
  const V zero = lanes::splat<V>(0), large = lanes::splat<V>(tolerance::kLaneLargeLength);
  auto dot = [](const V(&a)[3], const V(&b)[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };

  // Validity: sane half-extents (NaN and infinities fail these comparisons).
  M fast = frames & (A.e[0] >= zero) & (A.e[1] >= zero) & (A.e[2] >= zero) & (B.e[0] >= zero) & (B.e[1] >= zero) &
           (B.e[2] >= zero) & (A.e[0] + A.e[1] + A.e[2] + B.e[0] + B.e[1] + B.e[2] <= large);

  // B in A's frame: t = A^T d, R = A^T B.
  V t[3], R[3][3];
  for (int i = 0; i < 3; ++i) {
    t[i] = dot(A.u[i], d);
    for (int j = 0; j < 3; ++j) R[i][j] = dot(A.u[i], B.u[j]);
  }
  const V* a = A.e;
  const V* b = B.e;
  const V size = lanes::abs(t[0]) + lanes::abs(t[1]) + lanes::abs(t[2]) + (a[0] + a[1] + a[2]) + (b[0] + b[1] + b[2]);
  // Not tiny either: below kBoxLaneTinySize the products leave double's normal range, and their
  // rounding, absolute there, is no longer within the margin.
  fast = fast & (size <= large) & (size >= lanes::splat<V>(tolerance::kBoxLaneTinySize));
  const V margin = size * lanes::splat<V>(tolerance::kBoxLaneMargin), minusMargin = zero - margin;
  const V s = largestSeparation<true>(A.e, t, R, B.e, [&](V faces) { return lanes::all((faces > margin) | !fast); });
  return {fast & ((s > margin) | (s < minusMargin)), s > margin};
}

}  // namespace sepaxis::detail
