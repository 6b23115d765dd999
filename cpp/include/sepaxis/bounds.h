#pragma once
/// The tightest axis-aligned box around each volume.
///
/// Beyond the double range: a valid volume may reach past the largest double (a sphere centred at
/// 1e308 with radius 1.5e308). Its box is then clamped to +-DBL_MAX on those sides: it holds
/// every point of the volume that has double coordinates — all a caller can test against it —
/// and stays a valid AABB for every other call. An infinite bound would be rejected by the
/// validators, and an error would refuse a volume every other call accepts.

#include "sepaxis/volume.h"

namespace sepaxis {

Aabb boundingBox(const Sphere& s);
Aabb boundingBox(const Aabb& box);
Aabb boundingBox(const Obb& box);
/// From the polytope's vertices: tight even when the x/y/z slabs are loose or absent (k = 8).
Aabb boundingBox(const Kdop& kdop);
/// The corners' extremes (exact).
Aabb boundingBox(const Triangle& t);
Aabb boundingBox(const Volume& v);

}  // namespace sepaxis
