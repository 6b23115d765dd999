#pragma once
// Infinity, named once: the open end of a time interval on an axis the motion never crosses
// (sweep_axes.h), and the start value of a search for the smallest depth (report.cpp).

#include <limits>

namespace sepaxis {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

}  // namespace sepaxis
