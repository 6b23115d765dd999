#pragma once
// A sphere or box query taken once into a mesh's frame (its pose undone) and tested there against
// the mesh's AABB nodes: a node then costs a few products, where moving it into the world costs a
// rotation and the full 15-axis box test (Gottschalk's OBB-OBB test, in the frame of the node,
// whose axes are the mesh's: the rotation between the two boxes is the same for every node, so
// its absolute values are taken once per query).
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

namespace sepaxis::detail {

// 2^±400: squares and sums of products of such numbers stay normal doubles.
inline constexpr double kLocalQueryLargest = 0x1p400;
inline constexpr double kLocalQuerySmallest = 0x1p-400;

inline Vec3 poseUndone(const RigidTransform& pose, Vec3 p) {
  const Vec3 d = p - pose.translation;
  const Mat3& r = pose.rotation;
  return Vec3{dot(r.column(0), d), dot(r.column(1), d), dot(r.column(2), d)} / pose.scale;
}
inline Vec3 turnUndone(const RigidTransform& pose, Vec3 v) {
  const Mat3& r = pose.rotation;
  return {dot(r.column(0), v), dot(r.column(1), v), dot(r.column(2), v)};
}

/// A sphere in the mesh's frame against AABB nodes.
class LocalSphereQuery {
 public:
  LocalSphereQuery(const Sphere& s, const RigidTransform& pose, double pad)
      : centre_(poseUndone(pose, s.center)), reach_(s.radius / pose.scale + 2 * pad), pad_(pad) {}
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

 private:
  Vec3 centre_;
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
  template <int i, int j>
  bool crossApart(Vec3 t, Vec3 h) const {
    constexpr int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const double along = t[i2] * turned_[i1][j] - t[i1] * turned_[i2][j];
    const double reach = h[i1] * absTurned_[i2][j] + h[i2] * absTurned_[i1][j] + queryReachOnCross_[i][j];
    return std::fabs(along) > reach + pad_;
  }

  Vec3 centre_, half_;
  double turned_[3][3], absTurned_[3][3];  // [i][j]: the query's axis j along the node's axis i
  Vec3 reachOnNodeAxis_;                   // the query's reach along each node axis
  double queryReachOnCross_[3][3];         // [i][j]: the query's reach along node axis i x query axis j
  double pad_;
};

}  // namespace sepaxis::detail
