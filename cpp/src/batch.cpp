#include "sepaxis/batch.h"

#include <cmath>

#include "sepaxis/overlap.h"

namespace sepaxis {
namespace {

double field(const BatchLayout& l, int f, size_t i) { return l.data[size_t(f) * l.stride + i]; }
Vec3 vec(const BatchLayout& l, int f, size_t i) { return {field(l, f, i), field(l, f + 1, i), field(l, f + 2, i)}; }

// Loads element i without allocating; false when it is invalid.
bool load(const BatchLayout& l, size_t i, Sphere& s) {
  s = {vec(l, 0, i), field(l, 3, i)};
  return isFinite(s.center) && s.radius >= 0 && std::isfinite(s.radius);
}
bool load(const BatchLayout& l, size_t i, Aabb& box) {
  box = {vec(l, 0, i), vec(l, 3, i)};
  return isFinite(box.min) && isFinite(box.max) && box.min.x <= box.max.x && box.min.y <= box.max.y &&
         box.min.z <= box.max.z;
}
bool load(const BatchLayout& l, size_t i, Obb& box) {
  const Vec3 axes[3] = {vec(l, 3, i), vec(l, 6, i), vec(l, 9, i)};
  return tryMakeObb(vec(l, 0, i), axes, vec(l, 12, i), box);
}
bool load(const BatchLayout& l, size_t i, Kdop& kdop) {
  const int n = l.k / 2;
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int f = 0; f < n; ++f) lo[f] = field(l, f, i), hi[f] = field(l, n + f, i);
  return tryMakeKdop(l.k, lo, hi, n, kdop);
}

// Spheres and boxes: straight-line loops over the field arrays, which compilers vectorize
// (-msimd128 in the WebAssembly build). Validity is computed alongside, branch-free.
inline bool finite(double x) { return x - x == 0; }  // false exactly for NaN and infinities

size_t spheresPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  const double *ax = a.data, *ay = ax + a.stride, *az = ay + a.stride, *ar = az + a.stride;
  const double *bx = b.data, *by = bx + b.stride, *bz = by + b.stride, *br = bz + b.stride;
  size_t invalid = 0;
  for (size_t i = 0; i < count; ++i) {
    const double dx = bx[i] - ax[i], dy = by[i] - ay[i], dz = bz[i] - az[i], r = ar[i] + br[i];
    const double d2 = dx * dx + dy * dy + dz * dz;
    const bool ok = (ar[i] >= 0) & (br[i] >= 0) & finite(ax[i]) & finite(ay[i]) & finite(az[i]) & finite(ar[i]) &
                    finite(bx[i]) & finite(by[i]) & finite(bz[i]) & finite(br[i]);
    invalid += !ok;
    out[i] = ok ? uint8_t(d2 <= r * r) : kBatchInvalid;
  }
  return invalid;
}

size_t aabbsPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  const double* am[3] = {a.data, a.data + a.stride, a.data + 2 * a.stride};
  const double* aM[3] = {a.data + 3 * a.stride, a.data + 4 * a.stride, a.data + 5 * a.stride};
  const double* bm[3] = {b.data, b.data + b.stride, b.data + 2 * b.stride};
  const double* bM[3] = {b.data + 3 * b.stride, b.data + 4 * b.stride, b.data + 5 * b.stride};
  size_t invalid = 0;
  for (size_t i = 0; i < count; ++i) {
    bool ok = true, overlap = true;
    for (int c = 0; c < 3; ++c) {
      const double a0 = am[c][i], a1 = aM[c][i], b0 = bm[c][i], b1 = bM[c][i];
      ok &= (a0 <= a1) & (b0 <= b1) & finite(a0) & finite(a1) & finite(b0) & finite(b1);
      overlap &= (a0 <= b1) & (b0 <= a1);
    }
    invalid += !ok;
    out[i] = ok ? uint8_t(overlap) : kBatchInvalid;
  }
  return invalid;
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

template <class A>
size_t pairwiseWith(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  switch (b.type) {
    case VolumeType::Sphere: return genericPairwise<A, Sphere>(a, b, count, out);
    case VolumeType::Aabb: return genericPairwise<A, Aabb>(a, b, count, out);
    case VolumeType::Obb: return genericPairwise<A, Obb>(a, b, count, out);
    case VolumeType::Kdop: return genericPairwise<A, Kdop>(a, b, count, out);
  }
  return 0;
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
    case VolumeType::Sphere: return 4;
    case VolumeType::Aabb: return 6;
    case VolumeType::Obb: return 15;
    case VolumeType::Kdop: return isValidKdopK(k) ? k : 0;
  }
  return 0;
}

size_t overlapsPairwise(const BatchLayout& a, const BatchLayout& b, size_t count, uint8_t* out) {
  if (a.type == VolumeType::Sphere && b.type == VolumeType::Sphere) return spheresPairwise(a, b, count, out);
  if (a.type == VolumeType::Aabb && b.type == VolumeType::Aabb) return aabbsPairwise(a, b, count, out);
  switch (a.type) {
    case VolumeType::Sphere: return pairwiseWith<Sphere>(a, b, count, out);
    case VolumeType::Aabb: return pairwiseWith<Aabb>(a, b, count, out);
    case VolumeType::Obb: return pairwiseWith<Obb>(a, b, count, out);
    case VolumeType::Kdop: return pairwiseWith<Kdop>(a, b, count, out);
  }
  return 0;
}

size_t overlapsOneToMany(const Volume& one, const BatchLayout& many, size_t count, uint8_t* out) {
  return std::visit(
      [&](const auto& v) -> size_t {
        using One = std::decay_t<decltype(v)>;
        switch (many.type) {
          case VolumeType::Sphere: return oneToMany<One, Sphere>(v, many, count, out);
          case VolumeType::Aabb: return oneToMany<One, Aabb>(v, many, count, out);
          case VolumeType::Obb: return oneToMany<One, Obb>(v, many, count, out);
          case VolumeType::Kdop: return oneToMany<One, Kdop>(v, many, count, out);
        }
        return 0;
      },
      one);
}

Expected<Volume> batchElement(const BatchLayout& l, size_t i) {
  switch (l.type) {
    case VolumeType::Sphere: {
      auto s = makeSphere(vec(l, 0, i), field(l, 3, i));
      if (!s) return s.error();
      return Volume{*s};
    }
    case VolumeType::Aabb: {
      auto box = makeAabb(vec(l, 0, i), vec(l, 3, i));
      if (!box) return box.error();
      return Volume{*box};
    }
    case VolumeType::Obb: {
      const Vec3 axes[3] = {vec(l, 3, i), vec(l, 6, i), vec(l, 9, i)};
      auto box = makeObb(vec(l, 0, i), axes, vec(l, 12, i));
      if (!box) return box.error();
      return Volume{*box};
    }
    case VolumeType::Kdop: {
      const int n = l.k / 2;
      double lo[kMaxKdopSlabs] = {}, hi[kMaxKdopSlabs] = {};
      for (int f = 0; f < n && f < kMaxKdopSlabs; ++f) lo[f] = field(l, f, i), hi[f] = field(l, n + f, i);
      auto kdop = makeKdop(l.k, lo, hi, n);
      if (!kdop) return kdop.error();
      return Volume{*kdop};
    }
  }
  return Error{ErrorCode::WrongLength, "type", double(int(l.type)), "unknown volume type"};
}

}  // namespace sepaxis
