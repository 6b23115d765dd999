#include "sepaxis/sphere.h"

#include "validate.h"

namespace sepaxis {

Expected<Sphere> makeSphere(Vec3 center, double radius) {
  if (auto e = detail::checkFinite("sphere.center", center)) return *e;
  if (auto e = detail::checkNonNegative("sphere.radius", radius)) return *e;
  return Sphere{center, radius};
}

}  // namespace sepaxis
