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
// that round to subnormal floats. Lanes that are invalid, huge (S > 1e15, where float products
// could overflow), or whose frames are not orthonormal within F <= 1e-4 are left undecided, as
// is any pair with a short cross axis (nearly parallel edges: s stays within m of 0).

#include <cstdint>

#include "lanes.h"

namespace sepaxis::detail {

#if SEPAXIS_LANES
struct F4 {
  v128_t v;
};
struct M4 {
  v128_t v;
};
inline F4 splat4(float x) { return {wasm_f32x4_splat(x)}; }
inline F4 operator+(F4 a, F4 b) { return {wasm_f32x4_add(a.v, b.v)}; }
inline F4 operator-(F4 a, F4 b) { return {wasm_f32x4_sub(a.v, b.v)}; }
inline F4 operator*(F4 a, F4 b) { return {wasm_f32x4_mul(a.v, b.v)}; }
inline F4 abs(F4 a) { return {wasm_f32x4_abs(a.v)}; }
inline F4 sqrt(F4 a) { return {wasm_f32x4_sqrt(a.v)}; }
/// The larger; no NaN reaches it in the lanes that count (their numbers are bounded).
inline F4 max(F4 a, F4 b) { return {wasm_f32x4_pmax(a.v, b.v)}; }
inline M4 operator>(F4 a, F4 b) { return {wasm_f32x4_gt(a.v, b.v)}; }
inline M4 operator<(F4 a, F4 b) { return {wasm_f32x4_lt(a.v, b.v)}; }
inline M4 operator<=(F4 a, F4 b) { return {wasm_f32x4_le(a.v, b.v)}; }
inline M4 operator&(M4 a, M4 b) { return {wasm_v128_and(a.v, b.v)}; }
/// Sign bit clear: +0 and up (a negative number, -0 and -NaN fail).
inline M4 signClear(F4 a) { return {wasm_i32x4_gt(a.v, wasm_i32x4_splat(-1))}; }
inline uint32_t bits(M4 m) { return wasm_i32x4_bitmask(m.v); }

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
  const F4 one = splat4(1.0f);
  const F4 d0 = dot(0, 0) - one, d1 = dot(1, 1) - one, d2 = dot(2, 2) - one;
  const F4 g01 = dot(0, 1), g02 = dot(0, 2), g12 = dot(1, 2);
  const F4 offDiagonal = g01 * g01 + g02 * g02 + g12 * g12;
  return sqrt(d0 * d0 + d1 * d1 + d2 * d2 + (offDiagonal + offDiagonal));
}

/// d: cB - cA per lane (rounded once to float from the exact difference or the float inputs).
/// kAabbA: A's axes are the world's (an AABB), so its frame is exact and B is already in it.
template <bool kAabbA = false>
FilterVerdict filterBoxes(const F4 (&d)[3], const BoxFour& A, const BoxFour& B) {
  const F4 fA = kAabbA ? splat4(0.0f) : frameDeviation(A.u), fB = frameDeviation(B.u);
  const F4* a = A.e;
  const F4* b = B.e;
  const F4 S = abs(d[0]) + abs(d[1]) + abs(d[2]) + (a[0] + a[1] + a[2]) + (b[0] + b[1] + b[2]);
  const F4 frameLimit = splat4(1e-4f);
  const M4 valid = signClear(a[0]) & signClear(a[1]) & signClear(a[2]) & signClear(b[0]) & signClear(b[1]) &
                   signClear(b[2]) & (S <= splat4(1e15f)) & (fA <= frameLimit) & (fB <= frameLimit);
  const F4 m = S * (splat4(1.0f / 32768) + splat4(8.5f) * (fA + fB)) + splat4(1e-37f);

  // B in A's frame: t = U_A d, R = U_A U_B^T.
  auto dot = [](const F4(&p)[3], const F4(&q)[3]) { return p[0] * q[0] + p[1] * q[1] + p[2] * q[2]; };
  F4 t[3], R[3][3], aR[3][3];
  for (int i = 0; i < 3; ++i) {
    t[i] = kAabbA ? d[i] : dot(A.u[i], d);
    for (int j = 0; j < 3; ++j) R[i][j] = kAabbA ? B.u[j][i] : dot(A.u[i], B.u[j]), aR[i][j] = abs(R[i][j]);
  }

  // The largest s of the 15 axes, in the exact test's order of kinds.
  F4 s = abs(t[0]) - (a[0] + b[0] * aR[0][0] + b[1] * aR[0][1] + b[2] * aR[0][2]);
  for (int i = 1; i < 3; ++i) s = max(s, abs(t[i]) - (a[i] + b[0] * aR[i][0] + b[1] * aR[i][1] + b[2] * aR[i][2]));
  for (int j = 0; j < 3; ++j)
    s = max(s, abs(t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j]) -
                   (a[0] * aR[0][j] + a[1] * aR[1][j] + a[2] * aR[2][j] + b[j]));
  if (((bits(valid & (s > m)) | ~bits(valid)) & 0xfu) == 0xfu)  // every lane separated or undecidable
    return {bits(valid & (s > m)), 0};
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      // L = A.ui x B.uj = (in A's frame) -R[i2][j] at i1, R[i1][j] at i2.
      const F4 c = t[i2] * R[i1][j] - t[i1] * R[i2][j];
      const F4 rA = a[i1] * aR[i2][j] + a[i2] * aR[i1][j];
      const F4 rB = b[j1] * aR[i][j2] + b[j2] * aR[i][j1];
      s = max(s, abs(c) - (rA + rB));
    }
  }
  const F4 minusM = splat4(0.0f) - m;
  return {bits(valid & (s > m)), bits(valid & (s < minusM))};
}

/// A sphere against four boxes: d = sphere centre - box centre per lane (rounded once), r the
/// radius (rounded once). The exact test's distance from the centre to the box (on the corrected
/// frame) is within sqrt(3) ((6.1u + dB) |d| + 2u sum e) of the distance computed here from the
/// raw axes, which with the roundings of r, the sum and the square root stays below
/// S (47u + 1.75 F_B), S = |d|_1 + sum e + r: the box filter's margin covers it with room.
inline FilterVerdict filterSphereBox(const F4 (&d)[3], F4 r, const BoxFour& box) {
  const F4 f = frameDeviation(box.u);
  const F4* e = box.e;
  const F4 zero = splat4(0.0f);
  F4 distance2 = zero;
  for (int i = 0; i < 3; ++i) {
    const F4 t = box.u[i][0] * d[0] + box.u[i][1] * d[1] + box.u[i][2] * d[2];
    const F4 excess = max(abs(t) - e[i], zero);
    distance2 = distance2 + excess * excess;
  }
  const F4 distance = sqrt(distance2);
  const F4 S = abs(d[0]) + abs(d[1]) + abs(d[2]) + (e[0] + e[1] + e[2]) + r;
  const F4 frameLimit = splat4(1e-4f);
  // Not below 2^-50 either: the squares of smaller numbers fall below float's normal range, and
  // their rounding, absolute there, would move the distance by up to sqrt(3 * 2^-149) = 3e-22.
  const M4 valid = signClear(e[0]) & signClear(e[1]) & signClear(e[2]) & signClear(r) & (S <= splat4(1e15f)) &
                   (splat4(0x1p-50f) <= S) & (f <= frameLimit);
  const F4 m = S * (splat4(1.0f / 32768) + splat4(8.5f) * f) + splat4(1e-37f);
  return {bits(valid & (distance - r > m)), bits(valid & (r - distance > m))};
}
#endif

}  // namespace sepaxis::detail
