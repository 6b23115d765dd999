// Closest points of triangles and segments. Everything is computed relative to a corner, so that
// triangles far from the origin keep their size, and without dividing by the triangle's area, so
// that slivers and collinear corners need no case of their own.

#include "closest.h"
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

}  // namespace

Vec3 offsetFromClosest(const Triangle& t, Vec3 p) {
  Vec3 best = offsetFromSegment(t.a, t.b - t.a, p);
  const Vec3 second = offsetFromSegment(t.b, t.c - t.b, p), third = offsetFromSegment(t.c, t.a - t.c, p);
  if (lengthSquared(second) < lengthSquared(best)) best = second;
  if (lengthSquared(third) < lengthSquared(best)) best = third;
  const Vec3 n = scaledNormal(t);
  // Inside all three sides (seen along the normal): the offset is p's height over the plane. Only
  // signs count here, so each factor is scaled on its own (no product overflows or underflows).
  // Outside, the nearest side's point is the answer whether the triangle has a plane or not, so
  // the cheaper sides come first: most points a mesh's query tests lie outside.
  const Vec3 pa = p - t.a, pb = p - t.b, pc = p - t.c;
  const auto side = [&n](Vec3 e, Vec3 d) { return dot(cross(withUnitScale(e), withUnitScale(d)), n) >= 0; };
  const bool inside = side(t.b - t.a, pa) && side(t.c - t.b, pb) && side(t.a - t.c, pc);
  if (!inside || !triangleHasPlane(t)) return best;
  // The height measured from the nearest point of the sides rather than from a corner: the same
  // number in exact arithmetic (both are in the plane), but the normal of a sliver (width w of its
  // length) is off by ~eps / w, which a corner a length away turns into ~eps / w of the length, and
  // the nearest side's point, at most w away, into ~eps.
  const Vec3 unit = normalize(n);
  const Vec3 height = unit * dot(best, unit);
  return lengthSquared(height) <= lengthSquared(best) ? height : best;
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
