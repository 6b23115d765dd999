#pragma once
/// Any of the five volumes, for code that handles them alike (reports, bindings, scenes).

#include <variant>

#include "sepaxis/aabb.h"
#include "sepaxis/kdop.h"
#include "sepaxis/obb.h"
#include "sepaxis/sphere.h"
#include "sepaxis/triangle.h"

namespace sepaxis {

#if defined(SEPAXIS_VOLUME_WITHOUT_TRIANGLE)
// A build of the core for a module whose bytes count (the demo element's first load,
// cpp/bindings/CMakeLists.txt) leaves triangles out of Volume: every visit of a Volume then
// instantiates 16 pairs instead of 25. The Triangle type and its own functions stay.
using Volume = std::variant<Sphere, Aabb, Obb, Kdop>;
#else
using Volume = std::variant<Sphere, Aabb, Obb, Kdop, Triangle>;
#endif

/// True when v holds a triangle (never in a build without triangle volumes).
inline bool isTriangle(const Volume& v) {
#if defined(SEPAXIS_VOLUME_WITHOUT_TRIANGLE)
  (void)v;
  return false;
#else
  return std::holds_alternative<Triangle>(v);
#endif
}

/// "sphere", "aabb", "obb", "kdop" or "triangle": the names of the JSON interchange format.
const char* typeName(const Volume& volume);

/// The volume enclosed (cubic length units): 4/3 pi r^3, the product of the widths, and for a k-DOP
/// the divergence theorem over the faces of its polytope. Exact up to rounding (a few ulps; a
/// k-DOP's ~1e-14 of its extent cubed); zero for flat volumes and points, infinity past the largest
/// double.
double volumeOf(const Volume& volume);

}  // namespace sepaxis
