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
#include <type_traits>

#include "sepaxis/aabb.h"
#include "sepaxis/obb.h"

#include "lanes.h"
#include "platform.h"

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
inline Vec3 centreOffset(const Aabb& a, const Obb& b) { return ((b.center - a.min) + (b.center - a.max)) * 0.5; }
inline Vec3 centreOffset(const Obb& a, const Aabb& b) { return ((b.min - a.center) + (b.max - a.center)) * 0.5; }

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

/// Three numbers of a lane type (lanes.h); Vec3 for doubles, so that the scalar test's axis is a Vec3.
template <class V>
struct LaneVec3 {
  V v[3];
  V& operator[](int i) { return v[i]; }
  const V& operator[](int i) const { return v[i]; }
};
template <class V>
using Vec3Of = std::conditional_t<std::is_same_v<V, double>, Vec3, LaneVec3<V>>;

/// One of the 15 axes: L in A's frame (unnormalized) with the projections relative to A's centre:
/// A covers [-rA, rA], B covers [c - rB, c + rB]. In lanes, one per lane.
template <class V>
struct BoxAxisOf {
  int faceA = -1, faceB = -1, edgeA = -1, edgeB = -1;
  Vec3Of<V> axis;  ///< in A's frame
  V c{}, rA{}, rB{};
  lanes::Mask<V> parallel{};
  lanes::Mask<V> separates() const { return lanes::abs(c) > rA + rB; }
  /// v . L for a vector v in A's frame, leaving out the terms of L's zero components (a face of A
  /// has two, an edge pair one): IEEE arithmetic may not drop v_k * 0 by itself, and with the
  /// kind of axis known after unrolling this is one component, or two products.
  V along(const Vec3Of<V>& v) const {
    if (faceA >= 0) return v[faceA];
    if (edgeA >= 0) return v[(edgeA + 1) % 3] * axis[(edgeA + 1) % 3] + v[(edgeA + 2) % 3] * axis[(edgeA + 2) % 3];
    return v[0] * axis[0] + v[1] * axis[1] + v[2] * axis[2];
  }
};
using BoxAxis = BoxAxisOf<double>;

/// The one place where the lane types compute differently. The exact scalar test (doubles) takes
/// every projection of B from R honestly (the header's comment); the lanes (F2, F4), which decide
/// only beyond a margin and hand the rest to it, take the classic identities of an orthonormal R,
/// B's face axis j reaching b_j and A.ui x B.uj reaching b_j1 |R[i][j2]| + b_j2 |R[i][j1]|: the
/// same numbers to ~1e-15 of the sizes for 20 fewer operations a pair (their margins and the parity
/// test lane_parity_test.cpp cover the difference).
template <class V>
inline constexpr bool kHonestProjections = std::is_same_v<V, double>;

/// Calls visit(const BoxAxisOf<V>&) for the 15 axes in test order until it returns true; a, t, r, b
/// are A's half-extents, B's centre and axes (columns of r) in A's frame, B's half-extents.
///
/// Every loop is unrolled (SEPAXIS_UNROLL, platform.h: `#pragma GCC unroll`, read by Clang and GCC): with constant
/// indices, the (i + 1) % 3 cycles and the visitor's tests of the axis kind fold away and the 15
/// axes are computed in registers; rolled, the edge loop kept r and t in memory and chose
/// components by branching. Unrolling changes no arithmetic.
template <class V, class Visit>
SEPAXIS_ALWAYS_INLINE void forEachBoxAxisOf(const V (&a)[3], const V (&t)[3], const V (&r)[3][3], const V (&b)[3],
                                            Visit&& visit) {
  using lanes::abs;
  const V zero = lanes::splat<V>(0), one = lanes::splat<V>(1);
  BoxAxisOf<V> x;
  x.parallel = !lanes::allSet<V>();
  SEPAXIS_UNROLL(3)
  for (int i = 0; i < 3; ++i) {
    x.faceA = i;
    for (int k = 0; k < 3; ++k) x.axis[k] = k == i ? one : zero;
    x.c = t[i];
    x.rA = a[i];
    x.rB = b[0] * abs(r[i][0]) + b[1] * abs(r[i][1]) + b[2] * abs(r[i][2]);
    if (visit(x)) return;
  }
  x.faceA = -1;
  SEPAXIS_UNROLL(3)
  for (int j = 0; j < 3; ++j) {
    x.faceB = j;
    for (int k = 0; k < 3; ++k) x.axis[k] = r[k][j];
    x.c = t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j];
    x.rA = a[0] * abs(r[0][j]) + a[1] * abs(r[1][j]) + a[2] * abs(r[2][j]);
    if constexpr (kHonestProjections<V>)  // B's own axis: |L|^2 = b_j . L
      x.rB = b[j] * (r[0][j] * r[0][j] + r[1][j] * r[1][j] + r[2][j] * r[2][j]);
    else
      x.rB = b[j];
    if (visit(x)) return;
  }
  x.faceB = -1;
  SEPAXIS_UNROLL(3)
  for (int i = 0; i < 3; ++i) {
    x.edgeA = i;
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    SEPAXIS_UNROLL(3)
    for (int j = 0; j < 3; ++j) {
      x.edgeB = j;
      // e_i x v has components v[i2] at i1 and -v[i1] at i2 (cyclic), 0 at i.
      // (c is t . L written as t[i2] L[i2] - t[i1] r[i2][j], the same number to the bit.)
      const V m = r[i2][j], l2 = r[i1][j];
      x.axis[i] = zero;
      x.axis[i1] = -m;
      x.axis[i2] = l2;
      x.parallel = (m == zero) & (l2 == zero);
      x.c = t[i2] * l2 - t[i1] * m;
      x.rA = a[i1] * abs(m) + a[i2] * abs(l2);
      if constexpr (kHonestProjections<V>) {
        V rB = zero;
        SEPAXIS_UNROLL(3)
        for (int k = 0; k < 3; ++k)
          if (k != j) rB = rB + b[k] * abs(r[i1][k] * -m + r[i2][k] * l2);
        x.rB = rB;
      } else {
        const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        x.rB = b[j1] * abs(r[i][j2]) + b[j2] * abs(r[i][j1]);
      }
      if (visit(x)) return;
    }
  }
}

/// The scalar test's interface: the 15 axes of B (in A's frame, inFrameOf) against A's half-extents a.
template <class Visit>
void forEachBoxAxis(Vec3 a, const BoxInFrame& f, Visit&& visit) {
  const double ha[3] = {a.x, a.y, a.z}, t[3] = {f.t.x, f.t.y, f.t.z}, hb[3] = {f.b.x, f.b.y, f.b.z};
  forEachBoxAxisOf<double>(ha, t, f.r, hb, visit);
}

/// For lanes that decide with a margin: the largest s = |c| - rA - rB of the 15 axes (s > 0: that
/// axis separates), or of the 6 face axes when `facesDecide(s)` says they settle every lane. With
/// kSkipParallel, exactly zero cross products are skipped as the scalar test skips them (right
/// only where R has the scalar test's very bits); without, they count as s = -rB <= 0, which
/// decides nothing.
template <bool kSkipParallel, class V, class FacesDecide>
SEPAXIS_ALWAYS_INLINE V largestSeparation(const V (&a)[3], const V (&t)[3], const V (&r)[3][3], const V (&b)[3],
                                          FacesDecide facesDecide) {
  V s{};
  forEachBoxAxisOf<V>(a, t, r, b, [&](const BoxAxisOf<V>& x) {
    if (x.edgeA == 0 && x.edgeB == 0 && facesDecide(s)) return true;
    const V sx = lanes::abs(x.c) - (x.rA + x.rB);
    if (x.faceA == 0)
      s = sx;
    else if (kSkipParallel && x.edgeA >= 0)
      s = lanes::max(s, lanes::select(x.parallel, lanes::splat<V>(-INFINITY), sx));
    else
      s = lanes::max(s, sx);
    return false;
  });
  return s;
}

}  // namespace sepaxis::detail
