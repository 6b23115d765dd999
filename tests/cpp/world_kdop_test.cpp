// The World's ways of deciding a pair with a k-DOP without building the k-DOP (world_bodies.h):
// kdopSlabSeparates (apart along a slab direction, the other body projected itself),
// kdopSurelyOverlaps (a common point deep in the other body), kdopSurelyApart (beyond the
// wedge of two of the k-DOP's planes, clearly) and kdopOverlapWitness (a point deep in both,
// searched by alternating projections). Whatever each decides
// must be overlaps()'s verdict on the two world volumes, including for pairs placed a hair from
// touching, far from the origin and tiny, and for flat and needle-like k-DOPs; and each must
// decide a good share of the pairs, or the World would build every k-DOP again. mt19937, seed
// 12345.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "sepaxis/sepaxis.h"
#include "world_random.h"
#include "world_kdop.h"

namespace world_kdop_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis::world_testing;
Vec3 randomUnit(Rng& rng) {
  std::normal_distribution<double> g;
  const Vec3 v{g(rng), g(rng), g(rng)};
  return v / length(v);
}

/// A local volume of about `size` around its origin; kind 0 sphere, 1 AABB, 2 OBB, 3.. k-DOPs
/// (`shape` 1: flat, its points in the plane z = 0; 2: a needle along x).
Volume randomVolume(Rng& rng, int kind, double size, int shape = 0) {
  static const int ks[] = {6, 8, 14, 18, 26};
  const Vec3 h{uniform(rng, 0.2, 1) * size, uniform(rng, 0.2, 1) * size, uniform(rng, 0.2, 1) * size};
  switch (kind) {
    case 0: return makeSphere({}, uniform(rng, 0.2, 1) * size).value();
    case 1: return makeAabb(Vec3{} - h, h).value();
    case 2: return makeObbFromQuaternion({}, randomRotation(rng), h).value();
    default: {
      Vec3 points[7];
      for (Vec3& p : points) {
        p = Vec3{uniform(rng, -1, 1) * h.x, uniform(rng, -1, 1) * h.y, uniform(rng, -1, 1) * h.z};
        if (shape == 1) p.z = 0;
        if (shape == 2) p.y = p.z = 0;
      }
      return fitKdop(ks[(kind - 3) % 5], points, 7).value();
    }
  }
}

struct Tally {
  int pairs = 0, separated = 0, sure = 0, apart = 0;
  int overlapping = 0, witnessed = 0;  ///< overlapping pairs kdopSurelyOverlaps left; those kdopOverlapWitness decided
};

/// The k-DOP at `at` and the other body at `at + offset`, both turned; the shortcuts against
/// overlaps() of the world volumes. Returns overlaps().
bool checkPair(const Volume& kdop, const Volume& other, Quat qa, Quat qb, Vec3 at, Vec3 offset, Tally& tally,
               const std::string& what) {
  detail::BodyStore store;
  store.add(kdop, makeRigidTransform(qa, at).value());
  store.add(other, makeRigidTransform(qb, at + offset).value());
  const bool truth = overlaps(store.worldVolume(0), store.worldVolume(1));
  const bool separated = detail::kdopSlabSeparates(store, 0, 1), sure = detail::kdopSurelyOverlaps(store, 0, 1);
  const bool apart = detail::kdopSurelyApart(store, 0, 1), witness = detail::kdopOverlapWitness(store, 0, 1);
  if (separated) {
    EXPECT_FALSE(truth) << what << ": kdopSlabSeparates, but overlaps() says they overlap";
  }
  if (sure) {
    EXPECT_TRUE(truth) << what << ": kdopSurelyOverlaps, but overlaps() says they are apart";
  }
  if (apart) {
    EXPECT_FALSE(truth) << what << ": kdopSurelyApart, but overlaps() says they overlap";
  }
  if (witness) {
    EXPECT_TRUE(truth) << what << ": kdopOverlapWitness, but overlaps() says they are apart";
  }
  tally.pairs += 1, tally.separated += separated, tally.sure += sure, tally.apart += apart && !separated;
  tally.overlapping += truth && !sure, tally.witnessed += witness && !sure;
  return truth;
}

/// Pairs at random distances (counted in `tally`), and at the touching distance along a random
/// direction (found by bisection on overlaps()) times 1 +- 1e-2 .. 1e-12 (only checked).
void runPairs(Vec3 at, double size, Tally& tally, const char* where) {
  Rng rng(12345);
  for (int n = 0; n < 600; ++n) {
    const int kdopKind = 3 + n % 5, otherKind = (n / 5) % 8;
    const Volume kdop = randomVolume(rng, kdopKind, size, n % 9 == 4 ? 1 : n % 9 == 7 ? 2 : 0);
    const Volume other = randomVolume(rng, otherKind, size, n % 11 == 5 ? 1 : 0);
    const Quat qa = randomRotation(rng), qb = randomRotation(rng);
    const Vec3 direction = randomUnit(rng);
    const std::string what = std::string(where) + ", case " + std::to_string(n);
    checkPair(kdop, other, qa, qb, at, direction * (uniform(rng, 0, 3) * size), tally, what);
    double in = 0, out = 4 * size;  // overlapping at `in`, apart at `out`
    Tally ignored;                  // near touching, the exact test decides most
    for (int step = 0; step < 60; ++step) {
      const double mid = (in + out) / 2;
      (checkPair(kdop, other, qa, qb, at, direction * mid, ignored, what) ? in : out) = mid;
    }
    for (double e : {1e-2, 1e-4, 1e-6, 1e-9, 1e-12}) {
      checkPair(kdop, other, qa, qb, at, direction * (in * (1 - e)), ignored, what + " just in");
      checkPair(kdop, other, qa, qb, at, direction * (out * (1 + e)), ignored, what + " just out");
    }
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(WorldKdopShortcuts, AgreeWithOverlapsForPairsOfEveryKindNearAndFarFromTouching) {
  Tally tally;
  runPairs({3, -2, 1}, 1, tally, "near the origin");
  // Both shortcuts must carry their weight on pairs at random distances (up to 3 sizes apart).
  EXPECT_GT(tally.separated, tally.pairs / 4)
      << "kdopSlabSeparates decided " << tally.separated << " of " << tally.pairs;
  EXPECT_GT(tally.sure, tally.pairs / 5) << "kdopSurelyOverlaps decided " << tally.sure << " of " << tally.pairs;
  EXPECT_GT(tally.witnessed, tally.overlapping / 2)
      << "of the " << tally.overlapping << " overlapping pairs kdopSurelyOverlaps left, kdopOverlapWitness decided "
      << tally.witnessed;
}

TEST(WorldKdopShortcuts, AgreeWithOverlapsFarFromTheOriginAndForTinyBodies) {
  Tally far, tiny;
  runPairs({1e6, -1e6, 1e6}, 1, far, "at 1e6");
  runPairs({1e-3, 0, -1e-3}, 1e-6, tiny, "tiny");
  EXPECT_GT(far.sure + far.separated, far.pairs / 2) << far.sure << " + " << far.separated << " of " << far.pairs;
  EXPECT_GT(tiny.sure + tiny.separated, tiny.pairs / 2) << tiny.sure << " + " << tiny.separated << " of " << tiny.pairs;
}

TEST(WorldKdopShortcuts, AgreeWithOverlapsBeyondTheRangeOfSquares) {
  // Squared lengths of bodies of 1e196 overflow, of bodies of 1e-300 underflow: there the World
  // must leave every pair the slab test does not decide to the exact, range-scaled test.
  Tally huge, tiny;
  runPairs({1e200, -1e200, 1e200}, 1e196, huge, "1e200");
  runPairs({0, 0, 0}, 1e-300, tiny, "1e-300");
  EXPECT_EQ(huge.sure, 0);
  EXPECT_EQ(tiny.sure, 0);
  EXPECT_EQ(huge.witnessed, 0);
  EXPECT_EQ(tiny.witnessed, 0);
}

TEST(WorldKdopShortcuts, TheSlabTestSeesATurnedBoxItselfNotItsBoundingBox) {
  // A 45-degree turned cube beside a 26-DOP cube along the (1,1,0) diagonal: the box's bounding
  // box reaches across the k-DOP's (1,1,0) slab, the box does not.
  detail::BodyStore store;
  const double mn[] = {-1, -1, -1, -2, -2, -2, -2, -2, -2, -2, -2, -2, -2};
  const double mx[] = {1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
  store.add(makeKdop(26, mn, mx, 13).value(), makeRigidTransform({0, 0, 0, 1}, {}).value());
  const double s = std::sin(3.141592653589793 / 8), c = std::cos(3.141592653589793 / 8);
  // Its corner reaches 1 / cos(45) = 1.414 from its centre along x, and 1 along (1,1,0)/sqrt 2.
  store.add(makeAabb({-1, -1, -1}, {1, 1, 1}).value(), makeRigidTransform({0, 0, s, c}, {2, 2, 0}).value());
  EXPECT_TRUE(detail::kdopSlabSeparates(store, 0, 1));
  EXPECT_FALSE(overlaps(store.worldVolume(0), store.worldVolume(1)));
}

TEST(WorldKdopShortcuts, BodiesBeyondAnEdgeOfAKdopButNotBeyondAFaceAreSurelyApart) {
  // A 6-DOP cube [-1, 1]^3 and, beside its edge x = y = 1, a sphere and a turned box whose
  // intervals along x and along y both reach into the cube's: no slab separates them, the
  // edge's direction (1, 1, 0) does, by 0.107 and 0.236.
  const double mn[] = {-1, -1, -1}, mx[] = {1, 1, 1};
  const Kdop cube = makeKdop(6, mn, mx, 3).value();
  const RigidTransform identity = makeRigidTransform({0, 0, 0, 1}, {}).value();
  {
    detail::BodyStore store;
    store.add(cube, identity);
    store.add(makeSphere({0, 0, 0}, 0.6).value(), makeRigidTransform({0, 0, 0, 1}, {1.5, 1.5, 0}).value());
    EXPECT_FALSE(detail::kdopSlabSeparates(store, 0, 1));
    EXPECT_TRUE(detail::kdopSurelyApart(store, 0, 1));
    EXPECT_FALSE(overlaps(store.worldVolume(0), store.worldVolume(1)));
  }
  {
    // A cube of half side 0.5 turned 30 degrees about z, its centre at (1.6, 1.6, 0): along x it
    // reaches 0.5 (cos 30 + sin 30) = 0.683 back, to 0.917 < 1, and along (1,1,0)/sqrt 2 only
    // 0.5 (cos 15 + sin 15) = 0.612 back from 2.263, to 1.650 > sqrt 2 = 1.414.
    detail::BodyStore store;
    store.add(cube, identity);
    const double s = std::sin(3.141592653589793 / 12), c = std::cos(3.141592653589793 / 12);
    store.add(makeAabb({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}).value(),
              makeRigidTransform({0, 0, s, c}, {1.6, 1.6, 0}).value());
    EXPECT_FALSE(detail::kdopSlabSeparates(store, 0, 1));
    EXPECT_TRUE(detail::kdopSurelyApart(store, 0, 1));
    EXPECT_FALSE(overlaps(store.worldVolume(0), store.worldVolume(1)));
  }
  {
    // The same sphere a little nearer, 0.01 inside the edge's reach: overlapping, and not apart.
    detail::BodyStore store;
    store.add(cube, identity);
    const double at = 1 + (0.6 - 0.01) / std::sqrt(2.0);
    store.add(makeSphere({0, 0, 0}, 0.6).value(), makeRigidTransform({0, 0, 0, 1}, {at, at, 0}).value());
    EXPECT_FALSE(detail::kdopSurelyApart(store, 0, 1));
    EXPECT_TRUE(overlaps(store.worldVolume(0), store.worldVolume(1)));
  }
}

}  // namespace
}  // namespace world_kdop_test
