// Volumes at the ends of the double range (range_scale.h). Every generated property case, scaled
// by a power of two until its largest number lies in [2^1023, 2^1024) or in [2^-900, 2^-899),
// must give the verdict of the case at its own size (which the property tests hold to the oracle),
// and the same report with every length times that power of two. Scaling is exact there, so
// nothing but overflow or underflow inside the tests can make them differ: near the largest
// double, centres of opposite sign differ by more than it; near 2^-900, squared lengths vanish.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "oracle/generators.h"
#include "oracle/property_driver.h"
#include "sepaxis/sepaxis.h"

namespace range_scale_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis_oracle;

V3 scaled(V3 v, int e) { return {std::ldexp(v.x, e), std::ldexp(v.y, e), std::ldexp(v.z, e)}; }

/// The raw volume times 2^e (axes unchanged).
Raw scaled(Raw r, int e) {
  r.s.c = scaled(r.s.c, e), r.s.r = std::ldexp(r.s.r, e);
  r.a.lo = scaled(r.a.lo, e), r.a.hi = scaled(r.a.hi, e);
  r.o.c = scaled(r.o.c, e), r.o.e = scaled(r.o.e, e);
  for (int i = 0; i < r.d.k / 2; ++i) r.d.lo[i] = std::ldexp(r.d.lo[i], e), r.d.hi[i] = std::ldexp(r.d.hi[i], e);
  return r;
}

/// The raw volume times 2^e, through the public constructors (the property tests' bridge).
sepaxis::Volume toVolume(const Raw& raw, int e) {
  sepaxis::Volume v;
  std::string error;
  EXPECT_TRUE(toLibrary(scaled(raw, e), v, error)) << describe(raw) << " times 2^" << e << ": " << error;
  return v;
}

/// Whether the raw volume times 2^e can be built: a k-DOP's corners, relative to its middle, can
/// lie beyond the largest double when its slabs come close to it (makeKdop says so).
bool representable(const Raw& raw, int e) {
  sepaxis::Volume v;
  std::string error;
  return toLibrary(scaled(raw, e), v, error);
}

double largest(V3 v) { return std::max({std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}); }
double largest(const Raw& r) {
  switch (r.kind) {
    case Kind::Sphere: return std::max(largest(r.s.c), r.s.r);
    case Kind::Aabb: return std::max(largest(r.a.lo), largest(r.a.hi));
    case Kind::Obb: return std::max(largest(r.o.c), largest(r.o.e));
    case Kind::Kdop: {
      double m = 0;
      for (int i = 0; i < r.d.k / 2; ++i) m = std::max({m, std::fabs(r.d.lo[i]), std::fabs(r.d.hi[i])});
      return m;
    }
  }
  return 0;
}

// Whether the offset between the volumes' inner points, times 2^e, overflows.
bool offsetOverflows(const Raw& a, const Raw& b, int e) {
  const V3 d = innerPoint(b) * std::ldexp(1.0, e) - innerPoint(a) * std::ldexp(1.0, e);
  return !std::isfinite(d.x) || !std::isfinite(d.y) || !std::isfinite(d.z);
}

// Equal, or both NaN (the gap of a degenerate axis).
bool same(double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); }

const Kind kKinds[] = {Kind::Sphere, Kind::Aabb, Kind::Obb, Kind::Kdop};

// The exponent that brings the case's largest number m into [2^top, 2^(top+1)), lowered until
// its k-DOPs can be built there.
int exponentFor(const Case& c, int top) {
  const double m = std::max(largest(c.a), largest(c.b));
  int e = top - std::ilogb(m);
  while (!representable(c.a, e) || !representable(c.b, e)) --e;
  return e;
}

// The pair moved so that its inner points lie on either side of the origin (rounded: the moved
// pair is the one tested at both sizes): opposite numbers near the largest double then differ by
// more than it.
Case centred(Case c) {
  const V3 middle = (innerPoint(c.a) + innerPoint(c.b)) * 0.5;
  c.a = translated(c.a, -middle);
  c.b = translated(c.b, -middle);
  return c;
}

// The verdicts and reports of the generated cases at 2^top, against their own sizes. Returns, per
// ordered pair, how many were checked; `overflowing` counts those whose offset overflows there.
void expectVerdictsAndReportsScale(int top, uint64_t seed) {
  for (Kind ka : kKinds) {
    for (Kind kb : kKinds) {
      const int count = (ka == Kind::Kdop || kb == Kind::Kdop) ? 150 : 400;
      int overflowing = 0, overlapping = 0, checked = 0;
      for (const Case& generated : generateCases(ka, kb, seed + 10 * int(ka) + int(kb), count)) {
        const Case c = centred(generated);
        if (std::max(largest(c.a), largest(c.b)) == 0) continue;
        const int e = exponentFor(c, top);
        const std::string what = std::string(kindName(ka)) + "-" + kindName(kb) + " (" + categoryName(c.category) +
                                 ") times 2^" + std::to_string(e) + ": " + describe(c.a) + " / " + describe(c.b);
        const sepaxis::Volume a = toVolume(c.a, 0), b = toVolume(c.b, 0);
        const sepaxis::Volume sa = toVolume(c.a, e), sb = toVolume(c.b, e);
        const bool truth = sepaxis::overlaps(a, b);
        ASSERT_EQ(sepaxis::overlaps(sa, sb), truth) << what;
        ASSERT_EQ(sepaxis::overlaps(sb, sa), truth) << what;

        const sepaxis::CollisionReport own = sepaxis::collide(a, b), far = sepaxis::collide(sa, sb);
        ASSERT_EQ(far.overlap, truth) << what;
        ASSERT_EQ(far.separatingAxis, own.separatingAxis) << what;
        ASSERT_EQ(far.axes.size(), own.axes.size()) << what;
        for (size_t i = 0; i < own.axes.size(); ++i) {
          const sepaxis::AxisReport &s = own.axes[i], &h = far.axes[i];
          ASSERT_EQ(h.label, s.label) << what;
          ASSERT_PRED2(same, h.a.min, std::ldexp(s.a.min, e)) << what << ", axis " << s.label;
          ASSERT_PRED2(same, h.a.max, std::ldexp(s.a.max, e)) << what << ", axis " << s.label;
          ASSERT_PRED2(same, h.b.min, std::ldexp(s.b.min, e)) << what << ", axis " << s.label;
          ASSERT_PRED2(same, h.b.max, std::ldexp(s.b.max, e)) << what << ", axis " << s.label;
          ASSERT_PRED2(same, h.gap, std::ldexp(s.gap, e)) << what << ", axis " << s.label;  // NaN: degenerate
          ASSERT_PRED2(same, h.direction.x, s.direction.x) << what << ", axis " << s.label;
          ASSERT_EQ(h.degenerate, s.degenerate) << what << ", axis " << s.label;
        }
        ASSERT_EQ(far.penetration.depth, std::ldexp(own.penetration.depth, e)) << what;
        overflowing += offsetOverflows(c.a, c.b, e);
        overlapping += truth;
        ++checked;
      }
      // Both verdicts occur; near the largest double the overflow this is about is reached.
      EXPECT_GT(overlapping, checked / 10) << kindName(ka) << "-" << kindName(kb);
      EXPECT_LT(overlapping, checked - checked / 10) << kindName(ka) << "-" << kindName(kb);
      if (top > 0) {
        EXPECT_GT(overflowing, checked / 20) << kindName(ka) << "-" << kindName(kb);
      }
    }
  }
}

TEST(RangeScale, VerdictsAndReportsNearTheLargestDouble) { expectVerdictsAndReportsScale(1023, 7100); }
TEST(RangeScale, VerdictsAndReportsNear2ToTheMinus900) { expectVerdictsAndReportsScale(-900, 7200); }

// Points and rays at the same sizes: the volume of each case with the other volume's inner point as
// the query point and as a ray origin aimed at the volume (and a segment ending beyond it).
void expectQueriesScale(int top, uint64_t seed) {
  const auto vec = [](V3 v) { return sepaxis::Vec3{v.x, v.y, v.z}; };
  for (Kind ka : kKinds) {
    int overflowing = 0, inside = 0, hits = 0, checked = 0;
    for (Kind kb : kKinds) {
      for (const Case& generated : generateCases(ka, kb, seed + 10 * int(ka) + int(kb), 100)) {
        const Case c = centred(generated);
        const V3 point = innerPoint(c.b), target = innerPoint(c.a), beyond = point + (target - point) * 2.0;
        const double m = std::max({largest(c.a), largest(point), largest(target), largest(beyond)});
        if (m == 0) continue;
        int e = top - std::ilogb(m);
        while (!representable(c.a, e)) --e;
        const std::string what = std::string(kindName(ka)) + " times 2^" + std::to_string(e) + ": " + describe(c.a) +
                                 ", point " + str(point);
        const sepaxis::Volume v = toVolume(c.a, 0), hv = toVolume(c.a, e);
        const sepaxis::Vec3 p = vec(point), hp = vec(scaled(point, e));
        const sepaxis::Vec3 direction{target.x - point.x, target.y - point.y, target.z - point.z};

        const bool in = sepaxis::contains(v, p);
        ASSERT_EQ(sepaxis::contains(hv, hp), in) << what;
        const sepaxis::Vec3 closest = sepaxis::closestPoint(v, p), hClosest = sepaxis::closestPoint(hv, hp);
        ASSERT_PRED2(same, hClosest.x, std::ldexp(closest.x, e)) << what;
        ASSERT_PRED2(same, hClosest.y, std::ldexp(closest.y, e)) << what;
        ASSERT_PRED2(same, hClosest.z, std::ldexp(closest.z, e)) << what;

        const sepaxis::RayHit ray = sepaxis::raycast(v, p, direction, INFINITY);
        const sepaxis::RayHit hRay = sepaxis::raycast(hv, hp, direction, INFINITY);
        ASSERT_EQ(hRay.hit, ray.hit) << what;
        ASSERT_PRED2(same, hRay.distance, std::ldexp(ray.distance, e)) << what;
        ASSERT_PRED2(same, hRay.point.x, std::ldexp(ray.point.x, e)) << what;
        ASSERT_PRED2(same, hRay.normal.x, ray.normal.x) << what;
        ASSERT_EQ(hRay.startsInside, ray.startsInside) << what;

        const sepaxis::RayHit segment = sepaxis::segmentCast(v, p, vec(beyond));
        const sepaxis::RayHit hSegment = sepaxis::segmentCast(hv, hp, vec(scaled(beyond, e)));
        ASSERT_EQ(hSegment.hit, segment.hit) << what;
        ASSERT_PRED2(same, hSegment.distance, std::ldexp(segment.distance, e)) << what;

        const V3 offset = target * std::ldexp(1.0, e) - point * std::ldexp(1.0, e);
        overflowing += !std::isfinite(offset.x) || !std::isfinite(offset.y) || !std::isfinite(offset.z);
        inside += in;
        hits += ray.hit;
        ++checked;
      }
    }
    if (top > 0) {
      EXPECT_GT(overflowing, checked / 20) << kindName(ka);
    }
    EXPECT_GT(inside, checked / 50) << kindName(ka);
    EXPECT_GT(hits, checked / 2) << kindName(ka);
  }
}

TEST(RangeScale, PointQueriesAndCastsNearTheLargestDouble) { expectQueriesScale(1023, 7300); }
TEST(RangeScale, PointQueriesAndCastsNear2ToTheMinus900) { expectQueriesScale(-900, 7400); }

// Infinite query points are not scaled (it would not change them): the queries answer as before
// instead of scaling forever.
TEST(RangeScale, InfinitePointsAreLeftAlone) {
  const sepaxis::Vec3 identity[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const sepaxis::Volume box = *sepaxis::makeObb({1e300, 0, 0}, identity, {1, 1, 1});
  const sepaxis::Vec3 far{INFINITY, 0, 0};
  EXPECT_FALSE(sepaxis::contains(box, far));
  const sepaxis::RayHit fromInfinity = sepaxis::raycast(box, far, {-1, 0, 0}, INFINITY);
  EXPECT_FALSE(fromInfinity.hit && fromInfinity.distance < 1e308);  // no finite distance from there
  const sepaxis::Aabb bounds = *sepaxis::makeAabb({-1, -1, -1}, {1e300, 1, 1});
  EXPECT_EQ(sepaxis::closestPoint(bounds, far).x, 1e300);
}

// The pairs that gave "separated" before pairs were scaled down: deep overlaps whose centres differ
// by more than the largest double (1.8e308).
TEST(RangeScale, DeepOverlapsBeyondTheLargestDifference) {
  const sepaxis::Vec3 identity[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const auto sphere = [](double x, double r) { return *sepaxis::makeSphere({x, 0, 0}, r); };
  const auto obb = [&](double x, double h) { return *sepaxis::makeObb({x, 0, 0}, identity, {h, h, h}); };
  const auto aabb = [](double lo, double hi) { return *sepaxis::makeAabb({lo, -1, -1}, {hi, 1, 1}); };
  const double lo[3] = {-1.7e308, -1, -1}, hi[3] = {0, 1, 1};
  const sepaxis::Kdop kdop = *sepaxis::makeKdop(6, lo, hi, 3);
  EXPECT_TRUE(sepaxis::overlaps(sphere(-1e308, 1.5e308), sphere(1e308, 1.5e308)));
  EXPECT_FALSE(sepaxis::overlaps(sphere(-1e308, 0.9e308), sphere(1e308, 0.9e308)));
  EXPECT_TRUE(sepaxis::overlaps(sphere(1e308, 1.5e308), aabb(-1.7e308, 0)));
  EXPECT_TRUE(sepaxis::overlaps(sphere(1e308, 1.5e308), obb(-0.85e308, 0.85e308)));
  EXPECT_TRUE(sepaxis::overlaps(sphere(1e308, 1.5e308), kdop));
  EXPECT_TRUE(sepaxis::overlaps(obb(1e308, 1.5e308), kdop));
  EXPECT_TRUE(sepaxis::overlaps(obb(-1e308, 1.5e308), obb(1e308, 1.5e308)));
  EXPECT_TRUE(sepaxis::collide(sphere(-1e308, 1.5e308), sphere(1e308, 1.5e308)).overlap);
  EXPECT_TRUE(sepaxis::collide(sphere(1e308, 1.5e308), kdop).overlap);
  EXPECT_FALSE(sepaxis::overlaps(sphere(1e308, 0.5e308), kdop));
}

}  // namespace
}  // namespace range_scale_test
