#pragma once
// One axis of the swept separating-axis test (Ericson, Real-Time Collision Detection, 5.5.8),
// shared by timeOfImpact and the sweep report: the interval of times during which two projections
// overlap while the second moves along the axis at a constant rate, and the running latest start
// and earliest end over the axes.
//
// Branch-free: which of the two ends comes first, and which axis starts last, are selects. With
// branches the swept OBB test mispredicted on every other axis and cost four static tests.

#include <cmath>

#include "infinity.h"
#include "sepaxis/vec3.h"

namespace sepaxis::detail {

/// The projections overlap for t in [enter, exit]. With no motion along the axis (rate 0): [-inf,
/// inf] when they overlap, [inf, -inf] when not, and NaN for an end where they touch exactly
/// (0 times inf), which SweptAxes ignores: touching for ever is overlapping for ever.
struct TimeInterval {
  double enter, exit;
};

/// The first volume covers [a0, a1], the second [b0, b1] at time 0 and moves at rate s along the
/// axis (same units). While s > 0 they meet when b1 + s t = a0 and part when b0 + s t = a1.
inline TimeInterval overlapTimes(double a0, double a1, double b0, double b1, double s) {
  const double inv = 1 / std::fabs(s);
  const bool up = s > 0;
  return {(up ? a0 - b1 : b0 - a1) * inv, (up ? a1 - b0 : b1 - a0) * inv};
}

/// The box form (obb_axes.h, sweep_boxes.h): the interval of times during which the projections
/// overlap on an axis where the first box covers [-r, r] and the second [c - r', c + r'] (r = rA + r',
/// their reach) and moves at rate s: [(-r - sc) / |s|, (r - sc) / |s|], with sc = c when moving up
/// the axis, -c otherwise. The static test's numbers, so that "overlapping at time 0" is its
/// |c| <= r exactly. With s = 0: [-inf, inf] when overlapping, [inf, -inf] when not, NaN for an
/// end where they touch exactly.
struct AxisTimes {
  double gapIn, gapOut;  ///< the enter and exit times times |s|: -r - sc and r - sc
  double rate;           ///< |s|

  AxisTimes(double c, double r, double s)
      : gapIn(-r - (s > 0 ? c : -c)), gapOut(r - (s > 0 ? c : -c)), rate(std::fabs(s)) {}
  double enter() const { return gapIn * (1 / rate); }
  double exit() const { return gapOut * (1 / rate); }
};

/// The latest start and the earliest end over the axes seen, within [0, maxTime].
struct SweptAxes {
  double enter = 0;
  double exit;

  explicit SweptAxes(double maxTime) : exit(maxTime) {}

  /// Adds one axis; true when it starts later than every axis before it (and after 0): the
  /// deciding axis so far. A NaN end changes nothing (greater and lesser keep their first operand).
  bool add(TimeInterval t) {
    const bool later = t.enter > enter;
    enter = greater(enter, t.enter);
    exit = lesser(exit, t.exit);
    return later;
  }
  bool missed() const { return enter > exit; }
};

/// The contact normal from an axis l and the second's rate s along it: moving up the axis, the
/// second comes from below, so the normal from the first to the second is -l.
inline Vec3 orientedAxis(Vec3 l, double s) { return s > 0 ? -l : l; }

}  // namespace sepaxis::detail
