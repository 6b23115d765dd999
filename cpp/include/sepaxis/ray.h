#pragma once
/// Ray and segment casts. The ray is origin + t * normalize(direction), 0 <= t <= maxDistance.

#include "sepaxis/volume.h"

namespace sepaxis {

struct RayHit {
  bool hit = false;
  double distance = 0;  ///< entry distance along the unit direction (0 when the origin is inside)
  Vec3 point;           ///< origin + distance * unit direction
  Vec3 normal;          ///< outward unit surface normal at entry; zero when the origin is inside
  bool startsInside = false;
  Vec3 barycentric;  ///< a triangle's hit: the weights of its corners a, b, c (sum 1); zero otherwise
};

/// direction must be non-zero (a zero direction never hits); maxDistance >= 0 (may be infinity).
RayHit raycast(const Sphere& s, Vec3 origin, Vec3 direction, double maxDistance);
/// The slab method (Kay & Kajiya; the AABB test of the seeds, with division by zero handled).
RayHit raycast(const Aabb& box, Vec3 origin, Vec3 direction, double maxDistance);
RayHit raycast(const Obb& box, Vec3 origin, Vec3 direction, double maxDistance);
/// The slab method over the k/2 slabs (Cyrus-Beck clipping).
RayHit raycast(const Kdop& kdop, Vec3 origin, Vec3 direction, double maxDistance);
/// Watertight (Woop, Benthin & Wald 2013, "Watertight Ray/Triangle Intersection"): the edge tests
/// are exact sign tests of the same numbers for every triangle sharing an edge, and a ray through
/// a shared edge or vertex hits exactly one of the triangles around it (an edge function of zero
/// counts as inside only on the edges a fixed rule gives the triangle, as rasterizers' top-left
/// rule does). Either side faces the ray; the normal is the one facing it. A ray in the
/// triangle's plane hits it where it first meets an edge.
RayHit raycast(const Triangle& t, Vec3 origin, Vec3 direction, double maxDistance);
RayHit raycast(const Volume& v, Vec3 origin, Vec3 direction, double maxDistance);

/// The segment from p to q; distance is measured from p. A zero-length segment is a point test.
RayHit segmentCast(const Volume& v, Vec3 p, Vec3 q);

}  // namespace sepaxis
