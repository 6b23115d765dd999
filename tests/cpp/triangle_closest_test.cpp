// A triangle's closest point takes a shortcut where p surely lies outside a side (only the sides
// it does not surely lie inside are measured): checked against measuring every side and the
// plane, over random and adversarial triangles and points (on edges, at corners, in the plane,
// slivers, collinear and coincident corners, far from the origin, at scales of 2^-200 to 2^200).

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "closest.h"
#include "sepaxis/sepaxis.h"

namespace triangle_closest_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using namespace sepaxis;

struct Case {
  Triangle t;
  Vec3 p;
};

// Triangles and points of every kind the shortcut could get wrong, at size about 1 near the origin.
std::vector<Case> unitCases(std::mt19937_64& rng, int count) {
  std::uniform_real_distribution<double> u(-1, 1), w(0, 1);
  const auto point = [&] { return Vec3{u(rng), u(rng), u(rng)}; };
  std::vector<Case> cases;
  for (int i = 0; i < count; ++i) {
    Triangle t{point(), point(), point()};
    const int shape = i % 6;
    if (shape == 1) {  // a sliver: c near the line ab, 1e-2 to 1e-18 of its length off it
      const double s = w(rng);
      t.c = t.a + (t.b - t.a) * (2 * s - 0.5) + point() * std::pow(10.0, -2 - 16 * w(rng));
    } else if (shape == 2) {  // collinear corners
      t.c = t.a + (t.b - t.a) * (3 * w(rng) - 1);
    } else if (shape == 3) {  // two corners coincide, or all three
      t.b = t.a;
      if (i % 12 == 3) t.c = t.a;
    }
    const Vec3 corner[3] = {t.a, t.b, t.c};
    const Vec3 n = cross(t.b - t.a, t.c - t.a);
    const int k = int(w(rng) * 3) % 3;
    const Vec3 a = corner[k], b = corner[(k + 1) % 3];
    Vec3 p;
    switch (i / 6 % 7) {
      case 0: p = point() * 2; break;                                                         // anywhere
      case 1: p = a + (b - a) * (2 * w(rng) - 0.5); break;                                    // on an edge's line
      case 2: p = a + point() * std::pow(10.0, -18 * w(rng)); break;                          // near a corner
      case 3: p = a; break;                                                                   // at a corner
      case 4: p = a + ((b - a) * w(rng) + (t.c - a) * w(rng)) * 0.7; break;                   // in the plane
      case 5: p = a + (b - a) * w(rng) + n * (std::pow(10.0, -12 * w(rng)) * u(rng)); break;  // just off an edge
      default: p = (t.a + t.b + t.c) / 3 + n * u(rng); break;                                 // over the face
    }
    cases.push_back({t, p});
  }
  return cases;
}

Triangle moved(const Triangle& t, double f, Vec3 shift) { return {t.a * f + shift, t.b * f + shift, t.c * f + shift}; }

TEST(TriangleClosestShortcut, AgreesWithMeasuringEverySide) {
  std::mt19937_64 rng(20261128);
  const std::vector<Case> cases = unitCases(rng, 12000);
  const double scales[] = {1, 0x1p-200, 0x1p200, 0x1p-30, 0x1p30};
  const Vec3 shifts[] = {{0, 0, 0}, {1e6, -3e6, 2e6}, {0x1p40, 0x1p41, -0x1p40}};
  int compared = 0, differ = 0;
  for (const double f : scales) {
    for (const Vec3 shift : shifts) {
      for (const Case& c : cases) {
        const Triangle t = moved(c.t, f, shift * f);
        const Vec3 p = c.p * f + shift * f;
        const Vec3 fast = detail::offsetFromClosest(t, p), every = detail::offsetFromEverySide(t, p);
        // Both round the same steps; they may part where p is near a side's line or a sliver's
        // plane, by rounding of the size and of p's distance from the corners.
        const double size = length(t.b - t.a) + length(t.c - t.b) + length(t.a - t.c);
        const double tol = 1e-12 * (size + length(p - t.a));
        ++compared;
        if (!(length(fast - every) <= tol)) {
          ++differ;
          if (differ <= 5)
            ADD_FAILURE() << "scale " << f << " shift " << shift.x << ": |fast - every| " << length(fast - every)
                          << " > " << tol << " at p " << p.x << "," << p.y << "," << p.z;
        }
      }
    }
  }
  EXPECT_EQ(differ, 0) << "of " << compared;
}

// Points surely beyond one side, or two (a corner's region), measured from those sides alone.
TEST(TriangleClosestShortcut, PointsBeyondASideOrACornerMeetIt) {
  const Triangle t{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  // Beyond ab only: the answer is on ab, at (0.3, 0, 0).
  const Vec3 p{0.3, -2, 0.5};
  EXPECT_EQ(detail::offsetFromClosest(t, p).x, 0);
  EXPECT_EQ(detail::offsetFromClosest(t, p).y, -2);
  EXPECT_EQ(detail::offsetFromClosest(t, p).z, 0.5);
  EXPECT_EQ(closestPoint(t, p).x, 0.3);
  // Beyond bc and ab (near b): the corner b.
  const Vec3 q{3, -1, 0};
  const Vec3 o = detail::offsetFromClosest(t, q);
  EXPECT_EQ(o.x, 2);
  EXPECT_EQ(o.y, -1);
}

}  // namespace
}  // namespace triangle_closest_test
