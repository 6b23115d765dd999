#pragma once
/// Point containment (closed: boundary points are inside) and the closest point of a volume.

#include "sepaxis/volume.h"

namespace sepaxis {

bool contains(const Sphere& s, Vec3 p);
bool contains(const Aabb& box, Vec3 p);
bool contains(const Obb& box, Vec3 p);
bool contains(const Kdop& kdop, Vec3 p);
/// p lies on the triangle within tolerance::kTrianglePlane of its size and of its coordinates'
/// magnitude (a flat set: points computed on it round off its plane).
bool contains(const Triangle& t, Vec3 p);
bool contains(const Volume& v, Vec3 p);

/// The point of the volume nearest to p (p itself when inside).
Vec3 closestPoint(const Sphere& s, Vec3 p);
Vec3 closestPoint(const Aabb& box, Vec3 p);
Vec3 closestPoint(const Obb& box, Vec3 p);
Vec3 closestPoint(const Kdop& kdop, Vec3 p);
/// The projection onto the triangle's plane when it falls inside, else the nearest point of its
/// edges (a degenerate triangle: of the segment or point it is).
Vec3 closestPoint(const Triangle& t, Vec3 p);
Vec3 closestPoint(const Volume& v, Vec3 p);

}  // namespace sepaxis
