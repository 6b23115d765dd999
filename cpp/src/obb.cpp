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

bool tryMakeObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents, Obb& box) {
  if (!isFinite(center) || !isFinite(halfExtents) || !(halfExtents.x >= 0 && halfExtents.y >= 0 && halfExtents.z >= 0))
    return false;
  Vec3 u[3] = {axes[0], axes[1], axes[2]};
  if (!isFinite(u[0]) || !isFinite(u[1]) || !isFinite(u[2])) return false;
  // The same acceptance as makeObb's checks, without square roots: |len - 1| <= tol exactly when
  // (1 - tol)^2 <= len^2 <= (1 + tol)^2.
  constexpr double lo = (1 - tolerance::kOrthonormal) * (1 - tolerance::kOrthonormal);
  constexpr double hi = (1 + tolerance::kOrthonormal) * (1 + tolerance::kOrthonormal);
  // One Gram matrix g = U^T U serves both the acceptance test and the "already orthonormal" one.
  double g[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j) g[i][j] = g[j][i] = dot(u[i], u[j]);
  bool orthonormal = true;
  for (int i = 0; i < 3; ++i) {
    if (!(g[i][i] >= lo && g[i][i] <= hi)) return false;
    orthonormal = orthonormal && std::fabs(g[i][i] - 1) <= 1e-15;
    for (int j = i + 1; j < 3; ++j) {
      if (std::fabs(g[i][j]) > tolerance::kOrthonormal) return false;
      orthonormal = orthonormal && std::fabs(g[i][j]) <= 1e-15;
    }
  }
  // The nearest orthonormal frame (polar decomposition, by Newton-Schulz: U <- U (3I - U^T U) / 2,
  // quadratic convergence: 1e-3 -> 1e-6 -> 1e-12 -> machine precision). It moves every axis by
  // the least amount and keeps the handedness. The exact tests need it: the extent of a box along
  // a cross product of axes is only sum e_i |u_i . L| when the axes are orthonormal. Axes already
  // orthonormal to 1e-15 (the usual case) skip it.
  for (int iteration = 0; iteration < 6 && !orthonormal; ++iteration) {
    Vec3 next[3];
    for (int i = 0; i < 3; ++i) {
      next[i] = u[i] * 1.5;
      for (int j = 0; j < 3; ++j) next[i] = next[i] - u[j] * (0.5 * g[j][i]);
    }
    for (int i = 0; i < 3; ++i) u[i] = next[i];
    orthonormal = true;
    for (int i = 0; i < 3; ++i)
      for (int j = i; j < 3; ++j) {
        g[i][j] = g[j][i] = dot(u[i], u[j]);
        orthonormal = orthonormal && std::fabs(g[i][j] - (i == j ? 1 : 0)) <= 1e-15;
      }
  }
  box.center = center;
  box.halfExtents = halfExtents;
  for (int i = 0; i < 3; ++i) box.axis[i] = u[i];
  return true;
}

Expected<Obb> makeObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents) {
  if (auto e = detail::checkFinite("obb.center", center)) return *e;
  for (int i = 0; i < 3; ++i)
    if (auto e = detail::checkFinite(axisField(i), axes[i])) return *e;
  if (auto e = detail::checkNonNegative("obb.halfExtents", halfExtents)) return *e;
  if (auto e = checkOrthonormal(axes)) return *e;

  Obb box;
  tryMakeObb(center, axes, halfExtents, box);
  return box;
}

Expected<Obb> makeObbFromRotation(Vec3 center, const Mat3& rotation, Vec3 halfExtents) {
  const Vec3 axes[3] = {rotation.column(0), rotation.column(1), rotation.column(2)};
  return makeObb(center, axes, halfExtents);
}

bool tryMakeObbFromQuaternion(Vec3 center, Quat q, Vec3 halfExtents, Obb& box) {
  const double len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  if (!(std::fabs(len - 1) <= tolerance::kUnitQuaternion)) return false;  // NaN fails too
  const Mat3 r = toMat3({q.x / len, q.y / len, q.z / len, q.w / len});
  const Vec3 axes[3] = {r.column(0), r.column(1), r.column(2)};
  return tryMakeObb(center, axes, halfExtents, box);
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
