#pragma once
/// The separating-axis report: every candidate axis in test order with both projection intervals,
/// the verdict, and for overlapping pairs the penetration depth and minimum translation vector.

#include <optional>
#include <string>
#include <vector>

#include "sepaxis/volume.h"

namespace sepaxis {

struct Interval {
  double min = 0, max = 0;
};

/// Where a candidate axis comes from (Ericson, Real-Time Collision Detection, 4.4.1 and 5.2.1).
enum class AxisKind {
  Face,          ///< a face normal of A, of B, or of both (k-DOPs and AABBs share directions)
  EdgeEdge,      ///< the cross product of an edge direction of A and one of B
  ClosestPoint,  ///< a sphere's axis: the centre line, or from the other volume's closest point
};

/// "face", "edge-edge" or "closest-point": the kind's name in the JS report.
const char* axisKindName(AxisKind kind);

struct AxisReport {
  /// For people, composed from `kind` and the features (the one place is report.cpp), so it
  /// always says the same: "A.u0", "B.x", "A.u0 × B.u1", "A.n(1,1,1)", "A.x = B.n(1,0,0)",
  /// "closest-point direction". Read the fields, not the label.
  std::string label;
  AxisKind kind = AxisKind::Face;
  /// The feature of volume A (B) the axis comes from: "u0".."u2" an OBB's local axis, "x" "y" "z"
  /// an AABB's world axis, "n(1,1,0)" a k-DOP's face normal (its integer slab direction),
  /// "e(1,-1,0)" an edge direction of a k-DOP's polytope. A face axis names its volume's face (a
  /// direction both have, such as "A.n(1,0,0) = B.n(1,0,0)", names both); an edge-edge axis,
  /// degenerate or not, names both edges. None (std::nullopt; null in JS) when the axis is not that
  /// volume's: a face of the other volume, or a closest-point direction. An optional rather than an
  /// empty string: "none" is a state of its own, not a name, and the type says so to every reader.
  std::optional<std::string> featureA, featureB;
  Vec3 direction;  ///< unit length (zero when degenerate)
  Interval a, b;   ///< projections of volume A and B onto direction
  double gap = 0;  ///< max(b.min - a.max, a.min - b.max): > 0 means separated by that much
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
  /// The boundaries meet, within the exactness band (tolerance::kTouchingBand): the signed margin
  /// (the penetration depth when overlapping, the largest gap of the axes when apart) is at most
  /// kTouchingBand times the pair's size on that test's axes (the larger of the two intervals' half
  /// widths and the distance of their centres). Set with either verdict: `overlap` stays exact,
  /// this says the pair is at its boundary, e.g. after a move by the MTV.
  bool touching = false;
};

/// Builds the full report. The verdict always equals overlaps(a, b).
CollisionReport collide(const Volume& a, const Volume& b);

}  // namespace sepaxis
