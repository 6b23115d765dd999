#pragma once
/// Small double-precision vector maths: plain data, pure functions.

#include <cmath>

namespace sepaxis {

struct Vec3 {
  double x = 0, y = 0, z = 0;

  constexpr double operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
  double& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }
};

constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
constexpr Vec3 operator*(Vec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
constexpr Vec3 operator*(double s, Vec3 a) { return {a.x * s, a.y * s, a.z * s}; }
constexpr Vec3 operator/(Vec3 a, double s) { return {a.x / s, a.y / s, a.z / s}; }
constexpr bool operator==(Vec3 a, Vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
constexpr bool operator!=(Vec3 a, Vec3 b) { return !(a == b); }

/// min and max of finite numbers. Unlike std::fmin/fmax (NaN-aware library calls unless compiled
/// with -ffast-math), these compile to one instruction in the hot loops. In WebAssembly with SIMD
/// they are f64x2.pmin and pmax, which are defined as exactly these selects: V8 (Node 20) compiles
/// a scalar f64 select to a compare and a branch, which mispredicts on data like a box's extents,
/// and pmin/pmax to one minpd/maxpd.
#if defined(__wasm_simd128__)
namespace detail {
using F64x2 = double __attribute__((__vector_size__(16)));
inline double pmin(double a, double b) { return __builtin_wasm_pmin_f64x2(F64x2{a, a}, F64x2{b, b})[0]; }
inline double pmax(double a, double b) { return __builtin_wasm_pmax_f64x2(F64x2{a, a}, F64x2{b, b})[0]; }
}  // namespace detail
#endif
constexpr double lesser(double a, double b) {
#if defined(__wasm_simd128__)
  if (!__builtin_is_constant_evaluated()) return detail::pmin(a, b);
#endif
  return b < a ? b : a;
}
constexpr double greater(double a, double b) {
#if defined(__wasm_simd128__)
  if (!__builtin_is_constant_evaluated()) return detail::pmax(a, b);
#endif
  return a < b ? b : a;
}

constexpr double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
constexpr Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
constexpr double lengthSquared(Vec3 a) { return dot(a, a); }
inline double length(Vec3 a) { return std::sqrt(dot(a, a)); }
inline Vec3 abs(Vec3 a) { return {std::fabs(a.x), std::fabs(a.y), std::fabs(a.z)}; }
inline Vec3 min(Vec3 a, Vec3 b) { return {lesser(a.x, b.x), lesser(a.y, b.y), lesser(a.z, b.z)}; }
inline Vec3 max(Vec3 a, Vec3 b) { return {greater(a.x, b.x), greater(a.y, b.y), greater(a.z, b.z)}; }
inline double maxComponent(Vec3 a) { return greater(a.x, greater(a.y, a.z)); }
/// Not NaN and not infinite. A comparison rather than std::isfinite, which Emscripten's libc
/// leaves as a call: this is on the path of every single-call decode.
constexpr bool isFinite(double x) { return x >= -1.7976931348623157e308 && x <= 1.7976931348623157e308; }
constexpr bool isFinite(Vec3 a) { return isFinite(a.x) && isFinite(a.y) && isFinite(a.z); }

/// Unit vector along a; the zero vector stays zero (callers decide what a zero direction means).
/// Scaled by the largest component first, so that 1e-170 or 1e170 long vectors neither
/// underflow nor overflow when squared.
inline Vec3 normalize(Vec3 a) {
  const double scale = maxComponent(abs(a));
  if (!(scale > 0) || std::isinf(scale)) return Vec3{};
  const Vec3 b = a / scale;
  return b / length(b);
}

/// Whether |d| <= r can be decided as d2 <= r2 from these squares: both well inside the normal
/// range (the fast path of withinDistance).
inline bool squaresInRange(double d2, double r2) {
  constexpr double kSmall = 1e-280, kLarge = 1e280;
  return d2 > kSmall && d2 < kLarge && r2 > kSmall && r2 < kLarge;
}

/// |d| <= r, decided without squares underflowing (1e-200) or overflowing (1e200). The squared
/// comparison is exact enough in the normal range, which is the fast path.
inline bool withinDistance(Vec3 d, double r) {
  const double d2 = dot(d, d), r2 = r * r;
  if (squaresInRange(d2, r2)) return d2 <= r2;
  const double scale = greater(maxComponent(abs(d)), r);
  if (scale == 0) return true;
  const Vec3 e = d / scale;
  const double q = r / scale;
  return dot(e, e) <= q * q;
}

/// Row-major 3x3 matrix; column j of a rotation is the image of the j-th basis vector.
struct Mat3 {
  double m[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

  Vec3 column(int j) const { return {m[0][j], m[1][j], m[2][j]}; }
};

inline Vec3 operator*(const Mat3& r, Vec3 v) {
  return {r.m[0][0] * v.x + r.m[0][1] * v.y + r.m[0][2] * v.z, r.m[1][0] * v.x + r.m[1][1] * v.y + r.m[1][2] * v.z,
          r.m[2][0] * v.x + r.m[2][1] * v.y + r.m[2][2] * v.z};
}

/// Unit quaternion {x, y, z, w} (three.js order).
struct Quat {
  double x = 0, y = 0, z = 0, w = 1;
};

/// Rotation matrix of a unit quaternion.
inline Mat3 toMat3(Quat q) {
  const double xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const double xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  const double wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  Mat3 r;
  r.m[0][0] = 1 - 2 * (yy + zz);
  r.m[0][1] = 2 * (xy - wz);
  r.m[0][2] = 2 * (xz + wy);
  r.m[1][0] = 2 * (xy + wz);
  r.m[1][1] = 1 - 2 * (xx + zz);
  r.m[1][2] = 2 * (yz - wx);
  r.m[2][0] = 2 * (xz - wy);
  r.m[2][1] = 2 * (yz + wx);
  r.m[2][2] = 1 - 2 * (xx + yy);
  return r;
}

}  // namespace sepaxis
