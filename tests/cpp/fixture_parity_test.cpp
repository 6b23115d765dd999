// The shared fixture file tests/fixtures/parity.json: pairs of volumes with the native core's
// report of each. This test regenerates it and requires it to be unchanged, so the committed
// file is always what the native core computes; the Vitest suite (tests/js) runs the same pairs
// through WebAssembly and requires the same verdicts, axis kinds and features, and intervals within
// 1e-12 relative.
// After an intended change of results: SEPAXIS_UPDATE_FIXTURES=1 ./sepaxis_tests --gtest_filter='FixtureParity*'

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "sepaxis/sepaxis.h"

#ifndef SEPAXIS_FIXTURE_DIR
#error "SEPAXIS_FIXTURE_DIR must name tests/fixtures"
#endif

using namespace sepaxis;

namespace fixture_parity_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

// A portable generator: splitmix64 bits to doubles (standard distributions differ between
// standard libraries; this file must come out the same everywhere).
struct Portable {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform(double lo, double hi) { return lo + (hi - lo) * double(next() >> 11) * 0x1.0p-53; }
  int pick(int n) { return int(next() % uint64_t(n)); }
  Vec3 vec(double lo, double hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
};

std::string num(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.17g", v);
  return b;
}
std::string json(Vec3 v) { return "[" + num(v.x) + "," + num(v.y) + "," + num(v.z) + "]"; }
std::string json(Interval i) { return "[" + num(i.min) + "," + num(i.max) + "]"; }
// Feature names are letters, digits, parentheses, commas and minus signs: nothing to escape.
std::string json(const std::optional<std::string>& feature) { return feature ? "\"" + *feature + "\"" : "null"; }

// A random rotation from four uniforms, normalized. No sin/cos: libm's last bits differ between
// platforms, while + - * / sqrt are correctly rounded everywhere, so native and wasm agree.
Quat randomRotation(Portable& r) {
  const double x = r.uniform(-1, 1), y = r.uniform(-1, 1), z = r.uniform(-1, 1), w = r.uniform(0.1, 1);
  const double len = std::sqrt(x * x + y * y + z * z + w * w);
  return {x / len, y / len, z / len, w / len};
}

struct Generated {
  Volume volume;
  std::string text;
};

Generated randomVolume(Portable& r, int type, Vec3 at) {
  const double size = r.uniform(0.3, 2);
  switch (type) {
    case 0: {
      const Sphere s = makeSphere(at, size).value();
      return {s, R"({"type":"sphere","center":)" + json(s.center) + R"(,"radius":)" + num(s.radius) + "}"};
    }
    case 1: {
      const Aabb b = makeAabbFromCenter(at, r.vec(0.2, size)).value();
      return {b, R"({"type":"aabb","min":)" + json(b.min) + R"(,"max":)" + json(b.max) + "}"};
    }
    case 2: {
      const Mat3 m = toMat3(randomRotation(r));
      const Vec3 axes[3] = {m.column(0), m.column(1), m.column(2)};
      const Obb b = makeObb(at, axes, r.vec(0.2, size)).value();
      return {b, R"({"type":"obb","center":)" + json(at) + R"(,"halfExtents":)" + json(b.halfExtents) + R"(,"axes":[)" +
                     json(axes[0]) + "," + json(axes[1]) + "," + json(axes[2]) + "]}"};
    }
    default: {
      static const int kKs[] = {6, 8, 14, 18, 26};
      const int k = kKs[r.pick(5)];
      const KdopDirection* d = kdopDirections(k);
      double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
      for (int i = 0; i < k / 2; ++i) lo[i] = 1e300, hi[i] = -1e300;
      for (int p = 0; p < 12; ++p) {  // the k-DOP of a small point cloud
        const Vec3 q = at + r.vec(-size, size);
        for (int i = 0; i < k / 2; ++i) {
          const double s = dot(toVec3(d[i]), q);
          lo[i] = std::fmin(lo[i], s);
          hi[i] = std::fmax(hi[i], s);
        }
      }
      const Kdop kd = makeKdop(k, lo, hi, k / 2).value();
      std::string mins, maxs;
      for (int i = 0; i < k / 2; ++i) mins += (i ? "," : "") + num(lo[i]), maxs += (i ? "," : "") + num(hi[i]);
      return {kd, R"({"type":"kdop","k":)" + std::to_string(k) + R"(,"min":[)" + mins + R"(],"max":[)" + maxs + "]}"};
    }
  }
}

std::string reportJson(const CollisionReport& r) {
  std::string s = R"({"overlap":)" + std::string(r.overlap ? "true" : "false") + R"(,"separatingAxis":)" +
                  std::to_string(r.separatingAxis) + R"(,"axes":[)";
  for (size_t i = 0; i < r.axes.size(); ++i) {
    const AxisReport& a = r.axes[i];
    s += std::string(i ? "," : "") + R"({"label":")" + a.label + R"(","kind":")" + axisKindName(a.kind) +
         R"(","featureA":)" + json(a.featureA) + R"(,"featureB":)" + json(a.featureB) + R"(,"degenerate":)" +
         (a.degenerate ? "true" : "false");
    if (!a.degenerate)
      s += R"(,"direction":)" + json(a.direction) + R"(,"a":)" + json(a.a) + R"(,"b":)" + json(a.b) + R"(,"gap":)" +
           num(a.gap) + R"(,"separating":)" + (a.separating ? "true" : "false");
    s += "}";
  }
  s += "],\"penetration\":";
  s += r.hasPenetration ? R"({"depth":)" + num(r.penetration.depth) + R"(,"normal":)" + json(r.penetration.normal) + "}"
                        : "null";
  return s + "}";
}

std::string generateFixture() {
  Portable r{20261122};
  std::string out = "[\n";
  int n = 0;
  for (int ta = 0; ta < 4; ++ta) {
    for (int tb = 0; tb < 4; ++tb) {
      for (int c = 0; c < 8; ++c) {
        const Vec3 at = r.vec(-3, 3);
        const Generated a = randomVolume(r, ta, at);
        const Generated b = randomVolume(r, tb, at + r.vec(-2.5, 2.5));
        out += std::string(n++ ? ",\n" : "") + R"({"a":)" + a.text + R"(,"b":)" + b.text + R"(,"overlaps":)" +
               (overlaps(a.volume, b.volume) ? "true" : "false") + R"(,"report":)" +
               reportJson(collide(a.volume, b.volume)) + "}";
      }
    }
  }
  return out + "\n]\n";
}

}  // namespace

TEST(FixtureParity, TheCommittedFixtureIsExactlyWhatTheNativeCoreComputes) {
  const std::string path = std::string(SEPAXIS_FIXTURE_DIR) + "/parity.json";
  const std::string generated = generateFixture();
  if (std::getenv("SEPAXIS_UPDATE_FIXTURES")) {
    std::ofstream(path, std::ios::binary) << generated;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "missing " << path << " (run with SEPAXIS_UPDATE_FIXTURES=1 to create it)";
  std::stringstream committed;
  committed << in.rdbuf();
  EXPECT_EQ(committed.str().size(), generated.size());
  EXPECT_TRUE(committed.str() == generated)
      << path
      << " differs from what the core computes now; if that change is intended, regenerate it with "
         "SEPAXIS_UPDATE_FIXTURES=1";
}
}  // namespace fixture_parity_test
