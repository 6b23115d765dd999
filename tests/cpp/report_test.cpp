// The separating-axis report (report.h): labels in test order, where each axis comes from (kind and
// the features of A and B, which the label says too), unit directions, intervals equal to the
// volumes' projections, gaps and verdicts, degenerate axes with reasons, and a penetration that
// is exactly the minimum translation (moving B by it makes the pair touch; anything shorter, in any
// direction, leaves them overlapping).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "sepaxis/sepaxis.h"
#include "unit_reference.h"

namespace report_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;
using namespace sepaxis_unit;

std::vector<std::string> labels(const CollisionReport& r) {
  std::vector<std::string> out;
  for (const AxisReport& a : r.axes) out.push_back(a.label);
  return out;
}

/// "kind featureA featureB", "-" for none: "face u0 -", "edge-edge u0 e(1,-1,0)", "closest-point - -".
std::string source(const AxisReport& x) {
  return std::string(axisKindName(x.kind)) + " " + x.featureA.value_or("-") + " " + x.featureB.value_or("-");
}

std::vector<std::string> sources(const CollisionReport& r) {
  std::vector<std::string> out;
  for (const AxisReport& a : r.axes) out.push_back(source(a));
  return out;
}

/// True when `feature` names a face (face) or an edge direction (!face) of `v`, written from the
/// documented names (report.h): "x" "y" "z" for AABBs, "u0".."u2" for OBBs, "n(i,j,k)" for a
/// k-DOP's slab directions and "e(i,j,k)" for its polytope's edge directions.
bool namesFeatureOf(const std::string& feature, const Volume& v, bool face) {
  if (std::holds_alternative<Aabb>(v)) return std::regex_match(feature, std::regex("[xyz]"));
  if (std::holds_alternative<Obb>(v)) return std::regex_match(feature, std::regex("u[012]"));
  const auto* k = std::get_if<Kdop>(&v);
  if (!k) return false;  // a sphere has no faces or edges
  if (!face) return std::regex_match(feature, std::regex(R"(e\(-?[012],-?[012],-?[012]\))"));
  for (int i = 0; i < k->slabCount(); ++i) {
    const KdopDirection d = kdopDirections(k->k)[i];
    const std::string name = "n(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
    if (feature == name) return true;
  }
  return false;
}

/// What the label must say, given the fields (written here from the documented form, not the core's).
std::string expectedLabel(const AxisReport& x) {
  if (x.kind == AxisKind::ClosestPoint) return "closest-point direction";
  const std::string a = x.featureA ? "A." + *x.featureA : "", b = x.featureB ? "B." + *x.featureB : "";
  if (x.kind == AxisKind::EdgeEdge) return a + " × " + b;
  return x.featureA && x.featureB ? a + " = " + b : a + b;
}

/// Where an axis comes from fits the pair: closest-point directions only with a sphere and with no
/// features, face axes name a face of at least one volume, edge-edge axes an edge of each.
void checkSource(const AxisReport& x, const Volume& a, const Volume& b) {
  EXPECT_EQ(x.label, expectedLabel(x)) << "the label says what the fields say";
  const bool sphere = std::holds_alternative<Sphere>(a) || std::holds_alternative<Sphere>(b);
  switch (x.kind) {
    case AxisKind::ClosestPoint:
      EXPECT_TRUE(sphere) << "only a sphere has a closest-point direction";
      EXPECT_FALSE(x.featureA);
      EXPECT_FALSE(x.featureB);
      break;
    case AxisKind::Face:
      EXPECT_TRUE(x.featureA || x.featureB) << "a face axis is the face of a volume";
      EXPECT_FALSE(x.degenerate) << "a face normal always exists";
      if (x.featureA) {
        EXPECT_TRUE(namesFeatureOf(*x.featureA, a, true)) << *x.featureA;
      }
      if (x.featureB) {
        EXPECT_TRUE(namesFeatureOf(*x.featureB, b, true)) << *x.featureB;
      }
      break;
    case AxisKind::EdgeEdge:
      EXPECT_FALSE(sphere) << "a sphere has no edges";
      ASSERT_TRUE(x.featureA && x.featureB) << "an edge-edge axis names both edges";
      EXPECT_TRUE(namesFeatureOf(*x.featureA, a, false)) << *x.featureA;
      EXPECT_TRUE(namesFeatureOf(*x.featureB, b, false)) << *x.featureB;
      break;
  }
}

double pairScale(const Volume& a, const Volume& b) { return std::max(scaleOf(a), scaleOf(b)); }

/// The projection of a volume onto directions, with its hull points computed once.
class Projector {
 public:
  explicit Projector(const Volume& v) : v_(v), points_(hullPoints(v)) {}
  Interval operator()(Vec3 dir) const {
    if (std::holds_alternative<Sphere>(v_)) return referenceProjection(v_, dir);
    Interval r{kInf, -kInf};
    for (const Vec3& x : points_) r.min = std::min(r.min, dot(x, dir)), r.max = std::max(r.max, dot(x, dir));
    return r;
  }

 private:
  const Volume& v_;
  std::vector<Vec3> points_;
};

/// Largest gap over the non-degenerate axes of the pair's report.
double largestGap(const Volume& a, const Volume& b) {
  double g = -kInf;
  for (const AxisReport& x : collide(a, b).axes)
    if (!x.degenerate) g = std::max(g, x.gap);
  return g;
}

/// Every property of a report that can be checked from the two volumes alone.
void checkReport(const Volume& a, const Volume& b, std::mt19937& rng) {
  SCOPED_TRACE(std::string(typeName(a)) + " vs " + typeName(b));
  const CollisionReport r = collide(a, b);
  const double scale = pairScale(a, b);
  const double tol = 1e-9 * scale;

  EXPECT_EQ(r.overlap, overlaps(a, b)) << "the verdict equals overlaps(a, b)";
  EXPECT_EQ(r.overlap, overlaps(b, a)) << "and overlaps(b, a)";
  ASSERT_FALSE(r.axes.empty());

  const Projector projectA(a), projectB(b);
  int firstSeparating = -1;
  for (int i = 0; i < int(r.axes.size()); ++i) {
    const AxisReport& x = r.axes[size_t(i)];
    SCOPED_TRACE("axis " + std::to_string(i) + " \"" + x.label + "\"");
    EXPECT_FALSE(x.label.empty());
    checkSource(x, a, b);
    if (x.degenerate) {
      EXPECT_FALSE(x.reason.empty()) << "a degenerate axis says why";
      EXPECT_FALSE(x.separating);
      EXPECT_TRUE(vecEq(x.direction, {0, 0, 0})) << "a degenerate axis has no direction";
      continue;
    }
    EXPECT_TRUE(x.reason.empty()) << x.reason;
    EXPECT_NEAR(length(x.direction), 1, 1e-14) << "direction " << str(x.direction);
    const Interval pa = projectA(x.direction), pb = projectB(x.direction);
    EXPECT_NEAR(x.a.min, pa.min, tol);
    EXPECT_NEAR(x.a.max, pa.max, tol);
    EXPECT_NEAR(x.b.min, pb.min, tol);
    EXPECT_NEAR(x.b.max, pb.max, tol);
    EXPECT_NEAR(x.gap, std::max(pb.min - pa.max, pa.min - pb.max), tol);
    EXPECT_NEAR(x.gap, std::max(x.b.min - x.a.max, x.a.min - x.b.max), tol);
    if (std::fabs(x.gap) > tol) {
      EXPECT_EQ(x.separating, x.gap > 0);
    }
    if (x.separating && firstSeparating < 0) firstSeparating = i;
  }
  EXPECT_EQ(r.separatingAxis, firstSeparating);
  EXPECT_EQ(r.overlap, r.separatingAxis == -1);
  EXPECT_EQ(r.hasPenetration, r.overlap);
  if (!r.overlap) return;

  const Penetration& p = r.penetration;
  EXPECT_GE(p.depth, 0);
  EXPECT_NEAR(length(p.normal), 1, 1e-14) << "normal " << str(p.normal);
  // Moving B by depth along the normal makes the pair touch: no axis separates by more than
  // rounding, and one is at zero.
  const Volume moved = translated(b, p.normal * p.depth);
  EXPECT_NEAR(largestGap(a, moved), 0, tol) << "depth " << p.depth << " along " << str(p.normal);
  if (p.depth > tol) {
    EXPECT_TRUE(overlaps(a, translated(b, p.normal * (0.99 * p.depth)))) << "0.99 x depth still overlaps";
    // Nothing shorter separates them, in any direction.
    for (int m = 0; m < 20; ++m) {
      const Vec3 dir = randomUnit(rng);
      EXPECT_TRUE(overlaps(a, translated(b, dir * (0.99 * p.depth))))
          << "0.99 x depth along " << str(dir) << " separates: the depth " << p.depth << " is not the minimum";
    }
  }
}

// ---- Labels.

TEST(CollisionReport, AnObbPairListsFifteenAxesInTestOrder) {
  const Obb a = obbOf({0, 0, 0}, axisAngle({1, 2, 3}, 0.4), {1, 2, 3});
  const Obb b = obbOf({1, 1, 1}, axisAngle({3, -1, 2}, 1.1), {2, 1, 0.5});
  const std::vector<std::string> expected = {"A.u0",        "A.u1",        "A.u2",        "B.u0",        "B.u1",
                                             "B.u2",        "A.u0 × B.u0", "A.u0 × B.u1", "A.u0 × B.u2", "A.u1 × B.u0",
                                             "A.u1 × B.u1", "A.u1 × B.u2", "A.u2 × B.u0", "A.u2 × B.u1", "A.u2 × B.u2"};
  const CollisionReport r = collide(a, b);
  EXPECT_EQ(labels(r), expected);
  // The directions are the axes and their cross products, in that order.
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(std::fabs(dot(r.axes[size_t(i)].direction, a.axis[i])), 1, 1e-14);
    EXPECT_NEAR(std::fabs(dot(r.axes[size_t(3 + i)].direction, b.axis[i])), 1, 1e-14);
    for (int j = 0; j < 3; ++j) {
      const Vec3 c = normalize(cross(a.axis[i], b.axis[j]));
      EXPECT_NEAR(std::fabs(dot(r.axes[size_t(6 + 3 * i + j)].direction, c)), 1, 1e-12);
    }
  }
}

TEST(CollisionReport, AnAabbPairListsTheThreeSharedAxes) {
  const CollisionReport r = collide(aabbOf({0, 0, 0}, {1, 1, 1}), aabbOf({3, 0, 0}, {4, 1, 1}));
  EXPECT_EQ(labels(r), (std::vector<std::string>{"A.x = B.x", "A.y = B.y", "A.z = B.z"}));
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(r.separatingAxis, 0);
  EXPECT_NEAR(r.axes[0].gap, 2, 1e-15);
  EXPECT_TRUE(vecNear(r.axes[0].direction, {1, 0, 0}, 0));
  EXPECT_NEAR(r.axes[0].a.min, 0, 1e-15);
  EXPECT_NEAR(r.axes[0].a.max, 1, 1e-15);
  EXPECT_NEAR(r.axes[0].b.min, 3, 1e-15);
  EXPECT_NEAR(r.axes[0].b.max, 4, 1e-15);
}

TEST(CollisionReport, ASphereAgainstAPolytopeListsItsFacesThenTheClosestPointDirection) {
  const Sphere s = sphereOf({5, 0, 0}, 1);
  const Obb o = obbOf({0, 0, 0}, axisAngle({0, 0, 1}, 0.3), {1, 1, 1});
  EXPECT_EQ(labels(collide(s, o)), (std::vector<std::string>{"B.u0", "B.u1", "B.u2", "closest-point direction"}));
  EXPECT_EQ(labels(collide(o, s)), (std::vector<std::string>{"A.u0", "A.u1", "A.u2", "closest-point direction"}));
  EXPECT_EQ(labels(collide(s, aabbOf({0, 0, 0}, {1, 1, 1}))),
            (std::vector<std::string>{"B.x", "B.y", "B.z", "closest-point direction"}));
}

TEST(CollisionReport, KdopFaceAxesAreLabelledByTheirIntegerDirection) {
  const Kdop k = kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3});
  const CollisionReport r = collide(sphereOf({9, 0, 0}, 1), k);
  ASSERT_GE(r.axes.size(), 4u);
  EXPECT_EQ(r.axes[0].label, "B.n(1,1,1)");
  EXPECT_EQ(r.axes[1].label, "B.n(1,1,-1)");
  EXPECT_EQ(r.axes[2].label, "B.n(1,-1,1)");
  EXPECT_EQ(r.axes[3].label, "B.n(1,-1,-1)");
  const CollisionReport same = collide(k, kdopOf(8, {7, 7, 7, 7}, {9, 9, 9, 9}));
  ASSERT_GE(same.axes.size(), 4u);
  EXPECT_EQ(same.axes[0].label, "A.n(1,1,1) = B.n(1,1,1)");
  EXPECT_EQ(same.axes[3].label, "A.n(1,-1,-1) = B.n(1,-1,-1)");
}

// ---- Where each axis comes from: kind and the features of A and B.

TEST(AxisSource, TheKindsHaveTheirJsNames) {
  EXPECT_STREQ(axisKindName(AxisKind::Face), "face");
  EXPECT_STREQ(axisKindName(AxisKind::EdgeEdge), "edge-edge");
  EXPECT_STREQ(axisKindName(AxisKind::ClosestPoint), "closest-point");
}

TEST(AxisSource, TwoSpheresHaveOneClosestPointAxisOfNeitherVolume) {
  const std::vector<std::string> expected = {"closest-point - -"};
  EXPECT_EQ(sources(collide(sphereOf({0, 0, 0}, 1), sphereOf({3, 0, 0}, 1))), expected);
  const CollisionReport concentric = collide(sphereOf({1, 2, 3}, 1), sphereOf({1, 2, 3}, 0.5));
  EXPECT_EQ(sources(concentric), expected);
  EXPECT_TRUE(concentric.axes[0].degenerate);
}

TEST(AxisSource, ASphereAndABoxHaveTheBoxsFacesThenTheClosestPointDirectionInBothOrders) {
  const Sphere s = sphereOf({5, 0, 0}, 1);
  const Obb o = obbOf({0, 0, 0}, axisAngle({0, 0, 1}, 0.3), {1, 1, 1});
  const Aabb box = aabbOf({0, 0, 0}, {1, 1, 1});
  EXPECT_EQ(sources(collide(s, o)),
            (std::vector<std::string>{"face - u0", "face - u1", "face - u2", "closest-point - -"}));
  EXPECT_EQ(sources(collide(o, s)),
            (std::vector<std::string>{"face u0 -", "face u1 -", "face u2 -", "closest-point - -"}));
  EXPECT_EQ(sources(collide(s, box)),
            (std::vector<std::string>{"face - x", "face - y", "face - z", "closest-point - -"}));
  EXPECT_EQ(sources(collide(box, s)),
            (std::vector<std::string>{"face x -", "face y -", "face z -", "closest-point - -"}));
  // The centre inside: the closest-point direction does not exist, and is still nobody's feature.
  const CollisionReport inside = collide(sphereOf({0.2, 0, 0}, 0.5), o);
  EXPECT_TRUE(inside.axes.back().degenerate);
  EXPECT_EQ(source(inside.axes.back()), "closest-point - -");
}

TEST(AxisSource, ASphereAndAKdopHaveTheSlabDirectionsInBothOrders) {
  const Sphere s = sphereOf({9, 0, 0}, 1);
  const Kdop k = kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3});
  EXPECT_EQ(sources(collide(s, k)), (std::vector<std::string>{"face - n(1,1,1)", "face - n(1,1,-1)", "face - n(1,-1,1)",
                                                              "face - n(1,-1,-1)", "closest-point - -"}));
  EXPECT_EQ(sources(collide(k, s)), (std::vector<std::string>{"face n(1,1,1) -", "face n(1,1,-1) -", "face n(1,-1,1) -",
                                                              "face n(1,-1,-1) -", "closest-point - -"}));
}

TEST(AxisSource, TwoAabbsShareTheirThreeFaceNormals) {
  EXPECT_EQ(sources(collide(aabbOf({0, 0, 0}, {1, 1, 1}), aabbOf({3, 0, 0}, {4, 1, 1}))),
            (std::vector<std::string>{"face x x", "face y y", "face z z"}));
}

TEST(AxisSource, AnObbPairNamesOneFaceOrTheTwoEdgesOfEachAxis) {
  const Obb a = obbOf({0, 0, 0}, axisAngle({1, 2, 3}, 0.4), {1, 2, 3});
  const Obb b = obbOf({1, 1, 1}, axisAngle({3, -1, 2}, 1.1), {2, 1, 0.5});
  const std::vector<std::string> expected = {"face u0 -",       "face u1 -",       "face u2 -",       "face - u0",
                                             "face - u1",       "face - u2",       "edge-edge u0 u0", "edge-edge u0 u1",
                                             "edge-edge u0 u2", "edge-edge u1 u0", "edge-edge u1 u1", "edge-edge u1 u2",
                                             "edge-edge u2 u0", "edge-edge u2 u1", "edge-edge u2 u2"};
  EXPECT_EQ(sources(collide(a, b)), expected);
  EXPECT_EQ(sources(collide(b, a)), expected);
}

TEST(AxisSource, AnAabbAndAnObbNameWorldAndLocalAxesInBothOrders) {
  const Aabb box = aabbOf({0, 0, 0}, {1, 1, 1});
  const Obb o = obbOf({1, 2, 0}, axisAngle({1, 2, 3}, 0.4), {1, 2, 3});
  EXPECT_EQ(sources(collide(box, o)),
            (std::vector<std::string>{"face x -", "face y -", "face z -", "face - u0", "face - u1", "face - u2",
                                      "edge-edge x u0", "edge-edge x u1", "edge-edge x u2", "edge-edge y u0",
                                      "edge-edge y u1", "edge-edge y u2", "edge-edge z u0", "edge-edge z u1",
                                      "edge-edge z u2"}));
  EXPECT_EQ(sources(collide(o, box)),
            (std::vector<std::string>{"face u0 -", "face u1 -", "face u2 -", "face - x", "face - y", "face - z",
                                      "edge-edge u0 x", "edge-edge u0 y", "edge-edge u0 z", "edge-edge u1 x",
                                      "edge-edge u1 y", "edge-edge u1 z", "edge-edge u2 x", "edge-edge u2 y",
                                      "edge-edge u2 z"}));
}

TEST(AxisSource, AnObbAndAKdopNameTheKdopsSlabAndEdgeDirectionsInBothOrders) {
  const Obb o = obbOf({0, 0, 0}, axisAngle({1, 2, 3}, 0.4), {1, 2, 3});
  const Kdop k = kdopOf(8, {1, 1, 1, 1}, {3, 3, 3, 3});
  const std::vector<std::string> ab = sources(collide(o, k)), ba = sources(collide(k, o));
  // Three faces of the box, four slab directions of the 8-DOP, then 3 x 6 edge pairs; the 8-DOP's
  // first edge direction is (1,1,1) x (1,1,-1) = (-2,2,0), written primitive as (1,-1,0).
  ASSERT_EQ(ab.size(), 3u + 4u + 18u);
  EXPECT_EQ(std::vector<std::string>(ab.begin(), ab.begin() + 8),
            (std::vector<std::string>{"face u0 -", "face u1 -", "face u2 -", "face - n(1,1,1)", "face - n(1,1,-1)",
                                      "face - n(1,-1,1)", "face - n(1,-1,-1)", "edge-edge u0 e(1,-1,0)"}));
  ASSERT_EQ(ba.size(), ab.size());
  EXPECT_EQ(std::vector<std::string>(ba.begin(), ba.begin() + 8),
            (std::vector<std::string>{"face n(1,1,1) -", "face n(1,1,-1) -", "face n(1,-1,1) -", "face n(1,-1,-1) -",
                                      "face - u0", "face - u1", "face - u2", "edge-edge e(1,-1,0) u0"}));
  std::mt19937 rng(12345);
  checkReport(o, k, rng);
  checkReport(k, o, rng);
}

TEST(AxisSource, AnAabbAndAKdopShareTheWorldAxesAsOneFaceOfEach) {
  const Aabb box = aabbOf({0, 0, 0}, {1, 1, 1});
  const Kdop k = kdopOf(18, {2, -1, -1, 1, 1, -1, -1, -1, -1}, {3, 1, 1, 4, 4, 2, 2, 2, 2});
  const std::vector<std::string> ab = sources(collide(box, k)), ba = sources(collide(k, box));
  ASSERT_GE(ab.size(), 5u);
  EXPECT_EQ(std::vector<std::string>(ab.begin(), ab.begin() + 5),
            (std::vector<std::string>{"face x n(1,0,0)", "face y n(0,1,0)", "face z n(0,0,1)", "face - n(1,1,0)",
                                      "face - n(1,-1,0)"}));
  EXPECT_EQ(collide(box, k).axes[0].label, "A.x = B.n(1,0,0)");
  ASSERT_GE(ba.size(), 5u);
  EXPECT_EQ(std::vector<std::string>(ba.begin(), ba.begin() + 5),
            (std::vector<std::string>{"face n(1,0,0) x", "face n(0,1,0) y", "face n(0,0,1) z", "face n(1,1,0) -",
                                      "face n(1,-1,0) -"}));
  std::mt19937 rng(12345);
  checkReport(box, k, rng);
  checkReport(k, box, rng);
}

TEST(AxisSource, KdopsWithTheSameDirectionsShareEveryFaceNormal) {
  const Kdop a = kdopOf(8, {-3, -3, -3, -3}, {3, 3, 3, 3}), b = kdopOf(8, {7, 7, 7, 7}, {9, 9, 9, 9});
  const CollisionReport r = collide(a, b);
  const std::vector<std::string> ab = sources(r);
  ASSERT_GE(ab.size(), 5u);
  EXPECT_EQ(std::vector<std::string>(ab.begin(), ab.begin() + 4),
            (std::vector<std::string>{"face n(1,1,1) n(1,1,1)", "face n(1,1,-1) n(1,1,-1)", "face n(1,-1,1) n(1,-1,1)",
                                      "face n(1,-1,-1) n(1,-1,-1)"}));
  for (size_t i = 4; i < r.axes.size(); ++i) EXPECT_EQ(r.axes[i].kind, AxisKind::EdgeEdge) << r.axes[i].label;
  // A 6-DOP and a 26-DOP share x, y and z; the 26-DOP's other ten directions are its own.
  const Kdop k6 = kdopOf(6, {0, 0, 0}, {1, 1, 1});
  const Kdop k26 = kdopOf(26, std::vector<double>(13, -5), std::vector<double>(13, 5));
  const CollisionReport small = collide(k6, k26), large = collide(k26, k6);
  EXPECT_EQ(source(small.axes[0]), "face n(1,0,0) n(1,0,0)");
  EXPECT_EQ(source(large.axes[2]), "face n(0,0,1) n(0,0,1)");
  EXPECT_EQ(source(small.axes[3]), "face - n(1,1,1)");
  EXPECT_EQ(source(large.axes[3]), "face n(1,1,1) -");
  std::mt19937 rng(12345);
  for (const auto& [p, q] : {std::pair<Kdop, Kdop>{a, b}, {b, a}, {k6, k26}, {k26, k6}}) checkReport(p, q, rng);
}

TEST(AxisSource, ParallelEdgesAreADegenerateEdgeEdgeAxisThatNamesBothEdges) {
  const Obb a = obbOf({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1});
  const Obb b = obbOf({1.5, 0.5, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 2, 1});
  const CollisionReport pair = collide(a, b);
  const AxisReport& boxes = pair.axes[6];
  EXPECT_TRUE(boxes.degenerate);
  EXPECT_EQ(source(boxes), "edge-edge u0 u0");
  EXPECT_NE(boxes.reason.find("A.u0 and B.u0"), std::string::npos) << boxes.reason;
  // An axis-aligned box and a 26-DOP: its edge direction (1,0,0) runs along the box's u0.
  const Kdop k = kdopOf(26, std::vector<double>(13, -1), std::vector<double>(13, 1));
  for (const bool boxFirst : {true, false}) {
    const CollisionReport r = boxFirst ? collide(a, k) : collide(k, a);
    const std::string parallel = boxFirst ? "edge-edge u0 e(1,0,0)" : "edge-edge e(1,0,0) u0";
    const auto x =
        std::find_if(r.axes.begin(), r.axes.end(), [&](const AxisReport& x) { return source(x) == parallel; });
    ASSERT_NE(x, r.axes.end()) << parallel;
    EXPECT_TRUE(x->degenerate);
    EXPECT_EQ(x->label, boxFirst ? "A.u0 × B.e(1,0,0)" : "A.e(1,0,0) × B.u0");
  }
}

// ---- Degenerate axes.

TEST(CollisionReport, TwoAxisAlignedObbsHaveExactlyTheParallelEdgePairsDegenerate) {
  const Obb a = obbOf({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1});
  const Obb b = obbOf({1.5, 0.5, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 2, 1});
  const CollisionReport r = collide(a, b);
  ASSERT_EQ(r.axes.size(), 15u);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const AxisReport& x = r.axes[size_t(6 + 3 * i + j)];
      EXPECT_EQ(x.degenerate, i == j) << x.label;
      if (i == j) {
        EXPECT_FALSE(x.reason.empty()) << x.label;
      }
    }
  std::mt19937 rng(12345);
  checkReport(a, b, rng);
}

TEST(CollisionReport, AQuarterTurnedPairHasTheParallelPairsDegenerate) {
  const Obb a = obbOf({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1});
  const Obb b = obbOf({0.5, 0.5, 3}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {1, 2, 1});  // u0 || y, u1 || x
  const CollisionReport r = collide(a, b);
  ASSERT_EQ(r.axes.size(), 15u);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const bool parallel = (i == 0 && j == 1) || (i == 1 && j == 0) || (i == 2 && j == 2);
      EXPECT_EQ(r.axes[size_t(6 + 3 * i + j)].degenerate, parallel) << r.axes[size_t(6 + 3 * i + j)].label;
    }
}

TEST(CollisionReport, AGenerallyRotatedPairHasNoDegenerateAxis) {
  const CollisionReport r = collide(obbOf({0, 0, 0}, axisAngle({1, 2, 3}, 0.4), {1, 2, 3}),
                                    obbOf({1, 1, 1}, axisAngle({3, -1, 2}, 1.1), {2, 1, 0.5}));
  for (const AxisReport& x : r.axes) EXPECT_FALSE(x.degenerate) << x.label;
}

// ---- Concrete pairs.

// A is the cube |x|, |y|, |z| <= 1. B is a unit-half-extent cube whose edge along u0 = (1,-1,0)/sqrt2
// faces A's edge along z at x = y = 1; B's centre is at D (1,1,0)/sqrt2. Along w = (1,1,0)/sqrt2 both
// reach sqrt2 towards each other, so z x u0 (parallel to w) separates them exactly when D > 2 sqrt2,
// while no face axis does.
Obb edgeFacingCube(double d) {
  const double h = std::sqrt(0.5);
  return obbOf({d * h, d * h, 0}, {h, -h, 0}, {0.5, 0.5, h}, {-0.5, -0.5, h}, {1, 1, 1});
}

TEST(CollisionReport, AnObbPairSeparatedOnlyByAnEdgeEdgeAxisIsReportedApart) {
  const Obb a = obbOf({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1});
  const Obb b = edgeFacingCube(2 * std::sqrt(2.0) + 0.01);
  const CollisionReport r = collide(a, b);
  EXPECT_FALSE(r.overlap);
  EXPECT_FALSE(overlaps(a, b));
  ASSERT_GE(r.separatingAxis, 0);
  for (int i = 0; i < 6; ++i) EXPECT_FALSE(r.axes[size_t(i)].separating) << r.axes[size_t(i)].label;
  const AxisReport& x = r.axes[size_t(r.separatingAxis)];
  EXPECT_EQ(x.label, "A.u2 × B.u0");
  EXPECT_NEAR(x.gap, 0.01, 1e-12);
  EXPECT_NEAR(std::fabs(dot(x.direction, {std::sqrt(0.5), std::sqrt(0.5), 0})), 1, 1e-14);
  std::mt19937 rng(12345);
  checkReport(a, b, rng);
}

TEST(CollisionReport, AnObbPairOverlappingOnlyAcrossTheirEdgesPenetratesAlongTheEdgeAxis) {
  const Obb a = obbOf({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1});
  const Obb b = edgeFacingCube(2 * std::sqrt(2.0) - 0.01);
  const CollisionReport r = collide(a, b);
  EXPECT_TRUE(r.overlap);
  ASSERT_TRUE(r.hasPenetration);
  EXPECT_NEAR(r.penetration.depth, 0.01, 1e-12);
  EXPECT_TRUE(vecNear(r.penetration.normal, {std::sqrt(0.5), std::sqrt(0.5), 0}, 1e-12));
  std::mt19937 rng(12345);
  checkReport(a, b, rng);
}

TEST(CollisionReport, TwoSpheresAreComparedAlongTheirCentreLine) {
  const Sphere a = sphereOf({0, 0, 0}, 1);
  const CollisionReport apart = collide(a, sphereOf({3, 0, 0}, 1.5));
  ASSERT_EQ(apart.axes.size(), 1u);
  EXPECT_FALSE(apart.overlap);
  EXPECT_EQ(apart.separatingAxis, 0);
  EXPECT_TRUE(vecNear(apart.axes[0].direction, {1, 0, 0}, 1e-15));
  EXPECT_NEAR(apart.axes[0].a.min, -1, 1e-15);
  EXPECT_NEAR(apart.axes[0].a.max, 1, 1e-15);
  EXPECT_NEAR(apart.axes[0].b.min, 1.5, 1e-15);
  EXPECT_NEAR(apart.axes[0].b.max, 4.5, 1e-15);
  EXPECT_NEAR(apart.axes[0].gap, 0.5, 1e-15);
  EXPECT_FALSE(apart.hasPenetration);

  const CollisionReport deep = collide(a, sphereOf({0, 2, 0}, 1.5));
  EXPECT_TRUE(deep.overlap);
  ASSERT_TRUE(deep.hasPenetration);
  EXPECT_NEAR(deep.penetration.depth, 0.5, 1e-15);
  EXPECT_TRUE(vecNear(deep.penetration.normal, {0, 1, 0}, 1e-15));
  std::mt19937 rng(12345);
  checkReport(a, sphereOf({0, 2, 0}, 1.5), rng);
  checkReport(a, sphereOf({3, 0, 0}, 1.5), rng);
}

TEST(CollisionReport, TwoConcentricSpheresHaveADegenerateCentreLineAndSeparateByTheirRadii) {
  const Sphere a = sphereOf({1, 2, 3}, 1), b = sphereOf({1, 2, 3}, 0.5);
  const CollisionReport r = collide(a, b);
  ASSERT_EQ(r.axes.size(), 1u);
  EXPECT_TRUE(r.axes[0].degenerate);
  EXPECT_FALSE(r.axes[0].reason.empty());
  EXPECT_TRUE(r.overlap);
  ASSERT_TRUE(r.hasPenetration);
  EXPECT_NEAR(r.penetration.depth, 1.5, 1e-15);
  EXPECT_NEAR(length(r.penetration.normal), 1, 1e-15);
  std::mt19937 rng(12345);
  checkReport(a, b, rng);
}

TEST(CollisionReport, ASphereWithItsCentreInsideAnObbHasADegenerateClosestPointAxis) {
  const Sphere s = sphereOf({0.5, 0.2, 0}, 0.5);
  const Obb o = obbOf({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {2, 1, 3});
  const CollisionReport r = collide(s, o);
  ASSERT_EQ(r.axes.size(), 4u);
  EXPECT_EQ(r.axes[3].label, "closest-point direction");
  EXPECT_TRUE(r.axes[3].degenerate);
  EXPECT_FALSE(r.axes[3].reason.empty());
  EXPECT_TRUE(r.overlap);
  ASSERT_TRUE(r.hasPenetration);
  // The nearest face is y = 1, 0.8 from the centre: B must move down by 0.8 + 0.5.
  EXPECT_NEAR(r.penetration.depth, 1.3, 1e-15);
  EXPECT_TRUE(vecNear(r.penetration.normal, {0, -1, 0}, 1e-15));
  std::mt19937 rng(12345);
  checkReport(s, o, rng);
  checkReport(o, s, rng);
  const CollisionReport rotated = collide(s, obbOf({0, 0, 0}, axisAngle({1, 1, 1}, 0.3), {2, 1, 3}));
  EXPECT_TRUE(rotated.axes.back().degenerate);
  checkReport(s, obbOf({0, 0, 0}, axisAngle({1, 1, 1}, 0.3), {2, 1, 3}), rng);
}

TEST(CollisionReport, TwoOverlappingAabbsPenetrateAlongTheShallowestAxis) {
  const Aabb a = aabbOf({0, 0, 0}, {1, 1, 1}), b = aabbOf({0.5, -0.5, 0.25}, {2, 0.9, 3});
  const CollisionReport r = collide(a, b);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.separatingAxis, -1);
  ASSERT_TRUE(r.hasPenetration);
  // Overlaps: x 0.5, y 0.9 (push down) or 1.4 (push up), z 0.75: the x axis, B moves +x.
  EXPECT_NEAR(r.penetration.depth, 0.5, 1e-15);
  EXPECT_TRUE(vecNear(r.penetration.normal, {1, 0, 0}, 1e-15));
  std::mt19937 rng(12345);
  checkReport(a, b, rng);
}

TEST(CollisionReport, TouchingBoxesOverlapWithZeroDepth) {
  const Aabb a = aabbOf({0, 0, 0}, {1, 1, 1}), b = aabbOf({1, 0, 0}, {2, 1, 1});
  const CollisionReport r = collide(a, b);
  EXPECT_TRUE(r.overlap);
  ASSERT_TRUE(r.hasPenetration);
  EXPECT_EQ(r.penetration.depth, 0);
  EXPECT_EQ(r.axes[0].gap, 0);
  EXPECT_FALSE(r.axes[0].separating);
}

// ---- Every type pair, random.

Volume randomVolume(std::mt19937& rng, int type) {
  std::uniform_real_distribution<double> size(0.2, 2);
  switch (type) {
    case 0: return sphereOf(randomVec(rng, -1.5, 1.5), size(rng));
    case 1: {
      const Vec3 c = randomVec(rng, -1.5, 1.5), h = randomVec(rng, 0.2, 2);
      return aabbOf(c - h, c + h);
    }
    case 2: return obbOf(randomVec(rng, -1.5, 1.5), randomQuat(rng), randomVec(rng, 0.2, 2));
    default: return randomKdop(rng, randomK(rng), randomVec(rng, -1.5, 1.5), 0.2, 2);
  }
}

TEST(CollisionReport, EveryTypePairSatisfiesTheReportInvariants) {
  std::mt19937 rng(12345);
  const char* names[] = {"sphere", "aabb", "obb", "kdop"};
  for (int ta = 0; ta < 4; ++ta)
    for (int tb = 0; tb < 4; ++tb) {
      int overlapping = 0;
      for (int n = 0; n < 40; ++n) {
        const Volume a = randomVolume(rng, ta), b = randomVolume(rng, tb);
        overlapping += overlaps(a, b);
        checkReport(a, b, rng);
        if (::testing::Test::HasFailure()) return;  // one pair's report is enough to read
      }
      // The random placement must exercise both verdicts.
      EXPECT_GT(overlapping, 0) << names[ta] << " vs " << names[tb];
      EXPECT_LT(overlapping, 40) << names[ta] << " vs " << names[tb];
    }
}

TEST(AxisSource, SwappingAAndBSwapsTheFeaturesOfEveryFaceAxis) {
  std::mt19937 rng(20261123);
  const auto swapped = [](const AxisReport& x) {
    return std::string(axisKindName(x.kind)) + " " + x.featureB.value_or("-") + " " + x.featureA.value_or("-");
  };
  for (int ta = 0; ta < 4; ++ta)
    for (int tb = 0; tb < 4; ++tb)
      for (int n = 0; n < 5; ++n) {
        const Volume a = randomVolume(rng, ta), b = randomVolume(rng, tb);
        const CollisionReport ab = collide(a, b), ba = collide(b, a);
        // Face and closest-point axes come in both orders, with A's and B's features swapped;
        // edge-edge axes too as a count (k-DOP pairs keep the first edge pair of each direction).
        std::vector<std::string> forward, backward;
        for (const AxisReport& x : ab.axes) forward.push_back(x.kind == AxisKind::EdgeEdge ? "edge-edge" : source(x));
        for (const AxisReport& x : ba.axes) backward.push_back(x.kind == AxisKind::EdgeEdge ? "edge-edge" : swapped(x));
        std::sort(forward.begin(), forward.end());
        std::sort(backward.begin(), backward.end());
        EXPECT_EQ(forward, backward) << typeName(a) << " vs " << typeName(b);
      }
}

TEST(CollisionReport, FarFromTheOriginTheIntervalsKeepTheVolumesSizes) {
  std::mt19937 rng(12345);
  const Vec3 far{1e5, -2e5, 3e5};
  const Volume a = obbOf(far, axisAngle({1, 2, 3}, 0.4), {1, 2, 3});
  const Volume b = obbOf(far + Vec3{1, 1, 1}, axisAngle({3, -1, 2}, 1.1), {2, 1, 0.5});
  const CollisionReport r = collide(a, b);
  for (const AxisReport& x : r.axes) {
    if (x.degenerate) continue;
    const Interval pa = referenceProjection(a, x.direction);
    EXPECT_NEAR(x.a.max - x.a.min, pa.max - pa.min, 1e-9) << x.label;
  }
  checkReport(a, b, rng);
}

// touching: within the exactness band of the boundary (tolerance::kTouchingBand), with either
// verdict. Moving B by the MTV lands there for every type pair; clear overlaps and clear gaps
// are not touching; the flag is the same in both orders.
TEST(CollisionReport, TouchingAfterAMoveByTheMtvAndNotForClearPairs) {
  std::mt19937 rng(20261124);
  for (int ta = 0; ta < 4; ++ta)
    for (int tb = 0; tb < 4; ++tb) {
      int moved = 0;
      for (int n = 0; n < 200 && moved < 25; ++n) {
        const Volume a = randomVolume(rng, ta), b = randomVolume(rng, tb);
        const CollisionReport r = collide(a, b);
        if (!r.overlap || r.penetration.depth < 1e-3) continue;
        ++moved;
        EXPECT_FALSE(r.touching) << typeName(a) << " vs " << typeName(b) << " overlapping by " << r.penetration.depth;
        const Vec3 mtv = r.penetration.normal * r.penetration.depth;
        const CollisionReport atMtv = collide(a, translated(b, mtv));
        EXPECT_TRUE(atMtv.touching) << typeName(a) << " vs " << typeName(b) << " moved by the MTV, overlap "
                                    << atMtv.overlap;
        EXPECT_EQ(collide(translated(b, mtv), a).touching, atMtv.touching) << typeName(a) << " vs " << typeName(b);
        const CollisionReport apart = collide(a, translated(b, mtv * 1.5 + r.penetration.normal * 0.1));
        EXPECT_FALSE(apart.overlap);
        EXPECT_FALSE(apart.touching) << typeName(a) << " vs " << typeName(b) << " moved past the MTV";
      }
      EXPECT_GT(moved, 5) << ta << " vs " << tb;
    }
}

TEST(CollisionReport, TouchingIsTheBandAroundTheBoundary) {
  const Volume a = sphereOf({0, 0, 0}, 1);
  for (double gap : {0.0, 1e-9, -1e-9, 1e-7, -1e-7})
    EXPECT_TRUE(collide(a, sphereOf({2 + gap, 0, 0}, 1)).touching) << gap;
  for (double gap : {1e-5, -1e-5, 0.1, -0.1}) EXPECT_FALSE(collide(a, sphereOf({2 + gap, 0, 0}, 1)).touching) << gap;
  // Faces that meet, far from the origin and at huge and tiny scales (range-scaled pairs).
  for (double s : {1.0, 1e300, 1e-300}) {
    const Volume p = aabbOf(Vec3{0, 0, 0} * s, Vec3{1, 1, 1} * s), q = aabbOf(Vec3{1, 0.5, 0.5} * s, Vec3{2, 2, 2} * s);
    EXPECT_TRUE(collide(p, q).touching) << s;
    EXPECT_FALSE(collide(p, aabbOf(Vec3{1.01, 0.5, 0.5} * s, Vec3{2, 2, 2} * s)).touching) << s;
  }
}

TEST(CollisionReport, TouchingIsJudgedBeforeIntervalsPassTheDoubleRange) {
  // Spheres at +-1e308: their intervals reach 2.5e308, infinite as doubles once scaled back.
  const Volume deep[] = {sphereOf({-1e308, 0, 0}, 1.5e308), sphereOf({1e308, 0, 0}, 1.5e308)};
  const CollisionReport r = collide(deep[0], deep[1]);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.penetration.depth, 1e308);
  EXPECT_FALSE(r.touching) << "overlapping by 1e308 of 3e308";
  const CollisionReport t = collide(sphereOf({-1e308, 0, 0}, 1e308), sphereOf({1e308, 0, 0}, 1e308));
  EXPECT_TRUE(t.touching) << "centres 2e308 apart, radii 1e308 each";
  EXPECT_FALSE(collide(sphereOf({-1e308, 0, 0}, 0.9e308), sphereOf({1e308, 0, 0}, 0.9e308)).touching);
  const Volume boxes[] = {obbOf({-1e308, 0, 0}, axisAngle({0, 0, 1}, 0.7), {1.5e308, 1.5e308, 1.5e308}),
                          aabbOf({0.5e308, -1, -1}, {1.7e308, 1, 1})};
  EXPECT_FALSE(collide(boxes[0], boxes[1]).touching);
  EXPECT_TRUE(collide(boxes[0], boxes[1]).overlap);
}

}  // namespace
}  // namespace report_test
