#pragma once
// Shared building blocks of the make* functions: each check returns the Error it found, if any,
// with the field named the way the JSON interchange format names it ("obb.halfExtents[1]").

#include <optional>
#include <string>

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis::detail {

std::string indexed(const std::string& field, int i);

std::optional<Error> checkFinite(const std::string& field, double value);
std::optional<Error> checkFinite(const std::string& field, Vec3 value);
std::optional<Error> checkNonNegative(const std::string& field, double value);
std::optional<Error> checkNonNegative(const std::string& field, Vec3 value);

/// "<field> must be <rule>, got [<what> ]<value>".
Error makeError(ErrorCode code, const std::string& field, double value, const std::string& rule,
                const std::string& what = "");

}  // namespace sepaxis::detail
