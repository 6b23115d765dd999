#include "sepaxis/report.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>
#include <type_traits>

#include "penetration.h"
#include "platform.h"
#include "range_scale.h"
#include "sepaxis/tolerance.h"
#include "triangle_axes.h"

namespace sepaxis {
namespace {

// Where an axis comes from: the report's kind and the features of A and B (nullptr: none). The
// names are the polytopes' (Polytope::faceFeature, formatted once), copied into the report only.
struct AxisSource {
  AxisKind kind;
  const std::string* featureA;
  const std::string* featureB;
};

AxisSource faceAxis(const std::string* a, const std::string* b) { return {AxisKind::Face, a, b}; }
AxisSource edgeAxis(const std::string& a, const std::string& b) { return {AxisKind::EdgeEdge, &a, &b}; }
AxisSource closestPointAxis() { return {AxisKind::ClosestPoint, nullptr, nullptr}; }

// Fills in where the axis comes from: kind, features, and the label, composed here and only here
// from the same names, so label and fields cannot disagree: "A.u0", "B.x", "A.n(1,0,0) =
// B.n(1,0,0)" (a direction both have, tested once), "A.u0 × B.e(1,-1,0)", "closest-point direction".
// Written into the report in place: a report is mostly its labels, and temporaries showed up in
// the collide benchmarks.
void describe(AxisReport& r, const AxisSource& s) {
  static constexpr std::string_view kClosestPoint = "closest-point direction";
  static constexpr std::string_view kBetween[] = {" = ", " × "};  // a shared face, two edges
  r.kind = s.kind;
  std::string& label = r.label;
  if (s.kind == AxisKind::ClosestPoint) {
    label = std::string(kClosestPoint);  // constructed and moved: cheaper than assign's general path
    return;
  }
  const std::string_view between = kBetween[s.kind == AxisKind::EdgeEdge];
  // Sized exactly: most labels fit in the string itself and allocate nothing.
  label.reserve((s.featureA ? 2 + s.featureA->size() : 0) + (s.featureB ? 2 + s.featureB->size() : 0) +
                (s.featureA && s.featureB ? between.size() : 0));
  if (s.featureA) {
    r.featureA = *s.featureA;
    label.append("A.").append(*s.featureA);
  }
  if (s.featureA && s.featureB) label.append(between.data(), between.size());
  if (s.featureB) {
    r.featureB = *s.featureB;
    label.append("B.").append(*s.featureB);
  }
}

// Converts one axis from the tests' form (unnormalized axis, intervals relative to origin) to the
// report's (unit direction, world intervals). `separating` comes from the shared predicate, so the
// report can never disagree with overlaps(). Written into the report's own entry `r` (fresh), not
// returned and moved there: the entry holds four strings.
void makeAxis(AxisReport& r, const AxisSource& source, Vec3 axis, Interval a, Interval b, Vec3 origin,
              bool separating) {
  describe(r, source);
  const double len = length(axis);
  r.direction = axis / len;
  const double shift = dot(origin, r.direction);
  r.a = {a.min / len + shift, a.max / len + shift};
  r.b = {b.min / len + shift, b.max / len + shift};
  r.gap = greater(b.min - a.max, a.min - b.max) / len;
  r.separating = separating;
}

void degenerateAxis(AxisReport& r, const AxisSource& source, std::string reason) {
  describe(r, source);
  r.degenerate = true;
  r.reason = std::move(reason);
  r.gap = std::nan("");
}

// The cross product of parallel edges: no axis, and the reason names both edges.
void parallelEdgesAxis(AxisReport& r, const AxisSource& edges) {
  degenerateAxis(r, edges,
                 "edges A." + *edges.featureA + " and B." + *edges.featureB +
                     " are parallel: their cross product is zero, so there is no axis (the "
                     "face axes cover this case)");
}

void finish(CollisionReport& report) {
  report.separatingAxis = -1;
  for (int i = 0; i < int(report.axes.size()); ++i) {
    if (report.axes[i].separating) {
      report.separatingAxis = i;
      break;
    }
  }
  report.overlap = report.separatingAxis < 0;
  report.hasPenetration = report.overlap;
  if (!report.overlap) report.penetration = {};
}

// The face feature of a candidate (face >= 0), none otherwise.
const std::string* faceOf(const detail::Polytope& p, int face) { return face >= 0 ? &p.faceFeature(face) : nullptr; }

// AABB-OBB and OBB-OBB: the 15 axes, exactly as overlaps() computes them: in the frame of the box
// the pair is tested in (inBoxFrame), `first`, which is B when `swapped`; listed in the caller's
// order (A's faces, B's faces, A.ui × B.uj), with the caller's A and B (callerBoxAxis).
// The report's part, not templated: `found`, the 15 axes in test order.
CollisionReport reportBoxAxes(const Obb& first, const detail::BoxAxis (&found)[15], bool swapped,
                              const detail::Polytope& pa, const detail::Polytope& pb) {
  CollisionReport report;
  std::vector<AxisReport>& axes = report.axes;
  axes.resize(15);  // filled by slot: the caller's order
  detail::MinimumTranslation translation;
  for (const detail::BoxAxis& x : found) {
    const detail::CallerBoxAxis c = detail::callerBoxAxis(x, swapped);
    // A box's edges run along its face normals: edge i is named as axis i.
    const AxisSource source = c.edgeA >= 0 ? edgeAxis(pa.faceFeature(c.edgeA), pb.faceFeature(c.edgeB))
                                           : faceAxis(faceOf(pa, c.faceA), faceOf(pb, c.faceB));
    if (x.parallel) {
      parallelEdgesAxis(axes[size_t(c.slot)], source);
      continue;
    }
    makeAxis(axes[size_t(c.slot)], source, detail::boxToWorld(first, c.axis), c.a, c.b, first.center, x.separates());
    translation.consider(c.axis, c.a, c.b, c.slot);  // as penetrationOf does (penetration.h)
  }
  report.penetration = translation.result(first);
  finish(report);
  return report;
}

// The axes as overlaps() computes them: in the frame of `a`, given the offset d (centreOffset).
// Not templated: the unrolled 15-axis code exists once in the report.
CollisionReport reportBoxesInFrameOf(const Obb& a, const Obb& b, Vec3 d, bool swapped, const detail::Polytope& pa,
                                     const detail::Polytope& pb) {
  detail::BoxAxis found[15];
  detail::findBoxAxes(a, b, d, found);
  return reportBoxAxes(a, found, swapped, pa, pb);
}

template <class A, class B>
CollisionReport reportBoxes(const A& a, const B& b) {
  const detail::Polytope pa = detail::view(a), pb = detail::view(b);
  return detail::inBoxFrame(a, b, [&](const Obb& first, const Obb& second, Vec3 d, bool swapped) {
    return reportBoxesInFrameOf(first, second, d, swapped, pa, pb);
  });
}

// Where a candidate axis comes from, in the report's terms.
AxisSource sourceOf(const detail::CandidateAxis& c, const detail::Polytope& a, const detail::Polytope& b) {
  if (c.closest) return closestPointAxis();
  if (c.crossFaceA >= 0) return edgeAxis(a.faceFeature(c.crossFaceA), b.edgeFeature(c.edgeB));
  if (c.crossFaceB >= 0) return edgeAxis(a.edgeFeature(c.edgeA), b.faceFeature(c.crossFaceB));
  if (c.edgeA >= 0) return edgeAxis(a.edgeFeature(c.edgeA), b.edgeFeature(c.edgeB));
  return faceAxis(faceOf(a, c.faceA), faceOf(b, c.faceB));
}

// A candidate with no direction: parallel edges, a triangle side of zero length, or two
// degenerate triangles that meet.
void noAxis(AxisReport& r, const detail::CandidateAxis& c, const AxisSource& source) {
  if (c.closest) {
    degenerateAxis(r, source, "the two segments meet: there is no direction between their nearest points");
  } else if (source.kind == AxisKind::EdgeEdge) {
    parallelEdgesAxis(r, source);
  } else {
    degenerateAxis(r, source, "the triangle's side has no normal in its plane");
  }
}

CollisionReport reportPolytopes(const detail::Polytope& a, const detail::Polytope& b) {
  CollisionReport report;
  const Vec3 origin = detail::reportOrigin(a, b);
  detail::MinimumTranslation translation;
  detail::forEachPolytopeAxis(a, b, [&](const detail::CandidateAxis& c) {
    const AxisSource source = sourceOf(c, a, b);
    const int slot = int(report.axes.size());
    if (c.parallel) {
      noAxis(report.axes.emplace_back(), c, source);
      return false;
    }
    const detail::AxisProjection p = detail::projectPair(a, b, c, origin);
    makeAxis(report.axes.emplace_back(), source, c.axis, p.a, p.b, origin, p.separates());
    translation.consider(c.axis, p.a, p.b, slot);  // as penetrationOf does (penetration.h)
    return false;
  });
  report.penetration = translation.result();
  finish(report);
  return report;
}

// The report's part, not templated: the face steps and the closest-point offset as
// forEachSphereAxis computed them (findSphereSteps); the penetration is sphereTranslation's.
CollisionReport reportSphereSteps(const Sphere& s, const detail::SphereSteps& steps, const detail::Polytope& p,
                                  bool sphereIsA) {
  const Vec3 origin = steps.origin, offset = steps.offset;
  CollisionReport report;
  report.axes.reserve(size_t(p.faceCount()) + 1);  // allocated once, not grown
  auto add = [&](const AxisSource& source, Vec3 axis, Interval sphere, Interval poly, bool separating) {
    AxisReport& r = report.axes.emplace_back();
    if (sphereIsA)
      makeAxis(r, source, axis, sphere, poly, origin, separating);
    else
      makeAxis(r, source, axis, poly, sphere, origin, separating);
  };
  for (int i = 0; i < steps.count; ++i) {
    const detail::SphereFace& f = steps.face[i];
    const std::string* face = &p.faceFeature(f.face);  // the polytope's face; the sphere has none
    add(sphereIsA ? faceAxis(nullptr, face) : faceAxis(face, nullptr), f.axis, f.sphere, f.poly, f.separates());
  }
  const double distance = detail::distanceOf(offset);
  if (distance == 0) {
    degenerateAxis(report.axes.emplace_back(), closestPointAxis(),
                   "the sphere's centre is inside the volume: there is no direction "
                   "from its closest point (the face axes decide)");
  } else {
    const Vec3 axis = offset / distance;
    add(closestPointAxis(), axis, detail::projectSphere(s, axis, 1.0, origin), p.project(axis, origin),
        detail::closestPointSeparates(s, offset));
  }
  report.penetration = detail::sphereTranslation(s, steps.face, steps.count, offset, sphereIsA);
  finish(report);
  return report;
}

// The sphere may be A or B; intervals and labels follow the caller's order. `shape` is what
// overlaps() tests (sphereTestShape), `p` its polytope view, for the labels and the closest-point
// axis's projection. The numbers and verdicts are forEachSphereAxis's, the body overlaps() runs.
template <class Shape>
CollisionReport reportSpherePolytope(const Sphere& s, const Shape& shape, const detail::Polytope& p, bool sphereIsA) {
  detail::SphereSteps steps;
  detail::findSphereSteps(s, shape, steps);
  return reportSphereSteps(s, steps, p, sphereIsA);
}

CollisionReport reportSpheres(const Sphere& a, const Sphere& b) {
  CollisionReport report;
  report.axes.reserve(1);  // allocated once, not grown (the axis entries are not small)
  const Vec3 d = b.center - a.center;
  const double distance = length(d);
  const double reach = a.radius + b.radius;
  const bool separated = !withinDistance(d, reach);  // the shared predicate of overlaps()
  if (distance == 0) {
    degenerateAxis(report.axes.emplace_back(), closestPointAxis(),
                   "the centres coincide: every direction is a centre line");
  } else {
    const Vec3 axis = d / distance;
    makeAxis(report.axes.emplace_back(), closestPointAxis(), axis, {-a.radius, a.radius},
             {distance - b.radius, distance + b.radius}, a.center, separated);
  }
  report.penetration = detail::spheresTranslation(a, b);
  finish(report);
  return report;
}

template <class P, class Q>
CollisionReport collidePair(const P& a, const Q& b) {
  return reportPolytopes(detail::view(a), detail::view(b));
}
template <class Q>
CollisionReport collidePair(const Sphere& a, const Q& b) {
  return reportSpherePolytope(a, detail::sphereTestShape(b), detail::view(b), true);
}
template <class P>
CollisionReport collidePair(const P& a, const Sphere& b) {
  return reportSpherePolytope(b, detail::sphereTestShape(a), detail::view(a), false);
}
CollisionReport collidePair(const Aabb& a, const Obb& b) { return reportBoxes(a, b); }
CollisionReport collidePair(const Obb& a, const Aabb& b) { return reportBoxes(a, b); }
CollisionReport collidePair(const Obb& a, const Obb& b) { return reportBoxes(a, b); }
CollisionReport collidePair(const Sphere& a, const Sphere& b) { return reportSpheres(a, b); }

// CollisionReport::touching, from the finished report: the margin against kTouchingBand times the
// size seen on the axes. Halves throughout, so that no sum or difference of numbers near the
// double range overflows; a pair tested scaled (range_scale.h) is judged in its scaled lengths,
// before an interval end beyond the double range becomes infinite (which made every size infinite
// and two spheres overlapping by 1e308 "touching").
bool isTouching(const CollisionReport& report) {
  double margin = report.overlap ? report.penetration.depth : 0, size = 0;
  for (const AxisReport& axis : report.axes) {
    if (axis.degenerate) continue;
    if (!report.overlap) margin = std::max(margin, axis.gap);
    const double halfA = 0.5 * axis.a.max - 0.5 * axis.a.min, halfB = 0.5 * axis.b.max - 0.5 * axis.b.min;
    const double centres = std::fabs((0.5 * axis.a.min + 0.5 * axis.a.max) - (0.5 * axis.b.min + 0.5 * axis.b.max));
    size = std::max({size, halfA, halfB, centres});
  }
  return margin <= tolerance::kTouchingBand * size;
}

// Two AABBs: overlaps() compares their coordinates as given (overlap.h), exact at any magnitude,
// while the report's numbers (intervals, gaps, depth) are computed scaled like any pair's. Scaling
// down by 2^-600 is exact but for numbers below 2^-422, which may flush a gap of 1e-300 to zero:
// so each axis is decided by overlaps()'s own comparison of the given coordinates.
void decideAabbAxesExactly(const Aabb& a, const Aabb& b, CollisionReport& report) {
  for (int i = 0; i < 3; ++i) report.axes[size_t(i)].separating = a.min[i] > b.max[i] || b.min[i] > a.max[i];
  const Penetration penetration = report.penetration;
  finish(report);
  if (report.overlap) report.penetration = penetration;
}

// The report of a pair tested scaled by f (range_scale.h), in the pair's own lengths again: every
// interval, gap and depth divided by f, exactly (directions are unit vectors either way), after
// touching was decided in the scaled lengths.
template <class P, class Q>
SEPAXIS_NOINLINE CollisionReport collideScaled(const P& a, const Q& b, double f) {
  CollisionReport report = collidePair(detail::scaled(a, f), detail::scaled(b, f));
  if constexpr (std::is_same_v<P, Aabb> && std::is_same_v<Q, Aabb>) decideAabbAxesExactly(a, b, report);
  report.touching = isTouching(report);
  const double back = 1 / f;
  const auto scaleBack = [back](Interval& i) { i.min *= back, i.max *= back; };
  for (AxisReport& axis : report.axes) {
    scaleBack(axis.a);
    scaleBack(axis.b);
    axis.gap *= back;
  }
  report.penetration.depth *= back;
  return report;
}

}  // namespace

const char* axisKindName(AxisKind kind) {
  switch (kind) {
    case AxisKind::Face: return "face";
    case AxisKind::EdgeEdge: return "edge-edge";
    case AxisKind::ClosestPoint: return "closest-point";
  }
  return "";
}

CollisionReport collide(const Volume& a, const Volume& b) {
  return std::visit(
      [](const auto& x, const auto& y) {
        const double f = detail::pairScale(x, y);
        if (f != 1) return collideScaled(x, y, f);
        CollisionReport report = collidePair(x, y);
        report.touching = isTouching(report);
        return report;
      },
      a, b);
}

}  // namespace sepaxis
