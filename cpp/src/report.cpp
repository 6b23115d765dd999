#include "sepaxis/report.h"

#include <cmath>
#include <limits>

#include "obb_axes.h"
#include "range_scale.h"
#include "sat.h"
#include "sphere_axes.h"

namespace sepaxis {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Converts one axis from the tests' form (unnormalized axis, intervals relative to origin) to the
// report's (unit direction, world intervals). `separating` comes from the shared predicate, so the
// report can never disagree with overlaps().
AxisReport makeAxis(std::string label, Vec3 axis, Interval a, Interval b, Vec3 origin, bool separating) {
  AxisReport r;
  r.label = std::move(label);
  const double len = length(axis);
  r.direction = axis / len;
  const double shift = dot(origin, r.direction);
  r.a = {a.min / len + shift, a.max / len + shift};
  r.b = {b.min / len + shift, b.max / len + shift};
  r.gap = greater(b.min - a.max, a.min - b.max) / len;
  r.separating = separating;
  return r;
}

AxisReport degenerateAxis(std::string label, std::string reason) {
  AxisReport r;
  r.label = std::move(label);
  r.degenerate = true;
  r.reason = std::move(reason);
  r.gap = std::nan("");
  return r;
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

std::string prefixed(const char* side, const std::string& name) { return std::string(side) + "." + name; }

std::string boxLabel(const detail::Polytope& p, int i) { return p.kind == detail::Polytope::Kind::Aabb ? "xyz"[i] + std::string() : "u" + std::to_string(i); }

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
    std::string label;
    if (x.faceA >= 0) label = "A." + boxLabel(pa, x.faceA);
    else if (x.faceB >= 0) label = "B." + boxLabel(pb, x.faceB);
    else label = "A." + boxLabel(pa, x.edgeA) + " × B." + boxLabel(pb, x.edgeB);
    if (x.parallel) {
      report.axes.push_back(degenerateAxis(label, "edges A." + boxLabel(pa, x.edgeA) + " and B." + boxLabel(pb, x.edgeB) +
                                                      " are parallel: their cross product is zero, so "
                                                      "there is no axis (the face axes cover this case)"));
      return false;
    }
    const Vec3 world = a.axis[0] * x.axis.x + a.axis[1] * x.axis.y + a.axis[2] * x.axis.z;
    report.axes.push_back(makeAxis(std::move(label), world, {-x.rA, x.rA}, {x.c - x.rB, x.c + x.rB}, a.center, x.separates()));
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
    std::string label;
    if (c.faceA >= 0 && c.faceB >= 0) label = prefixed("A", a.faceLabel(c.faceA)) + " = " + prefixed("B", b.faceLabel(c.faceB));
    else if (c.faceA >= 0) label = prefixed("A", a.faceLabel(c.faceA));
    else if (c.faceB >= 0) label = prefixed("B", b.faceLabel(c.faceB));
    else label = prefixed("A", a.edgeLabel(c.edgeA)) + " × " + prefixed("B", b.edgeLabel(c.edgeB));
    if (c.parallel) {
      report.axes.push_back(degenerateAxis(label, "edges " + prefixed("A", a.edgeLabel(c.edgeA)) + " and " +
                                                      prefixed("B", b.edgeLabel(c.edgeB)) +
                                                      " are parallel: their cross product is zero, so "
                                                      "there is no axis (the face axes cover this case)"));
      return false;
    }
    const detail::AxisProjection p = detail::projectPair(a, b, c, origin);
    report.axes.push_back(makeAxis(std::move(label), c.axis, p.a, p.b, origin, p.separates()));
    considerPenetration(report, report.axes.back());
    return false;
  });
  finish(report);
  return report;
}

// The sphere may be A or B; intervals and labels follow the caller's order.
CollisionReport reportSpherePolytope(const Sphere& s, const detail::Polytope& p, bool sphereIsA) {
  CollisionReport report;
  report.penetration.depth = kInfinity;
  const char* polySide = sphereIsA ? "B" : "A";
  const Vec3 origin = p.reference();
  auto add = [&](std::string label, Vec3 axis, Interval sphere, Interval poly, bool separating) {
    report.axes.push_back(sphereIsA ? makeAxis(std::move(label), axis, sphere, poly, origin, separating)
                                    : makeAxis(std::move(label), axis, poly, sphere, origin, separating));
  };
  double insideDepth = kInfinity;  // distance from the centre to the nearest face plane
  Vec3 insideNormal;
  for (int i = 0; i < p.faceCount(); ++i) {
    const Vec3 axis = p.face(i);
    const Interval sphere = detail::projectSphere(s, axis, p.faceLength(i), origin);
    const Interval poly = p.project(axis, origin, i);
    add(prefixed(polySide, p.faceLabel(i)), axis, sphere, poly, detail::faceSeparates(sphere, poly));
    const double len = length(axis);
    const double centre = (sphere.min + sphere.max) / 2;
    if ((poly.max - centre) / len < insideDepth) insideDepth = (poly.max - centre) / len, insideNormal = axis / len;
    if ((centre - poly.min) / len < insideDepth) insideDepth = (centre - poly.min) / len, insideNormal = -axis / len;
  }
  const Vec3 offset = detail::offsetFromClosest(p, s.center);
  const double distance = length(offset);
  if (distance == 0) {
    report.axes.push_back(degenerateAxis("closest-point direction",
                                         "the sphere's centre is inside the volume: there is no direction "
                                         "from its closest point (the face axes decide)"));
  } else {
    const Vec3 axis = offset / distance;
    add("closest-point direction", axis, detail::projectSphere(s, axis, 1.0, origin), p.project(axis, origin),
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
  const Vec3 d = b.center - a.center;
  const double distance = length(d);
  const double reach = a.radius + b.radius;
  const bool separated = !withinDistance(d, reach);  // the shared predicate of overlaps()
  if (distance == 0) {
    report.axes.push_back(degenerateAxis("closest-point direction",
                                         "the centres coincide: every direction is a centre line"));
  } else {
    const Vec3 axis = d / distance;
    report.axes.push_back(makeAxis("closest-point direction", axis, {-a.radius, a.radius},
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
