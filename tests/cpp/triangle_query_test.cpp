// A triangle's validator, point queries (closestPoint against dense sampling, contains within the
// plane tolerance), rays (distance, barycentric coordinates, watertight: a ray through a shared
// edge or vertex hits exactly one triangle), bounds, transforms, volume and mesh, and the calls
// that do not take triangles yet (they say so and change nothing).

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "sepaxis/sepaxis.h"

namespace triangle_query_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;

constexpr double kInf = std::numeric_limits<double>::infinity();

Triangle tri(Vec3 a, Vec3 b, Vec3 c) { return makeTriangle(a, b, c).value(); }

Vec3 randomPoint(std::mt19937_64& rng, double r) {
  std::uniform_real_distribution<double> u(-r, r);
  return {u(rng), u(rng), u(rng)};
}

// ---- Validation.

TEST(TriangleValidation, NamesTheCornerAndCoordinate) {
  const auto bad = makeTriangle({0, 0, 0}, {1, 0, std::nan("")}, {0, 1, 0});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().field, "triangle.vertices[1][2]");
  EXPECT_EQ(bad.error().message, "triangle.vertices[1][2] must be finite, got NaN");
  const auto inf = makeTriangle({0, 0, 0}, {1, 0, 0}, {-kInf, 1, 0});
  ASSERT_FALSE(inf.ok());
  EXPECT_EQ(inf.error().message, "triangle.vertices[2][0] must be finite, got -Infinity");
  // Collinear and coincident corners are valid triangles.
  EXPECT_TRUE(makeTriangle({0, 0, 0}, {1, 1, 1}, {2, 2, 2}).ok());
  EXPECT_TRUE(makeTriangle({1, 2, 3}, {1, 2, 3}, {1, 2, 3}).ok());
  EXPECT_STREQ(typeName(Volume{tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0})}), "triangle");
}

// ---- Closest points against dense sampling of the triangle.

TEST(TriangleClosestPoint, NoSampledPointIsCloserAndTheResultIsOnTheTriangle) {
  std::mt19937_64 rng(7);
  for (int c = 0; c < 300; ++c) {
    Triangle t = tri(randomPoint(rng, 1), randomPoint(rng, 1), randomPoint(rng, 1));
    if (c % 5 == 0) t.c = t.a + (t.b - t.a) * 0.375;  // collinear
    if (c % 7 == 0) t.b = t.a;                        // coincident
    const Vec3 p = randomPoint(rng, 2);
    const Vec3 q = closestPoint(t, p);
    EXPECT_TRUE(contains(t, q)) << c;
    const double d = length(p - q);
    double sampled = kInf;
    constexpr int kSteps = 60;
    for (int i = 0; i <= kSteps; ++i)
      for (int j = 0; i + j <= kSteps; ++j) {
        const Vec3 s = t.a + (t.b - t.a) * (double(i) / kSteps) + (t.c - t.a) * (double(j) / kSteps);
        sampled = std::min(sampled, length(p - s));
      }
    EXPECT_LE(d, sampled + 1e-12) << c;
    // The sampling is 1/60 of the edges fine: the true minimum is within that of it.
    EXPECT_GE(d, sampled - 4.0 / kSteps) << c;
  }
}

TEST(TriangleClosestPoint, APointOnASliverIsOnIt) {
  // Points of slivers 1e-2 to 1e-7 of their length wide (wider than kTriangleFlat, so they keep
  // their plane): each is its own closest point within 1e-14 of the length. Measured from a
  // corner, the height over the plane carries the normal's error, ~eps / width, a length away.
  std::mt19937_64 rng(29);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int e = 2; e <= 7; ++e) {
    for (int r = 0; r < 500; ++r) {
      const Vec3 a = randomPoint(rng, 1), b = randomPoint(rng, 1), ab = b - a;
      const Vec3 across = normalize(cross(ab, randomPoint(rng, 1)));
      const Vec3 c = a + ab * (0.2 + 0.6 * unit(rng)) + across * (length(ab) * std::pow(10.0, -e));
      const double p = unit(rng), q = unit(rng) * (1 - p);
      const Vec3 on = a + ab * p + (c - a) * q;
      EXPECT_LT(length(closestPoint(Volume{tri(a, b, c)}, on) - on), 1e-14 * length(ab)) << "width 1e-" << e;
    }
  }
}

TEST(TriangleContains, OnTheTriangleWithinThePlaneTolerance) {
  const Triangle t = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  EXPECT_TRUE(contains(t, {0.25, 0.25, 0}));
  EXPECT_TRUE(contains(t, {0.5, 0.5, 0}));  // on a side
  EXPECT_TRUE(contains(t, {1, 0, 0}));      // a corner
  EXPECT_TRUE(contains(t, {0.25, 0.25, 1e-14}));
  EXPECT_FALSE(contains(t, {0.25, 0.25, 1e-9}));
  EXPECT_FALSE(contains(t, {0.5 + 1e-9, 0.5, 0}));
  EXPECT_FALSE(contains(t, {-1e-9, 0.5, 0}));
  EXPECT_FALSE(contains(t, {0.25, 0.25, std::nan("")}));
  // Far from the origin and scaled: the same answers.
  const Vec3 far{1e6, -2e6, 3e6};
  const Triangle moved = tri(t.a + far, t.b + far, t.c + far);
  EXPECT_TRUE(contains(moved, closestPoint(moved, far + Vec3{0.3, 0.3, 5})));
  EXPECT_FALSE(contains(moved, far + Vec3{0.25, 0.25, 1e-3}));
  for (const double f : {1e150, 1e-150}) {
    const Triangle s = tri(t.a * f, t.b * f, t.c * f);
    EXPECT_TRUE(contains(s, Vec3{0.25, 0.25, 0} * f)) << f;
    EXPECT_FALSE(contains(s, Vec3{0.25, 0.25, 1e-6} * f)) << f;
    EXPECT_NEAR(closestPoint(s, Vec3{0.25, 0.25, 3} * f).z / f, 0, 1e-15) << f;
  }
  // A segment: on it, or not.
  const Triangle segment = tri({0, 0, 0}, {2, 0, 0}, {1, 0, 0});
  EXPECT_TRUE(contains(segment, {1.5, 0, 0}));
  EXPECT_FALSE(contains(segment, {1.5, 1e-9, 0}));
}

// ---- Rays.

TEST(TriangleRaycast, HitsWithDistanceBarycentricAndFacingNormal) {
  const Triangle t = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  const RayHit h = raycast(t, {0.25, 0.5, 2}, {0, 0, -3}, kInf);
  ASSERT_TRUE(h.hit);
  EXPECT_DOUBLE_EQ(h.distance, 2);
  EXPECT_EQ(h.point, (Vec3{0.25, 0.5, 0}));
  EXPECT_NEAR(h.barycentric.x, 0.25, 1e-15);
  EXPECT_NEAR(h.barycentric.y, 0.25, 1e-15);
  EXPECT_NEAR(h.barycentric.z, 0.5, 1e-15);
  EXPECT_EQ(h.normal, (Vec3{0, 0, 1}));
  EXPECT_FALSE(h.startsInside);
  // From below: the other side faces the ray.
  EXPECT_EQ(raycast(t, {0.25, 0.5, -2}, {0, 0, 1}, kInf).normal, (Vec3{0, 0, -1}));
  EXPECT_FALSE(raycast(t, {0.25, 0.5, 2}, {0, 0, -1}, 1.5).hit);   // beyond maxDistance
  EXPECT_FALSE(raycast(t, {0.25, 0.5, 2}, {0, 0, 1}, kInf).hit);   // pointing away
  EXPECT_FALSE(raycast(t, {0.75, 0.5, 2}, {0, 0, -1}, kInf).hit);  // past the side bc
  // Starting on the triangle.
  const RayHit on = raycast(t, {0.25, 0.25, 0}, {0, 1, 1}, kInf);
  EXPECT_TRUE(on.hit && on.startsInside && on.distance == 0);
  // In the triangle's plane: the first edge met.
  const RayHit inPlane = raycast(t, {-1, 0.25, 0}, {1, 0, 0}, kInf);
  ASSERT_TRUE(inPlane.hit);
  EXPECT_DOUBLE_EQ(inPlane.distance, 1);
  EXPECT_FALSE(raycast(t, {-1, 1.25, 0}, {1, 0, 0}, kInf).hit);
  // Far out of range, scaled: the same hit.
  const Triangle huge = tri(t.a * 1e150, t.b * 1e150, t.c * 1e150);
  const RayHit far = raycast(huge, Vec3{0.25, 0.5, 2} * 1e150, {0, 0, -1}, kInf);
  ASSERT_TRUE(far.hit);
  EXPECT_DOUBLE_EQ(far.distance, 2e150);
}

// Rays aimed at a point of a mesh: how many of its triangles they hit.
int hitsOf(const std::vector<Triangle>& mesh, Vec3 origin, Vec3 direction) {
  int n = 0;
  for (const Triangle& t : mesh) n += raycast(t, origin, direction, kInf).hit;
  return n;
}

TEST(TriangleRaycast, WatertightARayThroughASharedEdgeOrVertexHitsExactlyOne) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(0, 1);
  // A fan of six triangles around the vertex v in a tilted plane, with mixed windings, and rays
  // from random origins aimed exactly at v, at points of the shared edges, and near them.
  const Vec3 v{0.3, -0.2, 0.7}, u{1, 0.2, 0.1}, w = cross(u, Vec3{0.1, 0.3, 1});
  std::vector<Vec3> rim;
  for (int i = 0; i < 6; ++i) {
    const double angle = i * 1.0471975511965976 + 0.1 * std::sin(i);
    rim.push_back(v + u * std::cos(angle) + w * std::sin(angle));
  }
  std::vector<Triangle> fan;
  for (int i = 0; i < 6; ++i) {
    const Vec3 p = rim[size_t(i)], q = rim[size_t((i + 1) % 6)];
    fan.push_back(i % 2 ? tri(v, p, q) : tri(q, v, p));
  }
  int aimed = 0;
  for (int r = 0; r < 2000; ++r) {
    Vec3 origin = v + randomPoint(rng, 3);
    Vec3 target;
    switch (r % 3) {
      case 0: target = v; break;
      case 1: {
        const Vec3 p = rim[size_t(r % 6)];
        target = v + (p - v) * unit(rng);  // on a shared edge, up to rounding
        break;
      }
      default: {
        const Vec3 p = rim[size_t(r % 6)], q = rim[size_t((r + 1) % 6)];
        const double a = unit(rng) * 0.9, b = unit(rng) * (0.9 - a);
        target = v + (p - v) * a + (q - v) * b;
      }
    }
    const Vec3 direction = target - origin;
    if (std::fabs(dot(normalize(direction), normalize(cross(u, w)))) < 1e-3) continue;  // nearly in the plane
    ++aimed;
    EXPECT_EQ(hitsOf(fan, origin, direction), 1) << "ray " << r;
  }
  EXPECT_GT(aimed, 1500);
  // Two triangles sharing the diagonal of a square, rays straight down through its points.
  const std::vector<Triangle> square = {tri({0, 0, 0}, {1, 0, 0}, {1, 1, 0}), tri({0, 0, 0}, {1, 1, 0}, {0, 1, 0})};
  for (int i = 1; i < 64; ++i) {  // the square's corners are on its outer boundary
    const double s = i / 64.0;
    EXPECT_EQ(hitsOf(square, {s, s, 1}, {0, 0, -1}), 1) << s;
    EXPECT_EQ(hitsOf(square, {s, s, -1}, {0.001, -0.002, 1}), 1) << s;
  }
}

TEST(TriangleRaycast, ASliversHitIsWhereTheRayMeetsIt) {
  // Slivers 1e-4 to 1e-16 of their length wide (a UV sphere's pole triangles, a long thin strip),
  // rays from all sides aimed at points inside them: each hit is the aimed point within 1e-11 of
  // the length, on the ray, and its barycentric weights give it. Weights taken straight from the
  // edge functions put it up to a third of the length away along the sliver.
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> unit(0, 1);
  int hits = 0;
  for (int e = 4; e <= 16; e += 2) {
    for (int r = 0; r < 400; ++r) {
      const Vec3 a = randomPoint(rng, 1), b = randomPoint(rng, 1), ab = b - a;
      const Vec3 across = normalize(cross(ab, randomPoint(rng, 1)));
      const Vec3 c = a + ab * (0.2 + 0.6 * unit(rng)) + across * (length(ab) * std::pow(10.0, -e));
      const double p = unit(rng), q = unit(rng) * (1 - p);
      const Vec3 aimed = a + ab * p + (c - a) * q;
      const Vec3 origin = aimed + randomPoint(rng, 3);
      const RayHit h = raycast(Volume{tri(a, b, c)}, origin, aimed - origin, kInf);
      if (!h.hit) continue;  // aimed within rounding of the rim: either answer is right
      ++hits;
      const double size = length(ab);
      EXPECT_LT(length(h.point - aimed), 1e-11 * size) << "width 1e-" << e << ", ray " << r;
      const Vec3 weighted = a * h.barycentric.x + b * h.barycentric.y + c * h.barycentric.z;
      EXPECT_LT(length(weighted - h.point), 1e-11 * size) << "width 1e-" << e << ", ray " << r;
    }
  }
  EXPECT_GT(hits, 2000);
}

// ---- Bounds, transforms, volume, mesh.

TEST(TriangleShape, BoundsTransformVolumeAndMesh) {
  const Triangle t = tri({0, 0, 0}, {2, -1, 0}, {0, 1, 3});
  const Aabb b = boundingBox(t);
  EXPECT_EQ(b.min, (Vec3{0, -1, 0}));
  EXPECT_EQ(b.max, (Vec3{2, 1, 3}));
  EXPECT_EQ(volumeOf(Volume{t}), 0);
  const PolytopeMesh m = polytopeMesh(Volume{t});
  EXPECT_EQ(m.vertices.size(), 3u);
  EXPECT_EQ(m.edges.size(), 3u);
  const RigidTransform quarter = makeRigidTransform({0, 0, std::sqrt(0.5), std::sqrt(0.5)}, {1, 2, 3}, 2).value();
  const Volume moved = transformed(Volume{t}, quarter);
  ASSERT_TRUE(std::holds_alternative<Triangle>(moved));
  const Triangle& u = std::get<Triangle>(moved);
  EXPECT_NEAR(u.b.x, 1 + 2, 4e-15);  // (2, -1, 0) turned a quarter about z is (1, 2, 0), doubled, moved
  EXPECT_NEAR(u.b.y, 2 + 4, 4e-15);
  EXPECT_NEAR(u.b.z, 3, 4e-15);
  const Aabb tb = transformedBounds(Volume{t}, quarter);
  EXPECT_NEAR(tb.max.z, 3 + 6, 4e-15);
}

// ---- What does not take triangles yet: an error naming the call, never a wrong answer.

TEST(TriangleUnsupported, WorldsAndBatchesSaySo) {
  const Volume t = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  const Volume s = makeSphere({0, 0, 0}, 1).value();
  World world;
  const auto added = world.add(t, RigidTransform{});
  ASSERT_FALSE(added.ok());
  EXPECT_EQ(added.error().message, "a World does not take triangles yet: volume is a triangle");
  EXPECT_EQ(world.count(), 0u);
  std::vector<BodyId> found;
  EXPECT_FALSE(world.query(t, found).ok());
  // One triangle against a batch of spheres: each answer is overlaps()'s.
  const double spheres[4 * 3] = {0.2, 5, -1, 0.2, 0, 0, 0.5, 0, 0, 0.4, 0.8, 0.5};  // x[3] y[3] z[3] r[3]
  const BatchLayout many{VolumeType::Sphere, 0, spheres, 3, Precision::Float64};
  uint8_t out[3] = {};
  EXPECT_EQ(overlapsOneToMany(t, many, 3, out), 0u);
  for (size_t i = 0; i < 3; ++i) {
    const Sphere e = makeSphere({spheres[i], spheres[3 + i], spheres[6 + i]}, spheres[9 + i]).value();
    EXPECT_EQ(out[i], overlaps(t, Volume{e}) ? kBatchOverlap : kBatchApart) << i;
  }
  // A layout of triangles: every element invalid, and batchElement says why.
  const BatchLayout triangles{VolumeType::Triangle, 0, spheres, 3, Precision::Float64};
  EXPECT_EQ(overlapsPairwise(triangles, many, 3, out), 3u);
  EXPECT_EQ(out[0], kBatchInvalid);
  EXPECT_EQ(batchElement(triangles, 0).error().code, ErrorCode::Unsupported);
}

}  // namespace
}  // namespace triangle_query_test
