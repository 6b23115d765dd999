#include "scratch.h"

#include <cmath>
#include <cstring>

namespace sepaxis::bindings {
namespace {

alignas(16) double gScratch[wire::kScratchDoubles];
Slot gSlots[2];
std::string gLastError;

// Recently built k-DOPs, keyed by their exact input numbers [k, min..., max...].
struct CachedKdop {
  double key[1 + 2 * kMaxKdopSlabs];
  size_t keyBytes = 0;  // 0: empty
  Kdop kdop;
};
constexpr int kKdopCacheSize = 16;
CachedKdop gKdopCache[kKdopCacheSize];
int gKdopVictim = 0;

// The key: a k-DOP slot from k on, k then its batch fields.
static_assert(wire::kSlotKdopFields == wire::kSlotKdopK + 1 && batch_field::kdopMin(26, 0) == 0);

// The cached k-DOP for these inputs, built on a miss; nullptr when they are invalid. Never
// evicts `keep` (the k-DOP the other slot of the same call points to).
const Kdop* cachedKdop(const double* key, int k, const Kdop* keep) {
  const int n = k / 2;
  const size_t bytes = sizeof(double) * size_t(1 + 2 * n);
  for (CachedKdop& c : gKdopCache)
    if (c.keyBytes == bytes && std::memcmp(c.key, key, bytes) == 0) return &c.kdop;
  CachedKdop* c = &gKdopCache[gKdopVictim];
  if (&c->kdop == keep) c = &gKdopCache[gKdopVictim = (gKdopVictim + 1) % kKdopCacheSize];
  gKdopVictim = (gKdopVictim + 1) % kKdopCacheSize;
  c->keyBytes = 0;
  if (!tryMakeKdop(k, key + 1, key + 1 + n, n, c->kdop)) return nullptr;
  std::memcpy(c->key, key, bytes);
  c->keyBytes = bytes;
  return &c->kdop;
}

bool fail(const Problem& p) {
  gLastError = toError(p).message;
  return false;
}

// The k-DOP of a slot: k at kSlotKdopK, then the batch fields (min, max) from kSlotKdopFields.
// n is k/2 for a known k, else 0 (the validator then names k first).
int kdopSlabs(const double* p) {
  const int k = int(p[wire::kSlotKdopK]);
  return isValidKdopK(k) ? k / 2 : 0;
}

// The validator of the slot's type code, for the message of a slot that did not read.
Problem slotProblem(const double* p) {
  const double* f = p + wire::kSlotFields;
  switch (slotTypeCode(p)) {
    case wire::kTypeSphere:
      return validateSphere(slotVec(f, batch_field::kSphereCenter), f[batch_field::kSphereRadius]);
    case wire::kTypeAabb: return validateAabb(slotVec(f, batch_field::kAabbMin), slotVec(f, batch_field::kAabbMax));
    case wire::kTypeObb: {
      const Vec3 axes[3] = {slotVec(f, batch_field::kObbAxes), slotVec(f, batch_field::kObbAxes + 3),
                            slotVec(f, batch_field::kObbAxes + 6)};
      return validateObb(slotVec(f, batch_field::kObbCenter), axes, slotVec(f, batch_field::kObbHalfExtents));
    }
    case wire::kTypeObbQuaternion: {
      const double* q = p + wire::kSlotObbQuaternionRotation;
      return validateObbQuaternion(slotVec(p, wire::kSlotObbQuaternionCenter), {q[0], q[1], q[2], q[3]},
                                   slotVec(p, wire::kSlotObbQuaternionHalfExtents));
    }
    case wire::kTypeTriangle: {
      const double* v = p + wire::kSlotTriangleVertices;
      return validateTriangle(slotVec(v, 0), slotVec(v, 3), slotVec(v, 6));
    }
    default: {
      const int n = kdopSlabs(p);
      const double* fields = p + wire::kSlotKdopFields;
      return validateKdop(int(p[wire::kSlotKdopK]), fields + batch_field::kdopMin(2 * n, 0),
                          fields + batch_field::kdopMax(2 * n, 0), n);
    }
  }
}

constexpr const char* kUnknownType = "volume.type must be one of sphere, aabb, obb, kdop, triangle";
#if defined(SEPAXIS_VOLUME_WITHOUT_TRIANGLE)
constexpr bool kDecodesTriangles = false;
#else
constexpr bool kDecodesTriangles = true;
#endif
constexpr const char* kNoTriangles =
    "volume.type triangle needs the package's full module: init() without { world: false } (this module, the "
    "one the demo element loads, leaves triangles out to stay small)";

}  // namespace

double* scratch() { return gScratch; }
const Slot& slot(int index) { return gSlots[index]; }
const std::string& lastError() { return gLastError; }
void setLastError(const std::string& message) { gLastError = message; }

double* slotData(int index) { return gScratch + wire::kSlotA + index * wire::kSlotDoubles; }

int failSlot(int index) {
  const double* p = slotData(index);
  const int code = slotTypeCode(p);
  if (code < 0)
    gLastError = kUnknownType;
  else if (!kDecodesTriangles && code == wire::kTypeTriangle)
    gLastError = kNoTriangles;
  else
    fail(slotProblem(p));
  return wire::slotInvalid(index);
}

bool decode(int index) {
  const double* p = slotData(index);
  Slot& s = gSlots[index];
  bool valid = false;
  switch (const int code = slotTypeCode(p)) {
    case wire::kTypeSphere: s.type = VolumeType::Sphere, valid = readSphere(p, s.sphere); break;
    case wire::kTypeAabb: s.type = VolumeType::Aabb, valid = readAabb(p, s.aabb); break;
    case wire::kTypeObb:
    case wire::kTypeObbQuaternion: s.type = VolumeType::Obb, valid = readObb(p, code, s.obb); break;
    case wire::kTypeKdop: {
      s.type = VolumeType::Kdop;
      const Slot& other = gSlots[1 - index];
      s.kdop = kdopSlabs(p) > 0 ? cachedKdop(p + wire::kSlotKdopK, int(p[wire::kSlotKdopK]),
                                             other.type == VolumeType::Kdop ? other.kdop : nullptr)
                                : nullptr;
      valid = s.kdop != nullptr;
      break;
    }
#if !defined(SEPAXIS_VOLUME_WITHOUT_TRIANGLE)
    case wire::kTypeTriangle: s.type = VolumeType::Triangle, valid = readTriangle(p, s.triangle); break;
#endif
    default: break;
  }
  if (!valid) failSlot(index);
  return valid;
}

Volume slotVolume(int index) {
  return visitSlot(index, [](const auto& v) { return Volume{v}; });
}

}  // namespace sepaxis::bindings
