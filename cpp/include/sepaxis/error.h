#pragma once
/// Validation errors: every bad input names the field and the value that broke the rule.

#include <string>
#include <utility>
#include <variant>

namespace sepaxis {

enum class ErrorCode {
  NotFinite,          ///< NaN or +/-Infinity
  Negative,           ///< a size below zero (radius, half-extent, width), or a scale not above zero
  MinAboveMax,        ///< min[i] > max[i]
  NotOrthonormal,     ///< OBB axes farther from orthonormal than tolerance::kOrthonormal
  NotUnit,            ///< a quaternion farther from unit length than tolerance::kUnitQuaternion
  UnknownK,           ///< k-DOP k not in {6, 8, 14, 18, 26}
  WrongLength,        ///< an array with the wrong number of entries
  EmptyIntersection,  ///< k-DOP slabs that no point satisfies
  Inconsistent,       ///< derived fields (a k-DOP's polytope) that its make* function would not give
  UnknownBody,        ///< a World body id that was never issued or whose body was removed
  WorldFull,          ///< a World has issued every body id it can (world.h, kMaxBodies)
  DuplicateBody,      ///< a World body named twice in one setPoses call
  OutOfRange,         ///< a count or index outside what it may be (a mesh's leaf size, a vertex index)
  Unsupported         ///< a volume type a call does not take (a triangle in a sweep, batch or World)
};

struct Error {
  ErrorCode code;
  std::string field;    ///< e.g. "obb.halfExtents[1]"
  double value;         ///< the offending value (NaN when it is not a single number)
  std::string message;  ///< e.g. "obb.halfExtents[1] must be >= 0, got -2"
};

/// Either a value or the first Error found (C++17 has no std::expected).
template <class T>
class Expected {
 public:
  Expected(T value) : state_(std::move(value)) {}      // NOLINT: implicit by design
  Expected(Error error) : state_(std::move(error)) {}  // NOLINT

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const { return std::get<0>(state_); }
  T& value() { return std::get<0>(state_); }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, Error> state_;
};

/// Success, or the Error that made a call change nothing (for calls that return no value).
class Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)), failed_(true) {}  // NOLINT: implicit by design

  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return error_; }

 private:
  Error error_{};
  bool failed_ = false;
};

/// Formats a number the way messages show it: shortest round-trip form ("-2", "0.5", "NaN").
std::string formatNumber(double value);

}  // namespace sepaxis
