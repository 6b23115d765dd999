#pragma once
// Plane geometry for the hull's flat case and the OBB fit: the convex hull of points in a plane
// (Andrew's monotone chain) and its smallest enclosing rectangle (rotating calipers, Toussaint
// 1983: the smallest rectangle has a side flush with an edge of the polygon).

#include <algorithm>
#include <cmath>
#include <vector>

namespace sepaxis::detail {

struct Vec2 {
  double x = 0, y = 0;
};
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline double cross2(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
inline double dot2(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

/// Indices of the convex hull of `p`, counter-clockwise, without points within `tolerance`
/// (a length) of the line through their neighbours: duplicates and points on an edge are dropped.
/// Fewer than three indices when the points are (within tolerance) one point or collinear.
inline std::vector<int> convexPolygon(const std::vector<Vec2>& p, double tolerance) {
  // Akl & Toussaint 1978: the points strictly inside the octagon of the extremes along x, y, x + y
  // and x - y are not on the hull; dropping them first leaves few to sort.
  if (p.empty()) return {};
  // The keys, counter-clockwise: +x, +x+y, +y, -x+y, -x, -x-y, -y, +x-y.
  auto keys = [&](int i, double(&k)[8]) {
    const double x = p[i].x, y = p[i].y;
    k[0] = x, k[1] = x + y, k[2] = y, k[3] = y - x, k[4] = -x, k[5] = -x - y, k[6] = -y, k[7] = x - y;
  };
  int ext[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  double most[8];
  keys(0, most);
  for (int i = 1; i < int(p.size()); ++i) {
    double k[8];
    keys(i, k);
    for (int j = 0; j < 8; ++j)
      if (k[j] > most[j]) most[j] = k[j], ext[j] = i;
  }
  // The octagon's sides corner -> corner + side, and how far left of each a point must be to be
  // inside: computed once, not per point.
  Vec2 corner[8], side[8];
  double margin[8];
  for (int k = 0; k < 8; ++k) {
    corner[k] = p[ext[k]], side[k] = p[ext[(k + 1) % 8]] - corner[k];
    margin[k] = tolerance * std::sqrt(dot2(side[k], side[k]));
  }
  auto inside = [&](int i) {
    for (int k = 0; k < 8; ++k)
      if (!(cross2(side[k], p[i] - corner[k]) > margin[k])) return false;
    return true;
  };
  std::vector<int> order;
  order.reserve(p.size());
  for (int i = 0; i < int(p.size()); ++i)
    if (!inside(i)) order.push_back(i);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return p[a].x < p[b].x || (p[a].x == p[b].x && p[a].y < p[b].y); });
  std::vector<int> hull(2 * order.size() + 1);
  size_t k = 0;
  // The middle point is kept only when the path o -> middle -> next turns left by more than the
  // tolerance: the middle's distance from the line o-next is the cross product over |next - o|.
  auto turnsLeft = [&](int o, int middle, int next) {
    const Vec2 on = p[next] - p[o];
    return cross2(p[middle] - p[o], on) > tolerance * std::sqrt(dot2(on, on));
  };
  for (size_t i = 0; i < order.size(); ++i) {
    while (k >= 2 && !turnsLeft(hull[k - 2], hull[k - 1], order[i])) --k;
    hull[k++] = order[i];
  }
  for (size_t i = order.size() - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && !turnsLeft(hull[k - 2], hull[k - 1], order[i])) --k;
    hull[k++] = order[i];
  }
  hull.resize(k > 1 ? k - 1 : k);
  // A single point or two nearly equal ones may come back twice.
  if (hull.size() == 2 && std::hypot(p[hull[0]].x - p[hull[1]].x, p[hull[0]].y - p[hull[1]].y) <= tolerance)
    hull.resize(1);
  return hull;
}

/// The smallest-area rectangle around a convex polygon (counter-clockwise): its unit side
/// direction u (the other is u turned left) and its ranges along u and the other side.
struct Rectangle {
  Vec2 u{1, 0};
  double lo[2] = {0, 0}, hi[2] = {0, 0};
  double area() const { return (hi[0] - lo[0]) * (hi[1] - lo[1]); }
};

inline Rectangle ranges(const std::vector<Vec2>& poly, Vec2 u) {
  Rectangle r;
  r.u = u;
  const Vec2 v{-u.y, u.x};
  r.lo[0] = r.lo[1] = INFINITY;
  r.hi[0] = r.hi[1] = -INFINITY;
  for (const Vec2& q : poly) {
    const double a = dot2(q, u), b = dot2(q, v);
    r.lo[0] = std::min(r.lo[0], a), r.hi[0] = std::max(r.hi[0], a);
    r.lo[1] = std::min(r.lo[1], b), r.hi[1] = std::max(r.hi[1], b);
  }
  return r;
}

/// Rotating calipers: for each edge, the farthest points along the edge (both ways) and away from
/// it advance monotonically around the polygon, so all edges take O(n).
inline Rectangle smallestRectangle(const std::vector<Vec2>& poly) {
  const size_t n = poly.size();
  if (n < 3) {
    if (n == 2) {
      const Vec2 d = poly[1] - poly[0];
      const double len = std::sqrt(dot2(d, d));
      if (len > 0) return ranges(poly, {d.x / len, d.y / len});
    }
    return ranges(poly, {1, 0});
  }
  Rectangle best;
  double bestArea = INFINITY;
  size_t far = 1, right = 1, left = 0;
  for (size_t i = 0; i < n; ++i) {
    const Vec2 a = poly[i], d = poly[(i + 1) % n] - a;
    const double len = std::sqrt(dot2(d, d));
    if (!(len > 0)) continue;
    const Vec2 u{d.x / len, d.y / len}, v{-u.y, u.x};
    auto along = [&](size_t j) { return dot2(poly[j % n] - a, u); };
    auto away = [&](size_t j) { return dot2(poly[j % n] - a, v); };
    if (far < i + 1) far = i + 1;
    while (away(far + 1) >= away(far) && far + 1 < i + 1 + n) ++far;
    if (right < i + 1) right = i + 1;
    while (along(right + 1) >= along(right) && right + 1 < i + 1 + n) ++right;
    if (i == 0) left = far;
    if (left < far) left = far;
    while (along(left + 1) <= along(left) && left + 1 < i + 1 + n) ++left;
    const double w = along(right) - along(left), h = away(far);
    if (w * h < bestArea) {
      bestArea = w * h;
      best.u = u;
      best.lo[0] = dot2(a, u) + along(left), best.hi[0] = dot2(a, u) + along(right);
      best.lo[1] = dot2(a, v), best.hi[1] = dot2(a, v) + h;
    }
  }
  return best;
}

}  // namespace sepaxis::detail
