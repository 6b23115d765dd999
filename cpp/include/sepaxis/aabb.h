#pragma once
/// Axis-aligned box {min, max} (closed). Zero widths (flat boxes, points) are valid.
/// The thesis in the seeds names three equivalent representations; all three construct one.

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis {

struct Aabb {
  Vec3 min;
  Vec3 max;
};

/// Checks finiteness and min <= max on every axis.
Expected<Aabb> makeAabb(Vec3 min, Vec3 max);
/// From the centre and half-extents (each >= 0).
Expected<Aabb> makeAabbFromCenter(Vec3 center, Vec3 halfExtents);
/// From the minimum corner and the widths along x, y, z (each >= 0).
Expected<Aabb> makeAabbFromMinWidths(Vec3 min, Vec3 widths);

inline Vec3 center(const Aabb& box) { return (box.min + box.max) * 0.5; }
inline Vec3 halfExtents(const Aabb& box) { return (box.max - box.min) * 0.5; }

}  // namespace sepaxis
