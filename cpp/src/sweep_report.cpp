// The sweep's report: timeOfImpact's answer (the same numbers, so the report can never disagree
// with it) and the axes of collide() (their labels, kinds and features), each with the interval
// of times during which the projections overlap on it.

#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "sepaxis/sweep.h"

#include "sweep_axes.h"

namespace sepaxis {
namespace {

bool hasSphere(const Volume& v) { return std::holds_alternative<Sphere>(v); }

// A pair with a sphere has other axes at each time: those of the contact. Only the relative
// position matters, so the sphere (B for two spheres) alone moves, by w t, and no k-DOP is rebuilt.
std::pair<Volume, Volume> atTime(const Volume& a, const Volume& b, Vec3 w, double t) {
  Volume movedA = a, movedB = b;
  if (auto* s = std::get_if<Sphere>(&movedB))
    s->center = s->center + w * t;
  else if (auto* sa = std::get_if<Sphere>(&movedA))
    sa->center = sa->center - w * t;
  return {std::move(movedA), std::move(movedB)};
}

}  // namespace

Expected<SweepReport> sweep(const Volume& a, const Volume& b, const Motion& motion) {
  const Expected<SweepHit> found = timeOfImpact(a, b, motion);
  if (!found) return found.error();
  const SweepHit& h = *found;
  const Vec3 w = motion.velocityB - motion.velocityA;
  const bool sphere = hasSphere(a) || hasSphere(b);
  const double at = sphere && h.hit ? h.time : 0;
  const auto [movedA, movedB] = at > 0 ? atTime(a, b, w, at) : std::pair<Volume, Volume>{a, b};
  CollisionReport collision = collide(movedA, movedB);

  SweepReport report;
  report.hit = h.hit;
  report.time = h.time;
  report.normal = h.normal;
  report.axes.resize(collision.axes.size());
  double latest = -kInfinity;
  for (size_t i = 0; i < collision.axes.size(); ++i) {
    AxisReport& from = collision.axes[i];
    SweepAxis& to = report.axes[i];
    to.label = std::move(from.label);
    to.kind = from.kind;
    to.featureA = std::move(from.featureA);
    to.featureB = std::move(from.featureB);
    to.direction = from.direction;
    to.degenerate = from.degenerate;
    to.reason = std::move(from.reason);
    if (to.degenerate) {
      to.enter = to.exit = std::nan("");
      continue;
    }
    const double rate = dot(from.direction, w);
    if (rate == 0) {  // no motion along the axis: overlapping at every time or at none
      const bool overlapping = from.b.min <= from.a.max && from.a.min <= from.b.max;
      to.enter = overlapping ? -kInfinity : kInfinity;
      to.exit = -to.enter;
    } else {
      const detail::TimeInterval t = detail::overlapTimes(from.a.min, from.a.max, from.b.min, from.b.max, rate);
      to.enter = t.enter + at;
      to.exit = t.exit + at;
    }
    if (h.hit && to.enter > latest) latest = to.enter, report.decidingAxis = int(i);
  }
  // A sphere's contact is decided by its closest-point direction (the last axis), which starts
  // overlapping at the contact time as a face axis through the same point may.
  if (sphere && h.hit && !report.axes.empty() && report.axes.back().kind == AxisKind::ClosestPoint &&
      !report.axes.back().degenerate && h.time > 0)
    report.decidingAxis = int(report.axes.size()) - 1;
  return report;
}

}  // namespace sepaxis
