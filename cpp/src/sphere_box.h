#pragma once
// The steps of the sphere-box test, written once for every lane type (lanes.h): the exact scalar
// test (sphere_axes.h, closest.h) and the f64 lanes of the batches (batch_lanes.h for AABBs,
// batch_boxes.cpp for OBBs) run these same operations, so a lane decides as a single call does.
//
// A box's face axis i: the sphere (centre projecting to c, radius r) covers [c - r, c + r], the box
// [lo, hi] about a point of its own (an AABB's centre, an OBB's centre). Then the closest point:
// the offset of the sphere's centre from it, summed from each axis's excess beyond [lo, hi].

#include "lanes.h"

namespace sepaxis::detail {

/// Face step: the sphere's interval [c - r, c + r] lies wholly beyond the box's [lo, hi].
template <class V>
lanes::Mask<V> sphereFaceSeparates(V c, V r, V lo, V hi) {
  return (c - r > hi) | (lo > c + r);
}

/// t - lo below lo, t - hi above hi, 0 within: the part of t outside [lo, hi].
template <class V>
V excessBeyond(V t, V lo, V hi) {
  const lanes::Mask<V> below = t<lo, above = t> hi;
  return lanes::select(below, t - lo, lanes::where(above, t - hi));
}

/// d . u, in this order of terms (the OBB's projections of the sphere's centre offset); d and u
/// are anything indexed 0..2 with numbers V: arrays of lanes, or Vec3.
template <class Vec>
auto dot3(const Vec& d, const Vec& u) {
  return d[0] * u[0] + d[1] * u[1] + d[2] * u[2];
}

/// An OBB's face i about its centre reaches +-e_i (u_i . u_i), as Polytope::project computes it.
template <class V, class Vec>
V obbFaceReach(const Vec& u, V halfExtent) {
  return lanes::abs(halfExtent * dot3(u, u));
}

}  // namespace sepaxis::detail
