#pragma once
/// Any of the four volumes, for code that handles them alike (reports, bindings, scenes).

#include <variant>

#include "sepaxis/aabb.h"
#include "sepaxis/kdop.h"
#include "sepaxis/obb.h"
#include "sepaxis/sphere.h"

namespace sepaxis {

using Volume = std::variant<Sphere, Aabb, Obb, Kdop>;

/// "sphere", "aabb", "obb" or "kdop": the names of the JSON interchange format.
const char* typeName(const Volume& volume);

}  // namespace sepaxis
