// Mesh::serialize and Mesh::deserialize: a round trip gives the same mesh (the same bytes again
// and the same answers to every query), and a damaged buffer gives an Error naming what is wrong,
// never a crash or a mesh that answers otherwise than testing each of its triangles: every
// truncation, every header field, every payload byte, and fields changed with the checksum made
// to match again (so that the checks behind it must find them).

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "mesh_soups.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;
using namespace sepaxis::mesh_testing;

namespace mesh_serialize_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr size_t kHeader = 40;  // the layout of cpp/src/mesh_serialize.cpp

using Bytes = std::vector<uint8_t>;

uint32_t u32At(const Bytes& b, size_t at) {
  return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}
void putU32At(Bytes& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + size_t(i)] = uint8_t(v >> (8 * i));
}
void putF64At(Bytes& b, size_t at, double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  for (int i = 0; i < 8; ++i) b[at + size_t(i)] = uint8_t(bits >> (8 * i));
}
double f64At(const Bytes& b, size_t at) {
  uint64_t bits = 0;
  for (int i = 0; i < 8; ++i) bits |= uint64_t(b[at + size_t(i)]) << (8 * i);
  double x;
  std::memcpy(&x, &bits, 8);
  return x;
}

// The documented checksum (FNV-1a, 64 bits, over the payload's 32-bit words), written again here
// so that a test can change a field and make the checksum match.
void fixChecksum(Bytes& b) {
  uint64_t h = 0xcbf29ce484222325u;
  for (size_t i = kHeader; i + 4 <= b.size(); i += 4) h = (h ^ u32At(b, i)) * 0x100000001b3u;
  for (int i = 0; i < 8; ++i) b[32 + size_t(i)] = uint8_t(h >> (8 * i));
}

// Where each payload array starts.
struct Layout {
  size_t positions, volumes, indices, order, nodes;
};
Layout layoutOf(const Mesh& m) {
  // The numbers of one node's volume: sphere, aabb, obb, then the k-DOPs' k.
  constexpr int kStride[] = {4, 6, 15, 6, 8, 14, 18, 26};
  const int stride = kStride[int(m.nodeType())];
  Layout l;
  l.positions = kHeader;
  l.volumes = l.positions + 24 * m.vertexCount();
  l.indices = l.volumes + 8 * size_t(stride) * m.nodeCount();
  l.order = l.indices + 12 * m.triangleCount();
  l.nodes = l.order + 4 * m.triangleCount();
  return l;
}

// The same answers as `want` to rays and closest points around it (the same triangle, distance and
// point, bit for bit), and the same answers as testing each of its own triangles.
void expectSameQueries(const Mesh& got, const Mesh& want, uint32_t seed, const std::string& what) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const Aabb box = boundingBox(want.nodeVolume(0));
  const Vec3 middle = box.min * 0.5 + box.max * 0.5;
  const double reach = greater(maxComponent(box.max - box.min), 1e-300);
  for (int i = 0; i < 40; ++i) {
    const Vec3 origin = middle + Vec3{u(rng), u(rng), u(rng)} * (2 * reach);
    const Vec3 target = middle + Vec3{u(rng), u(rng), u(rng)} * (0.4 * reach);
    const MeshRayHit a = got.raycast(origin, target - origin, kInf), b = want.raycast(origin, target - origin, kInf);
    ASSERT_EQ(a.hit, b.hit) << what;
    if (a.hit) {
      EXPECT_EQ(a.triangle, b.triangle) << what;
      EXPECT_EQ(a.distance, b.distance) << what;
      EXPECT_EQ(a.point, b.point) << what;
    }
    const MeshClosestPoint c = got.closestPoint(origin, kInf), d = want.closestPoint(origin, kInf);
    ASSERT_TRUE(c.found && d.found) << what;
    EXPECT_EQ(c.triangle, d.triangle) << what;
    EXPECT_EQ(c.distance, d.distance) << what;
    EXPECT_EQ(c.point, d.point) << what;
  }
}

// The answers of testing every triangle of m: what any mesh deserialize() accepts must give.
void expectQueriesOfItsTriangles(const Mesh& m, uint32_t seed, const std::string& what) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const Aabb box = boundingBox(m.nodeVolume(0));
  const Vec3 middle = box.min * 0.5 + box.max * 0.5;
  const double reach = greater(maxComponent(box.max - box.min), 1e-300);
  for (int i = 0; i < 8; ++i) {
    const Vec3 origin = middle + Vec3{u(rng), u(rng), u(rng)} * (2 * reach);
    const Vec3 direction = middle + Vec3{u(rng), u(rng), u(rng)} * (0.4 * reach) - origin;
    double bestRay = kInf, bestPoint = kInf;
    for (uint32_t t = 0; t < m.triangleCount(); ++t) {
      const RayHit h = raycast(m.triangle(t), origin, direction, kInf);
      if (h.hit) bestRay = lesser(bestRay, h.distance);
      bestPoint = lesser(bestPoint, length(closestPoint(m.triangle(t), origin) - origin));
    }
    const MeshRayHit hit = m.raycast(origin, direction, kInf);
    EXPECT_EQ(hit.hit ? hit.distance : kInf, bestRay) << what;
    EXPECT_EQ(m.closestPoint(origin, kInf).distance, bestPoint) << what;
  }
}

std::vector<Soup> soups() {
  return {randomSoup(31, 120, 4), uvSphere(8, 12, {1, -2, 0.5}, 3), flatGrid(6, -1),
          scaled(randomSoup(32, 40, 1), 1e120, "huge soup")};
}

}  // namespace

TEST(MeshSerialize, ARoundTripGivesTheSameBytesAndTheSameAnswers) {
  uint32_t seed = 1;
  for (const Soup& s : soups())
    for (MeshNodeType type : kMeshNodeTypes)
      for (int leafSize : {1, 4, 7}) {
        const std::string what = s.name + ", " + meshNodeTypeName(type) + ", leaf " + std::to_string(leafSize);
        const Mesh m = buildMesh(s, {type, leafSize}).value();
        const Bytes bytes = m.serialize();
        const auto loaded = Mesh::deserialize(bytes.data(), bytes.size());
        ASSERT_TRUE(loaded) << what << ": " << loaded.error().message;
        EXPECT_EQ(loaded->serialize(), bytes) << what;
        EXPECT_EQ(loaded->nodeType(), type);
        EXPECT_EQ(loaded->leafSize(), leafSize);
        EXPECT_EQ(loaded->triangleCount(), m.triangleCount());
        EXPECT_EQ(loaded->nodeCount(), m.nodeCount());
        EXPECT_EQ(loaded->depth(), m.depth());
        EXPECT_EQ(loaded->byteLength(), m.byteLength());
        for (int d = 0; d <= m.depth() + 1; ++d) EXPECT_EQ(loaded->nodesAtDepth(d), m.nodesAtDepth(d)) << what;
        ASSERT_NO_FATAL_FAILURE(expectSameQueries(*loaded, m, seed++, what));
      }
}

TEST(MeshSerialize, ALoadedMeshRefitsAsTheOneItWasWrittenFrom) {
  const Soup s = uvSphere(8, 12, {0, 0, 0}, 2);
  std::vector<double> moved = s.positions;
  for (size_t i = 0; i < moved.size(); i += 3) moved[i] *= 1.5, moved[i + 2] += 0.1 * moved[i + 1];
  for (MeshNodeType type : kMeshNodeTypes) {
    Mesh m = buildMesh(s, {type, 4}).value();
    const Bytes bytes = m.serialize();
    Mesh loaded = Mesh::deserialize(bytes.data(), bytes.size()).value();
    ASSERT_TRUE(m.refit(moved.data(), s.vertexCount()));
    ASSERT_TRUE(loaded.refit(moved.data(), s.vertexCount()));
    EXPECT_EQ(loaded.serialize(), m.serialize()) << meshNodeTypeName(type);
  }
}

TEST(MeshSerialize, EveryTruncationIsAnErrorNamingTheLength) {
  const Mesh m = buildMesh(randomSoup(33, 10, 1), {MeshNodeType::Obb, 2}).value();
  const Bytes bytes = m.serialize();
  for (size_t n = 0; n < bytes.size(); ++n) {
    const auto loaded = Mesh::deserialize(bytes.data(), n);
    ASSERT_FALSE(loaded) << n;
    EXPECT_EQ(loaded.error().field, "mesh.byteLength") << n;
  }
  Bytes longer = bytes;
  longer.push_back(0);
  EXPECT_EQ(Mesh::deserialize(longer.data(), longer.size()).error().field, "mesh.byteLength");
  EXPECT_FALSE(Mesh::deserialize(nullptr, 0));
}

TEST(MeshSerialize, EachHeaderFieldIsChecked) {
  const Mesh m = buildMesh(randomSoup(34, 20, 1), {MeshNodeType::Aabb, 4}).value();
  const Bytes good = m.serialize();
  struct Case {
    size_t at;
    uint32_t value;
    const char* field;
    const char* says;
  };
  const Case cases[] = {
      {0, 0x4853584e, "mesh.magic", "SXMH"},
      {4, 2, "mesh.version", "mesh.version must be 1"},
      {8, 8, "mesh.nodeType", "mesh.nodeType must be from 0 to 7"},
      {12, 0, "mesh.leafSize", "mesh.leafSize must be from 1 to 64, got 0"},
      {12, 65, "mesh.leafSize", "got 65"},
      {16, 0, "mesh.vertexCount", "mesh.vertexCount must be at least 1, got 0"},
      {16, 61, "mesh.byteLength", "61 vertices"},
      {20, 0, "mesh.triangleCount", "got 0"},
      {20, 21, "mesh.byteLength", "21 triangles"},
      {24, 0, "mesh.nodeCount", "odd"},
      {24, uint32_t(m.nodeCount() + 2), "mesh.byteLength", "nodes"},
      {24, 41, "mesh.nodeCount", "at most 39"},
      {28, 1, "mesh.flags", "mesh.flags must be 0, got 1"},
      {32, 0, "mesh.checksum", "damaged"},
      {36, 1, "mesh.checksum", "damaged"},
  };
  for (const Case& c : cases) {
    Bytes b = good;
    putU32At(b, c.at, c.value);
    const auto loaded = Mesh::deserialize(b.data(), b.size());
    ASSERT_FALSE(loaded) << c.field;
    EXPECT_EQ(loaded.error().field, c.field);
    EXPECT_NE(loaded.error().message.find(c.says), std::string::npos) << loaded.error().message;
  }
}

TEST(MeshSerialize, EveryDamagedPayloadByteFailsTheChecksum) {
  const Mesh m = buildMesh(randomSoup(35, 8, 1), {MeshNodeType::Kdop14, 2}).value();
  const Bytes good = m.serialize();
  for (size_t at = kHeader; at < good.size(); ++at)
    for (uint8_t flip : {uint8_t(1), uint8_t(0x80)}) {
      Bytes b = good;
      b[at] ^= flip;
      const auto loaded = Mesh::deserialize(b.data(), b.size());
      ASSERT_FALSE(loaded) << at;
      EXPECT_EQ(loaded.error().field, "mesh.checksum");
    }
}

TEST(MeshSerialize, FieldsChangedBehindAMatchingChecksumAreNamed) {
  const Soup s = randomSoup(36, 30, 2);
  for (MeshNodeType type : kMeshNodeTypes) {
    const Mesh m = buildMesh(s, {type, 3}).value();
    const Bytes good = m.serialize();
    const Layout l = layoutOf(m);
    const std::string name = meshNodeTypeName(type);
    auto expectError = [&](Bytes b, const std::string& field, const std::string& says) {
      fixChecksum(b);
      const auto loaded = Mesh::deserialize(b.data(), b.size());
      ASSERT_FALSE(loaded) << name << ": " << field;
      EXPECT_EQ(loaded.error().field, field) << name << ": " << loaded.error().message;
      EXPECT_NE(loaded.error().message.find(says), std::string::npos) << name << ": " << loaded.error().message;
    };
    Bytes b = good;
    putF64At(b, l.positions + 8 * 7, NAN);
    expectError(b, "mesh.positions[7]", "must be finite, got NaN");
    b = good;
    putF64At(b, l.volumes + 8 * 2, kInf);
    expectError(b, "mesh.volumes[2]", "must be finite, got Infinity");
    b = good;
    putU32At(b, l.indices + 4 * 5, uint32_t(m.vertexCount()));
    expectError(b, "mesh.indices[5]", "below the vertex count " + std::to_string(m.vertexCount()));
    b = good;
    putU32At(b, l.order + 4 * 3, u32At(good, l.order + 4 * 4));  // listed twice
    expectError(b, "mesh.order[4]", "listed once");
    b = good;
    putU32At(b, l.nodes, 0);  // the root its own child
    expectError(b, "mesh.nodes[0].first", "after it");
    b = good;  // the root's two children swapped: their leaves no longer follow one another
    const size_t first = l.nodes + 8 * size_t(m.node(0).first);
    for (size_t i = 0; i < 8; ++i) std::swap(b[first + i], b[first + 8 + i]);
    fixChecksum(b);
    const auto swapped = Mesh::deserialize(b.data(), b.size());
    ASSERT_FALSE(swapped) << name;
    EXPECT_NE(swapped.error().message.find("leaves hold the triangles in order"), std::string::npos) << name;
    // A leaf holding more than the leaf size.
    uint32_t leaf = 0;
    while (!m.node(leaf).isLeaf()) ++leaf;
    b = good;
    putU32At(b, l.nodes + 8 * leaf + 4, 4);
    expectError(b, "mesh.nodes[" + std::to_string(leaf) + "].count", "at most the leaf size 3");
    // The root's volume moved off its triangles.
    b = good;
    const Aabb box = boundingBox(m.nodeVolume(0));
    const double shift = 0.25 * maxComponent(box.max - box.min);
    putF64At(b, l.volumes, f64At(good, l.volumes) + shift);
    expectError(b, "mesh.nodes[0].volume", "around the node's triangles");
  }
}

TEST(MeshSerialize, WhatALoadIsLetThroughAnswersAsItsTrianglesDo) {
  // Random damage with the checksum made to match: a mesh that loads must still answer every
  // query as testing each of its own triangles does.
  std::mt19937 rng(37);
  int loaded = 0, refused = 0;
  for (MeshNodeType type : kMeshNodeTypes) {
    const Mesh m = buildMesh(randomSoup(38, 24, 2), {type, 3}).value();
    const Bytes good = m.serialize();
    std::uniform_int_distribution<size_t> at(kHeader, good.size() - 1);
    std::uniform_int_distribution<int> bit(0, 7);
    for (int i = 0; i < 150; ++i) {
      Bytes b = good;
      for (int flips = 1 + i % 3; flips > 0; --flips) b[at(rng)] ^= uint8_t(1 << bit(rng));
      fixChecksum(b);
      const auto mesh = Mesh::deserialize(b.data(), b.size());
      if (!mesh) {
        ++refused;
        EXPECT_FALSE(mesh.error().message.empty());
        continue;
      }
      ++loaded;
      ASSERT_NO_FATAL_FAILURE(expectQueriesOfItsTriangles(*mesh, uint32_t(i), meshNodeTypeName(type)));
    }
  }
  // Both kinds happen (a flipped low bit of a coordinate or of a loose volume is harmless).
  EXPECT_GT(loaded, 50);
  EXPECT_GT(refused, 50);
}

}  // namespace mesh_serialize_test
