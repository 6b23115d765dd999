#include "sepaxis/error.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "validate.h"

namespace sepaxis {

std::string formatNumber(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  // The shortest precision that reads back to the same double, as JavaScript prints numbers.
  char buffer[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  return buffer;
}

namespace detail {

std::string indexed(const std::string& field, int i) { return field + "[" + std::to_string(i) + "]"; }

Error makeError(ErrorCode code, const std::string& field, double value, const std::string& rule,
                const std::string& what) {
  const std::string got = what.empty() ? formatNumber(value) : what + " " + formatNumber(value);
  return Error{code, field, value, field + " must be " + rule + ", got " + got};
}

std::optional<Error> checkFinite(const std::string& field, double value) {
  if (std::isfinite(value)) return std::nullopt;
  return makeError(ErrorCode::NotFinite, field, value, "finite");
}

std::optional<Error> checkFinite(const std::string& field, Vec3 value) {
  for (int i = 0; i < 3; ++i)
    if (auto e = checkFinite(indexed(field, i), value[i])) return e;
  return std::nullopt;
}

std::optional<Error> checkNonNegative(const std::string& field, double value) {
  if (auto e = checkFinite(field, value)) return e;
  if (value >= 0) return std::nullopt;
  return makeError(ErrorCode::Negative, field, value, ">= 0");
}

std::optional<Error> checkNonNegative(const std::string& field, Vec3 value) {
  for (int i = 0; i < 3; ++i)
    if (auto e = checkNonNegative(indexed(field, i), value[i])) return e;
  return std::nullopt;
}

}  // namespace detail
}  // namespace sepaxis
