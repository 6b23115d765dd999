#pragma once
// The correction of a box's frame to orthonormal, written once for every lane type (lanes.h):
// tryMakeObb (obb.cpp) runs it on doubles, the f64 box lanes (batch_boxes.cpp) on two frames at
// once, and both therefore produce the same bits for the same axes.
//
// u[i][c] is component c of axis i; g its Gram matrix, g[i][j] = u_i . u_j.

#include "sepaxis/tolerance.h"

#include "lanes.h"

namespace sepaxis::detail {

template <class V>
void gramOf(const V (&u)[3][3], V (&g)[3][3]) {
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j) g[i][j] = g[j][i] = u[i][0] * u[j][0] + u[i][1] * u[j][1] + u[i][2] * u[j][2];
}

/// The lanes whose Gram matrix is the identity within tolerance::kOrthonormalExact.
template <class V>
lanes::Mask<V> orthonormalToMachinePrecision(const V (&g)[3][3]) {
  const V zero = lanes::splat<V>(0), one = lanes::splat<V>(1), tight = lanes::splat<V>(tolerance::kOrthonormalExact);
  lanes::Mask<V> m = lanes::allSet<V>();
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j) m = m & (lanes::abs(g[i][j] - (i == j ? one : zero)) <= tight);
  return m;
}

/// The nearest orthonormal frame to u (polar decomposition, by Newton-Schulz: U <- U (3I - U^T U) / 2,
/// quadratic convergence: 1e-3 -> 1e-6 -> 1e-12 -> machine precision), on the lanes that are neither
/// `done` nor refused (`!accepted`). It moves every axis by the least amount and keeps the
/// handedness. g is u's Gram matrix, and is kept so. Returns the lanes orthonormal to machine
/// precision at the end (at most 6 steps: a frame accepted within kOrthonormal converges in 4).
template <class V>
lanes::Mask<V> newtonSchulz(V (&u)[3][3], V (&g)[3][3], lanes::Mask<V> done, lanes::Mask<V> accepted) {
  const V half = lanes::splat<V>(0.5), threeHalves = lanes::splat<V>(1.5);
  for (int iteration = 0; iteration < 6 && !lanes::all(done | !accepted); ++iteration) {
    V next[3][3];
    for (int i = 0; i < 3; ++i)
      for (int c = 0; c < 3; ++c) {
        next[i][c] = u[i][c] * threeHalves;
        for (int j = 0; j < 3; ++j) next[i][c] = next[i][c] - u[j][c] * (half * g[j][i]);
      }
    for (int i = 0; i < 3; ++i)
      for (int c = 0; c < 3; ++c) u[i][c] = lanes::select(done, u[i][c], next[i][c]);
    gramOf(u, g);
    done = orthonormalToMachinePrecision(g);
  }
  return done;
}

/// The whole of tryMakeObb's frame step for lane types: accepts each lane's axes within
/// tolerance::kOrthonormal (|u_i| within it of 1 as (1 - tol)^2 <= |u_i|^2 <= (1 + tol)^2, without
/// square roots; |u_i . u_j| within it of 0), then corrects them. Returns the lanes accepted and
/// ended orthonormal; the others (invalid, or slow to converge) belong to the scalar test.
template <class V>
lanes::Mask<V> orthonormalizeLanes(V (&u)[3][3]) {
  constexpr double tol = tolerance::kOrthonormal;
  const V lo = lanes::splat<V>((1 - tol) * (1 - tol)), hi = lanes::splat<V>((1 + tol) * (1 + tol));
  const V offDiagonal = lanes::splat<V>(tol);
  V g[3][3];
  gramOf(u, g);
  const lanes::Mask<V> done = orthonormalToMachinePrecision(g);
  if (lanes::all(done)) return done;  // the usual case; orthonormal within 1e-15 implies accepted
  lanes::Mask<V> accepted = lanes::allSet<V>();
  for (int i = 0; i < 3; ++i) {
    accepted = accepted & (g[i][i] >= lo) & (g[i][i] <= hi);
    for (int j = i + 1; j < 3; ++j) accepted = accepted & (lanes::abs(g[i][j]) <= offDiagonal);
  }
  return accepted & newtonSchulz(u, g, done, accepted);
}

}  // namespace sepaxis::detail
