#include "sepaxis/triangle.h"

#include <cmath>

#include "validate.h"

namespace sepaxis {

namespace detail {

// isValidTriangle said no: the first coordinate that is not finite, corner by corner.
Problem triangleProblem(Vec3 a, Vec3 b, Vec3 c) {
  if (Problem p = finiteProblem("triangle.vertices[0]", a)) return p;
  if (Problem p = finiteProblem("triangle.vertices[1]", b)) return p;
  return finiteProblem("triangle.vertices[2]", c);
}

Error triangleUnsupported(const std::string& call, const std::string& argument) {
  return Error{ErrorCode::Unsupported, argument, std::nan(""),
               call + " does not take triangles yet: " + argument + " is a triangle"};
}

}  // namespace detail

Expected<Triangle> makeTriangle(Vec3 a, Vec3 b, Vec3 c) {
  if (Problem p = validateTriangle(a, b, c)) return toError(p);
  return Triangle{a, b, c};
}

}  // namespace sepaxis
