#pragma once
/// Case generators for the property tests: raw volumes (oracle.h types, no library code), a fixed
/// seed per pair, and named categories so that each kind of hard case is counted on its own.
///
/// Categories:
///   random            random poses and sizes, centres within ~1.2 (R_A + R_B)
///   touch-face/edge/corner
///                     B pushed along a face normal / edge bisector / vertex normal of A until it
///                     touches (a linear program finds the contact), then moved by +-3e-6 .. 1e-3 of
///                     the scale (mostly 1e-5): just outside the 1e-6 band on either side
///   edge-edge         an edge of B across an edge of A, their common normal w strictly inside both
///                     edges' normal cones, the edges `gap` apart along w: the distance is exactly
///                     gap when gap > 0, and for boxes every face axis overlaps
///   near-parallel     B's axes are A's rotated about one of A's axes, then tilted by 1e-3, 1e-6,
///                     1e-9 or 1e-12 rad (cycled), placed in contact +-margin or at random
///   near-parallel-edges
///                     an edge of the box B at 1e-2 .. 1e-9 rad to an edge of A, the cross product L of
///                     the two edges strictly inside both edges' normal cones, the edges `gap` apart
///                     along L: L (a nearly degenerate cross product) is the axis that decides
///   exactly-parallel  B's axes a signed permutation of A's, or A's rotated about one shared axis
///   nested            one volume well inside the other
///   tiny / huge       sizes 1e-4 / 1e5 (positions scaled alike), placed in contact +-margin
///   far               centres near (+-1e5, +-1e5, +-1e5), sizes 1, 1e-2 and 1e-4, in contact
///                     +-margin
///   degenerate        flat boxes (one or two zero half-extents), zero radius, zero-width k-DOP slabs,
///                     k-DOPs with microscopic facets (every slab moved out by up to 1e-11 of the
///                     size, so planes that met in one cloud point miss each other: vertices 1e-12
///                     apart, as rounding produces for point clouds far from the origin)
/// k-DOPs are always the k-DOP of a random point cloud (min/max of d_i . p), with k drawn from
/// {6, 8, 14, 18, 26} for each volume, so k-DOP pairs mix k.

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "oracle/oracle.h"

namespace sepaxis_oracle {

enum class Category {
  Random,
  TouchFace,
  TouchEdge,
  TouchCorner,
  EdgeEdge,
  NearParallel,
  NearParallelEdges,
  ExactlyParallel,
  Nested,
  Tiny,
  Huge,
  Far,
  Degenerate,
  Count
};
const char* categoryName(Category c);

/// About the volume's half-width: scales distances and frames to the volumes.
double roughSize(const Raw& r);

struct Case {
  Raw a, b;
  Category category = Category::Random;
  std::string detail;  ///< e.g. "tilt 1e-09", "gap -2.3e-05", "k 14/26"
};

/// How many of `count` cases each category that applies to the ordered pair (ka, kb) is given.
/// A generator that cannot build its case (no suitable edge pair) falls back to another
/// category, so the delivered counts may be lower; the property tests assert they are not much.
std::vector<std::pair<Category, int>> scheduledCategories(Kind ka, Kind kb, int count);

/// `count` cases for the ordered pair (ka, kb), split as scheduledCategories says.
/// Deterministic for a given seed (and standard library: the distributions are not portable).
std::vector<Case> generateCases(Kind ka, Kind kb, uint64_t seed, int count);

/// Helpers shared with the seed regression tests.
struct Rng {
  std::mt19937_64 engine;
  explicit Rng(uint64_t seed) : engine(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine); }
  int index(int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(engine)); }
  double normal() { return std::normal_distribution<double>()(engine); }
  V3 direction();             ///< uniform on the unit sphere
  void rotation(V3 (&u)[3]);  ///< uniform random rotation (columns u[0..2], right-handed)
};

/// v rotated by `angle` (radians, right-handed) about `axis`.
V3 rotated(V3 v, V3 axis, double angle);
/// Rotates each of the axes u[0..2] by `angle` about `axis`.
void rotateAxes(V3 (&u)[3], V3 axis, double angle);

/// A polytope edge in a body's frame: endpoints and two faces through it.
struct Edge {
  V3 p, q;
  V3 n1, n2;  ///< unit normals of two faces containing the edge
};
/// Every edge of a polytope body (pairs of vertices sharing two independent faces).
std::vector<Edge> edgesOf(const Body& body);

/// True when v = alpha n1 + beta n2 with alpha, beta > minWeight * |v| (strictly inside the cone).
bool insideCone(V3 v, V3 n1, V3 n2, double minWeight);

}  // namespace sepaxis_oracle
