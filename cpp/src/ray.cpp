#include "platform.h"
#include "sepaxis/ray.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "sepaxis/point_query.h"
#include "range_scale.h"
#include "triangle_plane.h"
#include "triangle_ray.h"

namespace sepaxis {
namespace {

// Clips the ray's parameter range [enter, exit] to one slab lo <= n . x <= hi, given the slab
// coordinate of the origin (start) and its rate along the unit direction (rate). A ray parallel
// to the slab (rate == 0) is inside it for all t or for none: no division by zero.
struct Clip {
  double enter = 0, exit;
  Vec3 normal;  // of the plane the ray enters through last; zero while that is the origin
  bool empty = false;

  explicit Clip(double maxDistance) : exit(maxDistance) {}

  void slab(Vec3 n, double start, double rate, double lo, double hi) {
    if (rate == 0) {
      if (start < lo || start > hi) empty = true;
      return;
    }
    const double tLo = (lo - start) / rate, tHi = (hi - start) / rate;
    const double tIn = lesser(tLo, tHi), tOut = greater(tLo, tHi);
    if (tIn > enter) {
      enter = tIn;
      normal = rate > 0 ? -n : n;  // entering through the low side means facing -n
    }
    exit = lesser(exit, tOut);
    if (enter > exit) empty = true;
  }

  RayHit hit(Vec3 origin, Vec3 unit) const {
    RayHit h;
    if (empty) return h;
    h.hit = true;
    h.distance = enter;
    h.point = origin + unit * enter;
    h.startsInside = enter == 0 && normal == Vec3{};
    h.normal = h.startsInside ? Vec3{} : normalize(normal);
    return h;
  }
};

bool usable(Vec3 direction, double maxDistance) {
  return isFinite(direction) && maxComponent(abs(direction)) > 0 && !(maxDistance < 0) && !std::isnan(maxDistance);
}

// A cast far outside the ordinary range goes scaled by f (range_scale.h): origin - centre, the slab
// offsets and the distances would overflow or underflow. Distances scale with the scene (and so
// does maxDistance); directions do not.
template <class V>
double castScale(const V& v, Vec3 origin) {
  return detail::queryScale(detail::magnitude(v), origin);
}
inline RayHit scaledBack(RayHit h, double f) {
  h.distance *= 1 / f;
  h.point = h.point * (1 / f);
  return h;
}
template <class V>
SEPAXIS_NOINLINE RayHit castScaled(const V& v, Vec3 origin, Vec3 direction, double maxDistance, double f) {
  return scaledBack(raycast(detail::scaled(v, f), origin * f, direction, maxDistance * f), f);
}

}  // namespace

RayHit raycast(const Sphere& s, Vec3 origin, Vec3 direction, double maxDistance) {
  if (const double f = castScale(s, origin); f != 1) return castScaled(s, origin, direction, maxDistance, f);
  RayHit h;
  if (!usable(direction, maxDistance)) return h;
  const Vec3 u = normalize(direction);
  const Vec3 f = origin - s.center;
  if (withinDistance(f, s.radius)) return {true, 0, origin, {}, true, {}};
  const double b = dot(f, u);
  if (b > 0) return h;  // outside and pointing away
  // Haines et al., Ray Tracing Gems ch. 7: r^2 - |f - (f.u)u|^2 instead of b^2 - c, and the near
  // root as c / q, avoid the cancellation that costs ~1e-6 at distance 1e6.
  const Vec3 l = f - u * b;
  const double disc = (s.radius - length(l)) * (s.radius + length(l));
  if (disc < 0) return h;
  const double q = -b + std::sqrt(disc);
  const double c = (length(f) - s.radius) * (length(f) + s.radius);
  const double t = q > 0 ? greater(0.0, c / q) : 0.0;
  if (t > maxDistance) return h;
  h.hit = true;
  h.distance = t;
  h.point = origin + u * t;
  const Vec3 n = normalize(h.point - s.center);
  h.normal = lengthSquared(n) > 0 ? n : -u;  // a zero-radius sphere has no surface normal of its own
  return h;
}

RayHit raycast(const Aabb& box, Vec3 origin, Vec3 direction, double maxDistance) {
  if (const double f = castScale(box, origin); f != 1) return castScaled(box, origin, direction, maxDistance, f);
  if (!usable(direction, maxDistance)) return {};
  const Vec3 u = normalize(direction);
  Clip clip(maxDistance);
  for (int i = 0; i < 3 && !clip.empty; ++i) {
    Vec3 n;
    n[i] = 1;
    clip.slab(n, origin[i], u[i], box.min[i], box.max[i]);
  }
  return clip.hit(origin, u);
}

RayHit raycast(const Obb& box, Vec3 origin, Vec3 direction, double maxDistance) {
  if (const double f = castScale(box, origin); f != 1) return castScaled(box, origin, direction, maxDistance, f);
  if (!usable(direction, maxDistance)) return {};
  const Vec3 u = normalize(direction);
  const Vec3 d = origin - box.center;
  Clip clip(maxDistance);
  for (int i = 0; i < 3 && !clip.empty; ++i)
    clip.slab(box.axis[i], dot(d, box.axis[i]), dot(u, box.axis[i]), -box.halfExtents[i], box.halfExtents[i]);
  return clip.hit(origin, u);
}

RayHit raycast(const Kdop& kdop, Vec3 origin, Vec3 direction, double maxDistance) {
  if (const double f = castScale(kdop, origin); f != 1) return castScaled(kdop, origin, direction, maxDistance, f);
  if (!usable(direction, maxDistance)) return {};
  const Vec3 u = normalize(direction);
  const Vec3 d = origin - kdop.origin;
  const KdopDirection* dirs = kdopDirections(kdop.k);
  Clip clip(maxDistance);
  for (int i = 0; i < kdop.slabCount() && !clip.empty; ++i) {
    const Vec3 n = toVec3(dirs[i]);
    const double shift = dot(n, kdop.origin);
    clip.slab(n, dot(n, d), dot(n, u), kdop.min[i] - shift, kdop.max[i] - shift);
  }
  return clip.hit(origin, u);
}

namespace {

// Whether an edge function of exactly zero counts as inside: the edge from p to q (projected onto
// the ray's plane, in the orientation that makes the inside positive) belongs to the triangle
// when it points down, or along +x. Of two triangles on either side of a shared edge, which run
// along it in opposite directions, exactly one owns it; around a shared vertex, exactly one.
bool ownsEdge(double px, double py, double qx, double qy) {
  const double dx = qx - px, dy = qy - py;
  return dy < 0 || (dy == 0 && dx > 0);
}

// A ray in the triangle's plane (or a degenerate triangle's line): the first point where it meets
// an edge, each edge a segment from p along e.
RayHit castInPlane(const Triangle& t, Vec3 origin, Vec3 u, double maxDistance) {
  RayHit h;
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) {
    const Vec3 p = t[i] - origin, e = t[(i + 1) % 3] - t[i];
    const Vec3 n = cross(u, e);
    double at = -1;
    if (n == Vec3{}) {
      // Along the ray's line: the nearer end ahead, or 0 when the segment spans the origin.
      if (cross(p, u) != Vec3{}) continue;
      const double s0 = dot(p, u), s1 = dot(p + e, u);
      if (greater(s0, s1) < 0) continue;
      at = (s0 <= 0) != (s1 <= 0) ? 0 : lesser(s0, s1);
    } else {
      if (dot(p, n) != 0) continue;  // the lines miss each other
      const double nn = dot(n, n);
      const double s = dot(cross(p, u), n) / nn;
      if (s < 0 || s > 1) continue;
      at = dot(cross(p, e), n) / nn;
      if (at < 0) continue;
    }
    if (at < best) best = at;
  }
  if (!isFinite(best) || best > maxDistance) return h;  // no edge met, or beyond maxDistance
  h.hit = true;
  h.distance = best;
  h.point = origin + u * best;
  h.startsInside = best == 0;
  h.normal = h.startsInside ? Vec3{} : -u;
  return h;
}

// The hit as the corners weighted by the edge functions is a point of the triangle whatever the
// rounding (Woop et al.'s sum of the weighted z coordinates over det is not, on a sliver). But on a
// sliver (width w of its length) the weights carry errors of ~eps / w, and so does the point: it
// slides along the sliver, off the ray (a third of the length at w = 1e-16). Those errors move it
// along the sliver, so a step along each edge in turn to the point nearest the ray (each clamped
// so that the weights stay in [0, 1]: the point stays in the triangle) takes them back out,
// leaving ~eps of the size. Only slivers take the steps: on a fat triangle met at a grazing angle
// the weights are as good as the hit's distance can be, and a step along an edge nearly parallel to
// the ray would only add rounding. The corners are relative to the ray's origin, of the order of 1.
Vec3 slideOntoRay(Vec3 weights, const Vec3 (&corner)[3], Vec3 u) {
  const double sum = weights.x + weights.y + weights.z;
  double w[3] = {weights.x / sum, weights.y / sum, weights.z / sum};
  const Vec3 ab = corner[1] - corner[0], ac = corner[2] - corner[0], bc = corner[2] - corner[1];
  const double longest = greater(lengthSquared(ab), greater(lengthSquared(ac), lengthSquared(bc)));
  // Wider than kFatTriangle of its length: the weights' errors, ~eps / kFatTriangle, are small.
  constexpr double kFatTriangle = 1e-3;
  if (lengthSquared(cross(ab, ac)) >= kFatTriangle * kFatTriangle * longest * longest) return {w[0], w[1], w[2]};
  for (int k = 0; k < 3; ++k) {
    const int next = (k + 1) % 3;
    const Vec3 edge = corner[next] - corner[k];
    const Vec3 edgeAcross = edge - u * dot(edge, u);  // the edge as seen along the ray
    const double den = dot(edgeAcross, edgeAcross);
    if (den == 0) continue;
    const Vec3 hit = corner[0] * w[0] + corner[1] * w[1] + corner[2] * w[2];
    const Vec3 off = hit - u * dot(hit, u);  // from the ray to the hit, across the ray
    const double step = std::clamp(-dot(off, edgeAcross) / den, -w[next], w[k]);
    w[k] -= step, w[next] += step;
  }
  return {w[0], w[1], w[2]};
}

// The cast on corners relative to the origin of the order of 1 (the largest in [1, 2)): the edge
// functions below are products of two coordinates and the distance one of three.
RayHit castAtUnitScale(const Triangle& t, Vec3 origin, const detail::TriangleRay& ray, double maxDistance) {
  const Vec3 u = ray.unit;
  const int kx = ray.kx, ky = ray.ky, kz = ray.kz;
  const double sx = ray.sx, sy = ray.sy;
  const Vec3 a = t.a - origin, b = t.b - origin, c = t.c - origin;
  const double ax = a[kx] - sx * a[kz], ay = a[ky] - sy * a[kz];
  const double bx = b[kx] - sx * b[kz], by = b[ky] - sy * b[kz];
  const double cx = c[kx] - sx * c[kz], cy = c[ky] - sy * c[kz];
  double eu = cx * by - cy * bx, ev = ax * cy - ay * cx, ew = bx * ay - by * ax;
  const double det = eu + ev + ew;
  if (det == 0) return castInPlane(t, origin, u, maxDistance);
  // Inside is positive: a triangle facing the other way has its edge functions and edges turned.
  const double sign = det > 0 ? 1 : -1;
  eu *= sign, ev *= sign, ew *= sign;
  const auto inside = [sign](double e, double px, double py, double qx, double qy) {
    return e > 0 || (e == 0 && (sign > 0 ? ownsEdge(px, py, qx, qy) : ownsEdge(qx, qy, px, py)));
  };
  RayHit h;
  if (!inside(eu, bx, by, cx, cy) || !inside(ev, cx, cy, ax, ay) || !inside(ew, ax, ay, bx, by)) return h;
  const Vec3 corner[3] = {a, b, c};
  const Vec3 w = slideOntoRay(Vec3{eu, ev, ew}, corner, u);
  const Vec3 hit = a * w.x + b * w.y + c * w.z;
  const double distance = dot(hit, u);
  if (!(distance >= 0) || distance > maxDistance) return h;
  h.hit = true;
  h.distance = distance;
  h.point = origin + u * distance;
  h.barycentric = w;
  h.startsInside = distance == 0;
  const Vec3 n = normalize(detail::scaledNormal(t));
  h.normal = h.startsInside ? Vec3{} : dot(n, u) > 0 ? -n : n;
  return h;
}

}  // namespace

detail::TriangleRay detail::triangleRay(Vec3 origin, Vec3 direction) {
  TriangleRay r;
  r.origin = origin, r.direction = direction;
  const Vec3 u = normalize(direction);
  r.unit = u;
  // Woop, Benthin & Wald: the ray's largest component is z (the axes renamed, keeping the
  // winding), then a shear makes the ray the z axis, and the corners' 2D edge functions decide.
  const Vec3 au = abs(u);
  r.kz = au.x > au.y ? (au.x > au.z ? 0 : 2) : (au.y > au.z ? 1 : 2);
  r.kx = (r.kz + 1) % 3, r.ky = (r.kx + 1) % 3;
  if (u[r.kz] < 0) std::swap(r.kx, r.ky);
  r.sx = u[r.kx] / u[r.kz], r.sy = u[r.ky] / u[r.kz];
  return r;
}

RayHit detail::raycast(const Triangle& t, const TriangleRay& ray, double maxDistance) {
  const Vec3 origin = ray.origin;
  if (const double f = castScale(t, origin); f != 1) return castScaled(t, origin, ray.direction, maxDistance, f);
  // The edge functions are products of two coordinates and the distance one of three: a triangle
  // 1e120 away would give 1e360. They are computed on the corners relative to the origin scaled by
  // a power of two (exact) to the order of 1, the distance scaled back at the end.
  const Vec3 ra = t.a - origin, rb = t.b - origin, rc = t.c - origin;
  const double reach = greater(maxComponent(abs(ra)), greater(maxComponent(abs(rb)), maxComponent(abs(rc))));
  if (reach == 0) return castInPlane(t, origin, ray.unit, maxDistance);
  const int e = detail::binaryExponent(reach);
  if (e == 0) return castAtUnitScale(t, origin, ray, maxDistance);
  const auto down = [e](Vec3 v) {
    return Vec3{detail::timesPowerOfTwo(v.x, -e), detail::timesPowerOfTwo(v.y, -e), detail::timesPowerOfTwo(v.z, -e)};
  };
  RayHit h =
      castAtUnitScale(Triangle{down(ra), down(rb), down(rc)}, Vec3{}, ray, detail::timesPowerOfTwo(maxDistance, -e));
  if (!h.hit) return h;
  h.distance = detail::timesPowerOfTwo(h.distance, e);
  h.point = origin + ray.unit * h.distance;
  return h;
}

RayHit raycast(const Triangle& t, Vec3 origin, Vec3 direction, double maxDistance) {
  if (!usable(direction, maxDistance) || !isFinite(origin)) return {};
  return detail::raycast(t, detail::triangleRay(origin, direction), maxDistance);
}

RayHit raycast(const Volume& v, Vec3 origin, Vec3 direction, double maxDistance) {
  return std::visit([&](const auto& shape) { return raycast(shape, origin, direction, maxDistance); }, v);
}

RayHit segmentCast(const Volume& v, Vec3 p, Vec3 q) {
  // q - p would overflow or underflow: the segment goes scaled.
  if (isFinite(q)) {
    if (const double f = detail::queryScale(detail::magnitude(v) + detail::magnitude(q), p); f != 1)
      return scaledBack(segmentCast(detail::scaled(v, f), p * f, q * f), f);
  }
  const Vec3 d = q - p;
  const double len = length(d);
  if (len == 0) {
    if (!contains(v, p)) return {};
    return {true, 0, p, {}, true, {}};
  }
  return raycast(v, p, d, len);
}

}  // namespace sepaxis
