#pragma once
/// Oriented box: center + three orthonormal axes + half-extents along them (closed).

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis {

struct Obb {
  Vec3 center;
  Vec3 axis[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};  ///< orthonormal to machine precision
  Vec3 halfExtents;
};

/// Axes within tolerance::kOrthonormal of orthonormal are accepted and re-orthonormalized
/// (the nearest orthonormal frame, same handedness); others are rejected.
Expected<Obb> makeObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents);
/// makeObb without the error message, for hot paths (batches, bindings): no allocation. Fills
/// `box` and returns true exactly when makeObb would succeed.
bool tryMakeObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents, Obb& box);
/// Axes are the columns of `rotation`.
Expected<Obb> makeObbFromRotation(Vec3 center, const Mat3& rotation, Vec3 halfExtents);
/// Axes are the images of x, y, z under the unit quaternion `rotation`.
Expected<Obb> makeObbFromQuaternion(Vec3 center, Quat rotation, Vec3 halfExtents);
/// makeObbFromQuaternion without the error message: no allocation.
bool tryMakeObbFromQuaternion(Vec3 center, Quat rotation, Vec3 halfExtents, Obb& box);

}  // namespace sepaxis
