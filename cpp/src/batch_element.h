#pragma once
// One element of a batch (batch.h's structure-of-arrays layout): its numbers, the volume they make
// (validated by the validators of sepaxis/validate.h, without allocating), and the exact tests of one pair, which
// decide every pair the SIMD steps (batch_lanes.h, box_lanes.h) hand back.

#include <cstddef>
#include <cstdint>

#include "platform.h"
#include "sepaxis/batch.h"
#include "sepaxis/overlap.h"
#include "sepaxis/validate.h"

namespace sepaxis::batch_detail {

inline double field(const BatchLayout& l, int f, size_t i) {
  const size_t at = size_t(f) * l.stride + i;
  return l.precision == Precision::Float32 ? double(static_cast<const float*>(l.data)[at])
                                           : static_cast<const double*>(l.data)[at];
}
inline Vec3 vec(const BatchLayout& l, int f, size_t i) {
  return {field(l, f, i), field(l, f + 1, i), field(l, f + 2, i)};
}

// Loads element i without allocating; false when it is invalid. Out of line: each is called from
// every generic pair loop and fallback of its type (batch.cpp instantiates sixteen), where a copy
// of its field reads (a precision branch each) and validation per caller cost the download kBs,
// and one call per element costs nothing beside the exact test it feeds.
using namespace batch_field;

SEPAXIS_NOINLINE inline bool load(const BatchLayout& l, size_t i, Sphere& s) {
  s = {vec(l, kSphereCenter, i), field(l, kSphereRadius, i)};
  return isValidSphere(s.center, s.radius);
}
SEPAXIS_NOINLINE inline bool load(const BatchLayout& l, size_t i, Aabb& box) {
  box = {vec(l, kAabbMin, i), vec(l, kAabbMax, i)};
  return isValidAabb(box.min, box.max);
}
SEPAXIS_NOINLINE inline bool load(const BatchLayout& l, size_t i, Obb& box) {
  const Vec3 axes[3] = {vec(l, kObbAxes, i), vec(l, kObbAxes + 3, i), vec(l, kObbAxes + 6, i)};
  return tryMakeObb(vec(l, kObbCenter, i), axes, vec(l, kObbHalfExtents, i), box);
}
SEPAXIS_NOINLINE inline bool load(const BatchLayout& l, size_t i, Kdop& kdop) {
  const int n = l.k / 2;
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int j = 0; j < n; ++j) lo[j] = field(l, kdopMin(l.k, j), i), hi[j] = field(l, kdopMax(l.k, j), i);
  return tryMakeKdop(l.k, lo, hi, n, kdop);
}

// The exact single-pair tests, also used for the lanes the SIMD loops hand back.
template <class T>
uint8_t spherePair(const T* const a[4], const T* const b[4], size_t i) {
  const Sphere sa{{a[kSphereCenter][i], a[kSphereCenter + 1][i], a[kSphereCenter + 2][i]}, a[kSphereRadius][i]};
  const Sphere sb{{b[kSphereCenter][i], b[kSphereCenter + 1][i], b[kSphereCenter + 2][i]}, b[kSphereRadius][i]};
  return isValidSphere(sa.center, sa.radius) && isValidSphere(sb.center, sb.radius) ? uint8_t(overlaps(sa, sb))
                                                                                    : kBatchInvalid;
}

template <class T>
uint8_t aabbPair(const T* const a[6], const T* const b[6], size_t i) {
  auto at = [i](const T* const* p, int f) { return Vec3{p[f][i], p[f + 1][i], p[f + 2][i]}; };
  const Vec3 a0 = at(a, kAabbMin), a1 = at(a, kAabbMax), b0 = at(b, kAabbMin), b1 = at(b, kAabbMax);
  if (!isValidAabb(a0, a1) || !isValidAabb(b0, b1)) return kBatchInvalid;
  return uint8_t(overlaps(Aabb{a0, a1}, Aabb{b0, b1}));
}

template <class T, int N>
void fieldPointers(const BatchLayout& l, const T* (&p)[N]) {
  for (int f = 0; f < N; ++f) p[f] = static_cast<const T*>(l.data) + size_t(f) * l.stride;
}

// The exact test of pair i, for the pairs SIMD lanes decline: rare, and out of line so that the
// lanes' loops stay as small as the lanes themselves (inlined, it bloats the box batches' loops).
template <class A, class B>
SEPAXIS_NOINLINE uint8_t genericPair(const BatchLayout& a, const BatchLayout& b, size_t i) {
  A x;
  B y;
  if (!load(a, i, x) || !load(b, i, y)) return kBatchInvalid;
  return overlaps(x, y);
}

}  // namespace sepaxis::batch_detail
