#include "platform.h"
#include "sepaxis/kdop.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sepaxis/tolerance.h"
#include "kdop_clip.h"
#include "range_scale.h"
#include "validate.h"

namespace sepaxis {
namespace {

constexpr KdopDirection kAxes[] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
constexpr KdopDirection kCorners[] = {{1, 1, 1}, {1, 1, -1}, {1, -1, 1}, {1, -1, -1}};
constexpr KdopDirection kEdges[] = {{1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1}, {0, 1, -1}};

constexpr KdopDirection k6[] = {kAxes[0], kAxes[1], kAxes[2]};
constexpr KdopDirection k8[] = {kCorners[0], kCorners[1], kCorners[2], kCorners[3]};
constexpr KdopDirection k14[] = {kAxes[0], kAxes[1], kAxes[2], kCorners[0], kCorners[1], kCorners[2], kCorners[3]};
constexpr KdopDirection k18[] = {kAxes[0],  kAxes[1],  kAxes[2],  kEdges[0], kEdges[1],
                                 kEdges[2], kEdges[3], kEdges[4], kEdges[5]};
constexpr KdopDirection k26[] = {kAxes[0],  kAxes[1],  kAxes[2],  kCorners[0], kCorners[1], kCorners[2], kCorners[3],
                                 kEdges[0], kEdges[1], kEdges[2], kEdges[3],   kEdges[4],   kEdges[5]};

using Plane = detail::KdopPlane;

// The exponent of the smallest positive double, 2^-1074 (subnormal).
constexpr int kSmallestExponent = std::numeric_limits<double>::min_exponent - std::numeric_limits<double>::digits;

// A reference point inside (or near) the slabs. Vertices are computed from offsets relative to it,
// not from coordinates that may be 1e5 away from the origin. It is snapped to a grid of 2^-30 of
// the coordinates' magnitude, so that d_i . origin is exact (three integer multiples of the grid
// step) and the local offsets min[i] - d_i . origin are exact too (Sterbenz): the polytope is then
// computed to the relative precision of its own size, wherever it is.
Vec3 referencePoint(const Kdop& kdop) {
  const KdopDirection* dirs = kdopDirections(kdop.k);
  Vec3 c;
  if (dirs[0].x == 1 && dirs[0].y == 0 && dirs[0].z == 0) {
    c = {(kdop.min[0] + kdop.max[0]) / 2, (kdop.min[1] + kdop.max[1]) / 2, (kdop.min[2] + kdop.max[2]) / 2};
  } else {
    // k = 8: the corner slab mid-values m_i solve to x = (m0+m1+m2+m3)/4, y = (m0+m1-m2-m3)/4, ...
    double m[4];
    for (int i = 0; i < 4; ++i) m[i] = (kdop.min[i] + kdop.max[i]) / 2;
    c = {(m[0] + m[1] + m[2] + m[3]) / 4, (m[0] + m[1] - m[2] - m[3]) / 4, (m[0] - m[1] + m[2] - m[3]) / 4};
  }
  const double magnitude = maxComponent(abs(c));
  if (magnitude == 0) return c;
  int exponent;
  std::frexp(magnitude, &exponent);
  // No finer than the smallest double, of which every double is a multiple: a step of 2^-30 of a
  // subnormal magnitude would underflow to 0 and the origin become 0 / 0.
  const double step = std::ldexp(1.0, std::max(exponent - 30, kSmallestExponent));
  return {std::round(c.x / step) * step, std::round(c.y / step) * step, std::round(c.z / step) * step};
}

// What the vertex enumeration needs of the directions alone, per k: the non-parallel plane pairs
// (planes 2i and 2i+1 are slab i's max and min sides, normals +d_i and -d_i) and, per pair and
// slab, the integer rate d_slab . (n_p x n_q), so that the hot loop neither recomputes it nor
// divides by it (1/rate comes from a table of the same quotients).
struct LineTable {
  int count = 0;
  uint8_t p[325], q[325];
  int8_t rate[325][kMaxKdopSlabs];
};

constexpr int kMaxRate = 8;  // |d_slab . (n_p x n_q)| <= 6 for the 0/±1 directions
constexpr double kInverse[2 * kMaxRate + 1] = {-1 / 8., -1 / 7., -1 / 6., -1 / 5., -1 / 4., -1 / 3., -1 / 2., -1,    0,
                                               1,       1 / 2.,  1 / 3.,  1 / 4.,  1 / 5.,  1 / 6.,  1 / 7.,  1 / 8.};

LineTable buildLineTable(int k) {
  LineTable t;
  const KdopDirection* dirs = kdopDirections(k);
  const int slabs = k / 2;
  auto normal = [&](int plane) { return toVec3(dirs[plane / 2]) * (plane % 2 == 0 ? 1.0 : -1.0); };
  for (int p = 0; p < 2 * slabs; ++p)
    for (int q = p + 1; q < 2 * slabs; ++q) {
      const Vec3 dir = cross(normal(p), normal(q));
      if (lengthSquared(dir) == 0) continue;
      t.p[t.count] = uint8_t(p);
      t.q[t.count] = uint8_t(q);
      for (int i = 0; i < slabs; ++i) t.rate[t.count][i] = int8_t(dot(toVec3(dirs[i]), dir));
      ++t.count;
    }
  return t;
}

// The tables of all five k, built once by the first call from any thread: a function-local static
// is initialized exactly once even when threads arrive together (C++11, [stmt.dcl]/4); tables
// filled lazily per k would race when threads build k-DOPs at once.
const LineTable& lineTable(int k) {
  struct Tables {
    LineTable byK[5] = {buildLineTable(6), buildLineTable(8), buildLineTable(14), buildLineTable(18),
                        buildLineTable(26)};
  };
  static const Tables tables;
  return tables.byK[k == 6 ? 0 : k == 8 ? 1 : k == 14 ? 2 : k == 18 ? 3 : 4];
}

// Enumerates the vertices: the polytope meets the line where two slab planes cross in a segment
// (or a point, or nothing), found by clipping the line against every slab; the segment's ends are
// vertices, and every vertex ends such a segment. At most 325 lines for k = 26, each clipped by
// 13 slabs: exact in the degenerate cases too (flat, segment, point), where incremental hull
// algorithms struggle.
bool buildVertices(Kdop& kdop, const Plane* planes, const double* localMin, const double* localMax, double tol,
                   double mergeDistance) {
  static constexpr double kLength[] = {0, 1, 1.4142135623730951, 1.7320508075688772};  // of 0/1 vectors by nonzeros
  const KdopDirection* dirs = kdopDirections(kdop.k);
  const int slabs = kdop.slabCount();
  // Per slab, hoisted out of the line loop: the direction as doubles and the slab widened by the
  // tolerance (the same numbers, computed once instead of per line).
  Vec3 direction[kMaxKdopSlabs];
  double looseMin[kMaxKdopSlabs], looseMax[kMaxKdopSlabs];
  for (int i = 0; i < slabs; ++i) {
    const KdopDirection d = dirs[i];
    direction[i] = toVec3(d);
    const double slack = tol * kLength[(d.x != 0) + (d.y != 0) + (d.z != 0)];
    looseMin[i] = localMin[i] - slack;
    looseMax[i] = localMax[i] + slack;
  }
  kdop.vertexCount = 0;
  auto add = [&](Vec3 x) {
    // Within mergeDistance in every coordinate (no squares to underflow); x first, which already
    // tells most vertices apart.
    for (int v = 0; v < kdop.vertexCount; ++v)
      if (std::fabs(kdop.vertex[v].x - x.x) <= mergeDistance && std::fabs(kdop.vertex[v].y - x.y) <= mergeDistance &&
          std::fabs(kdop.vertex[v].z - x.z) <= mergeDistance)
        return true;
    if (kdop.vertexCount == kMaxKdopVertices) return false;
    kdop.vertex[kdop.vertexCount++] = x;
    return true;
  };
  const LineTable& lines = lineTable(kdop.k);
  for (int line = 0; line < lines.count; ++line) {
    const int p = lines.p[line], q = lines.q[line];
    const Vec3 np = planes[p].normal, nq = planes[q].normal;
    {
      const Vec3 dir = cross(np, nq);  // integer normals: exact (and never zero: listed pairs)
      const double det = lengthSquared(dir);
      // The point of the line nearest the local origin (solves np.x = hp, nq.x = hq, dir.x = 0).
      const double pp = dot(np, np), pq = dot(np, nq), qq = dot(nq, nq);
      const double hp = planes[p].offset, hq = planes[q].offset;
      const Vec3 x0 = (np * (hp * qq - hq * pq) + nq * (hq * pp - hp * pq)) / det;
      // Clipped twice: exactly, for where the ends are, and with the tolerance, for whether the
      // line meets the polytope at all (rounding may cross the ends of a one-point segment).
      double t0 = -std::numeric_limits<double>::infinity(), t1 = -t0, u0 = t0, u1 = t1;
      bool empty = false;
      for (int i = 0; i < slabs && !empty; ++i) {
        const double s0 = dot(direction[i], x0);
        const int rate = lines.rate[line][i];  // exact integer
        if (rate == 0) {
          empty = s0 < looseMin[i] || s0 > looseMax[i];
          continue;
        }
        const double inv = kInverse[rate + kMaxRate];  // = 1 / rate
        const double a = (localMin[i] - s0) * inv, b = (localMax[i] - s0) * inv;
        t0 = greater(t0, lesser(a, b));
        t1 = lesser(t1, greater(a, b));
        const double as = (looseMin[i] - s0) * inv, bs = (looseMax[i] - s0) * inv;
        u0 = greater(u0, lesser(as, bs));
        u1 = lesser(u1, greater(as, bs));
        empty = u0 > u1;
      }
      if (empty) continue;
      if (t0 > t1) t0 = t1 = (t0 + t1) / 2;
      if (!add(x0 + dir * t0) || !add(x0 + dir * t1)) return false;
    }
  }
  return true;
}

// Two vertices on two common non-parallel planes bound a segment of the boundary: an edge (or,
// for a flat polytope, possibly a diagonal of its single face, which is harmless for closest
// points). Per plane, a bit mask of the vertices on it.
void buildAdjacency(Kdop& kdop, const Plane* planes, int planeCount, double onPlane) {
  uint64_t on[2 * kMaxKdopSlabs] = {};
  for (int p = 0; p < planeCount; ++p) {
    const double within = onPlane * length(planes[p].normal);
    for (int v = 0; v < kdop.vertexCount; ++v)
      if (std::fabs(dot(planes[p].normal, kdop.vertex[v]) - planes[p].offset) <= within) on[p] |= uint64_t{1} << v;
  }
  for (int v = 0; v < kMaxKdopVertices; ++v) kdop.adjacent[v] = 0;
  for (int p = 0; p < planeCount; ++p) {
    for (int q = p + 1; q < planeCount; ++q) {
      const Vec3 dir = cross(planes[p].normal, planes[q].normal);
      const uint64_t shared = on[p] & on[q];
      if (lengthSquared(dir) == 0 || (shared & (shared - 1)) == 0) continue;  // fewer than two
      // Vertices on the line in order: each consecutive pair bounds a piece of the edge. (A
      // redundant plane touching the edge makes a vertex in its middle; linking only the two
      // ends would leave that vertex without its neighbours along the edge.)
      int onLine[kMaxKdopVertices];
      double along[kMaxKdopVertices];
      int n = 0;
      for (uint64_t rest = shared; rest != 0; rest &= rest - 1) {
        const int v = detail::countTrailingZeros(rest);
        onLine[n] = v, along[n++] = dot(dir, kdop.vertex[v]);
      }
      for (int i = 1; i < n; ++i)  // insertion sort: a handful of vertices
        for (int j = i; j > 0 && along[j] < along[j - 1]; --j)
          std::swap(along[j], along[j - 1]), std::swap(onLine[j], onLine[j - 1]);
      for (int i = 1; i < n; ++i) {
        kdop.adjacent[onLine[i - 1]] |= uint64_t{1} << onLine[i];
        kdop.adjacent[onLine[i]] |= uint64_t{1} << onLine[i - 1];
      }
    }
  }
}

}  // namespace

bool isValidKdopK(int k) { return k == 6 || k == 8 || k == 14 || k == 18 || k == 26; }

const KdopDirection* kdopDirections(int k) {
  switch (k) {
    case 6: return k6;
    case 8: return k8;
    case 14: return k14;
    case 18: return k18;
    case 26: return k26;
    default: return nullptr;
  }
}

namespace {

// The polytope of the slabs (already valid: finite, min <= max) into kdop. `lenience` (a length)
// widens the vertex tolerance and the merging of vertices beyond the k-DOP's own rounding: see
// buildLeniently.
bool buildPolytope(int k, const double* min, const double* max, Kdop& kdop, double lenience = 0, bool byLines = false,
                   bool* clipped = nullptr) {
  const int n = k / 2;
  kdop.k = k;
  for (int i = 0; i < n; ++i) kdop.min[i] = min[i], kdop.max[i] = max[i];
  kdop.origin = referencePoint(kdop);
  const KdopDirection* dirs = kdopDirections(k);
  double givenMin[kMaxKdopSlabs], givenMax[kMaxKdopSlabs];  // the given slabs, local
  Plane planes[2 * kMaxKdopSlabs];
  double extent = 0;
  for (int i = 0; i < n; ++i) {
    const Vec3 d = toVec3(dirs[i]);
    const double shift = dot(d, kdop.origin);
    givenMin[i] = min[i] - shift;
    givenMax[i] = max[i] - shift;
    planes[2 * i] = {d, givenMax[i]};
    planes[2 * i + 1] = {-d, -givenMin[i]};
    extent = std::max({extent, std::fabs(givenMin[i]) / length(d), std::fabs(givenMax[i]) / length(d)});
  }
  // Local offsets are exact (see referencePoint): tolerances relative to the k-DOP's own size.
  const double tol = tolerance::kKdopVertex * extent + lenience;
  double merge = tolerance::kKdopMerge * extent + 4 * lenience;
  // Clipping first (several times faster); what it cannot vouch for, the lines enumerate. More
  // distinct vertices than a polytope can have means rounding split corners: merge coarser.
  const bool clip = lenience == 0 && !byLines && detail::clipKdopPolytope(kdop, planes, tol, merge + tol);
  if (clipped) *clipped = clip;
  if (!clip) {
    bool built = false;
    for (int attempt = 0; attempt < 4 && !built; ++attempt, merge *= 100)
      built = buildVertices(kdop, planes, givenMin, givenMax, tol, merge);
    if (!built || kdop.vertexCount == 0) return false;
    buildAdjacency(kdop, planes, 2 * n, merge + tol);
    for (int i = 0; i < n; ++i) {
      const Vec3 d = toVec3(dirs[i]);
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (int v = 0; v < kdop.vertexCount; ++v) {
        const double s = dot(d, kdop.vertex[v]);
        lo = std::min(lo, s);
        hi = std::max(hi, s);
      }
      kdop.localMin[i] = lo;
      kdop.localMax[i] = hi;
    }
  }
  for (int i = 0; i < n; ++i) {
    const double shift = dot(toVec3(dirs[i]), kdop.origin);
    kdop.tightMin[i] = kdop.localMin[i] + shift;
    kdop.tightMax[i] = kdop.localMax[i] + shift;
  }
  // Past the count, zeros whatever the Kdop held before and whatever an attempt left there: a
  // k-DOP built again in place (the World's, each frame) is then the one built afresh, field for
  // field, without clearing all of it first.
  for (int v = kdop.vertexCount; v < kMaxKdopVertices; ++v) kdop.vertex[v] = Vec3{};
  return true;
}

// Slabs whose values were rounded (d . p computed in doubles) can contradict each other by a few
// ulps of the coordinates where they should meet in a point or a sliver: a k-DOP of a single point,
// so computed, has no common point in about half the cases. Only when the exact build finds
// nothing, such slabs are accepted as the point (or sliver) they describe, within kKdopLenience (2^-47) of
// the magnitude of their values; slabs further apart stay refused as contradicting.
bool buildLeniently(int k, const double* min, const double* max, Kdop& kdop) {
  if (buildPolytope(k, min, max, kdop)) return true;
  double magnitude = 0;
  for (int i = 0; i < k / 2; ++i) magnitude = std::max({magnitude, std::fabs(min[i]), std::fabs(max[i])});
  return buildPolytope(k, min, max, kdop, tolerance::kKdopLenience * magnitude);
}

// A k-DOP far outside the ordinary range is built scaled by f (range_scale.h: its sums could
// overflow, its vertices' arithmetic underflow) and its polytope scaled back, exactly. False when
// a corner lies beyond the largest double (possible only for numbers near it).
bool buildScaled(Kdop& kdop, double f) {
  double min[kMaxKdopSlabs] = {}, max[kMaxKdopSlabs] = {};
  const int n = kdop.slabCount();
  for (int i = 0; i < n; ++i) min[i] = kdop.min[i] * f, max[i] = kdop.max[i] * f;
  Kdop built;
  if (!buildLeniently(kdop.k, min, max, built)) return false;
  const Kdop back = detail::scaled(built, 1 / f);
  // The given slabs stay as given (scaled down and back, numbers below 2^-422 would lose bits).
  for (int i = 0; i < n; ++i) min[i] = kdop.min[i], max[i] = kdop.max[i];
  kdop = back;
  bool finite = isFinite(kdop.origin);
  for (int v = 0; v < kdop.vertexCount; ++v) finite = finite && isFinite(kdopVertex(kdop, v));
  for (int i = 0; i < n; ++i) {
    kdop.min[i] = min[i], kdop.max[i] = max[i];
    finite = finite && isFinite(kdop.tightMin[i]) && isFinite(kdop.tightMax[i]) && isFinite(kdop.localMin[i]) &&
             isFinite(kdop.localMax[i]);
  }
  return finite;
}

}  // namespace

namespace {

// The rules on the numbers themselves, in the order makeKdop reports them (a predicate and its
// explanation at once: the loop stops at the first broken rule, and valid input passes each once).
Problem slabsProblem(int k, const double* min, const double* max, int count) {
  if (!isValidKdopK(k)) return {ErrorCode::UnknownK, "kdop.k", -1, double(k)};
  if (count != k / 2) return {ErrorCode::WrongLength, "kdop.min", -1, double(count), double(k / 2)};
  for (int i = 0; i < count; ++i) {
    if (!isFinite(min[i])) return {ErrorCode::NotFinite, "kdop.min", i, min[i]};
    if (!isFinite(max[i])) return {ErrorCode::NotFinite, "kdop.max", i, max[i]};
    if (min[i] > max[i]) return {ErrorCode::MinAboveMax, "kdop.min", i, min[i], max[i]};
  }
  return {};
}

// The whole k-DOP validator: the numbers, then the polytope of the slabs, built into kdop (a
// k-DOP whose slabs have no common point, or whose corners lie beyond the largest double, has none).
Problem build(int k, const double* min, const double* max, int count, Kdop& kdop) {
  if (Problem p = slabsProblem(k, min, max, count)) return p;
  kdop.k = k;
  for (int i = 0; i < count; ++i) kdop.min[i] = min[i], kdop.max[i] = max[i];
  const double f = detail::scaleFor(detail::magnitude(kdop));
  if (f == 1 ? buildLeniently(k, min, max, kdop) : buildScaled(kdop, f)) return {};
  return {ErrorCode::EmptyIntersection, "kdop", -1, std::nan(""), f == detail::kScaleDown ? 1.0 : 0.0};
}

}  // namespace

Problem validateKdop(int k, const double* min, const double* max, int count) {
  Kdop kdop;
  return build(k, min, max, count, kdop);
}

bool tryMakeKdop(int k, const double* min, const double* max, int count, Kdop& kdop) {
  return !build(k, min, max, count, kdop);
}

bool detail::buildKdopPolytope(int k, const double* min, const double* max, Kdop& kdop, bool byLines, bool* clipped) {
  return buildPolytope(k, min, max, kdop, 0, byLines, clipped);
}

Expected<Kdop> makeKdop(int k, const double* min, const double* max, int count) {
  Kdop kdop;
  if (Problem p = build(k, min, max, count, kdop)) return toError(p);
  return kdop;
}

}  // namespace sepaxis
