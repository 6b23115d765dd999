#pragma once
// The swept test of two boxes (AABB-OBB, OBB-OBB): the 15 axes of obb_axes.h in the frame of the
// first box of the pair (pair_order.h), the second moving at w relative to it, with the static
// test's numbers. The answer is the swept separating-axis test's (Ericson, Real-Time Collision
// Detection, 5.5.8): on each axis the projections overlap for t in [enter, exit], and the boxes
// meet first at the latest enter when it is at most every exit and maxTime.
//
// Every axis is computed once, in the static test's pass, which stops only where its first
// separating axis settles a miss. A pair that overlaps at the start needs no rates but its
// least-depth axis's; for the rest the rates follow straight from the frame, and every interval
// is plain arithmetic over arrays, in pairs of lanes: the latest enter and the earliest exit are
// running maxima and minima, the axis and the normal are picked only at the end. Branching on
// which axis separates first or starts last mispredicts from pair to pair; this costs a few
// divisions more and no jumps. The answer is the per-axis computation's to the bit: the same
// numbers in the same order wherever order matters.

#include <cmath>
#include <limits>

#include "sepaxis/obb.h"
#include "sepaxis/vec3.h"

#include "lanes.h"
#include "obb_axes.h"
#include "pair_order.h"
#include "sweep_axes.h"

namespace sepaxis::detail {

/// A box pair's first contact: the normal points from the first box to the second, not unit
/// (zero when the boxes are centred on each other along it and do not move along it).
struct BoxContact {
  bool hit = false;
  double time = 0;
  Vec3 normal;
};

/// Calls visit(i, x) for the 15 axes in test order until it returns true (x as obb_axes.h's; c
/// and rA + rB as in AxisTimes).
template <class Visit>
SEPAXIS_ALWAYS_INLINE void forEachSweptBoxAxis(const Obb& a, const BoxInFrame& frame, Visit&& visit) {
  // forEachBoxAxisOf itself, inlined, so that the visitor's state stays in registers.
  const double ha[3] = {a.halfExtents.x, a.halfExtents.y, a.halfExtents.z};
  const double t[3] = {frame.t.x, frame.t.y, frame.t.z}, hb[3] = {frame.b.x, frame.b.y, frame.b.z};
  int i = 0;
  forEachBoxAxisOf<double>(ha, t, frame.r, hb, [&](const BoxAxis& x) { return visit(i++, x); });
}

/// Axis n of forEachBoxAxisOf's order, its kind and direction (the same numbers), for the few
/// axes needed again after the pass: no axis is stored.
inline BoxAxis boxAxisAt(const BoxInFrame& f, int n) {
  BoxAxis x;
  if (n < 3) {
    x.faceA = n;
    for (int k = 0; k < 3; ++k) x.axis[k] = k == n ? 1 : 0;
  } else if (n < 6) {
    x.faceB = n - 3;
    for (int k = 0; k < 3; ++k) x.axis[k] = f.r[k][n - 3];
  } else {
    const int i = (n - 6) / 3, j = (n - 6) % 3, i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    x.edgeA = i, x.edgeB = j;
    x.axis[i] = 0;
    x.axis[i1] = -f.r[i2][j];
    x.axis[i2] = f.r[i1][j];
  }
  return x;
}

/// Axis l of the first box's frame in world coordinates, pointing from the first box to the
/// second: at the start, by the side the second box's centre lies on (offset), or when centred
/// by the motion (rate, negated as the second comes from below when moving up), else none; at a
/// later contact (offset 0 passed), by the motion alone.
inline Vec3 normalFromFirst(const Obb& a, Vec3 l, double offset, double rate) {
  const Vec3 n = a.axis[0] * l.x + a.axis[1] * l.y + a.axis[2] * l.z;
  // By a product rather than branches (the side varies from pair to pair): n * 0 may hold -0
  // where the branches gave +0, equal numbers, and unitOrZero makes either the zero vector.
  const double side = offset != 0 ? offset : -rate;
  return n * (side > 0 ? 1.0 : side < 0 ? -1.0 : 0.0);
}

/// |L|^2 of axis n of forEachBoxAxisOf's order (|x.axis|^2 with its zero components left out,
/// the same number: squares are never -0), from the frame alone: for a constant n (an unrolled loop) a few products.
SEPAXIS_ALWAYS_INLINE double lengthSquaredAt(const BoxInFrame& f, int n) {
  if (n < 3) return 1;
  if (n < 6) return f.r[0][n - 3] * f.r[0][n - 3] + f.r[1][n - 3] * f.r[1][n - 3] + f.r[2][n - 3] * f.r[2][n - 3];
  const int i = (n - 6) / 3, j = (n - 6) % 3;
  const double p = -f.r[(i + 2) % 3][j], q = f.r[(i + 1) % 3][j];
  return p * p + q * q;
}

/// The axis of least depth of an overlapping pair (collide()'s penetration normal), fed one axis
/// at a time: depth = reach - |offset|, l2 = |L|^2 (0 for the vanished axis of parallel edges,
/// skipped). Compared squared and by cross products: no square root or division per axis; the
/// choice by selects, as it differs from pair to pair.
struct LeastDepthAxis {
  int index = -1;
  double depth2 = 0, length2 = 1;

  void add(int i, double depth, double l2) {
    const double d2 = depth * depth;
    const bool take = (l2 > 0) & ((index < 0) | (d2 * length2 < depth2 * l2));
    index = take ? i : index;
    depth2 = take ? d2 : depth2;
    length2 = take ? l2 : length2;
  }
};

inline int leastDepthAxis(const BoxInFrame& f, const double (&offset)[16], const double (&reach)[16]) {
  LeastDepthAxis least;
  SEPAXIS_UNROLL(15)
  for (int i = 0; i < 15; ++i) least.add(i, reach[i] - std::fabs(offset[i]), lengthSquaredAt(f, i));
  return least.index;
}

/// The contact of a pair overlapping at the start: along the axis of least depth, its rate
/// computed for it alone.
inline BoxContact leastDepthContact(const Obb& a, const BoxInFrame& frame, Vec3 wf, double (&offset)[16],
                                    double (&reach)[16]) {
  offset[15] = 0, reach[15] = 1;
  const int k = leastDepthAxis(frame, offset, reach);
  const BoxAxis x = boxAxisAt(frame, k);
  return BoxContact{true, 0, normalFromFirst(a, x.axis, offset[k], x.along(wf))};
}

/// Every axis's rate v . L (BoxAxis::along, the same numbers) into rate[0..14], straight from the
/// frame: for the pairs apart at the start and not settled by their first separating axis.
SEPAXIS_ALWAYS_INLINE void ratesOf(const BoxInFrame& f, Vec3 v, double (&rate)[16]) {
  rate[0] = v.x, rate[1] = v.y, rate[2] = v.z;
  SEPAXIS_UNROLL(3)
  for (int j = 0; j < 3; ++j) rate[3 + j] = v.x * f.r[0][j] + v.y * f.r[1][j] + v.z * f.r[2][j];
  SEPAXIS_UNROLL(3)
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    SEPAXIS_UNROLL(3)
    for (int j = 0; j < 3; ++j) rate[6 + 3 * i + j] = v[i1] * -f.r[i2][j] + v[i2] * f.r[i1][j];
  }
}

/// The first contact of `second` moving at w relative to `first` during [0, maxTime].
template <class F, class S>
BoxContact sweepBoxes(const F& first, const S& second, Vec3 w, double maxTime) {
  const Obb& a = asBox(first);
  const Obb& b = asBox(second);
  const BoxInFrame frame = inFrameOf(a, b, centreOffset(first, second));
  // Every axis's offset, reach and rate, in arrays of 16 so that the intervals below are computed
  // in pairs of lanes; the 16th axis overlaps for ever (enter -inf, exit inf) and decides nothing.
  alignas(16) double offset[16], reach[16], rate[16];
  // The static test's pass, with its numbers: where it finds no separating axis the pair overlaps
  // at the start and needs no rates. Its first separating axis settles most misses at once: the
  // motion takes the second away along it (exit < 0, that is gapOut < 0 exactly) or brings it only
  // after the horizon; otherwise the pass goes on through every axis.
  const Vec3 wf{dot(w, a.axis[0]), dot(w, a.axis[1]), dot(w, a.axis[2])};
  // Contacts later than the largest double are none: an endless motion's horizon then rules out
  // an axis apart now without motion along it (enter = inf).
  const double horizon = lesser(maxTime, std::numeric_limits<double>::max());
  int apartAt = 15;
  bool missed = false;
  forEachSweptBoxAxis(a, frame, [&](int i, const BoxAxis& x) {
    const double c = x.c, r = x.rA + x.rB;
    offset[i] = c, reach[i] = r;
    if (apartAt == 15 && std::fabs(c) > r) {
      apartAt = i;
      const AxisTimes times(c, r, x.along(wf));
      missed = times.gapOut < 0 || times.enter() > horizon;
      return missed;
    }
    return false;
  });
  if (missed) return {};
  if (apartAt == 15) return leastDepthContact(a, frame, wf, offset, reach);
  ratesOf(frame, wf, rate);
  offset[15] = 0, reach[15] = 1, rate[15] = 0;
  // The latest enter and the earliest exit, as running maxima and minima in two lanes (order does
  // not matter: both ignore NaN ends, and the maximum of the rest is one number).
  alignas(16) double enter[16];
  double start, end;
#if SEPAXIS_LANES
  {
    using lanes::F2;
    const F2 zero = lanes::splat<F2>(0), one = lanes::splat<F2>(1);
    F2 latest = zero, earliest = lanes::splat<F2>(horizon);
    SEPAXIS_UNROLL(8)
    for (int i = 0; i < 16; i += 2) {
      // AxisTimes, lane by lane: the same operations.
      const F2 c = lanes::load(offset + i), r = lanes::load(reach + i), s = lanes::load(rate + i);
      const F2 sc = lanes::select(s > zero, c, -c), inv = one / lanes::abs(s);
      const F2 in = (-r - sc) * inv, out = (r - sc) * inv;
      lanes::store(enter + i, in);
      latest = lanes::max(latest, in);
      earliest = lanes::min(earliest, out);
    }
    alignas(16) double l[2], e[2];
    lanes::store(l, latest), lanes::store(e, earliest);
    start = greater(l[0], l[1]), end = lesser(e[0], e[1]);
  }
#else
  {
    double latest[2] = {0, 0}, earliest[2] = {horizon, horizon};
    for (int i = 0; i < 16; i += 2) {
      for (int k = 0; k < 2; ++k) {
        const AxisTimes times(offset[i + k], reach[i + k], rate[i + k]);
        enter[i + k] = times.enter();
        latest[k] = greater(latest[k], enter[i + k]);
        earliest[k] = lesser(earliest[k], times.exit());
      }
    }
    start = greater(latest[0], latest[1]), end = lesser(earliest[0], earliest[1]);
  }
#endif
  if (start > end) return {};
  // No axis starts after 0 (apart only where an enter time underflows): in contact at the start.
  if (!(start > 0)) return leastDepthContact(a, frame, wf, offset, reach);
  int decider = 0;
  while (!(enter[decider] == start)) ++decider;
  return {true, start, normalFromFirst(a, boxAxisAt(frame, decider).axis, 0, rate[decider])};
}

}  // namespace sepaxis::detail
