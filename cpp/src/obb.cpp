#include "sepaxis/obb.h"

#include <cmath>

#include "sepaxis/tolerance.h"
#include "frame.h"
#include "quaternion.h"
#include "validate.h"

namespace sepaxis {
namespace {

// The Gram matrix U^T U of the axes: its diagonal holds their squared lengths, the rest their dot
// products. One computation serves the validator and tryMakeObb's "already orthonormal" test.
// Written out rather than looped, so that it stays in registers.
struct Gram {
  double g00, g11, g22, g01, g02, g12;
};
Gram gramOf(const Vec3 (&axes)[3]) {
  return {dot(axes[0], axes[0]), dot(axes[1], axes[1]), dot(axes[2], axes[2]),
          dot(axes[0], axes[1]), dot(axes[0], axes[2]), dot(axes[1], axes[2])};
}

// |len - 1| <= tol exactly when (1 - tol)^2 <= len^2 <= (1 + tol)^2: no square roots.
constexpr double kLengthSquaredLo = (1 - tolerance::kOrthonormal) * (1 - tolerance::kOrthonormal);
constexpr double kLengthSquaredHi = (1 + tolerance::kOrthonormal) * (1 + tolerance::kOrthonormal);
bool unitWithin(double lengthSquared) { return lengthSquared >= kLengthSquaredLo && lengthSquared <= kLengthSquaredHi; }
bool perpendicularWithin(double d) { return std::fabs(d) <= tolerance::kOrthonormal; }

// The OBB rules as one predicate (NaN fails every comparison). The axes need no finiteness check
// of their own: an infinite or NaN component makes its axis's squared length infinite or NaN,
// which the length test rejects.
bool isValidObb(Vec3 center, Vec3 halfExtents, const Gram& g) {
  return isFinite(center) && halfExtents.x >= 0 && halfExtents.x <= kMaxDouble && halfExtents.y >= 0 &&
         halfExtents.y <= kMaxDouble && halfExtents.z >= 0 && halfExtents.z <= kMaxDouble && unitWithin(g.g00) &&
         unitWithin(g.g11) && unitWithin(g.g22) && perpendicularWithin(g.g01) && perpendicularWithin(g.g02) &&
         perpendicularWithin(g.g12);
}

constexpr const char* kAxisField[3] = {"obb.axes[0]", "obb.axes[1]", "obb.axes[2]"};

// isValidObb said no: which rule, in the order makeObb reports them (the centre, the axes, the
// half-extents, then the axes' lengths and their dot products).
Problem obbProblem(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents, const Gram& g) {
  if (Problem p = detail::finiteProblem("obb.center", center)) return p;
  for (int i = 0; i < 3; ++i)
    if (Problem p = detail::finiteProblem(kAxisField[i], axes[i])) return p;
  if (Problem p = detail::nonNegativeProblem("obb.halfExtents", halfExtents)) return p;
  const double lengthSquared[3] = {g.g00, g.g11, g.g22};
  for (int i = 0; i < 3; ++i)
    if (!unitWithin(lengthSquared[i])) return {ErrorCode::NotOrthonormal, "obb.axes", i, length(axes[i]), -1};
  const double d[3] = {g.g01, g.g02, g.g12};
  const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
  int n = 0;
  while (n < 2 && perpendicularWithin(d[n])) ++n;
  return {ErrorCode::NotOrthonormal, "obb.axes", pairs[n][0], d[n], double(pairs[n][1])};
}

Problem validateObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents, const Gram& g) {
  return isValidObb(center, halfExtents, g) ? Problem{} : obbProblem(center, axes, halfExtents, g);
}

// The quaternion of an OBB given by its rotation: finite and unit within the tolerance (one
// comparison decides: NaN and infinite lengths fail it); the reason when it is not.
Problem quaternionProblem(Quat q, double length) {
  if (detail::isUnitLength(length)) return {};
  const double parts[4] = {q.x, q.y, q.z, q.w};
  for (int i = 0; i < 4; ++i)
    if (Problem p = detail::finiteProblem("obb.rotation", parts[i])) return {p.code, p.field, i, p.value};
  return {ErrorCode::NotUnit, "obb.rotation", -1, length};
}

// The OBB's axes: the columns of the rotation of q / |q|.
void quaternionAxes(Quat q, double length, Vec3 (&axes)[3]) {
  const Mat3 r = detail::rotationOf(q, length);
  for (int i = 0; i < 3; ++i) axes[i] = r.column(i);
}

// The nearest orthonormal frame to the axes (frame.h's Newton-Schulz steps, the lanes' own code);
// gram is U^T U of the given axes. Axes already orthonormal to tolerance::kOrthonormalExact (the usual
// case) never come here. It iterates on local copies: updating the caller's arrays in place, the
// loop is mis-vectorized by Emscripten 3.1.6's Clang (LLVM 14, SLP with -msimd128) into wrong
// axes (the wasm run of ObbValidation holds it to the native one).
void orthonormalize(Vec3 (&axis)[3], const double (&gram)[3][3]) {
  double u[3][3], g[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) u[i][j] = axis[i][j], g[i][j] = gram[i][j];
  detail::newtonSchulz(u, g, false, true);
  for (int i = 0; i < 3; ++i) axis[i] = {u[i][0], u[i][1], u[i][2]};
}

}  // namespace

Problem validateObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents) {
  return validateObb(center, axes, halfExtents, gramOf(axes));
}

bool tryMakeObb(Vec3 center, const Vec3 (&axes)[3], Vec3 halfExtents, Obb& box) {
  const Gram gram = gramOf(axes);
  if (!isValidObb(center, halfExtents, gram)) return false;
  const auto [g00, g11, g22, g01, g02, g12] = gram;
  box.center = center;
  box.halfExtents = halfExtents;
  box.axis[0] = axes[0];
  box.axis[1] = axes[1];
  box.axis[2] = axes[2];
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
  Obb box;
  if (tryMakeObb(center, axes, halfExtents, box)) return box;
  return toError(validateObb(center, axes, halfExtents));
}

Expected<Obb> makeObbFromRotation(Vec3 center, const Mat3& rotation, Vec3 halfExtents) {
  const Vec3 axes[3] = {rotation.column(0), rotation.column(1), rotation.column(2)};
  return makeObb(center, axes, halfExtents);
}

Problem validateObbQuaternion(Vec3 center, Quat q, Vec3 halfExtents) {
  const double length = detail::quaternionLength(q);
  if (Problem p = quaternionProblem(q, length)) return p;
  Vec3 axes[3];
  quaternionAxes(q, length, axes);
  return validateObb(center, axes, halfExtents);
}

bool tryMakeObbFromQuaternion(Vec3 center, Quat q, Vec3 halfExtents, Obb& box) {
  const double length = detail::quaternionLength(q);
  if (quaternionProblem(q, length)) return false;
  Vec3 axes[3];
  quaternionAxes(q, length, axes);
  return tryMakeObb(center, axes, halfExtents, box);
}

Expected<Obb> makeObbFromQuaternion(Vec3 center, Quat q, Vec3 halfExtents) {
  Obb box;
  if (tryMakeObbFromQuaternion(center, q, halfExtents, box)) return box;
  return toError(validateObbQuaternion(center, q, halfExtents));
}

}  // namespace sepaxis
