// The box sweep (cpp/src/sweep_boxes.h) against the per-axis computation it stands
// for: every axis's interval of times, the latest enter when it is at most every exit and the
// horizon, the first axis in test order with that enter as the normal. The same numbers, so the
// two must agree to the bit on the verdict, the time and the normal, over random pairs and the
// hard ones: touching, parallel and nearly parallel edges (axes that vanish, enters a few ulps
// apart), corners met head-on (several axes entering at once), no motion or motion along a face,
// grazing motion, times beyond 2^100, AABB-OBB.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include "sepaxis/sepaxis.h"
#include "sweep_axes.h"
#include "sweep_boxes.h"

namespace sepaxis {
namespace sweep_boxes_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using detail::BoxContact;
using Rng = std::mt19937;
constexpr double kInf = std::numeric_limits<double>::infinity();

// The per-axis computation: all 15 axes and their intervals, then the decision.
template <class F, class S>
BoxContact byEveryAxis(const F& first, const S& second, Vec3 w, double maxTime) {
  const Obb& a = detail::asBox(first);
  const Obb& b = detail::asBox(second);
  const Vec3 wf{dot(w, a.axis[0]), dot(w, a.axis[1]), dot(w, a.axis[2])};
  double offset[15], reach[15], rate[15];
  Vec3 axis[15];
  detail::forEachSweptBoxAxis(a, detail::inFrameOf(a, b, detail::centreOffset(first, second)),
                              [&](int i, const detail::BoxAxis& x) {
                                offset[i] = x.c, reach[i] = x.rA + x.rB, rate[i] = x.along(wf), axis[i] = x.axis;
                                return false;
                              });
  const auto leastDepthContact = [&] {
    detail::LeastDepthAxis least;
    for (int i = 0; i < 15; ++i) least.add(i, reach[i] - std::fabs(offset[i]), dot(axis[i], axis[i]));
    const int k = least.index;
    return BoxContact{true, 0, detail::normalFromFirst(a, axis[k], offset[k], rate[k])};
  };
  bool start = true;
  for (int i = 0; i < 15; ++i) start &= !(std::fabs(offset[i]) > reach[i]);
  if (start) return leastDepthContact();
  detail::SweptAxes swept(std::min(maxTime, std::numeric_limits<double>::max()));
  double enter[15];
  for (int i = 0; i < 15; ++i) {
    const detail::AxisTimes times(offset[i], reach[i], rate[i]);
    enter[i] = times.enter();
    swept.add({enter[i], times.exit()});
  }
  if (swept.missed()) return {};
  if (!(swept.enter > 0)) return leastDepthContact();
  int i = 0;
  while (!(enter[i] == swept.enter)) ++i;
  return {true, swept.enter, detail::normalFromFirst(a, axis[i], 0, rate[i])};
}

double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
Vec3 randomVec(Rng& rng, double lo, double hi) {
  return {uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi)};
}
Vec3 randomUnit(Rng& rng) {
  for (;;) {
    const Vec3 v = randomVec(rng, -1, 1);
    if (lengthSquared(v) > 0.01 && lengthSquared(v) <= 1) return normalize(v);
  }
}
Quat turn(Vec3 axis, double angle) {
  const double s = std::sin(angle / 2);
  return {axis.x * s, axis.y * s, axis.z * s, std::cos(angle / 2)};
}
Quat randomTurn(Rng& rng) { return turn(randomUnit(rng), uniform(rng, 0, 6.283185307179586)); }
Quat compose(Quat p, Quat q) {
  return {p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y, p.w * q.y - p.x * q.z + p.y * q.w + p.z * q.x,
          p.w * q.z + p.x * q.y - p.y * q.x + p.z * q.w, p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z};
}
Obb box(Vec3 c, Quat q, Vec3 half) { return makeObbFromQuaternion(c, q, half).value(); }

struct Case {
  Obb a, b;
  Vec3 w;
  double maxTime;
  std::string family;
};

// One case of family f (0-7): see the file's comment; the numbers scaled by an exact power of two.
Case makeCase(Rng& rng, int f) {
  const double scale = std::ldexp(1.0, int(rng() % 121) - 60);
  const double maxTimes[] = {0, 1, 1, 1, 2, kInf, 0.5};
  double maxTime = maxTimes[rng() % 7];
  const Vec3 ha = randomVec(rng, 0.2, 1.5), hb = randomVec(rng, 0.2, 1.5);
  const Quat qa = randomTurn(rng);
  Case c;
  switch (f) {
    case 0: {  // random, as the benchmark's mix
      const Vec3 ca = randomVec(rng, -10, 10);
      const Vec3 cb = ca + randomUnit(rng) * uniform(rng, 0, 1.1 * (length(ha) + length(hb)));
      const Vec3 toward = rng() % 2 ? randomUnit(rng) : normalize(ca + randomVec(rng, -0.5, 0.5) - cb);
      c = {box(ca, qa, ha), box(cb, randomTurn(rng), hb), toward * uniform(rng, 0, 4), maxTime, "random"};
      break;
    }
    case 1:    // the same turn: parallel faces and edges, corners met head-on
    case 2: {  // nearly the same turn: nearly parallel edges, enters a few ulps apart
      const Quat qb =
          f == 1 ? qa : compose(turn(randomUnit(rng), std::ldexp(uniform(rng, 1, 2), -int(rng() % 40))), qa);
      const Obb a = box({}, qa, ha);
      // B beyond a corner, an edge or a face of A (signs -1, 0, 1 per axis), moving back at it.
      const double sign[3] = {double(int(rng() % 3) - 1), double(int(rng() % 3) - 1), 1};
      Vec3 at;
      for (int k = 0; k < 3; ++k) at = at + a.axis[k] * (sign[k] * (ha[k] + hb[k] + uniform(rng, 0, 1) * (rng() % 2)));
      const Vec3 back = rng() % 3 ? -at : -at + randomVec(rng, -1, 1) * std::ldexp(1.0, -int(rng() % 50));
      c = {a, box(at, qb, hb), back * uniform(rng, 0.5, 2), maxTime, f == 1 ? "parallel" : "nearly parallel"};
      break;
    }
    case 3: {  // touching at the start, aligned on integers (exact), moving any way
      const Vec3 half{1, 2, 1};
      const int k = int(rng() % 3);
      Vec3 at{double(int(rng() % 3) - 1), double(int(rng() % 3) - 1), double(int(rng() % 3) - 1)};
      at[k] = rng() % 2 ? 2 * half[k] : -2 * half[k];
      const Vec3 dirs[] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {1, 1, 1}, {}, randomUnit(rng)};
      c = {box({}, {0, 0, 0, 1}, half), box(at, {0, 0, 0, 1}, half), dirs[rng() % 6] * double(rng() % 4), maxTime,
           "touching"};
      break;
    }
    case 4: {  // no motion, or motion along A's axes only (rates exactly 0 on the others)
      const Obb a = box({}, qa, ha);
      const Vec3 cb = randomUnit(rng) * uniform(rng, 0, 1.3 * (length(ha) + length(hb)));
      const Vec3 w = rng() % 3 ? a.axis[rng() % 3] * uniform(rng, -4, 4) : Vec3{};
      c = {a, box(cb, rng() % 2 ? qa : randomTurn(rng), hb), w, maxTime, "no motion across"};
      break;
    }
    case 5: {  // grazing: B slides past A's face y = h at exactly or just beyond touching distance
      const Vec3 half{1, 1, 1};
      const double gap = rng() % 2 ? 0 : std::ldexp(1.0, -int(rng() % 52));
      const Vec3 w{-uniform(rng, 1, 4), rng() % 2 ? 0 : -std::ldexp(1.0, -int(rng() % 60)), uniform(rng, -1, 1)};
      c = {box({}, {0, 0, 0, 1}, half), box({3, 2 + gap, 0}, {0, 0, 0, 1}, half), w, maxTime, "grazing"};
      break;
    }
    case 6: {  // closing a gap very slowly, for ever, drifting along it: contacts beyond 2^100
      const Obb a = box({}, qa, ha);
      const int k = int(rng() % 3);
      const Vec3 cb = a.axis[k] * (ha[k] + hb[k] + uniform(rng, 0.1, 1));
      const Vec3 along = normalize(a.axis[(k + 1) % 3] * uniform(rng, -1, 1) + a.axis[(k + 2) % 3]);
      const Vec3 w = (along * uniform(rng, 0, 0x1p-20) - a.axis[k]) * std::ldexp(1.0, -int(rng() % 200));
      c = {a, box(cb, qa, hb), w, kInf, "beyond 2^100"};
      break;
    }
    default: {  // an AABB's frame: B turned about one of its axes or not at all
      const Vec3 cb = randomUnit(rng) * uniform(rng, 0, 1.2 * (length(ha) + length(hb)));
      const Quat qb = rng() % 2 ? randomTurn(rng) : turn({0, 0, 1}, uniform(rng, 0, 1));
      c = {box({}, {0, 0, 0, 1}, ha), box(cb, qb, hb), randomUnit(rng) * uniform(rng, 0, 4), maxTime, "aabb"};
      break;
    }
  }
  for (Obb* o : {&c.a, &c.b}) o->center = o->center * scale, o->halfExtents = o->halfExtents * scale;
  c.w = c.w * scale;
  return c;
}

std::string show(const BoxContact& h) {
  char text[200];
  std::snprintf(text, sizeof text, "hit %d time %a normal (%a, %a, %a)", h.hit, h.time, h.normal.x, h.normal.y,
                h.normal.z);
  return text;
}

void expectSame(const BoxContact& fast, const BoxContact& full, const std::string& where) {
  EXPECT_TRUE(fast.hit == full.hit && fast.time == full.time && fast.normal == full.normal)
      << where << "\n  sweep: " << show(fast) << "\n  every axis: " << show(full);
}

TEST(SweepBoxesAdvancing, AgreesToTheBitWithEveryAxisIntervalsOnRandomAndAdversarialPairs) {
  Rng rng(0x5eeb0c5);
  const int cases = 6000;
  int starts = 0, later = 0, misses = 0, beyond = 0, failures = 0;
  for (int i = 0; i < cases && failures < 10; ++i) {
    const Case c = makeCase(rng, i % 8);
    const std::string where = "case " + std::to_string(i) + " (" + c.family + ")";
    const BoxContact full = byEveryAxis(c.a, c.b, c.w, c.maxTime);
    // Both orders of the pair (the sweep tests only the one pair_order.h picks).
    expectSame(detail::sweepBoxes(c.a, c.b, c.w, c.maxTime), full, where);
    expectSame(detail::sweepBoxes(c.b, c.a, -c.w, c.maxTime), byEveryAxis(c.b, c.a, -c.w, c.maxTime),
               where + ", reversed");
    if (c.family == "aabb") {
      const Aabb a{c.a.center - c.a.halfExtents, c.a.center + c.a.halfExtents};
      expectSame(detail::sweepBoxes(a, c.b, c.w, c.maxTime), byEveryAxis(a, c.b, c.w, c.maxTime), where + ", AABB");
    }
    failures += ::testing::Test::HasFailure();
    starts += full.hit && full.time == 0, later += full.hit && full.time > 0, misses += !full.hit;
    beyond += full.hit && full.time > 0x1p100;
  }
  EXPECT_GT(starts, cases / 10);
  EXPECT_GT(later, cases / 5);
  EXPECT_GT(misses, cases / 10);
  EXPECT_GT(beyond, cases / 100);
}

}  // namespace
}  // namespace sweep_boxes_test
}  // namespace sepaxis
