// Sweeps with triangles (sepaxis/sweep.h): proper, segment-like and point-like triangles against
// every type and against each other, in both orders, checked against a bisection oracle on
// overlaps() and against a distance at the reported time; then exact cases by name: segments
// crossing, parallel and collinear segments, two points, grazing an edge, parallel faces sliding,
// touching at time 0.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>

#include "sepaxis/sepaxis.h"
#include "sepaxis/sweep.h"

#include "moved_volumes.h"

namespace sweep_triangle_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using sweep_testing::grown;
using sweep_testing::moved;
using Rng = std::mt19937;

double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
Vec3 randomVec(Rng& rng, double lo, double hi) {
  return {uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi)};
}

enum Shape { kSphere, kAabb, kObb, kKdop, kTriangle, kSegment, kPoint, kShapes };
const char* kNames[] = {"sphere", "aabb", "obb", "kdop", "triangle", "segment", "point"};
bool isTriangleShape(int s) { return s >= kTriangle; }

Volume randomVolume(Rng& rng, int shape, Vec3 c, double size) {
  switch (shape) {
    case kSphere: return Sphere{c, uniform(rng, 0.2 * size, size)};
    case kAabb: {
      const Vec3 h = randomVec(rng, 0.2 * size, size);
      return Aabb{c - h, c + h};
    }
    case kObb: {
      const Vec3 axis = normalize(randomVec(rng, -1, 1));
      const double angle = uniform(rng, 0, 6.283185307179586), s = std::sin(angle / 2);
      return makeObbFromQuaternion(c, {axis.x * s, axis.y * s, axis.z * s, std::cos(angle / 2)},
                                   randomVec(rng, 0.2 * size, size))
          .value();
    }
    case kKdop: {
      static const int kKs[] = {6, 8, 14, 18, 26};
      Vec3 points[6];
      for (Vec3& p : points) p = c + randomVec(rng, -size, size);
      return fitKdop(kKs[rng() % 5], points, 6).value();
    }
    case kTriangle:
      return makeTriangle(c + randomVec(rng, -size, size), c + randomVec(rng, -size, size),
                          c + randomVec(rng, -size, size))
          .value();
    case kSegment: {
      const Vec3 p = c + randomVec(rng, -size, size), q = c + randomVec(rng, -size, size);
      // A repeated corner in any place, or the midpoint (collinear up to rounding).
      switch (rng() % 4) {
        case 0: return makeTriangle(p, q, p).value();
        case 1: return makeTriangle(p, p, q).value();
        case 2: return makeTriangle(q, p, p).value();
        default: return makeTriangle(p, (p + q) * 0.5, q).value();
      }
    }
    default: {
      const Vec3 p = c + randomVec(rng, -size, size);
      return makeTriangle(p, p, p).value();
    }
  }
}

// The distance between two segments (Ericson, Real-Time Collision Detection, 5.1.9).
double segmentDistance(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2) {
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  double s = 0, t = 0;
  if (a <= 0 && e <= 0) return length(r);
  if (a <= 0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = dot(d1, r);
    if (e <= 0) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = dot(d1, d2), denom = a * e - b * b;
      s = denom > 0 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0, s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1, s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  return length((p1 + d1 * s) - (p2 + d2 * t));
}

// The distance between two triangles: 0 when they overlap, else the least over each one's corners
// against the other and every pair of edges.
double triangleDistance(const Triangle& s, const Triangle& t) {
  if (overlaps(s, t)) return 0;
  double d = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) {
    d = std::min(d, length(closestPoint(t, s[i]) - s[i]));
    d = std::min(d, length(closestPoint(s, t[i]) - t[i]));
    for (int j = 0; j < 3; ++j) d = std::min(d, segmentDistance(s[i], s[(i + 1) % 3], t[j], t[(j + 1) % 3]));
  }
  return d;
}

// Within delta of each other: a triangle against a grown (or, delta < 0, shrunk) other volume, or
// two triangles' distance.
bool within(const Volume& a, const Volume& b, double delta) {
  const auto* ta = std::get_if<Triangle>(&a);
  const auto* tb = std::get_if<Triangle>(&b);
  if (ta && tb) return delta >= 0 ? triangleDistance(*ta, *tb) <= delta : false;
  if (ta) {
    const auto g = grown(b, delta);
    return g && overlaps(a, *g);
  }
  const auto g = grown(a, delta);
  return g && overlaps(*g, b);
}

std::optional<double> firstContact(const Volume& a, const Volume& b, Vec3 w, double maxTime) {
  if (overlaps(a, b)) return 0.0;
  constexpr int kSamples = 64;
  double before = 0;
  for (int i = 1; i <= kSamples; ++i) {
    const double t = maxTime * i / kSamples;
    if (overlaps(a, moved(b, w * t))) {
      double lo = before, hi = t;
      for (int j = 0; j < 60; ++j) {
        const double mid = 0.5 * (lo + hi);
        (overlaps(a, moved(b, w * mid)) ? hi : lo) = mid;
      }
      return hi;
    }
    before = t;
  }
  return std::nullopt;
}

using sweep_testing::support;

double sizeOf(const Volume& v) {
  const Aabb b = boundingBox(v);
  return length(b.max - b.min);
}

// Checks one case against the oracle and the other order; returns whether it hit.
bool checkCase(const Volume& a, const Volume& b, const Motion& m) {
  const Vec3 w = m.velocityB - m.velocityA;
  const double speed = length(w);
  const double scale =
      sizeOf(a) + sizeOf(b) + length(center(boundingBox(b)) - center(boundingBox(a))) + speed * m.maxTime;
  const double delta = 1e-7 * scale;
  const double dt = speed > 0 ? delta / speed : 0;
  const SweepHit h = timeOfImpact(a, b, m).value();
  const std::optional<double> oracle = firstContact(a, b, w, m.maxTime);
  SCOPED_TRACE(std::string(typeName(a)) + " vs " + typeName(b) + ", time " + std::to_string(h.time) + ", oracle " +
               (oracle ? std::to_string(*oracle) : "none"));
  const SweepHit r = timeOfImpact(b, a, {m.velocityB, m.velocityA, m.maxTime}).value();
  EXPECT_EQ(r.hit, h.hit);
  EXPECT_EQ(r.time, h.time);
  EXPECT_EQ(r.normal, -h.normal);
  if (h.hit) {
    EXPECT_GE(h.time, 0);
    EXPECT_LE(h.time, m.maxTime);
    const Volume bt = moved(b, w * h.time);
    EXPECT_TRUE(within(a, bt, delta));  // they meet at `time`
    if (oracle) {
      EXPECT_GE(*oracle, h.time - dt);  // and no later than the oracle says
    }
    if (h.time > 0) {
      EXPECT_NEAR(length(h.normal), 1, 1e-12);
      // The normal, from A to B, separates them at the contact: a contact plane's.
      EXPECT_LE(support(a, h.normal) + support(bt, -h.normal), delta);
    }
  } else if (oracle) {
    // A contact the sweep misses can only be a graze: shrunk by the band, they stay apart.
    EXPECT_FALSE(within(a, moved(b, w * *oracle), -delta));
  }
  return h.hit;
}

// ---- Random cases: every type against every kind of triangle, the triangle first or second.

TEST(SweepTriangle, RandomCasesAgreeWithTheBisectionOracleInBothOrders) {
  Rng rng(2911);
  for (int sa = 0; sa < kShapes; ++sa) {
    for (int sb = kTriangle; sb < kShapes; ++sb) {
      SCOPED_TRACE(std::string(kNames[sa]) + " vs " + kNames[sb]);
      const int cases = sa == kKdop ? 40 : 100;  // k-DOPs cost the oracle a rebuild per sample
      int hits = 0;
      for (int i = 0; i < cases; ++i) {
        const Vec3 c = randomVec(rng, -4, 4);
        const Volume a = randomVolume(rng, sa, c, uniform(rng, 0.3, 2));
        const Volume b =
            randomVolume(rng, sb, c + normalize(randomVec(rng, -1, 1)) * uniform(rng, 0.5, 3), uniform(rng, 0.5, 2.5));
        const Motion m{randomVec(rng, -6, 6), randomVec(rng, -6, 6), uniform(rng, 0.2, 1.5)};
        hits += i % 2 ? checkCase(a, b, m) : checkCase(b, a, m);
      }
      // Two degenerate triangles meet on a set of measure zero: random cases all miss. A point
      // meets a triangle only where its line crosses it: rarely.
      if (isTriangleShape(sa) && sa != kTriangle && sb != kTriangle) continue;
      EXPECT_GT(hits, (sa == kPoint || sb == kPoint) && isTriangleShape(sa) ? 0 : cases / 20);
      EXPECT_LT(hits, cases * 19 / 20);
    }
  }
}

// Aimed: B starts apart and moves toward a random corner or edge point of the triangle A, so the
// contacts fall on its face, edges and corners alike.
TEST(SweepTriangle, AimedCasesHitWhenTheOracleSays) {
  Rng rng(77);
  for (int sa = kTriangle; sa < kShapes; ++sa) {
    for (int sb = 0; sb < kShapes; ++sb) {
      SCOPED_TRACE(std::string(kNames[sa]) + " vs " + kNames[sb]);
      const int cases = sb == kKdop ? 25 : 60;
      for (int i = 0; i < cases; ++i) {
        const Volume a = randomVolume(rng, sa, {}, uniform(rng, 0.5, 2));
        const Triangle& t = std::get<Triangle>(a);
        const Vec3 from = normalize(randomVec(rng, -1, 1)) * 8;
        const Volume b = randomVolume(rng, sb, from, uniform(rng, 0.3, 2));
        const double u = uniform(rng, 0, 1), v = uniform(rng, 0, 1 - u);
        const Vec3 target = t.a + (t.b - t.a) * u + (t.c - t.a) * v;
        const Vec3 velocityA = randomVec(rng, -1, 1);
        checkCase(a, b, {velocityA, velocityA + (target - from) * uniform(rng, 0.5, 2), 1});
      }
    }
  }
}

// ---- Exact cases: small integers, so that every product is exact and contact is exact too.

Volume tri(Vec3 a, Vec3 b, Vec3 c) { return makeTriangle(a, b, c).value(); }
Volume segment(Vec3 p, Vec3 q) { return tri(p, q, q); }
Volume point(Vec3 p) { return tri(p, p, p); }

struct Exact {
  const char* name;
  Volume a, b;
  Vec3 w;  // B's velocity; A stands still
  double maxTime;
  bool hit;
  double time;  // when hit
  Vec3 normal;  // from A to B; zero where the contact has more than one (a corner on an edge)
};

TEST(SweepTriangle, DegenerateAndTouchingPairsMeetExactlyWhenTheyShould) {
  const Exact cases[] = {
      {"crossing segments",
       segment({0, 0, 0}, {4, 0, 0}),
       segment({1, -1, 2}, {1, 1, 2}),
       {0, 0, -1},
       5,
       true,
       2,
       {0, 0, 1}},
      {"crossing segments passing by",
       segment({0, 0, 0}, {4, 0, 0}),
       segment({5, -1, 2}, {5, 1, 2}),
       {0, 0, -1},
       5,
       false,
       0,
       {}},
      {"parallel segments side by side",
       segment({0, 0, 0}, {4, 0, 0}),
       segment({1, 3, 0}, {2, 3, 0}),
       {0, -1, 0},
       5,
       true,
       3,
       {0, 1, 0}},
      {"parallel segments in parallel planes",
       segment({0, 0, 0}, {4, 0, 0}),
       segment({1, 3, 1}, {2, 3, 1}),
       {0, -1, 0},
       5,
       false,
       0,
       {}},
      {"collinear segments closing along their line",
       segment({0, 0, 0}, {4, 0, 0}),
       segment({6, 0, 0}, {7, 0, 0}),
       {-1, 0, 0},
       5,
       true,
       2,
       {1, 0, 0}},
      {"parallel lines moving along them",
       segment({0, 0, 0}, {4, 0, 0}),
       segment({6, 1, 0}, {7, 1, 0}),
       {-1, 0, 0},
       9,
       false,
       0,
       {}},
      {"a point onto a segment",
       segment({0, 0, 0}, {4, 0, 0}),
       point({2, 2, 2}),
       {0, -1, -1},
       5,
       true,
       2,
       {0, 0.7071067811865475, 0.7071067811865475}},
      {"a point along a segment's line",
       segment({0, 0, 0}, {4, 0, 0}),
       point({6, 0, 0}),
       {-1, 0, 0},
       5,
       true,
       2,
       {1, 0, 0}},
      {"a point beside a segment's line", segment({0, 0, 0}, {4, 0, 0}), point({6, 0, 1}), {-1, 0, 0}, 9, false, 0, {}},
      {"two points meeting",
       point({1, 1, 1}),
       point({3, 5, 1}),
       {-1, -2, 0},
       5,
       true,
       2,
       {0.4472135954999579, 0.8944271909999159, 0}},
      {"two points passing", point({1, 1, 1}), point({3, 5, 1}), {-1, -2, 0.5}, 5, false, 0, {}},
      {"two points together, no motion", point({1, 1, 1}), point({1, 1, 1}), {0, 0, 0}, 5, true, 0, {}},
      {"a segment through a triangle's face",
       tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}),
       segment({1, 1, 3}, {1, 1, 5}),
       {0, 0, -1},
       5,
       true,
       3,
       {0, 0, 1}},
      {"a point onto a triangle's edge",
       tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}),
       point({2, -2, 0}),
       {0, 1, 0},
       5,
       true,
       2,
       {0, -1, 0}},
      {"a box grazing a triangle's edge",
       tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}),
       Aabb{{-9, -2, -1}, {-7, 0, 1}},
       {1, 0, 0},
       9,
       true,
       7,
       {}},
      {"parallel faces sliding into each other",
       tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}),
       tri({6, 0, 0}, {10, 0, 0}, {6, 4, 0}),
       {-1, 0, 0},
       9,
       true,
       2,
       {}},
      {"parallel faces sliding past",
       tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}),
       tri({6, 0, 1}, {10, 0, 1}, {6, 4, 1}),
       {-1, 0, 0},
       9,
       false,
       0,
       {}},
      {"triangles touching at time 0",
       tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}),
       tri({4, 0, 0}, {8, 0, 0}, {4, 0, 4}),
       {1, 0, 0},
       1,
       true,
       0,
       {}},
      {"a sphere onto a triangle's corner",
       tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}),
       Sphere{{-5, 0, 0}, 1},
       {1, 0, 0},
       9,
       true,
       4,
       {-1, 0, 0}},
      {"a sphere onto a point", point({0, 0, 0}), Sphere{{0, 0, 5}, 2}, {0, 0, -1}, 9, true, 3, {0, 0, 1}},
  };
  for (const Exact& c : cases) {
    SCOPED_TRACE(c.name);
    const Motion m{{}, c.w, c.maxTime};
    const SweepHit h = timeOfImpact(c.a, c.b, m).value();
    const SweepHit r = timeOfImpact(c.b, c.a, {c.w, {}, c.maxTime}).value();
    EXPECT_EQ(h.hit, c.hit);
    EXPECT_EQ(r.hit, c.hit);
    EXPECT_EQ(r.time, h.time);
    EXPECT_EQ(r.normal, -h.normal);
    if (!c.hit) continue;
    EXPECT_NEAR(h.time, c.time, 1e-12 * c.time);
    if (lengthSquared(c.normal) > 0) {
      EXPECT_NEAR(h.normal.x, c.normal.x, 1e-15);
      EXPECT_NEAR(h.normal.y, c.normal.y, 1e-15);
      EXPECT_NEAR(h.normal.z, c.normal.z, 1e-15);
    }
    // The case itself: apart just before, together at the time.
    EXPECT_TRUE(overlaps(c.a, moved(c.b, c.w * c.time)));
    if (c.time > 0) {
      EXPECT_FALSE(overlaps(c.a, moved(c.b, c.w * (c.time * (1 - 1e-9)))));
    }
  }
}

// A sphere that passes within the polytope's grown slabs but outside its rounded corners, on an
// endless motion: no piece of the grown polytope is ever entered, a miss (not a hit at infinity).
TEST(SweepTriangle, AnEndlessMotionPastACornerMisses) {
  const Volume ball = Sphere{{-5, 1.4, 1.4}, 0.5};
  const Volume box = Aabb{{-1, -1, -1}, {1, 1, 1}};
  const Volume triangle = tri({-1, 1, 1}, {1, 1, 1}, {0, -1, -1});
  const double kInf = std::numeric_limits<double>::infinity();
  for (const Volume& other : {box, triangle}) {
    SCOPED_TRACE(typeName(other));
    EXPECT_FALSE(timeOfImpact(ball, other, {{1, 0, 0}, {}, kInf}).value().hit);
    EXPECT_FALSE(timeOfImpact(other, ball, {{}, {1, 0, 0}, kInf}).value().hit);
    EXPECT_FALSE(timeOfImpact(ball, other, {{1, 0, 0}, {}, 100}).value().hit);
  }
}

TEST(SweepTriangle, TheSweepReportTakesTrianglesAndAgreesWithTimeOfImpact) {
  const Volume a = tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}), b = Sphere{{1, 1, 5}, 1};
  const Motion m{{}, {0, 0, -2}, 5};
  const SweepReport r = sweep(a, b, m).value();
  const SweepHit h = timeOfImpact(a, b, m).value();
  EXPECT_TRUE(r.hit);
  EXPECT_EQ(r.time, 2);
  EXPECT_EQ(r.time, h.time);
  EXPECT_EQ(r.normal, h.normal);
  EXPECT_EQ(r.normal, (Vec3{0, 0, 1}));
}

}  // namespace
}  // namespace sweep_triangle_test
