#pragma once
/// Sweeps: the time of first contact of two volumes that move in straight lines without turning.
/// Volume A moves by velocityA * t, B by velocityB * t, for t in [0, maxTime]; only their relative
/// velocity matters. Touching counts as contact, as in overlaps(); exact within the same contract
/// (tolerance.h, kTouchingBand): just before `time` the moved volumes are apart, from `time` on
/// (for a while) they meet, and a miss means they are apart at every time in [0, maxTime].
///
/// Polytope pairs (AABB, OBB, k-DOP): the candidate separating axes do not change under
/// translation, so the swept separating-axis test decides (Ericson, Real-Time Collision
/// Detection, 5.5.8; Eberly, "Intersection of Convex Objects: The Method of Separating Axes"):
/// on each axis the projections overlap during an interval of times [enter, exit], and the
/// volumes meet first at the latest enter, when it is at most the earliest exit.
/// Pairs with a sphere: the sphere's centre, moving with the relative velocity, is cast against
/// the other volume grown by the radius (the Minkowski sum: the faces pushed out, the edges
/// grown into cylinders, the vertices into spheres); the contact's axes are those of collide()
/// at the contact time.

#include <optional>
#include <string>
#include <vector>

#include "sepaxis/error.h"
#include "sepaxis/report.h"
#include "sepaxis/volume.h"

namespace sepaxis {

struct Motion {
  Vec3 velocityA;  ///< length per unit of time; finite
  Vec3 velocityB;
  double maxTime = 1;  ///< >= 0; may be Infinity
};

/// The answer without the axes: what a game loop asks. Computing it allocates nothing.
struct SweepHit {
  bool hit = false;
  /// The first time in [0, maxTime] at which the moved volumes share a point: 0 when they touch
  /// or overlap at the start. Meaningless (0) on a miss.
  double time = 0;
  /// Unit, pointing from A to B (move B along it to separate them). At time > 0: the normal of
  /// the contact (the deciding axis, or for a sphere the direction from the other volume's
  /// closest point to the sphere's centre, as seen from A). At time 0 (already in contact):
  /// collide()'s penetration normal, the direction that separates them with the shortest move.
  /// Zero on a miss, and when no direction exists (two concentric spheres, a sphere's centre in
  /// a point).
  Vec3 normal;
};

/// One candidate axis of the sweep: where it comes from (as collide()'s AxisReport says it) and
/// the interval of times during which the two projections onto it overlap.
struct SweepAxis {
  std::string label;  ///< as AxisReport::label ("A.u0 × B.u1", "closest-point direction")
  AxisKind kind = AxisKind::Face;
  std::optional<std::string> featureA, featureB;  ///< as AxisReport's
  Vec3 direction;                                 ///< unit (zero when degenerate)
  /// The projections overlap for t in [enter, exit] (any t, not only [0, maxTime]). Motion
  /// parallel to the axis's plane: [-Infinity, Infinity] when they always overlap, [Infinity,
  /// -Infinity] when never. NaN when degenerate.
  double enter = 0, exit = 0;
  bool degenerate = false;  ///< the axis does not exist (parallel edges, a centre inside)
  std::string reason;       ///< why it is degenerate, empty otherwise
};

struct SweepReport {
  bool hit = false;
  double time = 0;  ///< as SweepHit's; equal to timeOfImpact's by construction
  Vec3 normal;      ///< as SweepHit's
  /// Polytopes: the axes of collide() (fixed under translation). Pairs with a sphere: collide()'s
  /// axes at the contact time (at the start on a miss).
  std::vector<SweepAxis> axes;
  /// The index in `axes` of the axis that decides `time`: the last to start overlapping (the
  /// largest enter; for a sphere, the closest-point direction). -1 on a miss and when no axis
  /// moves (the volumes overlap at every time).
  int decidingAxis = -1;
};

/// The motion's problem, or none: velocities finite ("motion.velocityA[1] must be finite, got
/// NaN"), maxTime >= 0 ("motion.maxTime must be >= 0, got -1").
Status validateMotion(const Motion& motion);

/// Time of first contact, no report. The volumes must be valid (as for overlaps()); the motion is
/// validated. Both orders give the same time and opposite normals.
Expected<SweepHit> timeOfImpact(const Volume& a, const Volume& b, const Motion& motion);
/// The OBB pair without the variant's dispatch (the benchmarks' and games' hot case).
Expected<SweepHit> timeOfImpact(const Obb& a, const Obb& b, const Motion& motion);
/// Any volume against a triangle (a World's mesh body), also in a build whose Volume leaves
/// triangles out.
Expected<SweepHit> timeOfImpact(const Volume& a, const Triangle& b, const Motion& motion);

/// timeOfImpact with every candidate axis and its interval of times.
Expected<SweepReport> sweep(const Volume& a, const Volume& b, const Motion& motion);

}  // namespace sepaxis
