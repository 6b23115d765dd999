// The World (world.h): its pairs, queries and rays against brute force over the same world
// volumes (transformed(local, pose) of every body, every pair i < j tested with overlaps), through
// many frames of random motion with bodies added and removed, at every scale; every error path,
// and that a failing call changes nothing; ids never reused; frames that allocate nothing.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "world_random.h"

// ---- Counting allocations (for the "a frame allocates nothing" tests): every operator new of
// the test program goes through here. Not under a sanitizer, which brings its own operator new
// (the ThreadSanitizer tree, scripts/test-threads.sh, is there for races; the native and
// WebAssembly trees count). g++ warns when it sees free() on what operator new returned
// (-Wmismatched-new-delete); here both are ours and both are malloc's, so that pairing is right.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define SEPAXIS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define SEPAXIS_SANITIZED 1
#endif

#ifndef SEPAXIS_SANITIZED
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
std::atomic<long long> gAllocations{0};
}
void* operator new(std::size_t size) {
  ++gAllocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#endif

namespace world_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis::world_testing;
RigidTransform pose(Quat q, Vec3 t, double scale = 1) { return makeRigidTransform(q, t, scale).value(); }

using PairSet = std::set<std::pair<uint32_t, uint32_t>>;

/// A scene kept beside the World: every body's local volume and pose, by id.
struct Scene {
  World world;
  std::vector<BodyId> ids;
  std::vector<Volume> local;
  std::vector<RigidTransform> poses;

  BodyId add(const Volume& v, const RigidTransform& p) {
    const Expected<BodyId> id = world.add(v, p);
    EXPECT_TRUE(id.ok()) << (id.ok() ? "" : id.error().message);
    ids.push_back(*id), local.push_back(v), poses.push_back(p);
    return *id;
  }
  void removeAt(size_t i) {
    ASSERT_TRUE(world.remove(ids[i]).ok());
    ids.erase(ids.begin() + long(i)), local.erase(local.begin() + long(i)), poses.erase(poses.begin() + long(i));
  }
  void setAll() {
    const Status s = world.setPoses(ids.data(), poses.data(), ids.size());
    ASSERT_TRUE(s.ok()) << s.error().message;
  }
  std::vector<Volume> worldVolumes() const {
    std::vector<Volume> w;
    for (size_t i = 0; i < ids.size(); ++i) w.push_back(transformed(local[i], poses[i]));
    return w;
  }
  PairSet bruteForcePairs() const {
    const std::vector<Volume> w = worldVolumes();
    PairSet pairs;
    for (size_t i = 0; i < w.size(); ++i)
      for (size_t j = i + 1; j < w.size(); ++j)
        if (overlaps(w[i], w[j])) pairs.insert(std::minmax(ids[i].value, ids[j].value));
    return pairs;
  }
};

/// The world's pairs as a set; fails on a pair reported twice, a pair not in order, or an id
/// that is no body.
PairSet worldPairs(Scene& scene) {
  PairSet pairs;
  const std::set<uint32_t> known = [&] {
    std::set<uint32_t> k;
    for (BodyId id : scene.ids) k.insert(id.value);
    return k;
  }();
  for (const BodyPair& p : scene.world.pairs()) {
    EXPECT_LT(p.a.value, p.b.value);
    EXPECT_TRUE(known.count(p.a.value) && known.count(p.b.value));
    EXPECT_TRUE(pairs.insert({p.a.value, p.b.value}).second)
        << "pair reported twice: " << p.a.value << ", " << p.b.value;
  }
  return pairs;
}

void expectPairsMatch(Scene& scene, const char* where) {
  const PairSet expected = scene.bruteForcePairs();
  const PairSet got = worldPairs(scene);
  std::vector<std::pair<uint32_t, uint32_t>> missing, extra;
  std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(), std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(), std::back_inserter(extra));
  EXPECT_TRUE(missing.empty() && extra.empty())
      << where << ": " << missing.size() << " pairs missing, " << extra.size() << " extra, of " << expected.size();
}

struct MotionCase {
  const char* name;
  int bodies;
  int frames;
  double size;       // bodies' size
  double spread;     // side of the cube they move in
  Vec3 offset;       // where that cube is
  double sizeRange;  // sizes spread over size / sizeRange .. size * sizeRange (several grid levels)
  int kdopPercent;   // share of k-DOP bodies
  int churn;         // bodies removed and added per frame
  uint32_t seed;
  double clusterGap = 0;  // > 0: half the bodies in a second cube this far away along x, y and z
  unsigned threads = 1;   // World::setThreads; every body is moved by packed poses when > 1
};

void runMotion(const MotionCase& c) {
  Rng rng(c.seed);
  Scene scene;
  ASSERT_TRUE(scene.world.setThreads(c.threads).ok());
  auto randomBody = [&](Vec3 at) {
    const int kind = int(rng() % 100) < c.kdopPercent ? 3 + int(rng() % 5) : int(rng() % 3);
    const double size = c.size * std::pow(c.sizeRange, uniform(rng, -1, 1));
    scene.add(randomVolume(rng, kind, size), pose(randomRotation(rng), at));
  };
  auto randomPoint = [&] {
    const double gap = c.clusterGap > 0 && rng() % 2 ? c.clusterGap : 0;
    return c.offset +
           Vec3{gap + uniform(rng, 0, c.spread), gap + uniform(rng, 0, c.spread), gap + uniform(rng, 0, c.spread)};
  };
  for (int i = 0; i < c.bodies; ++i) randomBody(randomPoint());
  expectPairsMatch(scene, c.name);
  for (int frame = 0; frame < c.frames; ++frame) {
    // Every body moved (a step of about its size) and turned.
    std::vector<double> packed;  // setPoses's packed form, which runs on the threads
    for (RigidTransform& p : scene.poses) {
      const Vec3 step{uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
      const Quat q = randomRotation(rng);
      p = pose(q, p.translation + step * (0.5 * c.size));
      packed.insert(packed.end(), {p.translation.x, p.translation.y, p.translation.z, q.x, q.y, q.z, q.w});
    }
    if (c.threads > 1)
      ASSERT_TRUE(scene.world.setPoses(scene.ids.data(), packed.data(), scene.ids.size()).ok());
    else
      scene.setAll();
    for (int k = 0; k < c.churn && !scene.ids.empty(); ++k) scene.removeAt(rng() % scene.ids.size());
    for (int k = 0; k < c.churn; ++k) randomBody(randomPoint());
    ASSERT_EQ(scene.world.count(), scene.ids.size());
    expectPairsMatch(scene, c.name);
    if (::testing::Test::HasFailure()) return;
  }
}

// ---- 1. Pairs against brute force.

TEST(WorldPairs, EqualBruteForceOverFramesOfRandomMotionWithEveryTypeAndBodiesComingAndGoing) {
  runMotion({"mixed", 300, 25, 1, 14, {0, 0, 0}, 1.5, 30, 5, 12345});
}

TEST(WorldPairs, EqualBruteForceWithSizesSpanningManyGridLevels) {
  runMotion({"levels", 300, 10, 1, 20, {-10, -10, -10}, 40, 20, 5, 777});
}

TEST(WorldPairs, EqualBruteForceForAFewThousandBodies) {
  runMotion({"thousands", 2500, 3, 1, 40, {0, 0, 0}, 1.5, 4, 20, 4242});
}

TEST(WorldPairs, EqualBruteForceFarFromTheOrigin) {
  runMotion({"1e6", 200, 8, 1, 10, {1e6, -1e6, 1e6}, 1.5, 25, 3, 61});
  runMotion({"1e12", 200, 8, 1, 10, {1e12, 1e12, -1e12}, 1.5, 25, 3, 62});
  // Bodies far smaller than the ulps of their coordinates' neighbourhood: rounding decides.
  runMotion({"1e12, small", 200, 8, 1e-3, 1e-2, {1e12, 1e12, -1e12}, 1.5, 25, 3, 63});
}

TEST(WorldPairs, EqualBruteForceBeyondTheRangeOfFloats) {
  // The broad phase keeps boxes as floats: past 3.4e38 they are clamped to the largest float,
  // below 1.2e-38 subnormal or zero, and must still compare as the doubles do where they meet.
  runMotion({"1e200", 150, 5, 1e195, 1e196, {1e200, -1e200, 1e200}, 1.5, 25, 3, 81});
  runMotion({"across 3.4e38", 150, 5, 1e37, 1e38, {3e38, -3.3e38, 2.9e38}, 1.5, 25, 3, 82});
  runMotion({"1e-42", 150, 5, 1e-42, 1e-41, {0, 0, 0}, 1.5, 25, 3, 83});
  runMotion({"1e-300", 150, 5, 1e-300, 1e-299, {0, 0, 0}, 1.5, 25, 3, 84});
}

TEST(WorldPairs, OverlapsThinnerThanAFloatsRoundingAreFound) {
  // Boxes overlapping by a relative 1e-12 at coordinates no float holds: the broad phase's float
  // boxes must still meet (rounding to float is monotone; a broad phase that shrank them, or
  // compared them with a margin, would lose these).
  Rng rng(97);
  Scene scene;
  const RigidTransform identity = pose({0, 0, 0, 1}, {0, 0, 0});
  for (int i = 0; i < 200; ++i) {
    const Vec3 at{uniform(rng, 1, 1000), uniform(rng, -1000, -1), uniform(rng, 1, 1000)};
    const int axis = i % 3;
    const double side = uniform(rng, 0.5, 2);
    Vec3 far = at + Vec3{side, side, side}, next = at;
    next[axis] = far[axis] - 1e-12 * std::fabs(far[axis]);
    const Vec3 nextFar = next + Vec3{side, side, side};
    scene.add(makeAabb(at, far).value(), identity);
    scene.add(makeAabb(next, nextFar).value(), identity);
  }
  expectPairsMatch(scene, "thin overlaps");
  EXPECT_GE(worldPairs(scene).size(), 200u);
}

TEST(WorldPairs, EqualBruteForceForBodiesOnAGround) {
  // One body far larger than the rest, under all of them (a game's floor): the small ones are
  // listed in its columns too, where only their pairs with it are looked for.
  Rng rng(101);
  Scene scene;
  scene.add(makeAabb({-30, -1, -30}, {30, 0, 30}).value(), pose({0, 0, 0, 1}, {0, 0, 0}));
  for (int i = 0; i < 600; ++i)
    scene.add(randomVolume(rng, int(rng() % 100) < 10 ? 3 + int(rng() % 5) : int(rng() % 3), 1),
              pose(randomRotation(rng), {uniform(rng, -28, 28), uniform(rng, -0.5, 2), uniform(rng, -28, 28)}));
  expectPairsMatch(scene, "ground");
  for (int frame = 0; frame < 4; ++frame) {
    for (size_t i = 1; i < scene.poses.size(); ++i)
      scene.poses[i] = pose(randomRotation(rng), scene.poses[i].translation + Vec3{uniform(rng, -0.5, 0.5), 0, 0});
    scene.setAll();
    expectPairsMatch(scene, "ground, moving");
  }
}

TEST(WorldPairs, EqualBruteForceForBodiesOnTheGridsBoundaries) {
  // Power-of-two sizes at integer places: faces lie on column boundaries and touch there, where
  // a body's first column and the corner rule are decided by ties.
  Rng rng(103);
  Scene scene;
  const RigidTransform identity = pose({0, 0, 0, 1}, {0, 0, 0});
  auto place = [&] { return Vec3{double(rng() % 8), double(rng() % 8), double(rng() % 8)}; };
  for (int i = 0; i < 400; ++i) {
    const double s = std::ldexp(1.0, int(rng() % 4) - 1);
    const Vec3 at = place();
    if (i % 3 == 0)
      scene.add(makeSphere(at + Vec3{s, s, s} * 0.5, s / 2).value(), identity);
    else
      scene.add(makeAabb(at, at + Vec3{s, s * double(1 + rng() % 2), s}).value(), identity);
  }
  expectPairsMatch(scene, "grid boundaries");
  for (int frame = 0; frame < 3; ++frame) {
    for (RigidTransform& p : scene.poses) p = pose({0, 0, 0, 1}, place() - Vec3{4, 4, 4});
    scene.setAll();
    expectPairsMatch(scene, "grid boundaries, moved");
  }
}

TEST(WorldPairs, TheBroadPhaseCountsThePairsWhoseBoxesMeet) {
  // broadPhasePairCount() lies between the pairs whose bounding boxes overlap by more than a
  // hair (the padding is 2^-32 of the numbers) and those that come within a hair, and is never
  // below pairs().
  Rng rng(107);
  Scene scene;
  for (int i = 0; i < 500; ++i)
    scene.add(randomVolume(rng, int(rng() % 6), uniform(rng, 0.3, 1.5)),
              pose(randomRotation(rng), {uniform(rng, 0, 12), uniform(rng, 0, 12), uniform(rng, 0, 12)}));
  std::vector<Aabb> boxes;
  for (const Volume& v : scene.worldVolumes()) boxes.push_back(boundingBox(v));
  size_t sure = 0, near = 0;
  for (size_t i = 0; i < boxes.size(); ++i)
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      auto gap = [&](double hair) {
        bool meet = true;
        for (int a = 0; a < 3; ++a)
          meet = meet && boxes[i].min[a] <= boxes[j].max[a] + hair && boxes[j].min[a] <= boxes[i].max[a] + hair;
        return meet;
      };
      sure += gap(-1e-7), near += gap(1e-7);
    }
  const size_t count = scene.world.broadPhasePairCount();
  EXPECT_LE(sure, count);
  EXPECT_LE(count, near);
  EXPECT_GE(count, scene.world.pairs().size());
  EXPECT_GT(count, scene.world.pairs().size());  // boxes meet more often than the volumes
  Scene two;
  two.add(makeSphere({0, 0, 0}, 1).value(), pose({0, 0, 0, 1}, {0, 0, 0}));
  two.add(makeSphere({0, 0, 0}, 1).value(), pose({0, 0, 0, 1}, {2.5, 0, 0}));
  EXPECT_EQ(two.world.broadPhasePairCount(), 0u);
  two.poses[1] = pose({0, 0, 0, 1}, {2, 0, 0});  // touching: their boxes share a face
  two.setAll();
  EXPECT_EQ(two.world.broadPhasePairCount(), 1u);
}

TEST(WorldPairs, EqualBruteForceForClustersFarApart) {
  // Columns of a level over far-apart clusters are hashed, not laid out over the block between.
  runMotion({"clusters", 400, 6, 1, 12, {0, 0, 0}, 1.5, 20, 4, 91, 1e6});
  runMotion({"clusters, levels", 400, 6, 1, 12, {-5, 3, 0}, 30, 20, 4, 92, 1e4});
}

TEST(WorldPairs, EqualBruteForceForTinyBodies) {
  runMotion({"1e-6", 200, 8, 1e-6, 1e-5, {0, 0, 0}, 1.5, 25, 3, 71});
  runMotion({"1e-6 at 1", 200, 8, 1e-6, 1e-5, {1, 1, 1}, 1.5, 25, 3, 72});
  runMotion({"1e-6 to 1e3", 200, 5, 1, 30, {0, 0, 0}, 1e3, 20, 3, 73});
}

TEST(WorldPairs, IncludeTouchingPairsOfEveryKind) {
  Scene scene;
  const RigidTransform identity = pose({0, 0, 0, 1}, {0, 0, 0});
  // Spheres touching at one point (exact numbers: 1 + 2 = 3).
  scene.add(makeSphere({0, 0, 0}, 1).value(), identity);
  scene.add(makeSphere({3, 0, 0}, 2).value(), identity);
  // AABBs sharing a face, an edge and a corner.
  scene.add(makeAabb({10, 0, 0}, {11, 1, 1}).value(), identity);
  scene.add(makeAabb({11, 0, 0}, {12, 1, 1}).value(), identity);
  scene.add(makeAabb({11, 1, 0}, {12, 2, 1}).value(), identity);
  scene.add(makeAabb({12, 2, 1}, {13, 3, 2}).value(), identity);
  // A k-DOP touching an AABB face, placed by its pose; a sphere touching it.
  const Kdop cube = makeKdop(6, std::vector<double>{0, 0, 0}.data(), std::vector<double>{1, 1, 1}.data(), 3).value();
  scene.add(cube, pose({0, 0, 0, 1}, {20, 0, 0}));
  scene.add(makeAabb({21, 0, 0}, {22, 1, 1}).value(), identity);
  scene.add(makeSphere({19, 0.5, 0.5}, 1).value(), identity);
  // Bodies touching after a quarter turn (exact for these numbers).
  const double s = std::sqrt(0.5);
  scene.add(makeAabb({-1, -1, -1}, {1, 1, 1}).value(), pose({0, 0, s, s}, {30, 0, 0}));
  scene.add(makeAabb({-1, -1, -1}, {1, 1, 1}).value(), pose({0, 0, 0, 1}, {32, 0, 0}));
  expectPairsMatch(scene, "touching");
  const PairSet pairs = worldPairs(scene);
  EXPECT_TRUE(pairs.count({scene.ids[0].value, scene.ids[1].value}));
  EXPECT_TRUE(pairs.count({scene.ids[2].value, scene.ids[3].value}));
  EXPECT_TRUE(pairs.count({scene.ids[3].value, scene.ids[4].value}));
  EXPECT_TRUE(pairs.count({scene.ids[4].value, scene.ids[5].value}));
  EXPECT_TRUE(pairs.count({scene.ids[6].value, scene.ids[7].value}));
  EXPECT_TRUE(pairs.count({scene.ids[6].value, scene.ids[8].value}));
  // A one-ulp gap is apart for both.
  Scene apart;
  apart.add(makeAabb({0, 0, 0}, {1, 1, 1}).value(), identity);
  apart.add(makeAabb({std::nextafter(1.0, 2.0), 0, 0}, {2, 1, 1}).value(), identity);
  expectPairsMatch(apart, "one ulp apart");
  EXPECT_TRUE(apart.world.pairs().empty());
}

TEST(WorldPairs, ManyBodiesInOneSpotAndAnEmptyWorld) {
  Scene scene;
  EXPECT_TRUE(scene.world.pairs().empty());
  Rng rng(5);
  for (int i = 0; i < 60; ++i) scene.add(randomVolume(rng, i % 8, 1), pose(randomRotation(rng), {0.1, 0.2, 0.3}));
  expectPairsMatch(scene, "one spot");
  EXPECT_GT(scene.world.pairs().size(), 60u * 59u / 4u);  // most of them meet: all in one cell
}

TEST(WorldPairs, EqualBruteForceWhenOneColumnHoldsMorePairsThanTheSweepMakesRoomForAtOnce) {
  // 600 bodies in a row along x, one column of the grid: its entries make 179,700 pairs to look
  // at, more than Grid::kColumnPairsMadeRoomFor, so each look-ahead makes room for its own, in a
  // fresh world whose pair list starts empty.
  Scene scene;
  Rng rng(8);
  for (int i = 0; i < 600; ++i)
    scene.add(randomVolume(rng, i % 3, 0.5), pose(randomRotation(rng), {0.05 * i, 0.25, 0.25}));
  expectPairsMatch(scene, "a row in one column");
  EXPECT_GT(scene.world.pairs().size(), 600u * 8u);  // each meets its neighbours a few tenths away
}

TEST(WorldPairs, EqualBruteForceWhenAFewSmallBodiesShareTheColumnsOfLargerOnes) {
  // A level with at most a quarter of the bodies of the group of levels just above, and up to
  // three levels finer, is merged into that group (Grid::findLevels): here bodies of about 1
  // (grid levels 0 and 1), a few of about 0.2 and 0.1 (two and three levels finer), moving among
  // each other, touching and apart, and then more of the small ones than a quarter (their own
  // columns again).
  Rng rng(47);
  Scene scene;
  auto at = [&] { return Vec3{uniform(rng, 0, 9), uniform(rng, 0, 9), uniform(rng, 0, 9)}; };
  for (int i = 0; i < 300; ++i) scene.add(randomVolume(rng, i % 3, 0.45), pose(randomRotation(rng), at()));
  for (int i = 0; i < 30; ++i) scene.add(randomVolume(rng, i % 3, 0.08), pose(randomRotation(rng), at()));
  for (int i = 0; i < 20; ++i) scene.add(randomVolume(rng, i % 3, 0.04), pose(randomRotation(rng), at()));
  expectPairsMatch(scene, "a few small bodies");
  auto moveAll = [&](const char* where) {
    for (RigidTransform& p : scene.poses)
      p = pose(randomRotation(rng),
               p.translation + Vec3{uniform(rng, -0.2, 0.2), uniform(rng, -0.2, 0.2), uniform(rng, -0.2, 0.2)});
    scene.setAll();
    expectPairsMatch(scene, where);
  };
  for (int frame = 0; frame < 5; ++frame) moveAll("a few small bodies, moving");
  for (int i = 0; i < 200; ++i) scene.add(randomVolume(rng, i % 3, 0.06), pose(randomRotation(rng), at()));
  expectPairsMatch(scene, "many small bodies");
  for (int frame = 0; frame < 3; ++frame) moveAll("many small bodies, moving");
}

TEST(WorldPairs, EqualBruteForceWhenBodiesMoveBeyondTheGridsTablesOfColumns) {
  // The grid keeps its tables of columns from one frame to the next while the bodies are of the
  // same levels and the tables still hold their columns (Grid::build): bodies that move beyond
  // a dense table, or a hashed level whose entries outgrow its table, have them laid out again.
  Rng rng(31);
  Scene scene;
  auto at = [&](double spread, Vec3 offset) {
    return offset + Vec3{uniform(rng, 0, spread), uniform(rng, 0, spread), uniform(rng, 0, spread)};
  };
  for (int i = 0; i < 200; ++i) scene.add(randomVolume(rng, i % 3, 0.5), pose(randomRotation(rng), at(8, {})));
  expectPairsMatch(scene, "laid out");
  scene.setAll();
  expectPairsMatch(scene, "kept, unmoved");
  auto moveSome = [&](int count, Vec3 to, const char* where) {
    for (int k = 0; k < count; ++k) scene.poses[rng() % scene.poses.size()].translation = at(1, to);
    scene.setAll();
    expectPairsMatch(scene, where);
  };
  moveSome(1, {4, 60, 4}, "one body far along y");
  moveSome(1, {4, 4, 4}, "back among the others");
  moveSome(20, {-30, -30, -30}, "a group far below");
  moveSome(20, {4, -7, 9}, "bodies just beside the block");
  // A second cluster far away: the level's block is sparse, its table hashed; bodies added to
  // the cluster then outgrow the table.
  for (int i = 0; i < 4; ++i)
    scene.add(randomVolume(rng, i % 3, 0.5), pose(randomRotation(rng), at(2, {5000, 5000, 5000})));
  expectPairsMatch(scene, "a far cluster");
  for (int round = 0; round < 6; ++round) {
    for (int i = 0; i < 40; ++i)
      scene.add(randomVolume(rng, i % 3, 0.5), pose(randomRotation(rng), at(6, {5000, 5000, 5000})));
    scene.setAll();
    expectPairsMatch(scene, "the far cluster grown");
  }
  moveSome(30, {-5000, 3, 3}, "a third cluster");
}

/// Every field of two k-DOPs equal bit for bit, the unused entries too.
::testing::AssertionResult sameKdopBits(const Kdop& a, const Kdop& b) {
  const bool same = a.k == b.k && a.vertexCount == b.vertexCount &&
                    std::memcmp(&a.origin, &b.origin, sizeof(Vec3)) == 0 &&
                    std::memcmp(a.min, b.min, sizeof a.min) == 0 && std::memcmp(a.max, b.max, sizeof a.max) == 0 &&
                    std::memcmp(a.vertex, b.vertex, sizeof a.vertex) == 0 &&
                    std::memcmp(a.adjacent, b.adjacent, sizeof a.adjacent) == 0 &&
                    std::memcmp(a.tightMin, b.tightMin, sizeof a.tightMin) == 0 &&
                    std::memcmp(a.tightMax, b.tightMax, sizeof a.tightMax) == 0 &&
                    std::memcmp(a.localMin, b.localMin, sizeof a.localMin) == 0 &&
                    std::memcmp(a.localMax, b.localMax, sizeof a.localMax) == 0;
  if (same) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "k-DOPs differ (" << a.vertexCount << " and " << b.vertexCount
                                       << " vertices)";
}

TEST(WorldBodies, AKdopRebuiltEveryFrameIsTransformedsEveryFieldEvenPastItsVertexCount) {
  // The World rebuilds a moving k-DOP in place; turned, its vertex count changes from frame to
  // frame, and what a larger one left past a smaller one's count must not show.
  Rng rng(19);
  Scene scene;
  for (int kind = 3; kind < 8; ++kind)
    for (int copy = 0; copy < 4; ++copy) scene.add(randomVolume(rng, kind, 2), pose(randomRotation(rng), {}));
  for (int frame = 0; frame < 20; ++frame) {
    for (RigidTransform& p : scene.poses) p = pose(randomRotation(rng), p.translation);
    scene.setAll();
    for (size_t i = 0; i < scene.ids.size(); ++i)
      ASSERT_TRUE(sameKdopBits(std::get<Kdop>(transformed(scene.local[i], scene.poses[i])),
                               std::get<Kdop>(*scene.world.worldVolume(scene.ids[i]))))
          << "body " << i << ", frame " << frame;
  }
}

/// The world volume of each body of the scene equals transformed(local, pose), bit for bit.
void expectWorldVolumesAreTransformed(Scene& scene, const char* where) {
  for (size_t i = 0; i < scene.ids.size(); ++i) {
    const Volume expected = transformed(scene.local[i], scene.poses[i]);
    const Volume got = *scene.world.worldVolume(scene.ids[i]);
    ASSERT_EQ(expected.index(), got.index());
    if (const Kdop* k = std::get_if<Kdop>(&expected)) {
      const Kdop& g = std::get<Kdop>(got);
      EXPECT_EQ(k->vertexCount, g.vertexCount);
      EXPECT_EQ(0, std::memcmp(k->vertex, g.vertex, sizeof(Vec3) * size_t(k->vertexCount)));
      EXPECT_EQ(0, std::memcmp(k->min, g.min, sizeof k->min));
      EXPECT_EQ(0, std::memcmp(k->max, g.max, sizeof k->max));
      EXPECT_TRUE(k->origin == g.origin);
    } else if (const Obb* o = std::get_if<Obb>(&expected)) {
      EXPECT_EQ(0, std::memcmp(o, &std::get<Obb>(got), sizeof(Obb))) << where << ", body " << i;
    } else {
      EXPECT_EQ(0, std::memcmp(&std::get<Sphere>(expected), &std::get<Sphere>(got), sizeof(Sphere)))
          << where << ", body " << i;
    }
  }
}

TEST(WorldBodies, WorldVolumeIsTransformedLocalVolumeBitForBit) {
  // Added with a scaled pose, then moved by poses of 7 numbers (setPoses's packed form, which
  // builds the rotation straight into the body), many of each kind.
  Rng rng(9);
  Scene scene;
  for (int copy = 0; copy < 30; ++copy)
    for (int kind = 0; kind < 8; ++kind)
      scene.add(randomVolume(rng, kind, 2), pose(randomRotation(rng), {uniform(rng, -5, 5), 1e6, 3}, 1.5));
  expectWorldVolumesAreTransformed(scene, "added");
  std::vector<double> packed;
  for (RigidTransform& p : scene.poses) {
    const Quat q = randomRotation(rng);
    const Vec3 t{uniform(rng, -1e3, 1e3), uniform(rng, -1, 1), uniform(rng, -1e-3, 1e-3)};
    p = pose(q, t);
    packed.insert(packed.end(), {t.x, t.y, t.z, q.x, q.y, q.z, q.w});
  }
  ASSERT_TRUE(scene.world.setPoses(scene.ids.data(), packed.data(), scene.ids.size()).ok());
  expectWorldVolumesAreTransformed(scene, "moved");
}

// ---- Threads (World::setThreads): the same pairs and the same bits as one thread.

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr bool kThreads = false;  // a World then runs on the calling thread alone
#else
constexpr bool kThreads = true;
#endif

TEST(WorldThreads, PairsOnThreadsEqualBruteForceOverFramesOfRandomMotion) {
  // 2,500 bodies make enough entries for the parts to run on the threads (world.cpp,
  // kEntriesOnThreadsFrom); 300 run their parts one after the other.
  runMotion({"thousands, 4 threads", 2500, 3, 1, 40, {0, 0, 0}, 1.5, 4, 20, 4243, 0, 4});
  runMotion({"mixed, 3 threads", 300, 10, 1, 14, {0, 0, 0}, 1.5, 30, 5, 12346, 0, 3});
  runMotion({"levels, 2 threads", 2000, 3, 1, 40, {-10, -10, -10}, 40, 20, 5, 778, 0, 2});
}

TEST(WorldThreads, AWorldOnThreadsMovesEveryBodyToTheBitsOfOneThreadAndListsItsPairsInOneOrder) {
  Rng rng(23);
  World one, three, threeAgain;
  ASSERT_TRUE(three.setThreads(3).ok());
  ASSERT_TRUE(threeAgain.setThreads(3).ok());
  EXPECT_EQ(one.threads(), 1u);
  EXPECT_EQ(three.threads(), kThreads ? 3u : 1u);
  std::vector<BodyId> ids;
  for (int i = 0; i < 3000; ++i) {
    const Volume v = randomVolume(rng, int(rng() % 8), 1);
    const RigidTransform p = pose(randomRotation(rng), {uniform(rng, 0, 30), uniform(rng, 0, 30), uniform(rng, 0, 30)});
    const BodyId id = *one.add(v, p);
    ASSERT_EQ(three.add(v, p)->value, id.value);
    ASSERT_EQ(threeAgain.add(v, p)->value, id.value);
    ids.push_back(id);
  }
  for (int frame = 0; frame < 3; ++frame) {
    std::vector<double> packed;
    for (size_t i = 0; i < ids.size(); ++i) {
      const Quat q = randomRotation(rng);
      packed.insert(packed.end(), {uniform(rng, 0, 30), uniform(rng, 0, 30), uniform(rng, 0, 30), q.x, q.y, q.z, q.w});
    }
    for (World* w : {&one, &three, &threeAgain}) ASSERT_TRUE(w->setPoses(ids.data(), packed.data(), ids.size()).ok());
    for (BodyId id : ids) {
      const Volume a = *one.worldVolume(id), b = *three.worldVolume(id);
      ASSERT_EQ(a.index(), b.index());
      if (const Kdop* k = std::get_if<Kdop>(&a))
        EXPECT_EQ(0, std::memcmp(k->vertex, std::get<Kdop>(b).vertex, sizeof(Vec3) * size_t(k->vertexCount)));
      else if (const Obb* o = std::get_if<Obb>(&a))
        EXPECT_EQ(0, std::memcmp(o, &std::get<Obb>(b), sizeof(Obb)));
      else
        EXPECT_EQ(0, std::memcmp(&std::get<Sphere>(a), &std::get<Sphere>(b), sizeof(Sphere)));
    }
    const std::vector<BodyPair> onThree = three.pairs(), onThreeAgain = threeAgain.pairs();
    PairSet a, b;
    for (const BodyPair& p : one.pairs()) a.insert({p.a.value, p.b.value});
    for (const BodyPair& p : onThree) b.insert({p.a.value, p.b.value});
    EXPECT_EQ(b.size(), onThree.size()) << "a pair listed twice";
    EXPECT_TRUE(a == b) << "frame " << frame << ": " << a.size() << " pairs on one thread, " << b.size() << " on three";
    EXPECT_GT(a.size(), 1000u);
    ASSERT_EQ(onThree.size(), onThreeAgain.size());
    EXPECT_EQ(0, std::memcmp(onThree.data(), onThreeAgain.data(), sizeof(BodyPair) * onThree.size()))
        << "two worlds on three threads listed their pairs in other orders";
    // contacts(), its translations computed on the threads: each pair's normal and depth those of
    // one thread, bit for bit (k-DOPs among them, built before the parts run).
    const WorldContacts c1 = one.contacts(), c3 = three.contacts(), again = threeAgain.contacts();
    ASSERT_EQ(c1.count, c3.count);
    std::map<std::pair<uint32_t, uint32_t>, size_t> onOne;
    for (size_t i = 0; i < c1.count; ++i) onOne[{c1.pairs[i].a.value, c1.pairs[i].b.value}] = i;
    for (size_t i = 0; i < c3.count; ++i) {
      const auto at = onOne.find({c3.pairs[i].a.value, c3.pairs[i].b.value});
      ASSERT_NE(at, onOne.end());
      ASSERT_EQ(0, std::memcmp(&c3.normals[i], &c1.normals[at->second], sizeof(Vec3))) << "contact " << i;
      ASSERT_EQ(0, std::memcmp(&c3.depths[i], &c1.depths[at->second], sizeof(double))) << "contact " << i;
    }
    ASSERT_EQ(again.count, c3.count);
    EXPECT_EQ(0, std::memcmp(again.normals, c3.normals, sizeof(Vec3) * c3.count));
    EXPECT_EQ(0, std::memcmp(again.depths, c3.depths, sizeof(double) * c3.count));
  }
}

TEST(WorldThreads, AWorldOfManyBodiesBuildsItsGridInPartsAndFindsWhatOneThreadFinds) {
  // From 16,384 bodies (Grid's kBodiesInPartsFrom) the grid's sort and scatter run in parts too,
  // while the tables laid out by a frame are kept (bodies of steady levels moving a little):
  // levels of several sizes (a group and its finer levels, larger bodies over many columns) and
  // bodies moving between the parts' columns.
  Rng rng(29);
  World one, two;
  ASSERT_TRUE(two.setThreads(2).ok());
  std::vector<BodyId> ids;
  const double side = 60;
  for (int i = 0; i < 17000; ++i) {
    const double size = i % 50 == 0 ? 3 : i % 7 == 0 ? 0.4 : 0.8;
    const Volume v = randomVolume(rng, int(rng() % 3), size);
    const RigidTransform p =
        pose(randomRotation(rng), {uniform(rng, 0, side), uniform(rng, 0, side), uniform(rng, 0, side)});
    const BodyId id = *one.add(v, p);
    ASSERT_EQ(two.add(v, p)->value, id.value);
    ids.push_back(id);
  }
  std::vector<Vec3> at(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) at[i] = one.pose(ids[i])->translation;
  for (int frame = 0; frame < 4; ++frame) {
    std::vector<double> packed;
    for (size_t i = 0; i < ids.size(); ++i) {
      at[i] = at[i] + Vec3{uniform(rng, -0.2, 0.2), uniform(rng, -0.2, 0.2), uniform(rng, -0.2, 0.2)};
      const Quat q = randomRotation(rng);
      packed.insert(packed.end(), {at[i].x, at[i].y, at[i].z, q.x, q.y, q.z, q.w});
    }
    ASSERT_TRUE(one.setPoses(ids.data(), packed.data(), ids.size()).ok());
    ASSERT_TRUE(two.setPoses(ids.data(), packed.data(), ids.size()).ok());
    PairSet a, b;
    for (const BodyPair& p : one.pairs()) a.insert({p.a.value, p.b.value});
    for (const BodyPair& p : two.pairs()) b.insert({p.a.value, p.b.value});
    EXPECT_EQ(b.size(), two.pairs().size()) << "a pair listed twice";
    EXPECT_GT(a.size(), 3000u);
    EXPECT_TRUE(a == b) << "frame " << frame << ": " << a.size() << " pairs on one thread, " << b.size() << " on two";
  }
}

TEST(WorldThreads, ZeroThreadsAreRefusedAndManyAreCapped) {
  World w;
  const Status s = w.setThreads(0);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().field, "threads");
  EXPECT_EQ(s.error().message, "threads must be >= 1, got 0");
  EXPECT_EQ(w.threads(), 1u);
  ASSERT_TRUE(w.setThreads(1000).ok());
  EXPECT_EQ(w.threads(), kThreads ? kMaxWorldThreads : 1u);
  ASSERT_TRUE(w.setThreads(2).ok());
  EXPECT_EQ(w.threads(), kThreads ? 2u : 1u);
}

// ---- 2. Queries and rays against brute force.

TEST(WorldQuery, EqualsBruteForceForQueriesOfEveryType) {
  Rng rng(31);
  Scene scene;
  for (int i = 0; i < 400; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), std::pow(10.0, uniform(rng, -1, 1))),
              pose(randomRotation(rng), {uniform(rng, 0, 30), uniform(rng, 0, 30), uniform(rng, 0, 30)}));
  const std::vector<Volume> w = scene.worldVolumes();
  std::vector<BodyId> out;
  for (int q = 0; q < 300; ++q) {
    // Small and large queries (large ones take the linear path, small ones the grid).
    const double size = std::pow(10.0, uniform(rng, -1, 1.5));
    const Volume query =
        transformed(randomVolume(rng, int(rng() % 8), size),
                    pose(randomRotation(rng), {uniform(rng, 0, 30), uniform(rng, 0, 30), uniform(rng, 0, 30)}));
    ASSERT_TRUE(scene.world.query(query, out).ok());
    std::set<uint32_t> got;
    for (BodyId id : out) EXPECT_TRUE(got.insert(id.value).second) << "reported twice";
    std::set<uint32_t> expected;
    for (size_t i = 0; i < w.size(); ++i)
      if (overlaps(query, w[i])) expected.insert(scene.ids[i].value);
    EXPECT_EQ(expected, got) << "query " << q;
  }
}

// The world's raycast against every body's raycast: the same body (ties: the smaller id), the
// same distance, point and normal, bit for bit. Origins in [lo, hi]^3; half the rays aimed at a
// body's origin, a tenth along an axis (zero components), a third without a limit.
int expectRaysAsBruteForce(Scene& scene, Rng& rng, int rays, double lo, double hi) {
  const std::vector<Volume> w = scene.worldVolumes();
  int hits = 0;
  for (int r = 0; r < rays; ++r) {
    const Vec3 origin{uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi)};
    Vec3 direction = r % 2 ? scene.poses[rng() % scene.poses.size()].translation - origin
                           : Vec3{uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
    if (r % 10 == 0) direction = {0, 0, r % 20 == 0 ? 1.0 : -3.0};
    if (r % 10 == 5) direction = {r % 20 == 5 ? 1.0 : -2.0, 0, 0};
    const double maxDistance = r % 3 == 0 ? std::numeric_limits<double>::infinity() : uniform(rng, 0, hi - lo);
    bool any = false;
    RayHit best;
    uint32_t bestId = 0;
    for (size_t i = 0; i < w.size(); ++i) {
      const RayHit h = raycast(w[i], origin, direction, maxDistance);
      if (!h.hit) continue;
      if (!any || h.distance < best.distance || (h.distance == best.distance && scene.ids[i].value < bestId))
        best = h, bestId = scene.ids[i].value, any = true;
    }
    const Expected<WorldRayHit> got = scene.world.raycast(origin, direction, maxDistance);
    EXPECT_TRUE(got.ok());
    if (!got.ok()) return hits;
    EXPECT_EQ(any, got->hit) << "ray " << r;
    if (!any || !got->hit) continue;
    ++hits;
    EXPECT_EQ(bestId, got->body.value) << "ray " << r;
    EXPECT_EQ(best.distance, got->distance) << "ray " << r;
    EXPECT_TRUE(best.point == got->point && best.normal == got->normal) << "ray " << r;
    EXPECT_EQ(best.startsInside, got->startsInside) << "ray " << r;
  }
  return hits;
}

TEST(WorldRaycast, FindsTheClosestHitAsBruteForceDoes) {
  Rng rng(41);
  Scene scene;
  for (int i = 0; i < 300; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 0.3, 2)),
              pose(randomRotation(rng), {uniform(rng, 0, 30), uniform(rng, 0, 30), uniform(rng, 0, 30)}));
  EXPECT_GT(expectRaysAsBruteForce(scene, rng, 400, -5, 35), 100);  // the rays do hit things
}

TEST(WorldRaycast, WalksTheGridAsBruteForceDoesAtEveryScale) {
  // Thousands of small bodies (the rays walk their levels' columns), a few large ones, specks,
  // and a far cluster (a level whose columns are hashed); then the same bodies moved.
  Rng rng(43);
  Scene scene;
  auto at = [&](double lo, double hi) { return uniformPoint(rng, lo, hi); };
  for (int i = 0; i < 3000; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 0.1, 0.6)), pose(randomRotation(rng), at(0, 40)));
  for (int i = 0; i < 30; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 4, 12)), pose(randomRotation(rng), at(0, 40)));
  for (int i = 0; i < 200; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 1e-4, 1e-3)), pose(randomRotation(rng), at(10, 12)));
  for (int i = 0; i < 100; ++i) {
    const Vec3 far = Vec3{9000, -7000, 5000} + at(-3, 3) * 1000.0;
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 0.5, 2)), pose(randomRotation(rng), far));
  }
  EXPECT_GT(expectRaysAsBruteForce(scene, rng, 600, -5, 45), 250);
  EXPECT_GT(expectRaysAsBruteForce(scene, rng, 100, 9.5, 12.5), 20);  // among the specks
  EXPECT_GE(expectRaysAsBruteForce(scene, rng, 60, -1e4, 1e4), 0);    // long rays across it all
  for (auto& p : scene.poses) p.translation = p.translation + Vec3{uniform(rng, -1, 1), uniform(rng, -1, 1), 0};
  scene.setAll();
  EXPECT_GT(expectRaysAsBruteForce(scene, rng, 300, -5, 45), 100);
}

TEST(WorldRaycast, RaycastAllListsEveryHitNearestFirstAsBruteForceDoes) {
  Rng rng(45);
  Scene scene;
  auto at = [&](double lo, double hi) { return uniformPoint(rng, lo, hi); };
  for (int i = 0; i < 1500; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 0.2, 1.5)), pose(randomRotation(rng), at(0, 25)));
  for (int i = 0; i < 40; ++i)  // touching copies: hits at the same distance, ordered by id
    scene.add(scene.local[size_t(i)], scene.poses[size_t(i)]);
  const std::vector<Volume> w = scene.worldVolumes();
  std::vector<WorldRayHit> got;
  size_t listed = 0;
  for (int r = 0; r < 150; ++r) {
    const Vec3 origin = at(-5, 30);
    Vec3 direction = r % 2 ? scene.poses[rng() % scene.poses.size()].translation - origin : at(-1, 1);
    if (r % 10 == 0) direction = {0, 0, 1};
    const double maxDistance = r % 3 == 0 ? std::numeric_limits<double>::infinity() : uniform(rng, 0, 30);
    std::vector<std::pair<double, uint32_t>> want;
    std::vector<RayHit> hits(w.size());
    for (size_t i = 0; i < w.size(); ++i) {
      hits[i] = raycast(w[i], origin, direction, maxDistance);
      if (hits[i].hit) want.push_back({hits[i].distance, scene.ids[i].value});
    }
    std::sort(want.begin(), want.end());
    ASSERT_TRUE(scene.world.raycastAll(origin, direction, maxDistance, got).ok());
    ASSERT_EQ(got.size(), want.size()) << "ray " << r;
    for (size_t k = 0; k < got.size(); ++k) {
      EXPECT_EQ(got[k].body.value, want[k].second) << "ray " << r << ", hit " << k;
      EXPECT_EQ(got[k].distance, want[k].first) << "ray " << r << ", hit " << k;
    }
    listed += got.size();
  }
  EXPECT_GT(listed, 200u);
  // Errors as raycast's, and the list is left as it was.
  const size_t before = got.size();
  EXPECT_FALSE(scene.world.raycastAll({0, 0, 0}, {0, 0, 0}, 1, got).ok());
  EXPECT_FALSE(scene.world.raycastAll({0, 0, 0}, {1, 0, 0}, -1, got).ok());
  EXPECT_EQ(got.size(), before);
}

TEST(WorldSweep, FindsTheFirstContactAsEveryBodysTimeOfImpact) {
  // Bodies at three scales in a cube and a far cluster; volumes of every type cast from inside and
  // outside, some aimed at a body, a tenth along an axis, some endless, some excluding the body
  // they are aimed at; the same body, time and normal as timeOfImpact against every body.
  Rng rng(47);
  Scene scene;
  auto at = [&](double lo, double hi) { return uniformPoint(rng, lo, hi); };
  for (int i = 0; i < 1500; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 0.2, 1)), pose(randomRotation(rng), at(0, 30)));
  for (int i = 0; i < 20; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 3, 8)), pose(randomRotation(rng), at(0, 30)));
  for (int i = 0; i < 50; ++i)
    scene.add(randomVolume(rng, int(rng() % 8), uniform(rng, 0.5, 1)), pose(randomRotation(rng), at(5000, 5010)));
  const std::vector<Volume> w = scene.worldVolumes();
  int hits = 0, excluded = 0;
  for (int r = 0; r < 300; ++r) {
    const Vec3 from = at(-5, 35);
    const Volume moving =
        transformed(randomVolume(rng, int(rng() % 8), uniform(rng, 0.1, 2)), pose(randomRotation(rng), from));
    const size_t target = rng() % scene.ids.size();
    Vec3 velocity = r % 2 ? scene.poses[target].translation - from : at(-1, 1) * 10.0;
    if (r % 10 == 0) velocity = {0, r % 20 == 0 ? 4.0 : -4.0, 0};
    const double maxTime = r % 4 == 0 ? std::numeric_limits<double>::infinity() : uniform(rng, 0, 2);
    const BodyId exclude = r % 5 == 0 ? scene.ids[target] : BodyId{};
    bool any = false;
    SweepHit best;
    uint32_t bestId = 0;
    for (size_t i = 0; i < w.size(); ++i) {
      if (scene.ids[i] == exclude) continue;
      const Expected<SweepHit> h = timeOfImpact(moving, w[i], Motion{velocity, {}, maxTime});
      ASSERT_TRUE(h.ok());
      if (!h->hit) continue;
      if (!any || h->time < best.time || (h->time == best.time && scene.ids[i].value < bestId))
        best = *h, bestId = scene.ids[i].value, any = true;
    }
    const Expected<WorldSweepHit> got = scene.world.sweep(moving, velocity, maxTime, exclude);
    ASSERT_TRUE(got.ok()) << got.error().message;
    ASSERT_EQ(any, got->hit) << "sweep " << r;
    if (!any) continue;
    ++hits, excluded += exclude != BodyId{};
    EXPECT_EQ(bestId, got->body.value) << "sweep " << r;
    EXPECT_EQ(best.time, got->time) << "sweep " << r;
    EXPECT_TRUE(best.normal == got->normal) << "sweep " << r;
  }
  EXPECT_GT(hits, 150);
  EXPECT_GT(excluded, 20);
}

TEST(WorldSweep, BadInputNamesTheFieldAndChangesNothing) {
  Scene scene;
  scene.add(makeSphere({0, 0, 0}, 1).value(), RigidTransform{});
  const Volume ball = makeSphere({5, 0, 0}, 1).value();
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  const auto velocity = scene.world.sweep(ball, {-1, nan, 0}, 1);
  ASSERT_FALSE(velocity.ok());
  EXPECT_EQ(velocity.error().message, "velocity[1] must be finite, got NaN");
  const auto time = scene.world.sweep(ball, {-1, 0, 0}, -1);
  ASSERT_FALSE(time.ok());
  EXPECT_EQ(time.error().message, "maxTime must be >= 0, got -1");
  EXPECT_FALSE(scene.world.sweep(ball, {-1, 0, 0}, nan).ok());
  Sphere bad{{0, 0, 0}, -1};
  EXPECT_FALSE(scene.world.sweep(Volume{bad}, {-1, 0, 0}, 1).ok());
  EXPECT_FALSE(scene.world.sweep(Volume{makeTriangle({0, 0, 0}, {1, 0, 0}, {0, 1, 0}).value()}, {1, 0, 0}, 1).ok());
  // Touching the unit ball at t = 3: x from 5 - 3 = 2, both radius 1.
  const auto endless = scene.world.sweep(ball, {-1, 0, 0}, inf);
  ASSERT_TRUE(endless.ok());
  EXPECT_TRUE(endless->hit);
  EXPECT_EQ(endless->time, 3);
  EXPECT_EQ(endless->normal, (Vec3{-1, 0, 0}));
  EXPECT_FALSE(scene.world.sweep(ball, {-1, 0, 0}, 2.5)->hit);
  EXPECT_FALSE(scene.world.sweep(ball, {-1, 0, 0}, inf, scene.ids[0])->hit);  // its own body excluded
  EXPECT_EQ(scene.world.count(), 1u);
}

// ---- 3. Errors, and that a failing call changes nothing.

struct Snapshot {
  size_t count;
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  std::vector<std::vector<double>> poses;
};

Snapshot snapshot(Scene& scene) {
  Snapshot s{scene.world.count(), {}, {}};
  for (const BodyPair& p : scene.world.pairs()) s.pairs.push_back({p.a.value, p.b.value});
  std::sort(s.pairs.begin(), s.pairs.end());
  for (BodyId id : scene.ids) {
    const RigidTransform t = *scene.world.pose(id);
    std::vector<double> v{t.translation.x, t.translation.y, t.translation.z, t.scale};
    for (auto& row : t.rotation.m) v.insert(v.end(), row, row + 3);
    s.poses.push_back(v);
  }
  return s;
}
bool operator==(const Snapshot& a, const Snapshot& b) {
  return a.count == b.count && a.pairs == b.pairs && a.poses == b.poses;
}

Scene smallScene() {
  Scene scene;
  Rng rng(3);
  for (int i = 0; i < 16; ++i)
    scene.add(randomVolume(rng, i % 8, 1), pose(randomRotation(rng), {uniform(rng, 0, 4), uniform(rng, 0, 4), 0}));
  return scene;
}

TEST(WorldErrors, UnknownAndRemovedIdsAreErrorsAndChangeNothing) {
  Scene scene = smallScene();
  const BodyId removed = scene.ids[3];
  scene.removeAt(3);
  const Snapshot before = snapshot(scene);
  const RigidTransform p = pose({0, 0, 0, 1}, {1, 1, 1});
  for (BodyId bad : {BodyId{}, removed, BodyId{removed.value + (1u << kBodyIdSlotBits)}, BodyId{12345u}, BodyId{~0u}}) {
    const Status r = scene.world.remove(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::UnknownBody);
    const Status s = scene.world.setPose(bad, p);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code, ErrorCode::UnknownBody);
    EXPECT_FALSE(scene.world.contains(bad));
    EXPECT_FALSE(scene.world.worldVolume(bad).ok());
    EXPECT_FALSE(scene.world.pose(bad).ok());
    // One unknown id among good ones: none of the good ones moves.
    std::vector<BodyId> ids = scene.ids;
    ids.insert(ids.begin() + 5, bad);
    std::vector<RigidTransform> poses(ids.size(), p);
    const Status many = scene.world.setPoses(ids.data(), poses.data(), ids.size());
    ASSERT_FALSE(many.ok());
    EXPECT_EQ(many.error().code, ErrorCode::UnknownBody);
    EXPECT_NE(many.error().message.find("poses[5]"), std::string::npos) << many.error().message;
    EXPECT_TRUE(snapshot(scene) == before);
  }
}

TEST(WorldErrors, BadPosesAreRefusedAndNothingMoves) {
  Scene scene = smallScene();
  const Snapshot before = snapshot(scene);
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  std::vector<std::pair<RigidTransform, ErrorCode>> bad;
  RigidTransform t = pose({0, 0, 0, 1}, {0, 0, 0});
  t.translation.y = nan, bad.push_back({t, ErrorCode::NotFinite});
  t = pose({0, 0, 0, 1}, {0, 0, 0}), t.translation.z = inf, bad.push_back({t, ErrorCode::NotFinite});
  t = pose({0, 0, 0, 1}, {0, 0, 0}), t.rotation.m[1][2] = nan, bad.push_back({t, ErrorCode::NotFinite});
  t = pose({0, 0, 0, 1}, {0, 0, 0}), t.scale = 0, bad.push_back({t, ErrorCode::Negative});
  t = pose({0, 0, 0, 1}, {0, 0, 0}), t.scale = -1, bad.push_back({t, ErrorCode::Negative});
  t = pose({0, 0, 0, 1}, {0, 0, 0}), t.scale = nan, bad.push_back({t, ErrorCode::NotFinite});
  t = pose({0, 0, 0, 1}, {0, 0, 0}), t.rotation.m[0][0] = 1 + 1e-9, bad.push_back({t, ErrorCode::NotOrthonormal});
  t = pose({0, 0, 0, 1}, {0, 0, 0}), t.rotation.m[2][2] = -1,
  bad.push_back({t, ErrorCode::NotOrthonormal});                                    // a mirror
  t = pose({0, 0, 0, 1}, {1e300, 0, 0}), bad.push_back({t, ErrorCode::NotFinite});  // beyond the world's range
  for (const auto& [badPose, code] : bad) {
    const Status one = scene.world.setPose(scene.ids[2], badPose);
    ASSERT_FALSE(one.ok());
    EXPECT_EQ(one.error().code, code) << one.error().message;
    std::vector<RigidTransform> poses(scene.ids.size(), pose({0, 0, 0, 1}, {1, 2, 3}));
    poses.back() = badPose;  // the last one is bad: the others must not move either
    const Status many = scene.world.setPoses(scene.ids.data(), poses.data(), poses.size());
    ASSERT_FALSE(many.ok());
    EXPECT_EQ(many.error().code, code);
    const Expected<BodyId> added = scene.world.add(makeSphere({0, 0, 0}, 1).value(), badPose);
    ASSERT_FALSE(added.ok());
    EXPECT_EQ(added.error().code, code);
    EXPECT_TRUE(snapshot(scene) == before);
  }
  // The 7-number form: a quaternion far from unit, a NaN; one bad pose among good ones.
  std::vector<double> numbers;
  for (size_t i = 0; i < scene.ids.size(); ++i) numbers.insert(numbers.end(), {1, 2, 3, 0, 0, 0, 1});
  numbers[7 * 4 + 6] = 2;
  Status s = scene.world.setPoses(scene.ids.data(), numbers.data(), scene.ids.size());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::NotUnit);
  EXPECT_NE(s.error().message.find("poses[4]"), std::string::npos) << s.error().message;
  numbers[7 * 4 + 6] = 1, numbers[7 * 9 + 1] = nan;
  s = scene.world.setPoses(scene.ids.data(), numbers.data(), scene.ids.size());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::NotFinite);
  EXPECT_TRUE(snapshot(scene) == before);
  numbers[7 * 9 + 1] = 2;
  ASSERT_TRUE(scene.world.setPoses(scene.ids.data(), numbers.data(), scene.ids.size()).ok());
  EXPECT_EQ(scene.world.pose(scene.ids[7])->translation, (Vec3{1, 2, 3}));
}

// setPoses of 7-number poses checks each entry in one test; when it fails, the error is that of the
// first rule broken, in makeRigidTransform's order (finite, unit), then the id, then the range.
TEST(WorldErrors, PackedPosesNameTheFirstRuleBroken) {
  Scene scene = smallScene();
  const Snapshot before = snapshot(scene);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Case {
    bool unknownId;
    std::vector<double> pose;
    ErrorCode code;
    const char* says;
  };
  const std::vector<Case> cases = {
      {true, {nan, 0, 0, 0, 0, 0, 1}, ErrorCode::NotFinite, "transform.translation"},
      {true, {0, 0, 0, 0, 0, 0, 2}, ErrorCode::NotUnit, "transform.rotation"},
      {true, {0, 0, 0, nan, 0, 0, 1}, ErrorCode::NotFinite, "transform.rotation[0]"},
      {true, {1e300, 0, 0, 0, 0, 0, 1}, ErrorCode::UnknownBody, "is not a body"},
      {false, {0, -1e300, 0, 0, 0, 0, 1}, ErrorCode::NotFinite, "beyond"},
      {false, {0, 0, nan, 0, 0, 0, 2}, ErrorCode::NotFinite, "transform.translation"},
  };
  for (const Case& c : cases) {
    std::vector<BodyId> ids = scene.ids;
    std::vector<double> numbers;
    for (size_t i = 0; i < ids.size(); ++i) numbers.insert(numbers.end(), {1, 2, 3, 0, 0, 0, 1});
    if (c.unknownId) ids[6] = BodyId{12345u};
    std::copy(c.pose.begin(), c.pose.end(), numbers.begin() + 7 * 6);
    const Status s = scene.world.setPoses(ids.data(), numbers.data(), ids.size());
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code, c.code) << s.error().message;
    EXPECT_NE(s.error().message.find("poses[6]: "), std::string::npos) << s.error().message;
    EXPECT_NE(s.error().message.find(c.says), std::string::npos) << s.error().message;
    EXPECT_TRUE(snapshot(scene) == before);
  }
}

// A body named twice in one setPoses call is an error (which of its two poses would the caller
// want?), in both forms, on one thread and on three (a call of 700 runs in parts there), wherever
// the second mention is; the error names both places, and nothing moves.
TEST(WorldErrors, ABodyNamedTwiceInOneCallIsAnErrorAndNothingMoves) {
  for (unsigned threads : {1u, 3u}) {
    Rng rng(31);
    Scene scene;
    ASSERT_TRUE(scene.world.setThreads(threads).ok());
    for (int i = 0; i < 700; ++i)
      scene.add(randomVolume(rng, i % 8, 1),
                pose(randomRotation(rng), {uniform(rng, 0, 20), uniform(rng, 0, 20), uniform(rng, 0, 20)}));
    const Snapshot before = snapshot(scene);
    struct Case {
      size_t count;  // ids[0 .. count - 1] of the scene, then ...
      size_t again;  // ... ids[again] once more, inserted at
      size_t at;
    };
    for (const Case& c :
         {Case{1, 0, 1}, Case{700, 7, 700}, Case{700, 699, 0}, Case{700, 350, 351}, Case{600, 0, 300}}) {
      std::vector<BodyId> ids(scene.ids.begin(), scene.ids.begin() + long(c.count));
      ids.insert(ids.begin() + long(c.at), scene.ids[c.again]);
      const size_t firstAt = c.again < c.at ? c.again : c.at, secondAt = c.again < c.at ? c.at : c.again + 1;
      std::vector<RigidTransform> poses;
      std::vector<double> numbers;
      for (size_t i = 0; i < ids.size(); ++i) {
        const Quat q = randomRotation(rng);
        const Vec3 t{uniform(rng, 0, 20), uniform(rng, 0, 20), uniform(rng, 0, 20)};
        poses.push_back(pose(q, t));
        numbers.insert(numbers.end(), {t.x, t.y, t.z, q.x, q.y, q.z, q.w});
      }
      const Status packed = scene.world.setPoses(ids.data(), numbers.data(), ids.size());
      const Status transforms = scene.world.setPoses(ids.data(), poses.data(), ids.size());
      for (const Status& s : {packed, transforms}) {
        ASSERT_FALSE(s.ok()) << threads << " threads, " << ids.size() << " poses: a body named twice was accepted";
        EXPECT_EQ(s.error().code, ErrorCode::DuplicateBody) << s.error().message;
        const std::string says = "poses[" + std::to_string(secondAt) + "]: id " + std::to_string(ids[secondAt].value) +
                                 " is named twice (also by poses[" + std::to_string(firstAt) + "])";
        EXPECT_NE(s.error().message.find(says), std::string::npos) << s.error().message;
        EXPECT_TRUE(snapshot(scene) == before) << threads << " threads: a call that failed moved bodies";
      }
    }
    // Named once each, the same bodies move.
    std::vector<double> numbers;
    for (size_t i = 0; i < scene.ids.size(); ++i) numbers.insert(numbers.end(), {1, 2, 3, 0, 0, 0, 1});
    ASSERT_TRUE(scene.world.setPoses(scene.ids.data(), numbers.data(), scene.ids.size()).ok());
    EXPECT_EQ(scene.world.pose(scene.ids[699])->translation, (Vec3{1, 2, 3}));
  }
}

TEST(WorldErrors, BadVolumesAreRefusedAndNothingIsAdded) {
  Scene scene = smallScene();
  const Snapshot before = snapshot(scene);
  const RigidTransform p = pose({0, 0, 0, 1}, {0, 0, 0});
  std::vector<std::pair<Volume, ErrorCode>> bad;
  bad.push_back({Sphere{{0, 0, 0}, -1}, ErrorCode::Negative});
  bad.push_back({Sphere{{0, std::nan(""), 0}, 1}, ErrorCode::NotFinite});
  bad.push_back({Aabb{{0, 2, 0}, {1, 1, 1}}, ErrorCode::MinAboveMax});
  Obb skewed = makeObbFromQuaternion({0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}).value();
  skewed.axis[0].y = 1e-6;  // within makeObb's tolerance, but not orthonormal to machine precision
  bad.push_back({skewed, ErrorCode::NotOrthonormal});
  skewed.axis[0].y = 0.5;
  bad.push_back({skewed, ErrorCode::NotOrthonormal});
  Obb negative = makeObbFromQuaternion({0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}).value();
  negative.halfExtents.z = -1;
  bad.push_back({negative, ErrorCode::Negative});
  Kdop kdop = makeKdop(6, std::vector<double>{0, 0, 0}.data(), std::vector<double>{1, 1, 1}.data(), 3).value();
  Kdop unknownK = kdop;
  unknownK.k = 7;
  bad.push_back({unknownK, ErrorCode::UnknownK});
  Kdop stale = kdop;
  stale.max[0] = 5;  // slabs changed, polytope not rebuilt
  bad.push_back({stale, ErrorCode::Inconsistent});
  Kdop empty = kdop;
  empty.min[0] = 2, empty.max[0] = 1;
  bad.push_back({empty, ErrorCode::MinAboveMax});
  for (const auto& [volume, code] : bad) {
    const Expected<BodyId> r = scene.world.add(volume, p);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, code) << r.error().message;
    std::vector<BodyId> out{BodyId{1}};
    const Status q = scene.world.query(volume, out);
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.error().code, code);
    EXPECT_EQ(out.size(), 1u);  // untouched
    EXPECT_TRUE(snapshot(scene) == before);
  }
}

TEST(WorldErrors, BadRaysAreRefused) {
  Scene scene = smallScene();
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(scene.world.raycast({nan, 0, 0}, {1, 0, 0}, 1).ok());
  EXPECT_FALSE(scene.world.raycast({0, 0, 0}, {inf, 0, 0}, 1).ok());
  EXPECT_FALSE(scene.world.raycast({0, 0, 0}, {0, 0, 0}, 1).ok());
  EXPECT_FALSE(scene.world.raycast({0, 0, 0}, {1, 0, 0}, -1).ok());
  EXPECT_FALSE(scene.world.raycast({0, 0, 0}, {1, 0, 0}, nan).ok());
  EXPECT_TRUE(scene.world.raycast({0, 0, 0}, {1, 0, 0}, inf).ok());
}

// ---- 4. Ids.

TEST(WorldIds, AreNeverReusedForAnotherBody) {
  World world;
  Rng rng(8);
  std::set<uint32_t> issued;
  std::vector<BodyId> live;
  const RigidTransform p = pose({0, 0, 0, 1}, {0, 0, 0});
  for (int i = 0; i < 20000; ++i) {
    if (live.size() < 50 || rng() % 2) {
      const BodyId id = *world.add(makeSphere({0, 0, 0}, 1).value(), p);
      ASSERT_TRUE(issued.insert(id.value).second) << "id issued twice: " << id.value;
      ASSERT_NE(id.value, 0u);
      live.push_back(id);
    } else {
      const size_t k = rng() % live.size();
      ASSERT_TRUE(world.remove(live[k]).ok());
      EXPECT_FALSE(world.contains(live[k]));
      EXPECT_FALSE(world.remove(live[k]).ok());
      live.erase(live.begin() + long(k));
    }
  }
  EXPECT_EQ(world.count(), live.size());
  for (BodyId id : live) EXPECT_TRUE(world.contains(id));
  // Removing and adding one body again and again: a slot is retired before its generation wraps.
  World churn;
  std::set<uint32_t> seen;
  for (int i = 0; i < 10000; ++i) {
    const BodyId id = *churn.add(makeSphere({0, 0, 0}, 1).value(), p);
    ASSERT_TRUE(seen.insert(id.value).second) << "id issued twice after " << i << " adds";
    ASSERT_TRUE(churn.remove(id).ok());
  }
}

#ifndef SEPAXIS_SANITIZED
// ---- 5. Frames allocate nothing.

TEST(WorldAllocation, TenThousandFramesAllocateNothing) {
  Rng rng(10);
  Scene scene;
  for (int i = 0; i < 150; ++i)
    scene.add(randomVolume(rng, i % 25 == 0 ? 3 + i % 5 : i % 3, 1),
              pose(randomRotation(rng), {uniform(rng, 0, 8), uniform(rng, 0, 8), uniform(rng, 0, 8)}));
  // Poses for the frames, made beforehand: a small orbit per body.
  const int kPoseSets = 16;
  std::vector<std::vector<RigidTransform>> frames(kPoseSets);
  std::vector<std::vector<double>> numbers(kPoseSets);  // the same as 7 numbers each (the JS form)
  for (int f = 0; f < kPoseSets; ++f)
    for (const RigidTransform& p : scene.poses) {
      const Quat q = randomRotation(rng);
      const Vec3 t = p.translation + Vec3{uniform(rng, -1, 1), 0, 0};
      frames[size_t(f)].push_back(pose(q, t));
      numbers[size_t(f)].insert(numbers[size_t(f)].end(), {t.x, t.y, t.z, q.x, q.y, q.z, q.w});
    }
  std::vector<BodyId> out;
  out.reserve(scene.ids.size());
  auto frame = [&](int i) {
    const std::vector<RigidTransform>& poses = frames[size_t(i % kPoseSets)];
    ASSERT_TRUE(scene.world.setPoses(scene.ids.data(), poses.data(), poses.size()).ok());
    ASSERT_TRUE(scene.world.setPoses(scene.ids.data(), numbers[size_t(i % kPoseSets)].data(), poses.size()).ok());
    (void)scene.world.contacts().count;
  };
  for (int i = 0; i < 2 * kPoseSets; ++i) frame(i);  // capacity reached
  const Volume query = scene.worldVolumes()[0];
  // The core's tables are built once, by their first use in the program (sat.cpp's axis tables
  // allocate then): a query of each pose set uses them before the count starts, whether or not a
  // frame's pairs happened to (the World decides most k-DOP pairs without the exact test).
  for (int i = 0; i < kPoseSets; ++i) {
    frame(i);
    ASSERT_TRUE(scene.world.query(query, out).ok());
  }
  const long long before = gAllocations.load();
  size_t pairs = 0;
  for (int i = 0; i < 10000; ++i) {
    const std::vector<RigidTransform>& poses = frames[size_t(i % kPoseSets)];
    if (i % 2)
      ASSERT_TRUE(scene.world.setPoses(scene.ids.data(), numbers[size_t(i % kPoseSets)].data(), poses.size()).ok());
    else
      ASSERT_TRUE(scene.world.setPoses(scene.ids.data(), poses.data(), poses.size()).ok());
    pairs += i % 3 ? scene.world.contacts().count : scene.world.pairs().size();  // contacts: pairs() and more
    if (i % 100 == 0) {
      ASSERT_TRUE(scene.world.query(query, out).ok());
      ASSERT_TRUE(scene.world.raycast({0, 0, 0}, {1, 1, 1}, 100).ok());
    }
  }
  EXPECT_EQ(gAllocations.load() - before, 0);
  EXPECT_GT(pairs, 0u);
}

// Bodies over a mesh body: contacts with its triangles and casts through them allocate nothing
// once the lists have reached their size.
TEST(WorldAllocation, FramesOverAMeshBodyWithContactsAndSweepsAllocateNothing) {
  Rng rng(12);
  std::vector<double> positions;
  std::vector<uint32_t> indices;
  const int n = 12;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) positions.insert(positions.end(), {double(i), 0.1 * std::sin(i + j), double(j)});
  for (uint32_t i = 0; i < uint32_t(n); ++i)
    for (uint32_t j = 0; j < uint32_t(n); ++j) {
      const uint32_t a = i * (n + 1) + j, b = a + n + 1;
      indices.insert(indices.end(), {a, b, b + 1, a, b + 1, a + 1});
    }
  World world;
  world.reserve(64);
  const auto mesh = std::make_shared<const Mesh>(
      Mesh::build(positions.data(), positions.size() / 3, indices.data(), indices.size()).value());
  ASSERT_TRUE(world.add(mesh, RigidTransform{}).ok());
  std::vector<BodyId> ids;
  for (int i = 0; i < 40; ++i)
    ids.push_back(world
                      .add(randomVolume(rng, i % 3, 0.6),
                           pose(randomRotation(rng), {uniform(rng, 0, 12), 0.2, uniform(rng, 0, 12)}))
                      .value());
  const int kPoseSets = 8;
  std::vector<std::vector<RigidTransform>> frames(kPoseSets);
  for (auto& f : frames)
    for (size_t i = 0; i < ids.size(); ++i)
      f.push_back(pose(randomRotation(rng), {uniform(rng, 0, 12), uniform(rng, -0.3, 0.5), uniform(rng, 0, 12)}));
  const Volume probe = makeSphere({6, 2, 6}, 0.4).value();
  size_t contacts = 0;
  auto frame = [&](int i) {
    ASSERT_TRUE(world.setPoses(ids.data(), frames[size_t(i % kPoseSets)].data(), ids.size()).ok());
    contacts += world.contacts().count;
    ASSERT_TRUE(world.sweep(probe, {0.5, -3, 0.2 * (i % 5)}, 1).ok());
  };
  for (int i = 0; i < 4 * kPoseSets; ++i) frame(i);  // capacity reached, tables built
  const long long before = gAllocations.load();
  for (int i = 0; i < 500; ++i) frame(i);
  EXPECT_EQ(gAllocations.load() - before, 0);
  EXPECT_GT(contacts, 500u * 5);  // the bodies meet the ground's triangles
}

TEST(WorldAllocation, HundredThousandAddsAndRemovesAllocateNothingOnceCapacityIsReached) {
  Rng rng(11);
  World world;
  std::vector<Volume> volumes;
  for (int i = 0; i < 64; ++i) volumes.push_back(randomVolume(rng, i % 16 == 0 ? 3 + (i / 16) % 5 : i % 3, 1));
  std::vector<RigidTransform> poses;
  for (int i = 0; i < 64; ++i)
    poses.push_back(pose(randomRotation(rng), {uniform(rng, 0, 10), uniform(rng, 0, 10), 0}));
  std::vector<BodyId> live;
  live.reserve(2000);
  for (int i = 0; i < 1000; ++i) live.push_back(*world.add(volumes[size_t(i) % 64], poses[size_t(i) % 64]));
  // A body of the type of the one removed comes back (its pool's size is the most bodies of a
  // type the world has held), with another volume of that type and another pose.
  std::vector<size_t> volumeOf(live.size());
  for (size_t i = 0; i < live.size(); ++i) volumeOf[i] = i % 64;
  auto cycle = [&](int i) {
    const size_t k = size_t(rng()) % live.size();
    ASSERT_TRUE(world.remove(live[k]).ok());
    volumeOf[k] = (volumeOf[k] + 16) % 64;  // the same type (the types repeat every 16)
    live[k] = *world.add(volumes[volumeOf[k]], poses[size_t(i * 7) % 64]);
  };
  (void)world.pairs();
  for (int i = 0; i < 5000; ++i) cycle(i);  // every pool at its capacity
  const long long before = gAllocations.load();
  for (int i = 0; i < 100000; ++i) cycle(i);
  EXPECT_EQ(gAllocations.load() - before, 0);
  EXPECT_EQ(world.count(), 1000u);
  EXPECT_GT(world.pairs().size(), 0u);
}

#endif  // SEPAXIS_SANITIZED

}  // namespace
}  // namespace world_test
