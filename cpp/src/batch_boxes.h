#pragma once
// The batch loops of pairs with an OBB (batch_boxes.cpp): a float filter four pairs per step, f64
// lanes two pairs per step for what it leaves, the exact scalar test for the rest.

#include <cstddef>
#include <cstdint>

#include "lanes.h"
#include "sepaxis/batch.h"

namespace sepaxis::batch_detail {

#if SEPAXIS_LANES
/// AABB-OBB (`a` an AABB) and OBB-OBB pairs; both sides in the same precision, `b` the OBBs.
size_t boxesPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out);

/// Sphere-OBB pairs, either order (`sphereFirst`: the spheres are side a); the same precision.
size_t sphereObbPairwise(const BatchLayout& spheres, const BatchLayout& boxes, bool sphereFirst, size_t count,
                         uint8_t* out);
#endif

}  // namespace sepaxis::batch_detail
