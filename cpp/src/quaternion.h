#pragma once
// A quaternion's rotation as makeRigidTransform and makeObbFromQuaternion build it, in one place:
// the check (a unit length within tolerance::kUnitQuaternion) and the matrix apart, so that the
// World's setPoses, which checks every pose before it moves any body, builds the same bits
// without checking again.

#include <cmath>

#include "sepaxis/tolerance.h"
#include "sepaxis/vec3.h"

namespace sepaxis::detail {

/// |q|.
inline double quaternionLength(Quat q) { return std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w); }

/// Whether a quaternion of this length (quaternionLength) counts as a unit one. One comparison
/// decides: a NaN or infinite part makes the length NaN or infinite, which fails it.
inline bool isUnitLength(double length) { return std::fabs(length - 1) <= tolerance::kUnitQuaternion; }

/// The rotation of q / |q|, given length = quaternionLength(q).
inline Mat3 rotationOf(Quat q, double length) {
  return toMat3({q.x / length, q.y / length, q.z / length, q.w / length});
}

}  // namespace sepaxis::detail
