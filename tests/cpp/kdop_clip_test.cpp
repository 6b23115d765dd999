// The two vertex enumerations of a k-DOP's polytope (kdop_clip.h): the clipping of the box by the
// other slabs' planes, and the line enumeration it stands in for (every line of two planes clipped
// by every slab). Where the clipping answers, its polytope must be the lines' one: the same
// vertices (to rounding), the same edges, the same tight ranges. Where a vertex lies in the band
// between "on a plane" and "clearly off it", the clipping must decline.
// mt19937, seed 12345; thousands of k-DOPs of every k: random, turned (the World's), tight around
// points (needles, flat ones, quarter turns with many planes through one corner), far from the
// origin, huge and tiny.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "kdop_clip.h"
#include "sepaxis/sepaxis.h"
#include "sepaxis/tolerance.h"

namespace kdop_clip_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;

constexpr int kKs[] = {6, 8, 14, 18, 26};

struct ClipSlabs {
  int k;
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
};

ClipSlabs tightAround(int k, const std::vector<Vec3>& points) {
  ClipSlabs s{k, {}, {}};
  const KdopDirection* dirs = kdopDirections(k);
  for (int i = 0; i < k / 2; ++i) {
    s.lo[i] = s.hi[i] = dot(toVec3(dirs[i]), points[0]);
    for (const Vec3& p : points) {
      s.lo[i] = std::fmin(s.lo[i], dot(toVec3(dirs[i]), p));
      s.hi[i] = std::fmax(s.hi[i], dot(toVec3(dirs[i]), p));
    }
  }
  return s;
}

Vec3 randomUnit(std::mt19937& rng) {
  std::normal_distribution<double> g;
  const Vec3 v{g(rng), g(rng), g(rng)};
  return v / length(v);
}

RigidTransform randomTurn(std::mt19937& rng, Vec3 translation) {
  const Vec3 axis = randomUnit(rng);
  const double angle = std::uniform_real_distribution<double>(0, 6.283185307179586)(rng), s = std::sin(angle / 2);
  return makeRigidTransform({axis.x * s, axis.y * s, axis.z * s, std::cos(angle / 2)}, translation).value();
}

/// The largest |coordinate| of the vertices' differences: the size the tolerances scale with.
double sizeOf(const Kdop& kdop) {
  double m = 0;
  for (int v = 0; v < kdop.vertexCount; ++v) m = std::fmax(m, maxComponent(abs(kdop.vertex[v])));
  return m;
}

/// Builds `s` both ways and holds the clipped polytope to the lines' one. Returns whether the
/// clipping answered.
bool expectSamePolytope(const ClipSlabs& s, const std::string& what) {
  SCOPED_TRACE(what + ", k = " + std::to_string(s.k));
  Kdop clipped, lines;
  bool usedClipping = false, unused = false;
  const bool a = detail::buildKdopPolytope(s.k, s.lo, s.hi, clipped, false, &usedClipping);
  const bool b = detail::buildKdopPolytope(s.k, s.lo, s.hi, lines, true, &unused);
  EXPECT_EQ(a, b) << "one enumeration finds a polytope, the other none";
  EXPECT_FALSE(unused) << "byLines must not clip";
  if (!a || !b || !usedClipping) return usedClipping;
  EXPECT_EQ(clipped.origin, lines.origin);
  EXPECT_EQ(clipped.vertexCount, lines.vertexCount);
  if (clipped.vertexCount != lines.vertexCount) return true;
  // Both are exact to the enumeration's tolerance (kKdopVertex, 1e-11 of the size): where slabs
  // rounded far from the origin meet in a cluster of corners ~1e-12 apart, each keeps its own
  // corner of the cluster. Vertices the lines would merge (kKdopMerge) count as one.
  const double size = sizeOf(lines);
  const double within = tolerance::kKdopMerge * size;
  // Each clipped vertex is one of the lines' vertices, one to one.
  int match[kMaxKdopVertices];
  uint64_t taken = 0;
  for (int v = 0; v < clipped.vertexCount; ++v) {
    match[v] = -1;
    for (int w = 0; w < lines.vertexCount; ++w)
      if (maxComponent(abs(clipped.vertex[v] - lines.vertex[w])) <= within) match[v] = w;
    EXPECT_GE(match[v], 0) << "clipped vertex " << v << " is none of the lines' vertices";
    if (match[v] < 0) return true;
    EXPECT_EQ(taken >> match[v] & 1, 0u) << "two clipped vertices are one of the lines' vertices";
    taken |= uint64_t{1} << match[v];
  }
  for (int v = 0; v < clipped.vertexCount; ++v)
    for (int w = 0; w < clipped.vertexCount; ++w)
      EXPECT_EQ(clipped.adjacent[v] >> w & 1, lines.adjacent[match[v]] >> match[w] & 1)
          << "edge " << v << "-" << w << " differs";
  for (int v = clipped.vertexCount; v < kMaxKdopVertices; ++v) EXPECT_EQ(clipped.adjacent[v], 0u);
  for (int i = 0; i < s.k / 2; ++i) {
    EXPECT_NEAR(clipped.localMin[i], lines.localMin[i], within) << "slab " << i;
    EXPECT_NEAR(clipped.localMax[i], lines.localMax[i], within) << "slab " << i;
    EXPECT_EQ(clipped.tightMin[i], clipped.localMin[i] + dot(toVec3(kdopDirections(s.k)[i]), clipped.origin));
  }
  return true;
}

TEST(KdopClip, RandomKdopsOfEveryKClipToTheLinesPolytope) {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> u(0.05, 2);
  for (int k : kKs)
    for (int scaleExponent : {-100, -6, 0, 6, 100}) {
      const double scale = std::pow(10.0, scaleExponent);
      int answered = 0;
      for (int n = 0; n < 200; ++n) {
        // ClipSlabs around a centre, each side at its own distance: mostly not tight.
        const Vec3 centre = Vec3{u(rng), -u(rng), u(rng)} * (n % 2 ? 1e5 * scale : scale);
        ClipSlabs s{k, {}, {}};
        for (int i = 0; i < k / 2; ++i) {
          const Vec3 d = toVec3(kdopDirections(k)[i]);
          s.lo[i] = dot(d, centre) - u(rng) * scale, s.hi[i] = dot(d, centre) + u(rng) * scale;
        }
        answered +=
            expectSamePolytope(s, "random, scale 1e" + std::to_string(scaleExponent) + ", case " + std::to_string(n));
      }
      EXPECT_GE(answered, 190) << "the clipping should answer nearly all random k-DOPs, k = " << k;
    }
}

TEST(KdopClip, TurnedKdopsAsTheWorldBuildsThemClipToTheLinesPolytope) {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int k : kKs) {
    int answered = 0, near = 0;
    for (int n = 0; n < 1000; ++n) {
      std::vector<Vec3> points(4 + n % 6);
      for (Vec3& p : points) p = Vec3{u(rng), u(rng), u(rng)} * (n % 3 == 0 ? 0.01 : 1);
      const ClipSlabs local = tightAround(k, points);
      Kdop kdop;
      ASSERT_TRUE(tryMakeKdop(k, local.lo, local.hi, k / 2, kdop));
      ClipSlabs world{k, {}, {}};
      const Vec3 far = n % 4 == 0 ? Vec3{1e4, -3e3, 7e2} : Vec3{};
      transformedSlabs(kdop, randomTurn(rng, far + Vec3{u(rng), u(rng), u(rng)}), world.lo, world.hi);
      // A small k-DOP far out (n % 12 == 0: size 0.01 at 1e4) has slabs rounded by ~1e-12, ~1e-10
      // of its size: its corners' clusters fall in the band, and the lines build it.
      const bool clipped = expectSamePolytope(world, "turned, case " + std::to_string(n));
      if (n % 12 != 0) near += 1, answered += clipped;
    }
    EXPECT_GE(answered, near * 99 / 100) << "the clipping should answer nearly all turned k-DOPs, k = " << k;
  }
}

TEST(KdopClip, DegenerateKdopsClipToTheLinesPolytopeOrDecline) {
  // Quarter turns of boxes (every corner plane and edge plane through a corner or an edge), needles,
  // flat point sets in slab planes and in other planes, single points and segments. Whatever the
  // clipping answers must be the lines' polytope; a flat slab (min == max) it must decline.
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int k : kKs) {
    for (int n = 0; n < 300; ++n) {
      std::vector<Vec3> points;
      const int kind = n % 6;
      if (kind == 0) {  // a box's corners: tight slabs through corners and edges
        const Vec3 h{std::fabs(u(rng)) + 0.1, std::fabs(u(rng)) + 0.1, std::fabs(u(rng)) + 0.1};
        for (int c = 0; c < 8; ++c) points.push_back({c & 1 ? h.x : -h.x, c & 2 ? h.y : -h.y, c & 4 ? h.z : -h.z});
      } else if (kind == 1) {  // a needle
        const Vec3 a{u(rng), u(rng), u(rng)}, b{u(rng), u(rng), u(rng)};
        for (int i = 0; i < 5; ++i) points.push_back(a + (b - a) * (i / 4.0) + Vec3{u(rng), u(rng), u(rng)} * 1e-7);
      } else if (kind == 2) {  // flat in z
        for (int i = 0; i < 6; ++i) points.push_back({u(rng), u(rng), 0.25});
      } else if (kind == 3) {  // flat in a corner direction (rounded: nearly flat)
        for (int i = 0; i < 6; ++i) {
          const double x = u(rng), y = u(rng);
          points.push_back({x, y, 0.5 - x - y});
        }
      } else if (kind == 4) {  // a segment
        for (int i = 0; i < 2; ++i) points.push_back({u(rng), u(rng), u(rng)});
      } else {  // a point
        points.push_back({u(rng), u(rng), u(rng)});
      }
      const ClipSlabs s = tightAround(k, points);
      const bool answered =
          expectSamePolytope(s, "degenerate kind " + std::to_string(kind) + ", case " + std::to_string(n));
      bool flatSlab = false;
      for (int i = 0; i < k / 2; ++i) flatSlab = flatSlab || s.lo[i] == s.hi[i];
      if (flatSlab) {
        EXPECT_FALSE(answered) << "a slab of width 0 is for the lines";
      }
    }
  }
}

TEST(KdopClip, ACornerCutWithinTheBandIsLeftToTheLines) {
  // A cube [-1, 1]^3 as a 14-DOP whose (1,1,1) side cuts the corner (1,1,1) at a depth `cut`
  // along the corner direction (the corner's value 3 lowered by cut): 1e-3 clips (a small
  // triangle), 1e-13 is "on" the corner (within kKdopVertex), 1e-9 lies in the band, where the
  // clipping declines and the lines merge the triangle's corners or not, by their own rule.
  for (double cut : {1e-1, 1e-3, 1e-6, 1e-9, 1e-13, 0.0}) {
    ClipSlabs s{14, {-1, -1, -1, -3, -3, -3, -3}, {1, 1, 1, 3 - cut, 3, 3, 3}};
    const bool answered = expectSamePolytope(s, "cut " + std::to_string(cut));
    const bool inBand = cut == 1e-9;
    EXPECT_EQ(answered, !inBand) << "cut " << cut;
    Kdop kdop;
    ASSERT_TRUE(tryMakeKdop(14, s.lo, s.hi, 7, kdop));
    if (cut >= 1e-6) {
      EXPECT_EQ(kdop.vertexCount, 10) << "the corner becomes a triangle";
    } else if (cut <= 1e-13) {
      EXPECT_EQ(kdop.vertexCount, 8) << "the corner stays one vertex";
    }
  }
}

}  // namespace
}  // namespace kdop_clip_test
