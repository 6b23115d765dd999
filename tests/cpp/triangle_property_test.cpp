// Triangles against every volume type, judged by the independent oracle (tests/cpp/oracle): a
// triangle is a flat convex polytope (its plane twice, with opposite normals, and its three sides),
// a degenerate one the segment or point it is (a flat box). For every case, both orders and the
// Volume overloads agree with each other and with collide(); where the oracle certifies a verdict
// beyond the contract band, the library gives it, also scaled by 2^500 and 2^-500.
//
// Cases: random; touching (B moved to the contact found by the oracle's linear program, then
// 1e-5 .. 1e-3 of the pair's size either way); coplanar (a triangle in another's plane or on a
// box's face); nearly coplanar (tilted 1e-3 .. 1e-9 rad); parallel edges (exactly parallel to an
// edge of the other); degenerate (collinear, coincident and single-point corners, slivers).

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/generators.h"
#include "oracle/oracle.h"
#include "oracle/property_driver.h"
#include "sepaxis/sepaxis.h"

namespace triangle_property_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis_oracle;

// A volume of the oracle's raw kinds, or a triangle.
struct Shape {
  bool triangle = false;
  V3 t[3];
  Raw raw;
};

enum class Family { Random, Touching, Coplanar, NearlyCoplanar, ParallelEdges, Degenerate, Count };
const char* familyName(Family f) {
  static const char* const kNames[] = {"random",          "touching",       "coplanar",
                                       "nearly-coplanar", "parallel-edges", "degenerate"};
  return kNames[int(f)];
}

sepaxis::Vec3 lib(V3 v) { return {v.x, v.y, v.z}; }

std::string describeShape(const Shape& s) {
  if (!s.triangle) return describe(s.raw);
  std::ostringstream o;
  o.precision(17);
  o << "triangle {";
  for (int i = 0; i < 3; ++i) o << (i ? ", " : "") << "{" << s.t[i].x << ", " << s.t[i].y << ", " << s.t[i].z << "}";
  return o.str() + "}";
}

sepaxis::Volume libraryOf(const Shape& s) {
  if (s.triangle) return sepaxis::makeTriangle(lib(s.t[0]), lib(s.t[1]), lib(s.t[2])).value();
  sepaxis::Volume v;
  std::string error;
  EXPECT_TRUE(toLibrary(s.raw, v, error)) << error;
  return v;
}

V3 perpendicular(V3 u) {
  const V3 pick = std::fabs(u.x) < 0.6 ? V3{1, 0, 0} : V3{0, 1, 0};
  return unit(cross(u, pick));
}

// The oracle's body of a triangle: its plane twice and its sides, or the segment (point) a
// degenerate one is, as a flat box. Slivers thinner than 1e-12 of their size count as segments:
// the difference is far inside the contract band.
Body bodyOfShape(const Shape& s, const Frame& frame) {
  if (!s.triangle) return bodyOf(s.raw, frame);
  const V3 p[3] = {frame.toLocal(s.t[0]), frame.toLocal(s.t[1]), frame.toLocal(s.t[2])};
  double longest = 0;
  int from = 0;
  for (int i = 0; i < 3; ++i) {
    const double l = norm(p[(i + 1) % 3] - p[i]);
    if (l > longest) longest = l, from = i;
  }
  const V3 n = cross(p[1] - p[0], p[2] - p[0]);
  if (!(norm(n) > 1e-12 * longest * longest)) {
    Raw box;
    box.kind = Kind::Obb;
    const V3 a = s.t[from], b = s.t[(from + 1) % 3];
    box.o.c = (a + b) * 0.5;
    box.o.u[0] = longest > 0 ? unit(b - a) : V3{1, 0, 0};
    box.o.u[1] = perpendicular(box.o.u[0]);
    box.o.u[2] = cross(box.o.u[0], box.o.u[1]);
    box.o.e = {norm(b - a) * 0.5, 0, 0};
    return bodyOf(box, frame);
  }
  Body b;
  const V3 u = unit(n);
  b.faces.push_back({u, dot(u, p[0])});
  b.faces.push_back({-u, -dot(u, p[0])});
  for (int i = 0; i < 3; ++i) {
    const V3 e = p[(i + 1) % 3] - p[i];
    const V3 out = unit(cross(e, u));
    b.faces.push_back({out, dot(out, p[i])});
    b.edgeDirections.push_back(unit(e));
  }
  b.vertices = {p[0], p[1], p[2]};
  // Each corner lies on both planes (bits 0, 1) and on the two sides through it (ab 2, bc 3, ca 4).
  b.activeFaces = {0b10111, 0b01111, 0b11011};
  V3 lo = p[0], hi = p[0];
  for (const V3& q : p) {
    lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
    hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
  }
  b.centre = (lo + hi) * 0.5;
  b.inner = (p[0] + p[1] + p[2]) / 3;
  b.radius = 0;
  for (const V3& q : p) b.radius = std::max(b.radius, norm(q - b.centre));
  return b;
}

Shape moved(Shape s, V3 by) {
  if (!s.triangle) {
    s.raw = translated(s.raw, by);
    return s;
  }
  for (V3& p : s.t) p = p + by;
  return s;
}

// Every length times f, a power of two: exact, so the verdict is the unscaled one.
Shape scaledBy(Shape s, double f) {
  if (s.triangle) {
    for (V3& p : s.t) p = p * f;
    return s;
  }
  Raw& r = s.raw;
  r.s.c = r.s.c * f, r.s.r *= f;
  r.a.lo = r.a.lo * f, r.a.hi = r.a.hi * f;
  r.o.c = r.o.c * f, r.o.e = r.o.e * f;
  for (int i = 0; i < 13; ++i) r.d.lo[i] *= f, r.d.hi[i] *= f;
  return s;
}

V3 centreOf(const Shape& s) { return s.triangle ? (s.t[0] + s.t[1] + s.t[2]) / 3 : innerPoint(s.raw); }
double sizeOf(const Shape& s) {
  if (!s.triangle) return roughSize(s.raw);
  return std::max({norm(s.t[1] - s.t[0]), norm(s.t[2] - s.t[1]), norm(s.t[0] - s.t[2]), 1e-3});
}

Shape triangleAt(V3 c, V3 p, V3 q, V3 r) {
  Shape s;
  s.triangle = true;
  s.t[0] = c + p, s.t[1] = c + q, s.t[2] = c + r;
  return s;
}

class Generator {
 public:
  Generator(Kind other, bool otherIsTriangle, uint64_t seed, int count)
      : rng_(seed), otherTriangle_(otherIsTriangle), others_() {
    if (!otherIsTriangle) others_ = generateCases(other, other, seed, count);
  }

  // A random triangle of size about `size` around c.
  Shape randomTriangle(V3 c, double size) {
    return triangleAt(c, rng_.direction() * (size * rng_.uniform(0.2, 1)),
                      rng_.direction() * (size * rng_.uniform(0.2, 1)),
                      rng_.direction() * (size * rng_.uniform(0.2, 1)));
  }

  Shape other(int i) {
    if (otherTriangle_) return randomTriangle(V3{}, rng_.uniform(0.3, 2));
    Shape s;
    s.raw = others_[size_t(i) % others_.size()].a;
    return moved(s, -innerPoint(s.raw));  // around the origin
  }

  // The case i of `family`: the triangle first, the other volume second.
  bool make(Family family, int i, Shape& tri, Shape& other) {
    other = this->other(i);
    const double size = sizeOf(other);
    switch (family) {
      case Family::Random: {
        tri = randomTriangle(rng_.direction() * (rng_.uniform(0, 1.5) * size), size * rng_.uniform(0.3, 2));
        return true;
      }
      case Family::Touching: {
        tri = randomTriangle(rng_.direction() * (rng_.uniform(0, 1) * size), size * rng_.uniform(0.3, 2));
        return touch(tri, other);
      }
      case Family::Coplanar: {
        V3 origin, u, v;
        if (!planeOf(other, origin, u, v)) return false;
        tri = triangleAt(origin, planar(u, v, size), planar(u, v, size), planar(u, v, size));
        if (rng_.index(2)) return touchInPlane(tri, other, u, v);
        return true;
      }
      case Family::NearlyCoplanar: {
        V3 origin, u, v;
        if (!planeOf(other, origin, u, v)) return false;
        static const double kTilts[] = {1e-3, 1e-5, 1e-7, 1e-9};
        const double tilt = kTilts[i % 4];
        const V3 n = unit(cross(u, v));
        const V3 tu = unit(u + n * tilt);  // the plane turned about v
        tri = triangleAt(origin, planar(tu, v, size), planar(tu, v, size), planar(tu, v, size));
        if (rng_.index(2)) return touchInPlane(tri, other, u, v);
        return true;
      }
      case Family::ParallelEdges: {
        V3 direction;
        if (!edgeOf(other, direction)) return false;
        const V3 c = rng_.direction() * (rng_.uniform(0, 1) * size);
        const V3 a = rng_.direction() * size * 0.5;
        // The edge ab exactly along the other's edge direction (scaled by a power of two).
        const V3 b = a + direction * std::ldexp(1.0, rng_.index(3) - 1);
        tri = triangleAt(c, a, b, rng_.direction() * size * 0.7);
        return rng_.index(3) == 0 || touch(tri, other);
      }
      case Family::Degenerate: {
        const V3 c = rng_.direction() * (rng_.uniform(0, 1.2) * size);
        const V3 a = rng_.direction() * size, b = rng_.direction() * size * 0.8;
        switch (i % 5) {
          case 0: tri = triangleAt(c, a, b, a + (b - a) * 0.25); break;  // collinear
          case 1: tri = triangleAt(c, a, b, a); break;                   // two corners coincide
          case 2: tri = triangleAt(c, a, a, a); break;                   // a point
          case 3: tri = triangleAt(c, a, b, (a + b) * 0.5 + perpendicular(b - a) * (size * 1e-9)); break;  // sliver
          default: tri = triangleAt(c, a, b, b + (b - a) * 0.5); break;  // collinear, c beyond b
        }
        if (rng_.index(2)) return touch(tri, other);
        return true;
      }
      case Family::Count: break;
    }
    return false;
  }

 private:
  V3 planar(V3 u, V3 v, double size) { return u * rng_.uniform(-size, size) + v * rng_.uniform(-size, size); }

  // A plane of the other volume: its own for a triangle, a face's for a box, a random one else.
  bool planeOf(const Shape& other, V3& origin, V3& u, V3& v) {
    if (other.triangle) {
      origin = other.t[0];
      u = unit(other.t[1] - other.t[0]);
      v = unit(cross(cross(u, other.t[2] - other.t[0]), u));
      return norm(v) > 0.5;
    }
    if (other.raw.kind == Kind::Aabb) {
      origin = {other.raw.a.hi.x, 0, 0};  // the face x = max.x, exactly
      u = {0, 1, 0}, v = {0, 0, 1};
      return true;
    }
    if (other.raw.kind == Kind::Obb) {
      origin = other.raw.o.c + other.raw.o.u[2] * other.raw.o.e.z;
      u = other.raw.o.u[0], v = other.raw.o.u[1];
      return true;
    }
    return false;
  }

  // A direction of an edge of the other volume.
  bool edgeOf(const Shape& other, V3& direction) {
    if (other.triangle) {
      direction = other.t[1] - other.t[0];
      return norm(direction) > 0;
    }
    switch (other.raw.kind) {
      case Kind::Aabb: direction = V3{0, 0, 0}, direction.x = 1; return true;
      case Kind::Obb: direction = other.raw.o.u[rng_.index(3)]; return true;
      case Kind::Kdop: {
        static const V3 kEdges[] = {{1, 0, 0}, {1, -1, 0}, {0, 1, 1}, {1, 1, 0}};
        direction = kEdges[rng_.index(4)];
        return true;
      }
      default: return false;
    }
  }

  // Moves `other` along a random direction to its contact with the triangle, then 1e-5 .. 1e-3 of
  // the pair's size on either side of it. A sphere is placed over a point of the triangle instead.
  bool touch(const Shape& tri, Shape& other) { return touchAlong(tri, other, rng_.direction()); }
  bool touchInPlane(const Shape& tri, Shape& other, V3 u, V3 v) {
    const double angle = rng_.uniform(0, 6.283185307179586);
    return touchAlong(tri, other, u * std::cos(angle) + v * std::sin(angle));
  }
  bool touchAlong(const Shape& tri, Shape& other, V3 w) {
    const double size = sizeOf(tri) + sizeOf(other);
    const double margin = size * (rng_.index(2) ? 1 : -1) * (rng_.index(4) ? 1e-5 : 1e-3);
    if (!other.triangle && other.raw.kind == Kind::Sphere) {
      // Over a random point of the triangle, along its normal (or straight out of a degenerate one).
      const double x = rng_.uniform(0, 1), y = rng_.uniform(0, 1 - x);
      const V3 q = tri.t[0] + (tri.t[1] - tri.t[0]) * x + (tri.t[2] - tri.t[0]) * y;
      V3 n = unit(cross(tri.t[1] - tri.t[0], tri.t[2] - tri.t[0]));
      if (norm(n) == 0) return false;
      other.raw.s.c = q + n * (other.raw.s.r + margin);
      return true;
    }
    const Frame frame = frameFor(centreOf(tri), size);
    const Body a = bodyOfShape(tri, frame), b = bodyOfShape(other, frame);
    const Contact c = contactAlong(a, b, w);
    if (!c.ok || !std::isfinite(c.s)) return false;
    other = moved(other, w * ((c.s * frame.scale) + margin));
    return true;
  }

  Rng rng_;
  bool otherTriangle_;
  std::vector<Case> others_;
};

struct Stats {
  int cases = 0, decided = 0, overlap = 0, separated = 0, failures = 0;
  int family[int(Family::Count)] = {};
  int familyDecided[int(Family::Count)] = {};
};

// Both orders, both entry points, the report: one verdict. Returns it.
bool oneVerdict(const sepaxis::Volume& a, const sepaxis::Volume& b, const std::string& what, Stats& stats) {
  const bool ab = sepaxis::overlaps(a, b), ba = sepaxis::overlaps(b, a);
  const sepaxis::CollisionReport rab = sepaxis::collide(a, b), rba = sepaxis::collide(b, a);
  if (ab != ba || rab.overlap != ab || rba.overlap != ab || rab.hasPenetration != ab) {
    if (++stats.failures <= 5)
      ADD_FAILURE() << what << ": overlaps(a, b) " << ab << ", overlaps(b, a) " << ba << ", collide(a, b) "
                    << rab.overlap << ", collide(b, a) " << rba.overlap;
  }
  return ab;
}

Stats runTrianglePair(Kind otherKind, bool otherIsTriangle, uint64_t seed, int perFamily) {
  Stats stats;
  Generator gen(otherKind, otherIsTriangle, seed, perFamily);
  for (int f = 0; f < int(Family::Count); ++f) {
    for (int i = 0; i < perFamily; ++i) {
      Shape tri, other;
      if (!gen.make(Family(f), i, tri, other)) continue;
      ++stats.cases;
      ++stats.family[f];
      const std::string what = std::string(familyName(Family(f))) + " case " + std::to_string(i) + ": A " +
                               describeShape(tri) + ", B " + describeShape(other);
      const double size = sizeOf(tri) + sizeOf(other) + norm(centreOf(tri) - centreOf(other));
      const Frame frame = frameFor((centreOf(tri) + centreOf(other)) * 0.5, size);
      const Verdict truth = classify(bodyOfShape(tri, frame), bodyOfShape(other, frame));
      bool decided = truth.truth != Truth::Undecided;
      if (decided) {
        ++stats.decided;
        ++stats.familyDecided[f];
        (truth.truth == Truth::Overlap ? stats.overlap : stats.separated)++;
      }
      for (const double scale : {1.0, 0x1p500, 0x1p-500}) {
        const sepaxis::Volume a = libraryOf(scaledBy(tri, scale)), b = libraryOf(scaledBy(other, scale));
        const std::string at = what + " scaled by " + std::to_string(std::log2(scale));
        const bool verdict = oneVerdict(a, b, at, stats);
        if (decided && verdict != (truth.truth == Truth::Overlap) && ++stats.failures <= 5)
          ADD_FAILURE() << at << ": the library says " << (verdict ? "overlap" : "apart") << ", the oracle "
                        << truthName(truth.truth) << " by " << truth.margin << " (" << truth.how << ", band "
                        << truth.band << ")";
      }
    }
  }
  return stats;
}

void expectCovered(const Stats& s, int perFamily) {
  std::ostringstream o;
  for (int f = 0; f < int(Family::Count); ++f)
    o << familyName(Family(f)) << " " << s.familyDecided[f] << "/" << s.family[f] << "  ";
  std::printf("%d cases, %d decided (%d overlap, %d apart): %s\n", s.cases, s.decided, s.overlap, s.separated,
              o.str().c_str());
  EXPECT_EQ(s.failures, 0);
  EXPECT_GE(s.cases, perFamily * 5 / 2);
  // Flat pairs in one plane are often inside the oracle's rounding allowance: it decides fewer.
  EXPECT_GE(s.decided, s.cases * 3 / 4) << "the oracle decided too few cases";
  for (int f = 0; f < int(Family::Count); ++f) EXPECT_GE(s.familyDecided[f], s.family[f] / 4) << familyName(Family(f));
  EXPECT_GT(s.overlap, s.cases / 20);
  EXPECT_GT(s.separated, s.cases / 20);
}

constexpr int kPerFamily = 300;

TEST(TriangleProperty, TriangleSphereAgreesWithTheOracle) {
  expectCovered(runTrianglePair(Kind::Sphere, false, 101, kPerFamily), kPerFamily);
}
TEST(TriangleProperty, TriangleAabbAgreesWithTheOracle) {
  expectCovered(runTrianglePair(Kind::Aabb, false, 102, kPerFamily), kPerFamily);
}
TEST(TriangleProperty, TriangleObbAgreesWithTheOracle) {
  expectCovered(runTrianglePair(Kind::Obb, false, 103, kPerFamily), kPerFamily);
}
TEST(TriangleProperty, TriangleKdopAgreesWithTheOracle) {
  expectCovered(runTrianglePair(Kind::Kdop, false, 104, kPerFamily), kPerFamily);
}
TEST(TriangleProperty, TriangleTriangleAgreesWithTheOracle) {
  expectCovered(runTrianglePair(Kind::Sphere, true, 105, kPerFamily), kPerFamily);
}

}  // namespace
}  // namespace triangle_property_test
