#pragma once
// One element of a batch (batch.h's structure-of-arrays layout): its numbers, the volume they make
// (validated like the make* functions, without allocating), and the exact tests of one pair, which
// decide every pair the SIMD steps (batch_lanes.h, box_lanes.h) hand back.

#include <cstddef>
#include <cstdint>

#include "sepaxis/batch.h"
#include "sepaxis/overlap.h"

namespace sepaxis::batch_detail {

inline double field(const BatchLayout& l, int f, size_t i) {
  const size_t at = size_t(f) * l.stride + i;
  return l.precision == Precision::Float32 ? double(static_cast<const float*>(l.data)[at])
                                           : static_cast<const double*>(l.data)[at];
}
inline Vec3 vec(const BatchLayout& l, int f, size_t i) { return {field(l, f, i), field(l, f + 1, i), field(l, f + 2, i)}; }

// Loads element i without allocating; false when it is invalid.
inline bool load(const BatchLayout& l, size_t i, Sphere& s) {
  s = {vec(l, 0, i), field(l, 3, i)};
  return isFinite(s.center) && s.radius >= 0 && isFinite(s.radius);
}
inline bool load(const BatchLayout& l, size_t i, Aabb& box) {
  box = {vec(l, 0, i), vec(l, 3, i)};
  return isFinite(box.min) && isFinite(box.max) && box.min.x <= box.max.x && box.min.y <= box.max.y &&
         box.min.z <= box.max.z;
}
inline bool load(const BatchLayout& l, size_t i, Obb& box) {
  const Vec3 axes[3] = {vec(l, 3, i), vec(l, 6, i), vec(l, 9, i)};
  return tryMakeObb(vec(l, 0, i), axes, vec(l, 12, i), box);
}
inline bool load(const BatchLayout& l, size_t i, Kdop& kdop) {
  const int n = l.k / 2;
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int f = 0; f < n; ++f) lo[f] = field(l, f, i), hi[f] = field(l, n + f, i);
  return tryMakeKdop(l.k, lo, hi, n, kdop);
}

inline bool finite(double x) { return x - x == 0; }  // false exactly for NaN and infinities


// The exact single-pair tests, also used for the lanes the SIMD loops hand back.
template <class T>
uint8_t spherePair(const T* const a[4], const T* const b[4], size_t i) {
  const double ax = a[0][i], ay = a[1][i], az = a[2][i], ar = a[3][i];
  const double bx = b[0][i], by = b[1][i], bz = b[2][i], br = b[3][i];
  const bool ok = ar >= 0 && br >= 0 && finite(ax) && finite(ay) && finite(az) && finite(ar) && finite(bx) &&
                  finite(by) && finite(bz) && finite(br);
  return ok ? uint8_t(overlaps(Sphere{{ax, ay, az}, ar}, Sphere{{bx, by, bz}, br})) : kBatchInvalid;
}

template <class T>
uint8_t aabbPair(const T* const a[6], const T* const b[6], size_t i) {
  bool ok = true, overlap = true;
  for (int c = 0; c < 3; ++c) {
    const double a0 = a[c][i], a1 = a[c + 3][i], b0 = b[c][i], b1 = b[c + 3][i];
    ok = ok && a0 <= a1 && b0 <= b1 && finite(a0) && finite(a1) && finite(b0) && finite(b1);
    overlap = overlap && a0 <= b1 && b0 <= a1;
  }
  return ok ? uint8_t(overlap) : kBatchInvalid;
}

template <class T, int N>
void fieldPointers(const BatchLayout& l, const T* (&p)[N]) {
  for (int f = 0; f < N; ++f) p[f] = static_cast<const T*>(l.data) + size_t(f) * l.stride;
}

template <class A, class B>
uint8_t genericPair(const BatchLayout& a, const BatchLayout& b, size_t i) {
  A x;
  B y;
  if (!load(a, i, x) || !load(b, i, y)) return kBatchInvalid;
  return overlaps(x, y);
}

}  // namespace sepaxis::batch_detail
