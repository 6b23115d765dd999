#include "sepaxis/hull.h"

#include <algorithm>
#include <unordered_map>

#include "fit_points.h"
#include "polygon2d.h"
#include "sepaxis/tolerance.h"

namespace sepaxis {
namespace {

// A triangle of the hull under construction. adj[i] is the face across the edge v[i] -> v[i + 1].
struct Face {
  int v[3];
  int adj[3] = {-1, -1, -1};
  Vec3 normal;
  double offset = 0;
  std::vector<int> outside;  ///< points beyond this face's plane, not yet on the hull
  bool alive = true;
  unsigned mark = 0;  ///< the eye point for which it was last found visible
};

// Quickhull over points already in unit coordinates (fit_points.h), so that `eps`, the distance
// below which a point counts as on a plane, is a plain number.
class Quickhull {
 public:
  Quickhull(const std::vector<Vec3>& q, double eps) : q_(q), eps_(eps) {}

  // The hull of a tetrahedron a, b, c, d (d off the plane of a, b, c by more than eps), grown
  // until no point is outside; returns the live faces.
  std::vector<Face> run(int a, int b, int c, int d) {
    addFace(a, b, c), addFace(a, d, b), addFace(a, c, d), addFace(b, d, c);
    const Vec3 inside = (q_[a] + q_[b] + q_[c] + q_[d]) * 0.25;
    for (Face& f : faces_)
      if (distance(f, inside) > 0) std::swap(f.v[1], f.v[2]), setPlane(f);
    for (int f = 0; f < 4; ++f)
      for (int e = 0; e < 3; ++e) faces_[f].adj[e] = findTwin(f, e);
    for (int i = 0; i < int(q_.size()); ++i)
      if (i != a && i != b && i != c && i != d) assign(i, 0, 4);
    // A face with outside points is removed by its farthest one (which it sees), unless that
    // point is given up; new faces go to the end of the list.
    for (size_t f = 0; f < faces_.size(); ++f)
      while (faces_[f].alive && !faces_[f].outside.empty()) addPoint(int(f));
    std::vector<Face> live;
    for (Face& f : faces_)
      if (f.alive) live.push_back(std::move(f));
    return live;
  }

 private:
  double distance(const Face& f, Vec3 p) const { return dot(f.normal, p) - f.offset; }

  void setPlane(Face& f) {
    const Vec3 a = q_[f.v[0]], b = q_[f.v[1]], c = q_[f.v[2]];
    f.normal = normalize(cross(b - a, c - a));
    f.offset = dot(f.normal, (a + b + c) * (1.0 / 3));
  }

  int addFace(int a, int b, int c) {
    Face f;
    f.v[0] = a, f.v[1] = b, f.v[2] = c;
    setPlane(f);
    faces_.push_back(std::move(f));
    return int(faces_.size()) - 1;
  }

  // The face among the first four that holds the edge v[e+1] -> v[e] of face f.
  int findTwin(int f, int e) const {
    const int from = faces_[f].v[(e + 1) % 3], to = faces_[f].v[e];
    for (int g = 0; g < 4; ++g)
      for (int k = 0; k < 3; ++k)
        if (faces_[g].v[k] == from && faces_[g].v[(k + 1) % 3] == to) return g;
    return -1;
  }

  // Point i goes to the first face of [begin, end) it is beyond by more than eps; otherwise it is
  // inside the hull (within eps) and never looked at again.
  void assign(int i, size_t begin, size_t end) {
    for (size_t f = begin; f < end; ++f)
      if (faces_[f].alive && distance(faces_[f], q_[i]) > eps_) {
        faces_[f].outside.push_back(i);
        return;
      }
  }

  bool visible(int f, int eye) const { return distance(faces_[f], q_[eye]) > eps_; }

  // Adds the farthest outside point of face f: removes the faces it sees, joins it to the
  // horizon, and hands the removed faces' outside points to the new faces.
  void addPoint(int start) {
    int eye = faces_[start].outside[0];
    double farthest = -1;
    for (int i : faces_[start].outside)
      if (const double d = distance(faces_[start], q_[i]); d > farthest) farthest = d, eye = i;
    ++round_;
    // Scratch lists kept across points: one allocation each per hull, not per point.
    std::vector<int>&seen = seen_, &stack = stack_;
    seen.assign(1, start), stack.assign(1, start);
    faces_[start].mark = round_;
    while (!stack.empty()) {
      const int f = stack.back();
      stack.pop_back();
      for (int g : faces_[f].adj)
        if (faces_[g].mark != round_ && visible(g, eye)) faces_[g].mark = round_, seen.push_back(g), stack.push_back(g);
    }
    // Rounding near eps may leave a face unseen whose neighbours are all seen (a hole) or a
    // horizon that passes a vertex twice. Such faces are within eps of seeing the eye: take them
    // in, until the horizon is one simple loop.
    std::vector<std::array<int, 3>>& horizon = horizon_;  // from, face beyond, its edge index
    std::unordered_map<int, int>& byStart = byStart_;
    for (int attempt = 0;; ++attempt) {
      horizon.clear();
      byStart.clear();
      bool simple = true;
      for (int f : seen)
        for (int e = 0; e < 3; ++e) {
          const int g = faces_[f].adj[e];
          if (faces_[g].mark == round_) continue;
          const int from = faces_[f].v[e], to = faces_[f].v[(e + 1) % 3];
          int k = 0;
          while (!(faces_[g].v[k] == to && faces_[g].v[(k + 1) % 3] == from)) ++k;
          simple &= byStart.emplace(from, int(horizon.size())).second;
          horizon.push_back({from, g, k});
        }
      if (simple) {
        // One loop through every edge, or several (then not simple).
        std::vector<std::array<int, 3>>& ordered = ordered_;
        ordered.clear();
        int at = horizon[0][0];
        do {
          const auto& h = horizon[byStart[at]];
          ordered.push_back(h);
          at = faces_[h[1]].v[h[2]];  // the edge's end: where the far face's twin edge starts
        } while (at != horizon[0][0] && byStart.count(at) && ordered.size() < horizon.size());
        if (at == horizon[0][0] && ordered.size() == horizon.size()) {
          horizon.swap(ordered);
          break;
        }
      }
      if (attempt == 3) {
        // Give up on this point: it is within a few eps of the hull (the faces that would have to
        // go are all nearly coplanar with it).
        auto& out = faces_[start].outside;
        out.erase(std::find(out.begin(), out.end(), eye));
        return;
      }
      const size_t before = seen.size();
      for (size_t i = 0; i < before; ++i)
        for (int g : faces_[seen[i]].adj)
          if (faces_[g].mark != round_ && distance(faces_[g], q_[eye]) > -eps_)
            faces_[g].mark = round_, seen.push_back(g);
    }
    // The new faces (from, to, eye), one per horizon edge in order: each shares its second edge
    // with the next and its third with the previous.
    const size_t first = faces_.size(), n = horizon.size();
    for (const auto& h : horizon) {
      const int to = faces_[h[1]].v[h[2]];
      const int f = addFace(h[0], to, eye);
      faces_[f].adj[0] = h[1];
      faces_[h[1]].adj[h[2]] = f;
    }
    for (size_t i = 0; i < n; ++i) {
      faces_[first + i].adj[1] = int(first + (i + 1) % n);
      faces_[first + i].adj[2] = int(first + (i + n - 1) % n);
    }
    for (int f : seen) {
      faces_[f].alive = false;
      for (int i : faces_[f].outside)
        if (i != eye) assign(i, first, first + n);
      faces_[f].outside.clear();
      faces_[f].outside.shrink_to_fit();
    }
  }

  const std::vector<Vec3>& q_;
  const double eps_;
  std::vector<Face> faces_;
  unsigned round_ = 0;
  std::vector<int> seen_, stack_;
  std::vector<std::array<int, 3>> horizon_, ordered_;
  std::unordered_map<int, int> byStart_;
};

// Hull of points within eps of the plane through a, b, c: the polygon, twice (hull.h). Its
// points on a line within eps are one edge, or the fan would have slivers with no sound normal.
ConvexHull flatHull(const Vec3* points, const std::vector<Vec3>& q, int a, int b, int c, double eps) {
  const Vec3 n = normalize(cross(q[b] - q[a], q[c] - q[a]));
  const Vec3 u = normalize(q[b] - q[a]), w = cross(n, u);
  std::vector<detail::Vec2> p(q.size());
  for (size_t i = 0; i < q.size(); ++i) p[i] = {dot(u, q[i]), dot(w, q[i])};
  const std::vector<int> polygon = detail::convexPolygon(p, eps);
  ConvexHull hull;
  for (int i : polygon) hull.vertices.push_back(points[i]), hull.inputIndex.push_back(uint32_t(i));
  const uint32_t m = uint32_t(polygon.size());
  for (uint32_t i = 1; m >= 3 && i + 1 < m; ++i) hull.faces.push_back({0, i, i + 1});
  for (uint32_t i = 1; m >= 3 && i + 1 < m; ++i) hull.faces.push_back({0, i + 1, i});
  return hull;
}

}  // namespace

Expected<ConvexHull> convexHull(const Vec3* points, size_t count) {
  if (auto e = detail::checkFitPoints(points, count)) return *e;
  const detail::UnitPoints unit = detail::unitPoints(points, count);
  const std::vector<Vec3>& q = unit.points;
  const double eps = tolerance::kHullPlane;
  ConvexHull hull;
  auto single = [&](int i) {
    hull.vertices.push_back(points[i]);
    hull.inputIndex.push_back(uint32_t(i));
  };
  const int n = int(count);
  // The initial simplex: the farthest pair of the six axis extremes, the point farthest from
  // their line, the point farthest from the plane of the three.
  int extreme[6] = {0, 0, 0, 0, 0, 0};
  for (int i = 1; i < n; ++i)
    for (int k = 0; k < 3; ++k) {
      if (q[i][k] < q[extreme[2 * k]][k]) extreme[2 * k] = i;
      if (q[i][k] > q[extreme[2 * k + 1]][k]) extreme[2 * k + 1] = i;
    }
  int a = 0, b = 0;
  double widest = -1;
  for (int i = 0; i < 6; ++i)
    for (int j = i + 1; j < 6; ++j)
      if (const double d = lengthSquared(q[extreme[i]] - q[extreme[j]]); d > widest)
        widest = d, a = extreme[i], b = extreme[j];
  const double flat = tolerance::kHullFlat;
  if (!(std::sqrt(widest) > flat)) return single(a), hull;
  const Vec3 along = normalize(q[b] - q[a]);
  int c = a;
  double offLine = -1;
  for (int i = 0; i < n; ++i)
    if (const double d = length(cross(q[i] - q[a], along)); d > offLine) offLine = d, c = i;
  if (!(offLine > flat)) {
    // Collinear: the extremes along the line.
    int lo = a, hi = a;
    for (int i = 0; i < n; ++i) {
      if (dot(q[i] - q[lo], along) < 0) lo = i;
      if (dot(q[i] - q[hi], along) > 0) hi = i;
    }
    return single(lo), single(hi), hull;
  }
  const Vec3 normal = normalize(cross(q[b] - q[a], q[c] - q[a]));
  int d = a;
  double offPlane = -1;
  for (int i = 0; i < n; ++i)
    if (const double h = std::fabs(dot(q[i] - q[a], normal)); h > offPlane) offPlane = h, d = i;
  if (!(offPlane > flat)) return flatHull(points, q, a, b, c, flat);

  const std::vector<Face> faces = Quickhull(q, eps).run(a, b, c, d);
  std::unordered_map<int, uint32_t> index;
  for (const Face& f : faces) {
    std::array<uint32_t, 3> t;
    for (int k = 0; k < 3; ++k) {
      auto [it, added] = index.emplace(f.v[k], uint32_t(hull.vertices.size()));
      if (added) single(f.v[k]);
      t[k] = it->second;
    }
    hull.faces.push_back(t);
  }
  return hull;
}

double hullVolume(const ConvexHull& hull) {
  if (hull.vertices.empty()) return 0;
  // Relative to a vertex, so that far-off hulls keep their digits.
  const Vec3 o = hull.vertices[0];
  double six = 0;
  for (const auto& f : hull.faces)
    six += dot(hull.vertices[f[0]] - o, cross(hull.vertices[f[1]] - o, hull.vertices[f[2]] - o));
  return six / 6;
}

}  // namespace sepaxis
