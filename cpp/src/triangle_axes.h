#pragma once
// The candidate axes of a polytope pair with a triangle: forEachCandidateAxis's (the faces of both,
// a triangle's one normal among them, and the cross products of their edges), then what flat sets
// need beyond them. Against a box or a k-DOP nothing: a box's three directions are both its faces
// and its edges, and a k-DOP's edge directions span space, so for a flat k-DOP in the triangle's
// plane (or a segment's) some edge d leaves that plane, and edge × d has, in the plane, the
// direction of the plane's normal × edge: the side's normal. The others (each an honest
// projection, so never a false separation):
// - two triangles whose planes are parallel (tolerance::kTriangleCoplanarSine): the normals of
//   both triangles' sides in their planes, which coplanar pairs need (every edge cross product is
//   then the common normal);
// - a triangle and a degenerate one (a segment or a point): the triangle's sides, and its normal ×
//   the segment's edges (the segment's side in the triangle's plane);
// - two degenerate triangles: the direction from the nearest point of one segment to the other's.

#include "closest.h"
#include "sat.h"
#include "sepaxis/tolerance.h"

namespace sepaxis::detail {

inline bool isTriangle(const Polytope& p) { return p.kind == Polytope::Kind::Triangle; }

/// The planes of two proper triangles are parallel within kTriangleCoplanarSine.
inline bool planesParallel(Vec3 n, Vec3 m) {
  const Vec3 u = normalize(n), v = normalize(m);
  const double s = tolerance::kTriangleCoplanarSine;
  return lengthSquared(cross(u, v)) <= s * s;
}

/// Calls visit(const CandidateAxis&) for each candidate axis of the pair until it returns true.
template <class Visit>
void forEachPolytopeAxis(const Polytope& a, const Polytope& b, Visit&& visit) {
  bool stopped = false;
  forEachCandidateAxis(a, b, [&](const CandidateAxis& c) { return stopped = visit(c); });
  if (stopped || !(isTriangle(a) && isTriangle(b))) return;
  const bool properA = a.faceCount() == 1, properB = b.faceCount() == 1;
  const auto sides = [&](bool ofA) {
    const Polytope& t = ofA ? a : b;
    for (int i = 1; i <= 3; ++i) {
      CandidateAxis c;
      (ofA ? c.faceA : c.faceB) = i;
      c.axis = t.face(i);
      c.parallel = c.axis == Vec3{};
      if (visit(c)) return true;
    }
    return false;
  };
  // A's face normal `face` (B's when !ofA) × the other's edges, each of them.
  const auto facesCrossEdges = [&](bool ofA, int face) {
    const Polytope& f = ofA ? a : b;
    const Polytope& e = ofA ? b : a;
    const Vec3 normal = f.face(face);
    for (int j = 0; j < e.edgeCount(); ++j) {
      CandidateAxis c;
      const Vec3 edge = e.edge(j);
      if (ofA) {
        c.crossFaceA = face, c.edgeB = j, c.axis = cross(normal, edge);
      } else {
        c.crossFaceB = face, c.edgeA = j, c.axis = cross(edge, normal);
      }
      c.parallel = lengthSquared(c.axis) <= tolerance::kZeroCrossSquared * lengthSquared(normal) * lengthSquared(edge);
      if (visit(c)) return true;
    }
    return false;
  };
  if (properA && properB) {
    if (!planesParallel(a.face(0), b.face(0))) return;
    if (!sides(true)) sides(false);
  } else if (properA || properB) {
    if (!sides(properA)) facesCrossEdges(properA, 0);
  } else {
    CandidateAxis c;
    c.closest = true;
    c.axis = segmentGap(segmentOf(*a.triangle), segmentOf(*b.triangle));
    c.parallel = c.axis == Vec3{};
    visit(c);
  }
}

}  // namespace sepaxis::detail
