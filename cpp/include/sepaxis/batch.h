#pragma once
/// Batches: many overlap tests in one call over structure-of-arrays data, the layout that SIMD
/// loops and JavaScript typed-array views both walk without copying.
///
/// Field f of element i is data[f * stride + i]. Fields per element, in this order:
///   sphere  4: center x y z, radius
///   aabb    6: min x y z, max x y z
///   obb    15: center x y z, axes[0] x y z, axes[1] x y z, axes[2] x y z, halfExtents x y z
///   kdop    k: min[0 .. k/2), max[0 .. k/2)
/// (batch_field below names these positions; the JavaScript package reads them from there too.)
/// Elements are validated by the validators of validate.h, like the make* functions; an invalid
/// element's result is kBatchInvalid and batchElement() gives its Error.

#include <cstddef>
#include <cstdint>

#include "sepaxis/volume.h"

namespace sepaxis {

enum class VolumeType : int { Sphere = 0, Aabb = 1, Obb = 2, Kdop = 3, Triangle = 4 };

inline constexpr uint8_t kBatchApart = 0;
inline constexpr uint8_t kBatchOverlap = 1;
inline constexpr uint8_t kBatchInvalid = 2;

/// The field order above, by name: the first of each group (a Vec3 takes three fields, x y z).
namespace batch_field {
inline constexpr int kSphereCenter = 0, kSphereRadius = 3, kSphereCount = 4;
inline constexpr int kAabbMin = 0, kAabbMax = 3, kAabbCount = 6;
/// axes[a] starts at kObbAxes + 3 * a.
inline constexpr int kObbCenter = 0, kObbAxes = 3, kObbHalfExtents = 12, kObbCount = 15;
/// A k-DOP's fields are two blocks of k/2: min[j] is field kKdopMinBlock * k/2 + j, max[j] field
/// kKdopMaxBlock * k/2 + j.
inline constexpr int kKdopMinBlock = 0, kKdopMaxBlock = 1;
inline constexpr int kdopMin(int k, int j) { return kKdopMinBlock * (k / 2) + j; }
inline constexpr int kdopMax(int k, int j) { return kKdopMaxBlock * (k / 2) + j; }
}  // namespace batch_field

/// Fields per element (k only matters for k-DOPs); 0 for an unknown type or k.
int batchFieldCount(VolumeType type, int k);

/// Float32 data halves the memory traffic of large batches; the tests themselves always compute
/// in double precision on the exact values stored.
enum class Precision : int { Float64 = 0, Float32 = 1 };

struct BatchLayout {
  VolumeType type;
  int k;             ///< k-DOP k; ignored for other types
  const void* data;  ///< batchFieldCount(type, k) * stride numbers (double or float)
  size_t stride;     ///< elements per field array (>= the number of elements tested)
  Precision precision = Precision::Float64;
};

/// out[i] = overlaps(a[i], b[i]) for i < count, or kBatchInvalid. Returns the number of invalid
/// pairs. No allocation.
size_t overlapsPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out);

/// out[i] = overlaps(one, many[i]) for i < count, or kBatchInvalid. Returns the number invalid.
size_t overlapsOneToMany(const Volume& one, const BatchLayout& many, size_t count, uint8_t* out);

/// Element i as a validated volume, or the Error naming its first bad field.
Expected<Volume> batchElement(const BatchLayout& layout, size_t i);

}  // namespace sepaxis
