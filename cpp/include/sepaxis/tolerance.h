#pragma once
/// Every tolerance of the library, with its unit and the reason it exists.

namespace sepaxis::tolerance {

/// Unitless. OBB axes are accepted as orthonormal when every |u_i| is within this of 1 and every
/// |u_i . u_j| within this of 0; they are then re-orthonormalized to machine precision, because the
/// exact tests project onto cross products whose accuracy depends on it.
inline constexpr double kOrthonormal = 1e-3;

/// Unitless. A unit quaternion may differ from length 1 by this much (it is normalized inside).
inline constexpr double kUnitQuaternion = 1e-3;

/// Squared length (unit: squared product of the two direction lengths) below which a cross product
/// of two edge directions counts as zero. Only exactly (anti)parallel edges land here: such an axis
/// is never needed (the face axes decide), while any non-zero cross product, however short, is a
/// genuine direction whose projections we compute honestly, so it is tested, never dropped.
inline constexpr double kZeroCrossSquared = 1e-200;

/// Unitless: the sine of the angle between two triangles' normals below which their planes count
/// as parallel, and the pair is also tested on the normals of both triangles' sides in their
/// planes. Coplanar triangles need those axes (every edge cross product is then the common normal);
/// nearly coplanar ones are decided by the edge crosses alone only with a margin of about the sine
/// times their distance, so below this the side normals decide instead, with the full distance.
/// Extra axes are honest projections: testing them at larger angles costs time, never correctness.
inline constexpr double kTriangleCoplanarSine = 1e-3;

/// Relative to a triangle's size (its longest edge): corners this close to collinear (the triangle
/// this thin) make a segment. Their cross product is then so short that rounding turns its
/// direction by up to ~1e-16 / this (2e-8 rad); treated as the segment, the triangle is moved by at
/// most this share of its size. Both are far inside the 1e-6 band of the overlap contract.
inline constexpr double kTriangleFlat = 1e-8;

/// Relative to a triangle's size plus the magnitude of its coordinates: contains(Triangle, p) holds
/// when p is this close to the triangle. A flat set has no inside, and points computed on it
/// (its closest point, a ray's hit) round off its plane by a few ulps of their coordinates.
inline constexpr double kTrianglePlane = 1e-12;

/// Relative to the k-DOP's extent. A vertex candidate (three planes meeting) belongs to the k-DOP
/// when it violates no slab by more than this; rounding of the 3x3 solve is ~1e-15 of the extent,
/// far below the 1e-6 touching band of the overlap contract.
inline constexpr double kKdopVertex = 1e-11;

/// Relative to the k-DOP's extent: vertices closer than this are the same vertex (several planes
/// through one corner produce the same point up to rounding).
inline constexpr double kKdopMerge = 1e-10;

/// A factor of kKdopVertex (so 1e-8 of the extent). The fast vertex enumeration (kdop_clip.cpp)
/// answers only when every vertex is within kKdopVertex of a plane or beyond this: between the two
/// its on/off decisions could differ from exact arithmetic's, and the slower line enumeration,
/// with its merging, decides instead. Wide enough that ~20 clips' rounding (~1e-15 each) never
/// crosses it, narrow enough that real polytopes rarely have a vertex in it.
inline constexpr double kKdopClipGap = 1000;

/// Unitless. OBB axes whose Gram matrix U^T U is within this of the identity in every entry are
/// orthonormal to machine precision (a few ulps of 1): tryMakeObb keeps them as given, and the
/// Newton-Schulz re-orthonormalization (frame.h, for tryMakeObb and the lanes) stops once it gets there.
inline constexpr double kOrthonormalExact = 1e-15;

/// Relative to the k-DOP's extent (its largest |localMin|, |localMax|). The closest point of a
/// k-DOP (point_query.cpp) considers the foot of the perpendicular on a slab plane when it lies in
/// every other slab within this (times |d_j|): the foot on a face's boundary, computed in doubles,
/// may miss the neighbouring slab by rounding (~1e-16 of the extent), and must still count.
inline constexpr double kKdopFaceFoot = 1e-12;

/// Relative to the largest |min|, |max| of the slabs. Slabs that describe a point or a sliver but
/// contradict each other by a few ulps of their values (d . p rounded) are accepted within 2^-47
/// (7e-15) of that magnitude, only when the exact build finds no common point (kdop.cpp).
inline constexpr double kKdopLenience = 0x1p-47;

/// Relative to the pair's size (report.h, CollisionReport::touching). The exactness contract of
/// the verdict (README, Exactness): right whenever the signed margin exceeds 1e-6 x (size +
/// distance of the centres). Within that band a pair is reported as touching: its verdict is
/// exact, but a rounding of the input (a move by the MTV, a number typed in) may flip it.
inline constexpr double kTouchingBand = 1e-6;

/// Relative to a body's magnitude plus its width (length). A World pads each body's bounding box
/// outward by this much before its broad phase compares boxes: the box of a world volume is
/// computed with rounding (a few ulps), a k-DOP's polytope may lie outside its slabs by
/// kKdopVertex of its extent (plus kKdopLenience of its magnitude), and overlaps() may answer
/// "touching" for pairs apart by rounding (a few ulps of size and distance). 2^-32 (2.3e-10) is
/// far above all of these and far below any gap a game would notice, so the broad phase prunes
/// only pairs that are truly apart; the exact test decides the rest. The same pad widens a
/// k-DOP's slabs where the World tests them against a box before building the k-DOP
/// (cpp/src/world_bodies.cpp, kdopSlabSeparates).
inline constexpr double kWorldBoundsPad = 0x1p-32;

/// Relative to a pair's size (both bodies' widths plus the distance of their inside points). A
/// World decides a pair with a k-DOP without building the k-DOP's polytope when it is this deep
/// or this far apart: when a ball this large around a point of the k-DOP's slabs lies in the
/// other body (kdopSurelyOverlaps), or the other body lies this far beyond a combination of two
/// of the k-DOP's planes (kdopSurelyApart). 100 times the exactness band kTouchingBand, beyond
/// which overlaps() is right by contract, so both give the same verdict (world_bodies.cpp; the
/// slabs differ from the polytope by kKdopVertex, and the points' rounding is covered by
/// kWorldBoundsPad of the magnitude on top).
inline constexpr double kWorldSureMargin = 1e-4;

/// Unitless. A World accepts a pose's rotation (and an OBB's axes) when every entry of R^T R (of
/// U^T U) is within this of the identity, and det R > 0. toMat3 of a unit quaternion
/// (makeRigidTransform) lands within ~2e-15, an OBB turned by transformed() within ~4e-15; 1e-14
/// is a few times that, and the OBBs such frames make are boxes to far below kWorldBoundsPad, so
/// the broad phase's boxes stay conservative. (makeObb accepts frames within kOrthonormal and
/// corrects them; a World takes volumes as given, so it asks for frames already corrected.)
inline constexpr double kWorldOrthonormal = 1e-14;

/// Length: the same pad for numbers near zero, where relative rounding would leave none.
inline constexpr double kWorldBoundsTinyPad = 0x1p-1000;

/// Length. A World's bodies keep their bounds within this magnitude (2^990, 1e298): its grid sizes
/// cells by powers of two up to twice a body's width, which must stay finite. A pose that would
/// carry a body beyond is refused.
inline constexpr double kWorldMaxCoordinate = 0x1p990;

/// Relative, on squared lengths (so about half of it, 5.7e-14, on the radius). The smallest
/// enclosing sphere (fitSphere, cpp/src/min_sphere.cpp) counts a point as outside its current
/// ball only when |p - c|^2 exceeds r^2 by more than this: the squares' rounding (a few ulps,
/// ~1e-15) must never make a point that lies on the sphere, such as the vertices of an icosphere
/// or a near-duplicate, start a new solve with an affinely dependent boundary. The final pass then
/// grows the radius by what the slack left out, so the sphere is within this of the smallest and
/// contains every point exactly (tests/cpp/min_sphere_test.cpp holds it to 1e-12).
inline constexpr double kSphereFitSlack = 0x1p-43;

/// Unitless: a sine. The smallest enclosing sphere solves for the sphere through three points
/// (four) only when they span a triangle (a tetrahedron) whose sine (|det| over the product of
/// the edge lengths) exceeds this; flatter sets, which only rounding brings there, take the
/// smallest ball around those few points instead, which contains them whatever the rounding. A
/// sphere through them would be at least 1 / (2 sine) times their spread, 5e11 times here: past
/// that, the set is collinear (coplanar) in fact and only its rounding says otherwise.
inline constexpr double kSphereFitFlat = 1e-12;

/// Relative to the points' extent (half the largest side of their AABB). convexHull (hull.cpp)
/// counts a point within this of a face's plane as on the face, and points this close as one:
/// its planes are computed from coordinates scaled to that extent, where rounding of a cross
/// product and a dot product is ~1e-15; a thousand times that keeps the hull's decisions
/// consistent (no face both seeing and not seeing a point), and 1e-12 of a model's size is far
/// below anything a box fitted around it can show.
inline constexpr double kHullPlane = 1e-12;

/// Relative to the points' extent, like kHullPlane. convexHull treats points within this of one
/// point, of a line or of a plane as that point, segment or polygon: in a set thinner than a few
/// kHullPlane, the hull's faces across the thin side would be slivers whose normals rounding
/// turns by far more than kHullPlane (a point ends up ~100 kHullPlane outside at a thickness of
/// 10 kHullPlane, within kHullPlane from 1000 kHullPlane on). A flat hull is off its points by at
/// most their thickness, this.
inline constexpr double kHullFlat = 1e-9;

/// Relative to the points' magnitude (their largest |coordinate| plus the box's largest
/// half-extent). fitObb grows each half-extent by this after making every point lie inside
/// exactly as contains() computes it, so that the same test computed another way (float
/// positions, another order of the sums, a transform) still finds the points inside: a few
/// hundred ulps of the numbers involved.
inline constexpr double kObbFitPad = 0x1p-44;

// Thresholds that live next to their code (listed here so that this file is the one index):
//
// - Range scaling (cpp/src/range_scale.h): pairs and queries whose numbers' magnitudes sum above
//   kHugeMagnitude = 2^460 are computed scaled by kScaleDown = 2^-600, those all below
//   kTinyMagnitude = 2^-300 by kScaleUp = 2^600; sphereScale decides it for two spheres from their
//   offset and reach. Powers of two: scaling is exact, so the verdicts are those of the given pair.
// - squaresInRange (sepaxis/vec3.h): squared lengths in (1e-280, 1e280) are compared as squares
//   (withinDistance's fast path); others are first divided by the largest component.
// - The OBB fit's search (cpp/src/fit_obb.cpp) stops refining an orientation below kRefineAngle
//   (radians) and counts two candidate directions as one within kSameDirection of |dot| = 1.
// - fitKdop (cpp/src/fit.cpp): each slab through a point is widened by 2^-51 of the magnitudes of
//   d . p's terms, so that rounding never leaves a fitted point outside its k-DOP.
// - minimalBall (cpp/src/min_sphere.cpp): point sets wider than kWideRange = 2^250, or narrower
//   than 2^-250, are solved scaled by a power of two, so that the four-point solve's products of
//   four lengths neither overflow nor underflow. volumeOf (cpp/src/volume_of.cpp) counts a k-DOP
//   vertex on a face within kKdopMerge of the extent, the distance at which the build merges them.
// - kZeroCrossSquared (above) in cpp/src/sat.h; kOrthonormal and kOrthonormalExact also in the
//   lanes' frame correction (cpp/src/frame.h).
// - kWorldFloatFrameDeviation (cpp/src/world_narrow.h): 4 * 2^-24 + 16 kWorldOrthonormal, at least
//   ||U U^T - I||_F for the axes of any World box rounded to floats (its frame is accepted within
//   kWorldOrthonormal): the World's float filters take it instead of computing it for every pair.

// ---------------------------------------------------------------------------------------------
// The SIMD lanes of the batches (cpp/src/box_lanes.h, box_filter.h, batch_lanes.h, batch_boxes.cpp).
// None of these changes a verdict: a lane decides only what the exact scalar test would decide,
// and hands every other pair back to it. They bound where a lane's shortcut is provably safe.

/// Relative to the pair's size S = |t|_1 + sum of half-extents (length). The f64 box lanes decide
/// a pair only where the largest s = |c| - rA - rB of the 15 axes is beyond this either way: their
/// cross axes' rB by the classic identity differs from the exact test's minors by ~1e-15 S.
inline constexpr double kBoxLaneMargin = 0x1p-43;

/// Length. Below this size S the f64 box lanes' products leave double's normal range, and their
/// rounding, absolute there, is no longer within kBoxLaneMargin: such pairs go to the scalar test.
inline constexpr double kBoxLaneTinySize = 1e-290;

/// Length. Half-extent sums, sizes and coordinates above this go to the scalar test from the f64
/// lanes (box and sphere-box), whose sums and squares would overflow there.
inline constexpr double kLaneLargeLength = 1e300;

/// Squared length. The f64 sphere lanes decide only squares strictly within
/// (kLaneTinySquare, kLaneLargeSquare): squaresInRange's bounds (vec3.h), withinDistance's plain
/// branch, where it neither rescales nor underflows, so that a lane computes what a single call does.
inline constexpr double kLaneTinySquare = 1e-280;
inline constexpr double kLaneLargeSquare = 1e280;

/// Relative to S, the box float filter's margin (box_filter.h): twice its worst error bound 158u
/// (u = 2^-24, float rounding) rounded up to a power of two.
inline constexpr double kFilterRelativeMargin = 0x1p-15;

/// Unitless: the box float filter's margin grows by this times S for each unit of frame deviation
/// ||U U^T - I||_F (twice the bound 4.11 of box_filter.h's derivation, rounded up).
inline constexpr double kFilterFrameGain = 8.5;

/// Length: added to the float filter's margin, for the absolute error of numbers that round to
/// subnormal floats (float's smallest normal is 1.2e-38).
inline constexpr double kFilterAbsoluteMargin = 1e-37;

/// Unitless: frames farther than this from orthonormal (||U U^T - I||_F) are left to the f64
/// lanes, where the filter's first-order error bound would no longer hold.
inline constexpr double kFilterFrameLimit = 1e-4;

/// Length: pairs with S above this are left undecided by the float filter (float products could
/// overflow; float's largest is 3.4e38).
inline constexpr double kFilterLargeSize = 1e15;

/// Length: sphere-box pairs with S below this are left by the float filter: the squares of smaller
/// numbers fall below float's normal range, whose absolute rounding would move the distance by up
/// to sqrt(3 * 2^-149) = 3e-22.
inline constexpr double kFilterSphereTinySize = 0x1p-50;

/// Relative: the float sphere filters (batch_lanes.h) decide a pair only when its squared distance
/// and squared radius differ by more than this, beyond their relative errors of 6 * 2^-24 each.
inline constexpr double kFilterSquareMargin = 0x1p-19;

/// Squared length: the float sphere filters decide only squares within [2^-100, 2^100], far from
/// float underflow and overflow.
inline constexpr double kFilterTinySquare = 0x1p-100;
inline constexpr double kFilterLargeSquare = 0x1p100;

}  // namespace sepaxis::tolerance
