// Mesh::overlaps, overlapsMesh and trianglePairs against testing every posed triangle (pair) with
// overlaps(): the answers are defined on the triangles transformed(Triangle) moves, so they must
// agree exactly, for every node type and leaf size, under identity, quarter-turn and random poses,
// on soups with slivers and degenerate triangles, coplanar grids, meshes that share an edge or a
// vertex exactly, meshes far from the origin and at tiny and huge scales.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "mesh_soups.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;
using namespace sepaxis::mesh_testing;

namespace mesh_overlap_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

const double kPi = std::acos(-1.0);

RigidTransform pose(Quat q, Vec3 t, double scale = 1) { return makeRigidTransform(q, t, scale).value(); }
Quat turn(Vec3 axis, double angle) {
  const Vec3 a = normalize(axis) * std::sin(angle / 2);
  return {a.x, a.y, a.z, std::cos(angle / 2)};
}
Quat randomTurn(std::mt19937& rng) {
  std::normal_distribution<double> n;
  double q[4] = {n(rng), n(rng), n(rng), n(rng)};
  const double len = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  return {q[0] / len, q[1] / len, q[2] / len, q[3] / len};
}

std::vector<Triangle> posedTriangles(const Mesh& m, const RigidTransform& p) {
  std::vector<Triangle> out;
  for (uint32_t t = 0; t < m.triangleCount(); ++t) out.push_back(transformed(m.triangle(t), p));
  return out;
}

// Every pair, in order of a then b: the oracle.
std::vector<MeshTrianglePair> everyPair(const std::vector<Triangle>& a, const std::vector<Triangle>& b) {
  std::vector<MeshTrianglePair> out;
  for (uint32_t i = 0; i < a.size(); ++i)
    for (uint32_t j = 0; j < b.size(); ++j)
      if (overlaps(a[i], b[j])) out.push_back({i, j});
  return out;
}

bool anyTriangle(const std::vector<Triangle>& tris, const Volume& v) {
  for (const Triangle& t : tris)
    if (overlaps(Volume{t}, v)) return true;
  return false;
}

// Triangles that are thinner than kTriangleFlat (segments to the tests), barely thicker, or points.
Soup slivers(uint32_t seed, int triangles, double scale) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  Soup s{"slivers", {}, {}};
  for (int t = 0; t < triangles; ++t) {
    const Vec3 a{u(rng) * scale, u(rng) * scale, u(rng) * scale};
    const Vec3 b = a + Vec3{u(rng), u(rng), u(rng)} * scale;
    const double thickness[] = {0, 1e-12, 1e-7, 1e-3};
    const Vec3 c = a * 0.5 + b * 0.5 + Vec3{u(rng), u(rng), u(rng)} * (scale * thickness[t % 4]);
    addVertex(s, a), addVertex(s, t % 9 == 0 ? a : b), addVertex(s, c);
  }
  return s;
}

struct PosePair {
  RigidTransform a, b;
};

struct Scene {
  std::string name;
  Soup a, b;
  std::vector<PosePair> poses;
};

std::vector<Scene> scenes() {
  std::mt19937 rng(71);
  std::uniform_real_distribution<double> u(-1, 1);
  const RigidTransform identity = pose({}, {});
  const Quat quarterZ = turn({0, 0, 1}, kPi / 2), quarterX = turn({1, 0, 0}, kPi / 2),
             quarterY = turn({0, 1, 0}, kPi / 2);
  std::vector<Scene> out;

  Scene soups{"random soups", randomSoup(31, 90, 3), randomSoup(32, 90, 3), {}};
  soups.poses = {{identity, identity}, {pose(quarterZ, {1, 0, 0}), identity}};
  for (int i = 0; i < 3; ++i)
    soups.poses.push_back({pose(randomTurn(rng), {u(rng), u(rng), u(rng)}), pose(randomTurn(rng), {3, u(rng), 0})});
  out.push_back(soups);

  const Soup ball = uvSphere(8, 12, {0, 0, 0}, 1);
  Scene spheres{"spheres partly inside each other", ball, ball, {}};
  spheres.poses = {{identity, identity},  // the same surface twice: every triangle meets itself
                   {identity, pose(randomTurn(rng), {1.2, 0.3, 0})},
                   {pose(quarterX, {0, 0, 0}), pose(quarterY, {0, 1.5, 0.2})},
                   {identity, pose({}, {2, 0, 0})},  // touching at the equators' outermost corners
                   {identity, pose({}, {3, 0, 0})}};
  out.push_back(spheres);

  const Soup grid = flatGrid(6, 0);
  Scene grids{"coplanar grids", grid, grid, {}};
  grids.poses = {{identity, pose({}, {0.5, 0.25, 0})},
                 {identity, pose({}, {6, 0, 0})},                         // an edge shared exactly
                 {identity, pose({}, {6, 6, 0})},                         // a vertex shared exactly
                 {identity, pose({}, {std::nextafter(6.0, 7.0), 0, 0})},  // an ulp apart
                 {identity, pose(quarterZ, {12, 0, 0})},                  // turned onto the shared edge
                 {identity, pose(quarterY, {3, 0, 3})},                   // upright through a row of edges
                 {pose(quarterZ, {0, 0, 0}), pose(quarterZ, {1e-300, 0, 0})}};
  out.push_back(grids);

  Scene thin{"slivers against a soup", slivers(41, 90, 2), randomSoup(42, 60, 2), {}};
  thin.poses = {{identity, identity}, {pose(randomTurn(rng), {0.1, 0, 0}), pose(randomTurn(rng), {0, 0.2, 0})}};
  out.push_back(thin);

  // Vertices a million from the origin, and poses that carry a mesh there.
  const Vec3 far{1e6, -1e6, 1e6};
  Scene distant{"far from the origin", translated(randomSoup(51, 80, 2), far, "far soup"), randomSoup(52, 80, 2), {}};
  const Quat q = randomTurn(rng);
  const RigidTransform farA = pose(q, {3e5, 2e5, -1e6});
  distant.poses = {{identity, pose({}, far)},
                   {farA, pose(q, farA.rotation * far + farA.translation + Vec3{0.5, 0, 0})}};
  out.push_back(distant);

  for (double scale : {1e-120, 1e120}) {
    const std::string name = scale < 1 ? "tiny spheres" : "huge spheres";
    const Soup b = scaled(ball, scale, name);
    Scene s{name, b, b, {}};
    s.poses = {{identity, pose(quarterX, Vec3{1.2, 0.3, 0} * scale)},
               {pose(randomTurn(rng), Vec3{1, 1, 1} * scale), pose(randomTurn(rng), Vec3{1.5, 1, 1} * scale)},
               {identity, pose({}, Vec3{2, 0, 0} * scale)}};
    out.push_back(s);
  }

  Scene grown{"scaled poses", ball, randomSoup(61, 60, 1), {}};
  grown.poses = {{pose({}, {0, 0, 0}, 2.5), pose({}, {2.3, 0, 0}, 0.4)},
                 {pose(randomTurn(rng), {0, 0, 0}, 2.5), pose(randomTurn(rng), {2.3, 0, 0}, 0.4)},
                 {pose({}, {0, 0, 0}, 0.3), pose(quarterZ, {0, 0, 0}, 3)}};
  out.push_back(grown);
  return out;
}

void expectSamePairs(const Mesh& a, const Mesh& b, const PosePair& p, const std::vector<MeshTrianglePair>& want,
                     const std::string& what) {
  MeshQueryCost pairsCost, anyCost;
  std::vector<MeshTrianglePair> got;
  EXPECT_EQ(a.trianglePairs(p.a, b, p.b, got, &pairsCost), want.size()) << what;
  ASSERT_EQ(got, want) << what;
  EXPECT_EQ(a.overlapsMesh(p.a, b, p.b, &anyCost), !want.empty()) << what;
  const uint64_t every = uint64_t(a.triangleCount()) * b.triangleCount();
  EXPECT_GE(pairsCost.triangleTests, want.size()) << what;
  EXPECT_LE(pairsCost.triangleTests, every) << what;
  EXPECT_LE(anyCost.triangleTests, pairsCost.triangleTests) << what;
  EXPECT_GT(pairsCost.volumeTests, 0u) << what;
}

}  // namespace

TEST(MeshOverlap, TrianglePairsAreThoseOfEveryPosedPair) {
  for (const Scene& scene : scenes()) {
    const Mesh plainA = buildMesh(scene.a, {}).value(), plainB = buildMesh(scene.b, {}).value();
    std::vector<std::vector<MeshTrianglePair>> want;
    size_t met = 0;
    for (const PosePair& p : scene.poses) {
      want.push_back(everyPair(posedTriangles(plainA, p.a), posedTriangles(plainB, p.b)));
      met += !want.back().empty();
    }
    // Each scene has poses that meet and poses that do not, or meets under all of them.
    EXPECT_GT(met, 0u) << scene.name;
    for (MeshNodeType type : kMeshNodeTypes)
      for (int leafSize : {1, 4}) {
        const Mesh a = buildMesh(scene.a, {type, leafSize}).value(), b = buildMesh(scene.b, {type, leafSize}).value();
        for (size_t i = 0; i < scene.poses.size(); ++i) {
          const std::string what = scene.name + ", pose " + std::to_string(i) + ", " + meshNodeTypeName(type) +
                                   ", leaf " + std::to_string(leafSize);
          ASSERT_NO_FATAL_FAILURE(expectSamePairs(a, b, scene.poses[i], want[i], what));
          // The other way round: the same pairs, swapped.
          std::vector<MeshTrianglePair> back;
          b.trianglePairs(scene.poses[i].b, a, scene.poses[i].a, back);
          std::vector<MeshTrianglePair> swapped;
          for (const MeshTrianglePair& w : want[i]) swapped.push_back({w.b, w.a});
          std::sort(swapped.begin(), swapped.end());
          EXPECT_EQ(back, swapped) << what << ", swapped";
        }
      }
  }
}

TEST(MeshOverlap, NodeTypesMayDifferBetweenTheMeshes) {
  std::mt19937 rng(72);
  const Soup a = randomSoup(81, 70, 2), b = uvSphere(6, 10, {0.5, 0, 0}, 1.5);
  const PosePair poses[] = {{pose({}, {}), pose({}, {})},
                            {pose(randomTurn(rng), {0.3, 0, 0}), pose(randomTurn(rng), {0, -0.5, 0.2})}};
  for (const PosePair& p : poses) {
    const Mesh plainA = buildMesh(a, {}).value(), plainB = buildMesh(b, {}).value();
    const auto want = everyPair(posedTriangles(plainA, p.a), posedTriangles(plainB, p.b));
    ASSERT_FALSE(want.empty());
    for (MeshNodeType ta : kMeshNodeTypes)
      for (MeshNodeType tb : kMeshNodeTypes) {
        const Mesh ma = buildMesh(a, {ta, 2}).value(), mb = buildMesh(b, {tb, 3}).value();
        ASSERT_NO_FATAL_FAILURE(
            expectSamePairs(ma, mb, p, want, std::string(meshNodeTypeName(ta)) + " with " + meshNodeTypeName(tb)));
      }
  }
}

TEST(MeshOverlap, PairsAreAppendedWithoutAllocatingWhenThereIsRoom) {
  const Mesh m = buildMesh(uvSphere(8, 12, {0, 0, 0}, 1), {MeshNodeType::Obb, 4}).value();
  const RigidTransform here = pose({}, {}), there = pose(turn({1, 1, 0}, 0.7), {1, 0.2, 0});
  std::vector<MeshTrianglePair> pairs{{7, 7}};
  pairs.reserve(1000);
  const MeshTrianglePair* storage = pairs.data();
  const size_t added = m.trianglePairs(here, m, there, pairs);
  ASSERT_GT(added, 10u);
  ASSERT_LT(added, 999u);
  EXPECT_EQ(pairs.data(), storage);
  EXPECT_EQ(pairs.size(), added + 1);
  EXPECT_EQ(pairs[0], (MeshTrianglePair{7, 7}));  // kept, and not sorted into the new ones
  EXPECT_TRUE(std::is_sorted(pairs.begin() + 1, pairs.end()));
}

TEST(MeshOverlap, TheDescentSkipsMostPairs) {
  // Two spheres of 768 triangles overlapping by a cap: a descent that tested every pair of nodes
  // or triangles would be no tree at all.
  const Soup s = uvSphere(16, 24, {0, 0, 0}, 1);
  const RigidTransform here = pose({}, {}), there = pose(turn({0, 1, 1}, 1), {1.7, 0.2, 0});
  for (MeshNodeType type : kMeshNodeTypes) {
    const Mesh m = buildMesh(s, {type, 4}).value();
    MeshQueryCost cost;
    std::vector<MeshTrianglePair> pairs;
    m.trianglePairs(here, m, there, pairs, &cost);
    ASSERT_FALSE(pairs.empty());
    const double every = double(m.triangleCount()) * double(m.triangleCount());
    EXPECT_LT(cost.triangleTests, every / 100) << meshNodeTypeName(type);
    EXPECT_LT(cost.volumeTests, every / 100) << meshNodeTypeName(type);
    MeshQueryCost any;
    EXPECT_TRUE(m.overlapsMesh(here, m, there, &any));
    EXPECT_LT(any.triangleTests, cost.triangleTests) << meshNodeTypeName(type);
    // Far apart: the roots' test alone.
    EXPECT_FALSE(m.overlapsMesh(here, m, pose({}, {5, 0, 0}), &any));
    EXPECT_EQ(any.volumeTests, 1u) << meshNodeTypeName(type);
    EXPECT_EQ(any.triangleTests, 0u) << meshNodeTypeName(type);
  }
}

namespace {

// Volumes of every type around the posed triangles: random ones of many sizes, and ones that
// touch a triangle exactly (the triangle itself, a ball of radius 0 at a corner, a box with a
// corner there, turned boxes with a corner there, a k-DOP around it).
std::vector<Volume> queryVolumes(const std::vector<Triangle>& tris, std::mt19937& rng) {
  Aabb box = boundingBox(tris[0]);
  for (const Triangle& t : tris) box = {min(box.min, boundingBox(t).min), max(box.max, boundingBox(t).max)};
  const Vec3 side = box.max - box.min;
  const double extent = greater(maxComponent(side), maxComponent(abs(box.max)) * 1e-6);
  std::uniform_real_distribution<double> u(0, 1);
  // Within the box grown by a third of its size: flat meshes get volumes that miss them too.
  auto inBox = [&] {
    return box.min + Vec3{side.x * u(rng), side.y * u(rng), side.z * u(rng)} +
           Vec3{u(rng) - 0.5, u(rng) - 0.5, u(rng) - 0.5} * (0.6 * extent);
  };
  auto size = [&] { return extent * std::pow(10.0, -3 * u(rng)) * 0.3; };
  std::uniform_int_distribution<size_t> pick(0, tris.size() - 1);
  std::vector<Volume> out;
  const int ks[] = {6, 8, 14, 18, 26};
  for (int i = 0; i < 12; ++i) {
    out.push_back(makeSphere(inBox(), size()).value());
    const Vec3 c = inBox(), h{size(), size(), size()};
    out.push_back(makeAabb(c - h, c + h).value());
    out.push_back(makeObbFromQuaternion(inBox(), randomTurn(rng), {size(), size(), size()}).value());
    const Vec3 k = inBox();
    const Vec3 points[] = {k, k + Vec3{size(), 0, 0}, k + Vec3{0, size(), size()}, k - Vec3{size(), 0, size()}};
    out.push_back(fitKdop(ks[i % 5], points, 4).value());
    out.push_back(Triangle{inBox(), inBox(), inBox()});
    const Triangle t = tris[pick(rng)];
    out.push_back(t);
    out.push_back(makeSphere(t.b, 0).value());
    out.push_back(makeAabb(t.c, t.c + Vec3{size(), size(), size()}).value());
    out.push_back(makeAabb(t.a - Vec3{size(), size(), size()}, t.a).value());
    // A turned box with a corner at a triangle's corner, and one with a corner at its centroid.
    const Obb turned = makeObbFromQuaternion({}, randomTurn(rng), {size(), size(), size()}).value();
    const Vec3 toCorner = turned.axis[0] * turned.halfExtents.x + turned.axis[1] * turned.halfExtents.y +
                          turned.axis[2] * turned.halfExtents.z;
    Obb atCorner = turned, atCentroid = turned;
    atCorner.center = t.a + toCorner, atCentroid.center = (t.a + t.b + t.c) / 3 - toCorner;
    out.push_back(atCorner), out.push_back(atCentroid);
    const Vec3 corners[] = {t.a, t.b, t.c};
    out.push_back(fitKdop(ks[(i + 2) % 5], corners, 3).value());
  }
  return out;
}

}  // namespace

TEST(MeshOverlap, VolumesMeetWhatEveryPosedTriangleWouldMeet) {
  std::mt19937 rng(73);
  const Vec3 far{1e6, -1e6, 1e6};
  const std::vector<Soup> soups = {randomSoup(91, 120, 3),
                                   uvSphere(8, 12, {1, -2, 0.5}, 3),
                                   flatGrid(6, -1),
                                   slivers(92, 60, 1),
                                   onePoint(5),
                                   translated(randomSoup(93, 60, 2), far, "far soup"),
                                   scaled(randomSoup(94, 60, 1), 1e120, "huge soup"),
                                   scaled(uvSphere(6, 8, {0, 0, 0}, 1), 1e-120, "tiny sphere")};
  for (const Soup& s : soups) {
    const Mesh plain = buildMesh(s, {}).value();
    const double reach = maxComponent(boundingBox(plain.nodeVolume(0)).max);
    const RigidTransform poses[] = {pose({}, {}), pose(turn({0, 0, 1}, kPi / 2), Vec3{0.5, 0, 0} * reach),
                                    pose(randomTurn(rng), Vec3{-0.2, 0.1, 0.3} * reach),
                                    pose(randomTurn(rng), {0, 0, 0}, 1.7)};
    for (const RigidTransform& p : poses) {
      const std::vector<Triangle> tris = posedTriangles(plain, p);
      const std::vector<Volume> volumes = queryVolumes(tris, rng);
      std::vector<bool> want;
      size_t met = 0;
      for (const Volume& v : volumes) want.push_back(anyTriangle(tris, v)), met += want.back();
      EXPECT_GT(met, volumes.size() / 3) << s.name;
      if (s.name != "one point") {
        EXPECT_LT(met, volumes.size()) << s.name;
      }
      for (MeshNodeType type : kMeshNodeTypes)
        for (int leafSize : {1, 4}) {
          const Mesh m = buildMesh(s, {type, leafSize}).value();
          for (size_t i = 0; i < volumes.size(); ++i) {
            MeshQueryCost cost;
            ASSERT_EQ(m.overlaps(volumes[i], p, &cost), want[i])
                << s.name << ", " << meshNodeTypeName(type) << ", leaf " << leafSize << ", volume " << i << " ("
                << typeName(volumes[i]) << ")";
            EXPECT_GT(cost.volumeTests, 0u);
            EXPECT_LE(cost.triangleTests, m.triangleCount());
          }
        }
    }
  }
}

TEST(MeshOverlap, AVolumeFarAwayTestsTheRootAlone) {
  const Mesh m = buildMesh(uvSphere(8, 12, {0, 0, 0}, 1), {MeshNodeType::Kdop14, 4}).value();
  MeshQueryCost cost;
  EXPECT_FALSE(m.overlaps(makeSphere({5, 0, 0}, 1).value(), pose(turn({1, 2, 3}, 0.4), {}), &cost));
  EXPECT_EQ(cost.volumeTests, 1u);
  EXPECT_EQ(cost.triangleTests, 0u);
  EXPECT_TRUE(m.overlaps(makeSphere({5, 0, 0}, 1).value(), pose({}, {4.5, 0, 0}), &cost));
  EXPECT_GT(cost.triangleTests, 0u);
  EXPECT_LT(cost.triangleTests, m.triangleCount() / 4);
}

}  // namespace mesh_overlap_test
