#pragma once
// Building blocks of the validators (sepaxis/validate.h) and of the other make* functions (fit,
// transform): each names the field the way the JSON interchange format does ("obb.halfExtents[1]").

#include <optional>
#include <string>

#include "sepaxis/error.h"
#include "sepaxis/validate.h"
#include "sepaxis/vec3.h"

namespace sepaxis::detail {

// The first element of `value` that is not finite, or none. Allocation-free, for the validators.
inline Problem finiteProblem(const char* field, Vec3 value) {
  for (int i = 0; i < 3; ++i)
    if (!isFinite(value[i])) return {ErrorCode::NotFinite, field, i, value[i]};
  return {};
}
inline Problem finiteProblem(const char* field, double value) {
  if (!isFinite(value)) return {ErrorCode::NotFinite, field, -1, value};
  return {};
}
// Finite and >= 0, element by element (a NaN is reported as not finite, not as negative).
inline Problem nonNegativeProblem(const char* field, Vec3 value) {
  for (int i = 0; i < 3; ++i) {
    if (!isFinite(value[i])) return {ErrorCode::NotFinite, field, i, value[i]};
    if (!(value[i] >= 0)) return {ErrorCode::Negative, field, i, value[i]};
  }
  return {};
}

std::string indexed(const std::string& field, int i);

/// The error of a call that does not take triangles yet, naming the call and the argument ("sweep",
/// "b"): "sweep does not take triangles yet: b is a triangle".
Error triangleUnsupported(const std::string& call, const std::string& argument);

std::optional<Error> checkFinite(const std::string& field, double value);
std::optional<Error> checkFinite(const std::string& field, Vec3 value);

/// "<field> must be <rule>, got [<what> ]<value>".
Error makeError(ErrorCode code, const std::string& field, double value, const std::string& rule,
                const std::string& what = "");

}  // namespace sepaxis::detail
