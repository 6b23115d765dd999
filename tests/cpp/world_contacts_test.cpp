// The World's contacts (World::contacts) against collide() of every pair: the same pairs as
// pairs(), and each pair's normal and depth collide(worldVolume(a), worldVolume(b))'s penetration
// bit for bit, on random worlds of every body type (k-DOPs of every k among them), on touching
// and tied pairs, and frame after frame as bodies move, come and go. Also penetrationOf
// (cpp/src/penetration.h), which both compute with, for every pair of volume types.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "penetration.h"
#include "sepaxis/sepaxis.h"
#include "world_random.h"

namespace world_contacts_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis::world_testing;

RigidTransform pose(Quat q, Vec3 t) { return makeRigidTransform(q, t).value(); }

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool sameBits(Vec3 a, Vec3 b) { return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.z, b.z); }

std::string str(Vec3 v) {
  return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}

const char* kindOf(const Volume& v) {
  if (std::holds_alternative<Sphere>(v)) return "sphere";
  if (std::holds_alternative<Kdop>(v)) return "kdop";
  return "box";  // a World's AABB is an OBB in world space
}

/// Holds the world's contacts to its pairs() and to collide() of each pair's world volumes, and
/// counts the pairs by their bodies' kinds ("box-kdop", ...). Returns the number of contacts.
size_t expectContactsAreCollides(World& world, std::map<std::string, int>& byKinds, const char* where) {
  const std::vector<BodyPair> pairs = world.pairs();  // a copy: contacts() must list the same
  const WorldContacts c = world.contacts();
  EXPECT_EQ(c.count, pairs.size()) << where;
  for (size_t i = 0; i < c.count && i < pairs.size(); ++i) {
    const BodyPair p = c.pairs[i];
    EXPECT_TRUE(p.a == pairs[i].a && p.b == pairs[i].b) << where << ": contact " << i << " is not pairs()[" << i << "]";
    const Volume a = *world.worldVolume(p.a), b = *world.worldVolume(p.b);
    const CollisionReport r = collide(a, b);
    EXPECT_TRUE(r.overlap) << where;
    EXPECT_TRUE(sameBits(c.depths[i], r.penetration.depth) && sameBits(c.normals[i], r.penetration.normal))
        << where << ": " << kindOf(a) << "-" << kindOf(b) << " pair " << p.a.value << ", " << p.b.value
        << ": contact depth " << c.depths[i] << " normal " << str(c.normals[i]) << ", collide() depth "
        << r.penetration.depth << " normal " << str(r.penetration.normal);
    const std::string ka = kindOf(a), kb = kindOf(b);
    ++byKinds[ka < kb ? ka + "-" + kb : kb + "-" + ka];
    if (::testing::Test::HasFailure()) return c.count;
  }
  return c.count;
}

TEST(WorldContacts, AreCollidesPenetrationForEveryPairOfRandomWorldsOfEveryType) {
  Rng rng(20261128);
  std::map<std::string, int> byKinds;
  size_t contacts = 0;
  for (int world = 0; world < 4 && !::testing::Test::HasFailure(); ++world) {
    World w;
    std::vector<BodyId> ids;
    std::vector<RigidTransform> poses;
    // 250 bodies of size ~1 in a cube of side 9: a body meets a few others. A third k-DOPs of
    // every k (kinds 3..7), the rest spheres, AABBs and OBBs.
    for (int i = 0; i < 250; ++i) {
      const int kind = i % 3 == 0 ? 3 + int(rng() % 5) : int(rng() % 3);
      poses.push_back(pose(randomRotation(rng), uniformPoint(rng, 0, 9)));
      ids.push_back(*w.add(randomVolume(rng, kind, uniform(rng, 0.5, 1.5)), poses.back()));
    }
    contacts += expectContactsAreCollides(w, byKinds, "first frame");
    for (int frame = 0; frame < 4 && !::testing::Test::HasFailure(); ++frame) {
      for (RigidTransform& p : poses) p = pose(randomRotation(rng), p.translation + uniformPoint(rng, -0.5, 0.5));
      ASSERT_TRUE(w.setPoses(ids.data(), poses.data(), ids.size()).ok());
      // A body leaves and another comes: the contacts follow the pairs.
      ASSERT_TRUE(w.remove(ids[size_t(frame)]).ok());
      ids[size_t(frame)] = *w.add(randomVolume(rng, frame % 3, 1), poses[size_t(frame)]);
      contacts += expectContactsAreCollides(w, byKinds, "after a move");
      // Asked again without a move: the same arrays, the same numbers.
      const WorldContacts again = w.contacts();
      EXPECT_EQ(again.count, w.pairs().size());
    }
  }
  EXPECT_GT(contacts, 3000u);
  for (const char* kinds : {"box-box", "box-kdop", "box-sphere", "kdop-kdop", "kdop-sphere", "sphere-sphere"})
    EXPECT_GT(byKinds[kinds], 50) << kinds;
}

TEST(WorldContacts, AreCollidesPenetrationForTouchingCoincidentAndNestedPairs) {
  World w;
  const RigidTransform identity = pose({0, 0, 0, 1}, {0, 0, 0});
  const double s = std::sqrt(0.5);
  const Kdop cube = makeKdop(6, std::vector<double>{0, 0, 0}.data(), std::vector<double>{1, 1, 1}.data(), 3).value();
  const std::vector<std::pair<Volume, RigidTransform>> bodies = {
      // Spheres touching at one point (1 + 2 = 3), and two with one centre (no centre line).
      {makeSphere({0, 0, 0}, 1).value(), identity},
      {makeSphere({3, 0, 0}, 2).value(), identity},
      {makeSphere({0, 40, 0}, 1).value(), identity},
      {makeSphere({0, 40, 0}, 0.5).value(), identity},
      // AABBs sharing a face, an edge and a corner.
      {makeAabb({10, 0, 0}, {11, 1, 1}).value(), identity},
      {makeAabb({11, 0, 0}, {12, 1, 1}).value(), identity},
      {makeAabb({11, 1, 0}, {12, 2, 1}).value(), identity},
      {makeAabb({12, 2, 1}, {13, 3, 2}).value(), identity},
      // A k-DOP touching an AABB face and a sphere touching the k-DOP.
      {cube, pose({0, 0, 0, 1}, {20, 0, 0})},
      {makeAabb({21, 0, 0}, {22, 1, 1}).value(), identity},
      {makeSphere({19, 0.5, 0.5}, 1).value(), identity},
      // Boxes touching after a quarter turn.
      {makeAabb({-1, -1, -1}, {1, 1, 1}).value(), pose({0, 0, s, s}, {30, 0, 0})},
      {makeAabb({-1, -1, -1}, {1, 1, 1}).value(), pose({0, 0, 0, 1}, {32, 0, 0})},
      // Two equal cubes in one place (every face axis ties), a sphere at their centre (no
      // closest-point direction), and a k-DOP cube there too.
      {makeAabb({-1, -1, -1}, {1, 1, 1}).value(), pose({0, 0, 0, 1}, {0, 20, 0})},
      {makeAabb({-1, -1, -1}, {1, 1, 1}).value(), pose({0, 0, 0, 1}, {0, 20, 0})},
      {makeSphere({0, 20, 0}, 0.25).value(), identity},
      {cube, pose({0, 0, 0, 1}, {-0.5, 19.5, -0.5})},
      // Two equal k-DOPs in one place, and one turned a quarter inside them.
      {cube, pose({0, 0, 0, 1}, {0, -20, 0})},
      {cube, pose({0, 0, 0, 1}, {0, -20, 0})},
      {cube, pose({0, 0, s, s}, {1, -20, 0})},
  };
  std::vector<BodyId> ids;
  for (const auto& [v, p] : bodies) ids.push_back(*w.add(v, p));
  std::map<std::string, int> byKinds;
  const size_t n = expectContactsAreCollides(w, byKinds, "touching");
  EXPECT_GE(n, 16u);
  // Touching pairs are contacts of depth zero.
  const WorldContacts c = w.contacts();
  int zeroDepth = 0;
  for (size_t i = 0; i < c.count; ++i) zeroDepth += c.depths[i] == 0;
  EXPECT_GE(zeroDepth, 5);
}

TEST(WorldContacts, AnEmptyWorldAndAWorldWithoutPairsHaveNone) {
  World w;
  EXPECT_EQ(w.contacts().count, 0u);
  const BodyId a = *w.add(makeSphere({0, 0, 0}, 1).value(), pose({0, 0, 0, 1}, {0, 0, 0}));
  (void)*w.add(makeSphere({0, 0, 0}, 1).value(), pose({0, 0, 0, 1}, {5, 0, 0}));
  EXPECT_EQ(w.contacts().count, 0u);
  ASSERT_TRUE(w.setPose(a, pose({0, 0, 0, 1}, {4, 0, 0})).ok());
  const WorldContacts c = w.contacts();
  ASSERT_EQ(c.count, 1u);
  EXPECT_EQ(c.depths[0], 1);
  EXPECT_TRUE(sameBits(c.normals[0], Vec3{1, 0, 0}) || sameBits(c.normals[0], Vec3{-1, 0, 0}));
}

// ---- penetrationOf, which collide() and the World share, for every pair of volume types.

Volume randomOfType(Rng& rng, int type, double scale) {
  const Vec3 at = uniformPoint(rng, -1, 1) * scale;
  if (type == 4) {  // a triangle
    const Vec3 a = at + uniformPoint(rng, -1.5, 1.5) * scale, b = at + uniformPoint(rng, -1.5, 1.5) * scale;
    return makeTriangle(a, b, at + uniformPoint(rng, -1.5, 1.5) * scale).value();
  }
  const Volume v = randomVolume(rng, type == 3 ? 3 + int(rng() % 5) : type, 1.2);  // k-DOPs of every k
  return transformed(v, makeRigidTransform(Quat{0, 0, 0, 1}, at, scale).value());
}

TEST(Penetration, IsCollidesForEveryPairOfVolumeTypesAtEveryScale) {
  Rng rng(11282026);
  const char* names[] = {"sphere", "aabb", "obb", "kdop", "triangle"};
  for (double scale : {1.0, 1e200, 1e-200})
    for (int ta = 0; ta < 5; ++ta)
      for (int tb = 0; tb < 5; ++tb) {
        int overlapping = 0;
        for (int n = 0; n < 120; ++n) {
          const Volume a = randomOfType(rng, ta, scale), b = randomOfType(rng, tb, scale);
          const CollisionReport r = collide(a, b);
          if (!r.overlap) continue;
          ++overlapping;
          const Penetration p =
              std::visit([](const auto& x, const auto& y) { return detail::penetrationOf(x, y); }, a, b);
          ASSERT_TRUE(sameBits(p.depth, r.penetration.depth) && sameBits(p.normal, r.penetration.normal))
              << names[ta] << " vs " << names[tb] << " at scale " << scale << ": depth " << p.depth << " normal "
              << str(p.normal) << ", collide() " << r.penetration.depth << " " << str(r.penetration.normal);
        }
        EXPECT_GT(overlapping, 5) << names[ta] << " vs " << names[tb] << " at scale " << scale;
      }
}

// Box pairs whose axes tie or nearly tie in depth (equal cubes at equal offsets, one ulp apart,
// turned 45 or 90 degrees), with parallel or nearly parallel edges, or touching: where
// translationOfBoxes leaves out axes it proves deeper (penetration.h), the axis it chooses and
// its value must still be collide()'s, ties going to the same axis, in both orders of the pair.
TEST(Penetration, OfBoxesIsCollidesAtTiesParallelEdgesAndTouching) {
  Rng rng(11282027);
  const Quat turns[] = {{0, 0, 0, 1},
                        {0, 0, std::sin(M_PI / 8), std::cos(M_PI / 8)},
                        {0, 0, std::sqrt(0.5), std::sqrt(0.5)},
                        {1e-17, 2e-16, 0, 1}};
  int overlapping = 0;
  for (int n = 0; n < 3000; ++n) {
    const double side = rng() % 2 ? 0.5 : std::uniform_real_distribution<double>(0.1, 1)(rng);
    const double t = std::uniform_real_distribution<double>(0, 1.2)(rng);
    Vec3 offset{t, t, rng() % 2 ? t : std::nextafter(t, 2.0)};
    if (n % 5 == 0) offset = Vec3{2 * side, 0, 0};  // faces touching
    if (n % 5 == 1) offset = uniformPoint(rng, -1, 1);
    const double scale = n % 7 == 0 ? 1e-3 : 1;
    const Obb unit = makeObb({}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, Vec3{side, side, side} * scale).value();
    const Quat qa = rng() % 5 ? turns[rng() % 4] : randomRotation(rng), qb = turns[rng() % 4];
    const Obb a = transformed(unit, makeRigidTransform(qa, {}).value());
    const Obb b = transformed(unit, makeRigidTransform(qb, offset * scale).value());
    const Aabb aa = makeAabb(a.center - unit.halfExtents, a.center + unit.halfExtents).value();
    const Aabb ab = makeAabb(b.center - unit.halfExtents, b.center + unit.halfExtents).value();
    const std::pair<Volume, Volume> pairs[] = {{a, b}, {b, a}, {aa, b}, {a, ab}};
    for (const auto& [x, y] : pairs) {
      const CollisionReport r = collide(x, y);
      if (!r.overlap) continue;
      ++overlapping;
      const Penetration p = std::visit([](const auto& u, const auto& v) { return detail::penetrationOf(u, v); }, x, y);
      ASSERT_TRUE(sameBits(p.depth, r.penetration.depth) && sameBits(p.normal, r.penetration.normal))
          << "case " << n << ": depth " << p.depth << " normal " << str(p.normal) << ", collide() "
          << r.penetration.depth << " " << str(r.penetration.normal);
    }
  }
  EXPECT_GT(overlapping, 3000);
}

}  // namespace
}  // namespace world_contacts_test
