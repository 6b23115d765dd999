// Prints the separating-axis report of collide(a, b) for a few pairs: every candidate axis with
// both projection intervals, the gap between them, the verdict, and the penetration for overlaps.
// Until the visualizer exists, this is what `npm start` shows.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "sepaxis/sepaxis.h"

namespace {

using namespace sepaxis;

template <class T>
T orExit(Expected<T> made) {
  if (!made) {
    std::fprintf(stderr, "invalid volume: %s\n", made.error().message.c_str());
    std::exit(1);
  }
  return made.value();
}

/// printf pads by bytes, but labels hold "×" (two bytes, one column): count UTF-8 code points.
std::size_t columns(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::string padRight(const std::string& text, std::size_t width) {
  const std::size_t used = columns(text);
  return used >= width ? text : text + std::string(width - used, ' ');
}

std::string format(const char* pattern, double x, double y, double z = 0) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, pattern, x, y, z);
  return buffer;
}

std::string formatVec(Vec3 v) { return format("(%+.3f, %+.3f, %+.3f)", v.x, v.y, v.z); }
std::string formatInterval(Interval i) { return format("[%+.3f, %+.3f]", i.min, i.max); }

void printReport(const char* title, const Volume& a, const Volume& b) {
  const CollisionReport report = collide(a, b);
  std::printf("%s (A: %s, B: %s), %zu candidate axes\n\n", title, typeName(a), typeName(b), report.axes.size());

  std::size_t labelWidth = 4;
  for (const AxisReport& axis : report.axes) {
    labelWidth = std::max(labelWidth, columns(axis.label));
  }
  std::printf("  %3s  %s  %-24s  %-18s  %-18s  %9s  %s\n", "#", padRight("axis", labelWidth).c_str(), "direction",
              "A interval", "B interval", "gap", "result");
  for (std::size_t i = 0; i < report.axes.size(); ++i) {
    const AxisReport& axis = report.axes[i];
    std::string result = axis.degenerate ? "degenerate: " + axis.reason : axis.separating ? "separating" : "-";
    if (int(i) == report.separatingAxis) result += " (first)";
    // A degenerate axis has no direction, so its intervals and gap mean nothing: leave them blank.
    const std::string gap = axis.degenerate ? "" : format("%+9.4f", axis.gap, 0);
    std::printf("  %3zu  %s  %-24s  %-18s  %-18s  %9s  %s\n", i, padRight(axis.label, labelWidth).c_str(),
                axis.degenerate ? "" : formatVec(axis.direction).c_str(),
                axis.degenerate ? "" : formatInterval(axis.a).c_str(),
                axis.degenerate ? "" : formatInterval(axis.b).c_str(), gap.c_str(), result.c_str());
  }

  std::printf("\n  verdict: %s", report.overlap ? "OVERLAP" : "APART");
  if (!report.overlap && report.separatingAxis >= 0) {
    const AxisReport& axis = report.axes[std::size_t(report.separatingAxis)];
    std::printf(", first separated along axis %d (%s) by a gap of %.4f", report.separatingAxis, axis.label.c_str(),
                axis.gap);
  }
  std::printf("\n");
  if (report.hasPenetration) {
    std::printf("  penetration: depth %.4f, normal %s (moving B by depth x normal makes them touch)\n",
                report.penetration.depth, formatVec(report.penetration.normal).c_str());
  }
  std::printf("\n");
}

/// The tightest k-DOP around a sphere: each slab is d . c -/+ r |d| (the d_i are not unit).
Kdop kdopAroundSphere(int k, Vec3 center, double radius) {
  const KdopDirection* dirs = kdopDirections(k);
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int i = 0; i < k / 2; ++i) {
    const Vec3 d = toVec3(dirs[i]);
    lo[i] = dot(d, center) - radius * length(d);
    hi[i] = dot(d, center) + radius * length(d);
  }
  return orExit(makeKdop(k, lo, hi, k / 2));
}

}  // namespace

int main() {
  // A box turned 30 degrees about z: q = (0, 0, sin 15°, cos 15°).
  constexpr double kPi = 3.14159265358979323846;
  const double half = 0.5 * (30.0 * kPi / 180.0);
  const Obb box = orExit(makeObbFromQuaternion({0, 0, 0}, {0, 0, std::sin(half), std::cos(half)}, {1.0, 0.6, 0.4}));
  const Kdop kdop = kdopAroundSphere(14, {1.3, 0.9, 0.2}, 0.6);
  const Sphere ball = orExit(makeSphere({-2.2, 0.3, 0}, 0.5));

  printReport("OBB against 14-DOP", box, kdop);
  printReport("sphere against OBB", ball, box);
  return 0;
}
