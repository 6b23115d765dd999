// The World (world.h): one frame of a game, every body moved and turned (setPoses, 7 numbers per
// body as JavaScript sends them) and every overlapping pair found (pairs()), for 1k, 10k and 50k
// bodies: a third each spheres, AABBs and OBBs of radius 0.5..1 in a cube sized so that a body
// meets one or two others. Also with 10 % of them 14-DOPs, on a ground (a floor under them all),
// the broad phase alone (the grid and its box pairs, no exact test), setPoses alone, and the naive
// loop over all pairs; and frames that ask for contacts() (each pair's normal and depth) instead
// of pairs(), beside the same frames with pairs() (on one thread and on two); and the bodies on a
// ground over a level, a static mesh of 200,000 triangles, instead.
//
//   build/native/tests/bench/sepaxis_world_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

#include <cmath>
#include <memory>
#include <vector>

#include "bench_data.h"
#include "world_bodies.h"
#include "world_grid.h"

namespace sepaxis::bench {
namespace {

/// Frames of the motion: a closed loop of kFrames poses per body, so the benchmark can cycle
/// through them for as long as it runs and every frame still moves and turns every body.
constexpr int kFrames = 8;

struct Scene {
  std::vector<Volume> local;
  std::vector<std::vector<double>> poses;  // by frame: 7 numbers per body
};

Quat axisAngle(Vec3 axis, double angle) {
  const double s = std::sin(angle / 2);
  return {axis.x * s, axis.y * s, axis.z * s, std::cos(angle / 2)};
}

Quat multiply(Quat a, Quat b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

/// n bodies; kdopPercent of them 14-DOPs, the rest a third each spheres, AABBs, OBBs. On a
/// ground: the bodies in a layer 2.5 high on one still box under them all (a game's floor), at
/// the same density (kdopPercent -1).
const Scene& scene(int n, int kdopPercent) {
  static std::vector<std::pair<std::pair<int, int>, Scene>> cache;
  for (auto& [key, s] : cache)
    if (key == std::make_pair(n, kdopPercent)) return s;
  const bool ground = kdopPercent < 0;
  Rng rng(kSeed);
  Scene s;
  // The expected number of bodies within reach of one is about n * (4/3 pi 1.5^3) / side^3 for
  // spheres of mean radius 0.75 (boxes reach less far); side^3 = 1.6 n gives one or two
  // (pairs_per_body, the counter, is half the neighbours of a body).
  const double side = ground ? std::sqrt(1.6 * n / 2.5) : std::cbrt(1.6 * n);
  const size_t count = static_cast<size_t>(n);
  std::vector<Vec3> base(count), drift(count), spin(count);
  std::vector<Quat> turn(count);
  for (int i = 0; i < n; ++i) {
    const double radius = uniform(rng, 0.5, 1);
    const bool kdop = int(rng() % 100) < kdopPercent;
    switch (kdop ? 3 : i % 3) {
      case 0: s.local.push_back(randomSphere(rng, {}, radius)); break;
      case 1: s.local.push_back(randomAabb(rng, {}, radius)); break;
      case 2: s.local.push_back(randomObb(rng, {}, radius)); break;
      default: s.local.push_back(randomKdop(rng, 14, {}, radius)); break;
    }
    base[size_t(i)] = {uniform(rng, 0, side), ground ? uniform(rng, 0.3, 2.8) : uniform(rng, 0, side),
                       uniform(rng, 0, side)};
    drift[size_t(i)] = randomUnit(rng) * 0.3;  // a loop of radius 0.3: about 0.25 per frame
    spin[size_t(i)] = randomUnit(rng);
    const Vec3 axis = randomUnit(rng);
    turn[size_t(i)] = axisAngle(axis, uniform(rng, 0, 6.283185307179586));
  }
  if (ground) {  // the floor, last, still: its pose the same in every frame
    s.local.push_back(makeAabb({-1, -1, -1}, {side + 1, 0, side + 1}).value());
    base.push_back({}), drift.push_back({}), spin.push_back({1, 0, 0}), turn.push_back({0, 0, 0, 1});
  }
  const int bodies = int(s.local.size());
  s.poses.resize(kFrames);
  for (int f = 0; f < kFrames; ++f) {
    const double angle = 6.283185307179586 * f / kFrames;
    for (int i = 0; i < bodies; ++i) {
      const Vec3 d = drift[size_t(i)];
      const Vec3 t = base[size_t(i)] + Vec3{d.x * std::cos(angle), d.y * std::sin(angle), d.z * std::cos(2 * angle)};
      const Quat q = i < n ? multiply(axisAngle(spin[size_t(i)], angle), turn[size_t(i)]) : Quat{0, 0, 0, 1};
      s.poses[size_t(f)].insert(s.poses[size_t(f)].end(), {t.x, t.y, t.z, q.x, q.y, q.z, q.w});
    }
  }
  cache.push_back({{n, kdopPercent}, std::move(s)});
  return cache.back().second;
}

RigidTransform poseOf(const double* p) {
  return makeRigidTransform({p[3], p[4], p[5], p[6]}, {p[0], p[1], p[2]}).value();
}

struct Loaded {
  World world;
  std::vector<BodyId> ids;
};

void load(Loaded& w, const Scene& s) {
  w.world.reserve(s.local.size());
  for (size_t i = 0; i < s.local.size(); ++i) w.ids.push_back(*w.world.add(s.local[i], poseOf(&s.poses[0][7 * i])));
}

/// setPoses + pairs() (or contacts()): one frame, on `threads` threads (World::setThreads).
void frame(benchmark::State& state, int kdopPercent, unsigned threads = 1, bool contacts = false) {
  const int n = int(state.range(0));
  const Scene& s = scene(n, kdopPercent);
  Loaded w;
  load(w, s);
  if (!w.world.setThreads(threads).ok()) state.SkipWithError("setThreads failed");
  size_t frameIndex = 0, pairs = 0, frames = 0;
  for (auto _ : state) {
    const std::vector<double>& poses = s.poses[frameIndex++ % kFrames];
    if (!w.world.setPoses(w.ids.data(), poses.data(), w.ids.size()).ok()) state.SkipWithError("setPoses failed");
    if (contacts) {
      const WorldContacts c = w.world.contacts();
      benchmark::DoNotOptimize(c.depths);
      pairs += c.count, ++frames;
    } else {
      const std::vector<BodyPair>& p = w.world.pairs();
      benchmark::DoNotOptimize(p.data());
      pairs += p.size(), ++frames;
    }
  }
  state.counters["pairs_per_body"] = double(pairs) / double(frames) / n;
  state.counters["bodies"] = n;
}

void BM_WorldFrame(benchmark::State& state) { frame(state, 0); }
void BM_WorldFrame_10pctKdop14(benchmark::State& state) { frame(state, 10); }
void BM_WorldFrame_OnAGround(benchmark::State& state) { frame(state, -1); }
void BM_WorldFrame_TwoThreads(benchmark::State& state) { frame(state, 0, 2); }
void BM_WorldFrameContacts(benchmark::State& state) { frame(state, 0, 1, true); }
void BM_WorldFrameContacts_10pctKdop14(benchmark::State& state) { frame(state, 10, 1, true); }
void BM_WorldFrameContacts_TwoThreads(benchmark::State& state) { frame(state, 0, 2, true); }

/// A level: a terrain heightfield over [0, side]^2 of quads x quads squares, two triangles each,
/// rolling up to 0.4 high, as one static mesh (an AABB tree, leaves of 4).
std::shared_ptr<const Mesh> terrain(double side, int quads) {
  std::vector<double> positions;
  std::vector<uint32_t> indices;
  for (int i = 0; i <= quads; ++i)
    for (int j = 0; j <= quads; ++j) {
      const double x = side * i / quads, z = side * j / quads;
      positions.insert(positions.end(), {x, 0.2 + 0.2 * std::sin(x * 0.9) * std::cos(z * 0.7), z});
    }
  for (int i = 0; i < quads; ++i)
    for (int j = 0; j < quads; ++j) {
      const uint32_t a = uint32_t(i * (quads + 1) + j), b = a + uint32_t(quads + 1);
      indices.insert(indices.end(), {a, b, b + 1, a, b + 1, a + 1});
    }
  return std::make_shared<const Mesh>(
      Mesh::build(positions.data(), positions.size() / 3, indices.data(), indices.size()).value());
}

/// The bodies on a ground (BM_WorldFrame_OnAGround's, moving) over a level of 199,712 triangles
/// (316 x 316 quads) in place of the floor box: one frame, setPoses + pairs().
void BM_WorldFrame_OverALevel(benchmark::State& state) {
  const int n = int(state.range(0));
  const Scene& s = scene(n, -1);
  const double side = std::sqrt(1.6 * n / 2.5);
  World world;
  world.reserve(size_t(n) + 1);
  std::vector<BodyId> ids;
  for (int i = 0; i < n; ++i) ids.push_back(*world.add(s.local[size_t(i)], poseOf(&s.poses[0][7 * size_t(i)])));
  const std::shared_ptr<const Mesh> level = terrain(side, 316);
  const BodyId ground = *world.add(level, RigidTransform{});
  size_t frameIndex = 0, pairs = 0, onLevel = 0, frames = 0;
  for (auto _ : state) {
    const std::vector<double>& poses = s.poses[frameIndex++ % kFrames];
    if (!world.setPoses(ids.data(), poses.data(), ids.size()).ok()) state.SkipWithError("setPoses failed");
    const std::vector<BodyPair>& p = world.pairs();
    benchmark::DoNotOptimize(p.data());
    pairs += p.size(), ++frames;
    for (const BodyPair& pair : p) onLevel += pair.a == ground || pair.b == ground;
  }
  state.counters["pairs_per_body"] = double(pairs) / double(frames) / n;
  state.counters["on_level_per_body"] = double(onLevel) / double(frames) / n;
  state.counters["triangles"] = double(level->triangleCount());
  // What the level's tree tests for the bodies of the last frame (Klosowski's cost model).
  double nodeTests = 0, triangleTests = 0;
  for (BodyId id : ids) {
    MeshQueryCost cost;
    level->overlaps(*world.worldVolume(id), RigidTransform{}, &cost);
    nodeTests += cost.volumeTests, triangleTests += cost.triangleTests;
  }
  state.counters["node_tests_per_body"] = nodeTests / n;
  state.counters["triangle_tests_per_body"] = triangleTests / n;
  state.counters["bodies"] = n;
}

/// setPoses alone (the world volumes and bounds of every body, no pairs).
void BM_WorldSetPoses(benchmark::State& state) {
  const int n = int(state.range(0));
  const Scene& s = scene(n, 0);
  Loaded w;
  load(w, s);
  size_t frameIndex = 0;
  for (auto _ : state) {
    const std::vector<double>& poses = s.poses[frameIndex++ % kFrames];
    if (!w.world.setPoses(w.ids.data(), poses.data(), w.ids.size()).ok()) state.SkipWithError("setPoses failed");
  }
  state.counters["bodies"] = n;
}

/// The broad phase alone: the grid's sort and its box pairs (the exact test left out), over the
/// bodies of a frame whose poses are already set.
void BM_WorldBroadPhase(benchmark::State& state) {
  const int n = int(state.range(0));
  const Scene& s = scene(n, 0);
  detail::BodyStore bodies;
  bodies.reserve(size_t(n));
  for (size_t i = 0; i < s.local.size(); ++i) bodies.add(s.local[i], poseOf(&s.poses[0][7 * i]));
  detail::Grid grid;
  detail::Workers oneThread;
  size_t candidates = 0, runs = 0;
  for (auto _ : state) {
    grid.build(bodies, oneThread);
    size_t count = 0;
    grid.forEachBoxPair([&](uint32_t a, uint32_t b) { count += a ^ b ? 1 : 0; });
    benchmark::DoNotOptimize(count);
    candidates += count, ++runs;
  }
  state.counters["box_pairs_per_body"] = double(candidates) / double(runs) / n;
  state.counters["bodies"] = n;
}

/// 2,000 rays (a shooter's frame) through the bodies of a frame: origins anywhere in the cube,
/// directions uniform, as long as the cube is wide; the first hit of each.
void BM_WorldRaycast(benchmark::State& state) {
  const int n = int(state.range(0));
  const Scene& s = scene(n, 0);
  Loaded w;
  load(w, s);
  const double side = std::cbrt(1.6 * n);
  Rng rng(kSeed + 1);
  std::vector<std::pair<Vec3, Vec3>> rays(2000);
  for (auto& r : rays) r = {{uniform(rng, 0, side), uniform(rng, 0, side), uniform(rng, 0, side)}, randomUnit(rng)};
  size_t hits = 0, runs = 0;
  for (auto _ : state) {
    for (const auto& [origin, direction] : rays) hits += w.world.raycast(origin, direction, side)->hit;
    ++runs;
  }
  state.counters["hit_share"] = double(hits) / double(runs) / double(rays.size());
  state.counters["bodies"] = n;
}

/// The naive loop: every body's world volume, then overlaps() of every pair i < j.
void BM_NaiveAllPairs(benchmark::State& state) {
  const int n = int(state.range(0));
  const Scene& s = scene(n, 0);
  std::vector<Volume> world(static_cast<size_t>(n));
  size_t frameIndex = 0;
  for (auto _ : state) {
    const std::vector<double>& poses = s.poses[frameIndex++ % kFrames];
    for (size_t i = 0; i < size_t(n); ++i) world[i] = transformed(s.local[i], poseOf(&poses[7 * i]));
    size_t pairs = 0;
    for (size_t i = 0; i < size_t(n); ++i)
      for (size_t j = i + 1; j < size_t(n); ++j) pairs += overlaps(world[i], world[j]);
    benchmark::DoNotOptimize(pairs);
  }
  state.counters["bodies"] = n;
}

BENCHMARK(BM_WorldFrame)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WorldFrame_10pctKdop14)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WorldFrame_OnAGround)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WorldFrame_OverALevel)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WorldFrameContacts)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WorldFrameContacts_10pctKdop14)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond);
// Wall time: the threads' time is the point (UseRealTime), the process's CPU time would add theirs.
BENCHMARK(BM_WorldFrame_TwoThreads)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_WorldFrameContacts_TwoThreads)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_WorldSetPoses)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WorldBroadPhase)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond);
// 50k naive pairs take half a minute a frame: 1k and 10k show the trend (quadratic).
BENCHMARK(BM_WorldRaycast)->Arg(1000)->Arg(10000)->Arg(50000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_NaiveAllPairs)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace sepaxis::bench
