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

}  // namespace sepaxis::tolerance
