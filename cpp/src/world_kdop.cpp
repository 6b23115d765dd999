#include "world_kdop.h"

#include <cmath>
#include <limits>
#include <utility>

#include "sepaxis/overlap.h"
#include "sepaxis/tolerance.h"
#include "assertions.h"
#include "lanes.h"
#include "platform.h"

namespace sepaxis::detail {

const SlabAxes* slabAxes(int k) {
  // |d| and 1 / |d| of a direction (entries 0 or +-1) by its count of nonzero entries: the same
  // numbers as length(d) (sqrt is correctly rounded) and, for 1 / |d|, to rounding (which the
  // margins cover); no square root or division per slab and pair.
  static constexpr double kLength[] = {0, 1, 1.4142135623730951, 1.7320508075688772};
  static constexpr double kInverse[] = {0, 1, 0.70710678118654752, 0.57735026918962576};
  static constexpr int kKs[] = {6, 8, 14, 18, 26};
  // Built once by the first call from any thread (a function-local static, C++11 [stmt.dcl]/4).
  struct Tables {
    SlabAxes byK[5] = {};  // past k / 2: zero directions
    Tables() {
      for (int t = 0; t < 5; ++t) {
        const KdopDirection* dirs = kdopDirections(kKs[t]);
        SlabAxes& axes = byK[t];
        for (int i = 0; i < kKs[t] / 2; ++i) {
          const int nonzeros = (dirs[i].x != 0) + (dirs[i].y != 0) + (dirs[i].z != 0);
          axes.x[i] = dirs[i].x, axes.y[i] = dirs[i].y, axes.z[i] = dirs[i].z;
          axes.length[i] = kLength[nonzeros], axes.inverseLength[i] = kInverse[nonzeros];
          axes.nonzeros[i] = nonzeros;
        }
      }
    }
  };
  static const Tables tables;
  return &tables.byK[k == 6 ? 0 : k == 8 ? 1 : k == 14 ? 2 : k == 18 ? 3 : 4];
}

namespace {

// Slabs two at a time where SIMD lanes are (each lane the scalar operations: the same numbers).
#if SEPAXIS_LANES
using SlabLanes = lanes::F2;
#else
using SlabLanes = double;
#endif
constexpr int kSlabsAtOnce = sizeof(SlabLanes) / sizeof(double);

/// The numbers p[0], p[1] in the lanes of V (p[0] for a double).
template <class V>
V loadSlabs(const double* p);
template <>
[[maybe_unused]] double loadSlabs<double>(const double* p) {
  return *p;
}
#if SEPAXIS_LANES
template <>
[[maybe_unused]] lanes::F2 loadSlabs<lanes::F2>(const double* p) {
  return {wasm_v128_load(p)};
}
#endif

/// The least lane, by lesser() (of one number, itself).
[[maybe_unused]] double leastLane(double v) { return v; }
#if SEPAXIS_LANES
[[maybe_unused]] double leastLane(lanes::F2 v) {
  return lesser(wasm_f64x2_extract_lane(v.v, 0), wasm_f64x2_extract_lane(v.v, 1));
}
#endif

/// d_i . v (and d_i+1 . v in lanes), as dot() computes it.
template <class V>
V alongSlabs(const SlabAxes& axes, int i, Vec3 v) {
  return loadSlabs<V>(axes.x + i) * lanes::splat<V>(v.x) + loadSlabs<V>(axes.y + i) * lanes::splat<V>(v.y) +
         loadSlabs<V>(axes.z + i) * lanes::splat<V>(v.z);
}

// The radius of a ball around x inside the slabs of a k-DOP body (negative outside them).
// Whole lane pairs of slabs first, then the last of an odd count: the least of the same numbers
// (in another order, which only a zero's sign could tell).
double slabDepth(const KdopSlabs& body, Vec3 x) {
  const SlabAxes& axes = *body.axes;
  auto depthAlong = [&](int i, auto s) {  // of x in slab i (and i + 1), with s = d_i . x
    using W = decltype(s);
    return lanes::min(s - loadSlabs<W>(body.min + i), loadSlabs<W>(body.max + i) - s) *
           loadSlabs<W>(axes.inverseLength + i);
  };
  const int n = body.slabCount(), whole = n - n % kSlabsAtOnce;
  SlabLanes least = lanes::splat<SlabLanes>(std::numeric_limits<double>::infinity());
  for (int i = 0; i < whole; i += kSlabsAtOnce)
    least = lanes::min(least, depthAlong(i, alongSlabs<SlabLanes>(axes, i, x)));
  double depth = leastLane(least);
  for (int i = whole; i < n; ++i) depth = lesser(depth, depthAlong(i, alongSlabs<double>(axes, i, x)));
  return depth;
}

// The part [t0, t1] of the segment from + t dir (t in [0, 1]) within the slabs of a k-DOP body
// (Liang-Barsky); t0 > t1 when it misses them.
void clipToSlabs(const KdopSlabs& body, Vec3 from, Vec3 dir, double& t0, double& t1) {
  const SlabAxes& axes = *body.axes;
  t0 = 0, t1 = 1;
  for (int i = 0; i < body.slabCount(); ++i) {
    const Vec3 d = axes.d(i);
    const double s0 = dot(d, from), ds = dot(d, dir);
    if (ds == 0) {
      if (s0 < body.min[i] || s0 > body.max[i]) t0 = 1, t1 = 0;
      continue;
    }
    const double inv = 1 / ds;
    const double a = (body.min[i] - s0) * inv, b = (body.max[i] - s0) * inv;
    t0 = greater(t0, lesser(a, b));
    t1 = lesser(t1, greater(a, b));
  }
}

/// Plane p of a k-DOP body's slabs as a . x <= h: plane 2i is +d_i with max_i, plane 2i + 1 is
/// -d_i with -min_i.
void slabPlane(const KdopSlabs& body, int p, Vec3& a, double& h) {
  const Vec3 d = body.axes->d(p / 2);
  if (p % 2 == 0)
    a = d, h = body.max[p / 2];
  else
    a = -d, h = -body.min[p / 2];
}

/// The combination l a + m b of two planes' normals that reaches a point beyond both by sa and sb
/// (sa = a . c - ha, sb = b . c - hb): [a.a a.b; a.b b.b] [l; m] = [sa; sb], solved by Cramer's
/// rule. c - (l a + m b) is then the point of the line {a . x = ha, b . x = hb} nearest c.
void edgeCombination(Vec3 a, Vec3 b, double sa, double sb, double& l, double& m) {
  const double aa = dot(a, a), ab = dot(a, b), bb = dot(b, b), det = aa * bb - ab * ab;
  l = (sa * bb - sb * ab) / det, m = (sb * aa - sa * ab) / det;
}

/// The radius of a ball around a point inside a box of these half-extents (negative outside it),
/// given the point's coordinates c0, c1, c2 along the box's axes from its centre.
double boxDepth(Vec3 halfExtents, double c0, double c1, double c2) {
  return lesser(lesser(halfExtents.x - std::fabs(c0), halfExtents.y - std::fabs(c1)), halfExtents.z - std::fabs(c2));
}

/// What kdopSurelyOverlaps and kdopSurelyApart ask of a pair's depth or gap: kWorldSureMargin of
/// its size (both padded boxes' widths and `distance`) plus kWorldBoundsPad of its magnitude;
/// infinity (nothing is sure) for bodies narrower than 2^-400 or beyond 2^400.
double sureMargin(const BodyStore& bodies, const KdopSlabs& kdop, uint32_t other, double distance) {
  const BoxSize a = kdop.boxSize, b = boxSizeOf(bodies.bounds()[other]);
  // Squared lengths and products of lengths stay in range only for bodies of sensible size: past
  // 2^400 they could overflow, below 2^-400 underflow (a distance squared to 0 would put any two
  // tiny bodies in contact). There no margin is met, and the exact test, range-scaled, decides.
  const double smallest = lesser(a.width, b.width), largest = greater(a.magnitude, b.magnitude);
  if (!(smallest >= 0x1p-400 && largest <= 0x1p400)) return std::numeric_limits<double>::infinity();
  const double size = a.width + b.width + distance;
  return tolerance::kWorldSureMargin * size + tolerance::kWorldBoundsPad * largest;
}

// The search's steps go past the nearest point of a set, into it (over-relaxed projections,
// Gubin, Polyak & Raik 1967): 1.8 of the way, clamped to the set. Measured on the benchmark's
// scene with 10 % 14-DOPs, of the 90 overlapping pairs a frame the other shortcuts leave, 12
// rounds found a point for 20 with plain projections and for 79 with these.
constexpr double kOverRelax = 1.8;
constexpr int kWitnessRounds = 12;

// t moved kOverRelax of the way towards [lo, hi] (when outside it), and kept in it.
double stepTowards(double t, double lo, double hi) {
  if (t >= lo && t <= hi) return t;
  const double nearest = t < lo ? lo : hi;
  return lesser(greater(t + kOverRelax * (nearest - t), lo), hi);
}

// Moves x into the slabs of a k-DOP body narrowed by `inset` on each side, one slab after the
// other. False when a slab is narrower than twice the inset.
bool stepIntoSlabs(const KdopSlabs& body, double inset, Vec3& x) {
  const SlabAxes& axes = *body.axes;
  for (int i = 0; i < body.slabCount(); ++i) {
    const Vec3 d = axes.d(i);
    const double insetAlong = inset * axes.length[i];  // the inset along d . x
    const double lo = body.min[i] + insetAlong, hi = body.max[i] - insetAlong;
    if (!(lo <= hi)) return false;
    const double s = dot(d, x);
    if (s >= lo && s <= hi) continue;  // in the slab: the step would be zero (and the division slow)
    x = x + d * ((stepTowards(s, lo, hi) - s) / dot(d, d));
  }
  return true;
}

/// A point inside body `dense`'s world volume: a sphere's or a box's centre, a k-DOP's inside point.
Vec3 insidePoint(const BodyStore& bodies, uint32_t dense) {
  switch (bodies.shape(dense)) {
    case WorldShape::Sphere: return bodies.sphereWorld(dense).center;
    case WorldShape::Box: return bodies.boxWorld(dense).center;
    case WorldShape::Kdop: break;
  }
  return bodies.kdopSlabs(dense).inside;
}

/// The radius of a ball around x inside body `dense`'s world volume (negative outside it; for a
/// k-DOP, inside its slabs).
double depthIn(const BodyStore& bodies, uint32_t dense, Vec3 x) {
  switch (bodies.shape(dense)) {
    case WorldShape::Sphere: {
      const Sphere& sphere = bodies.sphereWorld(dense);
      return sphere.radius - length(x - sphere.center);
    }
    case WorldShape::Box: {
      const Obb& box = bodies.boxWorld(dense);
      const Vec3 r = x - box.center;
      return boxDepth(box.halfExtents, dot(box.axis[0], r), dot(box.axis[1], r), dot(box.axis[2], r));
    }
    case WorldShape::Kdop: break;
  }
  return slabDepth(bodies.kdopSlabs(dense), x);
}

/// Moves x into body `dense`'s world volume narrowed by `inset` (for a k-DOP, into its slabs,
/// one after the other); false when the volume is thinner than twice the inset.
bool stepInto(const BodyStore& bodies, uint32_t dense, double inset, Vec3& x) {
  switch (bodies.shape(dense)) {
    case WorldShape::Sphere: {
      const Sphere& sphere = bodies.sphereWorld(dense);
      const double radius = sphere.radius - inset;
      if (!(radius > 0)) return false;
      const Vec3 r = x - sphere.center;
      const double distance = length(r);
      // Along the line through the centre: a point at signed distance -radius..radius from it.
      if (distance > radius) x = sphere.center + r * (stepTowards(distance, -radius, radius) / distance);
      return true;
    }
    case WorldShape::Box: {
      const Obb& box = bodies.boxWorld(dense);
      const Vec3 r = x - box.center;
      for (int j = 0; j < 3; ++j) {
        const double h = box.halfExtents[j] - inset, t = dot(box.axis[j], r);
        if (!(h >= 0)) return false;
        x = x + box.axis[j] * (stepTowards(t, -h, h) - t);
      }
      return true;
    }
    case WorldShape::Kdop: break;
  }
  return stepIntoSlabs(bodies.kdopSlabs(dense), inset, x);
}

// The point of a k-DOP's slabs nearest c where that point is a face's or an edge's: the foot on
// the plane c lies furthest beyond, or the nearest point of the line of the two it lies furthest
// beyond, when that point is within every other slab (then it is the nearest point of the slabs,
// and in them). False near a corner of the slabs, where neither is, and for c in the slabs.
bool nearestOnSlabs(const KdopSlabs& body, Vec3 c, Vec3& nearest) {
  const SlabAxes& axes = *body.axes;
  const int n = body.slabCount();
  int p = -1, q = -1;  // the planes c lies furthest beyond, by distance
  double dp = 0, dq = 0;
  for (int i = 0; i < n; ++i) {
    const double s = dot(axes.d(i), c), scale = axes.inverseLength[i];
    const double beyond[2] = {(s - body.max[i]) * scale, (body.min[i] - s) * scale};
    for (int side = 0; side < 2; ++side) {
      if (beyond[side] > dp)
        q = p, dq = dp, p = 2 * i + side, dp = beyond[side];
      else if (beyond[side] > dq)
        q = 2 * i + side, dq = beyond[side];
    }
  }
  if (p < 0) return false;
  // x within every slab but those of planes p and q (x is on those, to rounding).
  auto withinOthers = [&](Vec3 x, int skip1, int skip2) {
    for (int i = 0; i < n; ++i) {
      if (i == skip1 / 2 || i == skip2 / 2) continue;
      const double s = dot(axes.d(i), x);
      if (s < body.min[i] || s > body.max[i]) return false;
    }
    return true;
  };
  Vec3 a, b;
  double ha, hb;
  slabPlane(body, p, a, ha);
  const double sa = dot(a, c) - ha;
  nearest = c - a * (sa / dot(a, a));
  if (withinOthers(nearest, p, p)) return true;
  if (q < 0 || q / 2 == p / 2) return false;
  slabPlane(body, q, b, hb);
  const double sb = dot(b, c) - hb;
  double l, m;
  edgeCombination(a, b, sa, sb, l, m);
  if (!(l > 0 && m > 0)) return false;
  nearest = c - (a * l + b * m);
  return withinOthers(nearest, p, q);
}

}  // namespace

bool kdopSlabSeparates(const BodyStore& bodies, uint32_t kdop, uint32_t other) {
  using V = SlabLanes;
  const KdopSlabs& body = bodies.kdopSlabs(kdop);
  const SlabAxes& axes = *body.axes;
  const int n = body.slabCount();
  const Vec3 lo = bodies.bounds()[other].min, hi = bodies.bounds()[other].max;
  const double magnitude = maxComponent(max(abs(lo), abs(hi)));
  // Both polytopes may lie outside their slabs by kKdopVertex of their extent (plus
  // kKdopLenience of their magnitude), the products below round by a few ulps: kWorldBoundsPad of
  // all these covers them. Beyond it the pair is apart along d_i, which overlaps() tests. For
  // slab i (and i + 1 in lanes), least and greatest of the other body along it.
  auto apartAlong = [&](int i, auto least, auto greatest) {
    using W = decltype(least);
    const W slabMin = loadSlabs<W>(body.min + i), slabMax = loadSlabs<W>(body.max + i);
    const W l1 = loadSlabs<W>(axes.nonzeros + i);  // |d_i|_1
    const W pad = lanes::splat<W>(tolerance::kWorldBoundsPad) *
                  (lanes::abs(slabMin) + lanes::abs(slabMax) + l1 * lanes::splat<W>(magnitude));
    return lanes::any((least > slabMax + pad) | (greatest < slabMin - pad));
  };
  auto along = [&](int i, Vec3 v) { return alongSlabs<V>(axes, i, v); };
  // The other body's interval along each d_i: of the volume itself where that is a few products
  // (a sphere, a box, a k-DOP of the same directions), else of its padded box. The volume's own
  // interval is tighter than its box's: a box turned 45 degrees reaches far less along a diagonal
  // than its bounding box does, and most box pairs the broad phase finds are apart along one.
  // Along x, y, z (a k-DOP's first three slabs, but an 8-DOP's) both bodies' own intervals are
  // their boxes', which the broad phase found overlapping: those slabs are skipped. That leaves
  // an even count for every k (0, 4, 4, 6, 10 slabs): whole lane pairs.
  const int first = body.k == 8 ? 0 : 3;
  const WorldShape otherShape = bodies.shape(other);
  if (otherShape == WorldShape::Sphere) {
    const Sphere& sphere = bodies.sphereWorld(other);
    for (int i = first; i < n; i += kSlabsAtOnce) {
      const V mid = along(i, sphere.center), halfWidth = lanes::splat<V>(sphere.radius) * loadSlabs<V>(axes.length + i);
      if (apartAlong(i, mid - halfWidth, mid + halfWidth)) return true;
    }
  } else if (otherShape == WorldShape::Box) {
    const Obb& box = bodies.boxWorld(other);
    const Vec3 h = box.halfExtents;
    for (int i = first; i < n; i += kSlabsAtOnce) {
      const V mid = along(i, box.center);
      const V halfWidth = lanes::splat<V>(h.x) * lanes::abs(along(i, box.axis[0])) +
                          lanes::splat<V>(h.y) * lanes::abs(along(i, box.axis[1])) +
                          lanes::splat<V>(h.z) * lanes::abs(along(i, box.axis[2]));
      if (apartAlong(i, mid - halfWidth, mid + halfWidth)) return true;
    }
  } else if (bodies.kdopSlabs(other).k == body.k) {
    const KdopSlabs& o = bodies.kdopSlabs(other);
    for (int i = first; i < n; i += kSlabsAtOnce)
      if (apartAlong(i, loadSlabs<V>(o.min + i), loadSlabs<V>(o.max + i))) return true;
  } else {
    for (int i = 0; i < n; ++i) {
      // The box's interval along d_i: each term d_k x_k takes its least and greatest over [lo_k, hi_k].
      const Vec3 d = axes.d(i);
      double least = 0, greatest = 0;
      for (int k = 0; k < 3; ++k) {
        const double a = d[k] * lo[k], b = d[k] * hi[k];
        least += lesser(a, b), greatest += greater(a, b);
      }
      if (apartAlong(i, least, greatest)) return true;
    }
  }
  return false;
}

bool kdopSurelyApart(const BodyStore& bodies, uint32_t kdop, uint32_t other) {
  const WorldShape otherShape = bodies.shape(other);
  if (otherShape == WorldShape::Kdop) return false;
  const KdopSlabs& body = bodies.kdopSlabs(kdop);
  const SlabAxes& axes = *body.axes;
  const int n = body.slabCount();
  // Each plane of the k-DOP as a . x <= h (plane 2i: +d_i, max_i; plane 2i + 1: -d_i, -min_i), and
  // how far `other` lies beyond it (its least a . x minus h; the slab test found none positive
  // enough). Near an edge of the k-DOP, `other` can lie beyond the wedge of two planes while
  // beyond neither: the edge's own directions m = l a + (1 - l) b, 0 < l < 1, separate it.
  Vec3 centre;
  if (otherShape == WorldShape::Sphere)
    centre = bodies.sphereWorld(other).center;
  else
    centre = bodies.boxWorld(other).center;
  int best[3] = {-1, -1, -1};  // the three planes `other` lies furthest beyond (by gap / |a|)
  double bestGap[3] = {-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                       -std::numeric_limits<double>::infinity()};
  for (int i = 0; i < n; ++i) {
    const Vec3 d = axes.d(i);
    double halfWidth;  // of `other` along d
    if (otherShape == WorldShape::Sphere) {
      halfWidth = bodies.sphereWorld(other).radius * axes.length[i];
    } else {
      const Obb& box = bodies.boxWorld(other);
      halfWidth = box.halfExtents.x * std::fabs(dot(d, box.axis[0])) +
                  box.halfExtents.y * std::fabs(dot(d, box.axis[1])) +
                  box.halfExtents.z * std::fabs(dot(d, box.axis[2]));
    }
    const double mid = dot(d, centre), scale = axes.inverseLength[i];
    const double gaps[2] = {(mid - halfWidth - body.max[i]) * scale, (body.min[i] - mid - halfWidth) * scale};
    for (int side = 0; side < 2; ++side) {
      int at = 2 * i + side;
      double gap = gaps[side];
      for (int r = 0; r < 3; ++r)  // insert into the three best
        if (gap > bestGap[r]) std::swap(gap, bestGap[r]), std::swap(at, best[r]);
    }
  }
  const double margin = sureMargin(bodies, body, other, 0);
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j) {
      if (best[i] < 0 || best[j] < 0 || best[i] / 2 == best[j] / 2) continue;
      Vec3 a, b;
      double ha, hb;
      slabPlane(body, best[i], a, ha);
      slabPlane(body, best[j], b, hb);
      const double sa = dot(a, centre) - ha, sb = dot(b, centre) - hb;  // the centre beyond each
      if (otherShape == WorldShape::Sphere) {
        // The centre's distance to the edge line {a . x = ha, b . x = hb}: solve for the line's
        // point nearest it, c - (l a + m b) with [a.a a.b; a.b b.b] [l; m] = [sa; sb]; when l, m >
        // 0 the direction l a + m b separates, at distance sqrt(l sa + m sb) from the wedge.
        double l, m;
        edgeCombination(a, b, sa, sb, l, m);
        if (l > 0 && m > 0 && std::sqrt(l * sa + m * sb) - bodies.sphereWorld(other).radius > margin) return true;
        continue;
      }
      // A box: its least m . x - (l ha + (1 - l) hb) along m = l a + (1 - l) b is concave and
      // piecewise linear in l, greatest where m is perpendicular to one of the box's axes.
      const Obb& box = bodies.boxWorld(other);
      for (int k = 0; k < 3; ++k) {
        const double ua = dot(a, box.axis[k]), ub = dot(b, box.axis[k]);
        if (ua == ub) continue;
        const double l = ub / (ub - ua);  // l ua + (1 - l) ub = 0
        if (!(l > 0 && l < 1)) continue;
        const Vec3 m = a * l + b * (1 - l);
        const double least = l * sa + (1 - l) * sb - box.halfExtents.x * std::fabs(dot(m, box.axis[0])) -
                             box.halfExtents.y * std::fabs(dot(m, box.axis[1])) -
                             box.halfExtents.z * std::fabs(dot(m, box.axis[2]));
        if (least > margin * length(m)) return true;
      }
    }
  return false;
}

bool kdopSurelyOverlaps(const BodyStore& bodies, uint32_t kdop, uint32_t other) {
  const KdopSlabs& body = bodies.kdopSlabs(kdop);
  // Common points of the two, each enough on its own: if one lies deep in one body and is a
  // point of the other, a ball around it lies in both, and every axis sees the two overlap by at
  // least its radius: the pair's depth is at least that much. Tried cheapest first, p1 last: it
  // costs a division per slab, and on the benchmark's scene with 10 % 14-DOPs, of the ~2,100
  // pairs a frame this function settles, the other points leave it 1 in 10 frames.
  const WorldShape otherShape = bodies.shape(other);
  const Vec3 from = insidePoint(bodies, other);
  const Vec3 dir = body.inside - from;
  // The pair's size: both boxes' widths and the witnesses' distance; and the rounding of the
  // points and of the slabs, a few ulps of the coordinates' magnitude.
  const double margin = sureMargin(bodies, body, other, length(dir));
  // On the segment from the point inside `other` (its centre, or a k-DOP's inside point) to the
  // one inside this k-DOP: p2 where it leaves `other` (or the k-DOP's point, if it does not),
  // deep in the k-DOP; p1 where it enters the k-DOP's slabs, deep in `other`.
  double leave = 1;  // where the segment leaves `other`
  switch (otherShape) {
    case WorldShape::Sphere: {
      leave = bodies.sphereWorld(other).radius / length(dir);
      break;
    }
    case WorldShape::Box: {
      const Obb& box = bodies.boxWorld(other);
      // The segment between the centres may pass beside their common part. Two more points of
      // the box, deep in the k-DOP as p2 would be: the corner nearest the k-DOP's inside point (a
      // corner poking in), and the box's point nearest it (a face or an edge of the box across a
      // face of the k-DOP). Most box pairs settled here are settled by one of them.
      Vec3 corner = box.center, nearest = box.center;
      for (int j = 0; j < 3; ++j) {
        const double along = dot(box.axis[j], dir), h = box.halfExtents[j];
        corner = corner + box.axis[j] * (along < 0 ? -h : h);
        nearest = nearest + box.axis[j] * lesser(greater(along, -h), h);
      }
      if (greater(slabDepth(body, corner), slabDepth(body, nearest)) >= margin) return true;
      for (int j = 0; j < 3; ++j) leave = lesser(leave, box.halfExtents[j] / std::fabs(dot(box.axis[j], dir)));
      break;
    }
    case WorldShape::Kdop: {
      const KdopSlabs& o = bodies.kdopSlabs(other);
      double u0, u1;
      clipToSlabs(o, from, dir, u0, u1);
      leave = u0 <= u1 ? u1 : 0;
      break;
    }
  }
  // 0 <= leave (a NaN, from a zero-length segment, compares false and leaves no p2).
  if (leave >= 0 && slabDepth(body, from + dir * lesser(leave, 1.0)) >= margin) return true;
  double t0, t1;
  clipToSlabs(body, from, dir, t0, t1);
  // No p1 when t0 > t1 (rounding, a flat k-DOP).
  if (t0 <= t1 && depthIn(bodies, other, from + dir * t0) >= margin) return true;
  // The point of the slabs nearest the other's centre, where it is a face's or an edge's: for a
  // sphere, the nearest point of the k-DOP, in it as deep as it gets; for a box, often in the
  // part the two share (a face on a face).
  Vec3 nearest;
  if (nearestOnSlabs(body, from, nearest)) {
    if (otherShape != WorldShape::Kdop && depthIn(bodies, other, nearest) >= margin) return true;
  }
  return false;
}

bool kdopCornerInside(const BodyStore& bodies, uint32_t kdop, uint32_t other) {
  // Its turned local vertices are points of its slabs (the slabs are their extremes), the deepest
  // in `other` counts. Turned here in fewer operations than transformedSlabs takes, so a few ulps
  // of the magnitude away from those points: the margin's kWorldBoundsPad of the magnitude covers
  // that. The margin is kdopSurelyOverlaps's.
  const KdopSlabs& body = bodies.kdopSlabs(kdop);
  const WorldShape otherShape = bodies.shape(other);
  const double margin = sureMargin(bodies, body, other, length(body.inside - insidePoint(bodies, other)));
  const RigidTransform& pose = bodies.pose(kdop);
  const KdopPoints& points = bodies.kdopPoints(kdop);
  const Vec3* const vertex = bodies.kdopVertices(kdop);
  const int count = int(points.count);
  const Vec3 shift = pose.rotation * points.origin * pose.scale + pose.translation;  // where origin goes
  if (otherShape == WorldShape::Box) {
    // In the box's frame: coordinate j of a turned vertex is w_j . vertex + o_j.
    const Obb& box = bodies.boxWorld(other);
    Vec3 w[3];
    double o[3];
    for (int j = 0; j < 3; ++j) {
      const Vec3 u = box.axis[j];  // w_j = scale R^T u
      w[j] = Vec3{dot(pose.rotation.column(0), u), dot(pose.rotation.column(1), u), dot(pose.rotation.column(2), u)} *
             pose.scale;
      o[j] = dot(box.axis[j], shift - box.center);
    }
    double deepest = -std::numeric_limits<double>::infinity();
    for (int v = 0; v < count; ++v) {
      const Vec3 x = vertex[v];
      deepest =
          greater(deepest, boxDepth(box.halfExtents, dot(w[0], x) + o[0], dot(w[1], x) + o[1], dot(w[2], x) + o[2]));
    }
    return deepest >= margin;
  }
  if (otherShape == WorldShape::Sphere) {
    const Sphere& sphere = bodies.sphereWorld(other);
    const Vec3 offset = shift - sphere.center;
    double nearest = std::numeric_limits<double>::infinity();  // squared
    for (int v = 0; v < count; ++v)
      nearest = lesser(nearest, lengthSquared(pose.rotation * vertex[v] * pose.scale + offset));
    return sphere.radius - std::sqrt(nearest) >= margin;
  }
  const KdopSlabs& o = bodies.kdopSlabs(other);
  double deepest = -std::numeric_limits<double>::infinity();
  for (int v = 0; v < count; ++v)
    deepest = greater(deepest, slabDepth(o, pose.rotation * vertex[v] * pose.scale + shift));
  return deepest >= margin;
}

bool kdopOverlapWitness(const BodyStore& bodies, uint32_t kdop, uint32_t other) {
  // Alternating projections (von Neumann; Bauschke & Borwein, SIAM Review 38(3), 1996): stepping
  // into one convex set and then the other converges to a point of both when they meet. Both are
  // narrowed by twice the margin, so a point found lies deeper than the margin in each: a ball of
  // that radius lies in both volumes, and every axis sees them overlap by at least the margin, far
  // beyond overlaps()'s touching band (tolerance::kWorldSureMargin). Only the final check counts:
  // the steps may be anything. The points' rounding is covered by the margin's kWorldBoundsPad of
  // the magnitude, as in kdopSurelyOverlaps.
  const KdopSlabs& body = bodies.kdopSlabs(kdop);
  const Vec3 from = insidePoint(bodies, other);
  const double margin = sureMargin(bodies, body, other, length(body.inside - from));
  if (!(margin < std::numeric_limits<double>::infinity())) return false;
  Vec3 x = (from + body.inside) * 0.5;
  for (int round = 0; round < kWitnessRounds; ++round) {
    if (!stepIntoSlabs(body, 2 * margin, x) || !stepInto(bodies, other, 2 * margin, x)) return false;
    if (slabDepth(body, x) >= margin && depthIn(bodies, other, x) >= margin) return true;
  }
  return false;
}

int settleKdopPair(const BodyStore& bodies, uint32_t a, uint32_t b) {
  const WorldShape sa = bodies.shape(a), sb = bodies.shape(b);
  if (sa > sb) return settleKdopPair(bodies, b, a);  // symmetric: overlaps(x, y) is overlaps(y, x)
  SEPAXIS_ASSERT(sb == WorldShape::Kdop);
  // A k-DOP's slabs first: apart along one, the pair is apart without building its polytope.
  if (kdopSlabSeparates(bodies, b, a)) return 0;
  if (sa == WorldShape::Kdop && kdopSlabSeparates(bodies, a, b)) return 0;
  // Deep in each other: overlapping, and again no polytope needed (most touching pairs of a
  // frame are of this kind).
  if (kdopSurelyOverlaps(bodies, b, a)) return 1;
  if (sa == WorldShape::Kdop && kdopSurelyOverlaps(bodies, a, b)) return 1;
  if (kdopSurelyApart(bodies, b, a)) return 0;  // beyond an edge
  if (kdopCornerInside(bodies, b, a)) return 1;
  if (sa == WorldShape::Kdop && kdopCornerInside(bodies, a, b)) return 1;
  if (kdopOverlapWitness(bodies, b, a)) return 1;  // a point deep in both
  return -1;
}

bool bodiesOverlap(BodyStore& bodies, uint32_t a, uint32_t b) {
  const WorldShape sa = bodies.shape(a), sb = bodies.shape(b);
  if (sa > sb) return bodiesOverlap(bodies, b, a);
  switch (sa) {
    case WorldShape::Sphere:
      if (sb == WorldShape::Sphere) return overlaps(bodies.sphereWorld(a), bodies.sphereWorld(b));
      if (sb == WorldShape::Box) return overlaps(bodies.sphereWorld(a), bodies.boxWorld(b));
      return overlaps(bodies.sphereWorld(a), bodies.kdopWorld(b));
    case WorldShape::Box:
      if (sb == WorldShape::Box) return overlaps(bodies.boxWorld(a), bodies.boxWorld(b));
      return overlaps(bodies.boxWorld(a), bodies.kdopWorld(b));
    case WorldShape::Kdop: break;
  }
  return overlaps(bodies.kdopWorld(a), bodies.kdopWorld(b));
}

}  // namespace sepaxis::detail
