// The mesh's nearest-first queries: a descent of the tree (mesh_descent.h) that tests node
// volumes only to skip what cannot matter, and decides at the leaves with the triangles' own
// exact tests, so the answers are those of testing every triangle, bit for bit.

#include <cmath>
#include <limits>

#include "sepaxis/mesh.h"
#include "sepaxis/point_query.h"
#include "sepaxis/ray.h"

#include "mesh_descent.h"
#include "mesh_nodes.h"

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

}  // namespace

MeshRayHit Mesh::raycast(Vec3 origin, Vec3 direction, double maxDistance, MeshQueryCost* cost) const {
  MeshRayHit best;
  MeshQueryCost tally;
  const double len = length(direction);
  if (!(len > 0) || !std::isfinite(len) || !isFinite(origin) || !(maxDistance >= 0)) return best;
  const NodeRay ray{origin, direction / len, detail::kNodePad * greater(magnitude_, maxComponent(abs(origin)))};
  const int stride = detail::meshNodeStride(options_.node);
  double limit = maxDistance;
  const double* volumes = volumes_.data();
  detail::descend(
      nodes_, order_, limit, tally,
      [&](uint32_t node) { return nodeEntry(options_.node, volumes + size_t(node) * size_t(stride), ray, limit); },
      [&](uint32_t t) {
        const RayHit h = sepaxis::raycast(triangle(t), origin, direction, limit);
        if (!h.hit) return;
        if (!best.hit || h.distance < best.distance || (h.distance == best.distance && t < best.triangle)) {
          best = {true, t, h.distance, h.point, h.normal, h.barycentric};
          limit = h.distance;
        }
      });
  if (cost) *cost = tally;
  return best;
}

MeshClosestPoint Mesh::closestPoint(Vec3 p, double maxDistance, MeshQueryCost* cost) const {
  MeshClosestPoint best;
  MeshQueryCost tally;
  if (!isFinite(p) || !(maxDistance >= 0)) return best;
  const double pad = detail::kNodePad * greater(magnitude_, maxComponent(abs(p)));
  const int stride = detail::meshNodeStride(options_.node);
  double limit = maxDistance;
  const double* volumes = volumes_.data();
  detail::descend(
      nodes_, order_, limit, tally,
      [&](uint32_t node) { return nodeDistance(options_.node, volumes + size_t(node) * size_t(stride), p, pad); },
      [&](uint32_t t) {
        const Vec3 q = sepaxis::closestPoint(triangle(t), p);
        const double d = length(q - p);
        if (d > limit) return;
        if (!best.found || d < best.distance || (d == best.distance && t < best.triangle)) {
          best = {true, t, q, d};
          limit = d;
        }
      });
  if (cost) *cost = tally;
  return best;
}

}  // namespace sepaxis
