#include "sepaxis/aabb.h"

#include "validate.h"

namespace sepaxis {

Expected<Aabb> makeAabb(Vec3 min, Vec3 max) {
  if (auto e = detail::checkFinite("aabb.min", min)) return *e;
  if (auto e = detail::checkFinite("aabb.max", max)) return *e;
  for (int i = 0; i < 3; ++i) {
    if (min[i] > max[i]) {
      const std::string field = detail::indexed("aabb.min", i);
      return detail::makeError(ErrorCode::MinAboveMax, field, min[i],
                               "<= aabb.max[" + std::to_string(i) + "] (" + formatNumber(max[i]) + ")");
    }
  }
  return Aabb{min, max};
}

Expected<Aabb> makeAabbFromCenter(Vec3 center, Vec3 halfExtents) {
  if (auto e = detail::checkFinite("aabb.center", center)) return *e;
  if (auto e = detail::checkNonNegative("aabb.halfExtents", halfExtents)) return *e;
  return makeAabb(center - halfExtents, center + halfExtents);
}

Expected<Aabb> makeAabbFromMinWidths(Vec3 min, Vec3 widths) {
  if (auto e = detail::checkFinite("aabb.min", min)) return *e;
  if (auto e = detail::checkNonNegative("aabb.widths", widths)) return *e;
  return makeAabb(min, min + widths);
}

}  // namespace sepaxis
