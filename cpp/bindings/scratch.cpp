#include "scratch.h"

#include <cmath>
#include <cstring>

namespace sepaxis::bindings {
namespace {

alignas(16) double gScratch[kScratchDoubles];
Slot gSlots[2];
// The k-DOP inputs decoded last per slot: [k, min..., max...].
double gKdopKey[2][1 + 2 * kMaxKdopSlabs];
bool gKdopKeyValid[2] = {false, false};
std::string gLastError;

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

bool decode(int index) {
  const double* p = gScratch + index * kSlotDoubles;
  Slot& s = gSlots[index];
  switch (int(p[0])) {
    case 0:
      s.type = VolumeType::Sphere;
      s.sphere = {vec(p + 1), p[4]};
      if (isFinite(s.sphere.center) && s.sphere.radius >= 0 && isFinite(s.sphere.radius)) return true;
      return fail(makeSphere(s.sphere.center, s.sphere.radius).error());
    case 1:
      s.type = VolumeType::Aabb;
      s.aabb = {vec(p + 1), vec(p + 4)};
      if (isFinite(s.aabb.min) && isFinite(s.aabb.max) && s.aabb.min.x <= s.aabb.max.x &&
          s.aabb.min.y <= s.aabb.max.y && s.aabb.min.z <= s.aabb.max.z)
        return true;
      return fail(makeAabb(s.aabb.min, s.aabb.max).error());
    case 2: {
      s.type = VolumeType::Obb;
      const Vec3 axes[3] = {vec(p + 4), vec(p + 7), vec(p + 10)};
      if (tryMakeObb(vec(p + 1), axes, vec(p + 13), s.obb)) return true;
      return fail(makeObb(vec(p + 1), axes, vec(p + 13)).error());
    }
    case 4: {
      s.type = VolumeType::Obb;
      const Quat q{p[4], p[5], p[6], p[7]};
      if (tryMakeObbFromQuaternion(vec(p + 1), q, vec(p + 8), s.obb)) return true;
      return fail(makeObbFromQuaternion(vec(p + 1), q, vec(p + 8)).error());
    }
    case 3: {
      s.type = VolumeType::Kdop;
      const int k = int(p[1]);
      const int n = isValidKdopK(k) ? k / 2 : 0;
      const size_t keyBytes = sizeof(double) * size_t(1 + 2 * n);
      if (n > 0 && gKdopKeyValid[index] && std::memcmp(gKdopKey[index], p + 1, keyBytes) == 0) return true;
      gKdopKeyValid[index] = false;
      if (n > 0 && tryMakeKdop(k, p + 2, p + 2 + n, n, s.kdop)) {
        std::memcpy(gKdopKey[index], p + 1, keyBytes);
        gKdopKeyValid[index] = true;
        return true;
      }
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
