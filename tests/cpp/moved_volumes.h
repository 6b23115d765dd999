#pragma once
// Volumes moved along a vector, grown or shrunk on every side, and their supports: what the
// sweep tests' oracles (sweep_test.cpp, sweep_triangle_test.cpp) test at a time of contact.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <variant>

#include "sepaxis/sepaxis.h"

namespace sepaxis::sweep_testing {

inline Volume moved(const Volume& v, Vec3 d) {
  if (const auto* t = std::get_if<Triangle>(&v)) return Triangle{t->a + d, t->b + d, t->c + d};
  if (const auto* s = std::get_if<Sphere>(&v)) return Sphere{s->center + d, s->radius};
  if (const auto* b = std::get_if<Aabb>(&v)) return Aabb{b->min + d, b->max + d};
  if (const auto* o = std::get_if<Obb>(&v)) {
    Obb r = *o;
    r.center = r.center + d;
    return r;
  }
  const Kdop& k = std::get<Kdop>(v);
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int i = 0; i < k.slabCount(); ++i) {
    const double shift = dot(toVec3(kdopDirections(k.k)[i]), d);
    lo[i] = k.min[i] + shift, hi[i] = k.max[i] + shift;
  }
  return makeKdop(k.k, lo, hi, k.slabCount()).value();
}

// A volume that is not a triangle, grown (delta > 0) or shrunk by |delta| on every side; nullopt
// when nothing is left.
inline std::optional<Volume> grown(const Volume& v, double delta) {
  if (const auto* s = std::get_if<Sphere>(&v)) {
    if (s->radius + delta < 0) return std::nullopt;
    return Sphere{s->center, s->radius + delta};
  }
  if (const auto* b = std::get_if<Aabb>(&v)) {
    const Aabb r{b->min - Vec3{delta, delta, delta}, b->max + Vec3{delta, delta, delta}};
    if (r.min.x > r.max.x || r.min.y > r.max.y || r.min.z > r.max.z) return std::nullopt;
    return r;
  }
  if (const auto* o = std::get_if<Obb>(&v)) {
    Obb r = *o;
    r.halfExtents = r.halfExtents + Vec3{delta, delta, delta};
    if (r.halfExtents.x < 0 || r.halfExtents.y < 0 || r.halfExtents.z < 0) return std::nullopt;
    return r;
  }
  const Kdop& k = std::get<Kdop>(v);
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int i = 0; i < k.slabCount(); ++i) {
    const double grow = delta * length(toVec3(kdopDirections(k.k)[i]));
    lo[i] = k.min[i] - grow, hi[i] = k.max[i] + grow;
  }
  auto made = makeKdop(k.k, lo, hi, k.slabCount());
  if (!made) return std::nullopt;
  return Volume(*made);
}

// max over the volume of x . n.
inline double support(const Volume& v, Vec3 n) {
  if (const auto* t = std::get_if<Triangle>(&v)) return std::max({dot(t->a, n), dot(t->b, n), dot(t->c, n)});
  if (const auto* s = std::get_if<Sphere>(&v)) return dot(s->center, n) + s->radius * length(n);
  if (const auto* b = std::get_if<Aabb>(&v)) {
    double r = 0;
    for (int i = 0; i < 3; ++i) r += n[i] > 0 ? b->max[i] * n[i] : b->min[i] * n[i];
    return r;
  }
  if (const auto* o = std::get_if<Obb>(&v)) {
    double r = dot(o->center, n);
    for (int i = 0; i < 3; ++i) r += o->halfExtents[i] * std::fabs(dot(o->axis[i], n));
    return r;
  }
  const Kdop& k = std::get<Kdop>(v);
  double r = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < k.vertexCount; ++i) r = std::max(r, dot(kdopVertex(k, i), n));
  return r;
}

}  // namespace sepaxis::sweep_testing
