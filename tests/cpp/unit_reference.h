#pragma once
// Reference geometry for the unit tests, written from the definitions without calling the library's
// geometry: k-DOP vertices by enumerating every triple of slab planes, the exact closest point of a
// k-DOP by enumerating active constraint sets (the projection onto a convex polytope is the
// projection onto the affine hull of at most three of its active planes), box corners, signed
// distances and projection intervals. A unit test compares the library against these.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "sepaxis/sepaxis.h"

namespace sepaxis_unit {

using sepaxis::Aabb;
using sepaxis::Interval;
using sepaxis::Kdop;
using sepaxis::Mat3;
using sepaxis::Obb;
using sepaxis::Quat;
using sepaxis::RigidTransform;
using sepaxis::Sphere;
using sepaxis::Vec3;
using sepaxis::Volume;

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline const double kNaN = std::numeric_limits<double>::quiet_NaN();

inline std::string str(Vec3 v) {
  std::ostringstream out;
  out.precision(17);
  out << "(" << v.x << ", " << v.y << ", " << v.z << ")";
  return out.str();
}

inline double dist(Vec3 a, Vec3 b) { return sepaxis::length(a - b); }

/// True when |a - b| <= tol on every component (the message names both vectors).
inline ::testing::AssertionResult vecNear(Vec3 a, Vec3 b, double tol) {
  const Vec3 d = a - b;
  if (std::fabs(d.x) <= tol && std::fabs(d.y) <= tol && std::fabs(d.z) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << str(a) << " differs from " << str(b) << " by " << str(d) << " (tolerance "
                                       << tol << ")";
}

inline ::testing::AssertionResult vecEq(Vec3 a, Vec3 b) {
  if (a.x == b.x && a.y == b.y && a.z == b.z) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << str(a) << " != " << str(b);
}

// ---- Construction that fails the test (not the process) when the library rejects valid input.

inline Sphere sphereOf(Vec3 c, double r) {
  auto e = sepaxis::makeSphere(c, r);
  if (!e) {
    ADD_FAILURE() << "makeSphere rejected valid input: " << e.error().message;
    return Sphere{c, r};
  }
  return *e;
}

inline Aabb aabbOf(Vec3 lo, Vec3 hi) {
  auto e = sepaxis::makeAabb(lo, hi);
  if (!e) {
    ADD_FAILURE() << "makeAabb rejected valid input: " << e.error().message;
    return Aabb{lo, hi};
  }
  return *e;
}

inline Obb obbOf(Vec3 c, Vec3 u0, Vec3 u1, Vec3 u2, Vec3 he) {
  const Vec3 axes[3] = {u0, u1, u2};
  auto e = sepaxis::makeObb(c, axes, he);
  if (!e) {
    ADD_FAILURE() << "makeObb rejected valid input: " << e.error().message;
    return Obb{};
  }
  return *e;
}

inline Obb obbOf(Vec3 c, Quat q, Vec3 he) {
  auto e = sepaxis::makeObbFromQuaternion(c, q, he);
  if (!e) {
    ADD_FAILURE() << "makeObbFromQuaternion rejected valid input: " << e.error().message;
    return Obb{};
  }
  return *e;
}

inline Kdop kdopOf(int k, const std::vector<double>& lo, const std::vector<double>& hi) {
  auto e = sepaxis::makeKdop(k, lo.data(), hi.data(), int(lo.size()));
  if (!e) {
    ADD_FAILURE() << "makeKdop rejected valid input: " << e.error().message;
    return Kdop{};
  }
  return *e;
}

inline RigidTransform transformOf(Quat q, Vec3 t, double s = 1) {
  auto e = sepaxis::makeRigidTransform(q, t, s);
  if (!e) {
    ADD_FAILURE() << "makeRigidTransform rejected valid input: " << e.error().message;
    return RigidTransform{};
  }
  return *e;
}

/// x -> scale * (rotation * x) + translation, as transform.h defines it.
inline Vec3 apply(const RigidTransform& t, Vec3 p) { return (t.rotation * p) * t.scale + t.translation; }

inline Quat normalized(Quat q) {
  const double n = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  return {q.x / n, q.y / n, q.z / n, q.w / n};
}

/// Rotation by `angle` radians about `axis` (any non-zero length).
inline Quat axisAngle(Vec3 axis, double angle) {
  const Vec3 u = axis / sepaxis::length(axis);
  const double s = std::sin(angle / 2);
  return {u.x * s, u.y * s, u.z * s, std::cos(angle / 2)};
}

inline Quat randomQuat(std::mt19937& rng) {
  std::normal_distribution<double> g(0, 1);
  return normalized({g(rng), g(rng), g(rng), g(rng)});
}

inline Vec3 randomVec(std::mt19937& rng, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  const double x = u(rng), y = u(rng), z = u(rng);
  return {x, y, z};
}

inline Vec3 randomUnit(std::mt19937& rng) {
  std::normal_distribution<double> g(0, 1);
  for (;;) {
    const double x = g(rng), y = g(rng), z = g(rng);
    const Vec3 v{x, y, z};
    if (sepaxis::length(v) > 1e-3) return v / sepaxis::length(v);
  }
}

// ---- k-DOP slabs, written out here from the direction table of the brief (Klosowski et al.).

inline std::vector<Vec3> directionsFor(int k) {
  const std::vector<Vec3> axes = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const std::vector<Vec3> corners = {{1, 1, 1}, {1, 1, -1}, {1, -1, 1}, {1, -1, -1}};
  const std::vector<Vec3> edges = {{1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1}, {0, 1, -1}};
  std::vector<Vec3> out;
  auto add = [&](const std::vector<Vec3>& v) { out.insert(out.end(), v.begin(), v.end()); };
  switch (k) {
    case 6: add(axes); break;
    case 8: add(corners); break;
    case 14: add(axes), add(corners); break;
    case 18: add(axes), add(edges); break;
    case 26: add(axes), add(corners), add(edges); break;
    default: break;
  }
  return out;
}

struct Slabs {
  std::vector<Vec3> n;  ///< unnormalized integer directions
  std::vector<double> lo, hi;
};

inline Slabs slabsOf(int k, const double* lo, const double* hi) {
  Slabs s;
  s.n = directionsFor(k);
  for (size_t i = 0; i < s.n.size(); ++i) {
    s.lo.push_back(lo[i]);
    s.hi.push_back(hi[i]);
  }
  return s;
}
inline Slabs slabsOf(const Kdop& kd) { return slabsOf(kd.k, kd.min, kd.max); }
inline Slabs slabsOf(int k, const std::vector<double>& lo, const std::vector<double>& hi) {
  return slabsOf(k, lo.data(), hi.data());
}

/// Largest violation of any slab in distance units (<= 0 inside; > 0 exactly when outside; a lower
/// bound on the distance to the k-DOP outside).
inline double slabViolation(const Slabs& s, Vec3 p) {
  double worst = -kInf;
  for (size_t i = 0; i < s.n.size(); ++i) {
    const double d = sepaxis::dot(s.n[i], p), len = sepaxis::length(s.n[i]);
    worst = std::max({worst, (s.lo[i] - d) / len, (d - s.hi[i]) / len});
  }
  return worst;
}

/// The size of the numbers involved, for relative tolerances.
inline double slabScale(const Slabs& s) {
  double m = 1;
  for (size_t i = 0; i < s.n.size(); ++i) m = std::max({m, std::fabs(s.lo[i]), std::fabs(s.hi[i])});
  return m;
}

struct Plane {
  Vec3 n;
  double b;  ///< n . x = b
};

inline std::vector<Plane> planesOf(const Slabs& s) {
  std::vector<Plane> p;
  for (size_t i = 0; i < s.n.size(); ++i) {
    p.push_back({s.n[i], s.lo[i]});
    p.push_back({s.n[i], s.hi[i]});
  }
  return p;
}

/// Every point where three independent slab planes meet and no slab is violated (beyond rounding),
/// duplicates merged: the vertices of the polytope.
inline std::vector<Vec3> referenceVertices(const Slabs& s) {
  const std::vector<Plane> pl = planesOf(s);
  const double tol = 1e-9 * slabScale(s);
  std::vector<Vec3> out;
  const size_t n = pl.size();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j)
      for (size_t k = j + 1; k < n; ++k) {
        const Vec3 jk = sepaxis::cross(pl[j].n, pl[k].n);
        const double det = sepaxis::dot(pl[i].n, jk);  // exact: small integers
        if (det == 0) continue;
        // Cramer's rule: x = (b_i (n_j x n_k) + b_j (n_k x n_i) + b_k (n_i x n_j)) / det.
        const Vec3 x =
            (jk * pl[i].b + sepaxis::cross(pl[k].n, pl[i].n) * pl[j].b + sepaxis::cross(pl[i].n, pl[j].n) * pl[k].b) /
            det;
        if (slabViolation(s, x) > tol) continue;
        bool known = false;
        for (const Vec3& v : out) known = known || dist(v, x) <= tol;
        if (!known) out.push_back(x);
      }
  return out;
}

/// The exact nearest point of the k-DOP to p: among p itself and the projections of p onto the
/// affine hulls of every set of 1, 2 or 3 independent planes, the nearest one inside the slabs.
inline Vec3 referenceClosestPoint(const Slabs& s, Vec3 p) {
  const double tol = 1e-10 * slabScale(s);
  if (slabViolation(s, p) <= 0) return p;
  const std::vector<Plane> pl = planesOf(s);
  Vec3 best{kInf, kInf, kInf};
  double bestDist = kInf;
  auto consider = [&](Vec3 x) {
    if (slabViolation(s, x) > tol) return;
    const double d = dist(x, p);
    if (d < bestDist) bestDist = d, best = x;
  };
  const size_t n = pl.size();
  for (size_t i = 0; i < n; ++i) {
    const Vec3 a = pl[i].n;
    consider(p - a * ((sepaxis::dot(a, p) - pl[i].b) / sepaxis::dot(a, a)));
    for (size_t j = i + 1; j < n; ++j) {
      const Vec3 b = pl[j].n;
      const Vec3 ab = sepaxis::cross(a, b);
      if (sepaxis::lengthSquared(ab) == 0) continue;
      // x = p - alpha a - beta b with a.x = b_i, b.x = b_j: a 2x2 Gram system.
      const double aa = sepaxis::dot(a, a), bb = sepaxis::dot(b, b), abd = sepaxis::dot(a, b);
      const double ra = sepaxis::dot(a, p) - pl[i].b, rb = sepaxis::dot(b, p) - pl[j].b;
      const double det = aa * bb - abd * abd;
      const double alpha = (ra * bb - rb * abd) / det, beta = (aa * rb - abd * ra) / det;
      consider(p - a * alpha - b * beta);
      for (size_t k = j + 1; k < n; ++k) {
        const Vec3 c = pl[k].n;
        const double d3 = sepaxis::dot(c, ab);
        if (d3 == 0) continue;
        consider((sepaxis::cross(b, c) * pl[i].b + sepaxis::cross(c, a) * pl[j].b + ab * pl[k].b) / d3);
      }
    }
  }
  return best;
}

// ---- Boxes.

inline std::array<Vec3, 8> corners(const Aabb& b) {
  std::array<Vec3, 8> c;
  for (int i = 0; i < 8; ++i)
    c[i] = {(i & 1) ? b.max.x : b.min.x, (i & 2) ? b.max.y : b.min.y, (i & 4) ? b.max.z : b.min.z};
  return c;
}

inline std::array<Vec3, 8> corners(const Obb& b) {
  std::array<Vec3, 8> c;
  for (int i = 0; i < 8; ++i)
    c[i] = b.center + b.axis[0] * ((i & 1) ? b.halfExtents.x : -b.halfExtents.x) +
           b.axis[1] * ((i & 2) ? b.halfExtents.y : -b.halfExtents.y) +
           b.axis[2] * ((i & 4) ? b.halfExtents.z : -b.halfExtents.z);
  return c;
}

inline Vec3 toLocal(const Obb& b, Vec3 p) {
  const Vec3 d = p - b.center;
  return {sepaxis::dot(d, b.axis[0]), sepaxis::dot(d, b.axis[1]), sepaxis::dot(d, b.axis[2])};
}

inline Vec3 fromLocal(const Obb& b, Vec3 l) { return b.center + b.axis[0] * l.x + b.axis[1] * l.y + b.axis[2] * l.z; }

/// Signed distance to the box |x_i| <= h_i (negative inside).
inline double boxSignedDistance(Vec3 l, Vec3 h) {
  const Vec3 q{std::fabs(l.x) - h.x, std::fabs(l.y) - h.y, std::fabs(l.z) - h.z};
  const Vec3 pos{std::max(q.x, 0.0), std::max(q.y, 0.0), std::max(q.z, 0.0)};
  return sepaxis::length(pos) + std::min(std::max({q.x, q.y, q.z}), 0.0);
}

inline Vec3 clampBox(Vec3 l, Vec3 h) {
  return {std::clamp(l.x, -h.x, h.x), std::clamp(l.y, -h.y, h.y), std::clamp(l.z, -h.z, h.z)};
}

// ---- Any volume.

/// Signed distance (negative inside); for k-DOPs the slab violation, which has the same sign.
inline double signedDistance(const Volume& v, Vec3 p) {
  if (auto s = std::get_if<Sphere>(&v)) return dist(p, s->center) - s->radius;
  if (auto b = std::get_if<Aabb>(&v)) return boxSignedDistance(p - (b->min + b->max) * 0.5, (b->max - b->min) * 0.5);
  if (auto o = std::get_if<Obb>(&v)) return boxSignedDistance(toLocal(*o, p), o->halfExtents);
  return slabViolation(slabsOf(std::get<Kdop>(v)), p);
}

inline Vec3 referenceClosest(const Volume& v, Vec3 p) {
  if (auto s = std::get_if<Sphere>(&v)) {
    const double d = dist(p, s->center);
    return d <= s->radius ? p : s->center + (p - s->center) * (s->radius / d);
  }
  if (auto b = std::get_if<Aabb>(&v))
    return {std::clamp(p.x, b->min.x, b->max.x), std::clamp(p.y, b->min.y, b->max.y),
            std::clamp(p.z, b->min.z, b->max.z)};
  if (auto o = std::get_if<Obb>(&v)) return fromLocal(*o, clampBox(toLocal(*o, p), o->halfExtents));
  return referenceClosestPoint(slabsOf(std::get<Kdop>(v)), p);
}

/// The points whose convex hull is the volume (empty for a sphere).
inline std::vector<Vec3> hullPoints(const Volume& v) {
  if (auto b = std::get_if<Aabb>(&v)) {
    auto c = corners(*b);
    return {c.begin(), c.end()};
  }
  if (auto o = std::get_if<Obb>(&v)) {
    auto c = corners(*o);
    return {c.begin(), c.end()};
  }
  if (auto k = std::get_if<Kdop>(&v)) return referenceVertices(slabsOf(*k));
  return {};
}

/// {dot(x, dir) : x in the volume}.
inline Interval referenceProjection(const Volume& v, Vec3 dir) {
  if (auto s = std::get_if<Sphere>(&v)) {
    const double c = sepaxis::dot(s->center, dir), r = s->radius * sepaxis::length(dir);
    return {c - r, c + r};
  }
  Interval r{kInf, -kInf};
  for (const Vec3& x : hullPoints(v)) {
    r.min = std::min(r.min, sepaxis::dot(x, dir));
    r.max = std::max(r.max, sepaxis::dot(x, dir));
  }
  return r;
}

/// A length scale of the volume (its size plus its distance from the origin), for tolerances.
inline double scaleOf(const Volume& v) {
  if (auto s = std::get_if<Sphere>(&v)) return 1 + s->radius + sepaxis::length(s->center);
  if (auto k = std::get_if<Kdop>(&v)) return slabScale(slabsOf(*k));  // |d_i . x| over the k-DOP
  double m = 1;
  for (const Vec3& x : hullPoints(v)) m = std::max(m, sepaxis::length(x));
  return m;
}

/// The volume moved by t (exactly: no rotation involved).
inline Volume translated(const Volume& v, Vec3 t) {
  if (auto s = std::get_if<Sphere>(&v)) return Sphere{s->center + t, s->radius};
  if (auto b = std::get_if<Aabb>(&v)) return Aabb{b->min + t, b->max + t};
  if (auto o = std::get_if<Obb>(&v)) {
    Obb m = *o;
    m.center = m.center + t;
    return m;
  }
  const Kdop& kd = std::get<Kdop>(v);
  const std::vector<Vec3> dirs = directionsFor(kd.k);
  std::vector<double> lo, hi;
  for (size_t i = 0; i < dirs.size(); ++i) {
    lo.push_back(kd.min[i] + sepaxis::dot(dirs[i], t));
    hi.push_back(kd.max[i] + sepaxis::dot(dirs[i], t));
  }
  return kdopOf(kd.k, lo, hi);
}

/// A random k-DOP around `center`: every slab contains the centre, so the slabs never contradict.
inline Kdop randomKdop(std::mt19937& rng, int k, Vec3 center, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<double> mn, mx;
  for (const Vec3& d : directionsFor(k)) {
    const double c = sepaxis::dot(d, center), len = sepaxis::length(d);
    const double a = u(rng), b = u(rng);
    mn.push_back(c - a * len);
    mx.push_back(c + b * len);
  }
  return kdopOf(k, mn, mx);
}

inline int randomK(std::mt19937& rng) {
  static const int ks[] = {6, 8, 14, 18, 26};
  return ks[std::uniform_int_distribution<int>(0, 4)(rng)];
}

}  // namespace sepaxis_unit
