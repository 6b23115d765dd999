// mesh.h: the tree holds each triangle in exactly one leaf, every node's volume holds every triangle
// below it, the tree stays balanced, each level of the tree covers the mesh once, refit keeps all
// of that for moved vertices, and bad input names the field and changes nothing.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "mesh_soups.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;
using namespace sepaxis::mesh_testing;

namespace mesh_tree_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

std::vector<double> allVolumes(const Mesh& m) {
  std::vector<double> out;
  for (uint32_t i = 0; i < m.nodeCount(); ++i) {
    const Aabb box = boundingBox(m.nodeVolume(i));
    out.insert(out.end(), {box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z});
  }
  return out;
}

// The triangles of the leaves below `node`, in leaf order, and the depth of the deepest leaf.
void collect(const Mesh& m, uint32_t node, int level, std::vector<uint32_t>& triangles, int& depth) {
  const MeshNode n = m.node(node);
  depth = std::max(depth, level);
  if (n.isLeaf()) {
    for (uint32_t i = n.first; i < n.first + n.count; ++i) triangles.push_back(m.triangleOrder()[i]);
    return;
  }
  collect(m, n.first, level + 1, triangles, depth);
  collect(m, n.first + 1, level + 1, triangles, depth);
}

// Everything a built (or refitted) tree promises, checked from the nodes and the triangles alone.
void expectSoundTree(const Mesh& m, const std::string& what) {
  SCOPED_TRACE(what);
  const uint32_t triangles = uint32_t(m.triangleCount());
  // Each input triangle in exactly one leaf; leaves no larger than the leaf size; children after
  // their parent (the tree is a tree, not a graph with cycles).
  std::vector<int> seen(triangles, 0);
  for (uint32_t i = 0; i < m.nodeCount(); ++i) {
    const MeshNode n = m.node(i);
    if (n.isLeaf()) {
      ASSERT_LE(n.count, uint32_t(m.leafSize()));
      ASSERT_LE(n.first + n.count, triangles);
      for (uint32_t s = n.first; s < n.first + n.count; ++s) ++seen[m.triangleOrder()[s]];
    } else {
      ASSERT_GT(n.first, i);
      ASSERT_LT(n.first + 1, m.nodeCount());
    }
  }
  for (uint32_t t = 0; t < triangles; ++t) ASSERT_EQ(seen[t], 1) << "triangle " << t;
  // Balanced: the median split halves every node.
  std::vector<uint32_t> below;
  int depth = 0;
  collect(m, 0, 0, below, depth);
  EXPECT_EQ(depth, m.depth());
  const double leaves = std::ceil(double(triangles) / m.leafSize());
  EXPECT_LE(m.depth(), int(std::ceil(std::log2(leaves))) + 1);
  // Every node's volume holds the corners of every triangle below it (so, being convex, the
  // triangles themselves).
  for (uint32_t i = 0; i < m.nodeCount(); ++i) {
    below.clear();
    collect(m, i, 0, below, depth);
    const Volume v = m.nodeVolume(i);
    for (uint32_t t : below) {
      const Triangle tri = m.triangle(t);
      ASSERT_TRUE(contains(v, tri.a) && contains(v, tri.b) && contains(v, tri.c))
          << meshNodeTypeName(m.nodeType()) << " node " << i << " misses triangle " << t;
    }
  }
}

}  // namespace

TEST(MeshTree, EveryNodeHoldsTheTrianglesBelowIt) {
  const Soup soups[] = {randomSoup(1, 300, 10),
                        uvSphere(12, 20, {4, -3, 7}, 2.5),
                        flatGrid(12, 0.75),
                        onePoint(40),
                        scaled(randomSoup(2, 120, 1), 1e150, "huge soup"),
                        scaled(randomSoup(3, 120, 1), 1e-150, "tiny soup")};
  for (const Soup& s : soups)
    for (MeshNodeType type : kMeshNodeTypes)
      for (int leafSize : {1, 4, 13}) {
        const auto mesh = buildMesh(s, {type, leafSize});
        ASSERT_TRUE(mesh.ok()) << s.name << ": " << mesh.error().message;
        expectSoundTree(*mesh, s.name + ", " + meshNodeTypeName(type) + ", leaf size " + std::to_string(leafSize));
      }
}

void expectTightFloatBoxes(const Mesh& m) {
  double magnitude = 0;
  for (uint32_t v = 0; v < m.vertexCount(); ++v) magnitude = std::max(magnitude, maxComponent(abs(m.vertex(v))));
  for (uint32_t i = 0; i < m.nodeCount(); ++i) {
    std::vector<uint32_t> below;
    int depth = 0;
    collect(m, i, 0, below, depth);
    Vec3 lo{INFINITY, INFINITY, INFINITY}, hi = -lo;
    for (uint32_t t : below) {
      const Triangle tri = m.triangle(t);
      for (const Vec3& p : {tri.a, tri.b, tri.c}) lo = min(lo, p), hi = max(hi, p);
    }
    const Aabb box = std::get<Aabb>(m.nodeVolume(i));
    for (int j = 0; j < 3; ++j) {
      // Outward, and within a float's rounding of the value (2^-24 of it), or of the mesh's
      // largest coordinate for a coordinate far smaller.
      const double ulp = 0x1p-23 * std::max(std::fabs(lo[j]), 0x1p-100 * magnitude);
      EXPECT_LE(box.min[j], lo[j]) << "node " << i;
      EXPECT_GE(box.min[j], lo[j] - ulp) << "node " << i;
      const double ulpHi = 0x1p-23 * std::max(std::fabs(hi[j]), 0x1p-100 * magnitude);
      EXPECT_GE(box.max[j], hi[j]) << "node " << i;
      EXPECT_LE(box.max[j], hi[j] + ulpHi) << "node " << i;
    }
  }
}

TEST(MeshTree, AabbNodesAreTheBoxesOfTheirTriangles) {
  // The tightest box of floats around each node's own triangles (computed here in doubles): a
  // node fitted to the wrong triangles (too many) would still hold its own, but not be this box.
  for (const Soup& s : {uvSphere(10, 16, {0, 0, 0}, 1), scaled(uvSphere(5, 7, {1, 2, 3}, 1), 1e300, "huge sphere"),
                        scaled(uvSphere(5, 7, {1, 2, 3}, 1), 1e-300, "tiny sphere")}) {
    SCOPED_TRACE(s.name);
    const Mesh m = buildMesh(s, {MeshNodeType::Aabb, 2}).value();
    expectTightFloatBoxes(m);
  }
}

TEST(MeshTree, EachLevelCoversTheMeshOnce) {
  const Soup s = randomSoup(4, 257, 5);
  const Mesh m = buildMesh(s, {MeshNodeType::Kdop14, 3}).value();
  ASSERT_GE(m.depth(), 5);
  for (int depth = -1; depth <= m.depth() + 1; ++depth) {
    std::vector<int> seen(m.triangleCount(), 0);
    for (uint32_t node : m.nodesAtDepth(depth)) {
      std::vector<uint32_t> below;
      int d = 0;
      collect(m, node, 0, below, d);
      for (uint32_t t : below) ++seen[t];
    }
    for (size_t t = 0; t < seen.size(); ++t) ASSERT_EQ(seen[t], 1) << "depth " << depth << ", triangle " << t;
  }
  EXPECT_EQ(m.nodesAtDepth(0), std::vector<uint32_t>{0});
  // At the full depth, a level is the leaves.
  size_t leaves = 0;
  for (uint32_t i = 0; i < m.nodeCount(); ++i) leaves += m.node(i).isLeaf();
  EXPECT_EQ(m.nodesAtDepth(m.depth()).size(), leaves);
  EXPECT_EQ(m.nodeCount(), 2 * leaves - 1);
}

TEST(MeshTree, RefitFollowsMovedVertices) {
  Soup s = uvSphere(8, 12, {1, 2, 3}, 1.5);
  for (MeshNodeType type : kMeshNodeTypes) {
    Mesh m = buildMesh(s, {type, 4}).value();
    std::vector<MeshNode> nodes;
    for (uint32_t i = 0; i < m.nodeCount(); ++i) nodes.push_back(m.node(i));
    // Turn the sphere and squash it with noise: the same topology, other places.
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(-0.2, 0.2);
    std::vector<double> moved = s.positions;
    for (size_t i = 0; i < moved.size(); i += 3) {
      const double x = moved[i], y = moved[i + 1];
      moved[i] = 3 * y + u(rng), moved[i + 1] = -x + u(rng), moved[i + 2] = 0.2 * moved[i + 2] + u(rng);
    }
    ASSERT_TRUE(m.refit(moved.data(), moved.size() / 3).ok());
    EXPECT_EQ(m.nodeCount(), nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) EXPECT_EQ(m.node(i).first, nodes[i].first);
    EXPECT_EQ(m.vertex(0), (Vec3{moved[0], moved[1], moved[2]}));
    expectSoundTree(m, std::string("refitted ") + meshNodeTypeName(type));
  }
}

TEST(MeshTree, BuildsTheSameTreeEveryTime) {
  const Soup s = randomSoup(6, 200, 3);
  const Mesh a = buildMesh(s, {MeshNodeType::Obb, 4}).value();
  const Mesh b = buildMesh(s, {MeshNodeType::Obb, 4}).value();
  EXPECT_EQ(a.triangleOrder(), b.triangleOrder());
  EXPECT_EQ(allVolumes(a), allVolumes(b));
  EXPECT_GT(a.byteLength(), s.positions.size() * sizeof(double));
}

TEST(MeshTree, NodeCountsAndBytesAreKnownBeforeTheBuild) {
  for (const Soup& s : {randomSoup(3, 1, 1), randomSoup(4, 5, 1), randomSoup(5, 333, 2), uvSphere(9, 13, {}, 1)})
    for (MeshNodeType type : kMeshNodeTypes)
      for (int leafSize : {1, 3, 4, 10}) {
        const Mesh m = buildMesh(s, {type, leafSize}).value();
        SCOPED_TRACE(s.name + " " + meshNodeTypeName(type) + " leaf size " + std::to_string(leafSize));
        EXPECT_EQ(m.nodeCount(), Mesh::nodeCountFor(m.triangleCount(), leafSize));
        EXPECT_LT(m.byteLength(), Mesh::buildByteEstimate(m.vertexCount(), m.triangleCount(), {type, leafSize}));
      }
}

TEST(MeshTree, AMillionTrianglesInAnAabbTreeTakeTheirEstimate) {
  const Soup s = flatGrid(708, 0.5);  // 1,002,528 triangles
  const auto built = buildMesh(s, {});
  const Mesh& m = built.value();  // not copied: a copy would take as long as the build
  const size_t vertices = m.vertexCount(), triangles = m.triangleCount(), nodes = m.nodeCount();
  ASSERT_EQ(triangles, 1002528u);
  EXPECT_EQ(nodes, Mesh::nodeCountFor(triangles, 8));
  // The compact nodes are the tree: 32 bytes a node; 24 a vertex; 56 a triangle (its corners'
  // indices in leaf order, its leaf slot and back, and its corners' copies in floats).
  EXPECT_EQ(m.byteLength(), sizeof(Mesh) + 24 * vertices + 56 * triangles + 32 * nodes);
  EXPECT_LT(double(m.byteLength()) / double(triangles), 85);
  EXPECT_LE(m.byteLength() + 32 * triangles, Mesh::buildByteEstimate(vertices, triangles));
}

// The input's triangle t, from its positions and indices.
Triangle inputTriangle(const Soup& s, uint32_t t) {
  const auto corner = [&](int j) {
    const size_t v = s.indices.empty() ? 3 * size_t(t) + j : s.indices[3 * size_t(t) + j];
    return Vec3{s.positions[3 * v], s.positions[3 * v + 1], s.positions[3 * v + 2]};
  };
  return {corner(0), corner(1), corner(2)};
}

void expectInputTriangles(const Mesh& m, const Soup& s, const std::string& what) {
  for (uint32_t t = 0; t < m.triangleCount(); ++t) {
    const Triangle got = m.triangle(t), want = inputTriangle(s, t);
    ASSERT_TRUE(got.a == want.a && got.b == want.b && got.c == want.c) << what << ", triangle " << t;
  }
}

TEST(MeshTree, VerticesInFloatsAreCopiedInLeafOrderAndFollowARefit) {
  const Soup doubles = randomSoup(31, 300, 2), indexed = uvSphere(9, 13, {0.25, 0, -1}, 2);
  for (const Soup& d : {doubles, indexed})
    for (MeshNodeType type : {MeshNodeType::Aabb, MeshNodeType::Obb}) {
      const Soup f = asFloats(d, d.name + " in floats");
      Mesh m = buildMesh(f, {type, 3}).value();
      const Mesh inDoubles = buildMesh(d, {type, 3}).value();
      const std::string what = f.name + ", " + meshNodeTypeName(type);
      // Floats: 9 more a triangle (its corners' copies); doubles: none.
      const size_t copies = 9 * sizeof(float) * m.triangleCount();
      EXPECT_EQ(m.byteLength(), inDoubles.byteLength() + copies) << what;
      ASSERT_NO_FATAL_FAILURE(expectInputTriangles(m, f, what));
      ASSERT_NO_FATAL_FAILURE(expectInputTriangles(inDoubles, d, what));
      // Moved to doubles, the copies go; back in floats, they return with the new vertices.
      ASSERT_TRUE(m.refit(d.positions.data(), d.vertexCount()));
      EXPECT_EQ(m.byteLength(), inDoubles.byteLength()) << what;
      ASSERT_NO_FATAL_FAILURE(expectInputTriangles(m, d, what + ", refitted to doubles"));
      const Soup moved = asFloats(translated(d, {0.5, -0.25, 1}, "moved"), "moved");
      ASSERT_TRUE(m.refit(moved.positions.data(), moved.vertexCount()));
      EXPECT_EQ(m.byteLength(), inDoubles.byteLength() + copies) << what;
      ASSERT_NO_FATAL_FAILURE(expectInputTriangles(m, moved, what + ", refitted to floats"));
      const std::vector<uint8_t> bytes = m.serialize();
      const Mesh loaded = Mesh::deserialize(bytes.data(), bytes.size()).value();
      EXPECT_EQ(loaded.byteLength(), m.byteLength()) << what;
      ASSERT_NO_FATAL_FAILURE(expectInputTriangles(loaded, moved, what + ", loaded"));
      // From floats to other floats: the copies are the new vertices.
      ASSERT_TRUE(m.refit(f.positions.data(), f.vertexCount()));
      EXPECT_EQ(m.byteLength(), inDoubles.byteLength() + copies) << what;
      ASSERT_NO_FATAL_FAILURE(expectInputTriangles(m, f, what + ", refitted from floats to floats"));
    }
}

TEST(MeshTree, BadInputNamesTheFieldAndTheValue) {
  const Soup s = uvSphere(4, 6, {0, 0, 0}, 1);
  auto expectError = [](const Expected<Mesh>& m, const std::string& message) {
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().message, message);
  };
  const double* p = s.positions.data();
  const size_t n = s.vertexCount();
  expectError(Mesh::build(p, n, s.indices.data(), s.indices.size(), {MeshNodeType::Aabb, 0}),
              "options.leafSize must be from 1 to 64, got 0");
  expectError(Mesh::build(p, n, s.indices.data(), s.indices.size(), {MeshNodeType(9), 4}),
              "options.node must be one of sphere, aabb, obb, kdop6, kdop8, kdop14, kdop18, kdop26, got 9");
  expectError(Mesh::build(p, n, s.indices.data(), 4, {}),
              "indices.length must be a multiple of 3 and at least 3 (three indices a triangle), got 4");
  std::vector<uint32_t> badIndex = s.indices;
  badIndex[5] = uint32_t(n);
  expectError(Mesh::build(p, n, badIndex.data(), badIndex.size(), {}),
              "indices[5] must be below the vertex count " + std::to_string(n) + ", got " + std::to_string(n));
  expectError(Mesh::build(p, 4, nullptr, 0, {}),
              "positions.length must be a multiple of 9 and at least 9 without indices (three vertices a triangle), "
              "got 12");
  std::vector<double> nan = s.positions;
  nan[7] = NAN;
  expectError(Mesh::build(nan.data(), n, s.indices.data(), s.indices.size(), {}),
              "positions[7] must be finite, got NaN");
}

TEST(MeshTree, ARefitThatFailsChangesNothing) {
  const Soup s = randomSoup(7, 50, 2);
  Mesh m = buildMesh(s, {MeshNodeType::Sphere, 4}).value();
  const auto before = allVolumes(m);
  std::vector<double> moved = s.positions;
  for (double& x : moved) x += 1;
  moved[10] = INFINITY;
  const Status bad = m.refit(moved.data(), s.vertexCount());
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "positions[10] must be finite, got Infinity");
  const Status short_ = m.refit(moved.data(), s.vertexCount() - 1);
  ASSERT_FALSE(short_.ok());
  EXPECT_EQ(short_.error().field, "positions.length");
  EXPECT_EQ(allVolumes(m), before);
  EXPECT_EQ(m.vertex(3), (Vec3{s.positions[9], s.positions[10], s.positions[11]}));
}

}  // namespace mesh_tree_test
