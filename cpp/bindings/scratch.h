#pragma once
// The scratch area through which JavaScript passes single volumes without Embind's per-object
// marshalling (which costs 0.5-2 us a call): JS writes numbers into a Float64Array view of this
// static block and calls a plain export. Layout (doubles):
//   slot 0 at [0, 64), slot 1 at [64, 128): [type, fields...]
//     type 0 sphere: center x y z, radius
//     type 1 aabb:   min x y z, max x y z
//     type 2 obb:    center x y z, axes[0..2] x y z, halfExtents x y z
//     type 3 kdop:   k, min[0 .. k/2), max[0 .. k/2)
//     type 4 obb:    center x y z, rotation quaternion x y z w, halfExtents x y z
//   io at [128, 160): query arguments and results (see exports.cpp)

#include <string>

#include "sepaxis/sepaxis.h"

namespace sepaxis::bindings {

inline constexpr int kSlotDoubles = 64;
inline constexpr int kIoOffset = 128;
inline constexpr int kScratchDoubles = 160;

double* scratch();

/// The decoded volume of a slot, without a std::variant copy of a 2 kB k-DOP.
struct Slot {
  VolumeType type = VolumeType::Sphere;
  Sphere sphere;
  Aabb aabb;
  Obb obb;
  const Kdop* kdop = nullptr;  ///< in the k-DOP cache
};

/// Decodes slot `index`; false (with lastError() set) when the volume is invalid. k-DOPs come
/// from a small cache of the ones decoded recently: building the polytope is the expensive part,
/// and games test the same static k-DOPs against moving volumes again and again.
bool decode(int index);
const Slot& slot(int index);
const std::string& lastError();

/// The slot as a Volume (copies; for the report and other non-hot calls).
Volume slotVolume(int index);

/// Calls f with the slot's concrete volume.
template <class F>
decltype(auto) visitSlot(int index, F&& f) {
  const Slot& s = slot(index);
  switch (s.type) {
    case VolumeType::Sphere: return f(s.sphere);
    case VolumeType::Aabb: return f(s.aabb);
    case VolumeType::Obb: return f(s.obb);
    case VolumeType::Kdop: break;
  }
  return f(*s.kdop);
}

}  // namespace sepaxis::bindings
