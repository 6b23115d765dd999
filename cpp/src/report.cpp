#include "sepaxis/report.h"

#include <cmath>
#include <limits>
#include <string_view>

#include "obb_axes.h"
#include "range_scale.h"
#include "sat.h"
#include "sphere_axes.h"

namespace sepaxis {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

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
// report can never disagree with overlaps().
AxisReport makeAxis(const AxisSource& source, Vec3 axis, Interval a, Interval b, Vec3 origin, bool separating) {
  AxisReport r;
  describe(r, source);
  const double len = length(axis);
  r.direction = axis / len;
  const double shift = dot(origin, r.direction);
  r.a = {a.min / len + shift, a.max / len + shift};
  r.b = {b.min / len + shift, b.max / len + shift};
  r.gap = greater(b.min - a.max, a.min - b.max) / len;
  r.separating = separating;
  return r;
}

AxisReport degenerateAxis(const AxisSource& source, std::string reason) {
  AxisReport r;
  describe(r, source);
  r.degenerate = true;
  r.reason = std::move(reason);
  r.gap = std::nan("");
  return r;
}

// The cross product of parallel edges: no axis, and the reason names both edges.
AxisReport parallelEdgesAxis(const AxisSource& edges) {
  return degenerateAxis(edges, "edges A." + *edges.featureA + " and B." + *edges.featureB +
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

// Moving B along +direction by (a.max - b.min), or along -direction by (b.max - a.min), makes the
// projections touch; the smaller of the two over all axes is the minimum translation, because the
// candidate axes include every face normal of the Minkowski difference A - B.
void considerPenetration(CollisionReport& report, const AxisReport& axis) {
  const double forward = axis.a.max - axis.b.min;
  const double backward = axis.b.max - axis.a.min;
  const double depth = lesser(forward, backward);
  if (depth < report.penetration.depth)
    report.penetration = {depth, forward <= backward ? axis.direction : -axis.direction};
}

// The face feature of a candidate (face >= 0), none otherwise.
const std::string* faceOf(const detail::Polytope& p, int face) { return face >= 0 ? &p.faceFeature(face) : nullptr; }

// AABB-OBB and OBB-OBB: the 15 axes in A's frame, exactly as overlaps() computes them.
CollisionReport reportBoxes(const detail::Polytope& pa, const detail::Polytope& pb) {
  using Kind = detail::Polytope::Kind;
  const Obb a = pa.kind == Kind::Obb ? *pa.obb : detail::asObb(*pa.aabb);
  const Obb b = pb.kind == Kind::Obb ? *pb.obb : detail::asObb(*pb.aabb);
  // The offset as overlaps() computes it, an AABB's centre folded in (obb_axes.h).
  const Vec3 d = pa.kind == Kind::Aabb ? detail::centreOffset(*pa.aabb, b)
                 : pb.kind == Kind::Aabb ? detail::centreOffset(a, *pb.aabb)
                                         : detail::centreOffset(a, b);
  CollisionReport report;
  report.penetration.depth = kInfinity;
  detail::forEachBoxAxis(a.halfExtents, detail::inFrameOf(a, b, d), [&](const detail::BoxAxis& x) {
    // A box's edges run along its face normals: edge i is named as axis i.
    const AxisSource source = x.edgeA >= 0 ? edgeAxis(pa.faceFeature(x.edgeA), pb.faceFeature(x.edgeB))
                                           : faceAxis(faceOf(pa, x.faceA), faceOf(pb, x.faceB));
    if (x.parallel) {
      report.axes.push_back(parallelEdgesAxis(source));
      return false;
    }
    const Vec3 world = a.axis[0] * x.axis.x + a.axis[1] * x.axis.y + a.axis[2] * x.axis.z;
    report.axes.push_back(makeAxis(source, world, {-x.rA, x.rA}, {x.c - x.rB, x.c + x.rB}, a.center, x.separates()));
    considerPenetration(report, report.axes.back());
    return false;
  });
  finish(report);
  return report;
}

CollisionReport reportPolytopes(const detail::Polytope& a, const detail::Polytope& b) {
  using Kind = detail::Polytope::Kind;
  const bool aBox = a.kind != Kind::Kdop, bBox = b.kind != Kind::Kdop;
  if (aBox && bBox && (a.kind == Kind::Obb || b.kind == Kind::Obb)) return reportBoxes(a, b);
  CollisionReport report;
  report.penetration.depth = kInfinity;
  // Two AABBs: compare raw coordinates, as overlaps() does (no shift that could round).
  const Vec3 origin = aBox && bBox ? Vec3{} : a.reference();
  detail::forEachCandidateAxis(a, b, [&](const detail::CandidateAxis& c) {
    const AxisSource source = c.edgeA >= 0 ? edgeAxis(a.edgeFeature(c.edgeA), b.edgeFeature(c.edgeB))
                                           : faceAxis(faceOf(a, c.faceA), faceOf(b, c.faceB));
    if (c.parallel) {
      report.axes.push_back(parallelEdgesAxis(source));
      return false;
    }
    const detail::AxisProjection p = detail::projectPair(a, b, c, origin);
    report.axes.push_back(makeAxis(source, c.axis, p.a, p.b, origin, p.separates()));
    considerPenetration(report, report.axes.back());
    return false;
  });
  finish(report);
  return report;
}

// The sphere may be A or B; intervals and labels follow the caller's order.
CollisionReport reportSpherePolytope(const Sphere& s, const detail::Polytope& p, bool sphereIsA) {
  CollisionReport report;
  report.axes.reserve(size_t(p.faceCount()) + 1);  // allocated once, not grown
  report.penetration.depth = kInfinity;
  const Vec3 origin = p.reference();
  auto add = [&](const AxisSource& source, Vec3 axis, Interval sphere, Interval poly, bool separating) {
    report.axes.push_back(sphereIsA ? makeAxis(source, axis, sphere, poly, origin, separating)
                                    : makeAxis(source, axis, poly, sphere, origin, separating));
  };
  double insideDepth = kInfinity;  // distance from the centre to the nearest face plane
  Vec3 insideNormal;
  for (int i = 0; i < p.faceCount(); ++i) {
    const Vec3 axis = p.face(i);
    const Interval sphere = detail::projectSphere(s, axis, p.faceLength(i), origin);
    const Interval poly = p.project(axis, origin, i);
    const std::string* face = &p.faceFeature(i);  // the polytope's face; the sphere has none
    add(sphereIsA ? faceAxis(nullptr, face) : faceAxis(face, nullptr), axis, sphere, poly,
        detail::faceSeparates(sphere, poly));
    const double len = length(axis);
    const double centre = (sphere.min + sphere.max) / 2;
    if ((poly.max - centre) / len < insideDepth) insideDepth = (poly.max - centre) / len, insideNormal = axis / len;
    if ((centre - poly.min) / len < insideDepth) insideDepth = (centre - poly.min) / len, insideNormal = -axis / len;
  }
  const Vec3 offset = detail::offsetFromClosest(p, s.center);
  const double distance = length(offset);
  if (distance == 0) {
    report.axes.push_back(degenerateAxis(closestPointAxis(),
                                         "the sphere's centre is inside the volume: there is no direction "
                                         "from its closest point (the face axes decide)"));
  } else {
    const Vec3 axis = offset / distance;
    add(closestPointAxis(), axis, detail::projectSphere(s, axis, 1.0, origin), p.project(axis, origin),
        detail::closestPointSeparates(s, offset));
  }
  finish(report);
  if (report.overlap) {
    // Outside: push the sphere straight away from its closest point. Inside: out through the
    // nearest face, which takes the radius plus the centre's depth.
    const Vec3 towardSphere = distance > 0 ? offset / distance : insideNormal;
    const double depth = distance > 0 ? s.radius - distance : s.radius + insideDepth;
    report.penetration = {depth, sphereIsA ? -towardSphere : towardSphere};
  }
  return report;
}

CollisionReport reportSpheres(const Sphere& a, const Sphere& b) {
  CollisionReport report;
  report.axes.reserve(1);  // allocated once, not grown (the axis entries are not small)
  const Vec3 d = b.center - a.center;
  const double distance = length(d);
  const double reach = a.radius + b.radius;
  const bool separated = !withinDistance(d, reach);  // the shared predicate of overlaps()
  if (distance == 0) {
    report.axes.push_back(degenerateAxis(closestPointAxis(),
                                         "the centres coincide: every direction is a centre line"));
  } else {
    const Vec3 axis = d / distance;
    report.axes.push_back(makeAxis(closestPointAxis(), axis, {-a.radius, a.radius},
                                   {distance - b.radius, distance + b.radius}, a.center, separated));
  }
  finish(report);
  if (report.overlap)
    report.penetration = {reach - distance, distance > 0 ? d / distance : Vec3{1, 0, 0}};
  return report;
}

template <class P, class Q>
CollisionReport collidePair(const P& a, const Q& b) {
  return reportPolytopes(detail::view(a), detail::view(b));
}
template <class Q>
CollisionReport collidePair(const Sphere& a, const Q& b) {
  return reportSpherePolytope(a, detail::view(b), true);
}
template <class P>
CollisionReport collidePair(const P& a, const Sphere& b) {
  return reportSpherePolytope(b, detail::view(a), false);
}
CollisionReport collidePair(const Sphere& a, const Sphere& b) { return reportSpheres(a, b); }

// The report of a pair tested scaled by f (range_scale.h), in the pair's own lengths again: every
// interval, gap and depth divided by f, exactly (directions are unit vectors either way).
template <class P, class Q>
__attribute__((noinline)) CollisionReport collideScaled(const P& a, const Q& b, double f) {
  CollisionReport report = collidePair(detail::scaled(a, f), detail::scaled(b, f));
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
        return collidePair(x, y);
      },
      a, b);
}

}  // namespace sepaxis
