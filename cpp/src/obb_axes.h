#pragma once
// The 15 candidate axes of two boxes, computed in A's frame (Gottschalk, Lin & Manocha 1996;
// Ericson, Real-Time Collision Detection, 4.4.1), shared by the boolean test and the report.
//
// Unlike the classic formulation, nothing here relies on the identity b_k . (a_i x b_j) = ±R[.][.]
// or adds an epsilon: every projection is computed from the rotation matrix R = A^T B directly,
// so a nearly parallel edge pair gives a short but honest axis whose projections keep their
// relative precision, and only an exactly zero cross product is skipped.
//
//   face A.ui:      L = e_i               |t . L| vs a_i + sum_k b_k |R[i][k]|
//   face B.uj:      L = R col j           |t . L| vs sum_k a_k |R[k][j]| + b_j
//   cross A.ui×B.uj: L = e_i x (R col j)   |t . L| vs sum_k a_k |L_k| + sum_k b_k |(R col k) . L|

#include <cmath>

#include "sepaxis/aabb.h"
#include "sepaxis/obb.h"

namespace sepaxis::detail {

/// An AABB as the OBB with the world axes: the 15-axis test then covers AABB-OBB too. Its centre
/// (min + max) / 2 is rounded, by up to half an ulp of the coordinates: 0.008 at 1e14 from the
/// origin, far more than the pair's own rounding. The test itself therefore never uses it as a
/// position, only through centreOffset; the report uses it as the origin of its intervals.
inline Obb asObb(const Aabb& box) {
  Obb o;
  o.center = center(box);
  o.halfExtents = halfExtents(box);
  return o;
}

/// centre(b) - centre(a), with an AABB's centre folded into the difference: per component
/// ((c - min) + (c - max)) / 2, whose differences are exact for nearby coordinates, so that the
/// offset rounds relative to itself rather than to the coordinates.
inline Vec3 centreOffset(const Obb& a, const Obb& b) { return b.center - a.center; }
inline Vec3 centreOffset(const Aabb& a, const Obb& b) {
  return ((b.center - a.min) + (b.center - a.max)) * 0.5;
}
inline Vec3 centreOffset(const Obb& a, const Aabb& b) {
  return ((b.min - a.center) + (b.max - a.center)) * 0.5;
}

/// A box in the frame of another: its centre, its axes as the columns of r, its half-extents.
struct BoxInFrame {
  Vec3 t;
  double r[3][3];
  Vec3 b;
};

/// B in A's frame, given d = centre(B) - centre(A) (centreOffset).
inline BoxInFrame inFrameOf(const Obb& a, const Obb& b, Vec3 d) {
  BoxInFrame f;
  f.t = {dot(d, a.axis[0]), dot(d, a.axis[1]), dot(d, a.axis[2])};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) f.r[i][j] = dot(a.axis[i], b.axis[j]);
  f.b = b.halfExtents;
  return f;
}

/// One of the 15 axes: L in A's frame (unnormalized) with the projections relative to A's centre:
/// A covers [-rA, rA], B covers [c - rB, c + rB].
struct BoxAxis {
  int faceA = -1, faceB = -1, edgeA = -1, edgeB = -1;
  Vec3 axis;  ///< in A's frame
  double c = 0, rA = 0, rB = 0;
  bool parallel = false;
  bool separates() const { return std::fabs(c) > rA + rB; }
};

/// Calls visit(const BoxAxis&) for the 15 axes in test order until it returns true.
///
/// Every loop is unrolled (`#pragma GCC unroll`, which Clang and GCC both read): with constant
/// indices, Vec3's operator[] and the (i + 1) % 3 cycles fold away and the 15 axes are computed in
/// registers; rolled, the edge loop kept r and t in memory and chose components by branching.
/// Unrolling changes no arithmetic.
template <class Visit>
void forEachBoxAxis(Vec3 a, const BoxInFrame& f, Visit&& visit) {
  const auto& r = f.r;
  BoxAxis x;
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    x.faceA = i;
    x.axis = {};
    x.axis[i] = 1;
    x.c = f.t[i];
    x.rA = a[i];
    x.rB = f.b.x * std::fabs(r[i][0]) + f.b.y * std::fabs(r[i][1]) + f.b.z * std::fabs(r[i][2]);
    if (visit(x)) return;
  }
  x.faceA = -1;
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) {
    x.faceB = j;
    x.axis = {r[0][j], r[1][j], r[2][j]};
    x.c = dot(f.t, x.axis);
    x.rA = a.x * std::fabs(r[0][j]) + a.y * std::fabs(r[1][j]) + a.z * std::fabs(r[2][j]);
    x.rB = f.b[j] * lengthSquared(x.axis);  // B's own axis: |L|^2 = b_j . L
    if (visit(x)) return;
  }
  x.faceB = -1;
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    x.edgeA = i;
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      x.edgeB = j;
      // e_i x v has components v[i2] at i1 and -v[i1] at i2 (cyclic), 0 at i.
      Vec3 axis;
      axis[i1] = -r[i2][j];
      axis[i2] = r[i1][j];
      x.axis = axis;
      x.parallel = axis[i1] == 0 && axis[i2] == 0;
      x.c = f.t[i1] * axis[i1] + f.t[i2] * axis[i2];
      x.rA = a[i1] * std::fabs(axis[i1]) + a[i2] * std::fabs(axis[i2]);
      double rB = 0;
#pragma GCC unroll 3
      for (int k = 0; k < 3; ++k)
        if (k != j) rB += f.b[k] * std::fabs(r[i1][k] * axis[i1] + r[i2][k] * axis[i2]);
      x.rB = rB;
      if (visit(x)) return;
    }
  }
}

}  // namespace sepaxis::detail
