#include "sepaxis/error.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "validate.h"

namespace sepaxis {

std::string formatNumber(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return "0";
  // The shortest digits that read back to the same double, laid out as JavaScript prints
  // numbers: fixed notation for 1e-7 < |value| < 1e21, otherwise d.ddde+x / d.ddde-x.
  char buffer[40];
  int precision = 1;
  for (; precision < 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*e", precision - 1, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  std::snprintf(buffer, sizeof buffer, "%.*e", precision - 1, value);
  const std::string text = buffer;
  const bool negative = text[0] == '-';
  const size_t e = text.find('e');
  std::string digits;
  for (size_t i = negative ? 1 : 0; i < e; ++i)
    if (text[i] != '.') digits += text[i];
  const int exponent = std::atoi(text.c_str() + e + 1);
  std::string out = negative ? "-" : "";
  if (exponent >= 21 || exponent < -6) {
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    out += std::string("e") + (exponent >= 0 ? "+" : "-") + std::to_string(std::abs(exponent));
  } else if (exponent < 0) {
    out += "0." + std::string(size_t(-exponent - 1), '0') + digits;
  } else if (size_t(exponent) + 1 >= digits.size()) {
    out += digits + std::string(size_t(exponent) + 1 - digits.size(), '0');
  } else {
    out += digits.substr(0, size_t(exponent) + 1) + "." + digits.substr(size_t(exponent) + 1);
  }
  return out;
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
