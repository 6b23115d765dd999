// Bounding-volume trees over the Stanford bunny (69,451 triangles; bench_data.h bunnyMesh), one
// benchmark per node type: the time to build the tree (leaf size 4) and to refit it, with the
// tree's size beside (nodes, depth, kilobytes) and how tightly each level wraps the bunny: the
// summed volume of a level's nodes over the volume of the bunny's convex hull, at depths 4 and 8
// and at the leaves (Klosowski et al. 1998 weigh a node type by exactly this against its test's
// cost).
//
//   build/native/tests/bench/sepaxis_mesh_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

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

void registerAll() {
  for (MeshNodeType type : {MeshNodeType::Sphere, MeshNodeType::Aabb, MeshNodeType::Obb, MeshNodeType::Kdop6,
                            MeshNodeType::Kdop8, MeshNodeType::Kdop14, MeshNodeType::Kdop18, MeshNodeType::Kdop26}) {
    const std::string name = meshNodeTypeName(type);
    benchmark::RegisterBenchmark(("meshBuild/" + name).c_str(), buildTree, type)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("meshRefit/" + name).c_str(), refitTree, type)->Unit(benchmark::kMillisecond);
  }
}
const bool registered = (registerAll(), true);

}  // namespace
}  // namespace sepaxis::bench
