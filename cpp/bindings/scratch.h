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

/// The slot's numbers (type code at [0], fields from [1]).
double* slotData(int index);

/// The type code JavaScript wrote at p[0], the start of a slot (see the layout above; 4 is an OBB
/// given by a quaternion). A code that is no integer 0..4 comes out as -1.
inline int slotTypeCode(const double* p) {
  const double code = p[0];
  return code >= 0 && code <= 4 && code == int(code) ? int(code) : -1;
}

// Readers of one slot into its volume, shared by decode() and the single overlaps() call, which
// reads its two volumes straight from the scratch area (no Slot, no switch over all types).
// Each checks exactly what the core's make* functions check and returns false where they would
// return an error; decode() then asks make* for the message.

inline constexpr double kMaxFinite = 1.7976931348623157e308;

/// Type code 0. Finite centre, 0 <= radius <= the largest double (NaN fails every comparison).
inline bool readSphere(const double* p, Sphere& s) {
  s = {{p[1], p[2], p[3]}, p[4]};
  return isFinite(s.center) && s.radius >= 0 && s.radius <= kMaxFinite;
}

/// Type code 1. Finite and min <= max on every axis, in 9 comparisons instead of 15:
/// -max <= min.x <= max.x <= max holds exactly when both are finite and ordered.
inline bool readAabb(const double* p, Aabb& b) {
  b = {{p[1], p[2], p[3]}, {p[4], p[5], p[6]}};
  return b.min.x >= -kMaxFinite && b.min.x <= b.max.x && b.max.x <= kMaxFinite &&
         b.min.y >= -kMaxFinite && b.min.y <= b.max.y && b.max.y <= kMaxFinite &&
         b.min.z >= -kMaxFinite && b.min.z <= b.max.z && b.max.z <= kMaxFinite;
}

/// Type code 2 (axes) or 4 (quaternion).
inline bool readObb(const double* p, int code, Obb& b) {
  const Vec3 center{p[1], p[2], p[3]};
  if (code == 4) return tryMakeObbFromQuaternion(center, {p[4], p[5], p[6], p[7]}, {p[8], p[9], p[10]}, b);
  const Vec3 axes[3] = {{p[4], p[5], p[6]}, {p[7], p[8], p[9]}, {p[10], p[11], p[12]}};
  return tryMakeObb(center, axes, {p[13], p[14], p[15]}, b);
}

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
