#pragma once
// OBB-OBB tests on two pairs at once in WebAssembly f64x2 lanes, for the batch pairs the float
// filter (box_filter.h) leaves. Operator overloads keep the maths readable as the scalar formulas.
//
// The frames are made orthonormal exactly as tryMakeObb does (the same bits), then the 15 axes
// are tested with the classic projections of B onto cross axes (Ericson, RTCD 4.4.1):
// r_B = b_j1 |R[i][j2]| + b_j2 |R[i][j1]| for L = A.ui × B.uj, which equals the scalar test's
// minors to ~1e-15 of the sizes. A lane is decided only where the largest s = |c| - rA - rB is
// beyond 2^-43 of the sizes either way, so it agrees with the scalar test; exactly zero cross
// products (parallel axes, e.g. boxes turned about the same world axis) are skipped as there.
// Other lanes, and invalid input, are handed back to the exact scalar test (obb_axes.h via
// overlaps()).

#include <cmath>

#include "sepaxis/tolerance.h"

#include "lanes.h"

namespace sepaxis::detail {

#if SEPAXIS_LANES
struct F2 {
  v128_t v;
};
struct M2 {
  v128_t v;
};
inline F2 splat(double x) { return {wasm_f64x2_splat(x)}; }
inline F2 operator+(F2 a, F2 b) { return {wasm_f64x2_add(a.v, b.v)}; }
inline F2 operator-(F2 a, F2 b) { return {wasm_f64x2_sub(a.v, b.v)}; }
inline F2 operator*(F2 a, F2 b) { return {wasm_f64x2_mul(a.v, b.v)}; }
inline F2 abs(F2 a) { return {wasm_f64x2_abs(a.v)}; }
/// The larger; no NaN reaches it in the lanes that count (their numbers are bounded).
inline F2 max(F2 a, F2 b) { return {wasm_f64x2_pmax(a.v, b.v)}; }
inline M2 operator>(F2 a, F2 b) { return {wasm_f64x2_gt(a.v, b.v)}; }
inline M2 operator<(F2 a, F2 b) { return {wasm_f64x2_lt(a.v, b.v)}; }
inline M2 operator<=(F2 a, F2 b) { return {wasm_f64x2_le(a.v, b.v)}; }
inline M2 operator>=(F2 a, F2 b) { return {wasm_f64x2_ge(a.v, b.v)}; }
inline M2 operator|(M2 a, M2 b) { return {wasm_v128_or(a.v, b.v)}; }
inline M2 operator&(M2 a, M2 b) { return {wasm_v128_and(a.v, b.v)}; }
inline M2 operator~(M2 a) { return {wasm_v128_not(a.v)}; }
inline M2 operator==(F2 a, F2 b) { return {wasm_f64x2_eq(a.v, b.v)}; }
inline M2 allLanes() { return {wasm_i64x2_splat(-1)}; }
/// Lanes of `yes` where m is set, of `no` elsewhere.
inline F2 select(M2 m, F2 yes, F2 no) { return {wasm_v128_bitselect(yes.v, no.v, m.v)}; }
inline bool all(M2 m) { return wasm_i64x2_all_true(m.v); }
inline bool lane(M2 m, int i) { return (i == 0 ? wasm_i64x2_extract_lane(m.v, 0) : wasm_i64x2_extract_lane(m.v, 1)) != 0; }
#endif

#if SEPAXIS_LANES
/// Boxes in lanes: centre, axes u[i] (components [c]), half-extents.
template <class V>
struct BoxLanes {
  V c[3];
  V u[3][3];
  V e[3];
};

/// Makes each lane's axes orthonormal exactly as tryMakeObb does (the same operations in the same
/// order, so the same bits): accepts axes within tolerance::kOrthonormal, then Newton-Schulz steps
/// on the lanes not yet orthonormal within 1e-15. Returns the lanes that were accepted and ended
/// orthonormal; the others (invalid, or slow to converge) belong to the scalar test.
template <class V = F2, class M = M2>
M orthonormalizeLanes(V (&u)[3][3]) {
  constexpr double tol = tolerance::kOrthonormal;
  const V zero = splat(0.0), one = splat(1.0), tight = splat(1e-15), half = splat(0.5), threeHalves = splat(1.5);
  const V lo = splat((1 - tol) * (1 - tol)), hi = splat((1 + tol) * (1 + tol)), offDiagonal = splat(tol);
  V g[3][3];
  auto gram = [&] {
    for (int i = 0; i < 3; ++i)
      for (int j = i; j < 3; ++j) g[i][j] = g[j][i] = u[i][0] * u[j][0] + u[i][1] * u[j][1] + u[i][2] * u[j][2];
  };
  auto orthonormal = [&] {
    M m = allLanes();
    for (int i = 0; i < 3; ++i)
      for (int j = i; j < 3; ++j) m = m & (abs(g[i][j] - (i == j ? one : zero)) <= tight);
    return m;
  };
  gram();
  M done = orthonormal();
  if (all(done)) return done;  // the usual case; orthonormal within 1e-15 implies accepted
  M accepted = allLanes();
  for (int i = 0; i < 3; ++i) {
    accepted = accepted & (g[i][i] >= lo) & (g[i][i] <= hi);
    for (int j = i + 1; j < 3; ++j) accepted = accepted & (abs(g[i][j]) <= offDiagonal);
  }
  for (int iteration = 0; iteration < 6 && !all(done | ~accepted); ++iteration) {
    V next[3][3];
    for (int i = 0; i < 3; ++i)
      for (int c = 0; c < 3; ++c) {
        next[i][c] = u[i][c] * threeHalves;
        for (int j = 0; j < 3; ++j) next[i][c] = next[i][c] - u[j][c] * (half * g[j][i]);
      }
    for (int i = 0; i < 3; ++i)
      for (int c = 0; c < 3; ++c) u[i][c] = select(done, u[i][c], next[i][c]);
    gram();
    done = orthonormal();
  }
  return accepted & done;
}

/// Lanes the fast path decides (finite, half-extents >= 0, orthonormal frames, a verdict clear of
/// rounding), and of those, the separated ones.
template <class V, class M>
struct LaneVerdict {
  M fast;
  M separated;
};

/// `frames`: the lanes whose two frames orthonormalizeLanes vouched for; d: centre(B) - centre(A),
/// as centreOffset (obb_axes.h) computes it.
template <class V = F2, class M = M2>
LaneVerdict<V, M> boxLanesSeparated(const BoxLanes<V>& A, const BoxLanes<V>& B, const V (&d)[3], M frames) {
  const V zero = splat(0.0), large = splat(1e300), skipped = splat(-INFINITY);
  auto dot = [](const V (&a)[3], const V (&b)[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };

  // Validity: sane half-extents (NaN and infinities fail these comparisons).
  M fast = frames & (A.e[0] >= zero) & (A.e[1] >= zero) & (A.e[2] >= zero) & (B.e[0] >= zero) & (B.e[1] >= zero) &
           (B.e[2] >= zero) & (A.e[0] + A.e[1] + A.e[2] + B.e[0] + B.e[1] + B.e[2] <= large);

  // B in A's frame: t = A^T d, R = A^T B.
  V t[3], R[3][3], aR[3][3];
  for (int i = 0; i < 3; ++i) {
    t[i] = dot(A.u[i], d);
    for (int j = 0; j < 3; ++j) R[i][j] = dot(A.u[i], B.u[j]), aR[i][j] = abs(R[i][j]);
  }
  const V* a = A.e;
  const V* b = B.e;
  const V size = abs(t[0]) + abs(t[1]) + abs(t[2]) + (a[0] + a[1] + a[2]) + (b[0] + b[1] + b[2]);
  // Not tiny either: below 1e-290 the products leave double's normal range, and their rounding,
  // absolute there, is no longer within the margin.
  fast = fast & (size <= large) & (size >= splat(1e-290));
  // s = |c| - rA - rB of each axis differs from the scalar test's by a few roundings (its cross
  // axes' rB from the minors of R, here by the cofactor identity, which holds to 1e-15 for frames
  // orthonormal to 1e-15): only a largest s beyond 2^-43 of the sizes decides.
  const V margin = size * splat(0x1p-43), minusMargin = zero - margin;

  V s = abs(t[0]) - (a[0] + b[0] * aR[0][0] + b[1] * aR[0][1] + b[2] * aR[0][2]);
  for (int i = 1; i < 3; ++i) s = max(s, abs(t[i]) - (a[i] + b[0] * aR[i][0] + b[1] * aR[i][1] + b[2] * aR[i][2]));
  for (int j = 0; j < 3; ++j)
    s = max(s, abs(t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j]) -
                   (a[0] * aR[0][j] + a[1] * aR[1][j] + a[2] * aR[2][j] + b[j]));
  if (all((s > margin) | ~fast)) return {fast, s > margin};
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      // L = A.ui × B.uj = (in A's frame) -R[i2][j] at i1, R[i1][j] at i2. Exactly zero (parallel
      // axes, e.g. boxes turned about the same world axis): the scalar test skips it, and so here.
      const V c = t[i2] * R[i1][j] - t[i1] * R[i2][j];
      const V rA = a[i1] * aR[i2][j] + a[i2] * aR[i1][j];
      const V rB = b[j1] * aR[i][j2] + b[j2] * aR[i][j1];
      s = max(s, select((R[i1][j] == zero) & (R[i2][j] == zero), skipped, abs(c) - (rA + rB)));
    }
  }
  return {fast & ((s > margin) | (s < minusMargin)), s > margin};
}
#endif

}  // namespace sepaxis::detail
