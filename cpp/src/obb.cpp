#include "sepaxis/obb.h"

#include <cmath>

#include "sepaxis/tolerance.h"
#include "frame.h"
#include "validate.h"

namespace sepaxis {
namespace {

constexpr double kMaxDouble = 1.7976931348623157e308;

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

// The nearest orthonormal frame to the axes (frame.h's Newton-Schulz steps, the lanes' own code);
// gram is U^T U of the given axes. Axes already orthonormal to tolerance::kOrthonormalExact (the usual
// case) never come here. It iterates on local copies: updating the caller's arrays in place, the
// loop was mis-vectorized by Emscripten 3.1.6's Clang (LLVM 14, SLP with -msimd128) into wrong
// axes, which the wasm run of ObbValidation caught.
void orthonormalize(Vec3 (&axis)[3], const double (&gram)[3][3]) {
  double u[3][3], g[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) u[i][j] = axis[i][j], g[i][j] = gram[i][j];
  detail::newtonSchulz(u, g, false, true);
  for (int i = 0; i < 3; ++i) axis[i] = {u[i][0], u[i][1], u[i][2]};
}

}  // namespace

bool tryMakeObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents, Obb& box) {
  // Finite, and half-extents >= 0 (NaN fails every comparison).
  if (!isFinite(center) || !(halfExtents.x >= 0 && halfExtents.x <= kMaxDouble && halfExtents.y >= 0 &&
                             halfExtents.y <= kMaxDouble && halfExtents.z >= 0 && halfExtents.z <= kMaxDouble))
    return false;
  // The axes need no finiteness check of their own: an infinite or NaN component makes its
  // axis's squared length (below) infinite or NaN, which the length check rejects.
  const Vec3 u0 = axes[0], u1 = axes[1], u2 = axes[2];
  // The same acceptance as makeObb's checks, without square roots: |len - 1| <= tol exactly when
  // (1 - tol)^2 <= len^2 <= (1 + tol)^2.
  constexpr double lo = (1 - tolerance::kOrthonormal) * (1 - tolerance::kOrthonormal);
  constexpr double hi = (1 + tolerance::kOrthonormal) * (1 + tolerance::kOrthonormal);
  // One Gram matrix g = U^T U serves both the acceptance test and the "already orthonormal" one.
  // Written out rather than looped, so that it stays in registers.
  const double g00 = dot(u0, u0), g11 = dot(u1, u1), g22 = dot(u2, u2);
  const double g01 = dot(u0, u1), g02 = dot(u0, u2), g12 = dot(u1, u2);
  if (!(g00 >= lo && g00 <= hi) || std::fabs(g01) > tolerance::kOrthonormal || std::fabs(g02) > tolerance::kOrthonormal)
    return false;
  if (!(g11 >= lo && g11 <= hi) || std::fabs(g12) > tolerance::kOrthonormal) return false;
  if (!(g22 >= lo && g22 <= hi)) return false;
  box.center = center;
  box.halfExtents = halfExtents;
  box.axis[0] = u0;
  box.axis[1] = u1;
  box.axis[2] = u2;
  constexpr double kExact = tolerance::kOrthonormalExact;
  if (std::fabs(g00 - 1) <= kExact && std::fabs(g11 - 1) <= kExact && std::fabs(g22 - 1) <= kExact &&
      std::fabs(g01) <= kExact && std::fabs(g02) <= kExact && std::fabs(g12) <= kExact)
    return true;
  // The exact tests need orthonormal axes: the extent of a box along a cross product of axes is
  // only sum e_i |u_i . L| when the axes are orthonormal.
  double g[3][3] = {{g00, g01, g02}, {g01, g11, g12}, {g02, g12, g22}};
  orthonormalize(box.axis, g);
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
