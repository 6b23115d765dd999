#pragma once
// The swept test of two boxes (AABB-OBB, OBB-OBB): the 15 axes of obb_axes.h in the frame of the
// first box of the pair (pair_order.h), the second moving at w relative to it, with the static
// test's numbers. The answer is the swept separating-axis test's (Ericson, Real-Time Collision
// Detection, 5.5.8): on each axis the projections overlap for t in [enter, exit], and the boxes
// meet first at the latest enter when it is at most every exit and maxTime.
//
// It is found the way conservative advancement finds a contact, axis by axis, so that most pairs
// never compute most intervals: the static test runs first with its early exit (a pair
// overlapping now needs no motion at all); apart, t jumps to the enter of the axis that separates
// them, and the axes are checked again at t, each jump to the later enter of an axis that still
// separates. When no axis separates at t, t is one axis's enter and lies in every interval: it is
// the latest enter exactly. An axis whose interval ended before t separates for ever: a miss.
// Each check compares t with the interval without dividing (surelyWithin), and only an axis that
// may separate has its interval computed; the answer is the per-axis computation's to the bit.

#include <cmath>
#include <limits>

#include "sepaxis/obb.h"
#include "sepaxis/vec3.h"

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

/// |L|^2 of a box axis, its zero components left out (the same number: squares are never -0).
inline double lengthSquaredOf(const BoxAxis& x) {
  if (x.faceA >= 0) return 1;
  if (x.edgeA >= 0) {
    const double p = x.axis[(x.edgeA + 1) % 3], q = x.axis[(x.edgeA + 2) % 3];
    return p * p + q * q;
  }
  return x.axis[0] * x.axis[0] + x.axis[1] * x.axis[1] + x.axis[2] * x.axis[2];
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

/// Axis l of the first box's frame in world coordinates, pointing from the first box to the
/// second: at the start, by the side the second box's centre lies on (offset), or when centred
/// by the motion (rate, negated as the second comes from below when moving up), else none; at a
/// later contact (offset 0 passed), by the motion alone.
inline Vec3 normalFromFirst(const Obb& a, Vec3 l, double offset, double rate) {
  const Vec3 n = a.axis[0] * l.x + a.axis[1] * l.y + a.axis[2] * l.z;
  const double side = offset != 0 ? offset : -rate;
  return side > 0 ? n : side < 0 ? -n : Vec3{};
}

/// The first contact of `second` moving at w relative to `first` during [0, maxTime].
template <class F, class S>
BoxContact sweepBoxes(const F& first, const S& second, Vec3 w, double maxTime) {
  const Obb& a = asBox(first);
  const Obb& b = asBox(second);
  const Vec3 wf{dot(w, a.axis[0]), dot(w, a.axis[1]), dot(w, a.axis[2])};
  const BoxInFrame frame = inFrameOf(a, b, centreOffset(first, second));
  // Contacts later than the largest double are none: an endless motion's horizon then rules out
  // an axis apart now without motion along it (enter = inf).
  const double horizon = lesser(maxTime, std::numeric_limits<double>::max());
  // Each axis's offset and reach, kept for the normal and the checks after the pass; the rates
  // from the first axis apart at the start (before it, none is needed unless they part).
  double offset[15], reach[15], rate[15];
  double t = 0;
  int apartAt = 15, decider = -1;  // the first axis apart at the start; the axis whose enter t is
  // Axis i may separate the boxes at t: its interval decides. False on a miss.
  const auto check = [&](int i, const AxisTimes& times) {
    const double enter = times.enter(), exit = times.exit();
    if (exit < t) return false;  // moved past each other before t
    if (enter > t) t = enter, decider = i;
    return t <= horizon;
  };
  // The first pass: the static test (|c| > r) until an axis separates them at 0, then each axis
  // at the latest enter so far.
  bool missed = false;
  forEachSweptBoxAxis(a, frame, [&](int i, const BoxAxis& x) {
    const double c = x.c, r = x.rA + x.rB;
    offset[i] = c, reach[i] = r;
    if (apartAt == 15) {
      if (!(std::fabs(c) > r)) return false;
      apartAt = i;
    }
    const double s = x.along(wf);
    rate[i] = s;
    const AxisTimes times(c, r, s);
    if (i > apartAt && times.surelyWithin(t)) return false;
    missed = !check(i, times);
    return missed;
  });
  if (missed) return {};
  // No axis starts after 0 (overlapping now, as the static test says; apart, only where an
  // enter time underflows): in contact at the start.
  if (decider < 0) {
    LeastDepthAxis least;
    SEPAXIS_UNROLL(15)
    for (int i = 0; i < 15; ++i) least.add(i, reach[i] - std::fabs(offset[i]), lengthSquaredOf(boxAxisAt(frame, i)));
    const BoxAxis x = boxAxisAt(frame, least.index);
    return {true, 0, normalFromFirst(a, x.axis, offset[least.index], x.along(wf))};
  }
  // The axes before the decider were last checked at an earlier t (those before the first apart
  // at 0, at 0 only): round again from the first until every axis since the last jump contains t
  // (at most 15 jumps, usually none or one).
  for (int i = 0; i < apartAt; ++i) rate[i] = boxAxisAt(frame, i).along(wf);
  for (int i = 0; i != decider; i = i == 14 ? 0 : i + 1) {
    const AxisTimes times(offset[i], reach[i], rate[i]);
    if (!times.surelyWithin(t) && !check(i, times)) return {};
  }
  return {true, t, normalFromFirst(a, boxAxisAt(frame, decider).axis, 0, rate[decider])};
}

}  // namespace sepaxis::detail
