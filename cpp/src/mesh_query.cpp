// The mesh's nearest-first queries: a descent of the tree (mesh_descent.h) that tests node
// volumes only to skip what cannot matter, and decides at the leaves with the triangles' own
// exact tests, so the answers are those of testing every triangle, bit for bit.

#include <cmath>
#include <limits>

#include "sepaxis/mesh.h"
#include "sepaxis/point_query.h"
#include "sepaxis/ray.h"

#include "mesh_box_lanes.h"
#include "mesh_descent.h"
#include "mesh_nodes.h"
#include "platform.h"
#include "transformed.h"
#include "triangle_ray.h"

namespace sepaxis {

namespace {

// The range of t in which origin + t * unit lies between lo <= d . x <= hi, intersected with
// [enter, exit]; false when it becomes empty.
bool clipSlab(double dOrigin, double dUnit, double lo, double hi, double& enter, double& exit) {
  if (dUnit == 0) return dOrigin >= lo && dOrigin <= hi;
  double t0 = (lo - dOrigin) / dUnit, t1 = (hi - dOrigin) / dUnit;
  if (t0 > t1) std::swap(t0, t1);
  enter = greater(enter, t0);
  exit = lesser(exit, t1);
  return enter <= exit;
}

struct NodeRay {
  Vec3 origin, unit;
  double pad;
};

// Where the ray enters the node's volume (grown by the pad) within [0, limit]; NaN if not: a miss
// must fail `bound <= limit` even when the limit is infinite, as it stays for a ray that meets
// nothing (an infinite "miss" would pass it, and the descent would visit the whole tree).
double nodeEntry(MeshNodeType type, const double* v, const NodeRay& r, double limit) {
  constexpr double kMiss = std::numeric_limits<double>::quiet_NaN();
  double enter = 0, exit = limit;
  switch (type) {
    case MeshNodeType::Sphere: {
      const Vec3 oc = Vec3{v[0], v[1], v[2]} - r.origin;
      const double along = dot(oc, r.unit);
      const double radius = v[3] + r.pad;
      // The distance from the centre to the line through the cross product: accurate even for a
      // far origin, where |oc|^2 - along^2 would cancel.
      const double off2 = dot(cross(oc, r.unit), cross(oc, r.unit));
      if (off2 > radius * radius) return kMiss;
      const double half = std::sqrt(radius * radius - off2);
      enter = greater(along - half - r.pad, 0.0), exit = lesser(along + half + r.pad, limit);
      return enter <= exit ? enter : kMiss;
    }
    case MeshNodeType::Aabb:
      for (int j = 0; j < 3; ++j)
        if (!clipSlab(r.origin[j], r.unit[j], v[j] - r.pad, v[3 + j] + r.pad, enter, exit)) return kMiss;
      return enter;
    case MeshNodeType::Obb: {
      const Vec3 d = r.origin - Vec3{v[0], v[1], v[2]};
      for (int a = 0; a < 3; ++a) {
        const Vec3 axis{v[3 + 3 * a], v[4 + 3 * a], v[5 + 3 * a]};
        const double h = v[12 + a] + r.pad;
        if (!clipSlab(dot(axis, d), dot(axis, r.unit), -h, h, enter, exit)) return kMiss;
      }
      return enter;
    }
    default: {
      const int k = detail::meshNodeKdopK(type);
      const KdopDirection* dirs = kdopDirections(k);
      for (int j = 0; j < k / 2; ++j) {
        const Vec3 d = toVec3(dirs[j]);
        const double grow = r.pad * (std::fabs(d.x) + std::fabs(d.y) + std::fabs(d.z));
        if (!clipSlab(dot(d, r.origin), dot(d, r.unit), v[j] - grow, v[k / 2 + j] + grow, enter, exit)) return kMiss;
      }
      return enter;
    }
  }
}

// A lower bound of the distance from p to the node's volume, less the pad (0 inside).
double nodeDistance(MeshNodeType type, const double* v, Vec3 p, double pad) {
  switch (type) {
    case MeshNodeType::Sphere: return greater(length(p - Vec3{v[0], v[1], v[2]}) - v[3] - pad, 0.0);
    case MeshNodeType::Aabb: {
      const Vec3 out = max(max(Vec3{v[0], v[1], v[2]} - p, p - Vec3{v[3], v[4], v[5]}), Vec3{0, 0, 0});
      return greater(length(out) - pad, 0.0);
    }
    case MeshNodeType::Obb: {
      const Vec3 d = p - Vec3{v[0], v[1], v[2]};
      Vec3 out;
      for (int a = 0; a < 3; ++a)
        out[a] = greater(std::fabs(dot(Vec3{v[3 + 3 * a], v[4 + 3 * a], v[5 + 3 * a]}, d)) - v[12 + a], 0.0);
      return greater(length(out) - pad, 0.0);
    }
    default: {
      // The k-DOP lies within the box of its axis slabs (every k-DOP but the 8-DOP has x, y, z
      // first), so p is at least as far from it as from that box, and within each other slab, so
      // at least as far as p lies outside any (d . x measures |d| times the distance along d).
      // The box's distance is the tight part: off a corner, p lies only a little outside each
      // single slab, and the slabs' largest excess alone let the descent visit far more nodes.
      const int k = detail::meshNodeKdopK(type), half = k / 2;
      const KdopDirection* dirs = kdopDirections(k);
      const int first = k == 8 ? 0 : 3;
      double bound = 0;
      if (first == 3)
        bound = length(max(max(Vec3{v[0], v[1], v[2]} - p, p - Vec3{v[half], v[half + 1], v[half + 2]}), Vec3{}));
      for (int j = first; j < half; ++j) {
        const Vec3 d = toVec3(dirs[j]);
        const double s = dot(d, p);
        bound = greater(bound, greater(v[j] - s, s - v[half + j]) / length(d));
      }
      return greater(bound - pad, 0.0);
    }
  }
}

// A ray as the compact AABB nodes meet it: the slabs' distances as products with the inverse
// direction. Those round differently from quotients, by a few ulps of the distance, far below
// what the pad (kNodePad of the largest coordinate, divided by the direction's component) grows
// the slab by, so a box the ray meets is never missed.
struct BoxRay {
  double origin[3], inverse[3];  // inverse: finite where the component is not zero
  bool along[3];                 // the component is zero: inside the slab for every t or none
  double pad;
};

BoxRay boxRay(Vec3 origin, Vec3 unit, double pad) {
  BoxRay r;
  for (int j = 0; j < 3; ++j) r.origin[j] = origin[j], r.inverse[j] = 1 / unit[j], r.along[j] = unit[j] == 0;
  r.pad = pad;
  return r;
}

// nodeEntry for a compact AABB node.
double boxEntry(const detail::MeshBoxNode& box, const BoxRay& r, double limit) {
  constexpr double kMiss = std::numeric_limits<double>::quiet_NaN();
  double enter = 0, exit = limit;
  for (int j = 0; j < 3; ++j) {
    const double lo = double(box.min[j]) - r.pad, hi = double(box.max[j]) + r.pad;
    if (r.along[j]) {
      if (r.origin[j] < lo || r.origin[j] > hi) return kMiss;
      continue;
    }
    const double t0 = (lo - r.origin[j]) * r.inverse[j], t1 = (hi - r.origin[j]) * r.inverse[j];
    enter = greater(enter, lesser(t0, t1));
    exit = lesser(exit, greater(t0, t1));
  }
  return enter <= exit ? enter : kMiss;
}

// Whether p lies farther than `reach` from the triangle, by a lower bound of the distance that
// costs a fraction of closestPoint(Triangle): the height h over the plane and, in the plane, how
// far beyond the line of an edge the foot lies (o: the triangle lies on the inner side of each),
// sqrt(h^2 + o^2). Each is taken less a slack of 2^-44 of |p - a| |b - a| |c - a| (for o,
// of (|p - a| + |b - a| + |c - a|) |b - a| |c - a| (|b - a| + |c - a|); each length as its sum
// of magnitudes, at least the length itself), where the rounding of the cross and dot products is
// under 2^-46 of it, over lengths grown as much: the bound never exceeds the exact distance. A triangle so small or a
// point so near that a slack falls near the subnormals is not judged by that part: their rounding is no longer
// relative. The caller keeps the numbers far from overflow (magnitudes under 2^300).
//
// The height is tested first, alone, where it decides without the edges: squared, h^2 > reach^2,
// as (|p - a| . n - slack)^2 against
// reach^2 |n|^2 grown by 3 slack m^2 (|n| <= m, so (|n| + slack m)^2 <= |n|^2 + 3 slack m^2),
// with no square root or division (where the squares stay normal numbers, between 2^-900 and
// 2^900); the edges' part follows only when it does not.
bool fartherThan(const Triangle& t, Vec3 p, double reach) {
  constexpr double kSlack = 0x1p-44, kTiny = 0x1p-900;
  const auto sum = [](Vec3 v) { return std::fabs(v.x) + std::fabs(v.y) + std::fabs(v.z); };
  const Vec3 e0 = t.b - t.a, e2 = t.a - t.c;
  const Vec3 n = cross(e0, -e2);
  const double m = sum(e0) * sum(e2);
  const Vec3 pa = p - t.a;
  const double heightSlack = kSlack * sum(pa) * m;
  if (!(heightSlack >= kTiny)) return false;
  const double above = std::fabs(dot(pa, n)) - heightSlack;
  const double reach2 = reach * reach, m2 = m * m;
  // Only where the squares are normal numbers: an underflow would no longer round relatively.
  const bool squares = reach2 >= kTiny && m2 >= kTiny && m2 <= 0x1p900;
  if (squares && above > 0 && above * above > reach2 * (lengthSquared(n) + 3 * kSlack * m2)) return true;
  const double normal = length(n) + kSlack * m;
  const double h = greater(above, 0.0) / normal;
  // n x edge points into the triangle: p beyond an edge's line has a negative (p - v) . (n x e)
  // for its corner v. That is e . ((p - v) x n), and with u = (p - a) x n, one cross product for
  // all three: e0 . u; (p - b) x n = u - e0 x n, and e1 . (e0 x n) = n . (e1 x e0) = -|n|^2, so
  // e1 . u + |n|^2; (p - c) x n = u + e2 x n, and e2 . (e2 x n) = 0, so e2 . u. One slack for the
  // three: |p - v| <= |p - a| + |e0| + |e2| and |e1| <= |e0| + |e2| (as sums of magnitudes).
  const double sum0 = sum(e0), sum2 = sum(e2);
  const double slack = kSlack * (sum(pa) + sum0 + sum2) * m * (sum0 + sum2);
  if (!(slack >= kTiny)) return h * h > reach2;
  const Vec3 u = cross(pa, n), e1 = t.c - t.b;
  const double beyond[3] = {-dot(e0, u) - slack, -(dot(e1, u) + lengthSquared(n)) - slack, -dot(e2, u) - slack};
  const Vec3 edge[3] = {e0, e1, e2};
  double o = 0;
  for (int k = 0; k < 3; ++k)
    if (beyond[k] > 0) o = greater(o, beyond[k] / (normal * length(edge[k]) * (1 + kSlack)));
  return h * h + o * o > reach2;
}

// Runs a ray's descent, run(recordNode, recordTriangle), with every test recorded in `trace`: a
// node is met where the ray enters it within the limit of that moment (a NaN entry: missed); a
// triangle, where the ray hits it. `order`: the input triangle of each leaf slot.
template <class Run>
void recordRay(const Run& run, MeshTrace& trace, const double& limit, const std::vector<uint32_t>& order) {
  run(
      [&](uint32_t node, double entry) {
        trace.steps.push_back({node, -1, entry <= limit});
      },
      [&](uint32_t slot, bool hit) {
        trace.triangles.push_back({order[slot], -1, hit});
      });
}

}  // namespace

MeshRayHit Mesh::raycast(Vec3 origin, Vec3 direction, double maxDistance, MeshQueryCost* cost, MeshTrace* trace) const {
  MeshRayHit best;
  MeshQueryCost tally;
  if (trace) trace->steps.clear(), trace->triangles.clear();
  const double len = length(direction);
  if (!(len > 0) || !std::isfinite(len) || !isFinite(origin) || !(maxDistance >= 0)) return best;
  const NodeRay ray{origin, direction / len, detail::kNodePad * greater(magnitude_, maxComponent(abs(origin)))};
  const detail::TriangleRay triangleRay = detail::triangleRay(origin, direction);
  double limit = maxDistance;
  // Most triangles of the leaves reached are missed: a cheap test on the unscaled corners says
  // so first where the numbers allow it (detail::missesSurely).
  const double reach = magnitude_ + maxComponent(abs(origin));
  const bool screens = reach >= 0x1p-200 && reach <= 0x1p400;
  const double slack = 0x1p-50 * reach * reach;
  // A component so small that its inverse is infinite (below 2^-1024), or boxes that hold a huge
  // or tiny mesh's coordinates scaled, go the way of the other node types, with quotients.
  const auto inverse = [](double x) { return x == 0 || std::isfinite(1 / x); };
  const bool inverts = inverse(ray.unit.x) && inverse(ray.unit.y) && inverse(ray.unit.z);
  // recordNode(node, entry) and recordTriangle(slot, hit) see every test; without a trace, a
  // descent compiled apart that records nothing. It is compiled into raycast itself: left as a
  // call level of its own, GCC keeps the leaves' test out of line and the untraced rays slow.
  const auto run = [&](auto recordNode, auto recordTriangle) SEPAXIS_LAMBDA_INLINE {
    const auto leaf = [&](uint32_t slot) {
      const Triangle corners = leafTriangle(slot);
      if (screens && detail::missesSurely(corners, triangleRay, slack)) return recordTriangle(slot, false);
      const RayHit h = detail::raycast(corners, triangleRay, limit);
      recordTriangle(slot, h.hit);
      if (!h.hit) return;
      const uint32_t t = order_[slot];
      if (!best.hit || h.distance < best.distance || (h.distance == best.distance && t < best.triangle)) {
        best = {true, t, h.distance, h.point, h.normal, h.barycentric};
        limit = h.distance;
      }
    };
    if (!boxes_.empty() && boxScale_ == 1 && inverts) {
      const BoxRay box = boxRay(origin, ray.unit, ray.pad);
      const auto entry = [&](uint32_t node) {
        const double e = boxEntry(boxes_[node], box, limit);
        recordNode(node, e);
        return e;
      };
#if SEPAXIS_LANES
      if (!box.along[0] && !box.along[1] && !box.along[2]) {
        const auto pair = [&](uint32_t first, double& a, double& b) {
          detail::boxPairEntry(&boxes_[first], box.origin, box.inverse, box.pad, limit, a, b);
          recordNode(first, a), recordNode(first + 1, b);
        };
        detail::descend(boxes_, limit, tally, entry, pair, leaf);
        return;
      }
#endif
      detail::descend(boxes_, limit, tally, entry, leaf);
    } else {
      const detail::NodeNumbers numbers = nodeNumbers();
      const auto entry = [&](uint32_t node) {
        double scratch[6];
        const double e = nodeEntry(options_.node, numbers.at(node, scratch), ray, limit);
        recordNode(node, e);
        return e;
      };
      if (boxes_.empty()) {
        detail::descend(nodes_, limit, tally, entry, leaf);
      } else {
        detail::descend(boxes_, limit, tally, entry, leaf);
      }
    }
  };
  // The traced descent out of line: inlined too, it grows raycast past what GCC inlines into it
  // so that the untraced descent's leaves' test again ends up out of line.
  const auto traced = [&]() SEPAXIS_LAMBDA_NOINLINE { recordRay(run, *trace, limit, order_); };
  if (!trace) {
    run([](uint32_t, double) {}, [](uint32_t, bool) {});
  } else {
    traced();
  }
  if (cost) *cost = tally;
  return best;
}

MeshRayHit Mesh::raycast(Vec3 origin, Vec3 direction, double maxDistance, const RigidTransform& pose,
                         MeshQueryCost* cost, MeshTrace* trace) const {
  MeshRayHit best;
  MeshQueryCost tally;
  if (trace) trace->steps.clear(), trace->triangles.clear();
  const double len = length(direction);
  if (!(len > 0) || !std::isfinite(len) || !isFinite(origin) || !(maxDistance >= 0)) return best;
  // The tree stays in the mesh's frame: the ray is taken into it (undoing the pose, rounded) and
  // the nodes' entries, in that frame's lengths, say which leaves to read; their triangles are
  // posed and tested against the world's ray. The pad covers the frame change's rounding (a few
  // ulps of every coordinate involved, over the scale), and a hit at world distance d lies at
  // d / scale in the mesh's frame, which the limit below keeps (with the pad) ahead of.
  const Vec3 unit = direction / len;
  const Vec3 shifted = origin - pose.translation;
  const Mat3& r = pose.rotation;
  const Vec3 localOrigin =
      Vec3{dot(r.column(0), shifted), dot(r.column(1), shifted), dot(r.column(2), shifted)} / pose.scale;
  const Vec3 localUnit = Vec3{dot(r.column(0), unit), dot(r.column(1), unit), dot(r.column(2), unit)};
  const double world = maxComponent(abs(origin)) + maxComponent(abs(pose.translation)) + pose.scale * magnitude_;
  const NodeRay ray{localOrigin, localUnit,
                    detail::kNodePad * (magnitude_ + maxComponent(abs(localOrigin)) + world / pose.scale)};
  const detail::TriangleRay triangleRay = detail::triangleRay(origin, direction);
  double limit = maxDistance;
  double localLimit = maxDistance / pose.scale * (1 + 0x1p-40) + ray.pad;
  // As the unposed raycast's: without a trace, a descent compiled apart that records nothing
  // (here GCC inlines it unasked; forced, it also inlines the node numbers' reads, at a cost).
  const auto run = [&](auto recordNode, auto recordTriangle) {
    const auto leaf = [&](uint32_t slot) {
      const RayHit h = detail::raycast(transformed(leafTriangle(slot), pose), triangleRay, limit);
      recordTriangle(slot, h.hit);
      if (!h.hit) return;
      const uint32_t t = order_[slot];
      if (!best.hit || h.distance < best.distance || (h.distance == best.distance && t < best.triangle)) {
        best = {true, t, h.distance, h.point, h.normal, h.barycentric};
        limit = h.distance;
        localLimit = limit / pose.scale * (1 + 0x1p-40) + ray.pad;
      }
    };
    const detail::NodeNumbers numbers = nodeNumbers();
    const auto entry = [&](uint32_t node) {
      double scratch[6];
      const double e = nodeEntry(options_.node, numbers.at(node, scratch), ray, localLimit);
      recordNode(node, e);
      return e;
    };
    if (boxes_.empty()) {
      detail::descend(nodes_, localLimit, tally, entry, leaf);
    } else {
      detail::descend(boxes_, localLimit, tally, entry, leaf);
    }
  };
  // As the unposed raycast's, the traced descent out of line.
  const auto traced = [&]() SEPAXIS_LAMBDA_NOINLINE { recordRay(run, *trace, localLimit, order_); };
  if (!trace) {
    run([](uint32_t, double) {}, [](uint32_t, bool) {});
  } else {
    traced();
  }
  if (cost) *cost = tally;
  return best;
}

MeshClosestPoint Mesh::closestPoint(Vec3 p, double maxDistance, MeshQueryCost* cost) const {
  MeshClosestPoint best;
  MeshQueryCost tally;
  if (!isFinite(p) || !(maxDistance >= 0)) return best;
  const double pad = detail::kNodePad * greater(magnitude_, maxComponent(abs(p)));
  double limit = maxDistance;
  // (limit + pad)^2: a box whose squared distance from p exceeds it lies farther than the limit
  // (the pad dwarfs the rounding of the squares: it is 2^-40 of every coordinate involved).
  double reach = (limit + pad) * (limit + pad);
  // fartherThan's numbers stay far from overflow.
  const bool bounded = magnitude_ <= 0x1p60 && maxComponent(abs(p)) <= 0x1p300;
  const auto leaf = [&](uint32_t slot) {
    // Once a triangle touches p, only a lower index can do better (a tie): the rest are skipped
    // unread. Where many triangles meet at p (a fan's centre), this spares each its tests.
    if (limit == 0 && best.found && order_[slot] > best.triangle) return;
    // The triangle's own box first, tested as a node of one triangle: most triangles of a leaf
    // reached lie farther than the best point found, and the box says so for a fraction of the
    // cost of the triangle's test (from the corners' floats in leaf order, where there are).
    if (!leafVertices_.empty()) {
      if (detail::cornerBoxDistanceSquared(leafVertices_.data() + 9 * size_t(slot), p) > reach) return;
    } else {
      const Triangle t = indexedTriangle(slot);
      const Vec3 lo = min(min(t.a, t.b), t.c), hi = max(max(t.a, t.b), t.c);
      if (lengthSquared(max(max(lo - p, p - hi), Vec3{})) > reach) return;
    }
    const Triangle corners = leafTriangle(slot);
    // Then a bound from its plane and edges, which a box holds at a slant: most triangles that
    // pass the box, around the nearest on a curved surface, lie beyond the limit by it.
    if (bounded && fartherThan(corners, p, limit + pad)) return;
    const Vec3 q = sepaxis::closestPoint(corners, p);
    const double d = length(q - p);
    if (d > limit) return;
    const uint32_t t = order_[slot];
    if (!best.found || d < best.distance || (d == best.distance && t < best.triangle)) {
      best = {true, t, q, d};
      limit = d;
      reach = (d + pad) * (d + pad);
    }
  };
  if (!boxes_.empty() && boxScale_ == 1) {
    const auto pair = [&](uint32_t first, double& a, double& b) {
      detail::boxPairDistanceSquared(&boxes_[first], p, a, b);
    };
    detail::descendBestFirst(
        boxes_, reach, tally, [&](uint32_t node) { return detail::boxDistanceSquared(boxes_[node], p); }, pair, leaf);
  } else {
    const detail::NodeNumbers numbers = nodeNumbers();
    const auto distance = [&](uint32_t node) {
      double scratch[6];
      return nodeDistance(options_.node, numbers.at(node, scratch), p, pad);
    };
    if (boxes_.empty()) {
      detail::descendBestFirst(nodes_, limit, tally, distance, leaf);
    } else {
      detail::descendBestFirst(boxes_, limit, tally, distance, leaf);
    }
  }
  if (cost) *cost = tally;
  return best;
}

}  // namespace sepaxis
