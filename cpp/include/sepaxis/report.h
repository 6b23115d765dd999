#pragma once
/// The separating-axis report: every candidate axis in test order with both projection intervals,
/// the verdict, and for overlapping pairs the penetration depth and minimum translation vector.

#include <string>
#include <vector>

#include "sepaxis/volume.h"

namespace sepaxis {

struct Interval {
  double min = 0, max = 0;
};

struct AxisReport {
  std::string label;      ///< "A.u0", "B.x", "A.u0 × B.u1", "A.n(1,1,1)", "closest-point direction"
  Vec3 direction;         ///< unit length (zero when degenerate)
  Interval a, b;          ///< projections of volume A and B onto direction
  double gap = 0;         ///< max(b.min - a.max, a.min - b.max): > 0 means separated by that much
  bool separating = false;
  bool degenerate = false;  ///< skipped: the axis does not exist (parallel edges, centre inside)
  std::string reason;       ///< why it is degenerate, empty otherwise
};

struct Penetration {
  double depth = 0;  ///< how far B must move along normal to separate (touch); nothing shorter does
  Vec3 normal;       ///< unit direction in which to move B
};

struct CollisionReport {
  bool overlap = false;
  int separatingAxis = -1;  ///< index of the first separating axis in `axes`, -1 when overlapping
  std::vector<AxisReport> axes;
  bool hasPenetration = false;  ///< true exactly when overlap
  Penetration penetration;
};

/// Builds the full report. The verdict always equals overlaps(a, b).
CollisionReport collide(const Volume& a, const Volume& b);

}  // namespace sepaxis
