#pragma once
/// The tightest axis-aligned box around each volume.

#include "sepaxis/volume.h"

namespace sepaxis {

Aabb boundingBox(const Sphere& s);
Aabb boundingBox(const Aabb& box);
Aabb boundingBox(const Obb& box);
/// From the polytope's vertices: tight even when the x/y/z slabs are loose or absent (k = 8).
Aabb boundingBox(const Kdop& kdop);
Aabb boundingBox(const Volume& v);

}  // namespace sepaxis
