#pragma once
// The cells of the World's hierarchical grid (Ericson, Real-Time Collision Detection, 7.1.6).
//
// Level L has cubic cells of side h = 2^L. A body lives at the smallest level whose cells are
// longer than its widest extent (and no finer than 2^-30 of its coordinates' magnitude, so that
// its cell indices fit in 32 bits), in the one cell holding the min corner of its padded box.
//
// Why three neighbours per axis suffice: for boxes A and B that overlap, with widths below h,
// |A.min - B.min| < h on each axis (B.min lies in [A.min - widthB, A.max]), so the scaled
// corners differ by less than 1 and their cells (floors) by at most 1. Scaling by 2^-L is exact,
// so this holds for the computed indices too. A body searching a coarser level L' > L is smaller
// still (width < h'/2): B.min lies in [A.min - h', A.min + h'/2], and the same holds there.

#include <cmath>
#include <cstdint>
#include <cstring>

#include "sepaxis/vec3.h"

namespace sepaxis::detail {

/// The padded world bounds of a body (tolerance::kWorldBoundsPad): a box the exact tests never
/// see beyond.
struct Bounds {
  Vec3 min, max;
};

/// A grid cell: the level's cell size is 2^level; x, y, z index the cell of a box's min corner.
struct Cell {
  int32_t x, y, z, level;
};

/// Levels stay within these, where 2^-level is a normal double (scaling by it is exact). Bounds
/// within tolerance::kWorldMaxCoordinate (2^990) never need a level above 992.
inline constexpr int kMinLevel = -1000;
inline constexpr int kMaxLevel = 1000;
/// Cells are no finer than 2^-kCellMagnitudeBits of a body's magnitude: indices below 2^30.
inline constexpr int kCellMagnitudeBits = 30;

/// floor(q) for |q| < 2^31 (a comparison instead of a call to floor on baseline x86-64).
inline int32_t floorToInt(double q) {
  const int32_t t = int32_t(q);
  return t > q ? t - 1 : t;
}

/// The cell index of coordinate c at the level whose cells are 1 / inverseSide long.
inline int32_t cellIndex(double c, double inverseSide) { return floorToInt(c * inverseSide); }

/// 2^-level, exactly: the exponent field written directly (level is within the normal range).
inline double inverseCellSide(int level) {
  const uint64_t bits = uint64_t(1023 - level) << 52;
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

/// An e with x < 2^e, for finite x > 0: the smallest for normal x (read from the exponent field,
/// not a call to frexp), -1021 for subnormal x (a coarser cell is always safe).
inline int exponentAbove(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int biased = int((bits >> 52) & 0x7ff);
  return (biased > 0 ? biased : 1) - 1022;
}

/// The level and cell of a body with these padded bounds.
inline Cell cellOf(const Bounds& b) {
  const double width = maxComponent(b.max - b.min);
  const double magnitude = maxComponent(max(abs(b.min), abs(b.max)));
  int level = kMinLevel;
  if (width > 0) {
    // 2^e > 1.0000001 * width: the margin keeps "side > width" true whatever rounding width
    // carries.
    const int e = exponentAbove(1.0000001 * width);
    level = e > level ? e : level;
  }
  if (magnitude > 0) {
    const int e = exponentAbove(magnitude);  // magnitude < 2^e
    level = e - kCellMagnitudeBits > level ? e - kCellMagnitudeBits : level;
  }
  level = level > kMaxLevel ? kMaxLevel : level;
  const double inverse = inverseCellSide(level);
  return {cellIndex(b.min.x, inverse), cellIndex(b.min.y, inverse), cellIndex(b.min.z, inverse), level};
}

}  // namespace sepaxis::detail
