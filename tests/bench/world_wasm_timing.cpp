// World frames (setPoses with 7 numbers per body, then pairs()) timed in WebAssembly under Node,
// against the World's speed goals (10k bodies <= 2 ms, 50k <= 10 ms). Google Benchmark has no
// WebAssembly build here, so this is a plain program, not part of the CMake build:
//
//   scripts/build.sh wasm --target sepaxis      # build/wasm/libsepaxis.a
//   NODE_PATH=/usr/share/nodejs em++ -O3 -std=c++17 -msimd128 -Icpp/include \
//     tests/bench/world_wasm_timing.cpp build/wasm/libsepaxis.a -o /tmp/world_timing.js -sALLOW_MEMORY_GROWTH=1
//   echo '{"type":"commonjs"}' > /tmp/package.json && node --no-experimental-fetch /tmp/world_timing.js
//
// A scene like world_bench.cpp's: a third each spheres, AABBs and OBBs of radius 0.5..1 (or 10 %
// 14-DOPs), in a cube with side^3 = 5.5 n (about 0.75 overlapping pairs per body), every body
// moved and turned each frame along a loop of 8 frames; median of 3 runs.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>
#include "sepaxis/sepaxis.h"
using namespace sepaxis;
static double U(std::mt19937& r, double a, double b) { return std::uniform_real_distribution<double>(a, b)(r); }
static Vec3 unit(std::mt19937& r) {
  std::normal_distribution<double> g;
  Vec3 v{g(r), g(r), g(r)};
  return normalize(v);
}
static Quat aa(Vec3 a, double t) {
  double s = std::sin(t / 2);
  return {a.x * s, a.y * s, a.z * s, std::cos(t / 2)};
}
static Quat mul(Quat a, Quat b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}
int main() {
  for (int n : {1000, 10000, 50000})
    for (int kdopPct : {0, 10}) {
      std::mt19937 rng(12345);
      const double side = std::cbrt(5.5 * n);
      World w;
      w.reserve(n);
      std::vector<BodyId> ids;
      std::vector<std::vector<double>> frames(8);
      std::vector<Vec3> base, drift, spin;
      std::vector<Quat> turn;
      for (int i = 0; i < n; ++i) {
        const double r = U(rng, 0.5, 1);
        Volume v;
        const int kind = int(rng() % 100) < kdopPct ? 3 : i % 3;
        const Vec3 h{r * U(rng, 0.3, 0.8), r * U(rng, 0.3, 0.8), r * U(rng, 0.3, 0.8)};
        if (kind == 0)
          v = Sphere{{0, 0, 0}, r};
        else if (kind == 1)
          v = Aabb{-1 * h, h};
        else if (kind == 2)
          v = makeObbFromQuaternion({0, 0, 0}, aa(unit(rng), U(rng, 0, 6)), h).value();
        else {
          Vec3 p[6];
          for (Vec3& q : p) q = unit(rng) * r;
          v = fitKdop(14, p, 6).value();
        }
        base.push_back({U(rng, 0, side), U(rng, 0, side), U(rng, 0, side)});
        drift.push_back(unit(rng) * 0.3);
        spin.push_back(unit(rng));
        turn.push_back(aa(unit(rng), U(rng, 0, 6.28)));
        ids.push_back(*w.add(v, makeRigidTransform(turn.back(), base.back()).value()));
      }
      for (int f = 0; f < 8; ++f) {
        const double t = 6.283185307179586 * f / 8;
        for (int i = 0; i < n; ++i) {
          const Vec3 d = drift[i];
          const Vec3 p = base[i] + Vec3{d.x * std::cos(t), d.y * std::sin(t), d.z * std::cos(2 * t)};
          const Quat q = mul(aa(spin[i], t), turn[i]);
          frames[f].insert(frames[f].end(), {p.x, p.y, p.z, q.x, q.y, q.z, q.w});
        }
      }
      std::vector<double> runs;
      size_t pairs = 0;
      for (int run = 0; run < 3; ++run) {
        const int count = n >= 50000 ? 10 : 30;
        auto t0 = std::chrono::steady_clock::now();
        for (int f = 0; f < count; ++f) {
          w.setPoses(ids.data(), frames[f % 8].data(), ids.size());
          pairs += w.pairs().size();
        }
        runs.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() /
                       count);
      }
      std::sort(runs.begin(), runs.end());
      std::printf(
          "wasm  n=%-6d kdop14=%2d%%  setPoses+pairs: median %.3f ms/frame (runs %.3f %.3f %.3f)  pairs/frame ~%zu\n",
          n, kdopPct, runs[1], runs[0], runs[1], runs[2], pairs / (3 * (n >= 50000 ? 10 : 30)));
    }
}
