#include "sepaxis/batch.h"

#include <algorithm>
#include <cmath>

#include "batch_element.h"
#include "batch_lanes.h"
#include "batch_boxes.h"
#include "sepaxis/overlap.h"
#include "validate.h"

namespace sepaxis {
namespace {

using namespace batch_detail;

// Pairs four at a time through `four` (true when it decided all four), the exact `one` for the
// groups it declines and for the tail. Returns the number of invalid pairs.
template <class Four, class One>
size_t inFours(size_t count, uint8_t* out, Four four, One one) {
  size_t i = 0, invalid = 0;
  for (; i + 4 <= count; i += 4)
    if (!four(i))
      for (size_t j = i; j < i + 4; ++j) invalid += (out[j] = one(j)) == kBatchInvalid;
  for (; i < count; ++i) invalid += (out[i] = one(i)) == kBatchInvalid;
  return invalid;
}

// Floats through the filter first, then f64 lanes, then the scalar test.
template <class T>
size_t spheresPairwise(const BatchLayout& la, const BatchLayout& lb, size_t count, uint8_t* out) {
  const T *a[4], *b[4];
  fieldPointers(la, a);
  fieldPointers(lb, b);
  return inFours(
      count, out, [&](size_t i) { return spheresFourFiltered(a, b, i, out) || spheresFour(a, b, i, out); },
      [&](size_t j) { return spherePair(a, b, j); });
}

template <class T>
size_t aabbsPairwise(const BatchLayout& la, const BatchLayout& lb, size_t count, uint8_t* out) {
  const T *a[6], *b[6];
  fieldPointers(la, a);
  fieldPointers(lb, b);
  return inFours(
      count, out, [&](size_t i) { return aabbFour(a, b, i, out); }, [&](size_t j) { return aabbPair(a, b, j); });
}

// Sphere-AABB pairs, either order (`sphereFirst`).
template <class T>
size_t sphereAabbPairwise(const BatchLayout& ls, const BatchLayout& lbox, bool sphereFirst, size_t count,
                          uint8_t* out) {
  const T *s[4], *box[6];
  fieldPointers(ls, s);
  fieldPointers(lbox, box);
  return inFours(
      count, out, [&](size_t i) { return sphereAabbFourFiltered(s, box, i, out) || sphereAabbFour(s, box, i, out); },
      [&](size_t j) {
        return sphereFirst ? genericPair<Sphere, Aabb>(ls, lbox, j) : genericPair<Aabb, Sphere>(lbox, ls, j);
      });
}

template <class A, class B>
size_t genericPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  size_t invalid = 0;
  A x;
  B y;
  for (size_t i = 0; i < count; ++i) {
    if (!load(a, i, x) || !load(b, i, y)) {
      ++invalid;
      out[i] = kBatchInvalid;
      continue;
    }
    out[i] = overlaps(x, y);
  }
  return invalid;
}

// A layout of a type batches do not hold (triangles): every element invalid, batchElement says why.
size_t noneValid(size_t count, uint8_t* out) {
  std::fill(out, out + count, kBatchInvalid);
  return count;
}

template <class A>
size_t pairwiseWith(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  switch (b.type) {
    case VolumeType::Sphere: return genericPairwise<A, Sphere>(a, b, count, out);
    case VolumeType::Aabb: return genericPairwise<A, Aabb>(a, b, count, out);
    case VolumeType::Obb: return genericPairwise<A, Obb>(a, b, count, out);
    case VolumeType::Kdop: return genericPairwise<A, Kdop>(a, b, count, out);
    case VolumeType::Triangle: break;
  }
  return noneValid(count, out);
}

template <class One, class B>
size_t oneToMany(const One& one, const BatchLayout& many, size_t count, uint8_t* out) {
  size_t invalid = 0;
  B y;
  for (size_t i = 0; i < count; ++i) {
    if (!load(many, i, y)) {
      ++invalid;
      out[i] = kBatchInvalid;
      continue;
    }
    out[i] = overlaps(one, y);
  }
  return invalid;
}

}  // namespace

int batchFieldCount(VolumeType type, int k) {
  switch (type) {
    case VolumeType::Sphere: return batch_field::kSphereCount;
    case VolumeType::Aabb: return batch_field::kAabbCount;
    case VolumeType::Obb: return batch_field::kObbCount;
    case VolumeType::Kdop: return isValidKdopK(k) ? k : 0;
    case VolumeType::Triangle: return 0;  // not (yet) a batch type
  }
  return 0;
}

size_t overlapsPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  const bool f32 = a.precision == Precision::Float32;
  if (a.precision == b.precision && a.type == b.type && a.type == VolumeType::Sphere)
    return f32 ? spheresPairwise<float>(a, b, count, out) : spheresPairwise<double>(a, b, count, out);
  if (a.precision == b.precision && a.type == b.type && a.type == VolumeType::Aabb)
    return f32 ? aabbsPairwise<float>(a, b, count, out) : aabbsPairwise<double>(a, b, count, out);
  if (a.precision == b.precision && a.type == VolumeType::Sphere && b.type == VolumeType::Aabb)
    return f32 ? sphereAabbPairwise<float>(a, b, true, count, out) : sphereAabbPairwise<double>(a, b, true, count, out);
  if (a.precision == b.precision && a.type == VolumeType::Aabb && b.type == VolumeType::Sphere)
    return f32 ? sphereAabbPairwise<float>(b, a, false, count, out)
               : sphereAabbPairwise<double>(b, a, false, count, out);
#if SEPAXIS_LANES
  if (a.precision == b.precision && b.type == VolumeType::Obb &&
      (a.type == VolumeType::Obb || a.type == VolumeType::Aabb))
    return boxesPairwise(a, b, count, out);
  if (a.precision == b.precision && b.type == VolumeType::Aabb && a.type == VolumeType::Obb)  // symmetric test
    return boxesPairwise(b, a, count, out);
  if (a.precision == b.precision && a.type == VolumeType::Sphere && b.type == VolumeType::Obb)
    return sphereObbPairwise(a, b, true, count, out);
  if (a.precision == b.precision && a.type == VolumeType::Obb && b.type == VolumeType::Sphere)
    return sphereObbPairwise(b, a, false, count, out);
#endif
  switch (a.type) {
    case VolumeType::Sphere: return pairwiseWith<Sphere>(a, b, count, out);
    case VolumeType::Aabb: return pairwiseWith<Aabb>(a, b, count, out);
    case VolumeType::Obb: return pairwiseWith<Obb>(a, b, count, out);
    case VolumeType::Kdop: return pairwiseWith<Kdop>(a, b, count, out);
    case VolumeType::Triangle: break;
  }
  return noneValid(count, out);
}

#if SEPAXIS_LANES
namespace {
// One-to-many through the pairwise SIMD loops: the one volume, replicated into a block of
// kOneBlock elements (its numbers exactly, so it is the same volume), against the many in blocks.
constexpr size_t kOneBlock = 64;

int oneFields(const Volume& one, double (&f)[batch_field::kObbCount]) {
  using namespace batch_field;
  auto put = [&](int at, Vec3 v) { f[at] = v.x, f[at + 1] = v.y, f[at + 2] = v.z; };
  if (const auto* s = std::get_if<Sphere>(&one)) {
    put(kSphereCenter, s->center);
    f[kSphereRadius] = s->radius;
    return kSphereCount;
  }
  if (const auto* box = std::get_if<Aabb>(&one)) {
    put(kAabbMin, box->min);
    put(kAabbMax, box->max);
    return kAabbCount;
  }
  const auto& obb = std::get<Obb>(one);
  put(kObbCenter, obb.center);
  for (int a = 0; a < 3; ++a) put(kObbAxes + 3 * a, obb.axis[a]);
  put(kObbHalfExtents, obb.halfExtents);
  return kObbCount;
}

size_t oneToManyInBlocks(const Volume& one, const BatchLayout& many, size_t count, uint8_t* out) {
  double values[batch_field::kObbCount];
  const int fields = oneFields(one, values);
  double block[batch_field::kObbCount * kOneBlock];
  for (int f = 0; f < fields; ++f) std::fill(block + f * kOneBlock, block + (f + 1) * kOneBlock, values[f]);
  const BatchLayout a{VolumeType(one.index()), 0, block, kOneBlock, Precision::Float64};
  size_t invalid = 0;
  for (size_t first = 0; first < count; first += kOneBlock) {
    BatchLayout b = many;
    b.data = static_cast<const double*>(many.data) + first;
    invalid += overlapsPairwise(a, b, std::min(kOneBlock, count - first), out + first);
  }
  return invalid;
}
}  // namespace
#endif

size_t overlapsOneToMany(const Volume& one, const BatchLayout& many, size_t count, uint8_t* out) {
#if SEPAXIS_LANES
  if (many.precision == Precision::Float64 && many.type != VolumeType::Kdop && many.type != VolumeType::Triangle &&
      !std::holds_alternative<Kdop>(one) && !isTriangle(one))
    return oneToManyInBlocks(one, many, count, out);
#endif
  return std::visit(
      [&](const auto& v) -> size_t {
        using One = std::decay_t<decltype(v)>;
        switch (many.type) {
          case VolumeType::Sphere: return oneToMany<One, Sphere>(v, many, count, out);
          case VolumeType::Aabb: return oneToMany<One, Aabb>(v, many, count, out);
          case VolumeType::Obb: return oneToMany<One, Obb>(v, many, count, out);
          case VolumeType::Kdop: return oneToMany<One, Kdop>(v, many, count, out);
          case VolumeType::Triangle: break;
        }
        return noneValid(count, out);
      },
      one);
}

Expected<Volume> batchElement(const BatchLayout& l, size_t i) {
  switch (l.type) {
    case VolumeType::Sphere: {
      auto s = makeSphere(vec(l, kSphereCenter, i), field(l, kSphereRadius, i));
      if (!s) return s.error();
      return Volume{*s};
    }
    case VolumeType::Aabb: {
      auto box = makeAabb(vec(l, kAabbMin, i), vec(l, kAabbMax, i));
      if (!box) return box.error();
      return Volume{*box};
    }
    case VolumeType::Obb: {
      const Vec3 axes[3] = {vec(l, kObbAxes, i), vec(l, kObbAxes + 3, i), vec(l, kObbAxes + 6, i)};
      auto box = makeObb(vec(l, kObbCenter, i), axes, vec(l, kObbHalfExtents, i));
      if (!box) return box.error();
      return Volume{*box};
    }
    case VolumeType::Kdop: {
      const int n = l.k / 2;
      double lo[kMaxKdopSlabs] = {}, hi[kMaxKdopSlabs] = {};
      for (int j = 0; j < n && j < kMaxKdopSlabs; ++j)
        lo[j] = field(l, kdopMin(l.k, j), i), hi[j] = field(l, kdopMax(l.k, j), i);
      auto kdop = makeKdop(l.k, lo, hi, n);
      if (!kdop) return kdop.error();
      return Volume{*kdop};
    }
    case VolumeType::Triangle: return detail::triangleUnsupported("a batch", "layout");
  }
  return Error{ErrorCode::WrongLength, "type", double(int(l.type)), "unknown volume type"};
}

}  // namespace sepaxis
