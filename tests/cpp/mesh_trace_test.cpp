// MeshTrace, the record of a descent: every node (pair) and triangle (pair) a query tests, in
// order, with its verdict. Its counts are the query's costs; each node verdict is that of testing
// the node's volume against the volume (or the other node's) directly; the nodes it never tested
// lie below a node tested apart, or after the query stopped at the first overlapping triangle.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "mesh_soups.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;
using namespace sepaxis::mesh_testing;

namespace mesh_trace_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

RigidTransform pose(Quat q, Vec3 t) { return makeRigidTransform(q, t, 1).value(); }
Quat turn(Vec3 axis, double angle) {
  const Vec3 a = normalize(axis) * std::sin(angle / 2);
  return {a.x, a.y, a.z, std::cos(angle / 2)};
}

// A node volume of a sphere, AABB or OBB tree moved by a pose.
Volume posedNode(const Volume& v, const RigidTransform& p) {
  if (const auto* s = std::get_if<Sphere>(&v)) return transformed(*s, p);
  if (const auto* b = std::get_if<Aabb>(&v)) return transformed(*b, p);
  return transformed(std::get<Obb>(v), p);
}

// Random balls, boxes and turned boxes around the unit sphere of triangles: many meet it, many miss.
std::vector<Volume> queryVolumes(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.6, 1.6), size(0.05, 0.5);
  std::vector<Volume> out;
  for (int i = 0; i < 10; ++i) {
    const Vec3 c{u(rng), u(rng), u(rng)};
    out.push_back(makeSphere(c, size(rng)).value());
    const Vec3 h{size(rng), size(rng), size(rng)};
    out.push_back(makeAabb(c - h, c + h).value());
    out.push_back(makeObbFromQuaternion(c, turn({u(rng), 1, u(rng)}, u(rng)), h).value());
  }
  return out;
}

// The parent of every node (the root's: itself).
std::vector<uint32_t> parents(const Mesh& m) {
  std::vector<uint32_t> parent(m.nodeCount(), 0);
  for (uint32_t i = 0; i < m.nodeCount(); ++i) {
    const MeshNode n = m.node(i);
    if (!n.isLeaf()) parent[n.first] = parent[n.first + 1] = i;
  }
  return parent;
}

// A trace of one mesh against a volume: its shape, whatever the verdicts.
void expectWholeDescent(const Mesh& m, const MeshTrace& trace, bool hit) {
  ASSERT_FALSE(trace.steps.empty());
  EXPECT_EQ(trace.steps[0].node, 0u);  // the root first
  const std::vector<uint32_t> parent = parents(m);
  std::vector<int> verdict(m.nodeCount(), -1);  // -1: never tested
  for (const MeshTraceStep& s : trace.steps) {
    ASSERT_LT(s.node, m.nodeCount());
    EXPECT_EQ(s.other, -1);
    EXPECT_EQ(verdict[s.node], -1) << "node " << s.node << " tested twice";
    // A node is tested only once its parent met the volume (and then with its sibling).
    if (s.node != 0) {
      EXPECT_EQ(verdict[parent[s.node]], 1) << "node " << s.node;
    }
    verdict[s.node] = int(s.meets);
  }
  for (uint32_t i = 1; i < m.nodeCount(); ++i) {
    if (verdict[i] != -1) continue;
    // Never reached: some ancestor was tested apart, unless the query stopped at a triangle.
    uint32_t up = parent[i];
    while (verdict[up] == -1) up = parent[up];
    if (!hit) {
      EXPECT_EQ(verdict[up], 0) << "node " << i << " never reached below a node that met the volume";
    }
  }
  // Every triangle tested lies in a leaf that met the volume; the query stops at the first that meets.
  size_t meeting = 0;
  for (const MeshTraceTriangle& t : trace.triangles) {
    ASSERT_LT(t.triangle, m.triangleCount());
    meeting += t.meets;
  }
  EXPECT_EQ(meeting, hit ? 1u : 0u);
  if (hit) {
    EXPECT_EQ(trace.triangles.back().meets, 1u);
  }
}

TEST(MeshTrace, RecordsEveryTestOfAVolumeQueryWithItsVerdict) {
  std::mt19937 rng(5);
  const std::vector<Volume> volumes = queryVolumes(rng);
  const RigidTransform turned = pose(turn({1, 2, 3}, 0.7), {0.1, -0.2, 0.05});
  size_t hits = 0, misses = 0, stepsChecked = 0;
  for (MeshNodeType type : kMeshNodeTypes) {
    const Mesh m = buildMesh(uvSphere(10, 16, {0, 0, 0}, 1), {type, 2}).value();
    const bool exactNodes = type == MeshNodeType::Sphere || type == MeshNodeType::Aabb || type == MeshNodeType::Obb;
    const RigidTransform still = pose({}, {});
    for (const RigidTransform* at : {&still, &turned}) {
      const RigidTransform& p = *at;
      MeshTrace trace;
      for (const Volume& v : volumes) {
        MeshQueryCost cost, plainCost;
        const bool hit = m.overlaps(v, p, &cost, &trace);
        ASSERT_EQ(hit, m.overlaps(v, p, &plainCost)) << meshNodeTypeName(type);
        EXPECT_EQ(cost.volumeTests, plainCost.volumeTests);
        ASSERT_EQ(trace.steps.size(), cost.volumeTests) << meshNodeTypeName(type);
        ASSERT_EQ(trace.triangles.size(), cost.triangleTests) << meshNodeTypeName(type);
        hit ? ++hits : ++misses;
        expectWholeDescent(m, trace, hit);
        for (const MeshTraceStep& s : trace.steps) {
          // A node test may say "maybe" wrongly (k-DOP nodes are compared slab by slab), never "apart".
          // (k-DOP nodes turned are no k-DOPs: checked unposed only.)
          if (!exactNodes) {
            if (!s.meets && &p != &turned) {
              EXPECT_FALSE(overlaps(m.nodeVolume(s.node), v));
            }
            continue;
          }
          ASSERT_EQ(bool(s.meets), overlaps(posedNode(m.nodeVolume(s.node), p), v))
              << meshNodeTypeName(type) << ", node " << s.node;
          ++stepsChecked;
        }
      }
    }
  }
  EXPECT_GT(hits, 20u);
  EXPECT_GT(misses, 20u);
  EXPECT_GT(stepsChecked, 1000u);
}

TEST(MeshTrace, RecordsEveryNodePairOfAMeshQuery) {
  for (MeshNodeType type : {MeshNodeType::Sphere, MeshNodeType::Aabb, MeshNodeType::Obb}) {
    const Mesh m = buildMesh(uvSphere(8, 12, {0, 0, 0}, 1), {type, 2}).value();
    for (const Vec3 offset : {Vec3{1.2, 0.3, 0}, Vec3{2.5, 0, 0}, Vec3{0.4, 0.4, 0.4}}) {
      const RigidTransform other = pose(turn({0, 1, 1}, 0.9), offset);
      MeshTrace trace;
      MeshQueryCost cost, plainCost;
      const bool hit = m.overlapsMesh(pose({}, {}), m, other, &cost, &trace);
      ASSERT_EQ(hit, m.overlapsMesh(pose({}, {}), m, other, &plainCost));
      ASSERT_EQ(trace.steps.size(), cost.volumeTests);
      ASSERT_EQ(trace.triangles.size(), cost.triangleTests);
      EXPECT_EQ(cost.volumeTests, plainCost.volumeTests);
      EXPECT_EQ(trace.steps[0].node, 0u);
      EXPECT_EQ(trace.steps[0].other, 0);
      for (const MeshTraceStep& s : trace.steps) {
        ASSERT_GE(s.other, 0);
        ASSERT_EQ(bool(s.meets), overlaps(m.nodeVolume(s.node), posedNode(m.nodeVolume(uint32_t(s.other)), other)))
            << meshNodeTypeName(type) << ", nodes " << s.node << ", " << s.other;
      }
      size_t meeting = 0;
      for (const MeshTraceTriangle& t : trace.triangles) {
        meeting += t.meets;
        EXPECT_GE(t.other, 0);
      }
      EXPECT_EQ(meeting, hit ? 1u : 0u);
    }
  }
}

TEST(MeshTrace, IsClearedAndReusedByTheNextQuery) {
  const Mesh m = buildMesh(uvSphere(8, 12, {0, 0, 0}, 1), {}).value();
  MeshTrace trace;
  EXPECT_TRUE(m.overlaps(makeSphere({1, 0, 0}, 0.3).value(), pose({}, {}), nullptr, &trace));
  const size_t first = trace.steps.size();
  const MeshTraceStep* storage = trace.steps.data();
  EXPECT_GT(first, 1u);
  EXPECT_FALSE(m.overlaps(makeSphere({5, 0, 0}, 1).value(), pose({}, {}), nullptr, &trace));
  ASSERT_EQ(trace.steps.size(), 1u);  // the root alone, tested apart
  EXPECT_EQ(trace.steps[0].meets, 0u);
  EXPECT_TRUE(trace.triangles.empty());
  EXPECT_EQ(trace.steps.data(), storage);
}

}  // namespace
}  // namespace mesh_trace_test
