// Closest points of triangles and segments. Everything is computed relative to a corner, so that
// triangles far from the origin keep their size, and without dividing by the triangle's area, so
// that slivers and collinear corners need no case of their own.

#include "closest.h"

#include <cmath>
#include "triangle_plane.h"

namespace sepaxis::detail {
namespace {

// p's offset from the nearest point of the segment from a to a + e (a point when e is zero).
Vec3 offsetFromSegment(Vec3 a, Vec3 e, Vec3 p) {
  const Vec3 d = p - a;
  const double ee = dot(e, e), de = dot(d, e);
  if (!(ee > 0) || de <= 0) return d;
  if (de >= ee) return d - e;
  return d - e * (de / ee);
}

// A total order of segments by their numbers (finite): equal segments are interchangeable.
bool comesBefore(const Segment& s, const Segment& r) {
  const Vec3 x[2] = {s.p, s.q}, y[2] = {r.p, r.q};
  for (int i = 0; i < 2; ++i)
    for (int c = 0; c < 3; ++c)
      if (x[i][c] != y[i][c]) return x[i][c] < y[i][c];
  return false;
}

// The offset from the nearest point of s to the nearest point of r (Ericson, Real-Time Collision
// Detection, 5.1.9): the parameter on s of the lines' nearest points, clamped, then the point of r
// nearest to that point, then the point of s nearest to that one.
Vec3 orderedGap(const Segment& s, const Segment& r) {
  const Vec3 d1 = s.q - s.p, d2 = r.q - r.p, w = s.p - r.p;
  const double a = dot(d1, d1), b = dot(d1, d2), c = dot(d1, w), e = dot(d2, d2), f = dot(d2, w);
  const double denom = a * e - b * b;
  double t = denom > 0 ? (b * f - c * e) / denom : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const Vec3 onS = s.p + d1 * t;
  const Vec3 onR = onS - offsetFromSegment(r.p, d2, onS);
  return offsetFromSegment(s.p, d1, onR);
}

// Which of the triangle's three sides surely have p's foot on their outer side, and which surely on
// their inner side (seen along the normal), by the signs of (e x (p - v)) . n, v the side's corner
// nearer p (the same number in exact arithmetic for either corner, but a point near a corner
// would leave the far one's unsure), each trusted only
// beyond a bound of its rounding: 2^-44 of |e| |p - v| |b - a| |c - a| (each length as its sum of
// magnitudes), where the rounding of the differences, the cross products and the dot product is
// under 2^-49 of it (as in the mesh's fartherThan). A side that clears the bound has the sign the
// exact triangle's has, so the triangle has a plane whenever one does. None is sure where a bound
// exceeds 2^900 (its products near overflow) or falls under 2^-900 (where the rounding of
// subnormal products is no longer relative).
struct Sides {
  unsigned outside = 0, inside = 0;  // bit k: side k (ab, bc, ca), surely
};

Sides sureSides(const Vec3 (&e)[3], const Vec3 (&d)[3]) {
  constexpr double kSlack = 0x1p-44, kTiny = 0x1p-900, kLarge = 0x1p900;
  const auto sum = [](Vec3 v) { return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z); };
  Sides sides;
  const Vec3 n = cross(e[0], -e[2]);
  const double m = kSlack * sum(e[0]) * sum(e[2]);
  const double near[3] = {sum(d[0]), sum(d[1]), sum(d[2])};
  for (int k = 0; k < 3; ++k) {
    const int v = near[(k + 1) % 3] < near[k] ? (k + 1) % 3 : k;
    const double slack = m * sum(e[k]) * near[v];
    if (!(slack >= kTiny && slack <= kLarge)) return {};
    const double value = dot(cross(e[k], d[v]), n);
    if (value < -slack) sides.outside |= 1u << k;
    if (value > slack) sides.inside |= 1u << k;
  }
  return sides;
}

// The nearest point of the sides in `mask` (bit k: side k, from corner k), the first of equals in
// the order ab, bc, ca.
Vec3 nearestSide(const Vec3 (&corner)[3], const Vec3 (&e)[3], Vec3 p, unsigned mask) {
  Vec3 best;
  double best2 = 0;
  bool first = true;
  for (int k = 0; k < 3; ++k) {
    if (!(mask >> k & 1)) continue;
    const Vec3 o = offsetFromSegment(corner[k], e[k], p);
    if (const double o2 = lengthSquared(o); first || o2 < best2) best = o, best2 = o2, first = false;
  }
  return best;
}

// Every side's nearest point, then the plane's where p's foot falls inside all three sides (known
// already where `inside`).
Vec3 fromEverySide(const Triangle& t, const Vec3 (&corner)[3], const Vec3 (&e)[3], const Vec3 (&d)[3], Vec3 p,
                   bool inside) {
  const Vec3 best = nearestSide(corner, e, p, 7u);
  // Inside all three sides (seen along the normal): the offset is p's height over the plane. Only
  // signs count here, so each factor is scaled on its own (no product overflows or underflows).
  // Outside, the nearest side's point is the answer whether the triangle has a plane or not.
  const Vec3 n = scaledNormal(t);
  if (!inside) {
    const auto side = [&n](Vec3 e, Vec3 d) { return dot(cross(withUnitScale(e), withUnitScale(d)), n) >= 0; };
    inside = side(e[0], d[0]) && side(e[1], d[1]) && side(e[2], d[2]);
  }
  if (!inside || !triangleHasPlane(t)) return best;
  // The height measured from the nearest point of the sides rather than from a corner: the same
  // number in exact arithmetic (both are in the plane), but the normal of a sliver (width w of its
  // length) is off by ~eps / w, which a corner a length away turns into ~eps / w of the length, and
  // the nearest side's point, at most w away, into ~eps.
  const Vec3 unit = normalize(n);
  const Vec3 height = unit * dot(best, unit);
  return lengthSquared(height) <= lengthSquared(best) ? height : best;
}

}  // namespace

Vec3 offsetFromClosest(const Triangle& t, Vec3 p) {
  const Vec3 corner[3] = {t.a, t.b, t.c};
  const Vec3 e[3] = {t.b - t.a, t.c - t.b, t.a - t.c}, d[3] = {p - t.a, p - t.b, p - t.c};
  // Most points a mesh's query tests lie surely outside a side: their nearest point is on the
  // sides they do not surely lie inside. The nearest point q of a triangle with a plane, to a
  // foot f outside it, lies on a side f is outside of: inside an edge, f - q is along that
  // side's outward normal; at a corner, it is in the cone of its two sides' outward normals,
  // u a + v b (u, v >= 0, not both 0, and a . b > -1), and (u a + v b) . a = u + v a . b,
  // (u a + v b) . b = v + u a . b cannot both be <= 0.
  // Two corners that coincide make the triangle a segment (or a point), without a plane: its
  // nearest point is its sides'.
  const auto zero = [](Vec3 v) { return v.x == 0 && v.y == 0 && v.z == 0; };
  if (zero(e[0]) || zero(e[1]) || zero(e[2])) return nearestSide(corner, e, p, 7u);
  const Sides sides = sureSides(e, d);
  if (sides.outside) return nearestSide(corner, e, p, ~sides.inside & 7u);
  return fromEverySide(t, corner, e, d, p, sides.inside == 7u);
}

Vec3 offsetFromEverySide(const Triangle& t, Vec3 p) {
  const Vec3 corner[3] = {t.a, t.b, t.c};
  const Vec3 e[3] = {t.b - t.a, t.c - t.b, t.a - t.c}, d[3] = {p - t.a, p - t.b, p - t.c};
  return fromEverySide(t, corner, e, d, p, false);
}

Segment segmentOf(const Triangle& t) {
  const Vec3 ab = t.b - t.a, bc = t.c - t.b, ca = t.a - t.c;
  const double lab = lengthSquared(ab), lbc = lengthSquared(bc), lca = lengthSquared(ca);
  if (lab >= lbc && lab >= lca) return {t.a, t.b};
  if (lbc >= lca) return {t.b, t.c};
  return {t.c, t.a};
}

Vec3 segmentGap(const Segment& s, const Segment& r) {
  if (comesBefore(r, s)) return -orderedGap(r, s);
  return orderedGap(s, r);
}

}  // namespace sepaxis::detail
