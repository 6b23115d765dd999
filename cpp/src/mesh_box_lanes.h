#pragma once
// The squared distances from a point to an AABB tree's boxes that a closest-point descent takes
// (mesh_query.cpp): a pair of sibling nodes at once, and a triangle's own box from its corners'
// floats in leaf order. With SIMD lanes (lanes.h) x and y share an f64x2 and the two siblings'
// z another; without, the same operations one number at a time. Both give the very same
// doubles: every box is of floats widened exactly, each coordinate's excess is
// max(max(lo - p, p - hi), 0) (pmax: a < b ? b : a), and the sum is (x^2 + y^2) + z^2.

#include <cstdint>
#include <limits>

#include "sepaxis/mesh.h"

#include "lanes.h"

namespace sepaxis::detail {

#if SEPAXIS_LANES
namespace box_lanes {
/// Lanes 2 of a and of b (floats) as doubles.
inline v128_t zPair(v128_t a, v128_t b) {
#if defined(__wasm_simd128__)
  return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(a, b, 2, 6, 3, 7));
#else
  return wasm_f64x2_promote_low_f32x4(lanes_detail::i(_mm_unpackhi_ps(lanes_detail::f(a), lanes_detail::f(b))));
#endif
}
/// max(max(lo - p, p - hi), 0) squared, lane by lane.
inline v128_t excessSquared(v128_t lo, v128_t hi, v128_t p) {
  const v128_t out =
      wasm_f64x2_pmax(wasm_f64x2_pmax(wasm_f64x2_sub(lo, p), wasm_f64x2_sub(p, hi)), wasm_f64x2_splat(0.0));
  return wasm_f64x2_mul(out, out);
}
}  // namespace box_lanes
#endif

/// The squared distance from p to a node's box (0 inside). No square root: the descent compares
/// it with the square of the limit grown by the pad, which the pad's margin over rounding allows.
inline double boxDistanceSquared(const MeshBoxNode& box, Vec3 p) {
  double s[3];
  for (int j = 0; j < 3; ++j) {
    const double lo = box.min[j], hi = box.max[j];
    const double out = lanes::max(lanes::max(lo - p[j], p[j] - hi), 0.0);
    s[j] = out * out;
  }
  return (s[0] + s[1]) + s[2];
}

/// The squared distance from p to each of the sibling nodes pair[0] and pair[1] (0 inside).
inline void boxPairDistanceSquared(const MeshBoxNode* pair, Vec3 p, double& first, double& second) {
#if SEPAXIS_LANES
  using namespace box_lanes;
  // Each half of a node (its min and `first`, its max and `count`) is one load; lane 3 unused.
  const auto* bytes = reinterpret_cast<const unsigned char*>(pair);
  const v128_t minA = wasm_v128_load(bytes), maxA = wasm_v128_load(bytes + 16);
  const v128_t minB = wasm_v128_load(bytes + 32), maxB = wasm_v128_load(bytes + 48);
  const v128_t xy = wasm_f64x2_make(p.x, p.y);
  const v128_t a = excessSquared(wasm_f64x2_promote_low_f32x4(minA), wasm_f64x2_promote_low_f32x4(maxA), xy);
  const v128_t b = excessSquared(wasm_f64x2_promote_low_f32x4(minB), wasm_f64x2_promote_low_f32x4(maxB), xy);
  const v128_t z = excessSquared(zPair(minA, minB), zPair(maxA, maxB), wasm_f64x2_splat(p.z));
  const v128_t sum = wasm_f64x2_add(wasm_f64x2_add(wasm_i64x2_shuffle(a, b, 0, 2), wasm_i64x2_shuffle(a, b, 1, 3)), z);
  first = wasm_f64x2_extract_lane(sum, 0), second = wasm_f64x2_extract_lane(sum, 1);
#else
  first = boxDistanceSquared(pair[0], p), second = boxDistanceSquared(pair[1], p);
#endif
}

/// The squared distance from p to the box of the triangle whose corners are the 9 floats at v.
inline double cornerBoxDistanceSquared(const float* v, Vec3 p) {
#if SEPAXIS_LANES
  using namespace box_lanes;
  // a: corners a and b's x; b: b (from 3); c: from 5 (b's z, then c), the last of the 9 read.
  const v128_t a = wasm_v128_load(v), b = wasm_v128_load(v + 3), c5 = wasm_v128_load(v + 5);
#if defined(__wasm_simd128__)
  const v128_t c = wasm_i32x4_shuffle(c5, c5, 1, 2, 3, 3);
#else
  const v128_t c = _mm_shuffle_epi32(c5, _MM_SHUFFLE(3, 3, 2, 1));
#endif
  const v128_t lo = wasm_f32x4_pmin(wasm_f32x4_pmin(a, b), c), hi = wasm_f32x4_pmax(wasm_f32x4_pmax(a, b), c);
  const v128_t xy =
      excessSquared(wasm_f64x2_promote_low_f32x4(lo), wasm_f64x2_promote_low_f32x4(hi), wasm_f64x2_make(p.x, p.y));
  const v128_t z = excessSquared(zPair(lo, lo), zPair(hi, hi), wasm_f64x2_splat(p.z));
  return (wasm_f64x2_extract_lane(xy, 0) + wasm_f64x2_extract_lane(xy, 1)) + wasm_f64x2_extract_lane(z, 0);
#else
  double s[3];
  for (int j = 0; j < 3; ++j) {
    const double lo = lanes::min(lanes::min(v[j], v[3 + j]), v[6 + j]);
    const double hi = lanes::max(lanes::max(v[j], v[3 + j]), v[6 + j]);
    const double out = lanes::max(lanes::max(lo - p[j], p[j] - hi), 0.0);
    s[j] = out * out;
  }
  return (s[0] + s[1]) + s[2];
#endif
}

#if SEPAXIS_LANES
/// Where a ray enters each of the sibling boxes pair[0] and pair[1], grown by `pad`, within
/// [0, limit]; NaN where it does not: the slabs' distances as products with the inverse
/// direction `inverse` (every component finite: no zero component), the lesser and greater of
/// each slab's two, the greatest entry and the least exit, as mesh_query.cpp's boxEntry takes
/// them one box at a time, number for number (without SIMD lanes, boxEntry it is).
inline void boxPairEntry(const MeshBoxNode* pair, const double* origin, const double* inverse, double pad, double limit,
                         double& first, double& second) {
  using namespace box_lanes;
  const auto* bytes = reinterpret_cast<const unsigned char*>(pair);
  const v128_t minA = wasm_v128_load(bytes), maxA = wasm_v128_load(bytes + 16);
  const v128_t minB = wasm_v128_load(bytes + 32), maxB = wasm_v128_load(bytes + 48);
  const v128_t grow = wasm_f64x2_splat(pad);
  const v128_t oxy = wasm_f64x2_make(origin[0], origin[1]), ixy = wasm_f64x2_make(inverse[0], inverse[1]);
  const v128_t oz = wasm_f64x2_splat(origin[2]), iz = wasm_f64x2_splat(inverse[2]);
  // The slab distances of lo and hi along each axis: xy of each box, z of both.
  const auto slabs = [&](v128_t lo, v128_t hi, v128_t o, v128_t i, v128_t& near, v128_t& far) {
    const v128_t t0 = wasm_f64x2_mul(wasm_f64x2_sub(wasm_f64x2_sub(lo, grow), o), i);
    const v128_t t1 = wasm_f64x2_mul(wasm_f64x2_sub(wasm_f64x2_add(hi, grow), o), i);
    near = wasm_f64x2_pmin(t0, t1), far = wasm_f64x2_pmax(t0, t1);
  };
  v128_t nearA, farA, nearB, farB, nearZ, farZ;
  slabs(wasm_f64x2_promote_low_f32x4(minA), wasm_f64x2_promote_low_f32x4(maxA), oxy, ixy, nearA, farA);
  slabs(wasm_f64x2_promote_low_f32x4(minB), wasm_f64x2_promote_low_f32x4(maxB), oxy, ixy, nearB, farB);
  slabs(zPair(minA, minB), zPair(maxA, maxB), oz, iz, nearZ, farZ);
  // Lanes (A, B): x's, then y's, then z's, as boxEntry's loop takes the axes.
  v128_t enter = wasm_f64x2_pmax(wasm_f64x2_splat(0.0), wasm_i64x2_shuffle(nearA, nearB, 0, 2));
  enter = wasm_f64x2_pmax(enter, wasm_i64x2_shuffle(nearA, nearB, 1, 3));
  enter = wasm_f64x2_pmax(enter, nearZ);
  v128_t exit = wasm_f64x2_pmin(wasm_f64x2_splat(limit), wasm_i64x2_shuffle(farA, farB, 0, 2));
  exit = wasm_f64x2_pmin(exit, wasm_i64x2_shuffle(farA, farB, 1, 3));
  exit = wasm_f64x2_pmin(exit, farZ);
  const v128_t entry = wasm_v128_bitselect(enter, wasm_f64x2_splat(std::numeric_limits<double>::quiet_NaN()),
                                           wasm_f64x2_le(enter, exit));
  first = wasm_f64x2_extract_lane(entry, 0), second = wasm_f64x2_extract_lane(entry, 1);
}
#endif

}  // namespace sepaxis::detail
