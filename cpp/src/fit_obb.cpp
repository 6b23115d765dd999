// fitObb (sepaxis/fit.h): DiTO-14 for FitQuality::Fast; for Tight, a search over orientations on
// the convex hull. The search runs on the points in unit coordinates (fit_points.h), which moves
// and scales them uniformly, so that it compares the same volumes whatever the points' position
// and size; the box itself is then measured on the given points.

#include <algorithm>
#include <array>
#include <cmath>

#include "fit_points.h"
#include "polygon2d.h"
#include "sepaxis/fit.h"
#include "sepaxis/hull.h"
#include "sepaxis/tolerance.h"
#include "validate.h"

namespace sepaxis {
namespace {

// Radians: the refinement's smallest tilt. Volumes change by ~the tilt times the box's aspect
// there, far below the 1 % the fit aims at.
constexpr double kRefineAngle = 1e-4;
// Unitless: candidate directions with |dot| above 1 - this are the same axis.
constexpr double kSameDirection = 1e-9;

using Frame = std::array<Vec3, 3>;  // orthonormal, right-handed

// The ranges of the points along a frame's axes, and the box's volume and (half) surface area.
struct Fit {
  Frame frame{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}};
  double volume = INFINITY, area = INFINITY;
};

// Points moved by `center` and scaled by `scale` (a power of two) as they are read: the unit
// coordinates of fit_points.h without storing them, for the fast fit, which reads each point twice.
struct PointView {
  const Vec3* points;
  size_t count;
  Vec3 center;
  double scale = 1;
  Vec3 operator[](size_t i) const { return (points[i] - center) * scale; }
  size_t size() const { return count; }
};

Fit measure(const Frame& f, const PointView& p) {
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (size_t i = 0; i < p.size(); ++i)
    for (int k = 0; k < 3; ++k) {
      const double s = dot(f[k], p[i]);
      lo[k] = lesser(lo[k], s), hi[k] = greater(hi[k], s);
    }
  const double a = hi[0] - lo[0], b = hi[1] - lo[1], c = hi[2] - lo[2];
  return {f, a * b * c, a * b + b * c + c * a};
}

// The volume and area of a box of these half-extents (for better()).
Fit sizeOf(Vec3 half) {
  Fit f;
  f.volume = half.x * half.y * half.z;
  f.area = half.x * half.y + half.y * half.z + half.z * half.x;
  return f;
}

// Smaller volume first; among (nearly) equal volumes (flat sets: all zero) the smaller surface.
bool better(const Fit& a, const Fit& b) {
  if (a.volume < b.volume * (1 - 1e-12)) return true;
  return a.volume <= b.volume * (1 + 1e-12) && a.area < b.area;
}

// A unit vector perpendicular to n (unit), chosen from n alone so that the same n gives the same.
Vec3 perpendicular(Vec3 n) {
  const Vec3 m = abs(n);
  const Vec3 e = m.x <= m.y && m.x <= m.z ? Vec3{1, 0, 0} : m.y <= m.z ? Vec3{0, 1, 0} : Vec3{0, 0, 1};
  return normalize(cross(n, e));
}

Frame frameAround(Vec3 n) {
  const Vec3 a = perpendicular(n);
  return {a, cross(n, a), n};
}

// The best box with one axis along n: the smallest rectangle around the points' shadow on the
// plane across n, times their range along n (exact for that n).
//
// The shadow's outline is the shadow of the hull's silhouette: a vertex whose shadow is a corner
// of the outline lies on an edge between a face turned towards n and one that is not. So only the
// ends of such edges are projected and given to convexPolygon, a few hundred of the thousands of
// vertices of a detailed mesh's hull. Faces within a small angle of edge-on (or slivers, whose
// normals are unsure) count as both: their edges are all kept, so rounding drops no corner. A hull
// that is not a closed surface of triangles (the flat case, two fans) projects all its vertices.
class ShadowFit {
 public:
  ShadowFit(const std::vector<Vec3>& hull, const std::vector<std::array<uint32_t, 3>>& faces, double eps)
      : hull_(hull), eps_(eps) {
    std::vector<std::array<uint32_t, 3>> sides;  // lower vertex, higher vertex, face
    for (uint32_t f = 0; f < faces.size(); ++f) {
      const Vec3 a = hull[faces[f][0]], b = hull[faces[f][1]], c = hull[faces[f][2]];
      normals_.push_back(cross(b - a, c - a));
      edgeOn_.push_back(kEdgeOn * length(b - a) * length(c - a));
      for (int k = 0; k < 3; ++k) {
        const uint32_t u = faces[f][k], v = faces[f][(k + 1) % 3];
        sides.push_back({std::min(u, v), std::max(u, v), f});
      }
    }
    std::sort(sides.begin(), sides.end());
    closed_ = !sides.empty();
    for (size_t i = 0; closed_ && i < sides.size(); i += 2) {
      closed_ = i + 1 < sides.size() && sides[i][0] == sides[i + 1][0] && sides[i][1] == sides[i + 1][1] &&
                (i + 2 >= sides.size() || sides[i + 2][0] != sides[i][0] || sides[i + 2][1] != sides[i][1]);
      if (closed_) edges_.push_back({sides[i][0], sides[i][1], sides[i][2], sides[i + 1][2]});
    }
    seen_.assign(hull.size(), 0);
  }

  Fit operator()(Vec3 n) {
    n = normalize(n);
    const Vec3 a = perpendicular(n), b = cross(n, a);
    double lo = INFINITY, hi = -INFINITY;
    for (const Vec3& p : hull_) {
      const double h = dot(n, p);
      lo = lesser(lo, h), hi = greater(hi, h);
    }
    flat_.clear();
    if (closed_) {
      facing_.resize(normals_.size());
      for (size_t f = 0; f < normals_.size(); ++f) {
        const double d = dot(normals_[f], n);
        facing_[f] = d > edgeOn_[f] ? 1 : d < -edgeOn_[f] ? -1 : 0;
      }
      ++round_;
      for (const Edge& e : edges_) {
        if (facing_[e.f] == facing_[e.g] && facing_[e.f] != 0) continue;
        for (const uint32_t v : {e.u, e.v})
          if (seen_[v] != round_) seen_[v] = round_, flat_.push_back({dot(a, hull_[v]), dot(b, hull_[v])});
      }
    }
    if (flat_.size() < 3) {
      flat_.clear();
      for (const Vec3& p : hull_) flat_.push_back({dot(a, p), dot(b, p)});
    }
    polygon_.clear();
    for (int i : detail::convexPolygon(flat_, eps_)) polygon_.push_back(flat_[i]);
    const detail::Rectangle r = detail::smallestRectangle(polygon_);
    const Vec3 e0 = a * r.u.x + b * r.u.y, e1 = cross(n, e0);
    const double w = r.hi[0] - r.lo[0], d = r.hi[1] - r.lo[1], h = hi - lo;
    return {Frame{e0, e1, n}, w * d * h, w * d + d * h + h * w};
  }

 private:
  // The sine of the angle within which a face counts as edge-on (unit coordinates: far above the
  // rounding of a face's normal, far below any angle that changes a box).
  static constexpr double kEdgeOn = 1e-9;
  struct Edge {
    uint32_t u, v, f, g;  // its ends, and the faces on either side
  };
  const std::vector<Vec3>& hull_;
  const double eps_;
  std::vector<Vec3> normals_;   // per face, not normalized
  std::vector<double> edgeOn_;  // per face: |dot(normal, n)| at most this is edge-on
  std::vector<Edge> edges_;
  bool closed_ = false;  // every edge between exactly two faces
  std::vector<int> facing_;
  std::vector<unsigned> seen_;
  unsigned round_ = 0;
  std::vector<detail::Vec2> flat_, polygon_;
};

// DiTO-14 (Larsson & Källberg, "Fast Computation of Tight-Fitting Oriented Bounding Boxes", Game
// Engine Gems 2, 2011). Candidate frames are rated by their surface area on the 14 extremes (a
// volume would rate every frame of a flat set 0). With measureWinner, the winner is measured on
// all points and kept only when smaller than the AABB; without, the caller does that.
Fit ditoFit(const PointView& q, bool measureWinner) {
  double lo[7], hi[7];
  int loAt[7] = {}, hiAt[7] = {};
  // The projections of p - center on the 7 normals x, y, z, (1, 1, 1), (1, 1, -1), (1, -1, 1),
  // (1, -1, -1), unscaled (scaling changes no comparison) and written out: no products.
  auto project = [&](size_t i, double(&s)[7]) {
    const Vec3 d = q.points[i] - q.center;
    const double xy = d.x + d.y, xmy = d.x - d.y;
    s[0] = d.x, s[1] = d.y, s[2] = d.z, s[3] = xy + d.z, s[4] = xy - d.z, s[5] = xmy + d.z, s[6] = xmy - d.z;
  };
  project(0, lo);
  for (int k = 0; k < 7; ++k) hi[k] = lo[k];
  for (size_t i = 1; i < q.size(); ++i) {
    double s[7];
    project(i, s);
    for (int k = 0; k < 7; ++k) {
      if (s[k] < lo[k]) lo[k] = s[k], loAt[k] = int(i);
      if (s[k] > hi[k]) hi[k] = s[k], hiAt[k] = int(i);
    }
  }
  for (int k = 0; k < 7; ++k) lo[k] *= q.scale, hi[k] *= q.scale;
  Fit aabb;
  aabb.volume = (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
  aabb.area = (hi[0] - lo[0]) * (hi[1] - lo[1]) + (hi[1] - lo[1]) * (hi[2] - lo[2]) + (hi[2] - lo[2]) * (hi[0] - lo[0]);
  Vec3 e[14];
  for (int k = 0; k < 7; ++k) e[2 * k] = q[loAt[k]], e[2 * k + 1] = q[hiAt[k]];

  // The base triangle: the farthest extreme pair, then the extreme farthest from their line.
  int k0 = 0;
  for (int k = 1; k < 7; ++k)
    if (lengthSquared(e[2 * k + 1] - e[2 * k]) > lengthSquared(e[2 * k0 + 1] - e[2 * k0])) k0 = k;
  const Vec3 p0 = e[2 * k0], p1 = e[2 * k0 + 1];
  const Vec3 u0 = normalize(p1 - p0);
  constexpr double kTiny = tolerance::kHullPlane;  // unit coordinates: relative to the extent
  if (!(length(p1 - p0) > kTiny)) return aabb;
  Vec3 p2 = p0;
  double off = -1;
  for (const Vec3& x : e)
    if (const double d = lengthSquared(cross(x - p0, u0)); d > off) off = d, p2 = x;
  Fit best = aabb;
  const Vec3* all = e;
  auto tryFrame = [&](Vec3 n, Vec3 edge) {
    n = normalize(n);
    const Vec3 u = normalize(edge - n * dot(n, edge));
    if (lengthSquared(n) == 0 || lengthSquared(u) == 0) return;
    Fit f = measure(Frame{u, cross(n, u), n}, PointView{all, 14, Vec3{}});
    if (f.area < best.area) best = f, best.volume = INFINITY;  // measured on all points below
  };
  if (!(std::sqrt(off) > kTiny)) {
    // Collinear extremes: the long axis is u0; rate its frames around it.
    tryFrame(perpendicular(u0), u0);
  } else {
    const Vec3 n = cross(p1 - p0, p2 - p0);
    const Vec3 edges[3] = {p1 - p0, p2 - p1, p0 - p2};
    for (const Vec3& edge : edges) tryFrame(n, edge);
    // The ditetrahedron: the extremes on either side of the triangle's plane as apexes.
    const Vec3 nn = normalize(n);
    Vec3 below = p0, above = p0;
    for (const Vec3& x : e) {
      if (dot(nn, x - below) < 0) below = x;
      if (dot(nn, x - above) > 0) above = x;
    }
    const Vec3 base[3] = {p0, p1, p2};
    for (const Vec3 apex : {below, above}) {
      if (!(std::fabs(dot(nn, apex - p0)) > kTiny)) continue;
      for (int i = 0; i < 3; ++i) {
        const Vec3 a = base[i], b = base[(i + 1) % 3];
        const Vec3 m = cross(b - a, apex - a);
        tryFrame(m, b - a), tryFrame(m, apex - a), tryFrame(m, apex - b);
      }
    }
  }
  if (!measureWinner) return best;
  if (best.volume == INFINITY) {
    Fit f = measure(best.frame, q);
    if (better(f, aabb)) return f;
  }
  return aabb;
}

// The principal axes of the points (Jacobi rotations on their covariance).
Frame principalAxes(const std::vector<Vec3>& q) {
  Vec3 mean;
  for (const Vec3& p : q) mean = mean + p;
  mean = mean / double(q.size());
  double c[3][3] = {};
  for (const Vec3& p : q) {
    const Vec3 d = p - mean;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) c[i][j] += d[i] * d[j];
  }
  double v[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int sweep = 0; sweep < 32; ++sweep) {
    const double offDiagonal = std::fabs(c[0][1]) + std::fabs(c[0][2]) + std::fabs(c[1][2]);
    if (!(offDiagonal > 1e-30 * (std::fabs(c[0][0]) + std::fabs(c[1][1]) + std::fabs(c[2][2])))) break;
    for (int p = 0; p < 2; ++p)
      for (int r = p + 1; r < 3; ++r) {
        if (c[p][r] == 0) continue;
        const double theta = (c[r][r] - c[p][p]) / (2 * c[p][r]);
        const double t = (theta >= 0 ? 1 : -1) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
        const double cs = 1 / std::sqrt(t * t + 1), sn = t * cs;
        for (int k = 0; k < 3; ++k) {
          const double a = c[k][p], b = c[k][r];
          c[k][p] = cs * a - sn * b, c[k][r] = sn * a + cs * b;
        }
        for (int k = 0; k < 3; ++k) {
          const double a = c[p][k], b = c[r][k];
          c[p][k] = cs * a - sn * b, c[r][k] = sn * a + cs * b;
        }
        for (int k = 0; k < 3; ++k) {
          const double a = v[k][p], b = v[k][r];
          v[k][p] = cs * a - sn * b, v[k][r] = sn * a + cs * b;
        }
      }
  }
  return {Vec3{v[0][0], v[1][0], v[2][0]}, Vec3{v[0][1], v[1][1], v[2][1]}, Vec3{v[0][2], v[1][2], v[2][2]}};
}

// Candidate normals, refined: tilt each axis of the best frame towards the others, re-fit the
// rectangle across the tilted axis, keep any smaller box; halve the tilt when none is.
Fit refine(Fit best, ShadowFit& shadow) {
  // At most a few hundred rectangles: each accepted tilt shrinks the box, but by ever less.
  int rounds = 0;
  for (double angle = 0.05; angle >= kRefineAngle && rounds < 40; ++rounds) {
    bool improved = false;
    for (int k = 0; k < 3; ++k)
      for (int j = 1; j < 3; ++j)
        for (const double sign : {1.0, -1.0}) {
          const Frame& f = best.frame;
          const Vec3 n = f[k] * std::cos(angle) + f[(k + j) % 3] * (sign * std::sin(angle));
          const Fit t = shadow(n);
          if (better(t, best)) best = t, improved = true;
        }
    if (!improved) angle *= 0.5;
  }
  return best;
}

Fit tightFit(const std::vector<Vec3>& q, const ConvexHull& hull) {
  const Fit fast = ditoFit(PointView{q.data(), q.size(), Vec3{}}, true);
  std::vector<Vec3> h;
  for (uint32_t i : hull.inputIndex) h.push_back(q[i]);
  ShadowFit shadow(h, hull.faces, tolerance::kHullPlane);
  // The candidate normals: the hull's face normals, largest faces first (a big face is likely
  // flush with the box), as many as keep the search to a few million projections.
  std::vector<std::pair<double, Vec3>> faces;
  for (const auto& f : hull.faces) {
    const Vec3 c = cross(h[f[1]] - h[f[0]], h[f[2]] - h[f[0]]);
    faces.push_back({lengthSquared(c), c});
  }
  std::stable_sort(faces.begin(), faces.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const size_t budget = std::clamp<size_t>(200000 / (h.size() + 1), 48, 400);
  std::vector<Vec3> normals;
  auto addNormal = [&](Vec3 n) {
    n = normalize(n);
    if (lengthSquared(n) == 0) return;
    for (const Vec3& m : normals)
      if (std::fabs(dot(m, n)) > 1 - kSameDirection) return;
    normals.push_back(n);
  };
  for (const Frame& f : {principalAxes(q), fast.frame, Frame{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}})
    for (const Vec3& n : f) addNormal(n);
  for (size_t i = 0; i < faces.size() && normals.size() < budget; ++i) addNormal(faces[i].second);

  // The few best distinct frames are refined; the smallest wins.
  std::vector<Fit> fits;
  for (const Vec3& n : normals) fits.push_back(shadow(n));
  std::stable_sort(fits.begin(), fits.end(), better);
  Fit best = fast;
  for (size_t i = 0, refined = 0; i < fits.size() && refined < 3; ++i) {
    bool same = false;
    for (size_t j = 0; j < i && !same; ++j) same = std::fabs(dot(fits[i].frame[2], fits[j].frame[2])) > 1 - 1e-6;
    if (same) continue;
    ++refined;
    const Fit r = refine(fits[i], shadow);
    if (better(r, best)) best = r;
  }
  return best;
}

// The box with the frame's axes (made orthonormal by tryMakeObb) around the given points: their
// ranges from a reference point near them, then every point checked as contains() checks it.
Expected<Obb> enclose(const Vec3* points, size_t count, const Frame& frame, Vec3 ref, double magnitude) {
  Obb box;
  const Vec3 axes[3] = {frame[0], frame[1], frame[2]};
  if (!tryMakeObb(ref, axes, Vec3{}, box)) box = Obb{ref, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, Vec3{}};
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (size_t i = 0; i < count; ++i) {
    const Vec3 d = points[i] - ref;
    for (int k = 0; k < 3; ++k) {
      const double s = dot(box.axis[k], d);
      lo[k] = lesser(lo[k], s), hi[k] = greater(hi[k], s);
    }
  }
  for (int k = 0; k < 3; ++k) box.center = box.center + box.axis[k] * (lo[k] * 0.5 + hi[k] * 0.5);
  for (int k = 0; k < 3; ++k) box.halfExtents[k] = hi[k] * 0.5 - lo[k] * 0.5;
  for (size_t i = 0; i < count; ++i) {
    const Vec3 d = points[i] - box.center;
    for (int k = 0; k < 3; ++k) box.halfExtents[k] = greater(box.halfExtents[k], std::fabs(dot(d, box.axis[k])));
  }
  const double pad = tolerance::kObbFitPad * (magnitude + maxComponent(box.halfExtents));
  box.halfExtents = box.halfExtents + Vec3{pad, pad, pad};
  if (!isFinite(box.center) || !isFinite(box.halfExtents))
    return detail::makeError(ErrorCode::NotFinite, "points", magnitude, "within about 1e308 of one another for an OBB",
                             "a magnitude of");
  return box;
}

}  // namespace

Expected<Obb> fitObb(const Vec3* points, size_t count, FitQuality quality) {
  if (auto e = detail::checkFitPoints(points, count)) return *e;
  if (quality == FitQuality::Fast) {
    Vec3 lo = points[0], hi = points[0];
    for (size_t i = 1; i < count; ++i) lo = min(lo, points[i]), hi = max(hi, points[i]);
    const Vec3 center = lo * 0.5 + hi * 0.5, half = hi * 0.5 - lo * 0.5;
    const double magnitude = maxComponent(abs(center)) + maxComponent(half);
    const int e = maxComponent(half) > 0 ? std::clamp(std::ilogb(maxComponent(half)), -1000, 1000) : 0;
    const Frame frame = ditoFit(PointView{points, count, center, std::ldexp(1.0, -e)}, false).frame;
    auto box = enclose(points, count, frame, center, magnitude);
    // DiTO rated its frame on 14 points: on all of them the AABB (padded alike) may be smaller.
    if (box) {
      const double pad = tolerance::kObbFitPad * (magnitude + maxComponent(half));
      if (better(sizeOf(half + Vec3{pad, pad, pad}), sizeOf(box->halfExtents)))
        box = enclose(points, count, Frame{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}}, center, magnitude);
    }
    return box;
  }
  const detail::UnitPoints unit = detail::unitPoints(points, count);
  const double magnitude = maxComponent(abs(unit.center)) + unit.halfSide;
  const Expected<ConvexHull> hull = convexHull(points, count);
  if (!hull) return hull.error();
  Frame frame{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}};
  if (hull->vertices.size() == 2) {
    frame = frameAround(normalize(unit.points[hull->inputIndex[1]] - unit.points[hull->inputIndex[0]]));
  } else if (hull->vertices.size() > 2) {
    frame = tightFit(unit.points, *hull).frame;
  }
  return enclose(points, count, frame, unit.center, magnitude);
}

}  // namespace sepaxis
