#include "scratch.h"

#include <cmath>
#include <cstring>

namespace sepaxis::bindings {
namespace {

alignas(16) double gScratch[kScratchDoubles];
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

Vec3 vec(const double* p) { return {p[0], p[1], p[2]}; }

std::string withMessage(const Error& e) { return e.message; }

bool fail(const Error& e) {
  gLastError = withMessage(e);
  return false;
}

}  // namespace

double* scratch() { return gScratch; }
const Slot& slot(int index) { return gSlots[index]; }
const std::string& lastError() { return gLastError; }

double* slotData(int index) { return gScratch + index * kSlotDoubles; }

bool decode(int index) {
  const double* p = slotData(index);
  Slot& s = gSlots[index];
  switch (slotTypeCode(p)) {
    case 0:
      s.type = VolumeType::Sphere;
      if (readSphere(p, s.sphere)) return true;
      return fail(makeSphere(s.sphere.center, s.sphere.radius).error());
    case 1:
      s.type = VolumeType::Aabb;
      if (readAabb(p, s.aabb)) return true;
      return fail(makeAabb(s.aabb.min, s.aabb.max).error());
    case 2: {
      s.type = VolumeType::Obb;
      if (readObb(p, 2, s.obb)) return true;
      const Vec3 axes[3] = {vec(p + 4), vec(p + 7), vec(p + 10)};
      return fail(makeObb(vec(p + 1), axes, vec(p + 13)).error());
    }
    case 4: {
      s.type = VolumeType::Obb;
      if (readObb(p, 4, s.obb)) return true;
      return fail(makeObbFromQuaternion(vec(p + 1), {p[4], p[5], p[6], p[7]}, vec(p + 8)).error());
    }
    case 3: {
      s.type = VolumeType::Kdop;
      const int k = int(p[1]);
      const int n = isValidKdopK(k) ? k / 2 : 0;
      const Slot& other = gSlots[1 - index];
      s.kdop = n > 0 ? cachedKdop(p + 1, k, other.type == VolumeType::Kdop ? other.kdop : nullptr) : nullptr;
      if (s.kdop) return true;
      return fail(makeKdop(k, p + 2, p + 2 + n, n).error());
    }
    default:
      gLastError = "volume.type must be one of sphere, aabb, obb, kdop";
      return false;
  }
}

Volume slotVolume(int index) {
  return visitSlot(index, [](const auto& v) { return Volume{v}; });
}

}  // namespace sepaxis::bindings
