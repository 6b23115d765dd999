#include "sepaxis/transform.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sepaxis/bounds.h"
#include "sepaxis/tolerance.h"
#include "lanes.h"
#include "quaternion.h"
#include "transformed.h"
#include "validate.h"

namespace sepaxis {

using detail::applyPose;

bool tryMakeRigidTransform(Quat q, Vec3 translation, double scale, RigidTransform& t) {
  if (!(isFinite(translation) && isFinite(scale) && scale > 0)) return false;
  const double length = detail::quaternionLength(q);
  if (!detail::isUnitLength(length)) return false;  // q not finite, too
  t.rotation = detail::rotationOf(q, length);
  t.translation = translation;
  t.scale = scale;
  return true;
}

// The rules in the order of the messages; the value is tryMakeRigidTransform's, so both agree.
Expected<RigidTransform> makeRigidTransform(Quat q, Vec3 translation, double scale) {
  RigidTransform t;
  if (tryMakeRigidTransform(q, translation, scale, t)) return t;
  const double parts[4] = {q.x, q.y, q.z, q.w};
  for (int i = 0; i < 4; ++i)
    if (auto e = detail::checkFinite(detail::indexed("transform.rotation", i), parts[i])) return *e;
  if (auto e = detail::checkFinite("transform.translation", translation)) return *e;
  if (auto e = detail::checkFinite("transform.scale", scale)) return *e;
  if (!(scale > 0)) return detail::makeError(ErrorCode::Negative, "transform.scale", scale, "> 0");
  return detail::makeError(ErrorCode::NotUnit, "transform.rotation", detail::quaternionLength(q),
                           "a unit quaternion within " + formatNumber(tolerance::kUnitQuaternion), "length");
}

Sphere transformed(const Sphere& s, const RigidTransform& t) { return detail::inlineTransformed(s, t); }
Obb transformed(const Aabb& box, const RigidTransform& t) { return detail::inlineTransformed(box, t); }
Obb transformed(const Obb& box, const RigidTransform& t) { return detail::inlineTransformed(box, t); }

Triangle transformed(const Triangle& tri, const RigidTransform& t) {
  return {applyPose(t, tri.a), applyPose(t, tri.b), applyPose(t, tri.c)};
}

void transformedSlabs(const Kdop& kdop, const RigidTransform& t, double* lo, double* hi) {
  detail::transformedSlabs(kdop.k, kdop.origin, kdop.vertex, kdop.vertexCount, t, lo, hi);
}

void detail::transformedSlabs(int k, Vec3 origin, const Vec3* vertex, int vertexCount, const RigidTransform& t,
                              double* lo, double* hi) {
  const KdopDirection* dirs = kdopDirections(k);
  const int n = k / 2;
  // d_i . (s R (origin + v) + t) = (s R^T d_i) . v + d_i . (s R origin + t): each direction turned
  // back once, then one dot product per vertex and slab, instead of turning every vertex and
  // then projecting it (a third of the operations). Adding the offset after the extremes gives
  // the same numbers as
  // adding it to each value (rounding is monotone).
  const Vec3 shift = applyPose(t, origin);
  const Vec3 c0 = t.rotation.column(0), c1 = t.rotation.column(1), c2 = t.rotation.column(2);
  // The turned-back directions by coordinate, padded with a zero direction to an even count.
  constexpr int kPadded = kMaxKdopSlabs + 1;
  // Only that pad entry is set: zeroing the arrays whole costs three calls of memset a move in
  // WebAssembly.
  alignas(16) double bx[kPadded], by[kPadded], bz[kPadded], least[kPadded], most[kPadded];
  for (int i = 0; i < n; ++i) {
    const Vec3 d = toVec3(dirs[i]);
    const Vec3 back = Vec3{dot(c0, d), dot(c1, d), dot(c2, d)} * t.scale;
    bx[i] = back.x, by[i] = back.y, bz[i] = back.z;
  }
  bx[n] = by[n] = bz[n] = 0;
#if SEPAXIS_LANES
  // Two slabs at a time, each lane the operations of dot() in its order: the same numbers (a
  // World frame moves every k-DOP). Slab pair by slab pair over the vertices: the pair's
  // directions and extremes stay in registers (vertex by vertex over all pairs, V8 keeps the
  // extremes on the stack, a load and a store each per vertex and pair).
  for (int j = 0; j < (n + 1) / 2; ++j) {
    const v128_t dx = wasm_v128_load(bx + 2 * j), dy = wasm_v128_load(by + 2 * j), dz = wasm_v128_load(bz + 2 * j);
    v128_t low = wasm_f64x2_splat(std::numeric_limits<double>::infinity());
    v128_t high = wasm_f64x2_splat(-std::numeric_limits<double>::infinity());
    for (int v = 0; v < vertexCount; ++v) {
      const Vec3 x = vertex[v];
      const v128_t s = wasm_f64x2_add(
          wasm_f64x2_add(wasm_f64x2_mul(dx, wasm_f64x2_splat(x.x)), wasm_f64x2_mul(dy, wasm_f64x2_splat(x.y))),
          wasm_f64x2_mul(dz, wasm_f64x2_splat(x.z)));
      low = wasm_f64x2_pmin(low, s);    // lesser(low, s)
      high = wasm_f64x2_pmax(high, s);  // greater(high, s)
    }
    wasm_v128_store(least + 2 * j, low), wasm_v128_store(most + 2 * j, high);
  }
#else
  for (int i = 0; i < n; ++i)
    least[i] = std::numeric_limits<double>::infinity(), most[i] = -std::numeric_limits<double>::infinity();
  for (int v = 0; v < vertexCount; ++v) {
    const Vec3 x = vertex[v];
    for (int i = 0; i < n; ++i) {
      const double s = dot(Vec3{bx[i], by[i], bz[i]}, x);
      least[i] = lesser(least[i], s);
      most[i] = greater(most[i], s);
    }
  }
#endif
  for (int i = 0; i < n; ++i) {
    const double offset = dot(toVec3(dirs[i]), shift);
    lo[i] = least[i] + offset, hi[i] = most[i] + offset;
  }
}

Kdop transformed(const Kdop& kdop, const RigidTransform& t) {
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  transformedSlabs(kdop, t, lo, hi);
  // The slabs of a point set's own extremes always intersect: this cannot fail.
  return makeKdop(kdop.k, lo, hi, kdop.slabCount()).value();
}

Volume transformed(const Volume& v, const RigidTransform& t) {
  return std::visit([&](const auto& shape) -> Volume { return transformed(shape, t); }, v);
}

Aabb transformedBounds(const Volume& v, const RigidTransform& t) {
  if (const Kdop* kdop = std::get_if<Kdop>(&v)) {
    // From the transformed vertices themselves: tighter than the bounds of the enclosing k-DOP.
    Vec3 lo = applyPose(t, kdopVertex(*kdop, 0)), hi = lo;
    for (int i = 1; i < kdop->vertexCount; ++i) {
      const Vec3 p = applyPose(t, kdopVertex(*kdop, i));
      lo = min(lo, p);
      hi = max(hi, p);
    }
    return {lo, hi};
  }
  return std::visit([&](const auto& shape) { return boundingBox(transformed(shape, t)); }, v);
}

}  // namespace sepaxis
