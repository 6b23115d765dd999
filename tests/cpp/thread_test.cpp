// Every call of the core may run on several threads at once: C++ engines test collisions on worker
// threads. Eight threads run the same work at the same time (every ordered pair test, the report,
// the point queries, rays and segments, bounds, and the k-DOP builds behind them, each thread
// building its own volumes) and every answer must equal the one computed on one thread first.
// Under ThreadSanitizer (`npm run test:threads`, the build/tsan tree) this also proves there is no
// data race; in the ordinary builds it still catches a shared table filled wrongly by two threads.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "batch_soa.h"
#include "oracle/generators.h"
#include "oracle/property_driver.h"
#include "sepaxis/sepaxis.h"

namespace thread_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using sepaxis_oracle::Kind;

constexpr int kThreads = 8;
constexpr int kCasesPerPair = 12;

// The work: every ordered pair of volume types, cases of every category (k-DOPs of mixed k).
std::vector<sepaxis_oracle::Case> allCases() {
  const Kind kinds[] = {Kind::Sphere, Kind::Aabb, Kind::Obb, Kind::Kdop};
  std::vector<sepaxis_oracle::Case> cases;
  uint64_t seed = 20261123;
  for (Kind a : kinds)
    for (Kind b : kinds)
      for (auto& c : sepaxis_oracle::generateCases(a, b, seed++, kCasesPerPair)) cases.push_back(std::move(c));
  return cases;
}

// Doubles compared bit for bit (NaN included): threads must give exactly the same numbers.
void put(std::vector<uint64_t>& out, double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  out.push_back(bits);
}
void put(std::vector<uint64_t>& out, Vec3 v) { put(out, v.x), put(out, v.y), put(out, v.z); }
void put(std::vector<uint64_t>& out, const RayHit& h) {
  out.push_back(h.hit), put(out, h.distance), put(out, h.point), put(out, h.normal), out.push_back(h.startsInside);
}

// One OBB per case volume that is an OBB, paired by index in a float and a double batch.
void putBatches(std::vector<uint64_t>& out, const std::vector<Volume>& volumes) {
  std::vector<Obb> boxes;
  for (const Volume& v : volumes)
    if (const Obb* b = std::get_if<Obb>(&v)) boxes.push_back(*b);
  const size_t n = boxes.size() / 2;
  test::Soa a(VolumeType::Obb, 0, n), b(VolumeType::Obb, 0, n);
  auto store = [](test::Soa& soa, size_t i, const Obb& box) {
    using namespace batch_field;
    for (int c = 0; c < 3; ++c) {
      soa.set(kObbCenter + c, i, box.center[c]);
      for (int axis = 0; axis < 3; ++axis) soa.set(kObbAxes + 3 * axis + c, i, box.axis[axis][c]);
      soa.set(kObbHalfExtents + c, i, box.halfExtents[c]);
    }
  };
  for (size_t i = 0; i < n; ++i) store(a, i, boxes[2 * i]), store(b, i, boxes[2 * i + 1]);
  for (Precision p : {Precision::Float64, Precision::Float32}) {
    std::vector<uint8_t> verdicts(n);
    out.push_back(overlapsPairwise(a.layout(p), b.layout(p), n, verdicts.data()));
    out.insert(out.end(), verdicts.begin(), verdicts.end());
  }
}

// Everything one thread computes, as a flat list of numbers.
std::vector<uint64_t> runAll(const std::vector<sepaxis_oracle::Case>& cases) {
  std::vector<uint64_t> out;
  std::vector<Volume> volumes;
  for (const auto& c : cases) {
    Volume a, b;
    std::string error;
    // The k-DOPs are built here, in every thread at once (their polytopes and tables).
    const bool ok = sepaxis_oracle::toLibrary(c.a, a, error) && sepaxis_oracle::toLibrary(c.b, b, error);
    out.push_back(ok);
    if (!ok) continue;
    out.push_back(overlaps(a, b));
    out.push_back(overlaps(b, a));
    const CollisionReport r = collide(a, b);
    out.push_back(r.overlap), out.push_back(uint64_t(r.separatingAxis)), out.push_back(r.axes.size());
    for (const AxisReport& axis : r.axes)
      put(out, axis.direction), put(out, axis.a.min), put(out, axis.a.max), put(out, axis.gap);
    put(out, r.penetration.depth), put(out, r.penetration.normal);
    if (const Kdop* x = std::get_if<Kdop>(&a))
      if (const Kdop* y = std::get_if<Kdop>(&b)) out.push_back(overlapsConservative(*x, *y));
    const Vec3 p = center(boundingBox(b));
    out.push_back(contains(a, p));
    put(out, closestPoint(a, p));
    put(out, raycast(a, p, Vec3{1, 0.5, -0.25}, 1e9));
    put(out, segmentCast(a, p, p + Vec3{-3, 2, 1}));
    const Aabb box = boundingBox(a);
    put(out, box.min), put(out, box.max);
    const PolytopeMesh mesh = polytopeMesh(a);
    out.push_back(mesh.vertices.size());
    volumes.push_back(a), volumes.push_back(b);
  }
  // k-DOP fits of point clouds, every k.
  for (int k : {6, 8, 14, 18, 26}) {
    const Vec3 points[] = {{0, 0, 0}, {1, 2, 3}, {-2, 1, 0.5}, {0.25, -1, 2}};
    const Expected<Kdop> fit = fitKdop(k, points, 4);
    out.push_back(fit.ok());
    if (fit.ok()) out.push_back(fit->vertexCount);
  }
  putBatches(out, volumes);
  return out;
}

TEST(Threads, EightThreadsComputeWhatOneThreadComputes) {
  const std::vector<sepaxis_oracle::Case> cases = allCases();
  ASSERT_EQ(cases.size(), size_t(16 * kCasesPerPair));

  // The threads first: in a fresh process (ctest runs each test in its own), nothing the calls
  // may fill lazily exists yet, so the threads' first calls race for it if anything does.
  std::vector<std::vector<uint64_t>> results(kThreads);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads) std::this_thread::yield();  // start together
      results[t] = runAll(cases);
    });
  for (std::thread& t : threads) t.join();

  const std::vector<uint64_t> expected = runAll(cases);
  ASSERT_GT(expected.size(), cases.size() * 20);
  for (int t = 0; t < kThreads; ++t) EXPECT_TRUE(results[t] == expected) << "thread " << t << " computed other results";
}

// One World per thread (a World itself is not shared: world.h). Each thread fills its own with
// the same bodies (every volume type, k-DOPs built lazily), moves them through frames and
// records the pairs, a query and a ray; every thread must find what one thread finds.
std::vector<uint64_t> runWorld(const std::vector<sepaxis_oracle::Case>& cases) {
  std::vector<uint64_t> out;
  World world;
  std::vector<BodyId> ids;
  for (size_t i = 0; i < cases.size(); ++i) {
    Volume v;
    std::string error;
    if (!sepaxis_oracle::toLibrary(i % 2 ? cases[i].b : cases[i].a, v, error)) continue;
    const Quat q{0.1 * double(i % 7), 0.2, -0.3 * double(i % 3), 1};
    const double len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    const Expected<RigidTransform> pose = makeRigidTransform({q.x / len, q.y / len, q.z / len, q.w / len},
                                                             {double(i % 5), double(i % 3), 0.5 * double(i % 4)});
    const Expected<BodyId> id = world.add(v, *pose);
    if (id.ok()) ids.push_back(*id);
  }
  std::vector<RigidTransform> poses(ids.size());
  for (int frame = 0; frame < 4; ++frame) {
    for (size_t i = 0; i < ids.size(); ++i)
      poses[i] = *makeRigidTransform({0, std::sin(0.1 * frame), 0, std::cos(0.1 * frame)},
                                     {double(i % 5) + 0.3 * frame, double(i % 3), 0.5 * double(i % 4)});
    if (!world.setPoses(ids.data(), poses.data(), ids.size()).ok()) out.push_back(~uint64_t{0});
    for (const BodyPair& p : world.pairs()) out.push_back(uint64_t(p.a.value) << 32 | p.b.value);
  }
  std::vector<BodyId> found;
  if (world.query(Sphere{{2, 1, 1}, 1.5}, found).ok())
    for (BodyId id : found) out.push_back(id.value);
  const Expected<WorldRayHit> hit = world.raycast({-10, 1, 1}, {1, 0, 0}, 100);
  if (hit.ok()) out.push_back(hit->body.value), put(out, hit->distance);
  return out;
}

TEST(Threads, EightWorldsOnEightThreadsFindWhatOneFinds) {
  const std::vector<sepaxis_oracle::Case> cases = allCases();
  std::vector<std::vector<uint64_t>> results(kThreads);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads) std::this_thread::yield();
      results[t] = runWorld(cases);
    });
  for (std::thread& t : threads) t.join();
  const std::vector<uint64_t> expected = runWorld(cases);
  ASSERT_GT(expected.size(), 50u);
  for (int t = 0; t < kThreads; ++t) EXPECT_TRUE(results[t] == expected) << "thread " << t << " found other pairs";
}

// A World on threads of its own (World::setThreads): its parts of setPoses and pairs() share the
// bodies and the grid, so this is where ThreadSanitizer would see them race. 3,000 bodies of
// every type (k-DOPs decided after the parts, on the calling thread), moved by packed poses (the
// form setPoses splits); the pairs must be one thread's, frame after frame.
TEST(Threads, AWorldOnFourThreadsFindsWhatItFindsOnOne) {
  const std::vector<sepaxis_oracle::Case> cases = allCases();
  World one, four;
  ASSERT_TRUE(four.setThreads(4).ok());
  std::vector<BodyId> ids;
  for (size_t i = 0; ids.size() < 3000; ++i) {
    Volume v;
    std::string error;
    if (!sepaxis_oracle::toLibrary(i % 2 ? cases[i % cases.size()].b : cases[i % cases.size()].a, v, error)) continue;
    const Vec3 at{double(i % 17) * 3, double(i % 13) * 3, double(i % 11) * 3};
    const Expected<BodyId> id = one.add(v, *makeRigidTransform({0, 0, 0, 1}, at));
    if (!id.ok()) continue;
    ASSERT_EQ(four.add(v, *makeRigidTransform({0, 0, 0, 1}, at))->value, id->value);
    ids.push_back(*id);
  }
  std::vector<double> packed(7 * ids.size());
  for (int frame = 0; frame < 4; ++frame) {
    for (size_t i = 0; i < ids.size(); ++i) {
      const double angle = 0.3 * frame + 0.01 * double(i);
      const double p[7] = {double(i % 17) * 3 + std::sin(angle),
                           double(i % 13) * 3,
                           double(i % 11) * 3 + std::cos(angle),
                           0,
                           std::sin(angle / 2),
                           0,
                           std::cos(angle / 2)};
      std::copy(p, p + 7, &packed[7 * i]);
    }
    ASSERT_TRUE(one.setPoses(ids.data(), packed.data(), ids.size()).ok());
    ASSERT_TRUE(four.setPoses(ids.data(), packed.data(), ids.size()).ok());
    std::set<std::pair<uint32_t, uint32_t>> a, b;
    for (const BodyPair& p : one.pairs()) a.insert({p.a.value, p.b.value});
    for (const BodyPair& p : four.pairs()) b.insert({p.a.value, p.b.value});
    EXPECT_GT(a.size(), 1000u);
    EXPECT_TRUE(a == b) << "frame " << frame << ": " << a.size() << " pairs on one thread, " << b.size() << " on four";
  }
}

}  // namespace
}  // namespace thread_test
