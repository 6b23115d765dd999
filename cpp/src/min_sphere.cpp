#include "min_sphere.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "sepaxis/point_query.h"
#include "sepaxis/tolerance.h"

namespace sepaxis::detail {
namespace {

/// A ball as its centre and squared radius: the loops compare squares only.
struct Ball {
  Vec3 c;
  double r2 = 0;
};

/// Candidates handed to the Welzl loops at once: a pass that finds more points outside hands over
/// an even sample of them (with the farthest), which still grows the ball every round.
constexpr size_t kMaxCandidates = 4096;
/// Rounds of filtering before encloseAll takes over; real inputs need a handful.
constexpr int kMaxRounds = 64;
/// Point sets wider than this (or narrower than its inverse, but not a single point) are solved
/// scaled by a power of two: the four-point solve multiplies four lengths, which must neither
/// overflow nor underflow.
constexpr double kWideRange = 0x1p250;

inline bool outside(const Ball& b, Vec3 p) { return lengthSquared(p - b.c) > b.r2 * (1 + tolerance::kSphereFitSlack); }

Ball around(Vec3 c, const Vec3* r, int n) {
  double r2 = 0;
  for (int i = 0; i < n; ++i) r2 = greater(r2, lengthSquared(r[i] - c));
  return {c, r2};
}

/// The smallest ball with the n <= 4 points on its boundary (its centre in their affine hull);
/// false when they are (nearly) affinely dependent: collinear triples, coplanar quadruples.
bool circumBall(const Vec3* r, int n, Ball& out) {
  constexpr double kFlat = tolerance::kSphereFitFlat;
  Vec3 offset;
  switch (n) {
    case 1: out = {r[0], 0}; return true;
    case 2: out = around((r[0] + r[1]) * 0.5, r, 2); return true;
    case 3: {
      const Vec3 a = r[1] - r[0], b = r[2] - r[0], n3 = cross(a, b);
      const double aa = lengthSquared(a), bb = lengthSquared(b), nn = lengthSquared(n3);
      if (!(nn > kFlat * kFlat * aa * bb)) return false;
      offset = cross(b * aa - a * bb, n3) / (2 * nn);
      break;
    }
    default: {
      const Vec3 a = r[1] - r[0], b = r[2] - r[0], c = r[3] - r[0];
      const double det = dot(a, cross(b, c));
      if (!(std::fabs(det) > kFlat * length(a) * length(b) * length(c))) return false;
      offset = (cross(b, c) * lengthSquared(a) + cross(c, a) * lengthSquared(b) + cross(a, b) * lengthSquared(c)) /
               (2 * det);
    }
  }
  out = around(r[0] + offset, r, n);
  return isFinite(out.c) && std::isfinite(out.r2);
}

/// The smallest ball around n <= 4 points, by trying every subset as its boundary.
Ball smallestOfFew(const Vec3* r, int n) {
  Ball best{r[0], std::numeric_limits<double>::infinity()};
  for (int mask = 1; mask < (1 << n); ++mask) {
    Vec3 s[4];
    int m = 0;
    for (int i = 0; i < n; ++i)
      if (mask >> i & 1) s[m++] = r[i];
    Ball b;
    if (!circumBall(s, m, b) || !(b.r2 < best.r2)) continue;
    bool all = true;
    for (int i = 0; i < n; ++i) all &= !outside(b, r[i]);
    if (all) best = b;
  }
  return best;
}

/// The ball with the n points on its boundary; for affinely dependent points (which only
/// rounding brings here) the smallest ball around them instead, which is what exact arithmetic
/// would have needed.
Ball boundaryBall(const Vec3* r, int n) {
  Ball b;
  return circumBall(r, n, b) ? b : smallestOfFew(r, n);
}

/// A fixed-seed Fisher-Yates shuffle (splitmix64): the same order, so the same rounding, on every
/// platform, where std::shuffle's is the library's own.
void shuffle(std::vector<Vec3>& p) {
  uint64_t state = 0x9e3779b97f4a7c15u;
  for (size_t i = p.size(); i > 1; --i) {
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    std::swap(p[i - 1], p[z % i]);
  }
}

/// Welzl's algorithm with its recursion unrolled into four loops (the boundary set R grows by one
/// point per level, and four fix a ball in 3D). Expected linear time in a random order. Sets
/// `support` to the boundary points of the result.
Ball welzl(std::vector<Vec3>& p, Vec3 (&support)[4], int& supportCount) {
  shuffle(p);
  Vec3 r[4];
  auto take = [&](int n) {
    for (int i = 0; i < n; ++i) support[i] = r[i];
    supportCount = n;
    return boundaryBall(r, n);
  };
  r[0] = p[0];
  Ball b = take(1);
  for (size_t i = 1; i < p.size(); ++i) {
    if (!outside(b, p[i])) continue;
    r[0] = p[i];
    b = take(1);
    for (size_t j = 0; j < i; ++j) {
      if (!outside(b, p[j])) continue;
      r[1] = p[j];
      b = take(2);
      for (size_t k = 0; k < j; ++k) {
        if (!outside(b, p[k])) continue;
        r[2] = p[k];
        b = take(3);
        for (size_t l = 0; l < k; ++l) {
          if (!outside(b, p[l])) continue;
          r[3] = p[l];
          b = take(4);
        }
      }
    }
  }
  return b;
}

/// The 14-DOP's directions: the axes and the four cube diagonals.
constexpr Vec3 kExtremeDirections[] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}, {1, 1, -1}, {1, -1, 1}, {1, -1, -1}};
constexpr int kExtremeCount = 7;

Sphere solve(const Vec3* points, size_t count) {
  std::vector<Vec3> candidates;
  if (count <= kMaxCandidates) {
    candidates.assign(points, points + count);
  } else {
    size_t lo[kExtremeCount] = {}, hi[kExtremeCount] = {};
    double loValue[kExtremeCount], hiValue[kExtremeCount];
    for (int d = 0; d < kExtremeCount; ++d) loValue[d] = hiValue[d] = dot(kExtremeDirections[d], points[0]);
    for (size_t i = 1; i < count; ++i)
      for (int d = 0; d < kExtremeCount; ++d) {
        const double s = dot(kExtremeDirections[d], points[i]);
        if (s < loValue[d]) loValue[d] = s, lo[d] = i;
        if (s > hiValue[d]) hiValue[d] = s, hi[d] = i;
      }
    for (int d = 0; d < kExtremeCount; ++d) candidates.push_back(points[lo[d]]), candidates.push_back(points[hi[d]]);
  }
  Vec3 support[4];
  int supportCount = 0;
  Ball b = welzl(candidates, support, supportCount);
  std::vector<Vec3> outsiders;
  for (int round = 0; round < kMaxRounds; ++round) {
    outsiders.clear();
    size_t farthest = 0;
    double farthestD2 = -1;
    const double limit = b.r2 * (1 + tolerance::kSphereFitSlack);
    for (size_t i = 0; i < count; ++i) {
      const double d2 = lengthSquared(points[i] - b.c);
      if (d2 <= limit) continue;
      outsiders.push_back(points[i]);
      if (d2 > farthestD2) farthestD2 = d2, farthest = i;
    }
    if (outsiders.empty()) break;
    candidates.assign(support, support + supportCount);
    const size_t stride = (outsiders.size() + kMaxCandidates - 1) / kMaxCandidates;
    for (size_t i = 0; i < outsiders.size(); i += stride) candidates.push_back(outsiders[i]);
    if (stride > 1) candidates.push_back(points[farthest]);
    b = welzl(candidates, support, supportCount);
  }
  return {b.c, std::sqrt(b.r2)};
}

}  // namespace

Sphere smallestBall(const Vec3* points, size_t count) {
  std::vector<Vec3> p(points, points + count);
  Vec3 support[4];
  int supportCount = 0;
  const Ball b = welzl(p, support, supportCount);
  return {b.c, std::sqrt(b.r2)};
}

Sphere minimalBall(const Vec3* points, size_t count) {
  Vec3 lo = points[0], hi = points[0];
  for (size_t i = 1; i < count; ++i) lo = min(lo, points[i]), hi = max(hi, points[i]);
  const double width = maxComponent(hi - lo);
  if (width == 0) return {points[0], 0};
  if (width <= kWideRange && width >= 1 / kWideRange) return solve(points, count);
  // Scaled by the power of two that brings the width near 1: exact, barring numbers that become
  // subnormal, which are then negligible next to the width.
  int exponent = 0;
  std::frexp(width, &exponent);
  std::vector<Vec3> scaled(count);
  for (size_t i = 0; i < count; ++i) scaled[i] = points[i] * std::ldexp(1.0, -exponent);
  const Sphere s = solve(scaled.data(), count);
  return {s.center * std::ldexp(1.0, exponent), std::ldexp(s.radius, exponent)};
}

Sphere encloseAll(const Vec3* points, size_t count, Sphere ball) {
  for (size_t i = 0; i < count; ++i) {
    if (contains(ball, points[i])) continue;
    // The distance without overflow or underflow, then the few ulps its rounding may lack.
    const Vec3 d = points[i] - ball.center;
    const double scale = maxComponent(abs(d));
    ball.radius = greater(ball.radius, scale * length(d / scale));
    for (int ulp = 0; ulp < 64 && !contains(ball, points[i]); ++ulp)
      ball.radius = std::nextafter(ball.radius, std::numeric_limits<double>::infinity());
  }
  return ball;
}

}  // namespace sepaxis::detail
