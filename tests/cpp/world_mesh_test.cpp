// Mesh bodies of a World (World::add(mesh, pose)): pairs, queries and rays against brute force
// over every posed triangle (transformed(triangle(t), pose), each tested with overlaps or raycast)
// and every world volume, through frames of random motion of both kinds of bodies with some
// added and removed; the calls a mesh body refuses, and that a failing call changes nothing.

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "mesh_soups.h"
#include "world_random.h"

namespace world_mesh_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis::world_testing;
using namespace sepaxis::mesh_testing;

using PairSet = std::set<std::pair<uint32_t, uint32_t>>;

RigidTransform pose(Quat q, Vec3 t, double scale = 1) { return makeRigidTransform(q, t, scale).value(); }

std::shared_ptr<const Mesh> shared(const Soup& s, MeshOptions options) {
  return std::make_shared<const Mesh>(buildMesh(s, options).value());
}

/// A world of volume bodies and mesh bodies, each body's description kept beside it by id.
struct Scene {
  World world;
  std::vector<BodyId> volumes;
  std::vector<BodyId> meshBodies;
  std::vector<std::shared_ptr<const Mesh>> meshes;  // by meshBodies' index

  /// The mesh body's triangles as the world holds them: posed.
  std::vector<Triangle> posedTriangles(size_t i) {
    const RigidTransform p = world.pose(meshBodies[i]).value();
    std::vector<Triangle> out;
    for (uint32_t t = 0; t < meshes[i]->triangleCount(); ++t) out.push_back(transformed(meshes[i]->triangle(t), p));
    return out;
  }

  PairSet bruteForcePairs() {
    PairSet pairs;
    std::vector<Volume> world;
    for (BodyId id : volumes) world.push_back(world_volume(id));
    for (size_t i = 0; i < volumes.size(); ++i)
      for (size_t j = i + 1; j < volumes.size(); ++j)
        if (overlaps(world[i], world[j])) pairs.insert(ordered(volumes[i], volumes[j]));
    std::vector<std::vector<Triangle>> posed;
    for (size_t m = 0; m < meshBodies.size(); ++m) posed.push_back(posedTriangles(m));
    for (size_t m = 0; m < meshBodies.size(); ++m) {
      for (size_t i = 0; i < volumes.size(); ++i)
        if (std::any_of(posed[m].begin(), posed[m].end(), [&](const Triangle& t) { return overlaps(world[i], t); }))
          pairs.insert(ordered(volumes[i], meshBodies[m]));
      for (size_t n = m + 1; n < meshBodies.size(); ++n) {
        bool meet = false;
        for (const Triangle& a : posed[m])
          for (size_t k = 0; !meet && k < posed[n].size(); ++k) meet = overlaps(a, posed[n][k]);
        if (meet) pairs.insert(ordered(meshBodies[m], meshBodies[n]));
      }
    }
    return pairs;
  }
  Volume world_volume(BodyId id) { return world.worldVolume(id).value(); }
  static std::pair<uint32_t, uint32_t> ordered(BodyId a, BodyId b) {
    return {std::min(a.value, b.value), std::max(a.value, b.value)};
  }
};

PairSet asSet(const std::vector<BodyPair>& pairs) {
  PairSet s;
  for (const BodyPair& p : pairs) {
    EXPECT_LT(p.a.value, p.b.value);
    EXPECT_TRUE(s.insert({p.a.value, p.b.value}).second) << "pair listed twice";
  }
  EXPECT_EQ(s.size(), pairs.size());
  return s;
}

/// Meshes of every node type: soups with slivers and points, an indexed sphere, a flat grid.
Soup meshSoup(int which, uint32_t seed) {
  switch (which % 3) {
    case 0: return randomSoup(seed, 60, 3);
    case 1: return uvSphere(6, 10, {0.3, -0.2, 0.1}, 2.5);
    default: return translated(scaled(flatGrid(6, 0.25), 0.9, "grid"), {-2.7, -2.7, 0}, "grid");
  }
}

RigidTransform randomPose(Rng& rng, double spread, double scale = 1) {
  return pose(randomRotation(rng), uniformPoint(rng, -spread, spread), scale);
}

void fillScene(Scene& s, Rng& rng, uint32_t seed) {
  const int meshCount = 1 + int(seed % 3);
  for (int m = 0; m < meshCount; ++m) {
    const MeshOptions options{kMeshNodeTypes[(seed + uint32_t(m)) % 8], 1 + 3 * int((seed + uint32_t(m)) % 2)};
    s.meshes.push_back(shared(meshSoup(int(seed) + m, seed * 7 + uint32_t(m)), options));
    // Level geometry at the identity pose, or turned and moved.
    const RigidTransform p = m == 0 && seed % 2 == 0 ? RigidTransform{} : randomPose(rng, 3, uniform(rng, 0.5, 2));
    s.meshBodies.push_back(s.world.add(s.meshes.back(), p).value());
  }
  for (int i = 0; i < 40; ++i)
    s.volumes.push_back(s.world.add(randomVolume(rng, i % 8, uniform(rng, 0.1, 0.8)), randomPose(rng, 5)).value());
}

/// contacts(): the pairs without a mesh body, in pairs()'s order, then one entry per triangle a
/// volume body meets, collide()'s translation bit for bit; none for two mesh bodies. Returns how
/// many pairs name a mesh body.
size_t expectContactsAsBruteForce(Scene& s, const std::string& where) {
  const WorldContacts c = s.world.contacts();
  const std::vector<BodyPair>& pairs = s.world.pairs();
  size_t withMesh = 0;
  for (const BodyPair& p : pairs) withMesh += s.world.isMesh(p.a) || s.world.isMesh(p.b);
  const size_t volumePairs = pairs.size() - withMesh;
  EXPECT_GE(c.count, volumePairs) << where;
  if (c.count < volumePairs) return withMesh;
  for (size_t i = 0; i < volumePairs; ++i) {
    EXPECT_TRUE(c.pairs[i].a == pairs[i].a && c.pairs[i].b == pairs[i].b) << where;
    EXPECT_EQ(c.triangles[i], -1) << where;
  }
  std::vector<std::tuple<uint32_t, uint32_t, int32_t>> wanted, got;
  for (const BodyPair& p : pairs) {
    const bool aMesh = s.world.isMesh(p.a), bMesh = s.world.isMesh(p.b);
    if (aMesh == bMesh) continue;
    const size_t m =
        size_t(std::find(s.meshBodies.begin(), s.meshBodies.end(), aMesh ? p.a : p.b) - s.meshBodies.begin());
    const Volume v = s.world_volume(aMesh ? p.b : p.a);
    const std::vector<Triangle> posed = s.posedTriangles(m);
    for (uint32_t t = 0; t < posed.size(); ++t)
      if (overlaps(v, posed[t])) wanted.emplace_back(p.a.value, p.b.value, int32_t(t));
  }
  for (size_t i = volumePairs; i < c.count; ++i) {
    const BodyPair p = c.pairs[i];
    EXPECT_NE(s.world.isMesh(p.a), s.world.isMesh(p.b)) << where;
    const int32_t t = c.triangles[i];
    got.emplace_back(p.a.value, p.b.value, t);
    const size_t m = size_t(std::find(s.meshBodies.begin(), s.meshBodies.end(), s.world.isMesh(p.a) ? p.a : p.b) -
                            s.meshBodies.begin());
    const Volume tri = transformed(s.meshes[m]->triangle(uint32_t(t)), s.world.pose(s.meshBodies[m]).value());
    const Penetration e = s.world.isMesh(p.a) ? collide(tri, s.world_volume(p.b)).penetration
                                              : collide(s.world_volume(p.a), tri).penetration;
    EXPECT_EQ(c.normals[i], e.normal) << where << ", contact " << i;
    EXPECT_EQ(c.depths[i], e.depth) << where << ", contact " << i;
  }
  std::sort(wanted.begin(), wanted.end()), std::sort(got.begin(), got.end());
  EXPECT_EQ(got, wanted) << where;
  return withMesh;
}

TEST(WorldMesh, PairsWithMeshBodiesAreTheTrianglesBruteForceMeets) {
  int cases = 0, meshPairsMet = 0, meshContacts = 0;
  for (uint32_t seed = 1; seed <= 24; ++seed) {
    Rng rng(seed);
    Scene s;
    fillScene(s, rng, seed);
    for (int frame = 0; frame < 4; ++frame) {
      const PairSet expected = s.bruteForcePairs();
      ASSERT_EQ(asSet(s.world.pairs()), expected) << "seed " << seed << " frame " << frame;
      const size_t withMesh =
          expectContactsAsBruteForce(s, "seed " + std::to_string(seed) + " frame " + std::to_string(frame));
      ASSERT_FALSE(HasFailure());
      const size_t got = s.world.contacts().count - (s.world.pairs().size() - withMesh);
      meshPairsMet += int(withMesh);
      meshContacts += int(got);
      cases += int(s.volumes.size() * s.meshBodies.size());
      // Move everything: the volumes and the meshes through the 7-number form in one call, or the
      // meshes alone through setPose.
      std::vector<BodyId> ids;
      std::vector<double> poses;
      for (BodyId id : s.volumes) {
        ids.push_back(id);
        const Quat q = randomRotation(rng);
        const Vec3 t = uniformPoint(rng, -5, 5);
        poses.insert(poses.end(), {t.x, t.y, t.z, q.x, q.y, q.z, q.w});
      }
      for (size_t m = 0; m < s.meshBodies.size(); ++m) {
        if (frame % 2 == 0) {
          ASSERT_TRUE(s.world.setPose(s.meshBodies[m], randomPose(rng, 2, uniform(rng, 0.5, 2))).ok());
          continue;
        }
        // In the middle of the call, so that the other bodies' entries around it are kept apart.
        const Quat q = randomRotation(rng);
        const Vec3 t = uniformPoint(rng, -2, 2);
        const size_t at = 7 * (ids.size() / 2);
        ids.insert(ids.begin() + long(ids.size() / 2), s.meshBodies[m]);
        poses.insert(poses.begin() + long(at), {t.x, t.y, t.z, q.x, q.y, q.z, q.w});
      }
      ASSERT_TRUE(s.world.setPoses(ids.data(), poses.data(), ids.size()).ok());
      for (size_t k = 0; k < ids.size(); ++k) {
        const RigidTransform p = s.world.pose(ids[k]).value();
        ASSERT_EQ(p.translation, (Vec3{poses[7 * k], poses[7 * k + 1], poses[7 * k + 2]}));
      }
      if (frame == 1) {  // a mesh body and a volume leave, a mesh comes back
        ASSERT_TRUE(s.world.remove(s.meshBodies[0]).ok());
        s.meshBodies.erase(s.meshBodies.begin()), s.meshes.erase(s.meshes.begin());
        ASSERT_TRUE(s.world.remove(s.volumes[3]).ok());
        s.volumes.erase(s.volumes.begin() + 3);
        s.meshes.push_back(shared(meshSoup(1, seed), {MeshNodeType::Obb, 2}));
        s.meshBodies.push_back(s.world.add(s.meshes.back(), randomPose(rng, 3)).value());
      }
    }
  }
  EXPECT_GT(cases, 3000);
  EXPECT_GT(meshPairsMet, 200);  // the scenes meet, not only miss
  EXPECT_GT(meshContacts, meshPairsMet);
}

TEST(WorldMesh, RaysAndQueriesMeetMeshBodiesAsBruteForceDoes) {
  int hitsOnMeshes = 0;
  for (uint32_t seed = 31; seed <= 42; ++seed) {
    Rng rng(seed);
    Scene s;
    fillScene(s, rng, seed);
    std::vector<std::vector<Triangle>> posed;
    for (size_t m = 0; m < s.meshBodies.size(); ++m) posed.push_back(s.posedTriangles(m));
    for (int r = 0; r < 40; ++r) {
      const Vec3 origin = uniformPoint(rng, -8, 8), direction = uniformPoint(rng, -1, 1) - origin * 0.1;
      const double maxDistance = r % 4 == 0 ? 4 : 30;
      // Brute force: every body's own hit, the nearest (ties: the smaller id).
      std::vector<WorldRayHit> all;
      for (BodyId id : s.volumes) {
        const RayHit h = raycast(s.world_volume(id), origin, direction, maxDistance);
        if (h.hit) all.push_back({true, id, h.distance, h.point, h.normal, h.startsInside});
      }
      for (size_t m = 0; m < s.meshBodies.size(); ++m) {
        WorldRayHit best;
        for (uint32_t t = 0; t < posed[m].size(); ++t) {
          const RayHit h = raycast(posed[m][t], origin, direction, maxDistance);
          if (h.hit && (!best.hit || h.distance < best.distance))
            best = {true, s.meshBodies[m], h.distance, h.point, h.normal, false, t};
        }
        if (best.hit) all.push_back(best);
      }
      std::sort(all.begin(), all.end(), [](const WorldRayHit& a, const WorldRayHit& b) {
        return a.distance < b.distance || (a.distance == b.distance && a.body < b.body);
      });
      const WorldRayHit hit = s.world.raycast(origin, direction, maxDistance).value();
      ASSERT_EQ(hit.hit, !all.empty()) << "seed " << seed << " ray " << r;
      if (hit.hit) {
        ASSERT_EQ(hit.body, all[0].body);
        ASSERT_EQ(hit.distance, all[0].distance);
        ASSERT_EQ(hit.normal, all[0].normal);
        ASSERT_EQ(hit.triangle, all[0].triangle);
        hitsOnMeshes += s.world.isMesh(hit.body);
      }
      std::vector<WorldRayHit> pierced;
      ASSERT_TRUE(s.world.raycastAll(origin, direction, maxDistance, pierced).ok());
      ASSERT_EQ(pierced.size(), all.size());
      for (size_t k = 0; k < all.size(); ++k)
        ASSERT_TRUE(pierced[k].body == all[k].body && pierced[k].distance == all[k].distance);
    }
    for (int q = 0; q < 30; ++q) {
      const Volume probe = transformed(randomVolume(rng, q % 8, uniform(rng, 0.2, 1.5)), randomPose(rng, 5));
      std::set<uint32_t> expected;
      for (BodyId id : s.volumes)
        if (overlaps(probe, s.world_volume(id))) expected.insert(id.value);
      for (size_t m = 0; m < s.meshBodies.size(); ++m)
        if (std::any_of(posed[m].begin(), posed[m].end(), [&](const Triangle& t) { return overlaps(probe, t); }))
          expected.insert(s.meshBodies[m].value);
      std::vector<BodyId> found;
      ASSERT_TRUE(s.world.query(probe, found).ok());
      std::set<uint32_t> got;
      for (BodyId id : found) got.insert(id.value);
      ASSERT_EQ(got, expected) << "seed " << seed << " query " << q;
      ASSERT_EQ(got.size(), found.size());
    }
  }
  EXPECT_GT(hitsOnMeshes, 50);
}

// Shape casts: the first touch of every body's world volume and of every posed triangle, by brute
// force with timeOfImpact (ties: the smaller id, then the lower triangle index), bit for bit.
TEST(WorldMesh, SweepsMeetMeshBodiesAsBruteForceOverEveryPosedTriangleDoes) {
  int hitsOnMeshes = 0, casts = 0;
  for (uint32_t seed = 51; seed <= 60; ++seed) {
    Rng rng(seed);
    Scene s;
    fillScene(s, rng, seed);
    std::vector<std::vector<Triangle>> posed;
    for (size_t m = 0; m < s.meshBodies.size(); ++m) posed.push_back(s.posedTriangles(m));
    for (int c = 0; c < 30; ++c, ++casts) {
      const Volume probe = transformed(randomVolume(rng, c % 8, uniform(rng, 0.1, 0.6)), randomPose(rng, 7));
      const Vec3 velocity = uniformPoint(rng, -1, 1) * 4 - center(boundingBox(probe)) * 0.5;
      const double maxTime = c % 5 == 0 ? std::numeric_limits<double>::infinity() : uniform(rng, 0.2, 2);
      const BodyId exclude = c % 3 == 0 ? s.meshBodies[0] : c % 3 == 1 ? s.volumes[0] : BodyId{};
      const Motion motion{velocity, {}, maxTime};
      WorldSweepHit best;
      const auto consider = [&](BodyId id, const Volume& v, int32_t triangle) {
        if (id == exclude) return;
        const SweepHit h = timeOfImpact(probe, v, motion).value();
        if (!h.hit) return;
        if (best.hit && (h.time > best.time || (h.time == best.time && (best.body < id || best.body == id))))
          return;  // in id and triangle order, the first of equal times stays
        best = {true, id, h.time, h.normal, triangle};
      };
      std::vector<BodyId> order = s.volumes;
      order.insert(order.end(), s.meshBodies.begin(), s.meshBodies.end());
      std::sort(order.begin(), order.end());
      for (BodyId id : order) {
        const auto m = std::find(s.meshBodies.begin(), s.meshBodies.end(), id);
        if (m == s.meshBodies.end()) {
          consider(id, s.world_volume(id), -1);
          continue;
        }
        const auto& triangles = posed[size_t(m - s.meshBodies.begin())];
        for (uint32_t t = 0; t < triangles.size(); ++t) consider(id, triangles[t], int32_t(t));
      }
      const WorldSweepHit hit = s.world.sweep(probe, velocity, maxTime, exclude).value();
      ASSERT_EQ(hit.hit, best.hit) << "seed " << seed << " cast " << c;
      if (!hit.hit) continue;
      ASSERT_EQ(hit.body, best.body) << "seed " << seed << " cast " << c;
      ASSERT_EQ(hit.time, best.time);
      ASSERT_EQ(hit.normal, best.normal);
      ASSERT_EQ(hit.triangle, best.triangle) << "seed " << seed << " cast " << c;
      hitsOnMeshes += s.world.isMesh(hit.body);
    }
  }
  EXPECT_GT(hitsOnMeshes, casts / 10);
}

// Bodies that touch a mesh body's triangles to the last bit (World::pairs and contacts decide most
// spheres and boxes against a mesh in its frame, world_mesh.h): each sphere or turned box is moved
// along a random direction from a triangle's centroid until it just leaves the posed triangle
// (bisection on overlaps()), then placed at the last position that meets it, at the first that
// does not, and a little either side; with others deep in it.
TEST(WorldMesh, BodiesTouchingTrianglesPairAndContactAsBruteForce) {
  size_t touching = 0, apart = 0;
  for (uint32_t seed = 71; seed <= 82; ++seed) {
    Rng rng(seed);
    Scene s;
    const Soup soups[] = {uvSphere(6, 10, {0.3, -0.2, 0.1}, 2.5), randomSoup(seed, 40, 3),
                          translated(scaled(flatGrid(6, 0.25), 0.9, "grid"), {-2.7, -2.7, 0}, "grid")};
    s.meshes.push_back(shared(soups[seed % 3], {MeshNodeType::Aabb, 1 + 3 * int(seed % 2)}));
    const RigidTransform p = seed % 4 < 2 ? RigidTransform{} : randomPose(rng, 3, uniform(rng, 0.5, 2));
    s.meshBodies.push_back(s.world.add(s.meshes.back(), p).value());
    const std::vector<Triangle> posed = s.posedTriangles(0);
    for (int k = 0; k < 24; ++k) {
      const Triangle& t = posed[size_t(rng() % posed.size())];
      const Vec3 centroid = (t.a + t.b + t.c) / 3;
      const double size = maxComponent(boundingBox(t).max - boundingBox(t).min) * uniform(rng, 0.05, 2) + 1e-3;
      const bool ball = k % 3 == 0;
      const Obb turned =
          makeObbFromQuaternion(centroid, randomRotation(rng), {size, size * uniform(rng, 0.2, 1), size * 0.5}).value();
      const auto at = [&](double step, Vec3 d) -> Volume {
        if (ball) return Sphere{centroid + d * step, size};
        Obb moved = turned;
        moved.center = centroid + d * step;
        return moved;
      };
      Vec3 d = uniformPoint(rng, -1, 1);
      if (k % 4 == 1) d = cross(t.b - t.a, t.c - t.a);  // along the normal: face against face
      d = normalize(d);
      double in = 0, out = 8 * (size + maxComponent(boundingBox(t).max - boundingBox(t).min));
      if (!overlaps(at(in, d), t) || overlaps(at(out, d), t)) continue;
      for (int i = 0; i < 200 && std::nextafter(in, out) != out; ++i) {
        const double mid = in + (out - in) / 2;
        (overlaps(at(mid, d), t) ? in : out) = mid;
      }
      const double nudge = 1e-9 * (size + maxComponent(abs(centroid)));
      for (double step : {in, out, in - nudge, out + nudge, in * 0.5}) {
        const Volume v = at(step, d);
        s.volumes.push_back(s.world.add(v, RigidTransform{}).value());
        const Aabb placed = boundingBox(s.world_volume(s.volumes.back())), built = boundingBox(v);
        ASSERT_TRUE(placed.min == built.min && placed.max == built.max);  // the World holds it as built
      }
      ++touching;
    }
    const PairSet expected = s.bruteForcePairs();
    ASSERT_EQ(asSet(s.world.pairs()), expected) << "seed " << seed;
    expectContactsAsBruteForce(s, "seed " + std::to_string(seed));
    ASSERT_FALSE(HasFailure());
    for (BodyId id : s.volumes) apart += expected.count(Scene::ordered(id, s.meshBodies[0])) == 0;
  }
  EXPECT_GT(touching, 150u);
  EXPECT_GT(apart, 100u);  // those just off a triangle miss the whole mesh often enough
}

TEST(WorldMesh, ALevelOfManyTrianglesPairsAsMeshOverlapsSays) {
  // A terrain of 2 * 40^2 triangles under 400 bodies: the level's tree prunes for the World.
  Soup terrain{"terrain", {}, {}};
  const int n = 40;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j)
      addVertex(terrain, {double(i), 0.6 * std::sin(i * 0.7) * std::cos(j * 0.5), double(j)});
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const uint32_t a = uint32_t(i * (n + 1) + j), b = a + uint32_t(n + 1);
      terrain.indices.insert(terrain.indices.end(), {a, b, b + 1, a, b + 1, a + 1});
    }
  const auto level = shared(terrain, {});
  Rng rng(5);
  World world;
  const BodyId ground = world.add(level, RigidTransform{}).value();
  std::vector<BodyId> ids;
  for (int i = 0; i < 400; ++i)
    ids.push_back(world
                      .add(randomVolume(rng, i % 8, 0.4),
                           pose(randomRotation(rng), {uniform(rng, 0, n), uniform(rng, -1, 1.5), uniform(rng, 0, n)}))
                      .value());
  PairSet expected;
  for (BodyId id : ids)
    if (level->overlaps(world.worldVolume(id).value(), RigidTransform{})) expected.insert(Scene::ordered(id, ground));
  for (size_t i = 0; i < ids.size(); ++i)
    for (size_t j = i + 1; j < ids.size(); ++j)
      if (overlaps(world.worldVolume(ids[i]).value(), world.worldVolume(ids[j]).value()))
        expected.insert(Scene::ordered(ids[i], ids[j]));
  EXPECT_EQ(asSet(world.pairs()), expected);
  EXPECT_GT(expected.size(), 50u);  // the bodies meet the level (WebAssembly's sines differ a little)
}

TEST(WorldMesh, BadCallsNameTheirFieldAndChangeNothing) {
  Rng rng(9);
  World world;
  const auto mesh = shared(uvSphere(4, 6, {}, 1), {});
  Expected<BodyId> none = world.add(std::shared_ptr<const Mesh>{}, RigidTransform{});
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().field, "mesh");
  EXPECT_NE(none.error().message.find("World::add"), std::string::npos);
  RigidTransform bad;
  bad.scale = 0;
  Expected<BodyId> badPose = world.add(mesh, bad);
  ASSERT_FALSE(badPose.ok());
  EXPECT_EQ(badPose.error().field, "pose.scale");
  EXPECT_FALSE(world.add(mesh, pose({0, 0, 0, 1}, {1e300, 0, 0})).ok());
  EXPECT_EQ(world.count(), 0u);

  const BodyId level = world.add(mesh, RigidTransform{}).value();
  const BodyId ball = world.add(makeSphere({}, 0.5).value(), pose({0, 0, 0, 1}, {5, 0, 0})).value();
  EXPECT_TRUE(world.isMesh(level));
  EXPECT_FALSE(world.isMesh(ball));
  EXPECT_EQ(world.count(), 2u);

  // A call that fails moves neither kind of body.
  const BodyId ids[] = {level, ball};
  const double movesWithBadQuaternion[] = {1, 2, 3, 0, 0, 0, 1, 4, 4, 4, 0, 0, 0, 2};
  Status s = world.setPoses(ids, movesWithBadQuaternion, 2);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("poses[1]"), std::string::npos);
  EXPECT_EQ(world.pose(level)->translation, (Vec3{}));
  const BodyId twice[] = {ball, level, level};
  const double three[] = {1, 2, 3, 0, 0, 0, 1, 1, 2, 3, 0, 0, 0, 1, 1, 2, 3, 0, 0, 0, 1};
  s = world.setPoses(twice, three, 3);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::DuplicateBody);
  EXPECT_EQ(world.pose(ball)->translation, (Vec3{5, 0, 0}));
  const RigidTransform far[] = {pose({0, 0, 0, 1}, {1, 0, 0}), pose({0, 0, 0, 1}, {1e300, 0, 0})};
  const BodyId meshThenBall[] = {level, ball};
  s = world.setPoses(meshThenBall, far, 2);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().field, "pose.translation");
  EXPECT_EQ(world.pose(level)->translation, (Vec3{}));
  const RigidTransform ballFar[] = {pose({0, 0, 0, 1}, {1e300, 0, 0}), pose({0, 0, 0, 1}, {1, 0, 0})};
  const BodyId meshLast[] = {ball, level};
  ASSERT_FALSE(world.setPoses(meshLast, ballFar + 0, 2).ok());
  EXPECT_EQ(world.pose(level)->translation, (Vec3{}));

  // What a mesh body refuses, by name.
  Expected<Volume> v = world.worldVolume(level);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().code, ErrorCode::Unsupported);
  EXPECT_NE(v.error().message.find("World::worldVolume"), std::string::npos);
  // A cast that passes far from the mesh body meets the ball, as a volume body (no triangle).
  Expected<WorldSweepHit> clear = world.sweep(makeSphere({5, -5, 0}, 0.2).value(), {0, 1, 0}, 10);
  ASSERT_TRUE(clear.ok());
  EXPECT_TRUE(clear->hit);
  EXPECT_EQ(clear->body, ball);
  EXPECT_EQ(clear->triangle, -1);

  // Removed, its id is unknown for good; the remaining mesh body keeps its own.
  const BodyId second = world.add(mesh, pose({0, 0, 0, 1}, {0, 3, 0})).value();
  ASSERT_TRUE(world.remove(level).ok());
  EXPECT_FALSE(world.contains(level));
  EXPECT_EQ(world.remove(level).error().code, ErrorCode::UnknownBody);
  EXPECT_EQ(world.setPose(level, RigidTransform{}).error().code, ErrorCode::UnknownBody);
  EXPECT_TRUE(world.contains(second));
  EXPECT_EQ(world.pose(second)->translation, (Vec3{0, 3, 0}));
  const BodyId again = world.add(mesh, RigidTransform{}).value();
  EXPECT_NE(again, level);
  EXPECT_EQ(world.count(), 3u);
}

}  // namespace
}  // namespace world_mesh_test
