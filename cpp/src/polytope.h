#pragma once
// A uniform view of the four polytopes (AABB, OBB, k-DOP, triangle) for the separating-axis tests: their
// face normals, their edge directions, and their projection onto any axis.
//
// All projections are taken relative to a reference point near the pair (the first volume's
// centre), so that boxes far from the origin do not lose their size to cancellation.

#include <cmath>
#include <limits>
#include <string>

#include "sepaxis/aabb.h"
#include "sepaxis/kdop.h"
#include "sepaxis/obb.h"
#include "sepaxis/report.h"
#include "sepaxis/triangle.h"
#include "triangle_plane.h"

namespace sepaxis::detail {

/// The most edge directions of any polytope here (the 26-DOP's set).
inline constexpr int kMaxPolytopeEdges = 25;

struct Polytope {
  enum class Kind { Aabb, Obb, Kdop, Triangle };
  Kind kind;
  const Aabb* aabb = nullptr;
  const Obb* obb = nullptr;
  const Kdop* kdop = nullptr;
  const Triangle* triangle = nullptr;

  /// AABBs and k-DOPs have fixed integer directions, which allows exact, precomputed axis sets.
  bool hasFixedDirections() const { return kind == Kind::Aabb || kind == Kind::Kdop; }
  /// The direction set of a fixed-direction polytope: an AABB has the 6-DOP's.
  int directionK() const { return kind == Kind::Kdop ? kdop->k : 6; }

  /// A triangle has one face, its normal, and none when its corners are collinear (a segment or a
  /// point has no normal; its edges' axes decide; triangle_plane.h). Its faces 1..3 are the normals of its sides in
  /// its plane (normal × edge i - 1), which only the pairs that need them visit (triangle_axes.h).
  int faceCount() const;
  Vec3 face(int i) const;
  /// |face(i)|: 1 for boxes, sqrt(1), sqrt(2) or sqrt(3) for k-DOP directions.
  double faceLength(int i) const;
  /// Edge directions: for k-DOPs every cross product of two slab directions (a superset of the
  /// actual edges, which keeps the test exact for flat and degenerate k-DOPs as well); for a
  /// triangle its edges ab, bc, ca (zero where corners coincide).
  int edgeCount() const;
  Vec3 edge(int i) const;
  Vec3 reference() const;

  /// Projection interval of {dot(x - origin, axis) : x in the polytope}. `face` >= 0 says the axis
  /// is this polytope's own face normal number `face`, which k-DOPs and OBBs answer in O(1).
  Interval project(Vec3 axis, Vec3 origin, int face = -1) const;

  /// The report's feature names (report.h): face i is "x" "y" "z" (AABB), "u0".."u2" (OBB) or
  /// "n(1,1,0)" (k-DOP, its integer slab direction); edge i is "x" "y" "z", "u0".."u2" or
  /// "e(1,-1,0)" (k-DOP, its primitive integer direction). Formatted once, for the program's life.
  const std::string& faceFeature(int i) const;
  const std::string& edgeFeature(int i) const;
};

// Inline: the sphere and box tests call these with a kind known at compile time, which then
// leaves only the arithmetic of that kind (the same arithmetic, so the same results).
/// The edge directions ab, bc, ca of a triangle, scaled (withUnitScale).
inline Vec3 triangleEdge(const Triangle& t, int i) {
  return withUnitScale(i == 0 ? t.b - t.a : i == 1 ? t.c - t.b : t.a - t.c);
}

inline int Polytope::faceCount() const {
  switch (kind) {
    case Kind::Kdop: return kdop->slabCount();
    case Kind::Triangle: return triangleHasPlane(*triangle) ? 1 : 0;
    default: return 3;
  }
}

inline Vec3 Polytope::face(int i) const {
  switch (kind) {
    case Kind::Aabb: return toVec3(kdopDirections(6)[i]);
    case Kind::Obb: return obb->axis[i];
    case Kind::Kdop: return toVec3(kdopDirections(kdop->k)[i]);
    case Kind::Triangle: {
      const Vec3 n = scaledNormal(*triangle);
      return i == 0 ? n : withUnitScale(cross(n, triangleEdge(*triangle, i - 1)));
    }
  }
  return {};
}

inline double Polytope::faceLength(int i) const {
  if (kind == Kind::Triangle) return length(face(i));
  if (kind != Kind::Kdop) return 1;
  static constexpr double kLength[] = {0, 1, 1.4142135623730951, 1.7320508075688772};
  const KdopDirection d = kdopDirections(kdop->k)[i];
  return kLength[(d.x != 0) + (d.y != 0) + (d.z != 0)];
}

inline Vec3 Polytope::reference() const {
  switch (kind) {
    case Kind::Aabb: return center(*aabb);
    case Kind::Obb: return obb->center;
    case Kind::Kdop: return kdop->origin;
    case Kind::Triangle: return triangle->a;  // a corner: exact, so touching pairs often compute exactly
  }
  return {};
}

inline Interval Polytope::project(Vec3 axis, Vec3 origin, int faceIndex) const {
  switch (kind) {
    case Kind::Aabb: {
      // Per component, the smaller and larger of the two corner coordinates times the axis.
      Interval r;
      for (int i = 0; i < 3; ++i) {
        const double lo = (aabb->min[i] - origin[i]) * axis[i];
        const double hi = (aabb->max[i] - origin[i]) * axis[i];
        r.min += lesser(lo, hi);
        r.max += greater(lo, hi);
      }
      return r;
    }
    case Kind::Obb: {
      const double c = dot(obb->center - origin, axis);
      const double r = faceIndex >= 0 ? obb->halfExtents[faceIndex] * dot(obb->axis[faceIndex], axis)
                                      : obb->halfExtents.x * std::fabs(dot(obb->axis[0], axis)) +
                                            obb->halfExtents.y * std::fabs(dot(obb->axis[1], axis)) +
                                            obb->halfExtents.z * std::fabs(dot(obb->axis[2], axis));
      return {c - std::fabs(r), c + std::fabs(r)};
    }
    case Kind::Kdop: {
      const double shift = dot(kdop->origin - origin, axis);
      if (faceIndex >= 0) {
        // The own slab direction: its tight extremes are stored relative to the k-DOP's origin.
        return {kdop->localMin[faceIndex] + shift, kdop->localMax[faceIndex] + shift};
      }
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (int v = 0; v < kdop->vertexCount; ++v) {
        const double s = dot(kdop->vertex[v], axis);
        lo = lesser(lo, s);
        hi = greater(hi, s);
      }
      return {lo + shift, hi + shift};
    }
    case Kind::Triangle: {
      const double p[3] = {dot(triangle->a - origin, axis), dot(triangle->b - origin, axis),
                           dot(triangle->c - origin, axis)};
      return {lesser(p[0], lesser(p[1], p[2])), greater(p[0], greater(p[1], p[2]))};
    }
  }
  return {};
}

inline Polytope view(const Aabb& box) { return {Polytope::Kind::Aabb, &box, nullptr, nullptr, nullptr}; }
inline Polytope view(const Obb& box) { return {Polytope::Kind::Obb, nullptr, &box, nullptr, nullptr}; }
inline Polytope view(const Kdop& kdop) { return {Polytope::Kind::Kdop, nullptr, nullptr, &kdop, nullptr}; }
inline Polytope view(const Triangle& t) { return {Polytope::Kind::Triangle, nullptr, nullptr, nullptr, &t}; }

/// 0..4 for k = 6, 8, 14, 18, 26: the index of per-k tables.
inline int kdopKIndex(int k) { return k == 6 ? 0 : k == 8 ? 1 : k == 14 ? 2 : k == 18 ? 3 : 4; }
inline constexpr int kKdopKs[] = {6, 8, 14, 18, 26};

/// The edge directions of a k-DOP's direction set (all non-zero cross products of two slab
/// directions, reduced to primitive integer vectors, without duplicates).
int kdopEdgeCount(int k);
KdopDirection kdopEdge(int k, int i);

}  // namespace sepaxis::detail
