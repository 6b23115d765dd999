// The reference used by the property tests checks itself here, on hand-made cases whose answers
// are known in closed form and against a second independent method (support functions over the
// vertices), before it is trusted to judge the library.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "oracle/oracle.h"

namespace property_oracle_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis_oracle;

Raw aabb(V3 lo, V3 hi) {
  Raw r;
  r.kind = Kind::Aabb;
  r.a = {lo, hi};
  return r;
}
Raw obb(V3 c, V3 u0, V3 u1, V3 u2, V3 e) {
  Raw r;
  r.kind = Kind::Obb;
  r.o.c = c;
  r.o.u[0] = u0;
  r.o.u[1] = u1;
  r.o.u[2] = u2;
  r.o.e = e;
  return r;
}
Raw sphere(V3 c, double radius) {
  Raw r;
  r.kind = Kind::Sphere;
  r.s = {c, radius};
  return r;
}
Raw kdop(int k, const std::vector<double>& lo, const std::vector<double>& hi) {
  Raw r;
  r.kind = Kind::Kdop;
  r.d.k = k;
  for (size_t i = 0; i < lo.size(); ++i) {
    r.d.lo[i] = lo[i];
    r.d.hi[i] = hi[i];
  }
  return r;
}

const Frame kUnitFrame{{0, 0, 0}, 1};

Verdict judge(const Raw& a, const Raw& b) { return classify(bodyOf(a, kUnitFrame), bodyOf(b, kUnitFrame)); }

/// An edge of the cube [-1,1]^3 along x at y = z = 1 (outward bisector w), crossed at right angles
/// by an edge of a rotated cube whose edge bisector is -w, the two edges `gap` apart along w.
/// Every face axis of both boxes shows overlap; only w = A.x × B.edge separates.
Raw crossingEdgeBox(double gap) {
  const double s = std::sqrt(0.5);
  const V3 w{0, s, s};
  const V3 eb{0, s, -s};                        // perpendicular to w and to A's edge (x)
  const V3 f = cross(w, eb);                    // = -x
  const V3 u1 = (w + f) * s, u2 = (w - f) * s;  // B's edge at c - u1 - u2 has bisector -w
  const V3 edgePoint = V3{0, 1, 1} + w * gap;   // crossing point on B's edge
  return obb(edgePoint + u1 + u2, eb, u1, u2, {1, 1, 1});
}

TEST(PropertyOracle, LinearProgramFindsTheInscribedBallOfABox) {
  const Body box = bodyOf(aabb({-1, -2, -3}, {1, 2, 3}), kUnitFrame);
  const Lp4 lp = ballLp(box, box);
  ASSERT_TRUE(lp.ok);
  EXPECT_NEAR(lp.z[3], 1, 1e-12);
  EXPECT_NEAR(lp.value, 1, 1e-12);
}

TEST(PropertyOracle, LinearProgramOfSeparatedBoxesIsHalfTheGapBelowZero) {
  const Body a = bodyOf(aabb({-1, -1, -1}, {1, 1, 1}), kUnitFrame);
  const Body b = bodyOf(aabb({1.5, -1, -1}, {3.5, 1, 1}), kUnitFrame);
  const Lp4 lp = ballLp(a, b);
  ASSERT_TRUE(lp.ok);
  EXPECT_NEAR(lp.z[3], -0.25, 1e-12);  // each box loosened by 0.25 touches the other
}

TEST(PropertyOracle, BoxesApartAlongAnAxisAreSeparatedByTheGap) {
  const Verdict v = judge(aabb({-1, -1, -1}, {1, 1, 1}), aabb({1.5, -1, -1}, {3.5, 1, 1}));
  EXPECT_EQ(v.truth, Truth::Separated);
  EXPECT_NEAR(v.margin, 0.5, 1e-12);
}

TEST(PropertyOracle, BoxesOverlappingAlongAnAxisCertifyTheirPenetration) {
  const Verdict v = judge(aabb({-1, -1, -1}, {1, 1, 1}), aabb({0.5, -1, -1}, {2.5, 1, 1}));
  EXPECT_EQ(v.truth, Truth::Overlap);
  EXPECT_NEAR(v.margin, 0.5, 1e-12);  // the intersection is a slab 0.5 thick: inscribed ball 0.25
  const Depth d = penetrationDepth(bodyOf(aabb({-1, -1, -1}, {1, 1, 1}), kUnitFrame),
                                   bodyOf(aabb({0.5, -1, -1}, {2.5, 1, 1}), kUnitFrame));
  EXPECT_NEAR(d.depth, 0.5, 1e-12);
  EXPECT_NEAR(d.normal.x, 1, 1e-12);
}

TEST(PropertyOracle, CornerToCornerSeparationIsCertifiedByAtLeastTheAxisGap) {
  const double gap = 1e-3;
  const Verdict v = judge(aabb({0, 0, 0}, {1, 1, 1}), aabb({1 + gap, 1 + gap, 1 + gap}, {2, 2, 2}));
  EXPECT_EQ(v.truth, Truth::Separated);
  // The distance is gap * sqrt(3); the loosened boxes touch on all three axes at once, and the
  // simplex stops at one of them: the certificate may be weaker than the distance, never larger.
  EXPECT_GE(v.margin, gap - 1e-12);
  EXPECT_LE(v.margin, gap * std::sqrt(3.0) + 1e-12);
}

TEST(PropertyOracle, CrossingEdgesAreSeparatedAlongTheirCommonNormalAlthoughEveryFaceAxisOverlaps) {
  const Raw a = aabb({-1, -1, -1}, {1, 1, 1});
  for (double gap : {0.1, 1e-3}) {
    const Raw b = crossingEdgeBox(gap);
    // Every face axis overlaps: project B's vertices on A's and B's face normals.
    const Body ba = bodyOf(a, kUnitFrame), bb = bodyOf(b, kUnitFrame);
    for (const Body* owner : {&ba, &bb})
      for (const HalfSpace& f : owner->faces)
        EXPECT_LT(-support(bb, -f.n), support(ba, f.n)) << "face axis " << str(f.n) << " separates";
    const Verdict v = judge(a, b);
    EXPECT_EQ(v.truth, Truth::Separated) << gap;
    EXPECT_NEAR(v.margin, gap, 1e-12);
    const Verdict w = judge(a, crossingEdgeBox(-gap));
    EXPECT_EQ(w.truth, Truth::Overlap) << -gap << " " << w.how;
    const Depth d = penetrationDepth(ba, bodyOf(crossingEdgeBox(-gap), kUnitFrame));
    EXPECT_NEAR(d.depth, gap, 1e-12);
  }
}

TEST(PropertyOracle, AFlatSquareThroughACubeIsCertifiedByTheCubeOfTranslations) {
  const Raw cube = aabb({-1, -1, -1}, {1, 1, 1});
  const Verdict v = judge(cube, aabb({-2, -2, 0}, {2, 2, 0}));
  EXPECT_EQ(v.truth, Truth::Overlap);
  EXPECT_EQ(v.how, "cube");
  const Verdict w = judge(cube, aabb({-2, -2, 1.5}, {2, 2, 1.5}));
  EXPECT_EQ(w.truth, Truth::Separated);
  EXPECT_NEAR(w.margin, 0.5, 1e-12);
  // Two flat squares in the same plane, one just beside the other: apart along x.
  const Verdict u = judge(aabb({-1, -1, 0}, {1, 1, 0}), aabb({1.25, -1, 0}, {2, 1, 0}));
  EXPECT_EQ(u.truth, Truth::Separated);
  EXPECT_NEAR(u.margin, 0.25, 1e-12);
  // Two flat squares crossing at right angles: overlap with no interior at all.
  const Verdict x = judge(aabb({-1, -1, 0}, {1, 1, 0}), aabb({-0.5, 0, -1}, {0.5, 0, 1}));
  EXPECT_EQ(x.truth, Truth::Overlap);
}

TEST(PropertyOracle, TouchingBoxesAreLeftUndecided) {
  const Verdict v = judge(aabb({-1, -1, -1}, {1, 1, 1}), aabb({1, -1, -1}, {3, 1, 1}));
  EXPECT_EQ(v.truth, Truth::Undecided);
  const Verdict w = judge(sphere({0, 0, 0}, 1), sphere({2, 0, 0}, 1));
  EXPECT_EQ(w.truth, Truth::Undecided);
}

TEST(PropertyOracle, SpherePairsFollowTheCentreDistance) {
  EXPECT_EQ(judge(sphere({0, 0, 0}, 1), sphere({2.1, 0, 0}, 1)).truth, Truth::Separated);
  EXPECT_EQ(judge(sphere({0, 0, 0}, 1), sphere({1.9, 0, 0}, 1)).truth, Truth::Overlap);
  EXPECT_EQ(judge(sphere({0, 0, 0}, 0), sphere({0.5, 0, 0}, 0)).truth, Truth::Separated);
}

TEST(PropertyOracle, ASphereNearACubeCornerIsJudgedByItsDistanceToTheCorner) {
  const Raw cube = aabb({-1, -1, -1}, {1, 1, 1});
  const V3 diag = unit({1, 1, 1});
  const Verdict apart = judge(cube, sphere(V3{1, 1, 1} + diag * 0.51, 0.5));
  EXPECT_EQ(apart.truth, Truth::Separated);
  EXPECT_NEAR(apart.margin, 0.01, 1e-12);
  const Verdict in = judge(sphere(V3{1, 1, 1} + diag * 0.49, 0.5), cube);
  EXPECT_EQ(in.truth, Truth::Overlap);
  EXPECT_NEAR(in.margin, 0.01, 1e-12);
  // Beside a face, over an edge, inside.
  EXPECT_EQ(judge(cube, sphere({1.6, 0.3, -0.2}, 0.5)).truth, Truth::Separated);
  EXPECT_EQ(judge(cube, sphere({1.4, 1.2, 0}, 0.5)).truth, Truth::Overlap);
  const Verdict inside = judge(cube, sphere({0.5, 0, 0}, 0));
  EXPECT_EQ(inside.truth, Truth::Overlap);
  EXPECT_NEAR(inside.margin, 0.5, 1e-12);
  const Depth d = penetrationDepth(bodyOf(cube, kUnitFrame), bodyOf(sphere({0.5, 0, 0}, 0.25), kUnitFrame));
  EXPECT_NEAR(d.depth, 0.75, 1e-12);
  EXPECT_NEAR(d.normal.x, 1, 1e-12);
}

TEST(PropertyOracle, KdopVerticesAreTheCornersOfTheirPolytope) {
  // A 26-DOP with every slab tight around the cube [-1,1]^3 is that cube: 8 vertices, where many
  // planes meet (corner and edge slabs touch only at corners and edges).
  const Body cube26 =
      bodyOf(kdop(26, {-1, -1, -1, -3, -3, -3, -3, -2, -2, -2, -2, -2, -2}, {1, 1, 1, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2}),
             kUnitFrame);
  EXPECT_EQ(cube26.vertices.size(), 8u);
  for (V3 v : cube26.vertices) {
    EXPECT_NEAR(std::fabs(v.x), 1, 1e-14);
    EXPECT_NEAR(std::fabs(v.y), 1, 1e-14);
    EXPECT_NEAR(std::fabs(v.z), 1, 1e-14);
  }
  // |x +- y +- z| <= 1 is the octahedron with vertices on the axes.
  const Body octa = bodyOf(kdop(8, {-1, -1, -1, -1}, {1, 1, 1, 1}), kUnitFrame);
  EXPECT_EQ(octa.vertices.size(), 6u);
  for (V3 v : octa.vertices) EXPECT_NEAR(std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z), 1, 1e-14);
  // A zero-width slab: the square z = 0.25 cut from the cube.
  const Body flat = bodyOf(kdop(6, {-1, -1, 0.25}, {1, 1, 0.25}), kUnitFrame);
  EXPECT_EQ(flat.vertices.size(), 4u);
  EXPECT_EQ(judge(kdop(6, {-1, -1, 0.25}, {1, 1, 0.25}), aabb({-0.5, -0.5, 0}, {0.5, 0.5, 1})).truth, Truth::Overlap);
}

TEST(PropertyOracle, FramesFarFromTheOriginKeepTinyGapsExact) {
  // Two boxes 1e-4 wide at 1e5 from the origin, 1e-9 apart: the shift to the frame is exact.
  const V3 far{1e5, -1e5, 1e5};
  const Raw a = aabb(far, far + V3{1e-4, 1e-4, 1e-4});
  const Raw b = aabb(far + V3{1e-4 + 1e-9, 0, 0}, far + V3{2e-4, 1e-4, 1e-4});
  const Frame frame = frameFor(far, 1e-4);
  const Verdict v = classify(bodyOf(a, frame), bodyOf(b, frame));
  EXPECT_EQ(v.truth, Truth::Separated);
  // 1e-9 in world units, up to the rounding of the inputs themselves (1.5e-11 at 1e5).
  EXPECT_NEAR(v.margin * frame.scale, 1e-9, 3e-11);
}

TEST(PropertyOracle, ContactLinearProgramFindsWhereASlidingBoxStopsTouching) {
  const Body a = bodyOf(aabb({-1, -1, -1}, {1, 1, 1}), kUnitFrame);
  const Body b = bodyOf(aabb({-0.5, -0.5, -0.5}, {0.5, 0.5, 0.5}), kUnitFrame);
  const Contact x = contactAlong(a, b, {1, 0, 0});
  ASSERT_TRUE(x.ok);
  EXPECT_NEAR(x.s, 1.5, 1e-12);
  const Contact d = contactAlong(a, b, unit({1, 1, 0}));
  ASSERT_TRUE(d.ok);
  EXPECT_NEAR(d.s, 1.5 * std::sqrt(2.0), 1e-12);
  // A box that only ever slides past the other: no contact for any s.
  const Body far = bodyOf(aabb({-0.5, 5, -0.5}, {0.5, 6, 0.5}), kUnitFrame);
  EXPECT_FALSE(contactAlong(a, far, {1, 0, 0}).ok);
}

TEST(PropertyOracle, ClosestPointOfAKdopMatchesDenseSampling) {
  // Rejection sampling uses only the half-spaces; every sample is in the polytope, so the sampled
  // distance is never below the true one and approaches it as the samples get dense.
  std::mt19937_64 rng(77);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  std::vector<V3> cloud;
  for (int i = 0; i < 12; ++i) cloud.push_back({u(rng) * 0.7, u(rng) * 0.5, u(rng) * 0.6});
  Raw raw;
  raw.kind = Kind::Kdop;
  raw.d = kdopOfPoints(26, cloud);
  const Body p = bodyOf(raw, kUnitFrame);
  std::vector<V3> samples;
  while (samples.size() < 60000) {
    const V3 x{u(rng), u(rng), u(rng)};
    if (violation(p, x) <= 0) samples.push_back(x);
  }
  for (int i = 0; i < 20; ++i) {
    const V3 q{u(rng) * 1.6, u(rng) * 1.6, u(rng) * 1.6};
    const Closest c = closestPoint(p, q);
    double sampled = 1e300;
    for (V3 x : samples) sampled = std::min(sampled, norm(x - q));
    EXPECT_LE(c.distance, sampled + 1e-12) << str(q);
    EXPECT_LE(sampled - c.distance, 0.05) << str(q);
    EXPECT_LE(violation(p, c.point), 1e-12);
  }
}

TEST(PropertyOracle, LinearProgramAndSupportFunctionsAgreeOnRandomBoxPairs) {
  // Two independent methods: the LP certificates against the minimum over the candidate facet
  // normals of the Minkowski difference of h_A(u) + h_B(-u) (penetration depth, or minus the
  // largest gap when apart), on 2000 random OBB pairs with a fixed seed.
  std::mt19937_64 rng(20240611);
  std::uniform_real_distribution<double> u01(0, 1);
  auto randomAxes = [&](V3(&u)[3]) {
    std::normal_distribution<double> g;
    double q[4];
    double n = 0;
    for (double& x : q) {
      x = g(rng);
      n += x * x;
    }
    n = std::sqrt(n);
    const double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
    u[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)};
    u[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)};
    u[2] = {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
  };
  int decided = 0;
  for (int i = 0; i < 2000; ++i) {
    Raw a, b;
    a.kind = b.kind = Kind::Obb;
    randomAxes(a.o.u);
    randomAxes(b.o.u);
    a.o.e = {0.2 + u01(rng), 0.2 + u01(rng), 0.2 + u01(rng)};
    b.o.e = {0.2 + u01(rng), 0.2 + u01(rng), 0.2 + u01(rng)};
    b.o.c = V3{u01(rng) - 0.5, u01(rng) - 0.5, u01(rng) - 0.5} * 5;
    const Body ba = bodyOf(a, kUnitFrame), bb = bodyOf(b, kUnitFrame);
    const Verdict v = classify(ba, bb);
    const Depth d = penetrationDepth(ba, bb);  // > 0 overlap depth, < 0: minus the largest gap
    if (v.truth == Truth::Undecided) continue;
    ++decided;
    if (v.truth == Truth::Overlap) {
      EXPECT_GE(d.depth, v.margin - 1e-12) << i;
    } else {
      // Some candidate axis separates (the separating axis theorem), though not necessarily by
      // the full distance: the closest features may be a vertex and an edge.
      EXPECT_LT(d.depth, 0) << i;
    }
  }
  EXPECT_GT(decided, 1990);
}

}  // namespace
}  // namespace property_oracle_test
