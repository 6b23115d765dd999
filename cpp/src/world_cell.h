#pragma once
// The levels of the World's hierarchical grid (Ericson, Real-Time Collision Detection, 7.1.6),
// and the arithmetic of its cells.
//
// Level L cuts space into cells of side h = 2^L (world_grid.h uses their y-z faces: columns). A
// body's level is the smallest whose cells are longer than its widest extent (and no finer than
// 2^-30 of its coordinates' magnitude, so that its cell indices fit in 32 bits): it crosses at
// most two cells along each axis there and at every coarser level.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "sepaxis/vec3.h"

#include "lanes.h"
#include "world_bounds.h"

namespace sepaxis::detail {

/// A body's box as the broad phase keeps it: floats (toFloat), half the bytes of doubles.
struct FloatBox {
  float minX, maxX, minY, maxY, minZ, maxZ;
};

/// The columns (world_grid.h) a box crosses at a level: y0..y1 by z0..z1.
struct ColumnRange {
  int32_t y0, y1, z0, z1;
};

/// x as a float, clamped to the floats' range. The map is monotone (a <= b gives toFloat(a) <=
/// toFloat(b)), so two float boxes compare as their double boxes do wherever those overlap: no
/// pair is lost, and the few that only the floats see meet are the narrow phase's.
inline constexpr double kMaxFloat = double(std::numeric_limits<float>::max());
inline float toFloat(double x) { return float(lesser(greater(x, -kMaxFloat), kMaxFloat)); }

/// toFloat of each bound.
inline FloatBox toFloatBox(const Bounds& b) {
  // Within the floats' range (nearly always) the clamps change nothing: one test for the six.
  if (maxComponent(max(abs(b.min), abs(b.max))) <= kMaxFloat)
    return {float(b.min.x), float(b.max.x), float(b.min.y), float(b.max.y), float(b.min.z), float(b.max.z)};
  return {toFloat(b.min.x), toFloat(b.max.x), toFloat(b.min.y), toFloat(b.max.y), toFloat(b.min.z), toFloat(b.max.z)};
}

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

/// The cell index of a coordinate that may lie anywhere (even infinite): clamped to a little
/// beyond where bodies' cells can be (|index| < 2^30). The clamp is monotone, so a range of
/// indices computed with it still holds every body's cell it held before.
inline int32_t clampedCellIndex(double c, double inverseSide) {
  constexpr double kLimit = double(int32_t{1} << kCellMagnitudeBits) + 2;
  const double q = c * inverseSide;
  return floorToInt(q < -kLimit ? -kLimit : q > kLimit ? kLimit : q);
}

/// 2^-level, exactly: the exponent field written directly (level is within the normal range).
inline double inverseCellSide(int level) {
  const uint64_t bits = uint64_t(1023 - level) << 52;
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

/// An e with x < 2^e, for finite x >= 0: the smallest for normal x (read from the exponent field,
/// not a call to frexp), -1021 for subnormal x and 0 (a coarser cell is always safe). Monotone.
inline int exponentAbove(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int biased = int((bits >> 52) & 0x7ff);
  return (biased > 0 ? biased : 1) - 1022;
}

/// The level of a body whose padded bounds are this wide (their widest extent) and of this
/// magnitude (their largest |coordinate|).
inline int32_t levelOf(double width, double magnitude) {
  // The least level L with 2^L > 1.0000001 * width (the margin keeps "side > width" true whatever
  // rounding width carries) and 2^(L + kCellMagnitudeBits) > magnitude, within the levels: the
  // exponent above the larger of the two bounds on 2^L (exponentAbove is monotone, and scaling
  // by a power of two shifts it, exactly, where it matters: below 2^-992 the scaled magnitude
  // asks for a level under kMinLevel either way).
  constexpr double kMagnitudeScale = 1.0 / double(int64_t{1} << kCellMagnitudeBits);
  const int e = exponentAbove(greater(1.0000001 * width, magnitude * kMagnitudeScale));
  return e < kMinLevel ? kMinLevel : e > kMaxLevel ? kMaxLevel : e;
}
/// The level of a body with these padded bounds.
inline int32_t levelOf(const Bounds& b) {
  return levelOf(maxComponent(b.max - b.min), maxComponent(max(abs(b.min), abs(b.max))));
}

#if SEPAXIS_LANES
// ---- The same, two numbers at a time: a box's two bounds along one axis in one register (the
// grid computes these for every body of every build).

/// toFloat of both lanes, as floats in lanes 0 and 1. Its clamps change nothing where both
/// lanes are known to lie within the floats' range (inRange).
inline v128_t toFloats(v128_t x, bool inRange) {
  const v128_t limit = wasm_f64x2_splat(kMaxFloat);
  // pmax and pmin are greater and lesser (lanes.h).
  if (!inRange) x = wasm_f64x2_pmin(wasm_f64x2_pmax(x, wasm_f64x2_neg(limit)), limit);
  return wasm_f32x4_demote_f64x2_zero(x);
}

/// cellIndex of both lanes, as int32 in lanes 0 and 1, for |c * inverseSide| < 2^31.
inline v128_t cellIndices(v128_t c, double inverseSide) {
  const v128_t q = wasm_f64x2_mul(c, wasm_f64x2_splat(inverseSide));
#if defined(__wasm_simd128__)
  // The integer floor(q) as int32 without a conversion (V8 11.3 turns i32x4.trunc_sat_f64x2_s_zero
  // into four guarded scalar ones): f + 1.5 * 2^52 is exact and in [2^52, 2^53), where the step is 1, so its low 32
  // bits are those of 2^51 + f: f's, two's complement.
  const v128_t shifted = wasm_f64x2_add(wasm_f64x2_floor(q), wasm_f64x2_splat(6755399441055744.0));
  return wasm_i32x4_shuffle(shifted, shifted, 0, 2, 0, 2);
#else
  // floorToInt (SSE2 has no floor; its conversion is one instruction): the truncation, less one
  // where it lies above q.
  const v128_t t = wasm_f64x2_convert_low_i32x4(wasm_i32x4_trunc_sat_f64x2_zero(q));
  const v128_t floor = wasm_f64x2_add(t, wasm_v128_and(wasm_f64x2_gt(t, q), wasm_f64x2_splat(-1.0)));
  return wasm_i32x4_trunc_sat_f64x2_zero(floor);
#endif
}
#endif

}  // namespace sepaxis::detail
