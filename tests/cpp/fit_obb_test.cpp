// fitObb (fit.h): the box holds every point with an orthonormal frame; Fast is never larger than
// the AABB; Tight is close to the smallest box (against a brute-force search) whichever way the
// points are turned.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "polygon2d.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;

namespace fit_obb_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

constexpr double kPi = 3.141592653589793;

double volumeOf(const Obb& b) { return 8 * b.halfExtents.x * b.halfExtents.y * b.halfExtents.z; }

void expectHoldsEveryPoint(const std::vector<Vec3>& p, const Obb& box, const std::string& what) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      EXPECT_NEAR(dot(box.axis[i], box.axis[j]), i == j ? 1 : 0, 1e-15) << what << ": axes " << i << ", " << j;
  EXPECT_GT(dot(cross(box.axis[0], box.axis[1]), box.axis[2]), 0) << what << ": a left-handed frame";
  Obb same;
  EXPECT_TRUE(tryMakeObb(box.center, box.axis, box.halfExtents, same)) << what;
  size_t outside = 0;
  for (const Vec3& q : p) outside += !contains(box, q);
  EXPECT_EQ(outside, 0u) << what;
}

Mat3 randomRotation(std::mt19937& rng) {
  std::normal_distribution<double> g(0, 1);
  const double x = g(rng), y = g(rng), z = g(rng), w = g(rng), n = std::sqrt(x * x + y * y + z * z + w * w);
  return toMat3({x / n, y / n, z / n, w / n});
}

// Shapes whose smallest box is not the obvious one: a slab with a bump, a tetrahedron, noisy
// clouds stretched along turned axes, points on an ellipsoid.
std::vector<Vec3> randomShape(std::mt19937& rng, int kind, int n) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::normal_distribution<double> g(0, 1);
  const Mat3 r = randomRotation(rng);
  std::vector<Vec3> p;
  for (int i = 0; i < n; ++i) {
    Vec3 q;
    if (kind == 0) q = {u(rng) * 3, u(rng) * 2, u(rng) * 0.5};
    if (kind == 1) {
      const double a = std::fabs(u(rng)), b = std::fabs(u(rng)) * (1 - a), c = std::fabs(u(rng)) * (1 - a - b);
      q = Vec3{4, 0, 0} * a + Vec3{0, 3, 0} * b + Vec3{0, 0, 1} * c;
    }
    if (kind == 2) q = {g(rng) * 4, g(rng), g(rng) * 0.3};
    if (kind == 3) q = normalize(Vec3{g(rng), g(rng), g(rng)}) * 1.0, q = {q.x * 3, q.y * 2, q.z};
    p.push_back(r * q + Vec3{5, -7, 2});
  }
  return p;
}

// The brute-force smallest box: for every hull edge, normals across it every half degree, each
// with its exact smallest rectangle (a smallest box has a face flush with a hull edge, O'Rourke
// 1985), plus every face normal.
double bruteForceVolume(const std::vector<Vec3>& p) {
  const auto hull = convexHull(p.data(), p.size()).value();
  std::vector<Vec3> dirs;
  for (const auto& f : hull.faces)
    for (int k = 0; k < 3; ++k)
      if (f[k] < f[(k + 1) % 3])  // each edge once, from the face that lists it upwards
        dirs.push_back(normalize(hull.vertices[f[(k + 1) % 3]] - hull.vertices[f[k]]));
  auto boxAcross = [&](Vec3 n) {
    n = normalize(n);
    const Vec3 a = normalize(std::fabs(n.x) < 0.6 ? cross(n, Vec3{1, 0, 0}) : cross(n, Vec3{0, 1, 0}));
    const Vec3 b = cross(n, a);
    std::vector<detail::Vec2> flat;
    double lo = INFINITY, hi = -INFINITY;
    for (const Vec3& v : hull.vertices) {
      flat.push_back({dot(a, v), dot(b, v)});
      lo = std::min(lo, dot(n, v)), hi = std::max(hi, dot(n, v));
    }
    std::vector<detail::Vec2> poly;
    for (int i : detail::convexPolygon(flat, 0)) poly.push_back(flat[i]);
    return detail::smallestRectangle(poly).area() * (hi - lo);
  };
  double best = INFINITY;
  for (const auto& f : hull.faces)
    best = std::min(
        best, boxAcross(cross(hull.vertices[f[1]] - hull.vertices[f[0]], hull.vertices[f[2]] - hull.vertices[f[0]])));
  // Every half degree, then a sixtieth of that around the best angle of the edges that come close.
  std::vector<std::pair<double, double>> bestAngle;  // per edge: volume, angle
  for (const Vec3& e : dirs) {
    const Vec3 a = normalize(std::fabs(e.x) < 0.6 ? cross(e, Vec3{1, 0, 0}) : cross(e, Vec3{0, 1, 0}));
    const Vec3 b = cross(e, a);
    std::pair<double, double> edgeBest{INFINITY, 0};
    for (int s = 0; s < 360; ++s) {
      const double t = kPi * s / 360;
      edgeBest = std::min(edgeBest, {boxAcross(a * std::cos(t) + b * std::sin(t)), t});
    }
    best = std::min(best, edgeBest.first);
    bestAngle.push_back(edgeBest);
  }
  for (size_t i = 0; i < dirs.size(); ++i) {
    if (bestAngle[i].first > 1.05 * best) continue;
    const Vec3 e = dirs[i];
    const Vec3 a = normalize(std::fabs(e.x) < 0.6 ? cross(e, Vec3{1, 0, 0}) : cross(e, Vec3{0, 1, 0}));
    const Vec3 b = cross(e, a);
    for (int s = -60; s <= 60; ++s) {
      const double t = bestAngle[i].second + kPi / 360 * s / 60;
      best = std::min(best, boxAcross(a * std::cos(t) + b * std::sin(t)));
    }
  }
  return best;
}

}  // namespace

TEST(FitObb, BothQualitiesHoldEveryPointWithAnOrthonormalFrame) {
  std::mt19937 rng(12345);
  for (int run = 0; run < 40; ++run) {
    auto p = randomShape(rng, run % 4, 1 + run * 7);
    if (run % 5 == 1)
      for (Vec3& q : p) q = q * 1e-7 + Vec3{1e9, 2e9, -3e9};  // tiny and far away
    if (run % 5 == 2)
      for (Vec3& q : p) q = q * 1e200;
    for (const FitQuality quality : {FitQuality::Fast, FitQuality::Tight}) {
      const auto box = fitObb(p.data(), p.size(), quality);
      ASSERT_TRUE(box.ok()) << box.error().message;
      expectHoldsEveryPoint(p, *box, "run " + std::to_string(run) + (quality == FitQuality::Fast ? " fast" : " tight"));
    }
  }
}

TEST(FitObb, DegenerateSetsGiveFlatBoxes) {
  const std::vector<Vec3> one(3, Vec3{1, 2, 3});
  std::vector<Vec3> line, plane;
  for (int i = 0; i < 10; ++i) line.push_back(Vec3{1, 2, 3} + Vec3{1, 1, 0} * (i * 0.1));
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 10; ++j) plane.push_back(Vec3{i * 1.0, j * 1.0, i * 1.0});
  for (const FitQuality quality : {FitQuality::Fast, FitQuality::Tight}) {
    const Obb a = fitObb(one.data(), one.size(), quality).value();
    EXPECT_LE(maxComponent(a.halfExtents), 1e-12);
    const Obb b = fitObb(line.data(), line.size(), quality).value();
    expectHoldsEveryPoint(line, b, "line");
    EXPECT_NEAR(maxComponent(b.halfExtents), 0.9 * std::sqrt(2) / 2, 1e-12);
    EXPECT_LE(volumeOf(b), 1e-20);
    const Obb c = fitObb(plane.data(), plane.size(), quality).value();
    expectHoldsEveryPoint(plane, c, "plane");
    EXPECT_LE(volumeOf(c), 1e-9);  // the containment pad only
  }
}

TEST(FitObb, FastIsNeverLargerThanTheAabb) {
  std::mt19937 rng(2);
  for (int run = 0; run < 60; ++run) {
    auto p = randomShape(rng, run % 4, 5 + run * 7);
    if (run % 3 == 0)  // already axis-aligned: the AABB is the answer
      for (Vec3& q : p) q = {std::round(q.x), std::round(q.y), q.z};
    const Obb box = fitObb(p.data(), p.size(), FitQuality::Fast).value();
    const Aabb aabb = fitAabb(p.data(), p.size()).value();
    const Vec3 side = aabb.max - aabb.min;
    EXPECT_LE(volumeOf(box), side.x * side.y * side.z * (1 + 1e-9)) << "run " << run;
  }
}

TEST(FitObb, TightIsWithinAPercentOfABruteForceSearch) {
  std::mt19937 rng(9);
  std::vector<double> ratios;
  for (int run = 0; run < 24; ++run) {
    const auto p = randomShape(rng, run % 4, 12 + run % 5 * 6);
    const double brute = bruteForceVolume(p);
    const Obb box = fitObb(p.data(), p.size(), FitQuality::Tight).value();
    ratios.push_back(volumeOf(box) / brute);
    EXPECT_LE(ratios.back(), 1.05) << "run " << run;
  }
  std::sort(ratios.begin(), ratios.end());
  EXPECT_LE(ratios[ratios.size() / 2], 1.01);
  RecordProperty("median", std::to_string(ratios[ratios.size() / 2]));
  RecordProperty("worst", std::to_string(ratios.back()));
}

TEST(FitObb, TightFindsATurnedBoxFromItsCornersAndSurface) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int run = 0; run < 20; ++run) {
    const Mat3 r = randomRotation(rng);
    const Vec3 half{3, 1.5, 0.25};
    std::vector<Vec3> p;
    for (int i = 0; i < 200; ++i) {
      Vec3 q{u(rng) * half.x, u(rng) * half.y, u(rng) * half.z};
      q[i % 3] = i % 2 ? half[i % 3] : -half[i % 3];  // on the box's faces
      p.push_back(r * q);
    }
    const Obb box = fitObb(p.data(), p.size(), FitQuality::Tight).value();
    EXPECT_NEAR(volumeOf(box), 8 * half.x * half.y * half.z, 0.01 * 8 * half.x * half.y * half.z) << "run " << run;
  }
}

// Hulls of thousands of vertices, as of a scanned mesh, where the search projects only the
// hull's silhouette: an ellipsoid (its smallest box is the one along its axes, by Hadamard's
// inequality), and a hexagonal prism, whose sides are edge-on to the axis the box is found along.
TEST(FitObb, TightFitsDetailedHullsAsClosely) {
  std::mt19937 rng(33);
  std::normal_distribution<double> g(0, 1);
  std::uniform_real_distribution<double> u(0, 1);
  for (int run = 0; run < 2; ++run) {
    const Mat3 r = randomRotation(rng);
    std::vector<Vec3> ellipsoid, prism;
    for (int i = 0; i < 2000; ++i) {
      const Vec3 q = normalize(Vec3{g(rng), g(rng), g(rng)});
      ellipsoid.push_back(r * Vec3{q.x * 3, q.y * 2, q.z} + Vec3{4, -1, 2});
    }
    for (int i = 0; i < 600; ++i) {
      const double corner = kPi / 3 * (i % 6), t = u(rng), z = i < 12 ? (i < 6 ? -1.5 : 1.5) : 3 * u(rng) - 1.5;
      const Vec3 a{std::cos(corner), std::sin(corner), 0}, b{std::cos(corner + kPi / 3), std::sin(corner + kPi / 3), 0};
      const Vec3 q = i < 12 ? a : a * (1 - t) + b * t;
      prism.push_back(r * Vec3{q.x, q.y, z});
    }
    const double ellipsoidBox = volumeOf(fitObb(ellipsoid.data(), ellipsoid.size(), FitQuality::Tight).value());
    EXPECT_LE(ellipsoidBox, 48 * 1.01) << "run " << run;
    EXPECT_GE(ellipsoidBox, 48 * 0.97) << "run " << run;
    const double prismBox = volumeOf(fitObb(prism.data(), prism.size(), FitQuality::Tight).value());
    EXPECT_NEAR(prismBox, 2 * std::sqrt(3.0) * 3, 1e-3) << "run " << run;
  }
}

TEST(FitObb, TightHardlyChangesWhenThePointsAreTurned) {
  std::mt19937 rng(21);
  for (int kind = 0; kind < 4; ++kind) {
    const auto p = randomShape(rng, kind, 200);
    double lo = INFINITY, hi = 0;
    for (int turn = 0; turn < 8; ++turn) {
      const Mat3 r = randomRotation(rng);
      std::vector<Vec3> q;
      for (const Vec3& x : p) q.push_back(r * x);
      const double v = volumeOf(fitObb(q.data(), q.size(), FitQuality::Tight).value());
      lo = std::min(lo, v), hi = std::max(hi, v);
    }
    EXPECT_LE(hi / lo, 1.05) << "kind " << kind;
    RecordProperty("spread" + std::to_string(kind), std::to_string(hi / lo));
  }
}

TEST(FitObb, TheSamePointsGiveTheSameBox) {
  std::mt19937 rng(8);
  const auto p = randomShape(rng, 2, 500);
  for (const FitQuality quality : {FitQuality::Fast, FitQuality::Tight}) {
    const Obb a = fitObb(p.data(), p.size(), quality).value(), b = fitObb(p.data(), p.size(), quality).value();
    EXPECT_EQ(a.center, b.center);
    EXPECT_EQ(a.halfExtents, b.halfExtents);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(a.axis[k], b.axis[k]);
  }
}

TEST(FitObb, BadPointsAreRejectedAsFitAabbRejectsThem) {
  const Vec3 p[3] = {{0, 0, 0}, {1, 2, 0}, {NAN, 2, 0}};
  for (const FitQuality quality : {FitQuality::Fast, FitQuality::Tight}) {
    EXPECT_EQ(fitObb(p, 3, quality).error().message, "points[2][0] must be finite, got NaN");
    EXPECT_EQ(fitObb(p, 0, quality).error().message, fitAabb(p, 0).error().message);
  }
}
}  // namespace fit_obb_test
