// The box test and the frame correction are written once (obb_axes.h's forEachBoxAxisOf, frame.h)
// and instantiated for doubles (the exact scalar test), f64x2 lanes (box_lanes.h) and f32x4 lanes
// (the float filter, box_filter.h). The lanes differ from the scalar test in one formula, the
// classic rB of kHonestProjections, and decide only beyond a margin. Here each lane type is held
// to the scalar test's verdict, lane by lane, on adversarial pairs: at the touching distance and
// moved by 1e-15 to 0.3 of it, with parallel and nearly parallel frames (tilted by 1e-4 to 1e-14
// rad), and with NaN, infinities, subnormals, huge numbers, -0 and negative sizes in a field of
// either box, each pair passing through every lane position of its type. And each must decide
// the clear pairs, so that "never decides" cannot pass for "agrees".

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "batch_lanes.h"
#include "box_cases.h"
#include "box_filter.h"
#include "box_lanes.h"
#include "frame.h"
#include "sepaxis/sepaxis.h"

using namespace sepaxis;
using namespace sepaxis::test;

namespace lane_parity_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

// A pair and what the scalar test says: 1 overlap, 0 apart, -1 invalid input.
struct Case {
  Box a, b;
  int verdict;
  bool clear;  ///< moved 30 % from touching, with sane numbers: the lanes must decide it
  std::string what;
};

// A, as an AABB (aabb) or an OBB, and B as an OBB, as the batch readers would make them.
int scalarVerdict(const Box& a, const Box& b, bool aabb) {
  Obb y;
  if (!tryMakeObb(b.c, b.u, b.e, y)) return -1;
  if (aabb) {
    auto x = makeAabb(a.c - a.e, a.c + a.e);
    return x ? overlaps(*x, y) : -1;
  }
  Obb x;
  if (!tryMakeObb(a.c, a.u, a.e, x)) return -1;
  return overlaps(x, y);
}

std::string str(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

// One field of a box (0-2 centre, 3-11 axes, 12-14 half-extents), as the batch layout numbers them.
double& field(Box& x, int f) {
  if (f < 3) return x.c[f];
  if (f < 12) return x.u[(f - 3) / 3][(f - 3) % 3];
  return x.e[f - 12];
}

[[maybe_unused]] std::vector<Case> adversarialCases(bool aabb) {
  std::mt19937 rng(aabb ? 777 : 778);
  std::uniform_real_distribution<double> size(0.2, 1.5);
  std::vector<Case> cases;
  auto add = [&](Box a, Box b, const std::string& what, bool clear) {
    if (aabb) a.u[0] = {1, 0, 0}, a.u[1] = {0, 1, 0}, a.u[2] = {0, 0, 1};
    cases.push_back({a, b, scalarVerdict(a, b, aabb), clear, what});
  };
  // B moved from the touching distance along `dir` by each relative step.
  // `mustDecide`: which of the pairs moved 30 % the lanes must decide: both, the separated one
  // only (a short cross axis, nearly parallel edges, keeps s within the margin of 0, so an overlap
  // is left to the scalar test), or neither (sizes beyond the lanes' range).
  enum class Must { Both, Apart, Neither };
  auto touching = [&](Box a, Box b, Vec3 dir, const std::string& what, Must mustDecide = Must::Both) {
    if (aabb) a.u[0] = {1, 0, 0}, a.u[1] = {0, 1, 0}, a.u[2] = {0, 0, 1};
    const double touch = touchingDistance(a, b, aabb, dir);
    for (double step : {-0.3, -1e-6, -1e-9, -1e-12, -1e-15, 0.0, 1e-15, 1e-12, 1e-9, 1e-6, 0.3}) {
      b.c = a.c + dir * (touch * (1 + step));
      const bool clear = mustDecide == Must::Both ? std::fabs(step) == 0.3 : mustDecide == Must::Apart && step == 0.3;
      add(a, b, what + " moved " + str(step), clear);
    }
  };
  auto randomBox = [&] {
    Box x;
    x.c = {0, 0, 0};
    x.e = {size(rng), size(rng), size(rng)};
    randomFrame(rng, x.u);
    return x;
  };
  for (int p = 0; p < 8; ++p) touching(randomBox(), randomBox(), unit(rng), "random");
  // Parallel frames: the same axes, and the same axes permuted and negated (exactly zero cross
  // products, which the f64 lanes skip as the scalar test does), face to face and corner to corner.
  for (int p = 0; p < 4; ++p) {
    Box a = randomBox(), b = randomBox();
    for (int i = 0; i < 3; ++i) b.u[i] = a.u[i];
    touching(a, b, a.u[p % 3], "parallel face", Must::Apart);
    touching(a, b, unit(rng), "parallel", Must::Apart);
    b.u[0] = a.u[1], b.u[1] = a.u[2] * -1.0, b.u[2] = a.u[0] * -1.0;
    touching(a, b, unit(rng), "permuted", Must::Apart);
  }
  // Tilted by 1e-4 ... 1e-14 rad from A's frame, about a random axis and about A's own u0 (which
  // keeps u0 nearly, maybe exactly, parallel to B's).
  for (int k = 4; k <= 14; ++k) {
    Box a = randomBox(), b = randomBox();
    for (int i = 0; i < 3; ++i) b.u[i] = a.u[i];
    turn(b.u, unit(rng), std::pow(10.0, -k));
    touching(a, b, unit(rng), "tilted 1e-" + std::to_string(k), Must::Apart);
    for (int i = 0; i < 3; ++i) b.u[i] = a.u[i];
    turn(b.u, aabb ? Vec3{1, 0, 0} : a.u[0], std::pow(10.0, -k));
    touching(a, b, unit(rng), "tilted about u0 1e-" + std::to_string(k), Must::Apart);
  }
  // Special numbers in every field of either box, on a clearly overlapping and a clearly separated
  // pair. (An AABB's axis fields are not read: its axes are the world's.)
  const double inf = std::numeric_limits<double>::infinity();
  const double specials[] = {std::nan(""), inf, -inf, 5e-324, 2.2e-308, 1e300, 1.7e308, -1.0, -0.0, 0.0};
  for (double gap : {0.5, 3.0}) {
    for (int side = 0; side < 2; ++side)
      for (int f = 0; f < 15; ++f)
        for (double v : specials) {
          Box a = randomBox(), b = randomBox();
          b.c = unit(rng) * gap;
          field(side == 0 ? a : b, f) = v;
          add(a, b, "special " + str(v) + " in field " + std::to_string(f) + " of " + "AB"[side], false);
        }
  }
  // Volumes at the ends of double's range (the lanes may leave them all to the scalar test).
  for (double scale : {1e-300, 1e-310, 1e150, 1e290}) {
    Box a = randomBox(), b = randomBox();
    a.e = a.e * scale, b.e = b.e * scale;
    touching(a, b, unit(rng), "scaled " + str(scale), Must::Neither);
  }
  return cases;
}

#if SEPAXIS_LANES
using lanes::F2;
using lanes::F4;

// The f64x2 lanes on cases i0 and i1, loaded as batch_boxes.cpp loads a batch: their verdicts as
// (decided bits, separated bits).
std::pair<uint32_t, uint32_t> f64Lanes(const Case& p, const Case& q, bool aabb) {
  auto two = [](double x, double y) { return F2{wasm_f64x2_make(x, y)}; };
  detail::BoxLanes<F2> A, B;
  F2 d[3];
  for (int c = 0; c < 3; ++c) {
    A.c[c] = two(p.a.c[c], q.a.c[c]);
    B.c[c] = two(p.b.c[c], q.b.c[c]);
    B.e[c] = two(p.b.e[c], q.b.e[c]);
    for (int i = 0; i < 3; ++i) B.u[i][c] = two(p.b.u[i][c], q.b.u[i][c]);
    if (aabb) {
      // The batch stores min and max; the lanes take the half-extents and offset from them.
      const F2 lo = two(p.a.c[c] - p.a.e[c], q.a.c[c] - q.a.e[c]), hi = two(p.a.c[c] + p.a.e[c], q.a.c[c] + q.a.e[c]);
      A.e[c] = (hi - lo) * lanes::splat<F2>(0.5);
      for (int i = 0; i < 3; ++i) A.u[i][c] = lanes::splat<F2>(i == c ? 1 : 0);
      d[c] = ((B.c[c] - lo) + (B.c[c] - hi)) * lanes::splat<F2>(0.5);
    } else {
      A.e[c] = two(p.a.e[c], q.a.e[c]);
      for (int i = 0; i < 3; ++i) A.u[i][c] = two(p.a.u[i][c], q.a.u[i][c]);
      d[c] = B.c[c] - A.c[c];
    }
  }
  lanes::Mask<F2> frames = detail::orthonormalizeLanes(B.u);
  if (!aabb) frames = frames & detail::orthonormalizeLanes(A.u);
  const auto verdict = detail::boxLanesSeparated(A, B, d, frames);
  return {lanes::bits(verdict.fast), lanes::bits(verdict.separated)};
}

// The float filter on cases at[0..3], numbers rounded to float as the batch loader rounds them.
detail::FilterVerdict f32Lanes(const std::vector<Case>& cases, size_t first, bool aabb) {
  float ua[3][3][4], ub[3][3][4], ea[3][4], eb[3][4], d[3][4];
  for (int l = 0; l < 4; ++l) {
    const Case& x = cases[first + size_t(l)];
    for (int c = 0; c < 3; ++c) {
      const double lo = x.a.c[c] - x.a.e[c], hi = x.a.c[c] + x.a.e[c];
      ea[c][l] = float(aabb ? (hi - lo) * 0.5 : x.a.e[c]);
      eb[c][l] = float(x.b.e[c]);
      d[c][l] = float(aabb ? ((x.b.c[c] - lo) + (x.b.c[c] - hi)) * 0.5 : x.b.c[c] - x.a.c[c]);
      for (int i = 0; i < 3; ++i)
        ua[i][c][l] = aabb ? float(i == c) : float(x.a.u[i][c]), ub[i][c][l] = float(x.b.u[i][c]);
    }
  }
  auto four = [](const float(&v)[4]) { return F4{wasm_v128_load(v)}; };
  detail::BoxFour A, B;
  F4 offset[3];
  for (int c = 0; c < 3; ++c) {
    offset[c] = four(d[c]), A.e[c] = four(ea[c]), B.e[c] = four(eb[c]);
    for (int i = 0; i < 3; ++i) A.u[i][c] = four(ua[i][c]), B.u[i][c] = four(ub[i][c]);
  }
  return aabb ? detail::filterBoxes<true>(offset, A, B) : detail::filterBoxes<false>(offset, A, B);
}

// Checks every decided lane against the scalar verdict; counts the clear cases decided.
struct Tally {
  size_t clear = 0, clearDecided = 0, decided = 0;
};
void check(const Case& x, bool decided, bool separated, const std::string& lane, Tally& tally) {
  if (!decided) return;
  ++tally.decided;
  tally.clearDecided += x.clear;
  ASSERT_NE(x.verdict, -1) << lane << " decided invalid input: " << x.what;
  ASSERT_EQ(separated, x.verdict == 0) << lane << ": " << x.what;
}
#endif

}  // namespace

#if SEPAXIS_LANES
TEST(LaneParity, BoxLanesGiveTheScalarVerdictInEveryLanePosition) {
  for (bool aabb : {false, true}) {
    const std::vector<Case> cases = adversarialCases(aabb);
    const std::string pair = aabb ? "aabb-obb" : "obb-obb";
    Tally f64, f32;
    for (const Case& x : cases) f64.clear += x.clear, f32.clear += x.clear;
    // Case i in lane 0 with case i + 1, and in lane 1 with case i - 1 (the f64 lanes' positions).
    for (size_t i = 0; i + 1 < cases.size(); ++i) {
      const auto [decided, separated] = f64Lanes(cases[i], cases[i + 1], aabb);
      check(cases[i], decided & 1, separated & 1, pair + " f64 lane 0", f64);
      check(cases[i + 1], decided & 2, separated & 2, pair + " f64 lane 1", f64);
    }
    // Every case in each of the four positions of the float filter.
    for (size_t i = 0; i + 4 <= cases.size(); ++i) {
      const detail::FilterVerdict v = f32Lanes(cases, i, aabb);
      for (int l = 0; l < 4; ++l) {
        const bool separated = v.separated >> l & 1, overlapping = v.overlapping >> l & 1;
        ASSERT_FALSE(separated && overlapping) << pair << " f32 lane " << l << ": " << cases[i + size_t(l)].what;
        check(cases[i + size_t(l)], separated || overlapping, separated, pair + " f32 lane " + std::to_string(l), f32);
      }
    }
    // Each clear case was decided in both of its f64 positions and in most of its float ones
    // (cases at the ends of the list have fewer positions).
    EXPECT_GE(f64.clearDecided, 2 * f64.clear - 4) << pair;
    EXPECT_GE(f32.clearDecided, 3 * f32.clear) << pair;
  }
}

TEST(LaneParity, FrameCorrectionGivesTryMakeObbsBitsInEveryLane) {
  std::mt19937 rng(31337);
  std::uniform_real_distribution<double> unitRange(0, 1);
  const double inf = std::numeric_limits<double>::infinity();
  const double specials[] = {std::nan(""), inf, -inf, 5e-324, 1e300, -0.0};
  std::vector<Box> frames;
  for (int p = 0; p < 64; ++p) {
    Box x{};
    randomFrame(rng, x.u);
    // Off orthonormal by up to 2e-3 (beyond kOrthonormal, 1e-3: some are refused), or exact.
    if (p % 4 != 0)
      for (auto& v : x.u) v = v + unit(rng) * (2e-3 * std::pow(10.0, -8 * unitRange(rng)) / 3);
    if (p % 8 == 5) field(x, 3 + int(9 * unitRange(rng))) = specials[p / 8 % 6];
    frames.push_back(x);
  }
  size_t corrected = 0;
  for (size_t i = 0; i + 1 < frames.size(); ++i) {
    F2 u[3][3];
    for (int a = 0; a < 3; ++a)
      for (int c = 0; c < 3; ++c) u[a][c] = F2{wasm_f64x2_make(frames[i].u[a][c], frames[i + 1].u[a][c])};
    const uint32_t ok = lanes::bits(detail::orthonormalizeLanes(u));
    double lane[3][3][2];
    for (int a = 0; a < 3; ++a)
      for (int c = 0; c < 3; ++c) std::memcpy(lane[a][c], &u[a][c].v, sizeof lane[a][c]);
    for (int l = 0; l < 2; ++l) {
      const Box& x = frames[i + size_t(l)];
      Obb want;
      const bool accepted = tryMakeObb({0, 0, 0}, x.u, {1, 1, 1}, want);
      // The scalar instance of the same body, on doubles.
      double one[3][3];
      for (int a = 0; a < 3; ++a)
        for (int c = 0; c < 3; ++c) one[a][c] = x.u[a][c];
      const bool oneOk = detail::orthonormalizeLanes(one);
      ASSERT_EQ(bool(ok >> l & 1), accepted) << "frame " << i + size_t(l) << " in lane " << l;
      ASSERT_EQ(oneOk, accepted) << "frame " << i + size_t(l) << " on doubles";
      if (!accepted) continue;
      corrected += x.u[0][0] != want.axis[0][0];
      for (int a = 0; a < 3; ++a)
        for (int c = 0; c < 3; ++c) {
          ASSERT_EQ(lane[a][c][l], want.axis[a][c]) << "frame " << i + size_t(l) << " lane " << l << " axis " << a;
          ASSERT_EQ(one[a][c], want.axis[a][c]) << "frame " << i + size_t(l) << " on doubles, axis " << a;
        }
    }
  }
  EXPECT_GT(corrected, 20u);  // the frames off orthonormal were corrected, not only accepted
}
#endif

// ---------------------------------------------------------------------------------------------
// Sphere–sphere, AABB–AABB and sphere–AABB: the lanes of batch_lanes.h run the single tests'
// arithmetic (overlap.h's detail::centresAndReach and intervalsMeet, sphere_box.h) in f64x2 lanes
// and in the float filter. Each adversarial pair (touching, moved by 1e-15 to 0.3 of its size,
// identical, nested, special numbers) passes through each of the four positions of a group; a
// group the lanes decide must hold the single call's verdict in every byte, and groups of clear
// pairs must be decided.

#if SEPAXIS_LANES
namespace {

// One pair of the structure-of-arrays kernels: A's and B's fields (batch_field order).
struct FieldPair {
  std::vector<double> a, b;
  bool clear;  ///< 30 % from touching, plain numbers: the lanes must decide it
  std::string what;
};

// The single call's verdict on the numbers as the batch holds them (T: double or float): the
// elements as batchElement reads them, then overlaps().
template <class T>
int singleVerdict(VolumeType ta, VolumeType tb, const FieldPair& p) {
  const std::vector<T> fa(p.a.begin(), p.a.end()), fb(p.b.begin(), p.b.end());
  const Precision precision = std::is_same_v<T, float> ? Precision::Float32 : Precision::Float64;
  const auto x = batchElement({ta, 0, fa.data(), 1, precision}, 0),
             y = batchElement({tb, 0, fb.data(), 1, precision}, 0);
  if (!x.ok() || !y.ok()) return -1;
  return overlaps(*x, *y) ? 1 : 0;
}

std::vector<double> sphereFields(Vec3 c, double r) { return {c.x, c.y, c.z, r}; }
std::vector<double> aabbFields(Vec3 lo, Vec3 hi) { return {lo.x, lo.y, lo.z, hi.x, hi.y, hi.z}; }

// Pairs of `ta` against `tb` near touching, identical, nested, and with special numbers.
std::vector<FieldPair> roundPairs(VolumeType ta, VolumeType tb, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1), size(0.25, 4);
  const double moves[] = {0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9, 1e-6, -1e-6, 1e-3, -1e-3, 0.3, -0.3};
  std::vector<FieldPair> pairs;
  auto volume = [&](VolumeType t, Vec3 c, double s) {
    return t == VolumeType::Sphere ? sphereFields(c, s) : aabbFields(c - Vec3{s, s, s}, c + Vec3{s, 0.5 * s, 2 * s});
  };
  for (int n = 0; n < 40; ++n) {
    const Vec3 c{u(rng) * 10, u(rng) * 10, u(rng) * 10};
    const double sa = size(rng), sb = size(rng);
    // Along one world axis (touching boxes share a face; for spheres any direction works).
    const int axis = n % 3;
    Vec3 dir{};
    dir[axis] = n % 2 ? 1 : -1;
    // The distance of the centres at which the two touch along dir.
    auto reachAlong = [&](VolumeType t, const std::vector<double>& f) {
      return t == VolumeType::Sphere ? f[batch_field::kSphereRadius]
                                     : 0.5 * (f[batch_field::kAabbMax + axis] - f[batch_field::kAabbMin + axis]);
    };
    const std::vector<double> a = volume(ta, c, sa), b0 = volume(tb, {}, sb);
    const double touch = reachAlong(ta, a) + reachAlong(tb, b0);
    for (double m : moves) {
      const Vec3 cb = c + dir * (touch * (1 + m));
      char what[96];
      std::snprintf(what, sizeof what, "case %d moved %g of touching along axis %d", n, m, axis);
      pairs.push_back({a, volume(tb, cb, sb), std::fabs(m) == 0.3, what});
    }
    pairs.push_back({a, volume(tb, c, sa), false, "identical centres " + std::to_string(n)});
    pairs.push_back({a, volume(tb, c + dir * (0.1 * sa), 0.2 * sb), false, "nested " + std::to_string(n)});
  }
  const double specials[] = {std::nan(""), INFINITY, -INFINITY, 1e300, -1e300, 1e-300, -0.0, 5e-324, -1.0, 3e38, 1e200};
  const std::vector<double> a = volume(ta, {1, 2, 3}, 1.5), b = volume(tb, {2, 2, 3}, 1);
  for (size_t f = 0; f < a.size() + b.size(); ++f)
    for (double v : specials) {
      FieldPair p{a, b, false, "field " + std::to_string(f) + " = " + std::to_string(v)};
      (f < a.size() ? p.a[f] : p.b[f - a.size()]) = v;
      pairs.push_back(p);
    }
  return pairs;
}

// Runs `four` (a batch_lanes.h step over field pointers) on every window of four pairs and checks
// each decided group byte by byte. Returns how many all-clear windows were decided, of how many.
template <class T, class Four>
std::pair<size_t, size_t> checkWindows(VolumeType ta, VolumeType tb, const std::vector<FieldPair>& pairs, Four four,
                                       const std::string& name) {
  const size_t na = pairs[0].a.size(), nb = pairs[0].b.size();
  size_t clearWindows = 0, clearDecided = 0;
  for (size_t i = 0; i + 4 <= pairs.size(); ++i) {
    std::vector<T> fa(na * 4), fb(nb * 4);
    for (size_t l = 0; l < 4; ++l) {
      for (size_t f = 0; f < na; ++f) fa[f * 4 + l] = T(pairs[i + l].a[f]);
      for (size_t f = 0; f < nb; ++f) fb[f * 4 + l] = T(pairs[i + l].b[f]);
    }
    const T* pa[6];
    const T* pb[6];
    for (size_t f = 0; f < na; ++f) pa[f] = fa.data() + f * 4;
    for (size_t f = 0; f < nb; ++f) pb[f] = fb.data() + f * 4;
    uint8_t out[4] = {99, 99, 99, 99};
    const bool allClear = pairs[i].clear && pairs[i + 1].clear && pairs[i + 2].clear && pairs[i + 3].clear;
    clearWindows += allClear;
    if (!four(pa, pb, out)) continue;
    clearDecided += allClear;
    for (size_t l = 0; l < 4; ++l) {
      const int want = singleVerdict<T>(ta, tb, pairs[i + l]);
      EXPECT_NE(want, -1) << name << " lane " << l << " decided invalid input: " << pairs[i + l].what;
      EXPECT_EQ(int(out[l]), want) << name << " lane " << l << ": " << pairs[i + l].what;
    }
  }
  return {clearDecided, clearWindows};
}

}  // namespace

TEST(LaneParity, SphereAndAabbLanesGiveTheSingleCallVerdictInEveryLanePosition) {
  using namespace batch_detail;
  using V = VolumeType;
  // The clear pairs come in runs of two (moved by +0.3 and -0.3): interleave them so that some
  // windows hold four clear pairs.
  auto withClearRuns = [](std::vector<FieldPair> pairs) {
    std::vector<FieldPair> clear, rest;
    for (auto& p : pairs) (p.clear ? clear : rest).push_back(p);
    std::vector<FieldPair> out;
    for (size_t i = 0; i < std::max(clear.size(), rest.size()); i += 4) {
      for (size_t j = i; j < i + 4 && j < clear.size(); ++j) out.push_back(clear[j]);
      for (size_t j = i; j < i + 4 && j < rest.size(); ++j) out.push_back(rest[j]);
    }
    return out;
  };
  const auto spheres = withClearRuns(roundPairs(V::Sphere, V::Sphere, 91));
  const auto boxes = withClearRuns(roundPairs(V::Aabb, V::Aabb, 92));
  const auto sphereBox = withClearRuns(roundPairs(V::Sphere, V::Aabb, 93));
  auto expectMostDecided = [](std::pair<size_t, size_t> tally, const char* name) {
    EXPECT_GT(tally.second, 10u) << name;
    EXPECT_EQ(tally.first, tally.second) << name << ": clear windows left undecided";
  };
  expectMostDecided(checkWindows<double>(
                        V::Sphere, V::Sphere, spheres,
                        [](auto a, auto b, uint8_t* out) { return spheresFour<double>(a, b, 0, out); }, "spheres f64"),
                    "spheres f64");
  expectMostDecided(
      checkWindows<float>(
          V::Sphere, V::Sphere, spheres, [](auto a, auto b, uint8_t* out) { return spheresFourFiltered(a, b, 0, out); },
          "spheres f32 filter"),
      "spheres f32 filter");
  checkWindows<float>(
      V::Sphere, V::Sphere, spheres, [](auto a, auto b, uint8_t* out) { return spheresFour<float>(a, b, 0, out); },
      "spheres f32 in f64 lanes");
  expectMostDecided(
      checkWindows<double>(
          V::Aabb, V::Aabb, boxes, [](auto a, auto b, uint8_t* out) { return aabbFour(a, b, 0, out); }, "aabbs f64"),
      "aabbs f64");
  expectMostDecided(
      checkWindows<float>(
          V::Aabb, V::Aabb, boxes, [](auto a, auto b, uint8_t* out) { return aabbFour(a, b, 0, out); }, "aabbs f32"),
      "aabbs f32");
  expectMostDecided(
      checkWindows<double>(
          V::Sphere, V::Aabb, sphereBox,
          [](auto a, auto b, uint8_t* out) { return sphereAabbFour<double>(a, b, 0, out); }, "sphere-aabb f64"),
      "sphere-aabb f64");
  expectMostDecided(
      checkWindows<float>(
          V::Sphere, V::Aabb, sphereBox,
          [](auto a, auto b, uint8_t* out) { return sphereAabbFourFiltered(a, b, 0, out); }, "sphere-aabb f32 filter"),
      "sphere-aabb f32 filter");
}
#endif
}  // namespace lane_parity_test
