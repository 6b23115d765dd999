// The mesh's overlap tests (mesh.h): against a volume, and against another mesh, each with its
// pose. The trees stay where they are; node tests move a node (or undo a pose) with rounding, so
// each is grown by a pad far above it (detail::kNodePad of every magnitude involved) and only
// prunes. The triangles of the leaves reached are moved as transformed(Triangle) moves them and
// tested with the exact overlaps(): the answers are those of testing every triangle, bit for bit.

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

#include "sepaxis/bounds.h"
#include "sepaxis/mesh.h"
#include "sepaxis/overlap.h"

#include "mesh_descent.h"
#include "mesh_local_query.h"
#include "mesh_nodes.h"
#include "transformed.h"

namespace sepaxis {

namespace {

constexpr double kApart = std::numeric_limits<double>::infinity();

// Past the rounding of the polytope a k-DOP query is tested by (its vertices and slabs agree to
// tolerance::kKdopMerge of its extent): 2^-26 of that extent more pad for k-DOP volumes.
constexpr double kKdopQueryPad = 0x1p-26;

double oneNorm(KdopDirection d) { return std::abs(d.x) + std::abs(d.y) + std::abs(d.z); }

// The range of d . x over a volume: both of its supports along d.
struct Extent {
  double lo, hi;
};

Extent extentAlong(const Sphere& s, Vec3 d) {
  const double c = dot(d, s.center), r = s.radius * length(d);
  return {c - r, c + r};
}
Extent extentAlong(const Aabb& box, Vec3 d) {
  const double c = dot(d, center(box)), r = dot(abs(d), halfExtents(box));
  return {c - r, c + r};
}
Extent extentAlong(const Obb& box, Vec3 d) {
  const double c = dot(d, box.center);
  double r = 0;
  for (int i = 0; i < 3; ++i) r += box.halfExtents[i] * std::fabs(dot(box.axis[i], d));
  return {c - r, c + r};
}
// The query in the mesh's frame for AABB nodes (mesh_local_query.h): spheres and boxes; the other
// volumes keep the general node test.
struct NoLocalQuery {
  bool fits(double) const { return false; }
  bool meets(Vec3, Vec3) const { return true; }
};
detail::LocalSphereQuery localQuery(const Sphere& s, const RigidTransform& pose, double pad) { return {s, pose, pad}; }
detail::LocalBoxQuery localQuery(const Aabb& b, const RigidTransform& pose, double pad) { return {b, pose, pad}; }
detail::LocalBoxQuery localQuery(const Obb& b, const RigidTransform& pose, double pad) { return {b, pose, pad}; }
NoLocalQuery localQuery(const Kdop&, const RigidTransform&, double) { return {}; }
[[maybe_unused]] NoLocalQuery localQuery(const Triangle&, const RigidTransform&, double) { return {}; }

// Unused in a build without triangle volumes (volume.h).
[[maybe_unused]] Extent extentAlong(const Triangle& t, Vec3 d) {
  const double a = dot(d, t.a), b = dot(d, t.b), c = dot(d, t.c);
  return {lesser(a, lesser(b, c)), greater(a, greater(b, c))};
}
// Over the polytope's vertices, which the exact tests use (relative to its origin, as
// transformedSlabs computes them).
Extent extentAlong(const Kdop& k, Vec3 d) {
  double lo = dot(d, k.vertex[0]), hi = lo;
  for (int i = 1; i < k.vertexCount; ++i) lo = lesser(lo, dot(d, k.vertex[i])), hi = greater(hi, dot(d, k.vertex[i]));
  const double o = dot(d, k.origin);
  return {lo + o, hi + o};
}

bool rangesMeet(Extent a, double lo, double hi, double grow) { return a.lo <= hi + grow && lo - grow <= a.hi; }

// The inverse of a pose, composed with another: x -> pose^-1(other(x)), the frame change from
// the other mesh's frame into this one's. Rounded; the node pad covers it.
RigidTransform relativePose(const RigidTransform& pose, const RigidTransform& other) {
  RigidTransform r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.rotation.m[i][j] = dot(pose.rotation.column(i), other.rotation.column(j));
  const Vec3 t = other.translation - pose.translation;
  r.translation =
      Vec3{dot(pose.rotation.column(0), t), dot(pose.rotation.column(1), t), dot(pose.rotation.column(2), t)} /
      pose.scale;
  r.scale = other.scale / pose.scale;
  return r;
}

// ---- Node shapes for the mesh-mesh node tests, in the first mesh's frame ----

// A node's volume as a ball or a box (an AABB, an OBB, a k-DOP's bounding box), axes in the frame
// the test runs in.
struct NodeShape {
  bool ball = false;
  Vec3 center;
  double radius = 0;
  Vec3 axis[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  Vec3 half;
  double size() const { return ball ? radius : maxComponent(half); }
};

// The box a k-DOP node's slabs bound: its axis slabs, or for the 8-DOP (corners only) each axis
// from two pairs of corner slabs whose directions add up to it: x = (d0 + d3) . p / 2 =
// (d1 + d2) . p / 2, y = (d0 - d2) . p / 2 = (d1 - d3) . p / 2, z = (d0 - d1) . p / 2 = (d2 - d3) . p / 2.
void kdopNodeBox(int k, const double* v, Vec3& lo, Vec3& hi) {
  const int n = k / 2;
  if (k != 8) {
    lo = {v[0], v[1], v[2]}, hi = {v[n], v[n + 1], v[n + 2]};
    return;
  }
  const double *l = v, *h = v + 4;
  lo = {greater(l[0] + l[3], l[1] + l[2]) / 2, greater(l[0] - h[2], l[1] - h[3]) / 2,
        greater(l[0] - h[1], l[2] - h[3]) / 2};
  hi = {lesser(h[0] + h[3], h[1] + h[2]) / 2, lesser(h[0] - l[2], h[1] - l[3]) / 2,
        lesser(h[0] - l[1], h[2] - l[3]) / 2};
  hi = max(hi, lo);  // two bounds of a point may cross by rounding
}

// The node's shape in its mesh's frame.
NodeShape nodeShape(MeshNodeType type, const double* v) {
  NodeShape s;
  Vec3 lo, hi;
  switch (type) {
    case MeshNodeType::Sphere:
      s.ball = true;
      s.center = {v[0], v[1], v[2]};
      s.radius = v[3];
      return s;
    case MeshNodeType::Obb:
      s.center = {v[0], v[1], v[2]};
      for (int a = 0; a < 3; ++a) s.axis[a] = {v[3 + 3 * a], v[4 + 3 * a], v[5 + 3 * a]};
      s.half = {v[12], v[13], v[14]};
      return s;
    case MeshNodeType::Aabb: lo = {v[0], v[1], v[2]}, hi = {v[3], v[4], v[5]}; break;
    default: kdopNodeBox(detail::meshNodeKdopK(type), v, lo, hi);
  }
  // In halves: coordinates near the largest double must not overflow.
  s.center = lo * 0.5 + hi * 0.5;
  s.half = hi * 0.5 - lo * 0.5;
  return s;
}

// A shape moved by a pose: a ball's centre, a box's centre and axes (exact up to rounding).
NodeShape movedShape(NodeShape s, const RigidTransform& t) {
  s.center = detail::applyPose(t, s.center);
  if (s.ball) {
    s.radius *= t.scale;
    return s;
  }
  for (Vec3& axis : s.axis) axis = t.rotation * axis;
  s.half = s.half * t.scale;
  return s;
}

Extent extentAlong(const NodeShape& s, Vec3 d) {
  if (s.ball) return extentAlong(Sphere{s.center, s.radius}, d);
  const double c = dot(d, s.center);
  const double r = s.half.x * std::fabs(dot(s.axis[0], d)) + s.half.y * std::fabs(dot(s.axis[1], d)) +
                   s.half.z * std::fabs(dot(s.axis[2], d));
  return {c - r, c + r};
}

bool ballMeetsBox(const NodeShape& ball, const NodeShape& box, double pad) {
  const Vec3 d = ball.center - box.center;
  Vec3 out;
  for (int i = 0; i < 3; ++i) out[i] = greater(std::fabs(dot(box.axis[i], d)) - box.half[i], 0.0);
  return withinDistance(out, ball.radius + pad);
}

// The separating-axis test of two boxes on their 15 axes (Gottschalk et al. 1996), every axis's
// reach grown by the pad: the cross axes are no longer than 1, so the pad is at least the pad
// times their length, and it dwarfs the rounding of these sums (a few ulps of the magnitudes).
bool boxesMeet(const NodeShape& a, const NodeShape& b, double pad) {
  const Vec3 t = b.center - a.center;
  double c[3][3], abs[3][3], ta[3];
  for (int i = 0; i < 3; ++i) {
    ta[i] = dot(a.axis[i], t);
    for (int j = 0; j < 3; ++j) c[i][j] = dot(a.axis[i], b.axis[j]), abs[i][j] = std::fabs(c[i][j]);
  }
  for (int i = 0; i < 3; ++i)
    if (std::fabs(ta[i]) > a.half[i] + b.half.x * abs[i][0] + b.half.y * abs[i][1] + b.half.z * abs[i][2] + pad)
      return false;
  for (int j = 0; j < 3; ++j)
    if (std::fabs(dot(b.axis[j], t)) >
        a.half.x * abs[0][j] + a.half.y * abs[1][j] + a.half.z * abs[2][j] + b.half[j] + pad)
      return false;
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double reach =
          a.half[i1] * abs[i2][j] + a.half[i2] * abs[i1][j] + b.half[j1] * abs[i][j2] + b.half[j2] * abs[i][j1] + pad;
      if (std::fabs(ta[i2] * c[i1][j] - ta[i1] * c[i2][j]) > reach) return false;
    }
  }
  return true;
}

bool shapesMeet(const NodeShape& a, const NodeShape& b, double pad) {
  if (a.ball && b.ball) return withinDistance(b.center - a.center, a.radius + b.radius + pad);
  if (a.ball) return ballMeetsBox(a, b, pad);
  if (b.ball) return ballMeetsBox(b, a, pad);
  return boxesMeet(a, b, pad);
}

// Where a k-DOP node's corner slabs (1,1,1), (1,1,-1), (1,-1,1), (1,-1,-1) start: -1 if it has none.
int cornerSlabs(int k) { return k == 8 ? 0 : (k == 14 || k == 26) ? 3 : -1; }

// The largest e . x over the corner slabs lo[i] <= c_i . x <= hi[i]: e as a sum of the four
// corners (+-1, +-1, +-1) of the cube's face that e points through, weighted (1 + a u)(1 + b w) |e_k| / 4
// >= 0 for the corner with a, b in its other two coordinates (u, w: e's there over |e_k|), each
// corner's slab bounding its term. Exact for an octahedron, an upper bound always: much tighter
// than the box of an 8-DOP.
double cornerSupport(const double* lo, const double* hi, Vec3 e) {
  const Vec3 m = abs(e);
  const int k = m.x >= m.y && m.x >= m.z ? 0 : m.y >= m.z ? 1 : 2, p = (k + 1) % 3, q = (k + 2) % 3;
  const double u = e[p] / m[k], w = e[q] / m[k];
  double sum = 0;
  for (int a = -1; a <= 1; a += 2)
    for (int b = -1; b <= 1; b += 2) {
      Vec3 corner;
      corner[k] = e[k] < 0 ? -1 : 1, corner[p] = a, corner[q] = b;
      // The slab of the corner or of its opposite (stored with x = +1).
      const bool flip = corner.x < 0;
      const int i = 2 * ((flip ? -corner.y : corner.y) < 0) + ((flip ? -corner.z : corner.z) < 0);
      sum += (1 + a * u) * (1 + b * w) * (flip ? -lo[i] : hi[i]);
    }
  return sum * m[k] / 4;
}

// The range of D . x over a k-DOP node's corner slabs, for D = s R e + ... : s [-h(-e), h(e)] + offset.
Extent cornerExtent(const double* v, int k, Vec3 e, double scale, double offset) {
  const int c = cornerSlabs(k), n = k / 2;
  return {offset - scale * cornerSupport(v + c, v + n + c, -e), offset + scale * cornerSupport(v + c, v + n + c, e)};
}

// What the mesh-mesh node tests need of the relative pose, computed once a query.
struct PairFrame {
  RigidTransform relative;  // the second mesh's frame into the first's
  MeshNodeType typeA, typeB;
  int slabsA = 0, slabsB = 0;
  Vec3 dirA[kMaxKdopSlabs];       // the first mesh's k-DOP directions
  Vec3 dirB[kMaxKdopSlabs];       // the second's, turned into the first's frame
  double offsetB[kMaxKdopSlabs];  // dirB . translation: where the second's slabs move
  Vec3 backA[kMaxKdopSlabs];      // dirA turned into the second's frame (R^T dirA)
  double offsetA[kMaxKdopSlabs];  // dirA . translation
  int kA = 0, kB = 0;
  double growA[kMaxKdopSlabs];  // the pad along each direction (|d|_1 times the pad)
  double growB[kMaxKdopSlabs];
  double pad;
};

PairFrame pairFrame(const Mesh& a, const RigidTransform& poseA, const Mesh& b, const RigidTransform& poseB,
                    double magnitudeA, double magnitudeB) {
  PairFrame f;
  f.relative = relativePose(poseA, poseB);
  f.typeA = a.nodeType(), f.typeB = b.nodeType();
  // Every coordinate in the first mesh's frame, and the world's ones it came from, over its scale.
  const double world = poseA.scale * magnitudeA + poseB.scale * magnitudeB + maxComponent(abs(poseA.translation)) +
                       maxComponent(abs(poseB.translation));
  f.pad = detail::kNodePad * (magnitudeA + world / poseA.scale);
  f.slabsA = detail::meshNodeKdopK(f.typeA) / 2;
  const KdopDirection* da = f.slabsA ? kdopDirections(2 * f.slabsA) : nullptr;
  const Mat3& r = f.relative.rotation;
  for (int j = 0; j < f.slabsA; ++j) {
    f.dirA[j] = toVec3(da[j]), f.growA[j] = f.pad * oneNorm(da[j]);
    f.backA[j] = {dot(r.column(0), f.dirA[j]), dot(r.column(1), f.dirA[j]), dot(r.column(2), f.dirA[j])};
    f.offsetA[j] = dot(f.dirA[j], f.relative.translation);
  }
  f.kA = 2 * f.slabsA;
  f.slabsB = detail::meshNodeKdopK(f.typeB) / 2;
  const KdopDirection* db = f.slabsB ? kdopDirections(2 * f.slabsB) : nullptr;
  for (int j = 0; j < f.slabsB; ++j) {
    f.dirB[j] = f.relative.rotation * toVec3(db[j]);
    f.offsetB[j] = dot(f.dirB[j], f.relative.translation);
    f.growB[j] = f.pad * oneNorm(db[j]);
  }
  f.kB = 2 * f.slabsB;
  return f;
}

// Whether nodes a (of the first mesh, in its frame) and b (of the second, moved) may hold
// overlapping triangles: 0 if not, else 1 when a is the larger (to split first), 2 when b is.
int nodePairMeets(const PairFrame& f, const double* va, const double* vb) {
  const NodeShape a = nodeShape(f.typeA, va), b = movedShape(nodeShape(f.typeB, vb), f.relative);
  // The balls or boxes first (a k-DOP's box: its axis slabs, or the 8-DOP's looser one), then a
  // k-DOP's slabs against the other node's ball or box, or against the other k-DOP's corner
  // slabs where it has them, whichever is tighter.
  if (!shapesMeet(a, b, f.pad)) return 0;
  const double s = f.relative.scale;
  const bool cornersA = cornerSlabs(f.kA) >= 0, cornersB = cornerSlabs(f.kB) >= 0;
  const int n = f.slabsA;
  for (int j = 0; j < n; ++j) {
    Extent e = extentAlong(b, f.dirA[j]);
    if (cornersB) {
      const Extent c = cornerExtent(vb, f.kB, f.backA[j], s, f.offsetA[j]);
      e = {greater(e.lo, c.lo), lesser(e.hi, c.hi)};
    }
    if (!rangesMeet(e, va[j], va[n + j], f.growA[j])) return 0;
  }
  const int m = f.slabsB;
  for (int j = 0; j < m; ++j) {
    Extent e = extentAlong(a, f.dirB[j]);
    if (cornersA) {
      const Extent c = cornerExtent(va, f.kA, f.dirB[j], 1, 0);
      e = {greater(e.lo, c.lo), lesser(e.hi, c.hi)};
    }
    if (!rangesMeet(e, s * vb[j] + f.offsetB[j], s * vb[m + j] + f.offsetB[j], f.growB[j])) return 0;
  }
  return a.size() >= b.size() ? 1 : 2;
}

// The triangles of a leaf, moved into the world as transformed(Triangle) moves them.
int posedLeaf(const Mesh& m, const MeshNode& leaf, const RigidTransform& pose, Triangle* out) {
  const auto& order = m.triangleOrder();
  for (uint32_t i = 0; i < leaf.count; ++i) out[i] = transformed(m.triangle(order[leaf.first + i]), pose);
  return int(leaf.count);
}

// The simultaneous descent both mesh-mesh queries share; `pair(a, b)` gets input triangle
// indices of overlapping triangles and returns false to stop. With a trace, every test is
// recorded there too; the descent without one is compiled apart, so that it pays nothing for it.
template <class Pair>
void meshPairs(const Mesh& a, const RigidTransform& poseA, const Mesh& b, const RigidTransform& poseB,
               double magnitudeA, double magnitudeB, MeshQueryCost& tally, const detail::NodeNumbers& numbersA,
               const detail::NodeNumbers& numbersB, MeshTrace* trace, Pair pair) {
  const PairFrame f = pairFrame(a, poseA, b, poseB, magnitudeA, magnitudeB);
  Triangle leafA[kMaxMeshLeafSize], leafB[kMaxMeshLeafSize];
  const auto run = [&](auto recordNodes, auto recordTriangles) {
    detail::descendPairs(
        a, b, tally,
        [&](uint32_t na, uint32_t nb) {
          double scratchA[6], scratchB[6];
          const int meets = nodePairMeets(f, numbersA.at(na, scratchA), numbersB.at(nb, scratchB));
          recordNodes(na, nb, meets != 0);
          return meets;
        },
        [&](const MeshNode& la, const MeshNode& lb) {
          const int ca = posedLeaf(a, la, poseA, leafA), cb = posedLeaf(b, lb, poseB, leafB);
          for (int i = 0; i < ca; ++i)
            for (int j = 0; j < cb; ++j) {
              ++tally.triangleTests;
              const uint32_t ta = a.triangleOrder()[la.first + uint32_t(i)];
              const uint32_t tb = b.triangleOrder()[lb.first + uint32_t(j)];
              const bool meets = overlaps(leafA[i], leafB[j]);
              recordTriangles(ta, tb, meets);
              if (meets && !pair(ta, tb)) return false;
            }
          return true;
        });
  };
  if (!trace) {
    run([](uint32_t, uint32_t, bool) {}, [](uint32_t, uint32_t, bool) {});
    return;
  }
  trace->steps.clear(), trace->triangles.clear();
  run(
      [trace](uint32_t na, uint32_t nb, bool meets) {
        trace->steps.push_back({na, int32_t(nb), meets});
      },
      [trace](uint32_t ta, uint32_t tb, bool meets) {
        trace->triangles.push_back({ta, int32_t(tb), meets});
      });
}

}  // namespace

bool Mesh::overlaps(const Volume& volume, const RigidTransform& pose, MeshQueryCost* cost, MeshTrace* trace) const {
  bool hit = false;
  visitOverlapping(
      volume, pose,
      [](void* found, uint32_t, const Triangle&) {
        *static_cast<bool*>(found) = true;
        return false;
      },
      &hit, cost, trace);
  return hit;
}

void Mesh::forEachOverlappingTriangle(const Volume& volume, const RigidTransform& pose, TriangleVisitor visit,
                                      void* context, MeshQueryCost* cost) const {
  visitOverlapping(volume, pose, visit, context, cost, nullptr);
}

void Mesh::visitOverlapping(const Volume& volume, const RigidTransform& pose, TriangleVisitor visit, void* context,
                            MeshQueryCost* cost, MeshTrace* trace) const {
  MeshQueryCost tally;
  // The volume's box taken into the mesh's frame (the pose undone, rounded) and grown by the pad
  // over the scale: a triangle or AABB node outside it is apart from the volume, found with a
  // few comparisons before a node is moved into the world or a triangle tested.
  const detail::LocalBounds bounds = detail::localBoundsOf(boundingBox(volume), pose, magnitude_,
                                                           std::holds_alternative<Kdop>(volume) ? kKdopQueryPad : 0);
  const double pad = bounds.pad;
  const Vec3 localMin = bounds.min, localMax = bounds.max;
  const detail::NodeNumbers numbers = nodeNumbers();
  const int slabs = detail::meshNodeKdopK(options_.node) / 2;
  const auto outside = [&](Vec3 lo, Vec3 hi) {
    return lo.x > localMax.x || lo.y > localMax.y || lo.z > localMax.z || hi.x < localMin.x || hi.y < localMin.y ||
           hi.z < localMin.z;
  };
  double limit = 0;  // every node that may meet the volume has bound 0; below it once visit stops
  std::visit(
      [&](const auto& query) {
        // k-DOP nodes: the slab directions turned into the world, where the slabs d . x in
        // [lo, hi] become D . y in [s lo + D . t, s hi + D . t], and the volume's extent along them.
        Vec3 turned[kMaxKdopSlabs];
        Extent along[kMaxKdopSlabs];
        double offset[kMaxKdopSlabs], grow[kMaxKdopSlabs];
        const KdopDirection* dirs = slabs ? kdopDirections(2 * slabs) : nullptr;
        for (int j = 0; j < slabs; ++j) {
          turned[j] = pose.rotation * toVec3(dirs[j]);
          along[j] = extentAlong(query, turned[j]);
          offset[j] = dot(turned[j], pose.translation);
          grow[j] = pad * oneNorm(dirs[j]);
        }
        const bool unscaledBoxes = !boxes_.empty() && boxScale_ == 1;
        const auto local = localQuery(query, pose, pad / pose.scale);
        const bool inFrame = options_.node == MeshNodeType::Aabb && local.fits(magnitude_);
        auto meets = [&](uint32_t node) {
          // An AABB tree's nodes rejected straight from their floats; those that pass get the
          // exact test, which prunes two to three times as many nodes as the boxes alone (a
          // sphere against the bunny's tree) and keeps the descent's counts those of the SAT.
          if (unscaledBoxes) {
            const detail::MeshBoxNode& box = boxes_[node];
            if (outside({double(box.min[0]), double(box.min[1]), double(box.min[2])},
                        {double(box.max[0]), double(box.max[1]), double(box.max[2])}))
              return false;
          }
          double scratch[6];
          const double* v = numbers.at(node, scratch);
          switch (options_.node) {
            case MeshNodeType::Sphere:
              return sepaxis::overlaps(Sphere{detail::applyPose(pose, {v[0], v[1], v[2]}), v[3] * pose.scale + pad},
                                       query);
            case MeshNodeType::Aabb: {
              if (outside({v[0], v[1], v[2]}, {v[3], v[4], v[5]})) return false;
              if (inFrame) return local.meets({v[0], v[1], v[2]}, {v[3], v[4], v[5]});
              Obb b = detail::transformedAabb(Vec3{v[0], v[1], v[2]} * 0.5 + Vec3{v[3], v[4], v[5]} * 0.5,
                                              Vec3{v[3], v[4], v[5]} * 0.5 - Vec3{v[0], v[1], v[2]} * 0.5, pose);
              b.halfExtents = b.halfExtents + Vec3{pad, pad, pad};
              return sepaxis::overlaps(b, query);
            }
            case MeshNodeType::Obb: {
              Obb b;
              b.center = detail::applyPose(pose, {v[0], v[1], v[2]});
              for (int a = 0; a < 3; ++a) b.axis[a] = pose.rotation * Vec3{v[3 + 3 * a], v[4 + 3 * a], v[5 + 3 * a]};
              b.halfExtents = Vec3{v[12], v[13], v[14]} * pose.scale + Vec3{pad, pad, pad};
              return sepaxis::overlaps(b, query);
            }
            default:
              for (int j = 0; j < slabs; ++j) {
                const double s = pose.scale;
                if (!rangesMeet(along[j], s * v[j] + offset[j], s * v[slabs + j] + offset[j], grow[j])) return false;
              }
              return true;
          }
        };
        const auto leafMeets = [&](uint32_t slot) {
          const Triangle t = leafTriangle(slot);
          if (outside(min(min(t.a, t.b), t.c), max(max(t.a, t.b), t.c))) return false;
          const Triangle posed = transformed(t, pose);
          if (!sepaxis::overlaps(posed, query)) return false;
          if (!visit(context, order_[slot], posed)) limit = -1;
          return true;
        };
        // Without a trace, a descent compiled apart that records nothing.
        const auto run = [&](auto recordNode, auto recordTriangle) {
          const auto bound = [&](uint32_t node) {
            const bool m = meets(node);
            recordNode(node, m);
            return m ? 0.0 : kApart;
          };
          const auto leaf = [&](uint32_t slot) {
            const bool m = leafMeets(slot);
            recordTriangle(slot, m);
          };
          if (boxes_.empty()) {
            detail::descend(nodes_, limit, tally, bound, leaf);
          } else {
            detail::descend(boxes_, limit, tally, bound, leaf);
          }
        };
        if (!trace) {
          run([](uint32_t, bool) {}, [](uint32_t, bool) {});
          return;
        }
        trace->steps.clear(), trace->triangles.clear();
        run(
            [trace](uint32_t node, bool m) {
              trace->steps.push_back({node, -1, m});
            },
            [&](uint32_t slot, bool m) {
              trace->triangles.push_back({order_[slot], -1, m});
            });
      },
      volume);
  if (cost) *cost = tally;
}

bool Mesh::overlapsMesh(const RigidTransform& pose, const Mesh& other, const RigidTransform& otherPose,
                        MeshQueryCost* cost, MeshTrace* trace) const {
  MeshQueryCost tally;
  bool hit = false;
  meshPairs(*this, pose, other, otherPose, magnitude_, other.magnitude_, tally, nodeNumbers(), other.nodeNumbers(),
            trace, [&](uint32_t, uint32_t) { return !(hit = true); });
  if (cost) *cost = tally;
  return hit;
}

size_t Mesh::trianglePairs(const RigidTransform& pose, const Mesh& other, const RigidTransform& otherPose,
                           std::vector<MeshTrianglePair>& pairs, MeshQueryCost* cost) const {
  MeshQueryCost tally;
  const size_t before = pairs.size();
  meshPairs(*this, pose, other, otherPose, magnitude_, other.magnitude_, tally, nodeNumbers(), other.nodeNumbers(),
            nullptr, [&](uint32_t a, uint32_t b) {
              pairs.push_back({a, b});
              return true;
            });
  std::sort(pairs.begin() + std::ptrdiff_t(before), pairs.end());
  if (cost) *cost = tally;
  return pairs.size() - before;
}

}  // namespace sepaxis
