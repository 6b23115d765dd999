// Batches with boxes run float filters first (box_filter.h, and batch_lanes.h for float spheres
// against AABBs) that decide a pair only when no rounding and no frame correction can flip its
// verdict. Here: pairs placed at the exact touching distance (found by bisection with single
// calls) and then moved by relative steps from 1e-12 to 0.3, in every kind of data that stresses
// the filters' margins, must get the single call's answer from the batch in both precisions; the
// filters themselves must decide the clear pairs and leave the touching ones alone.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "batch_lanes.h"
#include "batch_soa.h"
#include "box_cases.h"
#include "box_filter.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;
using namespace sepaxis::test;

namespace batch_box_filter_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

enum class Kind { Random, Far, OffFrame, Flat, Tiny, Minute, Subnormal, Huge, NearlyParallel, Yaw, kCount };
const char* name(Kind k) {
  static const char* names[] = {"random",    "far",  "off-frame",       "flat", "tiny", "minute",
                                "subnormal", "huge", "nearly-parallel", "yaw"};
  return names[int(k)];
}

// Relative moves from the touching distance: negative ones push B in (overlap), positive out.
constexpr double kSteps[] = {-0.3, -1e-3, -1e-5, -3e-6, -1e-7, -1e-12, 0, 1e-12, 1e-7, 3e-6, 1e-5, 1e-3, 0.3};
constexpr int kStepCount = int(sizeof kSteps / sizeof kSteps[0]);

// A pair of the given kind, B not yet placed (its centre is set by the caller).
void makePair(Kind kind, bool aIsAabb, std::mt19937& rng, Box& a, Box& b) {
  std::uniform_real_distribution<double> size(0.2, 1.5), unitRange(0, 1);
  for (Box* x : {&a, &b}) {
    x->c = {0, 0, 0};
    x->e = {size(rng), size(rng), size(rng)};
    randomFrame(rng, x->u);
  }
  switch (kind) {
    case Kind::Random: break;
    case Kind::Far: a.c = {1e5 * (unitRange(rng) - 0.5), -3e5, 2e5 * unitRange(rng)}; break;
    case Kind::OffFrame:
      // Axes off orthonormal by up to 9e-4 (the core accepts 1e-3 and corrects them; the filter
      // takes up to 1e-4 with a wider margin).
      for (auto& v : b.u) v = v + unit(rng) * (9e-4 * std::pow(10.0, -6 * unitRange(rng)) / 3);
      break;
    case Kind::Flat: b.e.y = 0, a.e.z = unitRange(rng) < 0.5 ? 0 : a.e.z; break;
    case Kind::Tiny: a.e = a.e * 1e-4, b.e = b.e * 1e-4; break;
    case Kind::Minute: a.e = a.e * 1e-22, b.e = b.e * 1e-22; break;       // squares below float range
    case Kind::Subnormal: a.e = a.e * 1e-300, b.e = b.e * 1e-300; break;  // products below double range
    case Kind::Huge: a.e = a.e * 1e4, b.e = b.e * 1e4; break;
    case Kind::NearlyParallel:
      for (int i = 0; i < 3; ++i) b.u[i] = a.u[i];
      turn(b.u, unit(rng), std::pow(10.0, -3 - 6 * unitRange(rng)));
      break;
    case Kind::Yaw:
      for (Box* x : {&a, &b}) {
        const double t = 6.283185307179586 * unitRange(rng);
        x->u[0] = {std::cos(t), std::sin(t), 0}, x->u[1] = {-std::sin(t), std::cos(t), 0}, x->u[2] = {0, 0, 1};
      }
      break;
    case Kind::kCount: break;
  }
  if (aIsAabb) a.u[0] = {1, 0, 0}, a.u[1] = {0, 1, 0}, a.u[2] = {0, 0, 1};
}

void put(Soa& s, size_t i, const Box& x) {
  if (s.type == VolumeType::Aabb) {
    for (int f = 0; f < 3; ++f) s.set(f, i, x.c[f] - x.e[f]), s.set(3 + f, i, x.c[f] + x.e[f]);
    return;
  }
  for (int f = 0; f < 3; ++f) {
    s.set(f, i, x.c[f]), s.set(12 + f, i, x.e[f]);
    for (int a = 0; a < 3; ++a) s.set(3 + 3 * a + f, i, x.u[a][f]);
  }
}

constexpr int kPairsPerKind = 48;

// Per kind, kPairsPerKind pairs at every step of kSteps: pair (p * kStepCount + s).
struct NearTouching {
  Soa a, b;
  explicit NearTouching(bool aIsAabb)
      : a(aIsAabb ? VolumeType::Aabb : VolumeType::Obb, 0, size_t(Kind::kCount) * kPairsPerKind * kStepCount),
        b(VolumeType::Obb, 0, a.n) {
    std::mt19937 rng(aIsAabb ? 2024 : 1123);
    size_t i = 0;
    for (int k = 0; k < int(Kind::kCount); ++k)
      for (int p = 0; p < kPairsPerKind; ++p) {
        Box x, y;
        makePair(Kind(k), aIsAabb, rng, x, y);
        const Vec3 dir = unit(rng);
        const double touch = touchingDistance(x, y, aIsAabb, dir);
        for (double step : kSteps) {
          y.c = x.c + dir * (touch * (1 + step));
          put(a, i, x);
          put(b, i, y);
          ++i;
        }
      }
  }
  static size_t index(int kind, int pair, int step) {
    return (size_t(kind) * kPairsPerKind + size_t(pair)) * kStepCount + size_t(step);
  }
};

// The same for a sphere against an OBB (or an AABB): the sphere's radius scaled as the box is.
struct NearTouchingSpheres {
  Soa spheres, boxes;
  explicit NearTouchingSpheres(bool aabbs = false)
      : spheres(VolumeType::Sphere, 0, size_t(Kind::kCount) * kPairsPerKind * kStepCount),
        boxes(aabbs ? VolumeType::Aabb : VolumeType::Obb, 0, spheres.n) {
    std::mt19937 rng(aabbs ? 4243 : 4242);
    std::uniform_real_distribution<double> radius(0.2, 1.5);
    size_t i = 0;
    for (int k = 0; k < int(Kind::kCount); ++k)
      for (int p = 0; p < kPairsPerKind; ++p) {
        Box box, other;
        makePair(Kind(k), false, rng, other, box);
        if (aabbs) box.u[0] = {1, 0, 0}, box.u[1] = {0, 1, 0}, box.u[2] = {0, 0, 1};
        const double scale = Kind(k) == Kind::Tiny        ? 1e-4
                             : Kind(k) == Kind::Minute    ? 1e-22
                             : Kind(k) == Kind::Subnormal ? 1e-300
                             : Kind(k) == Kind::Huge      ? 1e4
                                                          : 1;
        const double r = radius(rng) * scale;
        const Vec3 dir = unit(rng);
        const Volume v = volumeOf(box, aabbs);
        double lo = 0, hi = 2 * (box.e.x + box.e.y + box.e.z + r);
        for (int step = 0; step < 80; ++step) {
          const double mid = 0.5 * (lo + hi);
          (overlaps(makeSphere(box.c + dir * mid, r).value(), v) ? lo : hi) = mid;
        }
        for (double step : kSteps) {
          const Vec3 c = box.c + dir * (lo * (1 + step));
          for (int f = 0; f < 3; ++f) spheres.set(f, i, c[f]);
          spheres.set(3, i, r);
          put(boxes, i, box);
          ++i;
        }
      }
  }
};

// Both verdicts occur in every kind: the moves straddle the touching distance (but in floats,
// subnormal doubles round to 0, and every volume becomes the point at the origin).
void expectBothVerdictsPerKind(const BatchLayout& a, const BatchLayout& b, const std::string& what) {
  std::vector<uint8_t> out(size_t(Kind::kCount) * kPairsPerKind * kStepCount);
  overlapsPairwise(a, b, out.size(), out.data());
  for (int k = 0; k < int(Kind::kCount); ++k) {
    if (a.precision == Precision::Float32 && Kind(k) == Kind::Subnormal) continue;
    int hits = 0;
    for (int p = 0; p < kPairsPerKind; ++p)
      for (int s = 0; s < kStepCount; ++s) hits += out[NearTouching::index(k, p, s)];
    EXPECT_GT(hits, kPairsPerKind * kStepCount / 3) << what << " " << name(Kind(k));
    EXPECT_LT(hits, kPairsPerKind * kStepCount * 2 / 3) << what << " " << name(Kind(k));
  }
}

}  // namespace

TEST(BoxFilter, NearlyTouchingBoxesGetTheSingleCallVerdictInBatches) {
  for (bool aIsAabb : {false, true}) {
    NearTouching data(aIsAabb);
    for (int precision = 0; precision < 2; ++precision) {
      const BatchLayout la = data.a.layout(Precision(precision)), lb = data.b.layout(Precision(precision));
      const std::string what = std::string(aIsAabb ? "aabb" : "obb") + "-obb precision " + std::to_string(precision);
      expectBatchEqualsSingleCalls(la, lb, data.a.n, what);
      expectBothVerdictsPerKind(la, lb, what);
    }
  }
}

TEST(BoxFilter, NearlyTouchingSpheresAndBoxesGetTheSingleCallVerdictInBatches) {
  for (bool aabbs : {false, true}) {
    NearTouchingSpheres data(aabbs);
    for (int precision = 0; precision < 2; ++precision) {
      const BatchLayout ls = data.spheres.layout(Precision(precision)), lb = data.boxes.layout(Precision(precision));
      const std::string box = aabbs ? "aabb" : "obb";
      expectBatchEqualsSingleCalls(ls, lb, data.spheres.n, "sphere-" + box + " precision " + std::to_string(precision));
      expectBatchEqualsSingleCalls(lb, ls, data.spheres.n, box + "-sphere precision " + std::to_string(precision));
      expectBothVerdictsPerKind(ls, lb, "sphere-" + box + " precision " + std::to_string(precision));
    }
  }
}

#if SEPAXIS_LANES
namespace {

detail::F4 lanes(const float (&x)[4]) { return {wasm_v128_load(x)}; }

// The filter on four f64 pairs of the data (numbers rounded to float as the batch loader does).
detail::FilterVerdict filterFour(const NearTouching& data, const size_t (&at)[4]) {
  auto field = [&](const Soa& s, int f, size_t i) { return s.f64[size_t(f) * s.n + i]; };
  auto box = [&](const Soa& s, size_t i, Vec3& c, int l, float(&u)[3][3][4], float(&e)[3][4]) {
    for (int k = 0; k < 3; ++k) {
      if (s.type == VolumeType::Aabb) {
        c[k] = (field(s, k, i) + field(s, k + 3, i)) * 0.5;
        e[k][l] = float((field(s, k + 3, i) - field(s, k, i)) * 0.5);
        for (int a = 0; a < 3; ++a) u[a][k][l] = a == k ? 1.0f : 0.0f;
      } else {
        c[k] = field(s, k, i);
        e[k][l] = float(field(s, 12 + k, i));
        for (int a = 0; a < 3; ++a) u[a][k][l] = float(field(s, 3 + 3 * a + k, i));
      }
    }
  };
  detail::BoxFour x, y;
  float ua[3][3][4], ub[3][3][4], ea[3][4], eb[3][4], d[3][4];
  for (int l = 0; l < 4; ++l) {
    Vec3 ca, cb;
    box(data.a, at[l], ca, l, ua, ea);
    box(data.b, at[l], cb, l, ub, eb);
    for (int k = 0; k < 3; ++k) d[k][l] = float(cb[k] - ca[k]);
  }
  detail::F4 offset[3];
  for (int k = 0; k < 3; ++k) {
    offset[k] = lanes(d[k]);
    x.e[k] = lanes(ea[k]), y.e[k] = lanes(eb[k]);
    for (int a = 0; a < 3; ++a) x.u[a][k] = lanes(ua[a][k]), y.u[a][k] = lanes(ub[a][k]);
  }
  return detail::filterBoxes(offset, x, y);
}

}  // namespace

// Runs `filter(at)` on the groups of four pairs of every kind and step, and checks that what it
// decides agrees with the single call (`expected(a, b, i)`), that it never decides a pair within
// 1e-12 of touching, and that it decides the clear pairs (moved 30 % from touching): all of them,
// half of those with frames off by more than 1e-4 allowed (a third of the off-frame kind), and
// none required of minute volumes (1e-22: the sphere filter leaves sizes below 2^-50) and in
// `edgeKinds` (nearly parallel and yaw-only frames: a short or zero cross axis is left to the
// exact lanes).
template <class Filter>
void checkDecisions(const std::string& pairs, const BatchLayout& la, const BatchLayout& lb, bool edgeKinds,
                    Filter filter) {
  for (int k = 0; k < int(Kind::kCount); ++k)
    for (int s = 0; s < kStepCount; ++s) {
      const std::string what = pairs + " " + name(Kind(k)) + " step " + std::to_string(kSteps[s]);
      int decided = 0;
      for (int p = 0; p < kPairsPerKind; p += 4) {
        const size_t at[4] = {NearTouching::index(k, p, s), NearTouching::index(k, p + 1, s),
                              NearTouching::index(k, p + 2, s), NearTouching::index(k, p + 3, s)};
        const detail::FilterVerdict v = filter(at);
        ASSERT_EQ(v.separated & v.overlapping, 0u);
        for (int l = 0; l < 4; ++l) {
          const bool sep = (v.separated >> l) & 1, hit = (v.overlapping >> l) & 1;
          if (!sep && !hit) continue;
          ++decided;
          ASSERT_EQ(hit ? 1 : 0, expected(la, lb, at[l])) << what << " pair " << p + l;
        }
      }
      if (std::fabs(kSteps[s]) <= 1e-12) {
        EXPECT_EQ(decided, 0) << what;
      }
      const bool edgeKind = Kind(k) == Kind::NearlyParallel || Kind(k) == Kind::Yaw;
      if (std::fabs(kSteps[s]) < 0.3 || (edgeKinds && edgeKind) || Kind(k) == Kind::Minute ||
          Kind(k) == Kind::Subnormal)
        continue;
      EXPECT_GE(decided, Kind(k) == Kind::OffFrame ? kPairsPerKind / 2 : kPairsPerKind) << what;
    }
}

TEST(BoxFilter, DecidesClearPairsAndLeavesTouchingOnes) {
  for (bool aIsAabb : {false, true}) {
    const NearTouching data(aIsAabb);
    const BatchLayout la{data.a.type, 0, data.a.f64.data(), data.a.n, Precision::Float64};
    const BatchLayout lb{data.b.type, 0, data.b.f64.data(), data.b.n, Precision::Float64};
    checkDecisions(aIsAabb ? "aabb-obb" : "obb-obb", la, lb, true,
                   [&](const size_t(&at)[4]) { return filterFour(data, at); });
  }
}

namespace {

detail::FilterVerdict filterSphereFour(const NearTouchingSpheres& data, const size_t (&at)[4]) {
  auto field = [&](const Soa& s, int f, size_t i) { return s.f64[size_t(f) * s.n + i]; };
  float u[3][3][4], e[3][4], d[3][4], r[4];
  for (int l = 0; l < 4; ++l) {
    r[l] = float(field(data.spheres, 3, at[l]));
    for (int k = 0; k < 3; ++k) {
      d[k][l] = float(field(data.spheres, k, at[l]) - field(data.boxes, k, at[l]));
      e[k][l] = float(field(data.boxes, 12 + k, at[l]));
      for (int a = 0; a < 3; ++a) u[a][k][l] = float(field(data.boxes, 3 + 3 * a + k, at[l]));
    }
  }
  detail::BoxFour box;
  detail::F4 offset[3];
  for (int k = 0; k < 3; ++k) {
    offset[k] = lanes(d[k]);
    box.e[k] = lanes(e[k]);
    for (int a = 0; a < 3; ++a) box.u[a][k] = lanes(u[a][k]);
  }
  return detail::filterSphereBox(offset, lanes(r), box);
}

}  // namespace

// A sphere has no edges: only frames off by more than 1e-4 are left at any distance.
TEST(BoxFilter, DecidesClearSphereBoxPairsAndLeavesTouchingOnes) {
  const NearTouchingSpheres data;
  const BatchLayout ls{VolumeType::Sphere, 0, data.spheres.f64.data(), data.spheres.n, Precision::Float64};
  const BatchLayout lb{VolumeType::Obb, 0, data.boxes.f64.data(), data.boxes.n, Precision::Float64};
  checkDecisions("sphere-obb", ls, lb, false, [&](const size_t(&at)[4]) { return filterSphereFour(data, at); });
}

// The float sphere-AABB filter decides four clear pairs (the verdicts right) and declines a group
// with a sphere that touches its box exactly.
TEST(BoxFilter, FloatSphereAabbFilterDecidesClearGroupsOnly) {
  // Spheres of radius 1 at x = -0.5 (2 from the box [1.5, 2.5] x [-1, 1]^2), 3 (0.5 from it),
  // 1.5 and 2.25 (inside).
  float sx[4] = {-0.5f, 3.0f, 1.5f, 2.25f}, zero4[4] = {0, 0, 0, 0}, r[4] = {1, 1, 1, 1};
  float lo[4] = {1.5f, 1.5f, 1.5f, 1.5f}, hi[4] = {2.5f, 2.5f, 2.5f, 2.5f}, m1[4] = {-1, -1, -1, -1},
        p1[4] = {1, 1, 1, 1};
  const float* s[4] = {sx, zero4, zero4, r};
  const float* box[6] = {lo, m1, m1, hi, p1, p1};
  uint8_t out[4] = {9, 9, 9, 9};
  ASSERT_TRUE(batch_detail::sphereAabbFourFiltered(s, box, 0, out));
  EXPECT_EQ(out[0], 0);  // 2 from the box
  EXPECT_EQ(out[1], 1);  // 0.5 from it
  EXPECT_EQ(out[2], 1);
  EXPECT_EQ(out[3], 1);
  sx[0] = 0.5f;  // exactly 1 from the box: touching, left to the f64 lanes
  EXPECT_FALSE(batch_detail::sphereAabbFourFiltered(s, box, 0, out));
}
#endif
}  // namespace batch_box_filter_test
