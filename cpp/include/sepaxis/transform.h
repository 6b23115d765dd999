#pragma once
/// Rigid transforms (rotation, translation, optional uniform scale) of volumes:
/// x -> scale * (rotation * x) + translation.

#include "sepaxis/volume.h"

namespace sepaxis {

struct RigidTransform {
  Mat3 rotation;  ///< orthonormal, determinant +1
  Vec3 translation;
  double scale = 1;  ///< > 0
};

/// Validates: finite, unit quaternion within tolerance::kUnitQuaternion (normalized inside), scale > 0.
Expected<RigidTransform> makeRigidTransform(Quat rotation, Vec3 translation, double scale = 1);
/// makeRigidTransform without the error message, for hot paths (a World's setPoses): no
/// allocation. Fills `t` and returns true exactly when makeRigidTransform would succeed.
bool tryMakeRigidTransform(Quat rotation, Vec3 translation, double scale, RigidTransform& t);

Sphere transformed(const Sphere& s, const RigidTransform& t);
/// A rotated AABB is an OBB; see transformedBounds for the enclosing AABB.
Obb transformed(const Aabb& box, const RigidTransform& t);
Obb transformed(const Obb& box, const RigidTransform& t);
/// k-DOP directions are fixed, so a rotated k-DOP is not a k-DOP: this returns the tightest k-DOP
/// of the same k around the transformed polytope (exact when the rotation maps the direction set to
/// itself, e.g. the identity or a quarter turn about an axis).
Kdop transformed(const Kdop& kdop, const RigidTransform& t);
/// The slabs transformed(kdop, t) builds its k-DOP from: min[i], max[i] of d_i . x over the
/// transformed vertices (kdop.slabCount() numbers each; computed as (s R^T d_i) . v + d_i . (s R
/// origin + t), so to rounding). Cheap (no polytope is built): the World
/// computes these every move and builds the k-DOP only when a test needs it, bit for bit the same.
void transformedSlabs(const Kdop& kdop, const RigidTransform& t, double* min, double* max);
/// Each corner moved: exact up to rounding.
Triangle transformed(const Triangle& tri, const RigidTransform& t);
Volume transformed(const Volume& v, const RigidTransform& t);

/// The tightest AABB around the transformed volume.
Aabb transformedBounds(const Volume& v, const RigidTransform& t);

}  // namespace sepaxis
