#pragma once
// A uniform view of the three polytopes (AABB, OBB, k-DOP) for the separating-axis tests: their
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

namespace sepaxis::detail {

/// The most edge directions of any polytope here (the 26-DOP's set).
inline constexpr int kMaxPolytopeEdges = 25;

struct Polytope {
  enum class Kind { Aabb, Obb, Kdop };
  Kind kind;
  const Aabb* aabb = nullptr;
  const Obb* obb = nullptr;
  const Kdop* kdop = nullptr;

  /// AABBs and k-DOPs have fixed integer directions, which allows exact, precomputed axis sets.
  bool hasFixedDirections() const { return kind != Kind::Obb; }
  /// The direction set of a fixed-direction polytope: an AABB has the 6-DOP's.
  int directionK() const { return kind == Kind::Kdop ? kdop->k : 6; }

  int faceCount() const;
  Vec3 face(int i) const;
  /// |face(i)|: 1 for boxes, sqrt(1), sqrt(2) or sqrt(3) for k-DOP directions.
  double faceLength(int i) const;
  /// Edge directions: for k-DOPs every cross product of two slab directions (a superset of the
  /// actual edges, which keeps the test exact for flat and degenerate k-DOPs as well).
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
inline int Polytope::faceCount() const { return kind == Kind::Kdop ? kdop->slabCount() : 3; }

inline Vec3 Polytope::face(int i) const {
  switch (kind) {
    case Kind::Aabb: return toVec3(kdopDirections(6)[i]);
    case Kind::Obb: return obb->axis[i];
    case Kind::Kdop: return toVec3(kdopDirections(kdop->k)[i]);
  }
  return {};
}

inline double Polytope::faceLength(int i) const {
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
  }
  return {};
}

inline Polytope view(const Aabb& box) { return {Polytope::Kind::Aabb, &box, nullptr, nullptr}; }
inline Polytope view(const Obb& box) { return {Polytope::Kind::Obb, nullptr, &box, nullptr}; }
inline Polytope view(const Kdop& kdop) { return {Polytope::Kind::Kdop, nullptr, nullptr, &kdop}; }

/// 0..4 for k = 6, 8, 14, 18, 26: the index of per-k tables.
inline int kdopKIndex(int k) { return k == 6 ? 0 : k == 8 ? 1 : k == 14 ? 2 : k == 18 ? 3 : 4; }
inline constexpr int kKdopKs[] = {6, 8, 14, 18, 26};

/// The edge directions of a k-DOP's direction set (all non-zero cross products of two slab
/// directions, reduced to primitive integer vectors, without duplicates).
int kdopEdgeCount(int k);
KdopDirection kdopEdge(int k, int i);

}  // namespace sepaxis::detail
