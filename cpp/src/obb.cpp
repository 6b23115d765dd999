#include "sepaxis/obb.h"

#include <cmath>

#include "sepaxis/tolerance.h"
#include "validate.h"

namespace sepaxis {
namespace {

std::string axisField(int i) { return detail::indexed("obb.axes", i); }

std::optional<Error> checkOrthonormal(const Vec3 (&axes)[3]) {
  for (int i = 0; i < 3; ++i) {
    const double len = length(axes[i]);
    if (std::fabs(len - 1) > tolerance::kOrthonormal)
      return detail::makeError(ErrorCode::NotOrthonormal, axisField(i), len,
                               "unit length within " + formatNumber(tolerance::kOrthonormal), "length");
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = i + 1; j < 3; ++j) {
      const double d = dot(axes[i], axes[j]);
      if (std::fabs(d) > tolerance::kOrthonormal)
        return detail::makeError(ErrorCode::NotOrthonormal, axisField(i), d,
                                 "perpendicular to " + axisField(j) + " within " +
                                     formatNumber(tolerance::kOrthonormal), "dot product");
    }
  }
  return std::nullopt;
}

}  // namespace

Expected<Obb> makeObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents) {
  if (auto e = detail::checkFinite("obb.center", center)) return *e;
  for (int i = 0; i < 3; ++i)
    if (auto e = detail::checkFinite(axisField(i), axes[i])) return *e;
  if (auto e = detail::checkNonNegative("obb.halfExtents", halfExtents)) return *e;
  if (auto e = checkOrthonormal(axes)) return *e;

  // Gram-Schmidt to machine precision: the exact tests project onto cross products of axes and
  // rely on |u_i| = 1 and u_i . u_j = 0 for the box's extent along them.
  Obb box;
  box.center = center;
  box.halfExtents = halfExtents;
  box.axis[0] = normalize(axes[0]);
  box.axis[1] = normalize(axes[1] - box.axis[0] * dot(axes[1], box.axis[0]));
  const Vec3 third = cross(box.axis[0], box.axis[1]);
  box.axis[2] = dot(third, axes[2]) >= 0 ? third : -third;
  return box;
}

Expected<Obb> makeObbFromRotation(Vec3 center, const Mat3& rotation, Vec3 halfExtents) {
  const Vec3 axes[3] = {rotation.column(0), rotation.column(1), rotation.column(2)};
  return makeObb(center, axes, halfExtents);
}

Expected<Obb> makeObbFromQuaternion(Vec3 center, Quat q, Vec3 halfExtents) {
  const double parts[4] = {q.x, q.y, q.z, q.w};
  for (int i = 0; i < 4; ++i)
    if (auto e = detail::checkFinite(detail::indexed("obb.rotation", i), parts[i])) return *e;
  const double len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  if (std::fabs(len - 1) > tolerance::kUnitQuaternion)
    return detail::makeError(ErrorCode::NotUnit, "obb.rotation", len,
                             "a unit quaternion within " + formatNumber(tolerance::kUnitQuaternion), "length");
  return makeObbFromRotation(center, toMat3({q.x / len, q.y / len, q.z / len, q.w / len}), halfExtents);
}

}  // namespace sepaxis
