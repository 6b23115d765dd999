#include "sepaxis/sweep.h"

#include <cmath>
#include <limits>

#include "sepaxis/overlap.h"
#include "sepaxis/ray.h"

#include "closest.h"
#include "pair_order.h"
#include "sat.h"
#include "sphere_axes.h"
#include "sweep_axes.h"
#include "sweep_boxes.h"
#include "triangle_axes.h"
#include "validate.h"

namespace sepaxis {
namespace {

// One division and three products: divisions are the slowest arithmetic on a sweep's path.
SEPAXIS_ALWAYS_INLINE Vec3 unitOrZero(Vec3 v) {
  // Decided on the square, so that the choice does not wait for the root: sqrt(l2) is positive
  // and finite exactly where l2 is.
  const double l2 = lengthSquared(v);
  return l2 > 0 && l2 <= std::numeric_limits<double>::max() ? v * (1 / std::sqrt(l2)) : l2 > 0 ? normalize(v) : Vec3{};
}

// A sign-free order of axes, for choices between equal numbers that must not depend on the order
// the axes are visited in (the polytope pairs visit them in the caller's order, some negated).
Vec3 signFree(Vec3 l) {
  const double first = l.x != 0 ? l.x : l.y != 0 ? l.y : l.z;
  return first < 0 ? -l : l;
}
bool greaterKey(Vec3 p, Vec3 q) {
  if (p.x != q.x) return p.x > q.x;
  if (p.y != q.y) return p.y > q.y;
  return p.z > q.z;
}

// The least-depth direction of an overlapping pair, from the first to the second, over axes with
// the first covering [a0, a1] and the second [b0, b1] (collide()'s penetration normal). The
// polytope pairs visit their axes in the caller's order, so that both orders pick the same axis
// the choice must not depend on it: equal depths go to the greater axis in a sign-free order,
// and an axis on which the second is centred on the first (forward = backward) is oriented by the
// relative motion w, then by the offset of the references, both of which flip with the order.
struct LeastDepth {
  double depth = kInfinity;
  Vec3 key;  // the chosen axis with its first non-zero component positive
  Vec3 normal;
  Vec3 w, offset;

  void add(Vec3 l, double a0, double a1, double b0, double b1) {
    const double len = length(l);
    const double forward = (a1 - b0) / len, backward = (b1 - a0) / len;
    const double d = lesser(forward, backward);
    const Vec3 k = signFree(l);
    if (!(d < depth || (d == depth && greaterKey(k, key)))) return;
    depth = d, key = k;
    double side = backward - forward;  // > 0: the second lies up the axis
    if (side == 0) side = -dot(w, l);
    if (side == 0) side = dot(offset, l);
    normal = side > 0 ? l / len : side < 0 ? -l / len : Vec3{};
  }
};

// Inline: called out of line, its answer went back through memory in pieces that the caller read
// whole, a store the processor could not forward (stalls of tens of cycles a sweep).
SEPAXIS_ALWAYS_INLINE SweepHit hitAt(double time, Vec3 normalFirstToSecond, bool swapped) {
  // Negated by a product rather than a branch: which box comes first varies from pair to pair.
  return {true, time, unitOrZero(normalFirstToSecond) * (swapped ? -1.0 : 1.0)};
}

// ---- Box pairs (AABB-OBB, OBB-OBB): sweep_boxes.h, in the frame of the first box of the pair
// (pair_order.h), so that both orders compute the same numbers.

template <class F, class S>
SweepHit sweepBoxes(const F& first, const S& second, Vec3 w, double maxTime, bool swapped) {
  const detail::BoxContact c = detail::sweepBoxes(first, second, w, maxTime);
  return c.hit ? hitAt(c.time, c.normal, swapped) : SweepHit{};
}

SweepHit sweepBoxPair(const Aabb& a, const Obb& b, Vec3 w, double t, bool swapped) {
  return sweepBoxes(a, b, w, t, swapped);
}
// One call, on the two boxes selected (as overlaps() does): the order varies from pair to pair.
SweepHit sweepBoxPair(const Obb& a, const Obb& b, Vec3 w, double t, bool swapped) {
  const bool swap = detail::testedSwapped(a, b);
  return sweepBoxes(swap ? b : a, swap ? a : b, w * (swap ? -1.0 : 1.0), t, swap != swapped);
}

// ---- Other polytope pairs (with a k-DOP, two AABBs): the candidate axes of sat.h, projected
// relative to the pair's midpoint (two AABBs: their raw coordinates), as overlaps() does.

// Two degenerate triangles (segments or points): their static closest-point axis turns as they
// move, so it is replaced by axes that serve every time. Together with the edges' cross product
// they separate the moving point w t from the Minkowski difference of the segments whenever it lies
// outside: a parallelogram (non-parallel segments) needs its plane's normal n and its sides'
// normals n × dA, n × dB; a segment along d (parallel segments, a point and a segment) needs d, the
// normal m = d × w of the plane the motion sweeps and m × d, or with m = 0 (motion along d) the
// offset of the lines across d, which the motion keeps; a point (two points) needs w and the
// offset across w. Each is computed from the pair as a whole (exact negation in the other order).
bool longerDirection(Vec3 p, Vec3 q) {
  const double lp = lengthSquared(p), lq = lengthSquared(q);
  return lp != lq ? lp > lq : greaterKey(signFree(p), signFree(q));
}
bool crossIsZero(Vec3 c, Vec3 p, Vec3 q) {
  return lengthSquared(c) <= tolerance::kZeroCrossSquared * lengthSquared(p) * lengthSquared(q);
}
Vec3 across(Vec3 r, Vec3 u) { return r - u * (dot(r, u) / dot(u, u)); }

template <class Visit>
void forEachDegenerateAxis(const Triangle& ta, const Triangle& tb, Vec3 w, Visit&& visit) {
  const detail::Segment sa = detail::segmentOf(ta), sb = detail::segmentOf(tb);
  const Vec3 da = sa.q - sa.p, db = sb.q - sb.p;
  const Vec3 n = cross(da, db);
  if (!crossIsZero(n, da, db)) {
    visit(n), visit(cross(n, da)), visit(cross(n, db));
    return;
  }
  const Vec3 d = longerDirection(da, db) ? da : db;
  const Vec3 offset = sb.p - sa.p;
  if (lengthSquared(d) > 0) {
    visit(d);
    const Vec3 m = cross(d, w);
    if (!crossIsZero(m, d, w)) {
      visit(m), visit(cross(m, d));
    } else {
      visit(across(offset, d));
    }
    return;
  }
  if (lengthSquared(w) > 0) {
    visit(w), visit(across(offset, w));
  } else {
    visit(offset);
  }
}

// The pair's axes for a sweep: the static candidates (triangle_axes.h), whose directions do not
// change under translation, except the closest-point axis of two degenerate triangles.
template <class Visit>
void forEachSweptAxis(const detail::Polytope& a, const detail::Polytope& b, Vec3 w, Visit&& visit) {
  bool closest = false;
  detail::forEachPolytopeAxis(a, b, [&](const detail::CandidateAxis& c) {
    if (!c.closest) return visit(c);
    closest = true;
    return false;
  });
  if (!closest) return;
  bool stopped = false;
  forEachDegenerateAxis(*a.triangle, *b.triangle, w, [&](Vec3 axis) {
    detail::CandidateAxis c;
    c.axis = axis;
    c.parallel = axis == Vec3{};
    if (!stopped) stopped = visit(c);
  });
}

SweepHit sweepPolytopes(const detail::Polytope& a, const detail::Polytope& b, Vec3 w, double maxTime) {
  using Kind = detail::Polytope::Kind;
  const Vec3 origin = a.kind == Kind::Aabb && b.kind == Kind::Aabb ? Vec3{} : detail::pairOrigin(a, b);
  detail::SweptAxes swept(maxTime);
  Vec3 normal, key;
  forEachSweptAxis(a, b, w, [&](const detail::CandidateAxis& c) {
    if (c.parallel) return false;
    const detail::AxisProjection p = detail::projectPair(a, b, c, origin);
    const double s = dot(w, c.axis);
    const detail::TimeInterval t = detail::overlapTimes(p.a.min, p.a.max, p.b.min, p.b.max, s);
    const bool tie = t.enter == swept.enter && t.enter > 0 && greaterKey(signFree(c.axis), key);
    if (swept.add(t) || tie) normal = detail::orientedAxis(c.axis, s), key = signFree(c.axis);
    return swept.missed();
  });
  if (swept.missed()) return {};
  if (swept.enter > 0) return hitAt(swept.enter, normal, false);
  LeastDepth least;
  least.w = w, least.offset = b.reference() - a.reference();
  forEachSweptAxis(a, b, w, [&](const detail::CandidateAxis& c) {
    if (c.parallel) return false;
    const detail::AxisProjection p = detail::projectPair(a, b, c, origin);
    least.add(c.axis, p.a.min, p.a.max, p.b.min, p.b.max);
    return false;
  });
  return hitAt(0, least.normal, false);
}

// ---- A sphere against a polytope: the sphere's centre, moving at w relative to the polytope,
// cast against the polytope grown by the radius (the Minkowski sum with the ball). The sum is the
// union of the polytope, its faces pushed out by r (prisms), its edges grown into cylinders and
// its vertices into balls, so its entry time is the least of the pieces'. The sum lies within
// the polytope's slabs each widened by r |n|: the ray enters those at t0 (the slab method), and a
// pushed-out face can only be entered there (inside the slabs a ray never crosses a slab's plane
// inward again); so the contact is at t0 when the entry point is within r of the polytope, and
// otherwise the first entry into an edge's cylinder or a vertex's ball.

// The sphere's relative velocity and time range, and the polytope's reference point, near which
// every position is taken (relative coordinates lose nothing to large ones).
struct Cast {
  Vec3 start;  ///< the centre relative to the polytope's reference point
  Vec3 w;
  double maxTime;
  double radius;
};

// Within this share of the pair's size, the grown slabs' entry point counts as on the pushed-out
// face: its distance is r up to the rounding of a few operations (~1e-16 of the size), and a
// point that far outside the sum is within the exactness contract (kTouchingBand, 1e-6) anyway.
constexpr double kOnFace = 1e-10;

// The entry time of the ray into the cylinder of radius r around the line through v0, v1, when
// the entry point lies between them; inf when none. The motion across the line is a 2D cast
// against a circle, solved as raycast(Sphere) is (Haines et al., Ray Tracing Gems ch. 7: no
// cancellation between the distance's square and the radius's).
double cylinderEntry(const Cast& c, Vec3 v0, Vec3 v1) {
  const Vec3 d = v1 - v0;
  const double dd = dot(d, d);
  if (!(dd > 0)) return kInfinity;
  const Vec3 m = c.start - v0;
  const Vec3 mp = m - d * (dot(m, d) / dd), wp = c.w - d * (dot(c.w, d) / dd);
  const double speed = length(wp), across = length(mp);
  if (!(speed > 0) || across <= c.radius) return kInfinity;  // along the line, or already within
  const Vec3 u = wp / speed;
  const double b = dot(mp, u);
  if (b >= 0) return kInfinity;  // moving away from the line
  const double miss = length(mp - u * b);
  const double disc = (c.radius - miss) * (c.radius + miss);
  if (disc < 0) return kInfinity;
  const double q = -b + std::sqrt(disc);
  const double t = (across - c.radius) * (across + c.radius) / q / speed;
  const double along = dot(m + c.w * t, d) / dd;
  return along >= 0 && along <= 1 ? t : kInfinity;
}

double ballEntry(const Cast& c, Vec3 v) {
  const double speed = length(c.w);
  const RayHit h = raycast(Sphere{v, c.radius}, c.start, c.w, c.maxTime * speed);
  return h.hit ? h.distance / speed : kInfinity;
}

// The polytope's vertices (relative to its reference point) and edges, for the cylinders and
// balls: a box's 8 corners and 12 edges, a k-DOP's polytope.
struct Corners {
  Vec3 vertex[kMaxKdopVertices];
  int count = 0;
};
Corners boxCorners(Vec3 axis0, Vec3 axis1, Vec3 axis2, Vec3 half) {
  Corners c;
  for (int i = 0; i < 8; ++i)
    c.vertex[c.count++] =
        axis0 * (i & 1 ? half.x : -half.x) + axis1 * (i & 2 ? half.y : -half.y) + axis2 * (i & 4 ? half.z : -half.z);
  return c;
}

// Calls f(v0, v1) for each edge and g(v) for each vertex.
template <class Edge, class Vertex>
void forEachFeature(const detail::Polytope& p, Edge&& edge, Vertex&& vertex) {
  if (p.kind == detail::Polytope::Kind::Kdop) {
    const Kdop& k = *p.kdop;
    for (int i = 0; i < k.vertexCount; ++i) {
      vertex(k.vertex[i]);
      for (int j = i + 1; j < k.vertexCount; ++j)
        if (k.adjacent[i] >> j & 1) edge(k.vertex[i], k.vertex[j]);
    }
    return;
  }
  if (p.kind == detail::Polytope::Kind::Triangle) {
    const Triangle& t = *p.triangle;
    const Vec3 reference = p.reference(), v[3] = {t.a - reference, t.b - reference, t.c - reference};
    for (int i = 0; i < 3; ++i) vertex(v[i]), edge(v[i], v[(i + 1) % 3]);
    return;
  }
  const Corners c = p.kind == detail::Polytope::Kind::Obb
                        ? boxCorners(p.obb->axis[0], p.obb->axis[1], p.obb->axis[2], p.obb->halfExtents)
                        : boxCorners({1, 0, 0}, {0, 1, 0}, {0, 0, 1}, halfExtents(*p.aabb));
  for (int i = 0; i < 8; ++i) {
    vertex(c.vertex[i]);
    for (int bit = 1; bit < 8; bit <<= 1)
      if (!(i & bit)) edge(c.vertex[i], c.vertex[i | bit]);
  }
}

// The direction from the polytope to the sphere's centre at `point` (relative to the reference),
// or `fallback` where the centre lies on the polytope (a point sphere).
Vec3 awayFromPolytope(const detail::Polytope& p, Vec3 reference, Vec3 point, Vec3 fallback) {
  const Vec3 offset = detail::offsetFromClosest(p, reference + point);
  return lengthSquared(offset) > 0 ? offset : fallback;
}

// The sphere's normal from the polytope to it when they already overlap: straight away from the
// closest point, or, with the centre inside, out through the nearest face (collide()'s).
Vec3 sphereStartNormal(const Sphere& s, const detail::Polytope& p) {
  const Vec3 offset = detail::offsetFromClosest(p, s.center);
  if (lengthSquared(offset) > 0) return offset;
  const Vec3 origin = p.reference();
  double least = kInfinity;
  Vec3 normal;
  for (int i = 0; i < p.faceCount(); ++i) {
    const Vec3 n = p.face(i);
    const double len = length(n), c = dot(s.center - origin, n);
    const Interval r = p.project(n, origin, i);
    if ((r.max - c) / len < least) least = (r.max - c) / len, normal = n;
    if ((c - r.min) / len < least) least = (c - r.min) / len, normal = -n;
  }
  return normal;
}

// The normal points from the polytope to the sphere; the caller orients it.
SweepHit sweepSphere(const Sphere& s, const detail::Polytope& p, Vec3 w, double maxTime) {
  bool start = false;
  switch (p.kind) {
    case detail::Polytope::Kind::Aabb: start = overlaps(s, *p.aabb); break;
    case detail::Polytope::Kind::Obb: start = overlaps(s, *p.obb); break;
    case detail::Polytope::Kind::Kdop: start = overlaps(s, *p.kdop); break;
    case detail::Polytope::Kind::Triangle: start = overlaps(s, *p.triangle); break;
  }
  if (start) return {true, 0, unitOrZero(sphereStartNormal(s, p))};
  if (!(lengthSquared(w) > 0)) return {};
  const Vec3 origin = p.reference();
  const Cast cast{s.center - origin, w, maxTime, s.radius};
  // The slab method over the grown slabs (ray.cpp's Clip, in time rather than distance).
  detail::SweptAxes swept(maxTime);
  double extent = 0;
  Vec3 entered;
  for (int i = 0; i < p.faceCount(); ++i) {
    const Vec3 n = p.face(i);
    const double grow = s.radius * p.faceLength(i);
    const Interval r = p.project(n, origin, i);
    extent = greater(extent, greater(std::fabs(r.min), std::fabs(r.max)) / p.faceLength(i));
    const double at = dot(n, cast.start), rate = dot(n, w);
    if (swept.add(detail::overlapTimes(r.min - grow, r.max + grow, at, at, rate)))
      entered = detail::orientedAxis(n, rate);
    if (swept.missed()) return {};
  }
  const double enter = swept.enter;
  const Vec3 atEntry = cast.start + w * enter;
  const Vec3 offset = detail::offsetFromClosest(p, origin + atEntry);
  const double size = s.radius + extent + length(atEntry);
  if (withinDistance(offset, s.radius + kOnFace * size))
    return {true, enter, unitOrZero(lengthSquared(entered) > 0 ? entered : offset)};
  double first = kInfinity;
  forEachFeature(
      p, [&](Vec3 v0, Vec3 v1) { first = lesser(first, cylinderEntry(cast, v0, v1)); },
      [&](Vec3 v) { first = lesser(first, ballEntry(cast, v)); });
  // first is infinite when no piece is entered: a miss, even for an endless motion (maxTime inf).
  if (!(first < kInfinity && first <= maxTime)) return {};
  return {true, first, unitOrZero(awayFromPolytope(p, origin, cast.start + w * first, -w))};
}

// ---- Two spheres: B's centre cast against A grown by B's radius, in an order of the pair's own
// (the centres' coordinates, then the radii), so that both orders compute the same numbers.
bool sphereComesBefore(const Sphere& a, const Sphere& b) {
  const double x[4] = {a.center.x, a.center.y, a.center.z, a.radius};
  const double y[4] = {b.center.x, b.center.y, b.center.z, b.radius};
  for (int i = 0; i < 4; ++i)
    if (x[i] != y[i]) return x[i] < y[i];
  return false;
}

SweepHit sweepSpheres(const Sphere& a, const Sphere& b, Vec3 w, double maxTime, bool swapped) {
  if (sphereComesBefore(b, a)) return sweepSpheres(b, a, -w, maxTime, !swapped);
  if (overlaps(a, b)) return hitAt(0, b.center - a.center, swapped);
  const double speed = length(w);
  if (!(speed > 0)) return {};
  const RayHit h = raycast(Sphere{a.center, a.radius + b.radius}, b.center, w, maxTime * speed);
  if (!h.hit) return {};
  return hitAt(lesser(h.distance / speed, maxTime), h.normal, swapped);
}

// ---- Dispatch: w is B's velocity relative to A's.
template <class P, class Q>
SweepHit sweepPair(const P& a, const Q& b, Vec3 w, double t) {
  return sweepPolytopes(detail::view(a), detail::view(b), w, t);
}
template <class Q>
SweepHit sweepPair(const Sphere& a, const Q& b, Vec3 w, double t) {
  SweepHit h = sweepSphere(a, detail::view(b), -w, t);
  h.normal = -h.normal;  // from the polytope B to the sphere A: negated, from A to B
  return h;
}
template <class P>
SweepHit sweepPair(const P& a, const Sphere& b, Vec3 w, double t) {
  return sweepSphere(b, detail::view(a), w, t);
}
SweepHit sweepPair(const Sphere& a, const Sphere& b, Vec3 w, double t) { return sweepSpheres(a, b, w, t, false); }
SweepHit sweepPair(const Aabb& a, const Obb& b, Vec3 w, double t) { return sweepBoxPair(a, b, w, t, false); }
SweepHit sweepPair(const Obb& a, const Aabb& b, Vec3 w, double t) { return sweepBoxPair(b, a, -w, t, true); }
SweepHit sweepPair(const Obb& a, const Obb& b, Vec3 w, double t) { return sweepBoxPair(a, b, w, t, false); }

// The relative velocity w, in a unit of time that brings its largest component into [1, 2) when it
// lies far outside the ordinary range: a speed of 1e-200 or 1e200 would otherwise underflow or
// overflow in the squares of the casts. A power of two, so positions w t are the same numbers.
template <class P, class Q>
SweepHit inTimeUnits(const P& a, const Q& b, const Motion& motion) {
  Vec3 w = motion.velocityB - motion.velocityA;
  const double largest = maxComponent(abs(w));
  if (!(largest > 0x1p-100 && largest < 0x1p100) && largest > 0 && std::isfinite(largest)) {
    const int e = std::ilogb(largest);  // w' = w 2^-e, t' = t 2^e: the same positions w t
    w = {std::ldexp(w.x, -e), std::ldexp(w.y, -e), std::ldexp(w.z, -e)};
    SweepHit h = sweepPair(a, b, w, std::ldexp(motion.maxTime, e));
    h.time = lesser(std::ldexp(h.time, -e), motion.maxTime);
    return h;
  }
  return sweepPair(a, b, w, motion.maxTime);
}

Problem motionProblem(const Motion& m) {
  // The common case in one test of the seven numbers (the sum is finite only when every
  // component is); the search for the message only after it fails.
  const Vec3 u = abs(m.velocityA) + abs(m.velocityB);
  if (u.x + u.y + u.z <= std::numeric_limits<double>::max() && m.maxTime >= 0) return {};
  if (const Problem p = detail::finiteProblem("motion.velocityA", m.velocityA)) return p;
  if (const Problem p = detail::finiteProblem("motion.velocityB", m.velocityB)) return p;
  // NaN is not >= 0 either: "must be >= 0, got NaN". Infinity is allowed: "ever".
  if (!(m.maxTime >= 0)) return {ErrorCode::Negative, "motion.maxTime", -1, m.maxTime};
  return {};
}

}  // namespace

Status validateMotion(const Motion& motion) {
  if (const Problem p = motionProblem(motion)) return toError(p);
  return {};
}

Expected<SweepHit> timeOfImpact(const Volume& a, const Volume& b, const Motion& motion) {
  if (const Problem p = motionProblem(motion)) return toError(p);
  return std::visit([&](const auto& x, const auto& y) { return inTimeUnits(x, y, motion); }, a, b);
}

Expected<SweepHit> timeOfImpact(const Volume& a, const Triangle& b, const Motion& motion) {
  if (const Problem p = motionProblem(motion)) return toError(p);
  return std::visit([&](const auto& x) { return inTimeUnits(x, b, motion); }, a);
}

Expected<SweepHit> timeOfImpact(const Obb& a, const Obb& b, const Motion& motion) {
  if (const Problem p = motionProblem(motion)) return toError(p);
  return inTimeUnits(a, b, motion);
}

}  // namespace sepaxis
