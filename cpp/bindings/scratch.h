#pragma once
// The scratch area through which JavaScript passes single volumes without Embind's per-object
// marshalling (which costs 0.5-2 us a call): JS writes numbers into a Float64Array view of this
// static block and calls a plain export. Its layout, the type codes and the statuses are declared
// in wire.h.

#include <string>

#include "sepaxis/sepaxis.h"
#include "sepaxis/validate.h"
#include "wire.h"

namespace sepaxis::bindings {

double* scratch();

/// The decoded volume of a slot, without a std::variant copy of a 2 kB k-DOP.
struct Slot {
  VolumeType type = VolumeType::Sphere;
  Sphere sphere;
  Aabb aabb;
  Obb obb;
  const Kdop* kdop = nullptr;  ///< in the k-DOP cache
  Triangle triangle;
};

/// The slot's numbers (type code at [wire::kSlotType]).
double* slotData(int index);

/// The type code JavaScript wrote at the start of a slot (wire.h). A code that is no integer
/// from kTypeSphere to kTypeTriangle comes out as -1.
inline int slotTypeCode(const double* p) {
  const double code = p[wire::kSlotType];
  return code >= 0 && code <= wire::kTypeTriangle && code == int(code) ? int(code) : -1;
}

// Readers of one slot into its volume, shared by decode() and the single overlaps() call, which
// reads its two volumes straight from the scratch area (no Slot, no switch over all types). Each
// asks the volume's validator (sepaxis/validate.h) whether it is valid; decode() asks it why not.

inline Vec3 slotVec(const double* p, int at) { return {p[at], p[at + 1], p[at + 2]}; }

/// Type code kTypeSphere.
inline bool readSphere(const double* p, Sphere& s) {
  const double* f = p + wire::kSlotFields;
  s = {slotVec(f, batch_field::kSphereCenter), f[batch_field::kSphereRadius]};
  return isValidSphere(s.center, s.radius);
}

/// Type code kTypeAabb.
inline bool readAabb(const double* p, Aabb& b) {
  const double* f = p + wire::kSlotFields;
  b = {slotVec(f, batch_field::kAabbMin), slotVec(f, batch_field::kAabbMax)};
  return isValidAabb(b.min, b.max);
}

/// Type code kTypeObb (axes) or kTypeObbQuaternion.
inline bool readObb(const double* p, int code, Obb& b) {
  if (code == wire::kTypeObbQuaternion) {
    const double* q = p + wire::kSlotObbQuaternionRotation;
    return tryMakeObbFromQuaternion(slotVec(p, wire::kSlotObbQuaternionCenter), {q[0], q[1], q[2], q[3]},
                                    slotVec(p, wire::kSlotObbQuaternionHalfExtents), b);
  }
  const double* f = p + wire::kSlotFields;
  const Vec3 axes[3] = {slotVec(f, batch_field::kObbAxes), slotVec(f, batch_field::kObbAxes + 3),
                        slotVec(f, batch_field::kObbAxes + 6)};
  return tryMakeObb(slotVec(f, batch_field::kObbCenter), axes, slotVec(f, batch_field::kObbHalfExtents), b);
}

/// Type code kTypeTriangle.
inline bool readTriangle(const double* p, Triangle& t) {
  const double* v = p + wire::kSlotTriangleVertices;
  t = {slotVec(v, 0), slotVec(v, 3), slotVec(v, 6)};
  return isValidTriangle(t.a, t.b, t.c);
}

/// Why slot `index` does not read (its validator's message), as lastError(); returns the status
/// of an invalid slot (wire::slotInvalid). Out of line: only failures come here.
int failSlot(int index);

/// Decodes slot `index`; false (with lastError() set) when the volume is invalid. k-DOPs come
/// from a small cache of the ones decoded recently: building the polytope is the expensive part,
/// and games test the same static k-DOPs against moving volumes again and again.
bool decode(int index);
const Slot& slot(int index);
const std::string& lastError();
/// Sets lastError() (for calls whose errors come from the core as an Error: the world's).
void setLastError(const std::string& message);

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
#if !defined(SEPAXIS_VOLUME_WITHOUT_TRIANGLE)
    case VolumeType::Triangle: return f(s.triangle);
#else
    case VolumeType::Triangle:  // never decoded in this module (scratch.cpp decode)
#endif
    case VolumeType::Kdop: break;
  }
  return f(*s.kdop);
}

}  // namespace sepaxis::bindings
