// hull.h: the hull is convex, closed and outward, made of input points, holds every point, and has
// the volume a brute-force construction gives; degenerate sets come back as documented.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "polygon2d.h"
#include "sepaxis/hull.h"
#include "sepaxis/tolerance.h"

using namespace sepaxis;

namespace hull_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

// Half the largest side of the points' AABB: the unit of the hull's tolerance.
double halfSide(const std::vector<Vec3>& p) {
  Vec3 lo = p[0], hi = p[0];
  for (const Vec3& q : p) lo = min(lo, q), hi = max(hi, q);
  return maxComponent(hi - lo) / 2;
}

// The checks every hull must pass, for any input.
void expectSoundHull(const std::vector<Vec3>& p, const ConvexHull& h, const std::string& what) {
  ASSERT_EQ(h.vertices.size(), h.inputIndex.size()) << what;
  for (size_t i = 0; i < h.vertices.size(); ++i) {
    ASSERT_LT(h.inputIndex[i], p.size()) << what;
    EXPECT_EQ(h.vertices[i], p[h.inputIndex[i]]) << what << ": vertex " << i << " is not its input point";
  }
  if (h.faces.empty()) return;
  // Closed and consistently oriented: every directed edge once (a flat hull's fans share their
  // diagonals), and its reverse too.
  const double side = halfSide(p);
  const bool flat = std::fabs(hullVolume(h)) <= 1e-9 * side * side * side;
  std::map<std::pair<uint32_t, uint32_t>, int> edges;
  for (const auto& f : h.faces)
    for (int k = 0; k < 3; ++k) ++edges[{f[k], f[(k + 1) % 3]}];
  for (const auto& [e, n] : edges) {
    if (!flat) {
      EXPECT_EQ(n, 1) << what << ": edge " << e.first << "-" << e.second << " twice";
    }
    EXPECT_EQ(edges.count({e.second, e.first}), 1u) << what << ": edge " << e.first << "-" << e.second << " is open";
  }
  // Euler: V - E + F = 2, E counted as half the directed edges.
  EXPECT_EQ(int(h.vertices.size()) - int(3 * h.faces.size() / 2) + int(h.faces.size()), 2) << what;
  // Every point on the inner side of every face's plane, within the tolerance (and rounding); a
  // flat hull within the thickness it ignores.
  const double slack = (flat ? tolerance::kHullFlat : 8 * tolerance::kHullPlane) * side;
  for (const auto& f : h.faces) {
    const Vec3 a = h.vertices[f[0]];
    const Vec3 n = normalize(cross(h.vertices[f[1]] - a, h.vertices[f[2]] - a));
    double worst = -INFINITY;
    for (const Vec3& q : p) worst = std::max(worst, dot(n, q - a));
    EXPECT_LE(worst, slack) << what << ": a point is outside a face";
  }
}

// The hull's volume by brute force: every plane through three points that has all points on one
// side holds a facet; its area is that of the 2D hull of the points on it.
double bruteForceVolume(const std::vector<Vec3>& p) {
  const double eps = 1e-9 * halfSide(p);
  Vec3 inside;
  for (const Vec3& q : p) inside = inside + q;
  inside = inside / double(p.size());
  std::vector<Vec3> planes;
  double volume = 0;
  for (size_t i = 0; i < p.size(); ++i)
    for (size_t j = i + 1; j < p.size(); ++j)
      for (size_t k = j + 1; k < p.size(); ++k) {
        Vec3 n = normalize(cross(p[j] - p[i], p[k] - p[i]));
        if (lengthSquared(n) == 0) continue;
        if (dot(n, inside - p[i]) > 0) n = -n;
        bool supporting = true;
        for (const Vec3& q : p) supporting &= dot(n, q - p[i]) <= eps;
        bool known = false;
        for (const Vec3& m : planes) known |= dot(m, n) > 1 - 1e-9;
        if (!supporting || known) continue;
        planes.push_back(n);
        const Vec3 u = normalize(p[j] - p[i]), w = cross(n, u);
        std::vector<detail::Vec2> flat;
        for (const Vec3& q : p)
          if (std::fabs(dot(n, q - p[i])) <= eps) flat.push_back({dot(u, q - p[i]), dot(w, q - p[i])});
        const std::vector<int> poly = detail::convexPolygon(flat, 0);
        double area = 0;
        for (size_t m = 0; m < poly.size(); ++m)
          area += detail::cross2(flat[poly[m]], flat[poly[(m + 1) % poly.size()]]) / 2;
        volume += std::fabs(area) * dot(-n, inside - p[i]) / 3;
      }
  return volume;
}

std::vector<Vec3> randomCloud(std::mt19937& rng, int n, int shape) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::normal_distribution<double> g(0, 1);
  std::vector<Vec3> p;
  for (int i = 0; i < n; ++i) {
    if (shape == 0) p.push_back({u(rng), u(rng), u(rng)});
    if (shape == 1) p.push_back(normalize(Vec3{g(rng), g(rng), g(rng)}));  // all on the hull
    if (shape == 2) p.push_back({g(rng) * 5, g(rng), g(rng) * 0.1});
    if (shape == 3) p.push_back({std::round(u(rng) * 2), std::round(u(rng) * 2), std::round(u(rng) * 2)});  // grid
  }
  return p;
}

}  // namespace

TEST(ConvexHull, RandomCloudsGiveClosedConvexHullsOfTheirPoints) {
  std::mt19937 rng(12345);
  int checked = 0;
  for (int shape = 0; shape < 4; ++shape)
    for (int n : {4, 5, 9, 30, 200, 1000}) {
      const auto p = randomCloud(rng, n, shape);
      const auto h = convexHull(p.data(), p.size());
      ASSERT_TRUE(h.ok());
      expectSoundHull(p, *h, "shape " + std::to_string(shape) + " n " + std::to_string(n));
      if (shape == 1 && n <= 200) {
        EXPECT_EQ(h->vertices.size(), size_t(n)) << "points on a sphere are all vertices";
      }
      ++checked;
    }
  EXPECT_EQ(checked, 24);
}

TEST(ConvexHull, AModelSizedCloudGivesASoundHull) {
  std::mt19937 rng(99);
  for (int shape : {0, 2}) {
    const auto p = randomCloud(rng, 10000, shape);
    const auto h = convexHull(p.data(), p.size());
    ASSERT_TRUE(h.ok());
    expectSoundHull(p, *h, "10000 points, shape " + std::to_string(shape));
  }
}

TEST(ConvexHull, TheVolumeIsThatOfABruteForceHull) {
  std::mt19937 rng(7);
  for (int run = 0; run < 40; ++run) {
    const auto p = randomCloud(rng, 5 + run % 12, run % 4);
    const auto h = convexHull(p.data(), p.size());
    ASSERT_TRUE(h.ok());
    const double brute = bruteForceVolume(p);
    EXPECT_NEAR(hullVolume(*h), brute, 1e-9 * std::max(brute, 1.0)) << "run " << run;
    expectSoundHull(p, *h, "run " + std::to_string(run));
  }
}

TEST(ConvexHull, EqualPointsAreOneVertex) {
  const std::vector<Vec3> p(5, Vec3{1e9, -3, 0.25});
  const auto h = convexHull(p.data(), p.size());
  ASSERT_EQ(h->vertices.size(), 1u);
  EXPECT_EQ(h->vertices[0], p[0]);
  EXPECT_TRUE(h->faces.empty());
  EXPECT_EQ(hullVolume(*h), 0);
}

TEST(ConvexHull, CollinearPointsAreTheirTwoEnds) {
  std::vector<Vec3> p;
  for (double t : {0.3, -2.0, 0.0, 5.0, 1.0, 5.0}) p.push_back(Vec3{1, 2, 3} + Vec3{1, -1, 2} * t);
  const auto h = convexHull(p.data(), p.size());
  ASSERT_EQ(h->vertices.size(), 2u);
  EXPECT_TRUE(h->faces.empty());
  const Vec3 a = h->vertices[0], b = h->vertices[1];
  EXPECT_TRUE((a == p[1] && b == p[3]) || (a == p[3] && b == p[1]) || (a == p[1] && b == p[5]) ||
              (a == p[5] && b == p[1]));
}

TEST(ConvexHull, CoplanarPointsAreAPolygonFacingBothWays) {
  // A 5 x 5 grid in a tilted plane, far from the origin: the hull is its 4 corners.
  const Vec3 o{1e6, -2e6, 3e6}, u = normalize(Vec3{1, 2, 0}), v = normalize(cross(Vec3{0, 0, 1}, u) + Vec3{0, 0, 1});
  const Vec3 w = normalize(v - u * dot(u, v));
  std::vector<Vec3> p;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) p.push_back(o + u * i + w * j);
  const auto h = convexHull(p.data(), p.size());
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->vertices.size(), 4u);
  EXPECT_EQ(h->faces.size(), 4u);  // two triangles per side
  EXPECT_NEAR(hullVolume(*h), 0, 1e-3);
  expectSoundHull(p, *h, "grid");
  // The two sides: the first half of the faces faces one way, the second the other.
  const auto normalOf = [&](const std::array<uint32_t, 3>& f) {
    return normalize(cross(h->vertices[f[1]] - h->vertices[f[0]], h->vertices[f[2]] - h->vertices[f[0]]));
  };
  EXPECT_NEAR(dot(normalOf(h->faces[0]), normalOf(h->faces[2])), -1, 1e-9);
}

TEST(ConvexHull, NearDuplicatesAndPointsOnFacesAreNotVertices) {
  // A cube's 5 x 5 x 5 grid (points on faces and edges), each point also repeated with a jitter
  // far below the tolerance: the hull is the cube, 8 corners and 12 triangles.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> jitter(-1e-15, 1e-15);
  std::vector<Vec3> p;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 5; ++k) {
        const Vec3 q{i * 0.5 - 1, j * 0.5 - 1, k * 0.5 - 1};
        p.push_back(q);
        p.push_back(q + Vec3{jitter(rng), jitter(rng), jitter(rng)});
      }
  const auto h = convexHull(p.data(), p.size());
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->vertices.size(), 8u);
  EXPECT_EQ(h->faces.size(), 12u);
  EXPECT_NEAR(hullVolume(*h), 8, 1e-12);
  expectSoundHull(p, *h, "cube grid");
}

TEST(ConvexHull, HugeTinyAndFarSetsKeepTheirShape) {
  std::mt19937 rng(11);
  for (const double scale : {1e-150, 1e-6, 1.0, 1e6, 1e150, 1e300})
    for (const double offset : {0.0, 1e3, 1e12}) {
      if (scale * offset > 1e300) continue;
      auto p = randomCloud(rng, 60, 1);
      for (Vec3& q : p) q = q * scale + Vec3{offset, -offset, 0.5 * offset} * scale;
      const auto h = convexHull(p.data(), p.size());
      ASSERT_TRUE(h.ok());
      const std::string what = "scale " + std::to_string(scale) + " offset " + std::to_string(offset);
      // All 60 sphere points are vertices unless the offset swamps their digits.
      if (offset < 1e12) {
        EXPECT_EQ(h->vertices.size(), 60u) << what;
      }
      if (scale <= 1e150) expectSoundHull(p, *h, what);
    }
}

TEST(ConvexHull, BadPointsAreRejectedWithTheirIndex) {
  const Vec3 p[3] = {{0, 0, 0}, {1, 2, 0}, {2, 2, -INFINITY}};
  EXPECT_EQ(convexHull(p, 3).error().message, "points[2][2] must be finite, got -Infinity");
  EXPECT_EQ(convexHull(p, 0).error().message, "points must be a non-empty list, got length 0");
}

TEST(Polygon2d, TheCalipersFindTheSmallestRectangleOfEveryEdge) {
  std::mt19937 rng(5);
  std::normal_distribution<double> g(0, 1);
  for (int run = 0; run < 200; ++run) {
    std::vector<detail::Vec2> p;
    for (int i = 0; i < 3 + run % 40; ++i) p.push_back({g(rng) * 3, g(rng)});
    std::vector<detail::Vec2> poly;
    for (int i : detail::convexPolygon(p, 0)) poly.push_back(p[i]);
    double brute = INFINITY;
    for (size_t i = 0; i < poly.size(); ++i) {
      const detail::Vec2 d = poly[(i + 1) % poly.size()] - poly[i];
      const double len = std::hypot(d.x, d.y);
      brute = std::min(brute, detail::ranges(poly, {d.x / len, d.y / len}).area());
    }
    const detail::Rectangle r = detail::smallestRectangle(poly);
    EXPECT_NEAR(r.area(), brute, 1e-12 * brute) << "run " << run;
    EXPECT_NEAR(detail::ranges(poly, r.u).area(), r.area(), 1e-12 * brute) << "run " << run;
  }
}
}  // namespace hull_test
