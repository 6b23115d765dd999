#pragma once
/// An independent reference for the overlap contract of sepaxis. It shares no code with the library
/// and includes none of its headers: it has its own vector type, its own table of k-DOP directions,
/// and decides overlap by linear programming and by closest-point enumeration instead of by
/// separating axes.
///
/// Every polytope (AABB, OBB, k-DOP) is held in both representations:
///   H: unit normals n_i and offsets h_i, the set {x : n_i . x <= h_i for all i};
///   V: its vertices, found by intersecting every independent triple of planes and keeping the
///      points that violate no half-space by more than kVertexTolerance. A true vertex is never
///      lost (its 3x3 solve is accurate to ~1e-15), so support functions max_v u . v are never
///      underestimated; a spurious candidate can only make the polytope look larger by <= 1e-9,
///      which makes a separation certificate weaker, never wrong.
///
/// The oracle never trusts its own solver: every verdict comes with a certificate that is checked
/// by direct evaluation, and a case without a certificate is reported Undecided.
///   Overlap:   a point x with ball(x, s) inside both polytopes => every translation shorter than 2s
///              keeps a common point, so the penetration depth is >= 2s. For flat sets (no interior)
///              the "cube" certificate: for the 8 translations v = m(+-1,+-1,+-1), a common point of
///              A and B + v exists, so the Minkowski difference A - B contains the cube's hull, whose
///              support function is m|u|_1 >= m: the penetration depth is >= m.
///   Separated: a direction u with min_B u.x - max_A u.x = g > 0 (support functions over the
///              vertices) => the distance is >= g. The direction comes from the LP's dual solution
///              (sum of the multipliers times A's normals), or, when the loosened polytopes first
///              touch at a corner and that direction certifies too little, from the facet normals
///              of A - B (faces of both, cross products of edge directions). Either way it is
///              checked by projecting the oracle's own vertices.
/// A verdict is asserted only when the certified margin exceeds the contract band
///   band = 1e-6 * (R_A + R_B + |c_A - c_B|)
/// plus a rounding allowance. The contract's band uses max(R_A, R_B); the sum is at most twice that
/// and does not depend on which interior point one calls the centre of a k-DOP, so the oracle never
/// asserts inside the band the contract allows. The generators place near-contact cases at 3e-6 to
/// 1e-3 of the same scale (mostly 1e-5, ten times outside the band).
///
/// All coordinates live in a Frame: x' = (x - origin) / scale, with the origin on a coarse binary
/// grid near the volumes and the scale a power of two. For volumes far from the world origin
/// (1e5) the shift is then exact (Sterbenz) or rounds relative to the volume size, never relative
/// to 1e5, and the LP works on numbers of order one.

#include <cstdint>
#include <string>
#include <vector>

namespace sepaxis_oracle {

// ---- Vectors (own type; the library's Vec3 is deliberately not used).

struct V3 {
  double x = 0, y = 0, z = 0;
};
inline V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline V3 operator-(V3 a) { return {-a.x, -a.y, -a.z}; }
inline V3 operator*(V3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
inline V3 operator*(double s, V3 a) { return {a.x * s, a.y * s, a.z * s}; }
inline V3 operator/(V3 a, double s) { return {a.x / s, a.y / s, a.z / s}; }
inline double dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline V3 cross(V3 a, V3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
double norm(V3 a);
V3 unit(V3 a);  ///< zero stays zero
std::string str(V3 a);

// ---- Raw volume descriptions (plain numbers, as a user would pass them).

struct RawSphere {
  V3 c;
  double r = 0;
};
struct RawAabb {
  V3 lo, hi;
};
struct RawObb {
  V3 c;
  V3 u[3];  ///< orthonormal axes
  V3 e;     ///< half-extents
};
struct RawKdop {
  int k = 6;
  double lo[13] = {};
  double hi[13] = {};
};
enum class Kind { Sphere, Aabb, Obb, Kdop };
struct Raw {
  Kind kind = Kind::Sphere;
  RawSphere s;
  RawAabb a;
  RawObb o;
  RawKdop d;
};
const char* kindName(Kind kind);
/// Every number with 17 significant digits: pastes back into C++ as the identical volume.
std::string describe(const Raw& raw);

/// The k-DOP slab directions (unnormalized integers), Klosowski's order:
/// AXES (1,0,0)(0,1,0)(0,0,1); CORNERS (1,1,1)(1,1,-1)(1,-1,1)(1,-1,-1);
/// EDGES (1,1,0)(1,-1,0)(1,0,1)(1,0,-1)(0,1,1)(0,1,-1).
/// k=6 AXES, 8 CORNERS, 14 AXES+CORNERS, 18 AXES+EDGES, 26 all.
bool kdopKnown(int k);
V3 kdopDirection(int k, int slab);

/// The k-DOP of a point set: min and max of d_i . p.
RawKdop kdopOfPoints(int k, const std::vector<V3>& points);
/// Translates every slab by d_i . t.
RawKdop translatedKdop(const RawKdop& kdop, V3 t);
/// Moves a raw volume by t (a k-DOP by its slabs).
Raw translated(const Raw& raw, V3 t);
/// A point inside the raw volume (centre, or the mean of the k-DOP's vertices).
V3 innerPoint(const Raw& raw);

// ---- Bodies in a frame.

struct Frame {
  V3 origin;
  double scale = 1;  ///< a power of two
  V3 toLocal(V3 p) const { return (p - origin) / scale; }
  V3 toWorld(V3 p) const { return origin + p * scale; }
};
/// A frame around `centre` for volumes of size about `size`: exact shifts, power-of-two scale.
Frame frameFor(V3 centre, double size);

struct HalfSpace {
  V3 n;  ///< unit
  double h = 0;
};

struct Body {
  bool sphere = false;
  // Sphere.
  V3 c;
  double r = 0;
  // Polytope.
  std::vector<HalfSpace> faces;
  std::vector<V3> vertices;
  std::vector<uint64_t> activeFaces;  ///< per vertex: bit i when face i passes through it
  std::vector<V3> edgeDirections;     ///< unit, a superset of the directions of all edges
  // Both.
  V3 centre;      ///< sphere centre, or the centre of the vertices' bounding box
  double radius;  ///< sphere radius, or max |vertex - centre|
  V3 inner;       ///< a point inside (sphere centre, or the mean of the vertices)
};

Body bodyOf(const Raw& raw, const Frame& frame);
Body translated(const Body& body, V3 t);
/// max over the body of u . x (u need not be unit).
double support(const Body& body, V3 u);
/// Largest violation max_i (n_i . x - h_i) (negative inside: minus the inscribed slack).
double violation(const Body& body, V3 x);

// ---- Linear programming.

/// maximize c . z over z in R^4 subject to a_i . z <= b_i, by the simplex method (Bland's rule, so
/// it cannot cycle) on the dual: minimize b . y subject to sum_i y_i a_i = c, y >= 0, a problem in
/// standard form with only four rows. Phase 1 uses four artificial variables. The primal optimum z
/// is read from the simplex multipliers.
struct Lp4 {
  bool ok = false;
  double value = 0;
  double z[4] = {};
  std::vector<double> y;  ///< dual multipliers, y_i >= 0
  int iterations = 0;
};
struct Row4 {
  double a[4];
  double b;
};
Lp4 solveLp4(const std::vector<Row4>& rows, const double (&c)[4]);

/// The ball LP: maximize t subject to n_i . x + t <= h_i over the faces of both polytopes (normals
/// are unit, so t is the radius of the largest ball inside both; negative when they are apart).
Lp4 ballLp(const Body& a, const Body& b);

/// The largest s with a common point of A and B + s w (B moved along w). `ok` false when B + s w
/// misses A for every s.
struct Contact {
  bool ok = false;
  double s = 0;
};
Contact contactAlong(const Body& a, const Body& b, V3 w);

// ---- Verdicts.

enum class Truth { Overlap, Separated, Undecided };
const char* truthName(Truth t);

struct Verdict {
  Truth truth = Truth::Undecided;
  double margin = 0;  ///< certified: penetration depth (Overlap) or distance (Separated) is >= this
  double band = 0;    ///< 1e-6 * scale: no assertion is made inside it
  double scale = 0;   ///< R_A + R_B + |c_A - c_B|
  std::string how;    ///< which certificate decided ("ball", "cube", "dual", "closest", ...)
};

/// Relative half-width of the contract band.
inline constexpr double kContractBand = 1e-6;

/// Decides any pair of bodies (sphere or polytope, either order).
Verdict classify(const Body& a, const Body& b);

/// Penetration depth where it can be computed exactly and independently: sphere pairs (closest
/// point enumeration), and for polytope pairs the minimum of h_A(u) + h_B(-u) over a superset of
/// the facet normals of the Minkowski difference A - B (face normals of both and the cross
/// products of all edge directions). Returns the depth and the direction in which B moves.
struct Depth {
  double depth = 0;
  V3 normal;
};
Depth penetrationDepth(const Body& a, const Body& b);

/// Support function of the Minkowski difference A - B: how far B must move along unit u until the
/// two stop overlapping (when u is the right direction), i.e. h_A(u) + h_B(-u).
double differenceSupport(const Body& a, const Body& b, V3 u);

/// Distance from p to a polytope body and the closest point (enumeration of faces, edges and
/// vertices: the projection onto a convex polytope is the projection onto the affine hull of at
/// most three active planes).
struct Closest {
  double distance = 0;
  V3 point;
  double violation = 0;  ///< how far `point` violates the H-representation (rounding only)
};
Closest closestPoint(const Body& polytope, V3 p);

}  // namespace sepaxis_oracle
