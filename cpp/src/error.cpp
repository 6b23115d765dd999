#include "sepaxis/error.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "sepaxis/tolerance.h"

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

}  // namespace detail

// The messages of the validators' problems, word for word those the make* functions give (the C++
// and JavaScript tests assert them).
Error toError(const Problem& p) {
  const std::string field = p.index < 0 ? p.field : detail::indexed(p.field, p.index);
  auto error = [&](const std::string& rule, const std::string& what = "") {
    return detail::makeError(p.code, field, p.value, rule, what);
  };
  switch (p.code) {
    case ErrorCode::NotFinite: return error("finite");
    case ErrorCode::Negative: return error(">= 0");
    case ErrorCode::MinAboveMax: {
      // The field is "<volume>.min"; the bound is the same element of "<volume>.max".
      const std::string max = std::string(p.field, std::strlen(p.field) - 3) + "max";
      return error("<= " + detail::indexed(max, p.index) + " (" + formatNumber(p.other) + ")");
    }
    case ErrorCode::NotOrthonormal:
      if (p.other < 0) return error("unit length within " + formatNumber(tolerance::kOrthonormal), "length");
      return error("perpendicular to " + detail::indexed("obb.axes", int(p.other)) + " within " +
                       formatNumber(tolerance::kOrthonormal),
                   "dot product");
    case ErrorCode::NotUnit:
      return error("a unit quaternion within " + formatNumber(tolerance::kUnitQuaternion), "length");
    case ErrorCode::UnknownK: return error("one of 6, 8, 14, 18, 26");
    case ErrorCode::WrongLength:
      return error("an array of k/2 = " + std::to_string(int(p.other)) + " numbers", "length");
    case ErrorCode::Inconsistent: return error("as its make* function builds it");
    case ErrorCode::UnknownBody: return error("a body of this world");
    case ErrorCode::WorldFull: return error("below the world's body limit");
    case ErrorCode::DuplicateBody: return error("named once in a call");
    case ErrorCode::OutOfRange: return error("in range");
    case ErrorCode::Unsupported: return error("a type this call takes");
    case ErrorCode::EmptyIntersection:
      if (p.other == 1)
        return Error{p.code, field, p.value,
                     "kdop is empty or reaches beyond the largest double (1.8e308): its corners, relative to its "
                     "middle, cannot be represented"};
      return Error{p.code, field, p.value,
                   "kdop slabs have an empty intersection: no point x satisfies min[i] <= d_i . x <= max[i] "
                   "for every i (the ranges contradict each other)"};
  }
  return error("valid");
}

}  // namespace sepaxis
