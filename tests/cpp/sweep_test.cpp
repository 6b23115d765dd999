// Sweeps (sepaxis/sweep.h) against an oracle built on the static test: the moved volumes sampled
// densely over [0, maxTime] with overlaps(), each first sign change bisected. Every type pair in
// both orders, random cases and the hard ones by name: parallel motion, grazing contact, contact
// and overlap at the start, tiny and huge speeds, no relative motion.

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <random>
#include <string>

#include "sepaxis/sepaxis.h"
#include "sepaxis/sweep.h"

#include "moved_volumes.h"

namespace sepaxis {
namespace sweep_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using Rng = std::mt19937;
constexpr double kInf = std::numeric_limits<double>::infinity();

double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
Vec3 randomVec(Rng& rng, double lo, double hi) {
  return {uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi)};
}

Kdop kdopOf(int k, const double* lo, const double* hi) {
  auto made = makeKdop(k, lo, hi, k / 2);
  EXPECT_TRUE(made.ok()) << (made.ok() ? "" : made.error().message);
  return made.ok() ? *made : Kdop{};
}

// The k-DOP of a few random points around c (a general polytope of its k).
Kdop randomKdop(Rng& rng, Vec3 c, double size) {
  static const int kKs[] = {6, 8, 14, 18, 26};
  const int k = kKs[rng() % 5];
  Vec3 points[6];
  for (Vec3& p : points) p = c + randomVec(rng, -size, size);
  auto fitted = fitKdop(k, points, 6);
  EXPECT_TRUE(fitted.ok());
  return *fitted;
}

Obb randomObb(Rng& rng, Vec3 c, double size) {
  const Vec3 axis = normalize(randomVec(rng, -1, 1));
  const double angle = uniform(rng, 0, 6.283185307179586), s = std::sin(angle / 2);
  return makeObbFromQuaternion(c, {axis.x * s, axis.y * s, axis.z * s, std::cos(angle / 2)},
                               randomVec(rng, 0.2 * size, size))
      .value();
}

Volume randomVolume(Rng& rng, int type, Vec3 c, double size) {
  switch (type) {
    case 0: return Sphere{c, uniform(rng, 0.2 * size, size)};
    case 1: {
      const Vec3 h = randomVec(rng, 0.2 * size, size);
      return Aabb{c - h, c + h};
    }
    case 2: return randomObb(rng, c, size);
    default: return randomKdop(rng, c, size);
  }
}

// ---- Moving, growing and projecting volumes, for the oracle.

using sweep_testing::grown;
using sweep_testing::moved;

using sweep_testing::support;

double sizeOf(const Volume& v) {
  const Aabb b = boundingBox(v);
  return length(b.max - b.min);
}
Vec3 centreOf(const Volume& v) { return center(boundingBox(v)); }

// The pair at time t: B moved relative to A (both orders of the oracle agree on relative motion).
bool overlapAt(const Volume& a, const Volume& b, Vec3 w, double t) { return overlaps(a, moved(b, w * t)); }

// The oracle: the first time the static test says they meet, from 64 samples and 60 bisections.
std::optional<double> firstContact(const Volume& a, const Volume& b, const Motion& m) {
  const Vec3 w = m.velocityB - m.velocityA;
  if (overlapAt(a, b, w, 0)) return 0.0;
  constexpr int kSamples = 64;
  double before = 0;
  for (int i = 1; i <= kSamples; ++i) {
    const double t = m.maxTime * i / kSamples;
    if (overlapAt(a, b, w, t)) {
      double lo = before, hi = t;
      for (int j = 0; j < 60; ++j) {
        const double mid = 0.5 * (lo + hi);
        (overlapAt(a, b, w, mid) ? hi : lo) = mid;
      }
      return hi;
    }
    before = t;
  }
  return std::nullopt;
}

Motion mirrored(const Motion& m) { return {m.velocityB, m.velocityA, m.maxTime}; }

std::string describe(const Volume& v) {
  if (const auto* s = std::get_if<Sphere>(&v))
    return "sphere " + std::to_string(s->center.x) + " " + std::to_string(s->center.y) + " " +
           std::to_string(s->center.z) + " r " + std::to_string(s->radius);
  return typeName(v);
}

// Checks one case against the oracle and against the other order; returns whether it hit.
bool checkCase(const Volume& a, const Volume& b, const Motion& m) {
  const Vec3 w = m.velocityB - m.velocityA;
  const double speed = length(w);
  const double scale = sizeOf(a) + sizeOf(b) + length(centreOf(b) - centreOf(a)) + speed * m.maxTime;
  const double delta = 1e-7 * scale;  // within the contract's band (1e-6) and far beyond rounding
  const double dt = speed > 0 ? delta / speed : 0;
  const SweepHit h = timeOfImpact(a, b, m).value();
  const std::optional<double> oracle = firstContact(a, b, m);
  SCOPED_TRACE(describe(a) + " vs " + describe(b) + ", w " + std::to_string(w.x) + " " + std::to_string(w.y) + " " +
               std::to_string(w.z) + ", time " + std::to_string(h.time) + ", oracle " +
               (oracle ? std::to_string(*oracle) : "none"));

  const SweepHit r = timeOfImpact(b, a, mirrored(m)).value();
  EXPECT_EQ(r.hit, h.hit);
  EXPECT_EQ(r.time, h.time);
  EXPECT_EQ(r.normal, -h.normal);

  if (h.hit) {
    EXPECT_GE(h.time, 0);
    EXPECT_LE(h.time, m.maxTime);
    // They meet at `time`: grown by the band, the moved volumes overlap.
    EXPECT_TRUE(overlaps(*grown(a, delta), *grown(moved(b, w * h.time), delta)));
    // And not before: the oracle's first contact is no earlier.
    if (oracle) {
      EXPECT_GE(*oracle, h.time - dt);
    }
    if (h.time > 0) {
      // The normal, from A to B, separates the volumes at the contact: it is a contact plane's.
      EXPECT_NEAR(length(h.normal), 1, 1e-12);
      const Volume bt = moved(b, w * h.time);
      EXPECT_LE(support(a, h.normal) + support(bt, -h.normal), delta);
    }
  } else if (oracle) {
    // A contact the sweep misses can only be a graze: shrunk by the band, they stay apart.
    const auto sa = grown(a, -delta), sb = grown(moved(b, w * *oracle), -delta);
    if (sa && sb) {
      EXPECT_FALSE(overlaps(*sa, *sb));
    }
  }
  return h.hit;
}

const char* kTypeNames[] = {"sphere", "aabb", "obb", "kdop"};

// ---- Random cases: every ordered pair of types.

TEST(Sweep, RandomCasesOfEveryTypePairAgreeWithTheBisectionOracle) {
  Rng rng(12345);
  for (int ta = 0; ta < 4; ++ta) {
    for (int tb = 0; tb < 4; ++tb) {
      SCOPED_TRACE(std::string(kTypeNames[ta]) + " vs " + kTypeNames[tb]);
      const int cases = ta == 3 || tb == 3 ? 60 : 200;  // k-DOPs cost the oracle a rebuild per sample
      int hits = 0;
      for (int i = 0; i < cases; ++i) {
        const Vec3 c = randomVec(rng, -4, 4);
        const Volume a = randomVolume(rng, ta, c, uniform(rng, 0.3, 2));
        const Volume b =
            randomVolume(rng, tb, c + normalize(randomVec(rng, -1, 1)) * uniform(rng, 1, 7), uniform(rng, 0.3, 2));
        const Motion m{randomVec(rng, -6, 6), randomVec(rng, -6, 6), uniform(rng, 0.2, 1.5)};
        hits += checkCase(a, b, m);
      }
      // Both outcomes are exercised (by at least 5 % of the cases: the draws differ between the
      // standard libraries of the native and WebAssembly builds).
      EXPECT_GT(hits, cases / 20);
      EXPECT_LT(hits, cases * 19 / 20);
    }
  }
}

// Aimed cases: B starts apart from A and moves toward a random point of A's, so most hit, and
// the contacts fall on faces, edges and vertices alike.
TEST(Sweep, AimedCasesOfEveryTypePairHitWhenTheOracleSays) {
  Rng rng(777);
  for (int ta = 0; ta < 4; ++ta) {
    for (int tb = 0; tb < 4; ++tb) {
      SCOPED_TRACE(std::string(kTypeNames[ta]) + " vs " + kTypeNames[tb]);
      const int cases = ta == 3 || tb == 3 ? 40 : 150;
      for (int i = 0; i < cases; ++i) {
        const Volume a = randomVolume(rng, ta, {}, uniform(rng, 0.3, 2));
        const Vec3 from = normalize(randomVec(rng, -1, 1)) * 8;
        const Volume b = randomVolume(rng, tb, from, uniform(rng, 0.3, 2));
        const Vec3 target = randomVec(rng, -1.5, 1.5);
        const Vec3 velocityA = randomVec(rng, -1, 1);
        const Motion m{velocityA, velocityA + (target - from) * uniform(rng, 0.5, 2), 1};
        checkCase(a, b, m);
      }
    }
  }
}

// ---- Named cases.

TEST(Sweep, TwoCubesClosingAGapOfOneAtSpeedTwoMeetAtHalfTimeOnX) {
  const Volume a = Aabb{{0, 0, 0}, {1, 1, 1}}, b = Aabb{{2, 0, 0}, {3, 1, 1}};
  const SweepReport r = sweep(a, b, {{1, 0, 0}, {-1, 0, 0}, 1}).value();
  EXPECT_TRUE(r.hit);
  EXPECT_EQ(r.time, 0.5);
  EXPECT_EQ(r.normal, (Vec3{1, 0, 0}));
  ASSERT_EQ(r.axes.size(), 3u);
  ASSERT_EQ(r.decidingAxis, 0);
  EXPECT_EQ(r.axes[0].label, "A.x = B.x");
  EXPECT_EQ(r.axes[0].enter, 0.5);
  EXPECT_EQ(r.axes[0].exit, 1.5);
  // y and z see no motion and always overlap.
  EXPECT_EQ(r.axes[1].enter, -kInf);
  EXPECT_EQ(r.axes[1].exit, kInf);
}

TEST(Sweep, MotionAlongAPlaneThatNeverOverlapsMissesWithAnEmptyInterval) {
  const Volume a = Aabb{{0, 0, 0}, {1, 1, 1}}, b = Aabb{{0, 2, 0}, {1, 3, 1}};
  const SweepReport r = sweep(a, b, {{}, {5, 0, 3}, 10}).value();
  EXPECT_FALSE(r.hit);
  EXPECT_EQ(r.decidingAxis, -1);
  EXPECT_EQ(r.axes[1].enter, kInf);
  EXPECT_EQ(r.axes[1].exit, -kInf);
}

TEST(Sweep, BoxesSlidingAlongTheirTouchingFacesAreInContactFromTheStart) {
  const Volume a = Aabb{{0, 0, 0}, {1, 1, 1}}, b = Aabb{{0, 1, 0}, {1, 2, 1}};
  const SweepHit h = timeOfImpact(a, b, {{}, {5, 0, 0}, 1}).value();
  EXPECT_TRUE(h.hit);
  EXPECT_EQ(h.time, 0);
}

TEST(Sweep, ASphereGrazingAFaceTouchesWhenItReachesTheFace) {
  // Centre at height 2 over the unit cube's top face (y = 1), radius 1: it slides on the face plane.
  const Volume box = Aabb{{-1, -1, -1}, {1, 1, 1}}, ball = Sphere{{-5, 2, 0}, 1};
  const SweepHit h = timeOfImpact(box, ball, {{}, {8, 0, 0}, 1}).value();
  EXPECT_TRUE(h.hit);
  // The sphere touches the edge x = -1, y = 1 when its centre is right above it: x = -1.
  EXPECT_NEAR(h.time, 0.5, 1e-12);
  EXPECT_NEAR(h.normal.y, 1, 1e-9);
}

TEST(Sweep, ASphereAimedAtABoxCornerTouchesTheCornerAtTheDistanceLessTheRadius) {
  const Volume box = makeObbFromQuaternion({}, {0, 0, 0, 1}, {1, 1, 1}).value();
  const Vec3 dir = normalize(Vec3{1, 1, 1});
  const Volume ball = Sphere{dir * 10 + Vec3{1, 1, 1}, 0.5};
  const SweepHit h = timeOfImpact(ball, box, {-dir, {}, 20}).value();
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.time, 9.5, 1e-12);
  // From A (the sphere) to B (the box): back along the path.
  EXPECT_NEAR(dot(h.normal, -dir), 1, 1e-12);
}

TEST(Sweep, ASphereClosingOnABoxEdgeDiagonallyTouchesItsCylinder) {
  // Right above the edge y = z = 1 of the cube, on its diagonal, 0.5 from it; radius 0.5 - 1e-3.
  const Volume box = Aabb{{-1, -1, -1}, {1, 1, 1}};
  const double off = 0.5 / std::sqrt(2.0);
  const Volume ball = Sphere{{0, 1 + off, 1 + off}, 0.5 - 1e-3};
  const SweepHit h = timeOfImpact(box, ball, {{}, {0.3, -std::sqrt(0.5), -std::sqrt(0.5)}, 1}).value();
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.time, 1e-3, 1e-12);
  EXPECT_NEAR(h.normal.y, std::sqrt(0.5), 1e-9);
  EXPECT_NEAR(h.normal.z, std::sqrt(0.5), 1e-9);
}

TEST(Sweep, OverlappingAtTheStartGivesTimeZeroAndCollidesPenetrationNormal) {
  Rng rng(99);
  for (int ta = 0; ta < 4; ++ta)
    for (int tb = 0; tb < 4; ++tb)
      for (int i = 0; i < 10; ++i) {
        const Volume a = randomVolume(rng, ta, {}, 1), b = randomVolume(rng, tb, randomVec(rng, -0.3, 0.3), 1);
        const Motion m{randomVec(rng, -1, 1), randomVec(rng, -1, 1), 1};
        const SweepHit h = timeOfImpact(a, b, m).value();
        ASSERT_TRUE(overlaps(a, b));
        EXPECT_TRUE(h.hit);
        EXPECT_EQ(h.time, 0);
        const CollisionReport c = collide(a, b);
        if (lengthSquared(h.normal) > 0) {
          EXPECT_NEAR(dot(h.normal, c.penetration.normal), 1, 1e-9);
        }
      }
}

TEST(Sweep, NoRelativeMotionHitsExactlyWhenTheVolumesOverlapNow) {
  Rng rng(5);
  for (int ta = 0; ta < 4; ++ta)
    for (int tb = 0; tb < 4; ++tb)
      for (int i = 0; i < 10; ++i) {
        const Volume a = randomVolume(rng, ta, {}, 1), b = randomVolume(rng, tb, randomVec(rng, -3, 3), 1);
        const Vec3 v = randomVec(rng, -9, 9);
        EXPECT_EQ(timeOfImpact(a, b, {v, v, 100}).value().hit, overlaps(a, b));
      }
}

TEST(Sweep, TinyAndHugeSpeedsGiveTheTimeOfTheSameDistance) {
  const Volume a = makeObbFromQuaternion({}, {0, 0, 0.6, 0.8}, {1, 1, 1}).value();
  const Volume sphere = Sphere{{10, 0.3, 0}, 1}, box = Aabb{{9, -1, -1}, {11, 1, 1}};
  for (const Volume& b : {sphere, box}) {
    const double reference = timeOfImpact(a, b, {{}, {-1, 0, 0}, 20}).value().time;
    ASSERT_GT(reference, 5);
    for (double speed : {1e-200, 1e-30, 1e30, 1e200}) {
      const SweepHit h = timeOfImpact(a, b, {{}, {-speed, 0, 0}, 20 / speed}).value();
      ASSERT_TRUE(h.hit) << speed;
      EXPECT_NEAR(h.time * speed, reference, 1e-12 * reference) << speed;
    }
  }
}

TEST(Sweep, TheTimeComesFromTheFasterVolumeWhenBothMove) {
  const Volume a = Sphere{{0, 0, 0}, 1}, b = Sphere{{10, 0, 0}, 1};
  const SweepHit h = timeOfImpact(a, b, {{2, 0, 0}, {-2, 0, 0}, 5}).value();
  EXPECT_TRUE(h.hit);
  EXPECT_DOUBLE_EQ(h.time, 2);
  EXPECT_EQ(h.normal, (Vec3{1, 0, 0}));
  EXPECT_FALSE(timeOfImpact(a, b, {{2, 0, 0}, {-2, 0, 0}, 1.9}).value().hit);
}

TEST(Sweep, TheReportAgreesWithTimeOfImpactAndItsDecidingAxisStartsAtTheTime) {
  Rng rng(4242);
  for (int ta = 0; ta < 4; ++ta)
    for (int tb = 0; tb < 4; ++tb)
      for (int i = 0; i < 20; ++i) {
        const Volume a = randomVolume(rng, ta, {}, 1);
        const Vec3 from = normalize(randomVec(rng, -1, 1)) * 6;
        const Volume b = randomVolume(rng, tb, from, 1);
        const Motion m{{}, (randomVec(rng, -0.5, 0.5) - from) * 1.5, 1};
        const SweepHit h = timeOfImpact(a, b, m).value();
        const SweepReport r = sweep(a, b, m).value();
        EXPECT_EQ(r.hit, h.hit);
        EXPECT_EQ(r.time, h.time);
        EXPECT_EQ(r.normal, h.normal);
        EXPECT_EQ(r.axes.size(), collide(a, b).axes.size());
        if (!h.hit) {
          EXPECT_EQ(r.decidingAxis, -1);
          continue;
        }
        ASSERT_GE(r.decidingAxis, 0);
        const SweepAxis& d = r.axes[size_t(r.decidingAxis)];
        EXPECT_NEAR(d.enter, h.time, 1e-9) << d.label;
        for (const SweepAxis& x : r.axes)
          if (!x.degenerate) {
            EXPECT_LE(x.enter, h.time + 1e-9) << x.label;
          }
      }
}

// Equal depths or equal start times on several axes, and identical volumes: the normal must not
// depend on the order the axes are visited in (found by the fuzz target).
TEST(Sweep, BothOrdersMirrorEachOtherWhereAxesTieAndForIdenticalVolumes) {
  const double lo[13] = {-1, -1, -1, -1, -1, -1, -1}, hi[13] = {1, 1, 1, 1, 1, 1, 1};
  const Volume cube6 = kdopOf(6, lo, hi), cube14 = kdopOf(14, lo, hi);
  Obb box = makeObbFromQuaternion({1.5, 0, 0}, {0, 0, 0, 1}, {0.5, 1, 0.25}).value();
  const double slab6lo[3] = {1, -6.5, -14}, slab6hi[3] = {5.75, 12.75, 2};
  const Volume kdop = kdopOf(6, slab6lo, slab6hi);
  const Volume turned = makeObbFromQuaternion({14.5, 0, 0}, {0.5, 0.5, 0.5, 0.5}, {3, 2, 1.25}).value();
  struct Case {
    Volume a, b;
    Motion m;
  };
  const Case cases[] = {
      {cube6, cube14, {{-16, -16, -16}, {-16, -16, -16}, 16}},             // overlapping, equal depths
      {Volume(box), Volume(box), {{-16, -16, -16}, {-16, -16, -16}, 16}},  // identical: no direction
      {Volume(box), Volume(box), {{}, {1, 2, 3}, 1}},                      // identical, oriented by the motion
      {kdop, turned, {{8.75, -5, -12.5}, {0, 0, -11.75}, 6}},              // equal start times
  };
  for (const Case& c : cases) {
    const SweepHit ab = timeOfImpact(c.a, c.b, c.m).value();
    const SweepHit ba = timeOfImpact(c.b, c.a, mirrored(c.m)).value();
    EXPECT_TRUE(ab.hit);
    EXPECT_EQ(ab.time, ba.time);
    EXPECT_EQ(ab.normal, -ba.normal);
  }
}

TEST(Sweep, BadMotionIsAnErrorNamingTheFieldAndTheValue) {
  const Volume a = Sphere{{0, 0, 0}, 1}, b = Sphere{{3, 0, 0}, 1};
  auto nan = timeOfImpact(a, b, {{0, std::nan(""), 0}, {}, 1});
  ASSERT_FALSE(nan.ok());
  EXPECT_EQ(nan.error().message, "motion.velocityA[1] must be finite, got NaN");
  auto inf = sweep(a, b, {{}, {0, 0, kInf}, 1});
  ASSERT_FALSE(inf.ok());
  EXPECT_EQ(inf.error().message, "motion.velocityB[2] must be finite, got Infinity");
  auto negative = timeOfImpact(a, b, {{}, {1, 0, 0}, -1});
  ASSERT_FALSE(negative.ok());
  EXPECT_EQ(negative.error().message, "motion.maxTime must be >= 0, got -1");
  EXPECT_EQ(timeOfImpact(a, b, {{}, {1, 0, 0}, std::nan("")}).error().message, "motion.maxTime must be >= 0, got NaN");
  // Infinity is a valid horizon: "ever".
  EXPECT_TRUE(timeOfImpact(a, b, {{}, {-1, 0, 0}, kInf}).value().hit);
}

// ---- Box pairs at the edges of their early outs: contact exactly at maxTime, motion parallel to
// a separating face, no motion with an endless time, contact at the start.

Obb cube(Vec3 c, double turnAboutZ = 0) {
  return makeObbFromQuaternion(c, {0, 0, std::sin(turnAboutZ / 2), std::cos(turnAboutZ / 2)}, {1, 1, 1}).value();
}

TEST(SweepBoxes, ContactExactlyAtMaxTimeHitsAndJustShortOfItMisses) {
  const double quarter = 0.7853981633974483;
  struct Case {
    Volume a, b;
    Vec3 w;
    double time;  // of contact
  };
  const Case cases[] = {
      {cube({}), cube({4, 0.5, 0}), {-2, 0, 0}, 1},                                  // face on face
      {Aabb{{-1, -1, -1}, {1, 1, 1}}, cube({4, 0.5, 0}), {-2, 0, 0}, 1},             // AABB-OBB
      {cube({}), cube({5, 0.3, 0}, quarter), {-2, 0, 0}, (4 - std::sqrt(2.0)) / 2},  // B's edge leads
      {cube({}, quarter), cube({5, 0.3, 0.2}, quarter / 2), {-2, 0, 0}, -1},         // edge on edge
  };
  for (const Case& c : cases) {
    const Motion m{{}, c.w, 100};
    const double time = timeOfImpact(c.a, c.b, m).value().time;
    if (c.time >= 0) {
      EXPECT_NEAR(time, c.time, 1e-12);
    }
    SCOPED_TRACE(time);
    // The contact is at maxTime: still a contact, in both orders.
    for (double maxTime : {time, std::nextafter(time, kInf)}) {
      const SweepHit ab = timeOfImpact(c.a, c.b, {{}, c.w, maxTime}).value();
      const SweepHit ba = timeOfImpact(c.b, c.a, {c.w, {}, maxTime}).value();
      EXPECT_TRUE(ab.hit);
      EXPECT_EQ(ab.time, time);
      EXPECT_EQ(ba.time, time);
      EXPECT_EQ(ab.normal, -ba.normal);
    }
    // Short of it by the contract's band (1e-6 of the pair's size, here ~10): a miss.
    EXPECT_FALSE(timeOfImpact(c.a, c.b, {{}, c.w, time - 1e-5}).value().hit);
    EXPECT_FALSE(timeOfImpact(c.b, c.a, {c.w, {}, time - 1e-5}).value().hit);
  }
}

TEST(SweepBoxes, MotionParallelToASeparatingFaceMissesForEverUnlessTouching) {
  const Volume a = cube({}), turned = cube({}, 0.3);
  for (const Volume& b : {Volume(cube({3, 2.5, 0})), Volume(Aabb{{2, 1.5, -1}, {4, 3.5, 1}})}) {
    // Apart along y by 0.5, moving along x (and z): no motion along the separating axis.
    for (Vec3 w : {Vec3{-4, 0, 0}, Vec3{-4, 0, 3}, Vec3{0, 0, 0}}) {
      for (double maxTime : {1.0, 1e6, kInf}) {
        EXPECT_FALSE(timeOfImpact(a, b, {{}, w, maxTime}).value().hit) << w.x << " " << w.z << " " << maxTime;
        EXPECT_FALSE(timeOfImpact(b, a, {w, {}, maxTime}).value().hit);
      }
    }
  }
  // A turned box beside it, not moving at all, for ever.
  EXPECT_FALSE(timeOfImpact(turned, Volume(cube({0, 4, 0})), {{}, {}, kInf}).value().hit);
  // Touching along the face (y = 1), sliding on it: in contact from the start.
  const Volume touching = cube({0.5, 2, 0});
  for (double maxTime : {0.0, 1.0, kInf}) {
    const SweepHit h = timeOfImpact(a, touching, {{}, {-4, 0, 0}, maxTime}).value();
    EXPECT_TRUE(h.hit);
    EXPECT_EQ(h.time, 0);
  }
}

TEST(SweepBoxes, NoRelativeMotionForEverHitsExactlyWhatOverlapsNow) {
  Rng rng(31);
  int hits = 0;
  for (int i = 0; i < 400; ++i) {
    const Volume a = randomObb(rng, randomVec(rng, -1, 1), uniform(rng, 0.3, 2));
    const Volume b = randomVolume(rng, i % 4 == 0 ? 1 : 2, randomVec(rng, -2.5, 2.5), uniform(rng, 0.3, 2));
    const Vec3 v = randomVec(rng, -3, 3);
    const bool now = overlaps(a, b);
    for (double maxTime : {0.0, 1.0, kInf}) {
      const SweepHit h = timeOfImpact(a, b, {v, v, maxTime}).value();
      EXPECT_EQ(h.hit, now) << i << " " << maxTime;
      EXPECT_EQ(h.time, 0);
    }
    hits += now;
  }
  EXPECT_GT(hits, 40);
  EXPECT_LT(hits, 360);
}

TEST(SweepBoxes, TouchingAtTheStartHitsAtZeroWhicheverWayTheyMove) {
  const Volume a = cube({});
  // Face to face (x = 1), edge to face and corner to corner.
  for (const Volume& b : {Volume(cube({2, 0.5, 0.5})), Volume(cube({2, 2, 0})), Volume(Aabb{{1, 1, 1}, {2, 2, 2}})}) {
    for (Vec3 w : {Vec3{1, 0, 0}, Vec3{5, 5, 5}, Vec3{0, 0, 1}, Vec3{-1, 0, 0}}) {
      const SweepHit h = timeOfImpact(a, b, {{}, w, 1}).value();
      EXPECT_TRUE(h.hit);
      EXPECT_EQ(h.time, 0);
      EXPECT_EQ(timeOfImpact(b, a, {w, {}, 1}).value().normal, -h.normal);
    }
  }
}

// The swept test's "in contact at the start" is the static test's verdict exactly, whichever axis
// separates the boxes (the last one tested too) and however they move.
TEST(SweepBoxes, ContactAtTheStartIsExactlyTheStaticTestsOverlap) {
  Rng rng(8);
  int overlapping = 0;
  const int cases = 20000;
  for (int i = 0; i < cases; ++i) {
    const double ra = uniform(rng, 0.5, 1.5), rb = uniform(rng, 0.5, 1.5);
    const Vec3 ca = randomVec(rng, -10, 10),
               cb = ca + normalize(randomVec(rng, -1, 1)) * uniform(rng, 0, 1.5 * (ra + rb));
    const Volume a = i % 8 == 0 ? randomVolume(rng, 1, ca, ra) : randomObb(rng, ca, ra);
    const Volume b = randomObb(rng, cb, rb);
    const Motion m{{}, randomVec(rng, -4, 4), uniform(rng, 0, 2)};
    const bool now = overlaps(a, b);
    const SweepHit ab = timeOfImpact(a, b, m).value(), ba = timeOfImpact(b, a, mirrored(m)).value();
    ASSERT_EQ(ab.hit && ab.time == 0, now) << i;
    ASSERT_EQ(ba.hit && ba.time == 0, now) << i;
    overlapping += now;
  }
  EXPECT_GT(overlapping, cases / 4);
  EXPECT_LT(overlapping, cases * 3 / 4);
}

// The pairs and motions of the benchmark's mix (centres up to 1.1 x the reaches apart, speeds up
// to 4, every other motion toward A), many more of them than the random cases above: contacts at
// the start, later contacts and misses.
TEST(SweepBoxes, TheBenchmarksMixOfBoxPairsAgreesWithTheBisectionOracle) {
  Rng rng(2026);
  int starts = 0, later = 0;
  const int cases = 1500;
  for (int i = 0; i < cases; ++i) {
    const double ra = uniform(rng, 0.5, 1.5), rb = uniform(rng, 0.5, 1.5);
    const Vec3 ca = randomVec(rng, -10, 10);
    const Volume a = randomObb(rng, ca, ra);
    const Vec3 cb = ca + normalize(randomVec(rng, -1, 1)) * uniform(rng, 0, 1.1 * (ra + rb));
    const Volume b = randomObb(rng, cb, rb);
    const Vec3 toward = i % 2 ? randomVec(rng, -1, 1) : ca + randomVec(rng, -0.5, 0.5) - cb;
    const Motion m{{}, normalize(toward) * uniform(rng, 0, 4), 1};
    if (!checkCase(a, b, m)) continue;
    const double time = timeOfImpact(a, b, m).value().time;
    starts += time == 0, later += time > 0;
  }
  EXPECT_GT(starts, cases / 5);
  EXPECT_GT(later, cases / 10);
  EXPECT_LT(starts + later, cases * 9 / 10);
}

}  // namespace
}  // namespace sweep_test
}  // namespace sepaxis
