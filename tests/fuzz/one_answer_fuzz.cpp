// libFuzzer target: one answer per pair. For two valid volumes of any types,
// overlaps(a, b), overlaps(b, a), collide(a, b).overlap and collide(b, a).overlap must all agree,
// the touching band included (the band lets a test choose either verdict, never two). Built with
// AddressSanitizer and UBSan, so a memory error or undefined behaviour is a finding too.
//
// The bytes decode into two volumes through the core's own constructors (make*, tryMake*): what
// they reject is skipped, as a user could not build it. Numbers come in three encodings, chosen
// by a tag byte, so that the fuzzer reaches both the contacts that small exact numbers make
// (touching faces and corners, zero widths) and the far ranges only raw doubles reach (1e-300,
// 3e271, subnormals).
//
// Triangles take part like any volume; the sweep checks below skip them (sweeps refuse triangles).
//
// On disagreement it prints both volumes with %a (exact) and aborts; each such input belongs in
// tests/cpp/one_answer_test.cpp.
//
// The bytes after the two volumes are a motion: timeOfImpact (sepaxis/sweep.h) must give one answer
// in both orders, and, in the ordinary range, agree with overlaps() at the contact time (meeting,
// or touching within the band) and before it (apart).

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "sepaxis/overlap.h"
#include "sepaxis/report.h"
#include "sepaxis/sweep.h"
#include "sepaxis/bounds.h"
#include "sepaxis/triangle.h"

namespace {

using namespace sepaxis;

/// Reads the fuzz bytes front to back; past the end every read is zero (libFuzzer shrinks
/// inputs, and a short input must still decode to something).
class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }

  /// A tag byte picks the encoding: small multiples of 1/4 in [-8, 8) (exact contacts), a small
  /// integer times a power of two in [2^-1100, 2^1100] (any magnitude, exactly representable
  /// contacts at that magnitude), or eight raw bytes (anything, NaN and infinities included).
  double number() {
    const uint8_t tag = byte();
    if (tag < 128) return (int(tag) - 64) / 4.0;  // tag itself: 64 values, exact
    if (tag < 192) {
      const int mantissa = int(byte()) - 128;
      const int exponent = (int(byte()) << 8 | byte()) % 2201 - 1100;
      return std::ldexp(double(mantissa), exponent);
    }
    uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits = bits << 8 | byte();
    double x;
    std::memcpy(&x, &bits, sizeof x);
    return x;
  }

  Vec3 vec3() {
    const double x = number(), y = number();
    return {x, y, number()};
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

/// A sign-and-permutation matrix's columns: exactly orthonormal, so corners meet exactly.
void permutedAxes(uint8_t code, Vec3 (&axes)[3]) {
  static const int kPermutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  const int* p = kPermutations[code % 6];
  for (int j = 0; j < 3; ++j) {
    axes[j] = {};
    axes[j][p[j]] = (code >> (3 + j)) & 1 ? -1 : 1;
  }
}

/// A quaternion from four numbers, normalized when that is possible (else left as read, which
/// the constructors reject unless it is already unit).
Quat quaternion(Bytes& in) {
  Quat q{in.number(), in.number(), in.number(), in.number()};
  const double n = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  if (std::isfinite(n) && n > 0) q = {q.x / n, q.y / n, q.z / n, q.w / n};
  return q;
}

std::optional<Volume> decodeVolume(Bytes& in) {
  switch (in.byte() % 8) {
    case 0: {
      const Vec3 c = in.vec3();
      const auto s = makeSphere(c, in.number());
      if (s) return Volume(*s);
      return std::nullopt;
    }
    case 1: {
      const Vec3 lo = in.vec3(), hi = in.vec3();
      const auto b = makeAabb(lo, hi);
      if (b) return Volume(*b);
      return std::nullopt;
    }
    case 2: {  // OBB by axes: exact signed permutations
      const Vec3 c = in.vec3(), e = in.vec3();
      Vec3 axes[3];
      permutedAxes(in.byte(), axes);
      Obb o;
      if (tryMakeObb(c, axes, e, o)) return Volume(o);
      return std::nullopt;
    }
    case 3: {  // OBB by axes: nine numbers as read (mostly rejected unless nearly orthonormal)
      const Vec3 c = in.vec3(), e = in.vec3();
      Vec3 axes[3] = {in.vec3(), in.vec3(), in.vec3()};
      Obb o;
      if (tryMakeObb(c, axes, e, o)) return Volume(o);
      return std::nullopt;
    }
    case 4: {  // OBB by axes: the columns of a quaternion's rotation (re-orthonormalized inside)
      const Vec3 c = in.vec3(), e = in.vec3();
      const Mat3 r = toMat3(quaternion(in));
      Vec3 axes[3] = {r.column(0), r.column(1), r.column(2)};
      Obb o;
      if (tryMakeObb(c, axes, e, o)) return Volume(o);
      return std::nullopt;
    }
    case 5: {  // OBB by quaternion
      const Vec3 c = in.vec3(), e = in.vec3();
      Obb o;
      if (tryMakeObbFromQuaternion(c, quaternion(in), e, o)) return Volume(o);
      return std::nullopt;
    }
    case 7: {  // any three corners: degenerate ones (segments, points) included
      const Vec3 p = in.vec3(), q = in.vec3(), r = in.vec3();
      const auto t = makeTriangle(p, q, r);
      if (t) return Volume(*t);
      return std::nullopt;
    }
    default: {
      static const int kKs[] = {6, 8, 14, 18, 26};
      const int k = kKs[in.byte() % 5];
      double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
      for (int i = 0; i < k / 2; ++i) {
        const double a = in.number(), b = in.number();
        lo[i] = a < b ? a : b, hi[i] = a < b ? b : a;  // ordered, so fewer inputs are rejected
      }
      Kdop d;
      if (tryMakeKdop(k, lo, hi, k / 2, d)) return Volume(d);
      return std::nullopt;
    }
  }
}

void print(const char* name, Vec3 v) { std::fprintf(stderr, " %s {%a, %a, %a}", name, v.x, v.y, v.z); }

void print(const char* side, const Volume& v) {
  std::fprintf(stderr, "%s: ", side);
  if (const auto* s = std::get_if<Sphere>(&v)) {
    std::fprintf(stderr, "sphere");
    print("center", s->center);
    std::fprintf(stderr, " radius %a", s->radius);
  } else if (const auto* b = std::get_if<Aabb>(&v)) {
    std::fprintf(stderr, "aabb");
    print("min", b->min);
    print("max", b->max);
  } else if (const auto* o = std::get_if<Obb>(&v)) {
    std::fprintf(stderr, "obb");
    print("center", o->center);
    print("u0", o->axis[0]);
    print("u1", o->axis[1]);
    print("u2", o->axis[2]);
    print("halfExtents", o->halfExtents);
  } else if (const auto* t = std::get_if<Triangle>(&v)) {
    std::fprintf(stderr, "triangle");
    print("a", t->a);
    print("b", t->b);
    print("c", t->c);
  } else if (const auto* d = std::get_if<Kdop>(&v)) {
    std::fprintf(stderr, "kdop k=%d", d->k);
    for (int i = 0; i < d->slabCount(); ++i) std::fprintf(stderr, " [%a, %a]", d->min[i], d->max[i]);
  }
  std::fprintf(stderr, "\n");
}

// ---- Sweeps: one answer for both orders, and the static test's at the time of contact.

// The largest magnitude of the volume's points, and of a k-DOP's slab values too.
double magnitude(const Volume& v) {
  const Aabb box = boundingBox(v);
  double m = maxComponent(max(abs(box.min), abs(box.max)));
  if (const auto* k = std::get_if<Kdop>(&v))
    for (int i = 0; i < k->slabCount(); ++i) m = std::fmax(m, std::fmax(std::fabs(k->min[i]), std::fabs(k->max[i])));
  return m;
}

// The volume translated by d, of its own type (a k-DOP's slabs moved and its polytope rebuilt;
// none when the moved slabs no longer make one).
std::optional<Volume> movedBy(const Volume& v, Vec3 d) {
  if (const auto* t = std::get_if<Triangle>(&v)) return Triangle{t->a + d, t->b + d, t->c + d};
  if (const auto* s = std::get_if<Sphere>(&v)) return Sphere{s->center + d, s->radius};
  if (const auto* b = std::get_if<Aabb>(&v)) return Aabb{b->min + d, b->max + d};
  if (const auto* o = std::get_if<Obb>(&v)) {
    Obb moved = *o;
    moved.center = moved.center + d;
    return moved;
  }
  const Kdop& k = std::get<Kdop>(v);
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int i = 0; i < k.slabCount(); ++i) {
    const double shift = dot(toVec3(kdopDirections(k.k)[i]), d);
    lo[i] = k.min[i] + shift, hi[i] = k.max[i] + shift;
  }
  Kdop moved;
  if (!tryMakeKdop(k.k, lo, hi, k.slabCount(), moved)) return std::nullopt;
  return Volume(moved);
}

[[noreturn]] void sweepFailure(const char* what, const Volume& a, const Volume& b, const Motion& m, double time) {
  std::fprintf(stderr, "sweep: %s (time %a)\n", what, time);
  print("a", a);
  print("b", b);
  std::fprintf(stderr, "motion:");
  print("velocityA", m.velocityA);
  print("velocityB", m.velocityB);
  std::fprintf(stderr, " maxTime %a\n", m.maxTime);
  std::abort();
}

// The volume grown (delta > 0) or shrunk (delta < 0) by |delta| on every side; none when nothing
// is left. The sweep's contract is relative to the whole motion's size, of which the volumes at
// one time know nothing: the moves alone round by ulps of the distance travelled.
std::optional<Volume> grownBy(const Volume& v, double delta) {
  if (const auto* s = std::get_if<Sphere>(&v)) {
    if (!(s->radius + delta >= 0)) return std::nullopt;
    return Sphere{s->center, s->radius + delta};
  }
  const Vec3 d{delta, delta, delta};
  if (const auto* b = std::get_if<Aabb>(&v)) {
    const Aabb g{b->min - d, b->max + d};
    if (!(g.min.x <= g.max.x && g.min.y <= g.max.y && g.min.z <= g.max.z)) return std::nullopt;
    return g;
  }
  if (const auto* o = std::get_if<Obb>(&v)) {
    Obb g = *o;
    g.halfExtents = g.halfExtents + d;
    if (!(g.halfExtents.x >= 0 && g.halfExtents.y >= 0 && g.halfExtents.z >= 0)) return std::nullopt;
    return g;
  }
  const Kdop& k = std::get<Kdop>(v);
  double lo[kMaxKdopSlabs], hi[kMaxKdopSlabs];
  for (int i = 0; i < k.slabCount(); ++i) {
    const double grow = delta * length(toVec3(kdopDirections(k.k)[i]));
    lo[i] = k.min[i] - grow, hi[i] = k.max[i] + grow;
  }
  Kdop g;
  if (!tryMakeKdop(k.k, lo, hi, k.slabCount(), g)) return std::nullopt;
  return Volume(g);
}

// The pair with B moved by d and both grown by delta (shrunk when negative) overlaps; none when
// a volume cannot be built. A triangle stays as it is (grown, it is no triangle) and the other
// volume takes its share: grown or shrunk by 2 delta; two triangles are not checked.
std::optional<bool> overlapsMoved(const Volume& a, const Volume& b, Vec3 d, double delta) {
  const std::optional<Volume> bt = movedBy(b, d);
  if (!bt) return std::nullopt;
  if (isTriangle(a) && isTriangle(b)) return std::nullopt;
  const double deltaA = isTriangle(a) ? 0 : isTriangle(b) ? 2 * delta : delta;
  const double deltaB = isTriangle(b) ? 0 : isTriangle(a) ? 2 * delta : delta;
  const std::optional<Volume> ga = deltaA == 0 ? std::optional<Volume>(a) : grownBy(a, deltaA);
  const std::optional<Volume> gb = deltaB == 0 ? bt : grownBy(*bt, deltaB);
  if (!ga || !gb) return std::nullopt;
  return overlaps(*ga, *gb);
}

void checkSweep(const Volume& a, const Volume& b, Bytes& in) {
  const Motion m{in.vec3(), in.vec3(), std::fabs(in.number())};
  const auto ab = timeOfImpact(a, b, m);
  const auto ba = timeOfImpact(b, a, {m.velocityB, m.velocityA, m.maxTime});
  if (ab.ok() != ba.ok()) sweepFailure("one order refuses the motion", a, b, m, 0);
  if (!ab.ok()) return;
  // The rest where the sweep's exactness contract holds: ordinary magnitudes (a sweep is not
  // range-scaled as overlaps() is), a finite horizon, a relative motion that moves.
  const Vec3 w = m.velocityB - m.velocityA;
  const double speed = length(w), reach = speed * m.maxTime;
  const double size = magnitude(a) + magnitude(b) + reach;
  // A triangle's axes are cross products of its edges, squared when normalised: the fourth power
  // of its coordinates, which must stay within the doubles (ARCHITECTURE.md, sweeps).
  const double range = isTriangle(a) || isTriangle(b) ? 1e50 : 1e100;
  if (!(size < range && size > 1 / range && speed > 1 / range && std::isfinite(m.maxTime))) return;
  if (ab->hit != ba->hit || !(ab->time == ba->time) || !(ab->normal == -ba->normal))
    sweepFailure("the two orders disagree", a, b, m, ab->time);
  if (!ab->hit) return;
  // At the contact time they meet, within the exactness band of the motion's size.
  const double band = 1e-6 * size;
  if (overlapsMoved(a, b, w * ab->time, band) == false) sweepFailure("apart at the contact time", a, b, m, ab->time);
  // Before it, by more than the band: apart (shrunk by the band, as a graze may come that close).
  const double before = ab->time - 1e-4 * size / speed;
  if (before > 0 && overlapsMoved(a, b, w * before, -band) == true)
    sweepFailure("overlapping before the contact time", a, b, m, ab->time);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes in(data, size);
  const std::optional<Volume> a = decodeVolume(in);
  if (!a) return 0;
  const std::optional<Volume> b = decodeVolume(in);
  if (!b) return 0;
  const bool ab = overlaps(*a, *b), ba = overlaps(*b, *a);
  const bool reportAb = collide(*a, *b).overlap, reportBa = collide(*b, *a).overlap;
  if (ab == ba && ab == reportAb && ab == reportBa) {
    checkSweep(*a, *b, in);
    return 0;
  }
  std::fprintf(stderr,
               "one answer per pair broken: overlaps(a, b) %d, overlaps(b, a) %d, "
               "collide(a, b) %d, collide(b, a) %d\n",
               ab, ba, reportAb, reportBa);
  print("a", *a);
  print("b", *b);
  std::abort();
}
