#include "sepaxis/point_query.h"

#include <algorithm>
#include <cmath>

#include "closest.h"
#include "platform.h"
#include "range_scale.h"
#include "sepaxis/tolerance.h"

namespace sepaxis {
namespace detail {

namespace {

Vec3 closestOnSegment(Vec3 a, Vec3 b, Vec3 p) {
  const Vec3 ab = b - a;
  const double len2 = lengthSquared(ab);
  const double t = len2 > 0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  return a + ab * t;
}

}  // namespace

// The nearest point of a convex polytope lies in the relative interior of exactly one face, edge
// or vertex, and is the projection of p onto that feature. So the minimum over: projections onto
// every supporting slab plane that land inside the polytope, every edge segment, every vertex.
Vec3 offsetFromClosest(const Kdop& kdop, Vec3 p) {
  if (contains(kdop, p)) return {};
  const Vec3 q = p - kdop.origin;
  const KdopDirection* dirs = kdopDirections(kdop.k);
  const int n = kdop.slabCount();

  double extent = 0;
  for (int i = 0; i < n; ++i) extent = std::max({extent, std::fabs(kdop.localMin[i]), std::fabs(kdop.localMax[i])});
  const double tol = tolerance::kKdopFaceFoot * extent;

  Vec3 best = kdop.vertex[0];
  double bestDist = lengthSquared(q - best);
  auto consider = [&](Vec3 x) {
    const double d2 = lengthSquared(q - x);
    if (d2 < bestDist) bestDist = d2, best = x;
  };
  for (int v = 0; v < kdop.vertexCount; ++v) {
    consider(kdop.vertex[v]);
    for (uint64_t bits = kdop.adjacent[v] >> (v + 1); bits;) {
      const int w = v + 1 + detail::countTrailingZeros(bits);
      bits &= bits - 1;
      consider(closestOnSegment(kdop.vertex[v], kdop.vertex[w], q));
    }
  }
  for (int i = 0; i < n; ++i) {
    const Vec3 d = toVec3(dirs[i]);
    const double dd = lengthSquared(d);
    const double s = dot(d, q);
    for (const double h : {kdop.localMin[i], kdop.localMax[i]}) {
      const Vec3 x = q - d * ((s - h) / dd);
      bool inside = true;
      for (int j = 0; j < n && inside; ++j) {
        const Vec3 e = toVec3(dirs[j]);
        const double t = dot(e, x);
        const double slack = tol * std::sqrt(lengthSquared(e));
        inside = t >= kdop.localMin[j] - slack && t <= kdop.localMax[j] + slack;
      }
      if (inside) consider(x);
    }
  }
  return q - best;
}

}  // namespace detail

// Queries far outside the ordinary range are answered scaled (range_scale.h): p - centre, the
// projections and squared distances would overflow or underflow. AABBs need no care: they only
// compare. Out of line: rare.
namespace {
template <class V>
SEPAXIS_NOINLINE bool containsScaled(const V& v, Vec3 p, double f) {
  return contains(detail::scaled(v, f), p * f);
}
template <class V>
SEPAXIS_NOINLINE Vec3 closestPointScaled(const V& v, Vec3 p, double f) {
  return closestPoint(detail::scaled(v, f), p * f) * (1 / f);
}
}  // namespace

bool contains(const Sphere& s, Vec3 p) {
  if (const double f = detail::queryScale(detail::magnitude(s), p); f != 1) return containsScaled(s, p, f);
  return withinDistance(p - s.center, s.radius);
}

bool contains(const Aabb& box, Vec3 p) {
  return p.x >= box.min.x && p.x <= box.max.x && p.y >= box.min.y && p.y <= box.max.y && p.z >= box.min.z &&
         p.z <= box.max.z;
}

bool contains(const Obb& box, Vec3 p) {
  if (const double f = detail::queryScale(detail::magnitude(box), p); f != 1) return containsScaled(box, p, f);
  const Vec3 d = p - box.center;
  for (int i = 0; i < 3; ++i)
    if (std::fabs(dot(d, box.axis[i])) > box.halfExtents[i]) return false;
  return true;
}

bool contains(const Kdop& kdop, Vec3 p) {
  if (const double f = detail::queryScale(detail::magnitude(kdop), p); f != 1) return containsScaled(kdop, p, f);
  const KdopDirection* dirs = kdopDirections(kdop.k);
  for (int i = 0; i < kdop.slabCount(); ++i) {
    const double s = dot(toVec3(dirs[i]), p);
    if (s < kdop.min[i] || s > kdop.max[i]) return false;
  }
  return true;
}

bool contains(const Triangle& t, Vec3 p) {
  if (const double f = detail::queryScale(detail::magnitude(t), p); f != 1) return containsScaled(t, p, f);
  if (!isFinite(p)) return false;
  const Vec3 box = abs(t.b - t.a) + abs(t.c - t.b) + abs(t.a - t.c);
  const double reach = maxComponent(box) + maxComponent(max(abs(t.a), max(abs(t.b), abs(t.c))));
  return withinDistance(detail::offsetFromClosest(t, p), tolerance::kTrianglePlane * reach);
}

bool contains(const Volume& v, Vec3 p) {
  return std::visit([&](const auto& shape) { return contains(shape, p); }, v);
}

Vec3 closestPoint(const Sphere& s, Vec3 p) {
  if (const double f = detail::queryScale(detail::magnitude(s), p); f != 1) return closestPointScaled(s, p, f);
  const Vec3 d = p - s.center;
  if (withinDistance(d, s.radius)) return p;
  return s.center + normalize(d) * s.radius;
}

Vec3 closestPoint(const Aabb& box, Vec3 p) { return min(max(p, box.min), box.max); }  // exact, unlike p - offset
Vec3 closestPoint(const Obb& box, Vec3 p) {
  if (const double f = detail::queryScale(detail::magnitude(box), p); f != 1) return closestPointScaled(box, p, f);
  return p - detail::offsetFromClosest(box, p);
}
Vec3 closestPoint(const Kdop& kdop, Vec3 p) {
  if (const double f = detail::queryScale(detail::magnitude(kdop), p); f != 1) return closestPointScaled(kdop, p, f);
  return p - detail::offsetFromClosest(kdop, p);
}

Vec3 closestPoint(const Triangle& t, Vec3 p) {
  if (const double f = detail::queryScale(detail::magnitude(t), p); f != 1) return closestPointScaled(t, p, f);
  return p - detail::offsetFromClosest(t, p);
}

Vec3 closestPoint(const Volume& v, Vec3 p) {
  return std::visit([&](const auto& shape) { return closestPoint(shape, p); }, v);
}

}  // namespace sepaxis
