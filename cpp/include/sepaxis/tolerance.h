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

/// Relative to the k-DOP's extent. A vertex candidate (three planes meeting) belongs to the k-DOP
/// when it violates no slab by more than this; rounding of the 3x3 solve is ~1e-15 of the extent,
/// far below the 1e-6 touching band of the overlap contract.
inline constexpr double kKdopVertex = 1e-11;

/// Relative to the k-DOP's extent: vertices closer than this are the same vertex (several planes
/// through one corner produce the same point up to rounding).
inline constexpr double kKdopMerge = 1e-10;

/// Unitless. OBB axes whose Gram matrix U^T U is within this of the identity in every entry are
/// orthonormal to machine precision (a few ulps of 1): tryMakeObb keeps them as given, and the
/// Newton-Schulz re-orthonormalization (obb.cpp) stops once it gets there.
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

// Thresholds that live next to their code (listed here so that this file is the one index):
//
// - Range scaling (cpp/src/range_scale.h): pairs and queries whose numbers' magnitudes sum above
//   kHugeMagnitude = 2^460 are computed scaled by kScaleDown = 2^-600, those all below
//   kTinyMagnitude = 2^-300 by kScaleUp = 2^600; sphereScale decides it for two spheres from their
//   offset and reach. Powers of two: scaling is exact, so the verdicts are those of the given pair.
// - squaresInRange (sepaxis/vec3.h): squared lengths in (1e-280, 1e280) are compared as squares
//   (withinDistance's fast path); others are first divided by the largest component.
// - fitKdop (cpp/src/fit.cpp): each slab through a point is widened by 2^-51 of the magnitudes of
//   d . p's terms, so that rounding never leaves a fitted point outside its k-DOP.
// - kZeroCrossSquared (above) in cpp/src/sat.h; kOrthonormal also in the lanes' frame correction
//   (cpp/src/box_lanes.h).

}  // namespace sepaxis::tolerance
