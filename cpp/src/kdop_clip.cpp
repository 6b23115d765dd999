#include "kdop_clip.h"

#include <cmath>
#include <limits>

#include "platform.h"

#include "sepaxis/tolerance.h"

namespace sepaxis::detail {
namespace {

// A vertex of the polytope clipped so far and the set of planes through it (bit p: plane p; bits
// 26..31 are the six sides of the starting box of an 8-DOP, which has no axis slabs).
// Plain doubles, not a Vec3: Vec3's initializers would zero both 64-entry buffers on every call
// (4 kB, more than a 6-DOP's clip writes).
struct ClipVertex {
  double px, py, pz;
  uint32_t on;
  Vec3 x() const { return {px, py, pz}; }
  void set(Vec3 p) { px = p.x, py = p.y, pz = p.z; }
};

constexpr uint32_t kBoxSides = 0xfc000000u;
constexpr int kMaxClipVertices = 64;

// The slabs of a plane set: bit 2i is set when plane 2i or 2i + 1 (one of slab i's sides) is in it.
uint32_t slabsOf(uint32_t planes) { return (planes | planes >> 1) & 0x55555555u; }
bool atLeastTwo(uint32_t bits) { return (bits & (bits - 1)) != 0; }
bool atLeastThree(uint32_t bits) { return atLeastTwo(bits & (bits - 1)); }

}  // namespace

// Sutherland-Hodgman in three dimensions with plane-incidence sets (the combinatorial clipping of
// Hoppe, or of any B-rep clipper): cutting plane j removes the vertices beyond it and puts a new
// vertex on every edge from a kept vertex to a removed one. Two vertices bound an edge when they
// share the planes of two different slabs (they then lie on those planes' common line, whose part
// in the convex polytope is one edge), so no edge list is kept.
//
// Why it is exact enough: a vertex's incidence set is built from decisions |s| <= tol |n| (on) and
// |s| > kKdopClipGap tol |n| (clearly off). When no vertex falls between the two, every decision
// is the one exact arithmetic takes on the exact vertex (rounding moves a vertex by ~1e-15 of the
// extent, the band is 1e-8), and the combinatorial algorithm is the exact one; the vertices, each
// interpolated along an edge, lie within a few ulps of the extent of their planes. A vertex in the
// band (a corner cut off by a sliver, planes that nearly meet in one point) returns false, and
// kdop.cpp enumerates that polytope line by line, with its tolerances and merging.
bool clipKdopPolytope(Kdop& kdop, const KdopPlane* planes, double tol, double onPlaneTol) {
  const int slabs = kdop.slabCount();
  for (int i = 0; i < slabs; ++i) {
    // A slab thinner than the band: its two planes are (nearly) one; the line enumeration merges
    // what clipping would find twice.
    const double width = planes[2 * i].offset + planes[2 * i + 1].offset;  // max - min
    if (!(width > 2 * tolerance::kKdopClipGap * tol * length(planes[2 * i].normal))) return false;
  }

  ClipVertex a[kMaxClipVertices], b[kMaxClipVertices];
  ClipVertex* cur = a;
  ClipVertex* next = b;
  int count = 0;
  int firstPlane;  // the first plane still to clip by
  if (kdop.k != 8) {
    // The box of the x, y, z slabs (planes 0..5), exactly.
    for (int c = 0; c < 8; ++c) {
      const int sx = c & 1, sy = c >> 1 & 1, sz = c >> 2 & 1;  // 0: max side, 1: min side
      cur[count].set({sx ? -planes[1].offset : planes[0].offset, sy ? -planes[3].offset : planes[2].offset,
                      sz ? -planes[5].offset : planes[4].offset});
      cur[count++].on = uint32_t{1} << sx | uint32_t{1} << (2 + sy) | uint32_t{1} << (4 + sz);
    }
    firstPlane = 6;
  } else {
    // The 8-DOP's slabs (d0 = (1,1,1), d1 = (1,1,-1), d2 = (1,-1,1), d3 = (1,-1,-1)) bound x, y, z
    // through 2x = d0 + d3 = d1 + d2, 2y = d0 - d2 = d1 - d3, 2z = d0 - d1 = d2 - d3
    // (world_bodies.cpp paddedKdopBounds); a box twice as wide holds the polytope strictly, so
    // its sides (bits 26..31) must all be cut away.
    double hi[4], lo[4];
    for (int i = 0; i < 4; ++i) hi[i] = planes[2 * i].offset, lo[i] = -planes[2 * i + 1].offset;
    const Vec3 top{lesser(hi[0] + hi[3], hi[1] + hi[2]) / 2, lesser(hi[0] - lo[2], hi[1] - lo[3]) / 2,
                   lesser(hi[0] - lo[1], hi[2] - lo[3]) / 2};
    const Vec3 bottom{greater(lo[0] + lo[3], lo[1] + lo[2]) / 2, greater(lo[0] - hi[2], lo[1] - hi[3]) / 2,
                      greater(lo[0] - hi[1], lo[2] - hi[3]) / 2};
    const double w = maxComponent(top - bottom);
    if (!(w > 0)) return false;
    const Vec3 pad{w, w, w}, high = top + pad, low = bottom - pad;
    for (int c = 0; c < 8; ++c) {
      const int sx = c & 1, sy = c >> 1 & 1, sz = c >> 2 & 1;
      cur[count].set({sx ? low.x : high.x, sy ? low.y : high.y, sz ? low.z : high.z});
      cur[count++].on = uint32_t{1} << (26 + sx) | uint32_t{1} << (28 + sy) | uint32_t{1} << (30 + sz);
    }
    firstPlane = 0;
  }

  for (int j = firstPlane; j < 2 * slabs; ++j) {
    const Vec3 n = planes[j].normal;
    const double h = planes[j].offset;
    const double band = tol * length(n), gap = tolerance::kKdopClipGap * band;
    const uint32_t bit = uint32_t{1} << j;
    double s[kMaxClipVertices];
    uint8_t inside[kMaxClipVertices], outside[kMaxClipVertices];  // clearly inside, beyond
    int insideCount = 0, outsideCount = 0;
    bool undecided = false;
    for (int v = 0; v < count; ++v) {
      s[v] = dot(n, cur[v].x()) - h;
      const double m = std::fabs(s[v]);
      undecided |= (m > band) & (m <= gap);
      inside[insideCount] = uint8_t(v), insideCount += s[v] < -band;  // branch-free: the signs are random
      outside[outsideCount] = uint8_t(v), outsideCount += s[v] > band;
    }
    if (undecided) return false;  // a vertex in the band
    if (outsideCount == 0) {
      for (int v = 0; v < count; ++v) cur[v].on |= s[v] >= -band ? bit : 0;
      continue;
    }
    if (outsideCount == count) return false;  // no common point (or one beyond the band): the lines decide
    int nextCount = 0;
    for (int v = 0; v < count; ++v) {
      // Field by field: a braced temporary here is stored and reloaded across its padding, and
      // the reload waits for the stores (a store-forwarding stall).
      next[nextCount].set(cur[v].x());
      next[nextCount].on = s[v] >= -band ? cur[v].on | bit : cur[v].on;
      nextCount += s[v] <= band;
    }
    // The edges from a vertex clearly inside to one beyond, listed without a branch (whether a
    // pair is an edge is as unpredictable as a coin), then cut.
    uint8_t edgeU[kMaxClipVertices * kMaxClipVertices], edgeW[kMaxClipVertices * kMaxClipVertices];
    int edges = 0;
    for (int i = 0; i < insideCount; ++i) {
      const uint32_t onU = cur[inside[i]].on;
      for (int o = 0; o < outsideCount; ++o) {
        edgeU[edges] = inside[i], edgeW[edges] = outside[o];
        edges += atLeastTwo(slabsOf(onU & cur[outside[o]].on));
      }
    }
    if (nextCount + edges > kMaxClipVertices) return false;
    for (int e = 0; e < edges; ++e) {
      const int u = edgeU[e], w = edgeW[e];
      // s[u] < 0 < s[w], both beyond the band: t in (0, 1), the denominator well away from 0.
      const double t = s[u] / (s[u] - s[w]);
      next[nextCount].set(cur[u].x() + (cur[w].x() - cur[u].x()) * t);
      next[nextCount++].on = (cur[u].on & cur[w].on) | bit;
    }
    ClipVertex* swap = cur;
    cur = next, next = swap;
    count = nextCount;
  }

  // Every vertex must be a corner of three slabs' planes and none a side of the starting box.
  if (count == 0 || count > kMaxKdopVertices) return false;
  for (int v = 0; v < count; ++v)
    if ((cur[v].on & kBoxSides) != 0 || !atLeastThree(slabsOf(cur[v].on))) return false;
  // The incidence sets again, from the final vertices, with the adjacency's tolerance `onPlaneTol`:
  // a vertex made after a plane's cut was never compared with that plane, and must be clear of
  // it too. With every vertex on or beyond the band, no three vertices lie on one line (the
  // middle one would be on a third plane that the other two are clearly inside), so the vertices
  // sharing a line are exactly the ends of an edge.
  double within[kMaxKdopSlabs], clear[kMaxKdopSlabs];  // per slab: on, beyond the band
  for (int i = 0; i < slabs; ++i) {
    const double norm = length(planes[2 * i].normal);
    within[i] = onPlaneTol * norm, clear[i] = tolerance::kKdopClipGap * tol * norm;
  }
  // onPlane[p]: the vertices on plane p (bit v), found with the slab's extremes in one pass.
  uint64_t onPlane[2 * kMaxKdopSlabs];
  for (int i = 0; i < slabs; ++i) {
    const Vec3 d = planes[2 * i].normal;
    const double hi = planes[2 * i].offset, lo = -planes[2 * i + 1].offset;
    bool undecided = false;
    uint64_t onMax = 0, onMin = 0;
    double least = std::numeric_limits<double>::infinity(), most = -least;
    for (int v = 0; v < count; ++v) {
      const double s = dot(d, cur[v].x());
      least = lesser(least, s), most = greater(most, s);
      const double toMax = std::fabs(s - hi), toMin = std::fabs(lo - s);  // as |n . x - offset|
      // Bitwise, not && and ||: short-circuit branches on random outcomes cost more than the tests.
      undecided |= ((toMax > within[i]) & (toMax <= clear[i])) | ((toMin > within[i]) & (toMin <= clear[i]));
      onMax |= uint64_t{toMax <= within[i]} << v;
      onMin |= uint64_t{toMin <= within[i]} << v;
    }
    if (undecided) return false;
    onPlane[2 * i] = onMax, onPlane[2 * i + 1] = onMin;
    kdop.localMin[i] = least, kdop.localMax[i] = most;
  }
  for (int v = 0; v < count; ++v) kdop.vertex[v] = cur[v].x();
  kdop.vertexCount = count;

  // The edges: the two vertices on each line of two planes of different slabs (none has three).
  for (int v = 0; v < kMaxKdopVertices; ++v) kdop.adjacent[v] = 0;
  for (int p = 0; p < 2 * slabs; ++p)
    for (int q = (p | 1) + 1; q < 2 * slabs; ++q) {
      const uint64_t both = onPlane[p] & onPlane[q];
      const uint64_t rest = both & (both - 1);
      if (rest == 0) continue;                     // fewer than two
      if ((rest & (rest - 1)) != 0) return false;  // three on a line: the lines' enumeration sorts them
      const int v = countTrailingZeros(both), w = countTrailingZeros(rest);
      kdop.adjacent[v] |= uint64_t{1} << w;
      kdop.adjacent[w] |= uint64_t{1} << v;
    }
  return true;
}

}  // namespace sepaxis::detail
