// Grid::validate() (world_grid.h), the check run after every build of the World's broad phase
// where invariants are checked: it passes on a grid as build() leaves it, and reports each of
// its invariants broken on its own (through GridTestAccess, a friend of the grid for this file
// only): a run's start below the one before it, a run out of order along x, a body filed as its
// own in its first column twice or never, the parts' first columns out of order.

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "sepaxis/volume.h"
#include "world_bodies.h"
#include "world_grid.h"
#include "world_random.h"

namespace sepaxis::detail {

/// The grid's insides, for breaking them.
struct GridTestAccess {
  static std::vector<uint32_t>& starts(Grid& g) { return g.start_; }
  static uint32_t buckets(const Grid& g) { return g.buckets_; }
  static uint32_t& flags(Grid& g, uint32_t p) { return g.entry_[p].flags; }
  static float& minX(Grid& g, uint32_t p) { return g.entry_[p].minX; }
  static std::vector<uint32_t>& partFirstColumns(Grid& g) { return g.partBucket_; }
  /// The parts' first columns as a build on `parts` threads leaves them for the next.
  static void splitColumns(Grid& g, unsigned parts) { g.splitColumns(parts); }
  static constexpr uint32_t kOwn = Grid::kOwn, kFirstBoth = Grid::kFirstBoth;
  static constexpr uint32_t kOwnRun = Grid::kOwnRun, kFinerRun = Grid::kFinerRun;
};

namespace world_grid_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using world_testing::Rng;
using world_testing::uniform;
using Access = GridTestAccess;

RigidTransform at(Vec3 t) { return makeRigidTransform(Quat{0, 0, 0, 1}, t).value(); }

/// A floor far larger than the rest (its level's columns then hold finer bodies too) and small
/// boxes and spheres above it, some wide enough to cross two columns of their level, built into
/// `grid`.
class GridValidate : public ::testing::Test {
 protected:
  void SetUp() override {
    bodies.add(makeAabb({-40, -1, -40}, {40, 0, 40}).value(), at({}));
    Rng rng(2024);
    for (int i = 0; i < 400; ++i) {
      const double size = uniform(rng, 0.2, 3);
      const Vec3 place{uniform(rng, -38, 38), uniform(rng, 0, 3), uniform(rng, -38, 38)};
      if (i % 2)
        bodies.add(makeSphere({0, 0, 0}, size / 2).value(), at(place));
      else
        bodies.add(makeAabb({0, 0, 0}, {size, size, size}).value(), at(place));
    }
    grid.build(bodies, oneThread);
    ASSERT_TRUE(grid.validate(bodies)) << "the grid as built";
  }

  /// The start of run r.
  uint32_t& start(uint32_t r) { return Access::starts(grid)[r]; }
  uint32_t runs() { return 2 * Access::buckets(grid); }
  /// The position of the first entry of an own run that is (or is not) its body's first column
  /// along both y and z, or ~0u.
  uint32_t ownEntry(bool firstColumn) {
    for (uint32_t r = Access::kOwnRun; r < runs(); r += 2)
      for (uint32_t p = start(r); p < start(r + 1); ++p)
        if (((Access::flags(grid, p) & Access::kFirstBoth) == Access::kFirstBoth) == firstColumn) return p;
    return ~0u;
  }

  BodyStore bodies;
  Grid grid;
  Workers oneThread;
};

TEST_F(GridValidate, PassesOnTheGridAsBuiltAndAfterARebuild) {
  EXPECT_TRUE(grid.validate(bodies));
  grid.build(bodies, oneThread);  // the tables kept from the first build
  EXPECT_TRUE(grid.validate(bodies));
  Access::splitColumns(grid, 3);
  EXPECT_TRUE(grid.validate(bodies)) << "with the parts' first columns of a build on threads";
}

TEST_F(GridValidate, ReportsARunStartingBeforeTheRunBeforeIt) {
  // An empty column after one whose last run holds finer bodies: its finer run's start moved
  // back by one takes in that entry, which is still in a finer run, alone (so sorted), and not
  // filed as its own anywhere: only the starts, out of order, are wrong.
  uint32_t column = 0;
  for (uint32_t s = 1; s < runs() / 2 && column == 0; ++s) {
    if (start(2 * s) != start(2 * s + 2) || start(2 * s) == 0) continue;  // an empty column after entries
    uint32_t last = 2 * s - 1;                                            // the last run before it that holds entries
    while (start(last) == start(last + 1)) --last;
    if (last % 2 == Access::kFinerRun) column = s;
  }
  ASSERT_NE(column, 0u) << "the scene has an empty column after finer bodies";
  --start(2 * column + 1);
  EXPECT_FALSE(grid.validate(bodies));
}

TEST_F(GridValidate, ReportsARunOutOfOrderAlongX) {
  uint32_t p = 0;
  for (uint32_t r = 0; r < runs() && p == 0; ++r)
    for (uint32_t q = start(r) + 1; q < start(r + 1) && p == 0; ++q)
      if (Access::minX(grid, q - 1) < Access::minX(grid, q)) p = q;
  ASSERT_NE(p, 0u) << "the scene has a run of two entries apart along x";
  std::swap(Access::minX(grid, p - 1), Access::minX(grid, p));
  EXPECT_FALSE(grid.validate(bodies));
}

TEST_F(GridValidate, ReportsABodyFiledAsItsOwnTwice) {
  // A body's entry in its second column along y or z marked as its first too.
  const uint32_t p = ownEntry(false);
  ASSERT_NE(p, ~0u) << "the scene has a body crossing two columns of its level";
  Access::flags(grid, p) |= Access::kFirstBoth;
  EXPECT_FALSE(grid.validate(bodies));
}

TEST_F(GridValidate, ReportsABodyNeverFiledAsItsOwn) {
  const uint32_t p = ownEntry(true);
  ASSERT_NE(p, ~0u);
  Access::flags(grid, p) &= ~Access::kFirstBoth;
  EXPECT_FALSE(grid.validate(bodies));
}

TEST_F(GridValidate, ReportsThePartsFirstColumnsOutOfOrder) {
  Access::splitColumns(grid, 3);
  std::vector<uint32_t>& first = Access::partFirstColumns(grid);
  ASSERT_EQ(first.size(), 4u);
  ASSERT_TRUE(grid.validate(bodies));
  first[1] = first[2] + 1;
  EXPECT_FALSE(grid.validate(bodies));
}

}  // namespace
}  // namespace world_grid_test
}  // namespace sepaxis::detail
