#pragma once
// A sphere or box query taken once into a mesh's frame (its pose undone) and tested there against
// the mesh's AABB nodes: a node then costs a few products, where moving it into the world costs a
// rotation and the full 15-axis box test (Gottschalk's OBB-OBB test, in the frame of the node,
// whose axes are the mesh's: the rotation between the two boxes is the same for every node, so
// its absolute values are taken once per query); and against its triangles, on the query's own
// axes and the triangle's normal, before the exact test of the posed triangle.
//
// Like every node test (mesh_descent.h) this only prunes. Each node is grown by `pad` and every
// comparison gets `pad` of slack more; `pad` (kNodePad of every magnitude involved, over the
// pose's scale) lies far above the rounding of undoing the pose and of the few operations here,
// so a node that meets the query is never called apart. Outside the ordinary range of magnitudes
// (where squares would leave the doubles) the query is not taken into the frame: fits() says so.

#include <cmath>

#include "sepaxis/transform.h"
#include "sepaxis/vec3.h"
#include "sepaxis/volume.h"

#include "mesh_descent.h"

namespace sepaxis::detail {

// 2^±400: squares and sums of products of such numbers stay normal doubles.
inline constexpr double kLocalQueryLargest = 0x1p400;
inline constexpr double kLocalQuerySmallest = 0x1p-400;

/// A query's pad against a posed mesh, and the query's box taken into the mesh's frame, grown by
/// twice the pad over the pose's scale: a triangle or AABB node outside that box is apart from
/// the query.
struct LocalBounds {
  double pad;  // kNodePad of every magnitude involved (in the world; over the scale in the frame)
  Vec3 min, max;
};

/// `box`: the query's, in the world; `magnitude`: the mesh's largest coordinate, in its frame;
/// `extentPad`: more pad, a share of the box's extent (a k-DOP query's polytope may lie that far
/// past its slabs).
inline LocalBounds localBoundsOf(const Aabb& box, const RigidTransform& pose, double magnitude, double extentPad = 0) {
  const double extent = maxComponent(box.max - box.min);
  const double pad = kNodePad * (pose.scale * magnitude + maxComponent(abs(pose.translation)) +
                                 greater(maxComponent(abs(box.min)), maxComponent(abs(box.max))) + extent) +
                     extentPad * extent;
  const Vec3 c = box.min * 0.5 + box.max * 0.5 - pose.translation, h = box.max * 0.5 - box.min * 0.5;
  const Mat3& r = pose.rotation;
  Vec3 lc, lh;
  for (int i = 0; i < 3; ++i) {
    const Vec3 axis = r.column(i);
    lc[i] = dot(axis, c) / pose.scale;
    lh[i] = dot(abs(axis), h) / pose.scale + 2 * pad / pose.scale;
  }
  return {pad, lc - lh, lc + lh};
}

inline Vec3 poseUndone(const RigidTransform& pose, Vec3 p) {
  const Vec3 d = p - pose.translation;
  const Mat3& r = pose.rotation;
  return Vec3{dot(r.column(0), d), dot(r.column(1), d), dot(r.column(2), d)} / pose.scale;
}
inline Vec3 turnUndone(const RigidTransform& pose, Vec3 v) {
  const Mat3& r = pose.rotation;
  return {dot(r.column(0), v), dot(r.column(1), v), dot(r.column(2), v)};
}

/// What a query and a triangle are, as far as a test in the mesh's frame can tell.
enum class TriangleVerdict { Apart, Overlap, Undecided };

inline double oneNorm(Vec3 v) { return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z); }

/// Whether the projections pa, pb, pc of a triangle's corners all lie beyond `reach` on one side.
inline bool cornersBeyond(double pa, double pb, double pc, double reach) {
  return lesser(pa, lesser(pb, pc)) > reach || greater(pa, greater(pb, pc)) < -reach;
}

/// A triangle's normal as computed (any direction separates where its projections say so), when
/// its products with the frame's coordinates stay normal doubles: its largest component within
/// 2^+-400. Else zero, and the normal is not tested (a triangle that thin is a segment or a point
/// to the exact tests, and its corners' box and the query's axes still are).
inline Vec3 testableNormal(const Triangle& t) {
  const Vec3 n = cross(t.b - t.a, t.c - t.a);
  const double largest = maxComponent(abs(n));
  return largest >= kLocalQuerySmallest && largest <= kLocalQueryLargest ? n : Vec3{};
}

/// A sphere in the mesh's frame against AABB nodes.
class LocalSphereQuery {
 public:
  LocalSphereQuery(const Sphere& s, const RigidTransform& pose, double pad)
      : centre_(poseUndone(pose, s.center)), radius_(s.radius / pose.scale), reach_(radius_ + 2 * pad), pad_(pad) {}
  /// Whether the numbers stay where this test's squares are exact enough (`magnitude`: the
  /// largest coordinate of the mesh's nodes, in its frame).
  bool fits(double magnitude) const {
    return reach_ >= kLocalQuerySmallest && reach_ <= kLocalQueryLargest &&
           maxComponent(abs(centre_)) + magnitude <= kLocalQueryLargest;
  }
  bool meets(Vec3 lo, Vec3 hi) const {
    double squared = 0;
    for (int i = 0; i < 3; ++i) {
      const double out = greater(greater(lo[i] - pad_ - centre_[i], centre_[i] - hi[i] - pad_), 0.0);
      squared += out * out;
    }
    return squared <= reach_ * reach_;
  }
  /// What the sphere and a triangle (its corners in the mesh's frame) are: Apart when the
  /// corners lie beyond the reach (the radius and twice the pad) on one side along the triangle's
  /// normal, or their box does; Overlap when a corner, or the foot of the centre on the plane
  /// (inside every side by the margin), lies deeper in the sphere than `sureShare` of the pair's
  /// size (twice the radius, the triangle's width, the centre's distance from a corner) and twice
  /// the pad; else Undecided, for the exact test of the posed triangle.
  TriangleVerdict classify(const Triangle& t, double sureShare) const {
    const Vec3 a = t.a - centre_, b = t.b - centre_, c = t.c - centre_;
    const Vec3 n = testableNormal(t);
    const double nl = length(n);
    const double pa = dot(n, a);
    if (cornersBeyond(pa, dot(n, b), dot(n, c), reach_ * nl)) return TriangleVerdict::Apart;
    const Vec3 lo = min(min(a, b), c), hi = max(max(a, b), c);
    const Vec3 out = max(max(lo, -hi), Vec3{});
    if (dot(out, out) > reach_ * reach_) return TriangleVerdict::Apart;
    const double sure = sureShare * (2 * radius_ + maxComponent(hi - lo) + maxComponent(abs(a))) + 2 * pad_;
    const double deep = radius_ - sure;
    if (!(deep > 0)) return TriangleVerdict::Undecided;
    if (lengthSquared(a) <= deep * deep || lengthSquared(b) <= deep * deep || lengthSquared(c) <= deep * deep)
      return TriangleVerdict::Overlap;
    // The centre's side of each side, seen along the normal (its height above the plane drops
    // out): at least `sure` inside all three puts its foot in the triangle.
    const auto inside = [&](Vec3 corner, Vec3 edge) {
      return dot(-corner, cross(n, edge)) >= sure * oneNorm(n) * oneNorm(edge);
    };
    if (nl > 0 && std::fabs(pa) <= deep * nl && inside(a, t.b - t.a) && inside(b, t.c - t.b) && inside(c, t.a - t.c))
      return TriangleVerdict::Overlap;
    return TriangleVerdict::Undecided;
  }

 private:
  Vec3 centre_;
  double radius_;
  double reach_;  // the radius, the node's pad and the slack
  double pad_;
};

/// An oriented box in the mesh's frame against AABB nodes.
class LocalBoxQuery {
 public:
  LocalBoxQuery(const Obb& b, const RigidTransform& pose, double pad)
      : centre_(poseUndone(pose, b.center)), half_(b.halfExtents / pose.scale), pad_(pad) {
    for (int j = 0; j < 3; ++j) {
      const Vec3 axis = turnUndone(pose, b.axis[j]);
      for (int i = 0; i < 3; ++i) turned_[i][j] = axis[i], absTurned_[i][j] = std::fabs(axis[i]);
      alongCoordinate_[j] = (axis.x != 0) + (axis.y != 0) + (axis.z != 0) == 1;
    }
    for (int i = 0; i < 3; ++i) {
      reachOnNodeAxis_[i] = dot(Vec3{absTurned_[i][0], absTurned_[i][1], absTurned_[i][2]}, half_);
      for (int j = 0; j < 3; ++j) {
        const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        queryReachOnCross_[i][j] = half_[j1] * absTurned_[i][j2] + half_[j2] * absTurned_[i][j1];
      }
    }
  }
  LocalBoxQuery(const Aabb& b, const RigidTransform& pose, double pad)
      : LocalBoxQuery(Obb{center(b), {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, halfExtents(b)}, pose, pad) {}
  bool fits(double magnitude) const {
    return maxComponent(abs(centre_)) + maxComponent(half_) + magnitude <= kLocalQueryLargest;
  }
  /// What the box and a triangle (its corners in the mesh's frame) are, on the 13 axes that
  /// decide a box and a triangle (the box's 3, the triangle's normal, the 9 crosses of their
  /// edges; Akenine-Moller 2001): Apart when one of them parts them by more than twice the pad;
  /// Overlap when on every one they overlap by more than `sureShare` of the pair's size (the box's
  /// and the triangle's widths, the centre's distance from a corner) and twice the pad: the
  /// triangle then lies that deep in the box, the depth being the least overlap over these axes
  /// (a cross of nearly parallel edges, whose direction rounding turns, leaves it Undecided);
  /// else Undecided, for the exact test of the posed triangle. The box's axes and the normal come
  /// first: they part most triangles.
  TriangleVerdict classify(const Triangle& t, double sureShare) const {
    const Vec3 a = t.a - centre_, b = t.b - centre_, c = t.c - centre_;
    const double slack = 2 * pad_;
    const Vec3 lo = min(min(a, b), c), hi = max(max(a, b), c);
    const double sure = sureShare * (2 * maxComponent(half_) + maxComponent(hi - lo) + maxComponent(abs(a))) + slack;
    bool surely = true;
    // Whether axis L (its reach over the box `reach`) parts them; on the way, whether they
    // overlap along it by `sure` (over |L|_1 >= |L|).
    const auto parts = [&](Vec3 L, double reach) {
      const double pa = dot(L, a), pb = dot(L, b), pc = dot(L, c), length = oneNorm(L);
      const double least = lesser(pa, lesser(pb, pc)), most = greater(pa, greater(pb, pc));
      if (least > reach + slack * length || most < -reach - slack * length) return true;
      surely = surely && reach - least >= sure * length && most + reach >= sure * length;
      return false;
    };
    for (int j = 0; j < 3; ++j)
      if (parts(queryAxis(j), half_[j])) return TriangleVerdict::Apart;
    const Vec3 n = testableNormal(t);
    if (n == Vec3{}) surely = false;
    if (parts(n, reachAlong(n))) return TriangleVerdict::Apart;
    const Vec3 edges[3] = {t.b - t.a, t.c - t.b, t.a - t.c};
    for (const Vec3& e : edges) {
      const double longest = maxComponent(abs(e));
      for (int j = 0; j < 3; ++j) {
        const Vec3 L = cross(e, queryAxis(j));
        const double largest = maxComponent(abs(L));
        if (largest == 0) {
          // Parallel edges make no axis; but rounding may zero the cross of edges that are not,
          // unless the box's axis is a coordinate axis (each product then rounds to 0 only for a
          // zero coordinate of the edge).
          surely = surely && alongCoordinate_[j];
          continue;
        }
        // Below 2^-20 of the edge, rounding may have turned the cross's direction too far to
        // measure the depth along it; beyond 2^+-400 its products leave the doubles.
        if (largest < 0x1p-20 * longest) surely = false;
        if (!(largest >= kLocalQuerySmallest && largest <= kLocalQueryLargest)) {
          surely = false;
          continue;
        }
        if (parts(L, reachAlong(L))) return TriangleVerdict::Apart;
      }
    }
    return surely ? TriangleVerdict::Overlap : TriangleVerdict::Undecided;
  }
  bool meets(Vec3 lo, Vec3 hi) const {
    const Vec3 h = (hi - lo) * 0.5 + Vec3{pad_, pad_, pad_};
    const Vec3 t = centre_ - (lo + hi) * 0.5;
    // The node's axes.
    for (int i = 0; i < 3; ++i) {
      if (std::fabs(t[i]) > h[i] + reachOnNodeAxis_[i] + pad_) return false;
    }
    // The query's axes.
    for (int j = 0; j < 3; ++j) {
      const double along = turned_[0][j] * t.x + turned_[1][j] * t.y + turned_[2][j] * t.z;
      const double reach = absTurned_[0][j] * h.x + absTurned_[1][j] * h.y + absTurned_[2][j] * h.z + half_[j];
      if (std::fabs(along) > reach + pad_) return false;
    }
    // The nine crosses: node axis i with query axis j.
    return !(crossApart<0, 0>(t, h) || crossApart<0, 1>(t, h) || crossApart<0, 2>(t, h) || crossApart<1, 0>(t, h) ||
             crossApart<1, 1>(t, h) || crossApart<1, 2>(t, h) || crossApart<2, 0>(t, h) || crossApart<2, 1>(t, h) ||
             crossApart<2, 2>(t, h));
  }

 private:
  Vec3 queryAxis(int j) const { return {turned_[0][j], turned_[1][j], turned_[2][j]}; }
  /// The box's reach along a direction (|L| its length).
  double reachAlong(Vec3 L) const {
    double reach = 0;
    for (int j = 0; j < 3; ++j) reach += half_[j] * std::fabs(dot(L, queryAxis(j)));
    return reach;
  }
  template <int i, int j>
  bool crossApart(Vec3 t, Vec3 h) const {
    constexpr int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const double along = t[i2] * turned_[i1][j] - t[i1] * turned_[i2][j];
    const double reach = h[i1] * absTurned_[i2][j] + h[i2] * absTurned_[i1][j] + queryReachOnCross_[i][j];
    return std::fabs(along) > reach + pad_;
  }

  Vec3 centre_, half_;
  double turned_[3][3], absTurned_[3][3];  // [i][j]: the query's axis j along the node's axis i
  bool alongCoordinate_[3];                // query axis j lies along a coordinate axis of the frame
  Vec3 reachOnNodeAxis_;                   // the query's reach along each node axis
  double queryReachOnCross_[3][3];         // [i][j]: the query's reach along node axis i x query axis j
  double pad_;
};

}  // namespace sepaxis::detail
