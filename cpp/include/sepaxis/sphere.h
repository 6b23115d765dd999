#pragma once
/// Sphere: every point within `radius` of `center` (closed). A zero radius is a point.

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis {

struct Sphere {
  Vec3 center;
  double radius = 0;
};

/// Checks finiteness and radius >= 0.
Expected<Sphere> makeSphere(Vec3 center, double radius);

}  // namespace sepaxis
