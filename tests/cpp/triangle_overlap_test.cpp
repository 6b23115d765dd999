// Triangles in overlaps() and collide(), by hand: the axes of each pair (13 against a box, 11 for two
// triangles, the in-plane side normals where flat pairs need them), touching at margin 0, coplanar
// and parallel edges, slivers and degenerate triangles, 1e150 and 1e-150 coordinates; every verdict
// in both orders and from both calls.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sepaxis/sepaxis.h"

namespace triangle_overlap_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;

Triangle tri(Vec3 a, Vec3 b, Vec3 c) { return makeTriangle(a, b, c).value(); }
Aabb box(Vec3 lo, Vec3 hi) { return makeAabb(lo, hi).value(); }

// overlaps and collide, both orders: all say `expected`.
::testing::AssertionResult verdictIs(const Volume& a, const Volume& b, bool expected) {
  const bool ab = overlaps(a, b), ba = overlaps(b, a);
  const bool cab = collide(a, b).overlap, cba = collide(b, a).overlap;
  if (ab == expected && ba == expected && cab == expected && cba == expected) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "overlaps(a, b) " << ab << ", overlaps(b, a) " << ba << ", collide(a, b) "
                                       << cab << ", collide(b, a) " << cba << "; expected " << expected;
}

const AxisReport& separatingAxis(const CollisionReport& r) { return r.axes.at(size_t(r.separatingAxis)); }

Triangle scaledTriangle(const Triangle& t, double f) { return {t.a * f, t.b * f, t.c * f}; }

// ---- Against boxes: the box's 3 faces, the normal, 9 edge crosses.

TEST(TriangleBox, ReportsThirteenAxesInOrder) {
  const Triangle t = tri({0, 0, 2}, {1, 0, 2}, {0, 1, 2.5});
  const CollisionReport r = collide(box({-1, -1, -1}, {1, 1, 1}), t);
  ASSERT_EQ(r.axes.size(), 13u);
  EXPECT_EQ(r.axes[0].label, "A.x");
  EXPECT_EQ(r.axes[2].label, "A.z");
  EXPECT_EQ(r.axes[3].label, "B.n");
  EXPECT_EQ(r.axes[3].kind, AxisKind::Face);
  // The AABB's edges in the 6-DOP's edge order (z = x × y first), as against k-DOPs.
  EXPECT_EQ(r.axes[4].label, "A.z × B.ab");
  EXPECT_EQ(r.axes[4].kind, AxisKind::EdgeEdge);
  EXPECT_EQ(r.axes[12].label, "A.x × B.ca");
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(separatingAxis(r).label, "A.z");
  // The other order lists the triangle's axes first.
  const CollisionReport s = collide(t, box({-1, -1, -1}, {1, 1, 1}));
  ASSERT_EQ(s.axes.size(), 13u);
  EXPECT_EQ(s.axes[0].label, "A.n");
  EXPECT_EQ(s.axes[1].label, "B.x");
  EXPECT_EQ(s.axes[4].label, "A.ab × B.z");
}

TEST(TriangleBox, TouchingAFaceAtMarginZeroOverlaps) {
  const Aabb b = box({-1, -1, -1}, {1, 1, 1});
  EXPECT_TRUE(verdictIs(b, tri({0, 0, 1}, {3, 0, 1}, {0, 3, 1}), true));  // lying on the face
  EXPECT_TRUE(verdictIs(b, tri({1, 1, 1}, {3, 1, 4}, {2, 5, 4}), true));  // one corner on the box's corner
  EXPECT_TRUE(verdictIs(b, tri({0, 0, 1.001}, {3, 0, 1.001}, {0, 3, 1.001}), false));
  EXPECT_TRUE(verdictIs(b, tri({0.5, 0.5, 0.5}, {0.6, 0.5, 0.5}, {0.5, 0.6, 0.5}), true));  // inside
  const Obb o = makeObb({0, 0, 0}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {1, 1, 1}).value();
  EXPECT_TRUE(verdictIs(o, tri({0, 0, 1}, {3, 0, 1}, {0, 3, 1}), true));
  EXPECT_TRUE(verdictIs(o, tri({0, 0, 1.001}, {3, 0, 1.001}, {0, 3, 1.001}), false));
}

// An edge of the triangle across the box's edge along x at y = z = 1, the two `gap` apart along
// w = (0, 1, 1)/sqrt2: every face axis overlaps, only x × the edge separates.
Triangle acrossTheBoxEdge(double gap) {
  const double s = std::sqrt(0.5);
  const Vec3 w{0, s, s}, e{0, s, -s};
  const Vec3 p = Vec3{0, 1, 1} + w * gap;
  return tri(p - e, p + e, p + w + Vec3{0.3, 0, 0});
}

TEST(TriangleBox, AnEdgeCrossSeparatesWhereNoFaceDoes) {
  const Aabb b = box({-1, -1, -1}, {1, 1, 1});
  EXPECT_TRUE(verdictIs(b, acrossTheBoxEdge(1e-4), false));
  EXPECT_TRUE(verdictIs(b, acrossTheBoxEdge(-1e-4), true));
  EXPECT_TRUE(verdictIs(b, acrossTheBoxEdge(0), true));
  const CollisionReport r = collide(b, acrossTheBoxEdge(1e-4));
  EXPECT_EQ(separatingAxis(r).kind, AxisKind::EdgeEdge);
  EXPECT_EQ(separatingAxis(r).label, "A.x × B.ab");
  EXPECT_NEAR(separatingAxis(r).gap, 1e-4, 1e-15);
}

TEST(TriangleBox, EdgesParallelToTheBoxsAreNoAxes) {
  // ab runs along x: A.x × B.ab is zero, reported degenerate, and decides nothing.
  const Triangle t = tri({-2, 1.5, 0}, {2, 1.5, 0}, {0, 3, 0});
  const CollisionReport r = collide(box({-1, -1, -1}, {1, 1, 1}), t);
  EXPECT_EQ(r.axes[10].label, "A.x × B.ab");
  EXPECT_TRUE(r.axes[10].degenerate);
  EXPECT_NE(r.axes[10].reason.find("parallel"), std::string::npos);
  EXPECT_FALSE(r.overlap);
  EXPECT_TRUE(verdictIs(box({-1, -1, -1}, {1, 1, 1}), t, false));
  EXPECT_TRUE(verdictIs(box({-1, -1, -1}, {1, 1.5, 1}), t, true));
}

TEST(TriangleBox, DegenerateTrianglesAreTheirSegmentOrPoint) {
  const Aabb b = box({-1, -1, -1}, {1, 1, 1});
  // A segment skimming past the box's edge, apart only along x × the segment.
  const double s = std::sqrt(0.5);
  const Vec3 w{0, s, s}, e{0, s, -s};
  const Vec3 p = Vec3{0, 1, 1} + w * 1e-4;
  EXPECT_TRUE(verdictIs(b, tri(p - e, p + e, p), false));      // collinear corners
  EXPECT_TRUE(verdictIs(b, tri(p - e, p + e, p + e), false));  // two corners coincide
  const Vec3 q = Vec3{0, 1, 1} - w * 1e-4;
  EXPECT_TRUE(verdictIs(b, tri(q - e, q + e, q), true));
  EXPECT_TRUE(verdictIs(b, tri({1, 1, 1}, {1, 1, 1}, {1, 1, 1}), true));  // a point on the corner
  EXPECT_TRUE(verdictIs(b, tri({1, 1, 1.001}, {1, 1, 1.001}, {1, 1, 1.001}), false));
  // No normal: the report has no face axis of the triangle.
  EXPECT_EQ(collide(b, tri(p - e, p + e, p)).axes.size(), 12u);
}

// ---- Two triangles: 2 normals and 9 edge crosses; coplanar ones also the sides' normals.

TEST(TriangleTriangle, ReportsElevenAxesWhenThePlanesCross) {
  const Triangle a = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  const Triangle b = tri({0.2, 0.2, -1}, {0.3, 0.2, 1}, {0.2, 0.3, 1});
  const CollisionReport r = collide(a, b);
  ASSERT_EQ(r.axes.size(), 11u);
  EXPECT_EQ(r.axes[0].label, "A.n");
  EXPECT_EQ(r.axes[1].label, "B.n");
  EXPECT_EQ(r.axes[2].label, "A.ab × B.ab");
  EXPECT_TRUE(r.overlap);
  EXPECT_TRUE(verdictIs(a, b, true));
  EXPECT_TRUE(verdictIs(a, tri({0.2, 0.2, 0.001}, {0.3, 0.2, 1}, {0.2, 0.3, 1}), false));
  EXPECT_TRUE(verdictIs(a, tri({0.2, 0.2, 0}, {0.3, 0.2, 1}, {0.2, 0.3, 1}), true));  // a corner on a's face
}

TEST(TriangleTriangle, CoplanarPairsAreSeparatedByTheSidesNormals) {
  const Triangle a = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  // In a's plane, beyond its side bc (x + y = 1) by 1e-3 along (1, 1)/sqrt2.
  const double d = 1e-3 * std::sqrt(2.0);
  const Triangle apart = tri({0.5 + d, 0.5 + d, 0}, {2, 0.6, 0}, {0.6, 2, 0});
  EXPECT_TRUE(verdictIs(a, apart, false));
  const CollisionReport r = collide(a, apart);
  ASSERT_EQ(r.axes.size(), 17u);
  EXPECT_EQ(r.axes[11].label, "A.n×ab");
  EXPECT_EQ(separatingAxis(r).label, "A.n×bc");
  EXPECT_EQ(separatingAxis(r).kind, AxisKind::Face);
  EXPECT_NEAR(separatingAxis(r).gap, 1e-3 * std::sqrt(2.0) * std::sqrt(2.0), 1e-12);
  // Touching: sharing the side bc (margin 0), or one corner on it.
  EXPECT_TRUE(verdictIs(a, tri({1, 0, 0}, {0, 1, 0}, {1, 1, 0}), true));
  EXPECT_TRUE(verdictIs(a, tri({0.5, 0.5, 0}, {2, 0.6, 0}, {0.6, 2, 0}), true));
  // Nearly coplanar (1e-9 rad): still the sides decide, with the full distance.
  const Triangle tilted = tri({0.5 + d, 0.5 + d, 0}, {2, 0.6, 1.5e-9}, {0.6, 2, 1.5e-9});
  EXPECT_TRUE(verdictIs(a, tilted, false));
}

TEST(TriangleTriangle, ParallelEdgesAreNoAxes) {
  const Triangle a = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  // b's ab runs along a's ab (x), 1e-3 above a's plane: the normal separates, A.ab × B.ab is none.
  const Triangle b = tri({0, 0.5, 1e-3}, {2, 0.5, 1e-3}, {0, 0.5, 1});
  const CollisionReport r = collide(a, b);
  EXPECT_TRUE(r.axes[2].degenerate);
  EXPECT_TRUE(verdictIs(a, b, false));
  EXPECT_TRUE(verdictIs(a, tri({0, 0.5, 0}, {2, 0.5, 0}, {0, 0.5, 1}), true));
}

TEST(TriangleTriangle, SliversAreTrianglesAndSegmentsAreSegments) {
  const Triangle a = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  // A sliver 1e-12 wide standing 1e-6 beyond a's side bc in a's plane.
  const Vec3 p{0.5 + 1e-6, 0.5 + 1e-6, 0};
  EXPECT_TRUE(verdictIs(a, tri(p, p + Vec3{1, 1, 0}, p + Vec3{0.5, 0.5, 1e-12}), false));
  EXPECT_TRUE(verdictIs(a, tri(p, p + Vec3{1, 1, 0}, p + Vec3{0.5, 0.5, 0}), false));  // collinear
  EXPECT_TRUE(verdictIs(a, tri(p, p, p), false));                                      // a point
  EXPECT_TRUE(verdictIs(a, tri({0.5, 0.5, 0}, {0.5, 0.5, 0}, {0.5, 0.5, 0}), true));   // on the side
  // A segment in a's plane beyond its side bc: apart only on a's normal × the segment and a's sides.
  EXPECT_TRUE(verdictIs(a, tri({0.6, 0.6, 0}, {-0.5, 0.9, 0}, {-0.5, 0.9, 0}), true));
  EXPECT_TRUE(verdictIs(a, tri({0.6, 0.6, 0}, {0.9, 1.2, 0}, {0.9, 1.2, 0}), false));
}

TEST(TriangleTriangle, TwoSegmentsAreSeparatedByTheirNearestPoints) {
  const Triangle a = tri({-1, 0, 0}, {1, 0, 0}, {1, 0, 0});
  EXPECT_TRUE(verdictIs(a, tri({0, -1, 0}, {0, 1, 0}, {0, 1, 0}), true));               // crossing
  EXPECT_TRUE(verdictIs(a, tri({0, -1, 1e-3}, {0, 1, 1e-3}, {0, 1, 1e-3}), false));     // skew
  EXPECT_TRUE(verdictIs(a, tri({1.001, -1, 0}, {1.001, 1, 0}, {1.001, 1, 0}), false));  // same plane, past the end
  EXPECT_TRUE(verdictIs(a, tri({2, 0, 0}, {3, 0, 0}, {3, 0, 0}), false));               // collinear, apart
  EXPECT_TRUE(verdictIs(a, tri({1, 0, 0}, {3, 0, 0}, {3, 0, 0}), true));                // collinear, touching
  EXPECT_TRUE(verdictIs(a, tri({0, 0, 0}, {0, 0, 0}, {0, 0, 0}), true));                // a point on it
  EXPECT_TRUE(verdictIs(a, tri({0, 1e-3, 0}, {0, 1e-3, 0}, {0, 1e-3, 0}), false));
  const CollisionReport r = collide(a, tri({1.001, -1, 0}, {1.001, 1, 0}, {1.001, 1, 0}));
  EXPECT_EQ(separatingAxis(r).kind, AxisKind::ClosestPoint);
  EXPECT_NEAR(separatingAxis(r).gap, 1e-3, 1e-15);
}

TEST(TriangleTriangle, HugeAndTinyCoordinatesKeepTheVerdict) {
  const Triangle a = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  const double d = 1e-3;
  const Triangle apart = tri({0.5 + d, 0.5 + d, 0}, {2, 0.6, 0}, {0.6, 2, 0});
  const Triangle sharing = tri({1, 0, 0}, {0, 1, 0}, {1, 1, 0});
  const Triangle crossing = tri({0.2, 0.2, -1}, {0.3, 0.2, 1}, {0.2, 0.3, 1});
  for (const double f : {1e150, 1e-150, 1.5e300, 3e-300}) {
    EXPECT_TRUE(verdictIs(scaledTriangle(a, f), scaledTriangle(apart, f), false)) << f;
    EXPECT_TRUE(verdictIs(scaledTriangle(a, f), scaledTriangle(sharing, f), true)) << f;
    EXPECT_TRUE(verdictIs(scaledTriangle(a, f), scaledTriangle(crossing, f), true)) << f;
    const Aabb b = box(Vec3{-1, -1, -1} * f, Vec3{1, 1, 1} * f);
    EXPECT_TRUE(verdictIs(b, scaledTriangle(acrossTheBoxEdge(1e-4), f), false)) << f;
    EXPECT_TRUE(verdictIs(b, scaledTriangle(acrossTheBoxEdge(-1e-4), f), true)) << f;
  }
}

// ---- k-DOPs: their faces, the normal and the edge crosses.

TEST(TriangleKdop, AFlatKdopInTheTrianglesPlaneIsSeparatedByAnEdgeCross) {
  // An 8-DOP flat in the plane x + y + z = 0 (a normal no cross product of its slab directions
  // gives): a hexagon whose sides face the plane's parts of its slab directions. A triangle's side
  // lies across w, a direction of the plane between those, just beyond the hexagon's corner that
  // is farthest along w: only axes whose part in the plane is w separate them, which the side ×
  // a k-DOP edge direction out of the plane is.
  const double lo[] = {0, -1, -1, -1}, hi[] = {0, 1, 1, 1};
  const Kdop k = makeKdop(8, lo, hi, 4).value();
  const Vec3 w{3, -1, -2}, s = cross(Vec3{1, 1, 1}, w);  // integer vectors of the plane
  double reach = 0;                                      // the hexagon's extent along w, in units of w
  for (int i = 0; i < k.vertexCount; ++i) reach = std::max(reach, dot(kdopVertex(k, i), w) / dot(w, w));
  // Multiples of 2^-20 of integer vectors of the plane: coordinates that sum to exactly zero.
  const auto onGrid = [](double t) { return std::round(t * 0x1p20) / 0x1p20; };
  const Vec3 p = w * onGrid(reach + 1e-3), q = w * onGrid(reach - 1e-3);
  EXPECT_TRUE(verdictIs(k, tri(p - s * 0.5, p + s * 0.5, p + w * 0.5), false));
  EXPECT_TRUE(verdictIs(k, tri(q - s * 0.5, q + s * 0.5, q + w * 0.5), true));
  // A segment of that plane, likewise: its side in the plane is the k-DOP's normal × the segment.
  EXPECT_TRUE(verdictIs(k, tri(p - s * 0.5, p + s * 0.5, p + s * 0.5), false));
  EXPECT_TRUE(verdictIs(k, tri(q - s * 0.5, q + s * 0.5, q + s * 0.5), true));
}

// ---- Spheres: the exact closest point.

TEST(TriangleSphere, TheClosestPointDecides) {
  const Triangle t = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  EXPECT_TRUE(verdictIs(makeSphere({0.2, 0.2, 0.5}, 0.5).value(), t, true));  // touching the face
  EXPECT_TRUE(verdictIs(makeSphere({0.2, 0.2, 0.5}, 0.499).value(), t, false));
  EXPECT_TRUE(verdictIs(makeSphere({-0.3, -0.4, 0}, 0.5).value(), t, true));  // touching the corner a
  EXPECT_TRUE(verdictIs(makeSphere({-0.3, -0.4, 0}, 0.499).value(), t, false));
  EXPECT_TRUE(verdictIs(makeSphere({1, 1, 0}, 0.708).value(), t, true));  // beyond bc by sqrt(0.5)
  EXPECT_TRUE(verdictIs(makeSphere({1, 1, 0}, 0.707).value(), t, false));
  // A degenerate triangle is its segment.
  const Triangle segment = tri({0, 0, 0}, {2, 0, 0}, {1, 0, 0});
  EXPECT_TRUE(verdictIs(makeSphere({1, 0.5, 0}, 0.5).value(), segment, true));
  EXPECT_TRUE(verdictIs(makeSphere({1, 0.5, 0}, 0.499).value(), segment, false));
  for (const double f : {1e150, 1e-150}) {
    EXPECT_TRUE(verdictIs(makeSphere(Vec3{0.2, 0.2, 0.5} * f, 0.5 * f).value(), scaledTriangle(t, f), true));
    EXPECT_TRUE(verdictIs(makeSphere(Vec3{0.2, 0.2, 0.5} * f, 0.499 * f).value(), scaledTriangle(t, f), false));
  }
  const CollisionReport r = collide(makeSphere({0.2, 0.2, 0.7}, 0.5).value(), t);
  ASSERT_EQ(r.axes.size(), 2u);
  EXPECT_EQ(r.axes[0].label, "B.n");
  EXPECT_EQ(r.axes[1].kind, AxisKind::ClosestPoint);
  EXPECT_EQ(separatingAxis(r).label, "B.n");
}

}  // namespace
}  // namespace triangle_overlap_test
