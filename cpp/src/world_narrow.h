#pragma once
// The World's narrow phase: the exact tests of the pairs the broad phase finds. The pairs are
// first sorted by the kinds of their two bodies, without a branch, so that each kind is then
// decided in a loop of its own: spheres against spheres by overlaps(), which is a few operations;
// boxes against boxes and spheres against boxes four at a time by the batches' float filters
// (box_filter.h), which settle the pairs no rounding can flip, the exact overlaps() taking the
// rest; pairs with a k-DOP by the k-DOP shortcuts, then the exact test (world_kdop.h,
// settleKdopPair, bodiesOverlap). The verdicts are overlaps()'s: the filters only answer where they are sure (the batch
// tests hold them to the exact ones), so pairs() stays exact. Where SIMD lanes are missing every pair takes the exact
// test.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "sepaxis/overlap.h"
#include "sepaxis/tolerance.h"

#include "box_filter.h"
#include "lanes.h"
#include "platform.h"
#include "world_bodies.h"
#include "world_kdop.h"

namespace sepaxis::detail {

using PairOfBodies = std::pair<uint32_t, uint32_t>;  ///< dense indices

/// At least ||U U^T - I||_F for the axes U of every World box rounded to floats: the filters take
/// it for F (box_filter.h) instead of computing F for every lane. A world box's axes W are its
/// pose's rotation R times its local axes L (transformed(); an AABB's L = I), and a World accepts
/// both only within e = tolerance::kWorldOrthonormal in every entry of their Gram matrices
/// (world.cpp; a pose made from a quaternion lands within ~2e-15). The Gram entries of W are
/// then within e + 3e (1 + e) of I's (||R^T R - I||_2 <= 3e), plus ~1e-15 for the rounding of R L
/// and of the checks: under 5e, so ||W W^T - I||_F <= 15e. Rounded to floats, U = W + E with
/// ||E||_F <= sqrt(3) u (1 + 5e) (u = 2^-24), and ||U U^T - I||_F <= 15e + 2 ||E||_F ||W||_2 +
/// ||E||_F^2 < 15e + 3.47u. Taken as 4u + 16e (tests/cpp/world_narrow_test.cpp checks it on boxes
/// at the acceptance limit).
inline constexpr double kWorldFloatFrameDeviation = 4 * 0x1p-24 + 16 * tolerance::kWorldOrthonormal;

#if SEPAXIS_LANES
/// What the filters read of four boxes: their axes and half-extents, each rounded once to float.
/// An Obb holds those as 12 consecutive doubles (axis[0..2], then halfExtents): three rows of
/// four per box, rounded two by two, then each row of the four boxes transposed into lanes.
inline BoxFour boxFourOf(const Obb* const (&box)[4]) {
  static_assert(offsetof(Obb, halfExtents) == offsetof(Obb, axis) + 9 * sizeof(double),
                "an Obb's axes and half-extents are 12 consecutive doubles");
  using lanes::F2;
  // rows[k][l]: numbers 4k..4k+3 of box l; transposed, rows[k][j]: number 4k + j of each box.
  lanes::F4 rows[3][4];
  for (int l = 0; l < 4; ++l) {
    const unsigned char* numbers = reinterpret_cast<const unsigned char*>(box[l]) + offsetof(Obb, axis);
    for (int k = 0; k < 3; ++k)
      rows[k][l] = lanes::toFloats(F2{wasm_v128_load(numbers + 32 * k)}, F2{wasm_v128_load(numbers + 32 * k + 16)});
  }
  BoxFour four;
  for (int k = 0; k < 3; ++k) {
    lanes::transpose(rows[k]);
    for (int j = 0; j < 4; ++j) {
      const int n = 4 * k + j;
      if (n < 9)
        four.u[n / 3][n % 3] = rows[k][j];
      else
        four.e[n - 9] = rows[k][j];
    }
  }
  return four;
}

/// The offsets q - p of four pairs of points (the first three doubles of objects q[l] and p[l],
/// a Sphere's or an Obb's centre), each formed in doubles and rounded once to float, as the
/// filters want the offset of the centres: d[c], component c of the four. d[3]: the fourth
/// double of each q (a Sphere's radius) minus zero, which is that number exactly, rounded once.
inline void offsetsFourOf(const void* const (&q)[4], const void* const (&p)[4], lanes::F4 (&d)[4]) {
  static_assert(offsetof(Obb, center) == 0 && offsetof(Sphere, center) == 0 && offsetof(Sphere, radius) == sizeof(Vec3),
                "a centre first, then a Sphere's radius");
  using lanes::F2;
  for (int l = 0; l < 4; ++l) {
    const unsigned char* a = static_cast<const unsigned char*>(q[l]);
    const unsigned char* b = static_cast<const unsigned char*>(p[l]);
    const F2 xy = F2{wasm_v128_load(a)} - F2{wasm_v128_load(b)};
    const F2 zw = F2{wasm_v128_load(a + 16)} - F2{wasm_v128_load64_zero(b + 16)};
    d[l] = lanes::toFloats(xy, zw);
  }
  lanes::transpose(d);
}
#endif

/// The kind of a pair of shapes, either way round and without a branch: the squares of the
/// shapes' numbers (0, 1, 2) add up to a different number for each of the six pairs.
constexpr unsigned pairKind(WorldShape x, WorldShape y) {
  static_assert(unsigned(WorldShape::Sphere) == 0 && unsigned(WorldShape::Box) == 1 && unsigned(WorldShape::Kdop) == 2);
  return unsigned(x) * unsigned(x) + unsigned(y) * unsigned(y);
}

/// The pairs of a frame by the kinds of their bodies, decided kind by kind.
class NarrowPhase {
 public:
  /// Files a pair of the broad phase under its kind, in the order it came in.
  void add(const BodyStore& bodies, uint32_t a, uint32_t b) {
    pairs_[pairKind(bodies.shape(a), bodies.shape(b))].push_back({a, b});
  }

  /// emit(a, b) for every pair filed without a k-DOP whose bodies overlap; then forgets those.
  /// Reads the bodies only: narrow phases of other pairs of the same bodies may run at once.
  template <class Emit>
  void decideSpheresAndBoxes(const BodyStore& bodies, Emit&& emit) {
    auto sphereSphere = [&](uint32_t a, uint32_t b) { return overlaps(bodies.sphereWorld(a), bodies.sphereWorld(b)); };
    auto sphereBox = [&](uint32_t a, uint32_t b) {
      const auto [sphere, box] = sphereFirst(bodies, a, b);
      return overlaps(bodies.sphereWorld(sphere), bodies.boxWorld(box));
    };
    auto boxBox = [&](uint32_t a, uint32_t b) { return overlaps(bodies.boxWorld(a), bodies.boxWorld(b)); };
    each(pairs_[kSpheres], sphereSphere, emit);
#if SEPAXIS_LANES
    inFours(
        pairs_[kSphereBox], [&](const PairOfBodies* four) { return sphereBoxFour(bodies, four); }, sphereBox, emit);
    inFours(
        pairs_[kBoxes], [&](const PairOfBodies* four) { return boxBoxFour(bodies, four); }, boxBox, emit);
#else
    each(pairs_[kSphereBox], sphereBox, emit);
    each(pairs_[kBoxes], boxBox, emit);
#endif
    for (const unsigned kind : {kSpheres, kSphereBox, kBoxes}) pairs_[kind].clear();
  }

  /// emit(a, b) for every pair filed with a k-DOP that the k-DOP shortcuts (settleKdopPair) say
  /// overlap; the pairs they leave are kept for decideUnsettled, those apart dropped. Reads the
  /// bodies only: narrow phases of other pairs of the same bodies may run at once.
  template <class Emit>
  void settleKdops(const BodyStore& bodies, Emit&& emit) {
    for (const WorldShape other : {WorldShape::Sphere, WorldShape::Box, WorldShape::Kdop}) {
      std::vector<PairOfBodies>& pairs = pairs_[pairKind(other, WorldShape::Kdop)];
      for (const auto& [a, b] : pairs) {
        const int verdict = settleKdopPair(bodies, a, b);
        if (verdict > 0)
          emit(a, b);
        else if (verdict < 0)
          unsettled_.push_back({a, b});
      }
      pairs.clear();
    }
  }

  /// emit(a, b) for the pairs settleKdops left that overlap (bodiesOverlap); then forgets them.
  /// It may build k-DOPs (BodyStore::kdopWorld): one thread at a time.
  template <class Emit>
  void decideUnsettled(BodyStore& bodies, Emit&& emit) {
    each(
        unsettled_, [&bodies](uint32_t a, uint32_t b) { return bodiesOverlap(bodies, a, b); }, emit);
    unsettled_.clear();
  }

 private:
  static constexpr unsigned kSpheres = pairKind(WorldShape::Sphere, WorldShape::Sphere),
                            kSphereBox = pairKind(WorldShape::Sphere, WorldShape::Box),
                            kBoxes = pairKind(WorldShape::Box, WorldShape::Box);

  /// A sphere-box pair as (sphere, box), chosen without a branch (they come either way round).
  static PairOfBodies sphereFirst(const BodyStore& bodies, uint32_t a, uint32_t b) {
    const uint32_t flip = (a ^ b) & (0u - uint32_t(bodies.shape(a) != WorldShape::Sphere));
    return {a ^ flip, b ^ flip};
  }

  /// emit(a, b) for the pairs of `pairs` that test(a, b) says overlap.
  template <class Test, class Emit>
  static void each(const std::vector<PairOfBodies>& pairs, Test&& test, Emit& emit) {
    for (const auto& [a, b] : pairs)
      if (test(a, b)) emit(a, b);
  }

#if SEPAXIS_LANES
  /// The same, four(group) filtering groups of four (the last one padded with copies of the last
  /// pair, whose verdicts are dropped), exact(a, b) deciding what the filter leaves.
  template <class Four, class Exact, class Emit>
  static void inFours(std::vector<PairOfBodies>& pairs, Four&& four, Exact&& exact, Emit& emit) {
    const std::size_t n = pairs.size();
    if (n % 4 != 0) {
      const PairOfBodies last = pairs.back();
      pairs.resize((n + 3) / 4 * 4, last);
    }
    for (std::size_t i = 0; i < n; i += 4) {
      const PairOfBodies* group = &pairs[i];
      const uint32_t live = n - i >= 4 ? 0xfu : (1u << (n - i)) - 1;
      const FilterVerdict verdict = four(group);
      for (uint32_t m = verdict.overlapping & live; m != 0; m &= m - 1) {
        const auto [a, b] = group[countTrailingZeros(m)];
        emit(a, b);
      }
      for (uint32_t m = ~(verdict.separated | verdict.overlapping) & live; m != 0; m &= m - 1) {
        const auto [a, b] = group[countTrailingZeros(m)];
        if (exact(a, b)) emit(a, b);
      }
    }
  }

  /// Four box pairs: both boxes' axes and half-extents rounded to floats, and the offset of the
  /// centres, centre(b) - centre(a) as the exact test forms it, rounded once.
  static FilterVerdict boxBoxFour(const BodyStore& bodies, const PairOfBodies* four) {
    const Obb *a[4], *b[4];
    for (int l = 0; l < 4; ++l) a[l] = &bodies.boxWorld(four[l].first), b[l] = &bodies.boxWorld(four[l].second);
    lanes::F4 d[4];
    offsetsFourOf({b[0], b[1], b[2], b[3]}, {a[0], a[1], a[2], a[3]}, d);
    const lanes::F4 f = lanes::splat<lanes::F4>(kWorldFloatFrameDeviation);
    return filterBoxes({d[0], d[1], d[2]}, boxFourOf(a), boxFourOf(b), f, f);
  }
  /// Four sphere-box pairs: the box as above, the sphere's centre minus the box's as the exact
  /// test forms it and the radius, each rounded once.
  static FilterVerdict sphereBoxFour(const BodyStore& bodies, const PairOfBodies* four) {
    const Sphere* s[4];
    const Obb* box[4];
    for (int l = 0; l < 4; ++l) {
      const auto [sphere, boxBody] = sphereFirst(bodies, four[l].first, four[l].second);
      s[l] = &bodies.sphereWorld(sphere), box[l] = &bodies.boxWorld(boxBody);
    }
    lanes::F4 d[4];  // d[3]: the radii
    offsetsFourOf({s[0], s[1], s[2], s[3]}, {box[0], box[1], box[2], box[3]}, d);
    const lanes::F4 f = lanes::splat<lanes::F4>(kWorldFloatFrameDeviation);
    return filterSphereBox({d[0], d[1], d[2]}, d[3], boxFourOf(box), f);
  }
#endif

  std::vector<PairOfBodies> pairs_[9];   ///< by pairKind (0, 1, 2, 4, 5, 8)
  std::vector<PairOfBodies> unsettled_;  ///< pairs with a k-DOP its shortcuts left (settleKdops)
};

}  // namespace sepaxis::detail
