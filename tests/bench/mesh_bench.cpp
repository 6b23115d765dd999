// Bounding-volume trees over the Stanford bunny (69,451 triangles; bench_data.h bunnyMesh), one
// benchmark per node type: the time to build the tree (leaf size 4) and to refit it, with the
// tree's size beside (nodes, depth, kilobytes) and how tightly each level wraps the bunny: the
// summed volume of a level's nodes over the volume of the bunny's convex hull, at depths 4 and 8
// and at the leaves (Klosowski et al. 1998 weigh a node type by exactly this against its test's
// cost).
//
// Then mesh against mesh, per node type (both meshes of that type, leaf size 4): the node pairs and
// triangle pairs tested and the time of trianglePairs (every overlapping pair) and overlapsMesh
// (the first) in three scenes: the bunny against itself turned and shifted to cut it partly, two
// concentric tori in one plane a hair apart (no pair meets; every node near the other torus must
// be ruled out), and a small robot at 16 poses over a large bumpy environment (Klosowski's
// environment/robot test, averaged over the poses). And closest points and first hits of rays on a
// large torus, per node type.
//
//   build/native/tests/bench/sepaxis_mesh_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "bench_data.h"

namespace sepaxis::bench {
namespace {

std::vector<double> flatPositions(const StlMesh& m) {
  std::vector<double> p;
  p.reserve(3 * m.vertices.size());
  for (const Vec3& v : m.vertices) p.insert(p.end(), {v.x, v.y, v.z});
  return p;
}

Mesh buildBunny(MeshNodeType type) {
  const StlMesh& bunny = bunnyMesh();
  const std::vector<double> p = flatPositions(bunny);
  return Mesh::build(p.data(), bunny.vertices.size(), bunny.indices.data(), bunny.indices.size(), {type, 4}).value();
}

double hullVolume() {
  static const double volume = [] {
    const auto& v = bunnyMesh().vertices;
    const ConvexHull hull = convexHull(v.data(), v.size()).value();
    double sum = 0;  // a third of each face's area times its offset: the divergence theorem
    for (const auto& f : hull.faces)
      sum += dot(hull.vertices[f[0]], cross(hull.vertices[f[1]], hull.vertices[f[2]])) / 6;
    return sum;
  }();
  return volume;
}

double levelVolume(const Mesh& m, int depth) {
  double sum = 0;
  for (uint32_t node : m.nodesAtDepth(depth)) sum += volumeOf(m.nodeVolume(node));
  return sum / hullVolume();
}

bool noBunny(benchmark::State& state) {
  if (!bunnyMesh().vertices.empty()) return false;
  state.SkipWithError(("no bunny at " + bunnyPath() + " (set SEPAXIS_BUNNY_STL)").c_str());
  return true;
}

void buildTree(benchmark::State& state, MeshNodeType type) {
  if (noBunny(state)) return;
  const StlMesh& bunny = bunnyMesh();
  const std::vector<double> p = flatPositions(bunny);
  for (auto _ : state)
    benchmark::DoNotOptimize(
        Mesh::build(p.data(), bunny.vertices.size(), bunny.indices.data(), bunny.indices.size(), {type, 4}));
  const Mesh m = buildBunny(type);
  state.counters["nodes"] = double(m.nodeCount());
  state.counters["depth"] = m.depth();
  state.counters["kB"] = double(m.byteLength()) / 1024;
  state.counters["level4"] = levelVolume(m, 4);
  state.counters["level8"] = levelVolume(m, 8);
  state.counters["leaves"] = levelVolume(m, m.depth());
}

void refitTree(benchmark::State& state, MeshNodeType type) {
  if (noBunny(state)) return;
  Mesh m = buildBunny(type);
  std::vector<double> p = flatPositions(bunnyMesh());
  for (double& x : p) x *= 1.5;  // the bunny grown: every node moves
  for (auto _ : state) benchmark::DoNotOptimize(m.refit(p.data(), m.vertexCount()));
}

// A torus around the z axis (three.js's TorusGeometry: radius to the tube's centre, tube radius,
// segments around the tube and around the ring), two triangles per quad.
Mesh torus(double radius, double tube, int tubeSegments, int ringSegments, MeshNodeType type) {
  const double pi = std::acos(-1.0);
  std::vector<double> p;
  std::vector<uint32_t> index;
  for (int j = 0; j < tubeSegments; ++j)
    for (int i = 0; i < ringSegments; ++i) {
      const double u = 2 * pi * i / ringSegments, v = 2 * pi * j / tubeSegments;
      const double r = radius + tube * std::cos(v);
      p.insert(p.end(), {r * std::cos(u), r * std::sin(u), tube * std::sin(v)});
    }
  auto at = [&](int j, int i) { return uint32_t((j % tubeSegments) * ringSegments + i % ringSegments); };
  for (int j = 0; j < tubeSegments; ++j)
    for (int i = 0; i < ringSegments; ++i) {
      index.insert(index.end(), {at(j, i), at(j + 1, i), at(j + 1, i + 1)});
      index.insert(index.end(), {at(j, i), at(j + 1, i + 1), at(j, i + 1)});
    }
  return Mesh::build(p.data(), p.size() / 3, index.data(), index.size(), {type, 4}).value();
}

// A 256 x 256 grid of unit quads (131,072 triangles) with rolling hills up to 3 high.
Mesh environment(MeshNodeType type) {
  constexpr int n = 256;
  std::vector<double> p;
  std::vector<uint32_t> index;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j)
      p.insert(p.end(), {double(i), double(j), 1.5 * (std::sin(i * 0.1) + std::cos(j * 0.13))});
  auto at = [&](int i, int j) { return uint32_t(i * (n + 1) + j); };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      index.insert(index.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      index.insert(index.end(), {at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  return Mesh::build(p.data(), p.size() / 3, index.data(), index.size(), {type, 4}).value();
}

RigidTransform pose(Quat q, Vec3 t) { return makeRigidTransform(q, t).value(); }
Quat turn(Vec3 axis, double angle) {
  const Vec3 a = normalize(axis) * std::sin(angle / 2);
  return {a.x, a.y, a.z, std::cos(angle / 2)};
}

// Two meshes and the poses they meet at.
struct PairScene {
  Mesh a, b;
  std::vector<std::pair<RigidTransform, RigidTransform>> poses;
};

PairScene pairScene(const std::string& scene, MeshNodeType type) {
  if (scene == "bunny") {
    Mesh bunny = buildBunny(type);
    // The box of the vertices, not of the root volume: the same pose for every node type.
    const Aabb box = fitAabb(bunnyMesh().vertices.data(), bunnyMesh().vertices.size()).value();
    const Vec3 side = box.max - box.min;
    // Turned a third of a right angle about a tilted axis and shifted by a third of the bunny:
    // ears, back and flanks cut through each other.
    const RigidTransform turned = pose(turn({0.3, 1, 0.2}, 0.5), {side.x / 3, side.y / 10, 0});
    Mesh other = bunny;
    return {std::move(bunny), std::move(other), {{pose({}, {}), turned}}};
  }
  if (scene == "tori") {
    // Concentric in one plane, tube radius 0.25, the outer ring's tube 0.001 beyond the inner's
    // all the way round (both tubes' facets lie inside their round tubes): the root volumes
    // coincide nearly, and no pair meets.
    return {torus(1, 0.25, 64, 128, type), torus(1.501, 0.25, 64, 128, type), {{pose({}, {}), pose({}, {})}}};
  }
  PairScene s{environment(type), torus(1.5, 0.5, 24, 48, type), {}};
  for (int i = 0; i < 16; ++i) {
    // Along a diagonal of the hills, at heights that meet them and that clear them.
    const double x = 20 + 14 * i, height = 1.5 * (std::sin(x * 0.1) + std::cos(x * 0.13));
    s.poses.push_back(
        {pose({}, {}), pose(turn({1, double(i), 2}, 0.3 * i), {x, x, height + (i % 3 == 0 ? 4.0 : 0.3)})});
  }
  return s;
}

void meshPairs(benchmark::State& state, const std::string& scene, MeshNodeType type, bool all) {
  if (scene == "bunny" && noBunny(state)) return;
  const PairScene s = pairScene(scene, type);
  std::vector<MeshTrianglePair> pairs;
  MeshQueryCost cost, sum;
  size_t found = 0;
  for (const auto& [pa, pb] : s.poses) {
    pairs.clear();
    found += all ? s.a.trianglePairs(pa, s.b, pb, pairs, &cost) : size_t(s.a.overlapsMesh(pa, s.b, pb, &cost));
    sum.volumeTests += cost.volumeTests, sum.triangleTests += cost.triangleTests;
  }
  for (auto _ : state)
    for (const auto& [pa, pb] : s.poses) {
      pairs.clear();
      if (all) {
        benchmark::DoNotOptimize(s.a.trianglePairs(pa, s.b, pb, pairs));
      } else {
        benchmark::DoNotOptimize(s.a.overlapsMesh(pa, s.b, pb));
      }
    }
  const double n = double(s.poses.size());
  state.counters["nodePairs"] = sum.volumeTests / n;
  state.counters["triPairs"] = sum.triangleTests / n;
  state.counters[all ? "found" : "met"] = double(found) / n;
  state.counters["kB"] = double(s.a.byteLength() + s.b.byteLength()) / 1024;
  state.SetItemsProcessed(int64_t(state.iterations() * s.poses.size()));  // per pose: items/s
}

// Closest points on the torus of scripts/bench-mesh.mjs (radius 5, tube 5, 300 x 700 segments:
// 420,000 triangles) from 1000 points spread over and around its box, seeded so that every node
// type meets the same points.
void closestPoints(benchmark::State& state, MeshNodeType type) {
  const Mesh m = torus(5, 5, 300, 700, type);
  std::vector<Vec3> points;
  uint64_t seed = 0x9e3779b97f4a7c15;
  const auto between = [&seed](double a, double b) {
    seed = seed * 6364136223846793005 + 1442695040888963407;
    return a + (b - a) * double(seed >> 11) * 0x1p-53;
  };
  for (int i = 0; i < 1000; ++i) points.push_back({between(-12, 12), between(-12, 12), between(-6, 6)});
  MeshQueryCost cost, sum;
  for (const Vec3& p : points) {
    benchmark::DoNotOptimize(m.closestPoint(p, std::numeric_limits<double>::infinity(), &cost));
    sum.volumeTests += cost.volumeTests, sum.triangleTests += cost.triangleTests;
  }
  for (auto _ : state)
    for (const Vec3& p : points) benchmark::DoNotOptimize(m.closestPoint(p, std::numeric_limits<double>::infinity()));
  const double n = double(points.size());
  state.counters["nodes"] = sum.volumeTests / n;
  state.counters["tris"] = sum.triangleTests / n;
  state.counters["B/tri"] = double(m.byteLength()) / double(m.triangleCount());
  state.SetItemsProcessed(int64_t(state.iterations() * points.size()));  // per point: items/s
}

// First hits on the same torus of 1000 rays like scripts/bench-mesh.mjs's: from a sphere of
// radius 30 around it, aimed at points of its box (some miss).
void firstHits(benchmark::State& state, MeshNodeType type) {
  const Mesh m = torus(5, 5, 300, 700, type);
  struct Ray {
    Vec3 origin, direction;
  };
  std::vector<Ray> rays;
  uint64_t seed = 0x9e3779b97f4a7c15;
  const auto between = [&seed](double a, double b) {
    seed = seed * 6364136223846793005 + 1442695040888963407;
    return a + (b - a) * double(seed >> 11) * 0x1p-53;
  };
  while (rays.size() < 1000) {
    const Vec3 u{between(-1, 1), between(-1, 1), between(-1, 1)};
    const double n = length(u);
    if (n < 0.1 || n > 1) continue;
    const Vec3 origin = u * (30 / n), target{between(-10, 10), between(-10, 10), between(-5, 5)};
    rays.push_back({origin, target - origin});
  }
  constexpr double kFar = std::numeric_limits<double>::infinity();
  MeshQueryCost cost, sum;
  double hits = 0;
  for (const Ray& r : rays) {
    hits += m.raycast(r.origin, r.direction, kFar, &cost).hit;
    sum.volumeTests += cost.volumeTests, sum.triangleTests += cost.triangleTests;
  }
  for (auto _ : state)
    for (const Ray& r : rays) benchmark::DoNotOptimize(m.raycast(r.origin, r.direction, kFar));
  const double n = double(rays.size());
  state.counters["nodes"] = sum.volumeTests / n;
  state.counters["tris"] = sum.triangleTests / n;
  state.counters["hits"] = hits / n;
  state.SetItemsProcessed(int64_t(state.iterations() * rays.size()));  // per ray: items/s
}

void registerAll() {
  for (MeshNodeType type : kMeshNodeTypes) {
    const std::string name = meshNodeTypeName(type);
    benchmark::RegisterBenchmark(("meshBuild/" + name).c_str(), buildTree, type)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("meshRefit/" + name).c_str(), refitTree, type)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("meshClosest/" + name).c_str(), closestPoints, type)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("meshRay/" + name).c_str(), firstHits, type)->Unit(benchmark::kMicrosecond);
  }
  for (const char* scene : {"bunny", "tori", "envrob"})
    for (bool all : {true, false})
      for (MeshNodeType type : kMeshNodeTypes) {
        const std::string name =
            std::string(all ? "trianglePairs/" : "overlapsMesh/") + scene + "/" + meshNodeTypeName(type);
        benchmark::RegisterBenchmark(name.c_str(), meshPairs, std::string(scene), type, all)
            ->Unit(benchmark::kMicrosecond);
      }
}
const bool registered = (registerAll(), true);

}  // namespace
}  // namespace sepaxis::bench
