// volumeOf: the closed forms of spheres and boxes, and a k-DOP's divergence-theorem sum over the
// faces of its polytope, against boxes, a dense-grid count and the scaling and rotation laws.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "sepaxis/sepaxis.h"

using namespace sepaxis;

namespace volume_of_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

constexpr double kPi = 3.14159265358979323846;

/// The k-DOP of the slabs given by their extremes over `corners` (exact for the axis and
/// diagonal directions of integer corners).
Kdop kdopAround(int k, const std::vector<Vec3>& corners) {
  const KdopDirection* d = kdopDirections(k);
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int i = 0; i < k / 2; ++i) {
    lo[i] = INFINITY, hi[i] = -INFINITY;
    for (const Vec3& c : corners)
      lo[i] = std::min(lo[i], dot(toVec3(d[i]), c)), hi[i] = std::max(hi[i], dot(toVec3(d[i]), c));
  }
  return makeKdop(k, lo, hi, k / 2).value();
}

std::vector<Vec3> boxCorners(Vec3 lo, Vec3 hi) {
  std::vector<Vec3> c;
  for (int i = 0; i < 8; ++i) c.push_back({i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z});
  return c;
}

/// The volume of a k-DOP by counting the centres of an n^3 grid over its bounding box inside it.
double gridVolume(const Kdop& kd, int n) {
  const Aabb box = boundingBox(Volume{kd});
  const Vec3 step = (box.max - box.min) / n;
  int inside = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int l = 0; l < n; ++l)
        inside += contains(kd, box.min + Vec3{(i + 0.5) * step.x, (j + 0.5) * step.y, (l + 0.5) * step.z});
  return inside * step.x * step.y * step.z;
}

}  // namespace

TEST(VolumeOf, SpheresAndBoxesByTheirClosedForms) {
  EXPECT_DOUBLE_EQ(volumeOf(Sphere{{1, 2, 3}, 2}), 32 * kPi / 3);
  EXPECT_EQ(volumeOf(Sphere{{1, 2, 3}, 0}), 0);
  EXPECT_EQ(volumeOf(makeAabb({-1, 0, 2}, {1, 3, 2.5}).value()), 2 * 3 * 0.5);
  EXPECT_EQ(volumeOf(makeAabb({1, 1, 1}, {1, 4, 5}).value()), 0);
  const Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  EXPECT_EQ(volumeOf(makeObb({5, 5, 5}, axes, {1, 2, 3}).value()), 48);
}

TEST(VolumeOf, UnitCubeKdopsEqualTheAabb) {
  const auto cube = boxCorners({0, 0, 0}, {1, 1, 1});
  // Every set with the axis slabs is the cube itself: its other slabs only touch edges and corners.
  for (int k : {6, 14, 18, 26}) EXPECT_NEAR(volumeOf(kdopAround(k, cube)), 1, 1e-14) << "k " << k;
  // And far from the origin, in a box of other proportions.
  const auto box = boxCorners({1e4, -2e4, 3}, {1e4 + 2, -2e4 + 3, 4});
  for (int k : {6, 14, 18, 26}) EXPECT_NEAR(volumeOf(kdopAround(k, box)), 6, 6e-10) << "k " << k;
  // The 8-DOP has only the corner slabs: the cube's is the larger polytope they bound, which a
  // dense grid measures.
  const Kdop eight = kdopAround(8, cube);
  EXPECT_GT(volumeOf(eight), 1.5);
  EXPECT_NEAR(volumeOf(eight), gridVolume(eight, 80), 0.03 * volumeOf(eight));
}

TEST(VolumeOf, AKdopMatchesADenseGridCount) {
  std::mt19937 rng(5);
  std::normal_distribution<double> g(0, 1);
  for (int k : {6, 8, 14, 18, 26}) {
    for (int run = 0; run < 2; ++run) {
      std::vector<Vec3> p;
      for (int i = 0; i < 12; ++i) p.push_back({g(rng), 2 * g(rng), 0.5 * g(rng)});
      const Kdop kd = fitKdop(k, p.data(), p.size()).value();
      const double v = volumeOf(kd), grid = gridVolume(kd, 80);
      // The grid's error is about its cells along the surface: a few % at 80 per side.
      EXPECT_NEAR(v, grid, 0.04 * grid) << "k " << k << " run " << run;
      // Never more than the box around it.
      EXPECT_LE(v, volumeOf(boundingBox(Volume{kd})) * (1 + 1e-12));
    }
  }
}

TEST(VolumeOf, ScalesWithTheCubeOfTheScale) {
  std::mt19937 rng(6);
  std::normal_distribution<double> g(0, 1);
  for (int k : {6, 8, 14, 18, 26}) {
    std::vector<Vec3> p;
    for (int i = 0; i < 20; ++i) p.push_back({g(rng), g(rng), g(rng)});
    const Kdop kd = fitKdop(k, p.data(), p.size()).value();
    const double v = volumeOf(kd);
    for (const double s : {1e-3, 0.5, 7.0, 1e5}) {
      double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
      for (int i = 0; i < k / 2; ++i) lo[i] = kd.min[i] * s, hi[i] = kd.max[i] * s;
      const double scaled = volumeOf(makeKdop(k, lo, hi, k / 2).value());
      EXPECT_NEAR(scaled, v * s * s * s, 1e-12 * v * s * s * s) << "k " << k << " s " << s;
    }
  }
  EXPECT_NEAR(volumeOf(Sphere{{0, 0, 0}, 3}), 27 * volumeOf(Sphere{{0, 0, 0}, 1}), 1e-13);
}

TEST(VolumeOf, RotatingABoxKeepsItsVolume) {
  std::mt19937 rng(7);
  std::normal_distribution<double> g(0, 1);
  const Aabb box = makeAabb({-1, 2, 0}, {0.5, 2.25, 3}).value();
  for (int run = 0; run < 50; ++run) {
    Quat q{g(rng), g(rng), g(rng), g(rng)};
    const double n = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    q = {q.x / n, q.y / n, q.z / n, q.w / n};
    const auto t = makeRigidTransform(q, {g(rng), g(rng), g(rng)}, 1).value();
    const Volume turned = transformed(Volume{box}, t);
    ASSERT_EQ(turned.index(), 2u) << "an AABB turned is an OBB";
    EXPECT_NEAR(volumeOf(turned), volumeOf(box), 1e-14) << "run " << run;
    // Scaled by 2 as well: eight times.
    const auto t2 = makeRigidTransform(q, {0, 0, 0}, 2).value();
    EXPECT_NEAR(volumeOf(transformed(Volume{box}, t2)), 8 * volumeOf(box), 1e-13);
  }
}

TEST(VolumeOf, FlatKdopsHaveNone) {
  // A square in the plane z = 1 (zero-width z slab).
  const auto square = std::vector<Vec3>{{0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
  for (int k : {6, 14, 18, 26}) EXPECT_NEAR(volumeOf(kdopAround(k, square)), 0, 1e-14) << "k " << k;
}
}  // namespace volume_of_test
