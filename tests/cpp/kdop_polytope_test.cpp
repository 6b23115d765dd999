// The k-DOP direction table and the polytope makeKdop derives (kdop.h): vertices, boundary edges,
// tight extremes. Checked against shapes whose vertex and edge counts are known by hand, against
// a brute-force enumeration of every triple of slab planes, and, for slabs of any width down to
// the smallest double, against the linear-programming oracle (tests/cpp/oracle).

#include <gtest/gtest.h>

#include <algorithm>
#include <bitset>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "oracle/generators.h"
#include "oracle/oracle.h"
#include "sepaxis/sepaxis.h"
#include "sepaxis/tolerance.h"
#include "unit_reference.h"

namespace kdop_polytope_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis_unit;

// ---- Direction table.

TEST(KdopDirections, OnlyTheFiveKnownKAreValid) {
  for (int k : {6, 8, 14, 18, 26}) EXPECT_TRUE(isValidKdopK(k)) << k;
  for (int k : {-6, 0, 4, 7, 10, 12, 16, 20, 24, 27, 32}) {
    EXPECT_FALSE(isValidKdopK(k)) << k;
    EXPECT_EQ(kdopDirections(k), nullptr) << k;
  }
}

TEST(KdopDirections, FollowTheAxesCornersEdgesOrderOfKlosowski) {
  for (int k : {6, 8, 14, 18, 26}) {
    const KdopDirection* d = kdopDirections(k);
    ASSERT_NE(d, nullptr);
    const std::vector<Vec3> expected = directionsFor(k);
    ASSERT_EQ(int(expected.size()), k / 2);
    for (int i = 0; i < k / 2; ++i) {
      EXPECT_TRUE(vecEq(toVec3(d[i]), expected[size_t(i)])) << "k = " << k << ", direction " << i;
    }
  }
}

// ---- Polytope structure helpers.

int edgeCount(const Kdop& k) {
  int twice = 0;
  for (int v = 0; v < k.vertexCount; ++v) twice += int(std::bitset<64>(k.adjacent[v]).count());
  return twice / 2;
}

int degree(const Kdop& k, int v) { return int(std::bitset<64>(k.adjacent[v]).count()); }

::testing::AssertionResult adjacencyIsSymmetric(const Kdop& k) {
  for (int v = 0; v < kMaxKdopVertices; ++v) {
    if (v >= k.vertexCount) {
      if (k.adjacent[v] != 0) return ::testing::AssertionFailure() << "unused vertex " << v << " has edges";
      continue;
    }
    if (k.adjacent[v] >> v & 1) return ::testing::AssertionFailure() << "vertex " << v << " is adjacent to itself";
    if (k.vertexCount < 64 && (k.adjacent[v] >> k.vertexCount) != 0)
      return ::testing::AssertionFailure() << "vertex " << v << " is adjacent to a vertex past vertexCount";
    for (int w = 0; w < k.vertexCount; ++w)
      if ((k.adjacent[v] >> w & 1) != (k.adjacent[w] >> v & 1))
        return ::testing::AssertionFailure() << "edge " << v << "-" << w << " is one-sided";
  }
  return ::testing::AssertionSuccess();
}

/// The library's vertex set equals the brute-force one (as sets, within tol).
::testing::AssertionResult sameVertices(const Kdop& k, const std::vector<Vec3>& reference, double tol) {
  if (k.vertexCount != int(reference.size()))
    return ::testing::AssertionFailure() << k.vertexCount << " vertices instead of " << reference.size();
  for (const Vec3& r : reference) {
    bool found = false;
    for (int v = 0; v < k.vertexCount; ++v) found = found || dist(kdopVertex(k, v), r) <= tol;
    if (!found) return ::testing::AssertionFailure() << "missing vertex " << str(r);
  }
  return ::testing::AssertionSuccess();
}

/// Every vertex satisfies every slab (within the construction tolerance), tightMin/tightMax are
/// the extremes over the brute-force vertices, and the vertex set is the brute-force one.
void expectPolytopeMatchesReference(const Kdop& k) {
  const Slabs s = slabsOf(k);
  const double scale = slabScale(s);
  const std::vector<Vec3> reference = referenceVertices(s);
  EXPECT_TRUE(sameVertices(k, reference, 1e-9 * scale));
  for (int v = 0; v < k.vertexCount; ++v)
    EXPECT_LE(slabViolation(s, kdopVertex(k, v)), 1e-11 * scale) << "vertex " << str(kdopVertex(k, v));
  for (int i = 0; i < k.slabCount(); ++i) {
    double lo = kInf, hi = -kInf;
    for (const Vec3& r : reference)
      lo = std::min(lo, dot(s.n[size_t(i)], r)), hi = std::max(hi, dot(s.n[size_t(i)], r));
    EXPECT_NEAR(k.tightMin[i], lo, 1e-12 * scale) << "slab " << i;
    EXPECT_NEAR(k.tightMax[i], hi, 1e-12 * scale) << "slab " << i;
    EXPECT_GE(k.tightMin[i], k.min[i] - 1e-12 * scale) << "tight ranges lie within the given ones";
    EXPECT_LE(k.tightMax[i], k.max[i] + 1e-12 * scale);
  }
  EXPECT_TRUE(adjacencyIsSymmetric(k));
}

/// V - E + F = 2 for a solid polytope, F = the planes holding >= 3 non-collinear vertices.
int referenceFaceCount(const Kdop& k) {
  const std::vector<Vec3> vs = referenceVertices(slabsOf(k));
  const double tol = 1e-9 * slabScale(slabsOf(k));
  int faces = 0;
  for (const Plane& p : planesOf(slabsOf(k))) {
    std::vector<Vec3> on;
    for (const Vec3& v : vs)
      if (std::fabs(dot(p.n, v) - p.b) <= tol * length(p.n)) on.push_back(v);
    bool planar = false;
    for (size_t i = 2; i < on.size() && !planar; ++i) planar = length(cross(on[1] - on[0], on[i] - on[0])) > tol;
    faces += planar;
  }
  return faces;
}

// ---- Known shapes.

TEST(KdopPolytope, A6DopBoxHasEightVerticesAndTwelveEdges) {
  const Kdop k = kdopOf(6, {0, -1, 2}, {1, 1, 5});
  EXPECT_EQ(k.vertexCount, 8);
  EXPECT_EQ(edgeCount(k), 12);
  expectPolytopeMatchesReference(k);
  // Each edge joins two corners that differ in exactly one coordinate.
  for (int v = 0; v < k.vertexCount; ++v) {
    EXPECT_EQ(degree(k, v), 3) << "vertex " << v;
    for (int w = 0; w < k.vertexCount; ++w) {
      if (!(k.adjacent[v] >> w & 1)) continue;
      const Vec3 d = abs(kdopVertex(k, v) - kdopVertex(k, w));
      const int differing = (d.x > 1e-12) + (d.y > 1e-12) + (d.z > 1e-12);
      EXPECT_EQ(differing, 1) << str(kdopVertex(k, v)) << " - " << str(kdopVertex(k, w));
    }
  }
}

TEST(KdopPolytope, A14DopCubeWithItsCornersCutHas24VerticesAnd36Edges) {
  const Kdop k = kdopOf(14, {-1, -1, -1, -2.5, -2.5, -2.5, -2.5}, {1, 1, 1, 2.5, 2.5, 2.5, 2.5});
  EXPECT_EQ(k.vertexCount, 24);
  EXPECT_EQ(edgeCount(k), 36);
  for (int v = 0; v < k.vertexCount; ++v) EXPECT_EQ(degree(k, v), 3) << "vertex " << v;
  expectPolytopeMatchesReference(k);
}

TEST(KdopPolytope, A14DopWithLooseCornerSlabsIsJustTheBox) {
  const Kdop k = kdopOf(14, {-1, -1, -1, -4, -4, -4, -4}, {1, 1, 1, 4, 4, 4, 4});
  EXPECT_EQ(k.vertexCount, 8);
  EXPECT_EQ(edgeCount(k), 12);
  expectPolytopeMatchesReference(k);
  // The corner slabs' tight range is the box's: |x + y + z| <= 3.
  for (int i = 3; i < 7; ++i) {
    EXPECT_NEAR(k.tightMin[i], -3, 1e-14);
    EXPECT_NEAR(k.tightMax[i], 3, 1e-14);
  }
}

TEST(KdopPolytope, A26DopCubeWhoseOtherSlabsJustTouchItHasEightVertices) {
  // Corner slabs at +-3 and edge slabs at +-2 pass through the cube's corners and edges: many
  // planes through one point, which must merge into one vertex.
  std::vector<double> lo = {-1, -1, -1, -3, -3, -3, -3, -2, -2, -2, -2, -2, -2};
  std::vector<double> hi = {1, 1, 1, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2};
  const Kdop k = kdopOf(26, lo, hi);
  EXPECT_EQ(k.vertexCount, 8);
  EXPECT_EQ(edgeCount(k), 12);
  expectPolytopeMatchesReference(k);
}

TEST(KdopPolytope, An8DopWithEqualRangesIsAnOctahedron) {
  const Kdop k = kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3});
  EXPECT_EQ(k.vertexCount, 6);
  EXPECT_EQ(edgeCount(k), 12);
  for (int v = 0; v < k.vertexCount; ++v) EXPECT_EQ(degree(k, v), 4) << "vertex " << v;
  expectPolytopeMatchesReference(k);
}

TEST(KdopPolytope, An18DopCubeWithBevelledEdgesHas32VerticesAnd48Edges) {
  // |x|, |y|, |z| <= 1 and |x +- y|, |x +- z|, |y +- z| <= 1.5: each face shrinks to a square
  // (+-1, +-0.5, +-0.5), each corner becomes (+-0.75, +-0.75, +-0.75), each edge a hexagon.
  const Kdop k = kdopOf(18, {-1, -1, -1, -1.5, -1.5, -1.5, -1.5, -1.5, -1.5}, {1, 1, 1, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5});
  EXPECT_EQ(k.vertexCount, 32);
  EXPECT_EQ(edgeCount(k), 48);
  expectPolytopeMatchesReference(k);
  bool corner = false;
  for (int v = 0; v < k.vertexCount; ++v) corner = corner || vecNear(kdopVertex(k, v), {0.75, 0.75, 0.75}, 1e-14);
  EXPECT_TRUE(corner);
}

TEST(KdopPolytope, A26DopPointHasOneVertexAndNoEdges) {
  std::vector<double> v;
  for (const Vec3& d : directionsFor(26)) v.push_back(dot(d, Vec3{1, -2, 3}));
  const Kdop k = kdopOf(26, v, v);
  EXPECT_EQ(k.vertexCount, 1);
  EXPECT_EQ(edgeCount(k), 0);
  EXPECT_TRUE(vecNear(kdopVertex(k, 0), {1, -2, 3}, 1e-14));
  for (int i = 0; i < 13; ++i) {
    EXPECT_NEAR(k.tightMin[i], v[size_t(i)], 1e-14);
    EXPECT_NEAR(k.tightMax[i], v[size_t(i)], 1e-14);
  }
}

// Whether every d . p of the k-DOP's directions is exact in doubles (else that slab misses p).
// TwoSum (Knuth): the rounding error of a + b, exactly.
bool allSlabsExact(int k, Vec3 p) {
  auto twoSumError = [](double a, double b) {
    const double s = a + b, bb = s - a;
    return (a - (s - bb)) + (b - bb);
  };
  for (const Vec3& d : directionsFor(k)) {
    const double x = d.x * p.x, y = d.y * p.y, z = d.z * p.z;
    const double e1 = twoSumError(x, y), e2 = twoSumError(x + y, z);
    if (e1 + e2 != 0) return false;
  }
  return true;
}

// The same at random points: d . p rounded makes a single point's slabs contradict each other by
// a few ulps in about half the cases (no common point at all), which makeKdop refused as empty.
// Such slabs are the point: one vertex there, a sphere of 1e-12 around it overlaps, one 1e-9 away
// does not, and slabs contradicting each other by 1e-9 stay refused.
TEST(KdopPolytope, ARoundedPointsSlabsAreThePoint) {
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> u(-1, 1);
  int contradicting = 0;
  for (const double scale : {1.0, 1e3, 1e6}) {
    for (int trial = 0; trial < 300; ++trial) {
      const Vec3 p{u(rng) * scale, u(rng) * scale, u(rng) * scale};
      for (int k : {8, 14, 18, 26}) {
        std::vector<double> v;
        for (const Vec3& d : directionsFor(k)) v.push_back(dot(d, p));
        const auto made = makeKdop(k, v.data(), v.data(), k / 2);
        ASSERT_TRUE(made.ok()) << "k " << k << " at " << p.x << " " << p.y << " " << p.z << ": "
                               << made.error().message;
        contradicting += !allSlabsExact(k, p);  // a slab misses p: the cases this is about
        for (int i = 0; i < made->vertexCount; ++i)
          EXPECT_TRUE(vecNear(kdopVertex(*made, i), p, 1e-13 * scale)) << "k " << k;
        EXPECT_TRUE(overlaps(Sphere{p, 1e-12 * scale}, *made)) << "k " << k;
        EXPECT_FALSE(overlaps(Sphere{p + Vec3{1e-9, -1e-9, 1e-9} * scale, 1e-10 * scale}, *made)) << "k " << k;
        std::vector<double> apart = v;
        apart[0] += 1e-9 * scale;  // slab 0 moved off the point: no common point left
        EXPECT_FALSE(makeKdop(k, apart.data(), apart.data(), k / 2).ok()) << "k " << k;
      }
    }
  }
  EXPECT_GT(contradicting, 3 * 300 * 4 / 4);
}

TEST(KdopPolytope, AFlatKdopIsAPolygonWithItsSidesAsEdges) {
  // The square |x|, |y| <= 1 in the plane z = 0.5 (loose corner slabs).
  const Kdop k = kdopOf(14, {-1, -1, 0.5, -9, -9, -9, -9}, {1, 1, 0.5, 9, 9, 9, 9});
  EXPECT_EQ(k.vertexCount, 4);
  EXPECT_EQ(edgeCount(k), 4) << "the four sides and no diagonal";
  for (int v = 0; v < k.vertexCount; ++v)
    for (int w = 0; w < k.vertexCount; ++w)
      if (k.adjacent[v] >> w & 1) {
        EXPECT_NEAR(dist(kdopVertex(k, v), kdopVertex(k, w)), 2, 1e-14);
      }
  expectPolytopeMatchesReference(k);
}

TEST(KdopPolytope, AnOctagonalFlatKdopHasEightVerticesAndEightSides) {
  // In the plane z = 0: |x|, |y| <= 1 and |x +- y| <= 1.5 (18-DOP edge slabs): an octagon.
  const Kdop k = kdopOf(18, {-1, -1, 0, -1.5, -1.5, -9, -9, -9, -9}, {1, 1, 0, 1.5, 1.5, 9, 9, 9, 9});
  EXPECT_EQ(k.vertexCount, 8);
  EXPECT_EQ(edgeCount(k), 8);
  for (int v = 0; v < k.vertexCount; ++v) EXPECT_EQ(degree(k, v), 2) << "vertex " << v;
  expectPolytopeMatchesReference(k);
}

TEST(KdopPolytope, ASegmentHasTwoVerticesAndOneEdge) {
  const Kdop k = kdopOf(18, {0, 0, 0, -9, 0, -9, 0, -9, 0}, {1, 1, 1, 9, 0, 9, 0, 9, 0});
  EXPECT_EQ(k.vertexCount, 2);
  EXPECT_EQ(edgeCount(k), 1);
  expectPolytopeMatchesReference(k);
}

TEST(KdopPolytope, A14DopThatIsASingleCornerOfTheCubeHasOneVertex) {
  const Kdop k = kdopOf(14, {0, 0, 0, 3, -10, -10, -10}, {1, 1, 1, 5, 10, 10, 10});
  EXPECT_EQ(k.vertexCount, 1);
  EXPECT_TRUE(vecNear(kdopVertex(k, 0), {1, 1, 1}, 1e-14));
}

TEST(KdopPolytope, AVerySmallBoxKeepsItsEightVertices) {
  // Zero widths are valid and sizes are relative: a box 1e-200 wide is still a box (distances
  // between its vertices must not be squared into underflow and merged).
  const Kdop k = kdopOf(6, {0, 0, 0}, {1e-200, 2e-200, 3e-200});
  EXPECT_EQ(k.vertexCount, 8);
  const Aabb b = boundingBox(k);
  EXPECT_TRUE(vecNear(b.min, {0, 0, 0}, 1e-214));
  EXPECT_TRUE(vecNear(b.max, {1e-200, 2e-200, 3e-200}, 1e-214));
}

TEST(KdopPolytope, VerticesAreStoredRelativeToTheOrigin) {
  const Kdop k = kdopOf(6, {1e5, -2e5, 3e5}, {1e5 + 1, -2e5 + 2, 3e5 + 3});
  ASSERT_EQ(k.vertexCount, 8);
  for (int v = 0; v < k.vertexCount; ++v) {
    EXPECT_TRUE(vecEq(kdopVertex(k, v), k.origin + k.vertex[v]));
    EXPECT_LE(length(k.vertex[v]), 4) << "the origin is near the polytope, not at the world origin";
  }
  expectPolytopeMatchesReference(k);
}

TEST(KdopPolytope, TheOriginIsAReferencePointNearThePolytope) {
  // kdop.h: "origin: reference point near the polytope (the middle of its ranges, on a grid)":
  // local vertex coordinates stay of the polytope's own size, wherever it is.
  std::mt19937 rng(12345);
  for (int n = 0; n < 100; ++n) {
    const int k = randomK(rng);
    const Kdop kd = randomKdop(rng, k, randomVec(rng, -100, 100), 0.1, 5);
    const Aabb box = boundingBox(kd);
    const double diagonal = length(box.max - box.min);
    for (int v = 0; v < kd.vertexCount; ++v)
      ASSERT_LE(length(kd.vertex[v]), 2 * diagonal)
          << "k = " << k << ", case " << n << ": origin " << str(kd.origin) << " is far from vertex " << v;
  }
}

// ---- Random k-DOPs against the brute force.

TEST(KdopPolytope, RandomKdopsMatchTheBruteForceVerticesAndSatisfyEuler) {
  std::mt19937 rng(12345);
  for (int n = 0; n < 300; ++n) {
    const int k = randomK(rng);
    const Kdop kd = randomKdop(rng, k, randomVec(rng, -100, 100), 0.1, 5);
    SCOPED_TRACE("k = " + std::to_string(k) + ", case " + std::to_string(n));
    expectPolytopeMatchesReference(kd);
    const int faces = referenceFaceCount(kd);
    EXPECT_EQ(kd.vertexCount - edgeCount(kd) + faces, 2)
        << kd.vertexCount << " vertices, " << edgeCount(kd) << " edges, " << faces << " faces";
    for (int v = 0; v < kd.vertexCount; ++v) EXPECT_GE(degree(kd, v), 3);
  }
}

// ---- Tiny, subnormal and mixed-magnitude slab widths.

namespace oracle = sepaxis_oracle;

constexpr int kKs[] = {6, 8, 14, 18, 26};

oracle::Raw rawKdop(const oracle::RawKdop& d) {
  oracle::Raw r;
  r.kind = oracle::Kind::Kdop;
  r.d = d;
  return r;
}

/// The largest amount the documented tolerances let a vertex of `kd` lie outside slab i: its
/// vertex tolerance (kKdopVertex of the extent about the origin), the lenience for slabs that
/// contradict each other by rounding (kKdopLenience of the magnitude of the numbers), and the
/// rounding of d_i . (origin + vertex) in doubles.
double vertexSlack(const Kdop& kd, int i) {
  const KdopDirection* dirs = kdopDirections(kd.k);
  double extent = 0, magnitude = 0;
  for (int j = 0; j < kd.slabCount(); ++j) {
    const Vec3 d = toVec3(dirs[j]);
    const double shift = dot(d, kd.origin);
    extent = std::max({extent, std::fabs(kd.min[j] - shift) / length(d), std::fabs(kd.max[j] - shift) / length(d)});
    magnitude = std::max({magnitude, std::fabs(kd.min[j]), std::fabs(kd.max[j])});
  }
  const Vec3 d = toVec3(dirs[i]);
  const double coordinates = maxComponent(abs(kd.origin)) + extent;
  return length(d) * tolerance::kKdopVertex * extent + tolerance::kKdopLenience * magnitude +
         8 * 0x1p-52 * 3 * coordinates + 0x1p-1074;
}

/// Every vertex is finite and lies in every slab within vertexSlack.
void expectVerticesInSlabs(const Kdop& kd) {
  ASSERT_GT(kd.vertexCount, 0);
  ASSERT_TRUE(isFinite(kd.origin)) << str(kd.origin);
  const KdopDirection* dirs = kdopDirections(kd.k);
  for (int v = 0; v < kd.vertexCount; ++v) {
    const Vec3 x = kdopVertex(kd, v);
    ASSERT_TRUE(isFinite(x)) << "vertex " << v << " = " << str(x);
    for (int i = 0; i < kd.slabCount(); ++i) {
      const double s = dot(toVec3(dirs[i]), x), slack = vertexSlack(kd, i);
      EXPECT_GE(s, kd.min[i] - slack) << "vertex " << v << " below slab " << i;
      EXPECT_LE(s, kd.max[i] + slack) << "vertex " << v << " above slab " << i;
    }
  }
}

TEST(KdopPolytope, FlatSlabsAtASubnormalValueGiveFiniteVerticesInEverySlab) {
  // Two corner slabs flat at a subnormal value: the segment x + y = e, z = 0, |x - y| <= 1.
  const double e = 0x0.0000000068p-1022;
  const double lo[] = {e, e, -1, -1}, hi[] = {e, e, 1, 1};
  const Expected<Kdop> made = makeKdop(8, lo, hi, 4);
  ASSERT_TRUE(made.ok()) << made.error().message;
  const Kdop& kd = *made;
  EXPECT_EQ(kd.vertexCount, 2) << "a segment";
  expectVerticesInSlabs(kd);
  // x = (sum of the four corner values) / 4 <= (2e + 2) / 4 < 1: a box at x >= 6.75 is apart.
  EXPECT_FALSE(overlaps(kd, makeAabb({6.75, -1, -1}, {8, 1, 1}).value()));
  EXPECT_TRUE(overlaps(kd, makeAabb({0.25, -1, -1}, {8, 1, 1}).value())) << "the segment's end (0.5, -0.5, 0)";
  EXPECT_FALSE(overlaps(kd, makeAabb({0.75, -1, -1}, {8, 1, 1}).value()));
}

TEST(KdopPolytope, SlabsOfAnyWidthDownToTheSmallestDoubleGiveTheirPolytope) {
  // Slabs around a point p whose d_i . p are exact (p on a grid of 2^-50 of its magnitude), each
  // side at 0 or at a distance drawn log-uniformly from [2^-1074, 1] (half of the slabs
  // symmetric, whose middle is then p's tiny value however wide they are), p at magnitudes from
  // 2^-1074 to 2^10: flat, subnormal and mixed widths at every scale. Each k-DOP's vertices must lie in
  // its slabs, and its verdicts against a box and a sphere nearby must be the oracle's (linear
  // programming on the given numbers) wherever the oracle certifies one beyond the contract band.
  oracle::Rng rng(20261127);
  const auto anyWidth = [&] {
    if (rng.index(4) == 0) return 0.0;
    return std::ldexp(rng.uniform(1, 2), -1074 + rng.index(1074));
  };
  int decided = 0, apart = 0, meeting = 0;
  constexpr int kCases = 2000;
  for (int n = 0; n < kCases; ++n) {
    const int k = kKs[n % 5];
    // A quarter of the points at subnormal magnitudes, where slabs wide and symmetric about them
    // leave a middle of the ranges below 2^-1044.
    const int exponent = n % 4 == 0 ? -1074 + rng.index(75) : -1024 + rng.index(1035);
    oracle::V3 p;
    for (double* c : {&p.x, &p.y, &p.z}) {
      const int grid = std::max(exponent - 20 - rng.index(31), -1074);
      *c = rng.index(5) == 0 ? 0 : std::ldexp(double(rng.index(1 << 21) - (1 << 20)), grid);
    }
    oracle::RawKdop raw;
    raw.k = k;
    double size = 0;
    for (int i = 0; i < k / 2; ++i) {
      const oracle::V3 d = oracle::kdopDirection(k, i);
      const double s = oracle::dot(d, p);  // exact: p's coordinates share a grid
      const double below = anyWidth(), above = rng.index(2) == 0 ? below : anyWidth();
      raw.lo[i] = s - below, raw.hi[i] = s + above;
      size = std::max(size, (raw.hi[i] - raw.lo[i]) / oracle::norm(d));
    }
    SCOPED_TRACE("case " + std::to_string(n) + ": " + oracle::describe(rawKdop(raw)));
    const Expected<Kdop> made = makeKdop(k, raw.lo, raw.hi, k / 2);
    ASSERT_TRUE(made.ok()) << "p lies in every slab: " << made.error().message;
    const Kdop& kd = *made;
    expectVerticesInSlabs(kd);
    if (testing::Test::HasFatalFailure()) return;

    // The polytope is computed about an origin on a grid of 2^-30 of p's magnitude, to kKdopVertex
    // of its distance from there: partners are of the k-DOP's size, or of 2^-36 of that magnitude
    // when the k-DOP is smaller, where the contract band still exceeds that rounding.
    const double scale = std::max(size, 0x1p-36 * std::max({std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)}));
    for (oracle::Kind kind : {oracle::Kind::Aabb, oracle::Kind::Sphere}) {
      const double partner =
          scale > 0 ? scale * std::ldexp(1, rng.index(7) - 4) : std::ldexp(1, -1000 + rng.index(1001));
      oracle::Raw other;
      other.kind = kind;
      const oracle::V3 c = p + rng.direction() * ((size + partner) * rng.uniform(0, 1.5));
      if (kind == oracle::Kind::Aabb) {
        const oracle::V3 h{partner * rng.uniform(0.2, 1), partner * rng.uniform(0.2, 1), partner * rng.uniform(0.2, 1)};
        other.a = {c - h, c + h};
      } else {
        other.s = {c, partner};
      }
      // The oracle's frame: at p (d_i . p exact), scaled to the pair.
      oracle::Frame frame;
      frame.origin = p;
      const double reach = std::max({size, partner, oracle::norm(c - p)});
      frame.scale = reach > 0 ? std::ldexp(1, std::ilogb(reach)) : 1;
      const oracle::Verdict truth = oracle::classify(oracle::bodyOf(rawKdop(raw), frame), oracle::bodyOf(other, frame));
      const bool got = kind == oracle::Kind::Aabb ? overlaps(kd, makeAabb({other.a.lo.x, other.a.lo.y, other.a.lo.z},
                                                                          {other.a.hi.x, other.a.hi.y, other.a.hi.z})
                                                                     .value())
                                                  : overlaps(kd, makeSphere({c.x, c.y, c.z}, partner).value());
      if (truth.truth == oracle::Truth::Undecided) continue;
      ++decided;
      ++(truth.truth == oracle::Truth::Overlap ? meeting : apart);
      EXPECT_EQ(got, truth.truth == oracle::Truth::Overlap)
          << oracle::kindName(kind) << " " << oracle::describe(other) << ": the oracle says "
          << oracle::truthName(truth.truth) << " by " << truth.margin << " (" << truth.how << ", band " << truth.band
          << ")";
    }
  }
  EXPECT_GE(decided, kCases * 2 * 9 / 10) << "the oracle should decide nearly every pair";
  EXPECT_GE(apart, kCases / 4);
  EXPECT_GE(meeting, kCases / 4);
}

}  // namespace
}  // namespace kdop_polytope_test
