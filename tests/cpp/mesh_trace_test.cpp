// MeshTrace, the record of a descent: every node (pair) and triangle (pair) a query tests, in
// order, with its verdict. Its counts are the query's costs; each node verdict is that of testing
// the node's volume against the volume (or the other node's) directly; the nodes it never tested
// lie below a node tested apart, or after the query stopped at the first overlapping triangle.
// A ray's record: each node met or missed within the nearest hit so far, each triangle hit or not.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
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

// Rays at the unit sphere of triangles from around it: many hit it, many miss.
struct TestRay {
  Vec3 origin, direction;
  double maxDistance;
};
std::vector<TestRay> testRays(std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1, 1), far(1.5, 3);
  std::vector<TestRay> out;
  for (int i = 0; i < 40; ++i) {
    const Vec3 from = normalize(Vec3{u(rng), u(rng), u(rng)}) * far(rng);
    const Vec3 to{0.8 * u(rng), 0.8 * u(rng), 0.8 * u(rng)};
    const double maxDistance = i % 4 == 0 ? 1.0 : i % 4 == 1 ? 2.5 : std::numeric_limits<double>::infinity();
    out.push_back({from, to * (i % 3 == 0 ? 2.0 : 1.0) - from, maxDistance});
  }
  return out;
}

// A traced ray: its counts are the costs, its hit raycast's, and each node verdict that of the
// node's volume raycast directly: a node met lies on the ray within maxDistance, a node apart
// off the ray within the nearest hit (the limit only falls); with no hit the limit stays
// maxDistance and the verdicts are exact. Each triangle's verdict is raycast(Triangle)'s within
// maxDistance where it says "hit", and no triangle nearer than the hit is missed.
void expectTracedRay(const Mesh& m, const TestRay& r, const RigidTransform* p, size_t& stepsChecked) {
  MeshTrace trace;
  MeshQueryCost cost, plainCost;
  const MeshRayHit hit = p ? m.raycast(r.origin, r.direction, r.maxDistance, *p, &cost, &trace)
                           : m.raycast(r.origin, r.direction, r.maxDistance, &cost, &trace);
  const MeshRayHit plain = p ? m.raycast(r.origin, r.direction, r.maxDistance, *p, &plainCost)
                             : m.raycast(r.origin, r.direction, r.maxDistance, &plainCost);
  const std::string type = meshNodeTypeName(m.nodeType());
  ASSERT_EQ(hit.hit, plain.hit) << type;
  if (hit.hit) {
    EXPECT_EQ(hit.triangle, plain.triangle);
    EXPECT_EQ(hit.distance, plain.distance);
  }
  EXPECT_EQ(cost.volumeTests, plainCost.volumeTests) << type;
  EXPECT_EQ(cost.triangleTests, plainCost.triangleTests) << type;
  ASSERT_EQ(trace.steps.size(), cost.volumeTests) << type;
  ASSERT_EQ(trace.triangles.size(), cost.triangleTests) << type;
  ASSERT_FALSE(trace.steps.empty());
  EXPECT_EQ(trace.steps[0].node, 0u);
  const std::vector<uint32_t> parent = parents(m);
  std::vector<int> verdict(m.nodeCount(), -1);
  const double reach = hit.hit ? hit.distance : r.maxDistance;
  const double tol = 1e-9;
  for (const MeshTraceStep& s : trace.steps) {
    ASSERT_LT(s.node, m.nodeCount());
    EXPECT_EQ(s.other, -1);
    EXPECT_EQ(verdict[s.node], -1) << "node " << s.node << " tested twice";
    if (s.node != 0) {
      EXPECT_EQ(verdict[parent[s.node]], 1) << "node " << s.node << " tested below a node the ray missed";
    }
    verdict[s.node] = int(s.meets);
    const Volume v = p ? posedNode(m.nodeVolume(s.node), *p) : m.nodeVolume(s.node);
    if (s.meets) {
      EXPECT_TRUE(raycast(v, r.origin, r.direction, r.maxDistance + tol).hit) << type << ", node " << s.node;
    } else {
      EXPECT_FALSE(raycast(v, r.origin, r.direction, greater(reach - tol, 0.0)).hit) << type << ", node " << s.node;
    }
    ++stepsChecked;
  }
  size_t hits = 0;
  for (const MeshTraceTriangle& t : trace.triangles) {
    ASSERT_LT(t.triangle, m.triangleCount());
    EXPECT_EQ(t.other, -1);
    const Triangle tri = p ? transformed(m.triangle(t.triangle), *p) : m.triangle(t.triangle);
    if (t.meets) {
      ++hits;
      EXPECT_TRUE(raycast(tri, r.origin, r.direction, r.maxDistance).hit) << type << ", triangle " << t.triangle;
    } else {
      EXPECT_FALSE(raycast(tri, r.origin, r.direction, greater(reach - tol, 0.0)).hit)
          << type << ", triangle " << t.triangle;
    }
  }
  EXPECT_EQ(hits > 0, hit.hit);
  // The triangle hit was tested and recorded hit.
  if (hit.hit) {
    bool found = false;
    for (const MeshTraceTriangle& t : trace.triangles) found = found || (t.triangle == hit.triangle && t.meets);
    EXPECT_TRUE(found) << type;
  }
}

TEST(MeshTrace, RecordsEveryTestOfARayWithItsVerdict) {
  std::mt19937 rng(11);
  const std::vector<TestRay> rays = testRays(rng);
  const RigidTransform turned = pose(turn({1, 2, 3}, 0.7), {0.1, -0.2, 0.05});
  size_t hits = 0, misses = 0, stepsChecked = 0;
  for (MeshNodeType type : kMeshNodeTypes) {
    for (int leafSize : {1, 4}) {
      const Mesh m = buildMesh(uvSphere(10, 16, {0, 0, 0}, 1), {type, leafSize}).value();
      const bool exactNodes = type == MeshNodeType::Sphere || type == MeshNodeType::Aabb || type == MeshNodeType::Obb;
      for (const TestRay& r : rays) {
        expectTracedRay(m, r, nullptr, stepsChecked);
        m.raycast(r.origin, r.direction, r.maxDistance).hit ? ++hits : ++misses;
        // Turned k-DOP nodes are no k-DOPs: the posed ray is checked on the other types.
        if (exactNodes) expectTracedRay(m, r, &turned, stepsChecked);
      }
    }
  }
  EXPECT_GT(hits, 50u);
  EXPECT_GT(misses, 50u);
  EXPECT_GT(stepsChecked, 5000u);
}

TEST(MeshTrace, RecordsARayThatMissesTheRootAlone) {
  const Mesh m = buildMesh(uvSphere(8, 12, {0, 0, 0}, 1), {}).value();
  MeshTrace trace;
  EXPECT_TRUE(m.raycast({0, 0, 5}, {0, 0, -1}, 10, nullptr, &trace).hit);
  EXPECT_GT(trace.steps.size(), 1u);
  EXPECT_FALSE(m.raycast({0, 5, 5}, {0, 0, -1}, 10, nullptr, &trace).hit);
  ASSERT_EQ(trace.steps.size(), 1u);
  EXPECT_EQ(trace.steps[0].meets, 0u);
  EXPECT_TRUE(trace.triangles.empty());
  // A ray that meets nothing before it starts (a zero direction): an empty record.
  EXPECT_FALSE(m.raycast({0, 0, 5}, {0, 0, 0}, 10, nullptr, &trace).hit);
  EXPECT_TRUE(trace.steps.empty());
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
