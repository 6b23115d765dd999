#pragma once
// Float filters for batches of boxes against boxes (OBB-OBB, AABB-OBB) and spheres against OBBs:
// four pairs per step in f32x4 lanes, deciding only the pairs whose verdict no rounding and no
// frame correction can flip; exact f64 lanes (batch_boxes.cpp) take the rest.
//
// Why it is sound. The exact test (obb_axes.h) works on frames Q made orthonormal by tryMakeObb, in
// doubles. Here the raw axes U are rounded to floats and every product is a float one. For each of
// the 15 axes both compute s = |c| - rA - rB (> 0: that axis separates); the two values differ by
// less than the margin m below, so s > m here means the exact test separates on the same axis,
// and s < -m on all 15 means it finds no separating axis. With u = 2^-24 (float rounding),
// S = |d|_1 + sum eA + sum eB (d = cB - cA), F = ||U U^T - I||_F of each frame (as computed here):
//   - a raw axis is within ||U U^T - I||_2 <= F + 16u of Q's (polar decomposition: |sigma - 1| <=
//     |sigma^2 - 1|; Newton-Schulz converges to the polar factor; 16u covers the float Gram),
//   - R = U_A U_B^T is then within 5.1u + dA + dB of Q_A Q_B^T per entry, t = U_A d within
//     (5.1u + dA) |d|, and the worst axis (an edge cross product, rB by the cofactor identity of
//     an orthogonal R, which the exact test's minors equal to 1e-15) adds up to
//     S (27u + 4.1 (dA + dB)) <= S (158u + 4.11 (F_A + F_B)) with the float sums' own rounding.
// m doubles that: S (2^-15 + 8.5 (F_A + F_B)), plus 1e-37 for the absolute errors of numbers
// that round to subnormal floats (tolerance.h: kFilterRelativeMargin, kFilterFrameGain,
// kFilterAbsoluteMargin). Lanes that are invalid, huge (S > kFilterLargeSize = 1e15, where float
// products could overflow), or whose frames are not orthonormal within F <= kFilterFrameLimit =
// 1e-4 are left undecided, as is any pair with a short cross axis (nearly parallel edges: s stays
// within m of 0). The 15 axes are the exact test's own body (obb_axes.h's forEachBoxAxisOf, on F4
// lanes), with the classic rB its derivation assumes (kHonestProjections).

#include <cstdint>

#include "sepaxis/tolerance.h"

#include "lanes.h"
#include "obb_axes.h"

namespace sepaxis::detail {

#if SEPAXIS_LANES
using lanes::F4;
using lanes::M4;

/// Four boxes: axes u[i] (components [c]) and half-extents; the centres enter as the offset d.
struct BoxFour {
  F4 u[3][3];
  F4 e[3];
};

/// Bit l of `separated` / `overlapping`: the filter is sure of pair l's verdict.
struct FilterVerdict {
  uint32_t separated;
  uint32_t overlapping;
};

/// ||U U^T - I||_F of four frames; NaN or infinite for non-finite axes.
inline F4 frameDeviation(const F4 (&u)[3][3]) {
  auto dot = [&](int i, int j) { return u[i][0] * u[j][0] + u[i][1] * u[j][1] + u[i][2] * u[j][2]; };
  const F4 one = lanes::splat<F4>(1);
  const F4 d0 = dot(0, 0) - one, d1 = dot(1, 1) - one, d2 = dot(2, 2) - one;
  const F4 g01 = dot(0, 1), g02 = dot(0, 2), g12 = dot(1, 2);
  const F4 offDiagonal = g01 * g01 + g02 * g02 + g12 * g12;
  return lanes::sqrt(d0 * d0 + d1 * d1 + d2 * d2 + (offDiagonal + offDiagonal));
}

/// The margin m above: S (2^-15 + 8.5 (F_A + F_B)) + 1e-37, given F_A + F_B.
inline F4 filterMargin(F4 S, F4 frameDeviations) {
  return S * (lanes::splat<F4>(tolerance::kFilterRelativeMargin) +
              lanes::splat<F4>(tolerance::kFilterFrameGain) * frameDeviations) +
         lanes::splat<F4>(tolerance::kFilterAbsoluteMargin);
}

/// d: cB - cA per lane (rounded once to float from the exact difference or the float inputs).
/// kAabbA: A's axes are the world's (an AABB), so its frame is exact and B is already in it.
/// fA, fB: F of each side's frames, frameDeviation's, or any number known to be at least
/// ||U U^T - I||_F (the bound above holds for it, with the 16u to spare).
template <bool kAabbA = false>
FilterVerdict filterBoxes(const F4 (&d)[3], const BoxFour& A, const BoxFour& B, F4 fA, F4 fB) {
  using lanes::signClear;
  const F4* a = A.e;
  const F4* b = B.e;
  const F4 S = lanes::abs(d[0]) + lanes::abs(d[1]) + lanes::abs(d[2]) + (a[0] + a[1] + a[2]) + (b[0] + b[1] + b[2]);
  const F4 frameLimit = lanes::splat<F4>(tolerance::kFilterFrameLimit);
  const M4 valid = signClear(a[0]) & signClear(a[1]) & signClear(a[2]) & signClear(b[0]) & signClear(b[1]) &
                   signClear(b[2]) & (S <= lanes::splat<F4>(tolerance::kFilterLargeSize)) & (fA <= frameLimit) &
                   (fB <= frameLimit);
  const F4 m = filterMargin(S, fA + fB);

  // B in A's frame: t = U_A d, R = U_A U_B^T.
  auto dot = [](const F4(&p)[3], const F4(&q)[3]) { return p[0] * q[0] + p[1] * q[1] + p[2] * q[2]; };
  F4 t[3], R[3][3];
  for (int i = 0; i < 3; ++i) {
    t[i] = kAabbA ? d[i] : dot(A.u[i], d);
    for (int j = 0; j < 3; ++j) R[i][j] = kAabbA ? B.u[j][i] : dot(A.u[i], B.u[j]);
  }

  // The largest s of the 15 axes (obb_axes.h); the face axes alone when they settle every lane
  // (separated or undecidable). Exactly zero cross axes of the raw float axes are not skipped:
  // the corrected frames' may not be zero.
  bool facesSettle = false;
  const F4 s = largestSeparation<false>(A.e, t, R, B.e,
                                        [&](F4 faces) { return facesSettle = lanes::all((faces > m) | !valid); });
  if (facesSettle) return {lanes::bits(valid & (s > m)), 0};
  const F4 minusM = lanes::splat<F4>(0) - m;
  return {lanes::bits(valid & (s > m)), lanes::bits(valid & (s < minusM))};
}

/// The same, F of both frames computed here.
template <bool kAabbA = false>
FilterVerdict filterBoxes(const F4 (&d)[3], const BoxFour& A, const BoxFour& B) {
  return filterBoxes<kAabbA>(d, A, B, kAabbA ? lanes::splat<F4>(0) : frameDeviation(A.u), frameDeviation(B.u));
}

/// A sphere against four boxes: d = sphere centre - box centre per lane (rounded once), r the
/// radius (rounded once). The exact test's distance from the centre to the box (on the corrected
/// frame) is within sqrt(3) ((6.1u + dB) |d| + 2u sum e) of the distance computed here from the
/// raw axes, which with the roundings of r, the sum and the square root stays below
/// S (47u + 1.75 F_B), S = |d|_1 + sum e + r: the box filter's margin covers it with room. f: F_B
/// as filterBoxes takes it.
inline FilterVerdict filterSphereBox(const F4 (&d)[3], F4 r, const BoxFour& box, F4 f) {
  using lanes::signClear;
  const F4* e = box.e;
  const F4 zero = lanes::splat<F4>(0);
  F4 distance2 = zero;
  for (int i = 0; i < 3; ++i) {
    const F4 t = box.u[i][0] * d[0] + box.u[i][1] * d[1] + box.u[i][2] * d[2];
    const F4 excess = lanes::max(lanes::abs(t) - e[i], zero);
    distance2 = distance2 + excess * excess;
  }
  const F4 distance = lanes::sqrt(distance2);
  const F4 S = lanes::abs(d[0]) + lanes::abs(d[1]) + lanes::abs(d[2]) + (e[0] + e[1] + e[2]) + r;
  // Not below kFilterSphereTinySize either (tolerance.h).
  const M4 valid = signClear(e[0]) & signClear(e[1]) & signClear(e[2]) & signClear(r) &
                   (S <= lanes::splat<F4>(tolerance::kFilterLargeSize)) &
                   (lanes::splat<F4>(tolerance::kFilterSphereTinySize) <= S) &
                   (f <= lanes::splat<F4>(tolerance::kFilterFrameLimit));
  const F4 m = filterMargin(S, f);
  return {lanes::bits(valid & (distance - r > m)), lanes::bits(valid & (r - distance > m))};
}
inline FilterVerdict filterSphereBox(const F4 (&d)[3], F4 r, const BoxFour& box) {
  return filterSphereBox(d, r, box, frameDeviation(box.u));
}
#endif

}  // namespace sepaxis::detail
