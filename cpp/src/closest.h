#pragma once
// Closest points as offsets: p - closestPoint(volume, p), computed in the volume's own frame so
// that nothing cancels when both are far from the origin. Zero when p is inside.

#include "sepaxis/aabb.h"
#include "sepaxis/kdop.h"
#include "sepaxis/obb.h"

namespace sepaxis::detail {

Vec3 offsetFromClosest(const Aabb& box, Vec3 p);
Vec3 offsetFromClosest(const Obb& box, Vec3 p);
Vec3 offsetFromClosest(const Kdop& kdop, Vec3 p);

}  // namespace sepaxis::detail
