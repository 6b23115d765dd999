#pragma once
// The candidate separating axes of two polytopes, in test order: the face normals of A, those of
// B, then the cross products of A's and B's edge directions (Gottschalk, Lin & Manocha 1996;
// Ericson, Real-Time Collision Detection, 5.2.1). Two convex polytopes are disjoint exactly when
// one of these axes separates their projections. Flat and degenerate polytopes are covered too:
// grown by a tiny amount they are full-dimensional with the same face and edge directions.
//
// The boolean test and the report walk the same sequence and compute each axis the same way.

#include <vector>

#include "polytope.h"
#include "sepaxis/tolerance.h"

namespace sepaxis::detail {

struct CandidateAxis {
  Vec3 axis;       ///< unnormalized: projections are compared on it directly (scale invariant)
  int faceA = -1;  ///< axis is A's face normal faceA (A projects in O(1))
  int faceB = -1;  ///< axis is B's face normal faceB
  int edgeA = -1;  ///< axis is edge edgeA of A × edge edgeB of B
  int edgeB = -1;
  bool parallel = false;  ///< a cross product of parallel edges: no axis at all
  // Axes only pairs with a triangle have (triangle_axes.h):
  int crossFaceA = -1;   ///< axis is A's face normal crossFaceA × B's edge edgeB
  int crossFaceB = -1;   ///< axis is A's edge edgeA × B's face normal crossFaceB
  bool closest = false;  ///< two degenerate triangles: from A's nearest point to B's
};

/// For two fixed-direction polytopes the candidate set depends only on their direction sets:
/// precomputed once, exact (integer) duplicates and parallel pairs removed.
const std::vector<CandidateAxis>& fixedDirectionAxes(int kA, int kB);

/// Calls visit(const CandidateAxis&) for each candidate until it returns true.
template <class Visit>
void forEachCandidateAxis(const Polytope& a, const Polytope& b, Visit&& visit) {
  if (a.hasFixedDirections() && b.hasFixedDirections()) {
    for (const CandidateAxis& c : fixedDirectionAxes(a.directionK(), b.directionK()))
      if (visit(c)) return;
    return;
  }
  CandidateAxis c;
  for (c.faceA = 0; c.faceA < a.faceCount(); ++c.faceA) {
    c.axis = a.face(c.faceA);
    if (visit(c)) return;
  }
  c.faceA = -1;
  for (c.faceB = 0; c.faceB < b.faceCount(); ++c.faceB) {
    c.axis = b.face(c.faceB);
    if (visit(c)) return;
  }
  c.faceB = -1;
  // Gathered once: the lookups behind edge(i) stay out of the double loop.
  Vec3 edgeA[kMaxPolytopeEdges], edgeB[kMaxPolytopeEdges];
  const int edgesA = a.edgeCount(), edgesB = b.edgeCount();
  for (int i = 0; i < edgesA; ++i) edgeA[i] = a.edge(i);
  for (int j = 0; j < edgesB; ++j) edgeB[j] = b.edge(j);
  for (c.edgeA = 0; c.edgeA < edgesA; ++c.edgeA) {
    const Vec3 ea = edgeA[c.edgeA];
    for (c.edgeB = 0; c.edgeB < edgesB; ++c.edgeB) {
      const Vec3 eb = edgeB[c.edgeB];
      c.axis = cross(ea, eb);
      // Only an exactly zero cross product is skipped: any other, however short, is a genuine
      // direction that is projected honestly, and may be the only separating axis.
      c.parallel = lengthSquared(c.axis) <= tolerance::kZeroCrossSquared * lengthSquared(ea) * lengthSquared(eb);
      if (visit(c)) return;
    }
  }
}

/// The two projections of one candidate axis, relative to `origin`.
struct AxisProjection {
  Interval a, b;
  bool separates() const { return b.min > a.max || a.min > b.max; }
};

inline AxisProjection projectPair(const Polytope& a, const Polytope& b, const CandidateAxis& c, Vec3 origin) {
  return {a.project(c.axis, origin, c.faceA), b.project(c.axis, origin, c.faceB)};
}

}  // namespace sepaxis::detail
