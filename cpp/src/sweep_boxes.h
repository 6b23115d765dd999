#pragma once
// The swept test of two boxes (AABB-OBB, OBB-OBB): the 15 axes of obb_axes.h in the frame of the
// first box of the pair (pair_order.h), the second moving at w relative to it, with the static
// test's numbers. The answer is the swept separating-axis test's (Ericson, Real-Time Collision
// Detection, 5.5.8): on each axis the projections overlap for t in [enter, exit], and the boxes
// meet first at the latest enter when it is at most every exit and maxTime.
//
// Every axis is computed once, in one pass that stops only where the static test's first
// separating axis settles a miss, and every interval with plain arithmetic over arrays:
// the latest enter and the earliest exit are running maxima and minima, the axis and the normal
// are picked only at the end. Branching on which axis separates first or starts last mispredicts
// from pair to pair; this costs a few divisions more and no jumps. The answer is the per-axis
// computation's to the bit: the same numbers in the same order wherever order matters.

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
  // Every axis's offset, reach, rate and |L|^2, in arrays of 16 so that the passes below run in
  // pairs of lanes; the 16th axis overlaps for ever (enter -inf, exit inf, no length) and decides
  // nothing.
  alignas(16) double offset[16], reach[16], rate[16], length2[16];
  offset[15] = 0, reach[15] = 1, rate[15] = 0, length2[15] = 0;
  // Contacts later than the largest double are none: an endless motion's horizon then rules out
  // an axis apart now without motion along it (enter = inf).
  const double horizon = lesser(maxTime, std::numeric_limits<double>::max());
  // The static test's first separating axis (as its early exit) also settles most misses at once:
  // moving away along it (exit < 0, that is gapOut < 0 exactly), or arriving after the horizon.
  int apartAt = 15;
  bool missed = false;
  forEachSweptBoxAxis(a, frame, [&](int i, const BoxAxis& x) {
    const double c = x.c, r = x.rA + x.rB, s = x.along(wf);
    offset[i] = c, reach[i] = r, rate[i] = s, length2[i] = lengthSquaredOf(x);
    if (apartAt == 15 && std::fabs(c) > r) {
      apartAt = i;
      const AxisTimes times(c, r, s);
      missed = times.gapOut < 0 || times.enter() > horizon;
      return missed;
    }
    return false;
  });
  if (missed) return {};
  const auto leastDepthContact = [&] {
    LeastDepthAxis least;
    SEPAXIS_UNROLL(15)
    for (int i = 0; i < 15; ++i) least.add(i, reach[i] - std::fabs(offset[i]), length2[i]);
    const int k = least.index;
    return BoxContact{true, 0, normalFromFirst(a, boxAxisAt(frame, k).axis, offset[k], rate[k])};
  };
  if (apartAt == 15) return leastDepthContact();
  // The latest enter and the earliest exit, in two interleaved running maxima and minima (order
  // does not matter: both ignore NaN ends, and the maximum of the rest is one number).
  alignas(16) double enter[16];
  double latest[2] = {0, 0}, earliest[2] = {horizon, horizon};
  for (int i = 0; i < 16; i += 2) {
    SEPAXIS_UNROLL(2)
    for (int k = 0; k < 2; ++k) {
      const AxisTimes times(offset[i + k], reach[i + k], rate[i + k]);
      enter[i + k] = times.enter();
      latest[k] = greater(latest[k], enter[i + k]);
      earliest[k] = lesser(earliest[k], times.exit());
    }
  }
  const double start = greater(latest[0], latest[1]), end = lesser(earliest[0], earliest[1]);
  if (start > end) return {};
  // No axis starts after 0 (apart only where an enter time underflows): in contact at the start.
  if (!(start > 0)) return leastDepthContact();
  int decider = 0;
  while (!(enter[decider] == start)) ++decider;
  return {true, start, normalFromFirst(a, boxAxisAt(frame, decider).axis, 0, rate[decider])};
}

}  // namespace sepaxis::detail
