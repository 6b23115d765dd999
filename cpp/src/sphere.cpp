#include "sepaxis/sphere.h"

#include "validate.h"

namespace sepaxis {

namespace detail {

// isValidSphere said no: which rule, in the order makeSphere reports them.
Problem sphereProblem(Vec3 center, double radius) {
  if (Problem p = finiteProblem("sphere.center", center)) return p;
  if (Problem p = finiteProblem("sphere.radius", radius)) return p;
  return {ErrorCode::Negative, "sphere.radius", -1, radius};
}

}  // namespace detail

Expected<Sphere> makeSphere(Vec3 center, double radius) {
  if (Problem p = validateSphere(center, radius)) return toError(p);
  return Sphere{center, radius};
}

}  // namespace sepaxis
