// The World's narrow phase (cpp/src/world_narrow.h): box-box and sphere-box pairs decided four at
// a time by the float filters, which answer only beyond their margin and leave the rest to
// overlaps(). Pairs placed at signed gaps from deep inside to well apart, through the filters'
// margin (a few 1e-5 of the pair's size) and the touching band, must come out as overlaps() says,
// in worlds of 1 to 9 such pairs (groups of four and the padded last group) and at every scale.
// And the bound on the world boxes' float frames that the filters take instead of computing it.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "world_narrow.h"
#include "world_random.h"

namespace world_narrow_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis::world_testing;

RigidTransform identity() { return makeRigidTransform({0, 0, 0, 1}, {0, 0, 0}).value(); }

/// A box of about `size` at c, turned at random (an OBB) or not (an AABB, turned by its pose).
Obb randomBox(Rng& rng, Vec3 c, double size) {
  const Vec3 h{uniform(rng, 0.2, 1) * size, uniform(rng, 0.2, 1) * size, uniform(rng, 0.2, 1) * size};
  return makeObbFromQuaternion(c, randomRotation(rng), h).value();
}

/// A point on the surface of `box` and a direction n out of it there (in the normal cone: at a
/// face its normal, at an edge or a corner a mix of the faces'): every point p + n g, g > 0, is
/// at distance g from the box.
std::pair<Vec3, Vec3> surfacePoint(Rng& rng, const Obb& box) {
  Vec3 p = box.center, n;
  const int pinned = 1 + int(rng() % 3);  // 1: a face, 2: an edge, 3: a corner
  for (int i = 0; i < 3; ++i) {
    const double side = rng() % 2 ? 1.0 : -1.0;
    if (i < pinned) {
      p = p + box.axis[i] * (side * box.halfExtents[i]);
      n = n + box.axis[i] * (side * uniform(rng, 0.2, 1));
    } else {
      p = p + box.axis[i] * (uniform(rng, -0.9, 0.9) * box.halfExtents[i]);
    }
  }
  return {p, normalize(n)};
}

/// Body pairs that meet at signed gaps g (g > 0: apart by g, g < 0: in by -g) relative to their
/// size, 10 sizes apart (neighbours rarely meet; every pair is checked against overlaps() anyway).
struct GapScene {
  World world;
  std::vector<BodyId> ids;
  std::vector<Volume> volumes;  // as given to add (with the identity pose), then the world's

  void add(const Volume& v) {
    const Expected<BodyId> id = world.add(v, identity());
    ASSERT_TRUE(id.ok()) << id.error().message;
    ids.push_back(*id), volumes.push_back(v);
  }
  /// A sphere against a box, or (boxes) a box whose corner nearest the other's surface point p
  /// lies at p + n g.
  void addPair(Rng& rng, Vec3 at, double size, double gap, bool sphere) {
    const Obb box = randomBox(rng, at, size);
    const auto [p, n] = surfacePoint(rng, box);
    add(box);
    if (sphere) {
      const double r = rng() % 8 == 0 ? 0 : uniform(rng, 0.2, 1) * size;
      add(makeSphere(p + n * (r + gap * size), r).value());
      return;
    }
    Obb other = randomBox(rng, {}, size);
    Vec3 corner = other.center;  // the corner of `other` furthest along -n
    for (int i = 0; i < 3; ++i)
      corner = corner + other.axis[i] * ((dot(other.axis[i], n) > 0 ? -1.0 : 1.0) * other.halfExtents[i]);
    other.center = other.center + (p + n * (gap * size) - corner);
    add(other);
  }
  void expectPairsAsOverlaps(const char* where) {
    std::set<std::pair<uint32_t, uint32_t>> expected, got;
    for (size_t i = 0; i < volumes.size(); ++i) volumes[i] = world.worldVolume(ids[i]).value();
    for (size_t i = 0; i < volumes.size(); ++i)
      for (size_t j = i + 1; j < volumes.size(); ++j)
        if (overlaps(volumes[i], volumes[j])) expected.insert(std::minmax(ids[i].value, ids[j].value));
    for (const BodyPair& p : world.pairs()) EXPECT_TRUE(got.insert({p.a.value, p.b.value}).second) << where;
    EXPECT_EQ(got, expected) << where << ": " << volumes.size() / 2 << " pairs";
  }
};

// Relative to the size: through the filters' margin (~3e-5 of S, S several sizes) on both sides,
// the touching band (1e-6) and into rounding.
const double kGaps[] = {-0.3,  -1e-2, -3e-3, -1e-3, -3e-4, -1e-4, -3e-5, -1e-5, -1e-7, -1e-10, 0,
                        1e-10, 1e-7,  1e-5,  3e-5,  1e-4,  3e-4,  1e-3,  3e-3,  1e-2,  0.3};

void runGaps(bool spheres, Vec3 origin, double size, uint32_t seed) {
  Rng rng(seed);
  for (int pairs = 1; pairs <= 9; ++pairs) {
    GapScene scene;
    for (int k = 0; k < pairs; ++k) {
      const double gap = kGaps[rng() % (sizeof kGaps / sizeof kGaps[0])];
      scene.addPair(rng, origin + Vec3{10 * size * k, 0, 0}, size, gap, spheres);
    }
    scene.expectPairsAsOverlaps(spheres ? "sphere-box" : "box-box");
  }
  GapScene many;  // every gap many times, in groups of four of all sorts
  for (int k = 0; k < 400; ++k)
    many.addPair(rng, origin + Vec3{10 * size * (k % 20), 10 * size * (k / 20), 0}, size,
                 kGaps[size_t(k) % (sizeof kGaps / sizeof kGaps[0])], spheres);
  many.expectPairsAsOverlaps(spheres ? "sphere-box, many" : "box-box, many");
}

TEST(WorldNarrow, SphereBoxPairsAtEveryGapAreOverlapsVerdicts) {
  runGaps(true, {0, 0, 0}, 1, 1);
  runGaps(true, {1e6, -1e6, 3e5}, 1, 2);
  runGaps(true, {1e12, 0, -1e12}, 1e-2, 3);     // coordinates whose ulps are near the gaps
  runGaps(true, {0, 0, 0}, 1e-300, 4);          // below float's range: the exact test decides
  runGaps(true, {1e200, -1e200, 0}, 1e198, 5);  // above it
  runGaps(true, {2e-40, 0, 0}, 1e-40, 6);       // subnormal floats
}

TEST(WorldNarrow, BoxBoxPairsAtEveryGapAreOverlapsVerdicts) {
  runGaps(false, {0, 0, 0}, 1, 11);
  runGaps(false, {1e6, -1e6, 3e5}, 1, 12);
  runGaps(false, {1e12, 0, -1e12}, 1e-2, 13);
  runGaps(false, {0, 0, 0}, 1e-300, 14);
  runGaps(false, {1e200, -1e200, 0}, 1e198, 15);
  runGaps(false, {2e-40, 0, 0}, 1e-40, 16);
}

TEST(WorldNarrow, DegenerateBoxesAndSpheresTouchingAreOverlapsVerdicts) {
  // Zero radii and zero half-extents (points, segments, flat boxes) on and near each other.
  GapScene scene;
  Rng rng(21);
  for (int k = 0; k < 60; ++k) {
    const Vec3 at{10.0 * k, 0, 0};
    const Vec3 h{k % 2 ? 0.0 : 1.0, k % 3 ? 0.0 : 0.5, k % 5 ? 0.25 : 0.0};
    const Obb box = makeObbFromQuaternion(at, randomRotation(rng), h).value();
    scene.add(box);
    const Vec3 corner = box.center + box.axis[0] * h.x + box.axis[1] * h.y + box.axis[2] * h.z;
    const double gap = k % 4 == 0 ? 0 : (k % 4 == 1 ? 1e-9 : (k % 4 == 2 ? -1e-9 : 1e-4));
    if (k % 2)
      scene.add(makeSphere(corner + box.axis[0] * gap, k % 3 ? 0.0 : 0.5).value());
    else
      scene.add(
          makeObbFromQuaternion(corner + Vec3{gap, gap, gap}, randomRotation(rng), {0, 0.5 * (k % 3), 0}).value());
  }
  scene.expectPairsAsOverlaps("degenerate");
}

TEST(WorldNarrow, WorldBoxFramesRoundedToFloatsStayWithinTheFiltersBound) {
  // Boxes and poses at the World's acceptance limit (tolerance::kWorldOrthonormal, 1e-14 in the
  // entries of their Gram matrices): frames turned at random and then disturbed in every entry
  // by up to 4e-15, kept only when the World accepts them; then each moved by a quaternion.
  Rng rng(31);
  auto disturbed = [&](Mat3 m) {
    for (auto& row : m.m)
      for (double& x : row) x += uniform(rng, -4e-15, 4e-15);
    return m;
  };
  World world;
  double worst = 0, widest = 0;  // the largest float deviation, and the largest double one seen
  int accepted = 0;
  for (int i = 0; i < 4000; ++i) {
    const Mat3 axes = disturbed(toMat3(randomRotation(rng)));
    const Obb local{{0.5, -0.25, 1}, {axes.column(0), axes.column(1), axes.column(2)}, {1, 2, 0.5}};
    RigidTransform pose = identity();
    pose.rotation = disturbed(toMat3(randomRotation(rng)));
    const Volume v = i % 2 ? Volume(local) : Volume(makeAabb({-1, -2, -3}, {1, 0, 3}).value());
    const Expected<BodyId> id = world.add(v, pose);
    if (!id.ok()) continue;
    ++accepted;
    auto measure = [&] {
      const Obb box = std::get<Obb>(world.worldVolume(*id).value());
      double floatDeviation = 0, doubleDeviation = 0;  // ||U U^T - I||_F in long double
      for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b) {
          long double f = a == b ? -1.0L : 0.0L, d = f;
          for (int c = 0; c < 3; ++c) {
            f += static_cast<long double>(float(box.axis[a][c])) * static_cast<long double>(float(box.axis[b][c]));
            d += static_cast<long double>(box.axis[a][c]) * static_cast<long double>(box.axis[b][c]);
          }
          floatDeviation += double(f * f), doubleDeviation += double(d * d);
        }
      worst = std::max(worst, std::sqrt(floatDeviation));
      widest = std::max(widest, std::sqrt(doubleDeviation));
    };
    measure();
    // Moved by a pose of 7 numbers, its quaternion as far from unit length as setPoses accepts.
    const Quat q = randomRotation(rng);
    const double stretch = 1 + (i % 3 - 1) * 0.999 * tolerance::kUnitQuaternion;
    const double numbers[7] = {1, 2, 3, q.x * stretch, q.y * stretch, q.z * stretch, q.w * stretch};
    ASSERT_TRUE(world.setPoses(&*id, numbers, 1).ok());
    measure();
    ASSERT_TRUE(world.remove(*id).ok());
  }
  EXPECT_GT(accepted, 500);
  EXPECT_GT(widest, 5e-15);  // the frames did reach toward the limit
  EXPECT_LE(worst, detail::kWorldFloatFrameDeviation);
  EXPECT_GT(worst, 0.3 * detail::kWorldFloatFrameDeviation);  // and the bound is not loose
}

}  // namespace
}  // namespace world_narrow_test
