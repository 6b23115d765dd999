#pragma once
// A World body's padded bounds: the box the body store keeps around each world volume and the
// broad phase (world_grid.h) reads, whatever way it sorts them. Apart from both, so that the
// broad phase can be replaced without touching the store.

#include "sepaxis/tolerance.h"
#include "sepaxis/vec3.h"

#include "lanes.h"
#include "platform.h"

namespace sepaxis::detail {

/// The padded world bounds of a body (tolerance::kWorldBoundsPad): a box the exact tests never
/// see beyond.
struct Bounds {
  Vec3 min, max;
};

/// How far padded() widens a box of this magnitude (largest |coordinate|) and width (widest
/// extent) on every side (tolerance::kWorldBoundsPad).
inline double padOf(double magnitude, double width) {
  return tolerance::kWorldBoundsPad * (magnitude + width) + tolerance::kWorldBoundsTinyPad;
}
/// The padded box around a box of a volume.
inline Bounds padded(Vec3 lo, Vec3 hi) {
  const double pad = padOf(maxComponent(max(abs(lo), abs(hi))), maxComponent(hi - lo));
  const Vec3 p{pad, pad, pad};
  return {lo - p, hi + p};
}

#if SEPAXIS_LANES
// ---- A box as the lanes hold it: its two bounds along each axis in one register, (lo, hi).

/// maxComponent(hi - lo) and maxComponent(max(abs(lo), abs(hi))) of the box whose bounds along
/// x are x's lanes (lo, hi), and so on. Maxima of numbers that are not NaN: the same in any order
/// (but for the sign of a zero width, which the pad adds to a magnitude >= 0 without a trace).
SEPAXIS_ALWAYS_INLINE void widthAndMagnitude(v128_t x, v128_t y, v128_t z, double& width, double& magnitude) {
  const v128_t wXY = wasm_f64x2_sub(wasm_i64x2_shuffle(x, y, 1, 3), wasm_i64x2_shuffle(x, y, 0, 2));
  const v128_t wZ = wasm_f64x2_sub(wasm_i64x2_shuffle(z, z, 1, 3), z);
  width = greater(greater(wasm_f64x2_extract_lane(wXY, 0), wasm_f64x2_extract_lane(wXY, 1)),
                  wasm_f64x2_extract_lane(wZ, 0));
  const v128_t m = wasm_f64x2_pmax(wasm_f64x2_pmax(wasm_f64x2_abs(x), wasm_f64x2_abs(y)), wasm_f64x2_abs(z));
  magnitude = greater(wasm_f64x2_extract_lane(m, 0), wasm_f64x2_extract_lane(m, 1));
}

static_assert(sizeof(Bounds) == 6 * sizeof(double), "min.x min.y min.z max.x max.y max.z");

/// Stores the box whose bounds along x are x's lanes, and so on, as a Bounds (through bytes, in
/// its layout).
SEPAXIS_ALWAYS_INLINE void storeBounds(Bounds& to, v128_t x, v128_t y, v128_t z) {
  unsigned char* const bytes = reinterpret_cast<unsigned char*>(&to);
  wasm_v128_store(bytes, wasm_i64x2_shuffle(x, y, 0, 2));
  wasm_v128_store(bytes + 16, wasm_i64x2_shuffle(z, x, 0, 3));
  wasm_v128_store(bytes + 32, wasm_i64x2_shuffle(y, z, 1, 3));
}

/// A Bounds loaded into the lanes as storeBounds stores them.
SEPAXIS_ALWAYS_INLINE void loadBounds(const Bounds& from, v128_t& x, v128_t& y, v128_t& z) {
  const unsigned char* const bytes = reinterpret_cast<const unsigned char*>(&from);
  const v128_t minXY = wasm_v128_load(bytes), minZMaxX = wasm_v128_load(bytes + 16), maxYZ = wasm_v128_load(bytes + 32);
  x = wasm_i64x2_shuffle(minXY, minZMaxX, 0, 3);
  y = wasm_i64x2_shuffle(minXY, maxYZ, 1, 2);
  z = wasm_i64x2_shuffle(minZMaxX, maxYZ, 0, 3);
}
#endif

}  // namespace sepaxis::detail
