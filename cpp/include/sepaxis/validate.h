#pragma once
/// The validators: one per volume type, the one place that says what makes a volume valid. Every
/// reader asks them: the make* functions (which turn a Problem into an Error with its message),
/// the allocation-free tryMake* functions, the batch element loaders and the WebAssembly bindings.
///
/// Each validator is a predicate and a search. The predicate (isValidSphere, ...) decides, in the
/// fewest comparisons, and is what the hot readers call; the search runs only when the predicate
/// says no, and names the first broken rule in the order the make* functions have always reported
/// them (a field's elements in order, finiteness before sign, ...). The verdict is the
/// predicate's alone; the search only explains it.

#include <limits>

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis {

/// What a validator found: nothing (field == nullptr; false in a condition) or the first broken
/// rule. Plain numbers and static strings: returning one allocates nothing.
struct Problem {
  ErrorCode code = ErrorCode::NotFinite;
  const char* field = nullptr;  ///< the field as the JSON format names it ("obb.axes[1]"); nullptr: valid
  int index = -1;               ///< the element of the field ("...[2]"), -1 for the field as a whole
  double value = 0;             ///< the offending value (NaN when it is not a single number)
  /// What the rule compared `value` with, for the message: MinAboveMax: max[index];
  /// NotOrthonormal: the other axis of a dot product, -1 for a length; WrongLength: the expected
  /// count; EmptyIntersection: 1 when the k-DOP reaches beyond the largest double, else 0.
  double other = 0;

  explicit operator bool() const { return field != nullptr; }
};

/// The Error of a Problem, with the message users see ("obb.halfExtents[1] must be >= 0, got -2").
Error toError(const Problem& problem);

inline constexpr double kMaxDouble = std::numeric_limits<double>::max();

// ---- Sphere: finite centre, 0 <= radius < Infinity.

/// NaN fails every comparison: one expression rejects it too.
inline bool isValidSphere(Vec3 center, double radius) {
  return isFinite(center) && radius >= 0 && radius <= kMaxDouble;
}
namespace detail {
Problem sphereProblem(Vec3 center, double radius);
}
inline Problem validateSphere(Vec3 center, double radius) {
  return isValidSphere(center, radius) ? Problem{} : detail::sphereProblem(center, radius);
}

// ---- AABB: finite, min <= max on every axis.

/// 9 comparisons instead of 15: -max <= min.x <= max.x <= max holds exactly when both are finite
/// and ordered.
inline bool isValidAabb(Vec3 min, Vec3 max) {
  return min.x >= -kMaxDouble && min.x <= max.x && max.x <= kMaxDouble && min.y >= -kMaxDouble && min.y <= max.y &&
         max.y <= kMaxDouble && min.z >= -kMaxDouble && min.z <= max.z && max.z <= kMaxDouble;
}
namespace detail {
Problem aabbProblem(Vec3 min, Vec3 max);
}
inline Problem validateAabb(Vec3 min, Vec3 max) {
  return isValidAabb(min, max) ? Problem{} : detail::aabbProblem(min, max);
}
/// makeAabbFromCenter's input: finite centre, finite half-extents >= 0 (the AABB they make is
/// then validated as min, max: the sums may overflow).
Problem validateAabbCenter(Vec3 center, Vec3 halfExtents);
/// makeAabbFromMinWidths's input: finite min, finite widths >= 0.
Problem validateAabbMinWidths(Vec3 min, Vec3 widths);

// ---- OBB: finite centre, finite half-extents >= 0, axes within tolerance::kOrthonormal of
// orthonormal (their Gram matrix within the tolerance of the identity). Defined in obb.cpp, next
// to tryMakeObb, which reuses the Gram matrix.

Problem validateObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents);
/// A rotation given as a quaternion: finite, unit within tolerance::kUnitQuaternion; then the
/// OBB of its axes.
Problem validateObbQuaternion(Vec3 center, Quat rotation, Vec3 halfExtents);

// ---- k-DOP: k in {6, 8, 14, 18, 26}, count == k/2, finite min[i] <= max[i], and slabs with a
// common point. Defined in kdop.cpp: the last rule needs the polytope, which this builds (the
// cost of makeKdop).

Problem validateKdop(int k, const double* min, const double* max, int count);

// ---- Triangle: three corners with finite coordinates (collinear or coincident corners allowed).
inline bool isValidTriangle(Vec3 a, Vec3 b, Vec3 c) { return isFinite(a) && isFinite(b) && isFinite(c); }
namespace detail {
Problem triangleProblem(Vec3 a, Vec3 b, Vec3 c);
}
inline Problem validateTriangle(Vec3 a, Vec3 b, Vec3 c) {
  return isValidTriangle(a, b, c) ? Problem{} : detail::triangleProblem(a, b, c);
}

}  // namespace sepaxis
