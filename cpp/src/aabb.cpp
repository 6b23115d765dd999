#include "sepaxis/aabb.h"

#include "validate.h"

namespace sepaxis {

namespace detail {

// isValidAabb said no: which rule, in the order makeAabb reports them.
Problem aabbProblem(Vec3 min, Vec3 max) {
  if (Problem p = finiteProblem("aabb.min", min)) return p;
  if (Problem p = finiteProblem("aabb.max", max)) return p;
  int i = 0;
  while (i < 2 && min[i] <= max[i]) ++i;
  return {ErrorCode::MinAboveMax, "aabb.min", i, min[i], max[i]};
}

}  // namespace detail

Problem validateAabbCenter(Vec3 center, Vec3 halfExtents) {
  if (Problem p = detail::finiteProblem("aabb.center", center)) return p;
  return detail::nonNegativeProblem("aabb.halfExtents", halfExtents);
}

Problem validateAabbMinWidths(Vec3 min, Vec3 widths) {
  if (Problem p = detail::finiteProblem("aabb.min", min)) return p;
  return detail::nonNegativeProblem("aabb.widths", widths);
}

Expected<Aabb> makeAabb(Vec3 min, Vec3 max) {
  if (Problem p = validateAabb(min, max)) return toError(p);
  return Aabb{min, max};
}

Expected<Aabb> makeAabbFromCenter(Vec3 center, Vec3 halfExtents) {
  if (Problem p = validateAabbCenter(center, halfExtents)) return toError(p);
  return makeAabb(center - halfExtents, center + halfExtents);
}

Expected<Aabb> makeAabbFromMinWidths(Vec3 min, Vec3 widths) {
  if (Problem p = validateAabbMinWidths(min, widths)) return toError(p);
  return makeAabb(min, min + widths);
}

}  // namespace sepaxis
