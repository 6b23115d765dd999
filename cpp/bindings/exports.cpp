// Plain exports for the hot paths: no Embind marshalling, just numbers through the scratch area
// (scratch.h) and pointers into the WebAssembly heap. Results: >= 0 an answer, < 0 a status of
// wire.h (an invalid slot: lastError() says why). io offsets are wire.h's kIo*.

#include <emscripten/emscripten.h>

#include <cstdint>

#include "../src/platform.h"  // the core's attributes (SEPAXIS_NOINLINE); nothing else of cpp/src
#include "scratch.h"

using namespace sepaxis;
using namespace sepaxis::bindings;

namespace {

using namespace sepaxis::wire;

double* io() { return scratch() + kIo; }
Vec3 ioVec(int at) { return {io()[at], io()[at + 1], io()[at + 2]}; }
void ioWrite(int at, Vec3 v) { io()[at] = v.x, io()[at + 1] = v.y, io()[at + 2] = v.z; }

// A cast's result: distance, point, normal, startsInside.
int writeHit(const RayHit& h) {
  io()[kIoHitDistance] = h.distance;
  ioWrite(kIoHitPoint, h.point);
  ioWrite(kIoHitNormal, h.normal);
  io()[kIoHitStartsInside] = h.startsInside;
  ioWrite(kIoHitBarycentric, h.barycentric);
  return h.hit;
}

int decodeBoth() {
  if (!decode(0)) return kSlotAInvalid;
  if (!decode(1)) return kSlotBInvalid;
  return 0;
}

bool read(const double* p, int, Sphere& s) { return readSphere(p, s); }
bool read(const double* p, int, Aabb& b) { return readAabb(p, b); }
bool read(const double* p, int code, Obb& b) { return readObb(p, code, b); }

// Where a slot's volume is read to: a local, except for OBBs. A local Obb would first be set to
// the identity axes (a 72-byte memcpy call) only to be read over; these two are set once.
Obb gObbs[2];
template <class V>
struct ReadVolume {
  V volume;
  V& at(int) { return volume; }
};
template <>
struct ReadVolume<Obb> {
  Obb& at(int index) { return gObbs[index]; }
};

// A volume that does not read has its validator name the problem (failSlot), out of line.
template <class A, class B>
int overlapsRead(const double* pa, int typeA, const double* pb, int typeB) {
  ReadVolume<A> ra;
  ReadVolume<B> rb;
  A& a = ra.at(0);
  B& b = rb.at(1);
  if (!read(pa, typeA, a)) return failSlot(0);
  if (!read(pb, typeB, b)) return failSlot(1);
  return int(overlaps(a, b));
}

// The pairs whose test is a call into the core anyway go out of line, so that sx_overlaps itself
// needs no stack frame: the sphere and AABB pairs, inlined there, then run without one.
template <class A, class B>
SEPAXIS_NOINLINE int overlapsReadOutOfLine(const double* pa, int typeA, const double* pb, int typeB) {
  return overlapsRead<A, B>(pa, typeA, pb, typeB);
}

// Pairs with a k-DOP: both slots decoded (k-DOPs through the cache), then visited.
SEPAXIS_NOINLINE int overlapsDecoded() {
  if (int status = decodeBoth()) return status;
  return visitSlot(0, [](const auto& a) { return visitSlot(1, [&](const auto& b) { return int(overlaps(a, b)); }); });
}

// type and precision packed as type + kFloat32 * precision: the exports stay within a few arguments.
BatchLayout layout(int typeAndPrecision, int k, uintptr_t data, uint32_t stride) {
  return {VolumeType(typeAndPrecision & kTypeMask), k, reinterpret_cast<const void*>(data), stride,
          typeAndPrecision & kFloat32 ? Precision::Float32 : Precision::Float64};
}

#if SEPAXIS_WASM_FULL
Motion ioMotion() { return {ioVec(kIoVelocityA), ioVec(kIoVelocityB), io()[kIoMaxTime]}; }

// The other pairs through the variant.
template <class A, class B>
Expected<SweepHit> slotTimeOfImpact(const A& a, const B& b, const Motion& m) {
  return timeOfImpact(Volume(a), Volume(b), m);
}

// A sweep's answer into io (time, normal): 1 hit, 0 miss.
int writeSweepHit(const Expected<SweepHit>& h) {
  if (!h) {  // refused by the core after JS's checks: a bug, but still a message rather than a number
    setLastError(h.error().message);
    return kSlotAInvalid;
  }
  io()[kIoSweepTime] = h->time;
  ioWrite(kIoSweepNormal, h->normal);
  return h->hit;
}

// Two OBBs read straight from their slots, as sx_overlaps reads them: no decode, no visit.
SEPAXIS_NOINLINE int timeOfImpactObbs(const double* pa, int typeA, const double* pb, int typeB) {
  Obb& a = gObbs[0];
  Obb& b = gObbs[1];
  if (!readObb(pa, typeA, a)) return failSlot(0);
  if (!readObb(pb, typeB, b)) return failSlot(1);
  return writeSweepHit(timeOfImpact(a, b, ioMotion()));
}
#endif

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE double* sx_scratch() { return scratch(); }

// The fingerprint of the wire this module was built with (wire.h), for the check that dist/wire.js
// belongs to it: one constant, where the table's names would weigh ~1 kB of the download.
EMSCRIPTEN_KEEPALIVE uint32_t sx_wire_fingerprint() { return wire::wireFingerprint(); }

// The single overlaps() call. typeA and typeB are the type codes JavaScript has just written to
// the slots (as arguments, they cost no float-to-int conversion). Spheres, AABBs and OBBs are read
// straight from the scratch area into the volumes the pair needs; pairs with a k-DOP decode both
// slots (through the k-DOP cache) and visit them.
EMSCRIPTEN_KEEPALIVE int sx_overlaps(int typeA, int typeB) {
  const double* pa = slotData(0);
  const double* pb = slotData(1);
  // One case per pair of type codes (each below 8).
  constexpr int S = kTypeSphere, A = kTypeAabb, O = kTypeObb, Q = kTypeObbQuaternion;
  switch (typeA * 8 + typeB) {
    case S * 8 + S: return overlapsRead<Sphere, Sphere>(pa, typeA, pb, typeB);
    case A * 8 + A: return overlapsRead<Aabb, Aabb>(pa, typeA, pb, typeB);
    case S * 8 + A: return overlapsReadOutOfLine<Sphere, Aabb>(pa, typeA, pb, typeB);
    case S * 8 + O:
    case S * 8 + Q: return overlapsReadOutOfLine<Sphere, Obb>(pa, typeA, pb, typeB);
    case A * 8 + S: return overlapsReadOutOfLine<Aabb, Sphere>(pa, typeA, pb, typeB);
    case A * 8 + O:
    case A * 8 + Q: return overlapsReadOutOfLine<Aabb, Obb>(pa, typeA, pb, typeB);
    case O * 8 + S:
    case Q * 8 + S: return overlapsReadOutOfLine<Obb, Sphere>(pa, typeA, pb, typeB);
    case O * 8 + A:
    case Q * 8 + A: return overlapsReadOutOfLine<Obb, Aabb>(pa, typeA, pb, typeB);
    case O * 8 + O:
    case O * 8 + Q:
    case Q * 8 + O:
    case Q * 8 + Q: return overlapsReadOutOfLine<Obb, Obb>(pa, typeA, pb, typeB);
    default: return overlapsDecoded();
  }
}

EMSCRIPTEN_KEEPALIVE int sx_overlaps_conservative() {
  if (int status = decodeBoth()) return status;
  return int(overlapsConservative(*slot(0).kdop, *slot(1).kdop));
}

// io: the point.
EMSCRIPTEN_KEEPALIVE int sx_contains() {
  if (!decode(0)) return kSlotAInvalid;
  const Vec3 p = ioVec(kIoPoint);
  return visitSlot(0, [&](const auto& v) { return int(contains(v, p)); });
}

// io: the point; writes the closest point.
EMSCRIPTEN_KEEPALIVE int sx_closest_point() {
  if (!decode(0)) return kSlotAInvalid;
  const Vec3 p = ioVec(kIoPoint);
  ioWrite(kIoClosestPoint, visitSlot(0, [&](const auto& v) { return closestPoint(v, p); }));
  return 0;
}

// io: origin, direction, maxDistance; writes the hit (writeHit). Returns 1 hit, 0 miss.
EMSCRIPTEN_KEEPALIVE int sx_raycast() {
  if (!decode(0)) return kSlotAInvalid;
  const Vec3 origin = ioVec(kIoOrigin), direction = ioVec(kIoDirection);
  const double maxDistance = io()[kIoMaxDistance];
  return writeHit(visitSlot(0, [&](const auto& v) { return raycast(v, origin, direction, maxDistance); }));
}

// io: p at kIoOrigin, q at kIoDirection; writes the hit as sx_raycast does (distance measured from p).
EMSCRIPTEN_KEEPALIVE int sx_segment_cast() {
  if (!decode(0)) return kSlotAInvalid;
  const Vec3 p = ioVec(kIoOrigin), q = ioVec(kIoDirection);
  return writeHit(visitSlot(0, [&](const auto& v) { return segmentCast(Volume(v), p, q); }));
}

#if SEPAXIS_WASM_FULL
// Both slots (their type codes as arguments, as sx_overlaps takes them) and the motion in io
// (velocityA, velocityB, maxTime, checked by JS, which names the fields); writes the time and the
// normal. Returns 1 hit, 0 miss.
EMSCRIPTEN_KEEPALIVE int sx_time_of_impact(int typeA, int typeB) {
  const bool obbA = typeA == kTypeObb || typeA == kTypeObbQuaternion;
  const bool obbB = typeB == kTypeObb || typeB == kTypeObbQuaternion;
  if (obbA && obbB) return timeOfImpactObbs(slotData(0), typeA, slotData(1), typeB);
  if (const int status = decodeBoth()) return status;
  const Motion m = ioMotion();
  return writeSweepHit(visitSlot(
      0, [&](const auto& a) { return visitSlot(1, [&](const auto& b) { return slotTimeOfImpact(a, b, m); }); }));
}
#endif

// Writes the box to io.
EMSCRIPTEN_KEEPALIVE int sx_bounding_box() {
  if (!decode(0)) return kSlotAInvalid;
  const Aabb box = visitSlot(0, [](const auto& v) { return boundingBox(v); });
  ioWrite(kIoBoxMin, box.min);
  ioWrite(kIoBoxMax, box.max);
  return 0;
}

EMSCRIPTEN_KEEPALIVE uint32_t sx_overlaps_pairwise(int typeA, int kA, uintptr_t a, uint32_t strideA, int typeB, int kB,
                                                   uintptr_t b, uint32_t strideB, uint32_t count, uintptr_t out) {
  return uint32_t(overlapsPairwise(layout(typeA, kA, a, strideA), layout(typeB, kB, b, strideB), count,
                                   reinterpret_cast<uint8_t*>(out)));
}

// The one volume is slot 0 (decode it first with sx_decode).
EMSCRIPTEN_KEEPALIVE uint32_t sx_overlaps_one_to_many(int type, int k, uintptr_t data, uint32_t stride, uint32_t count,
                                                      uintptr_t out) {
  const BatchLayout many = layout(type, k, data, stride);
  uint8_t* results = reinterpret_cast<uint8_t*>(out);
  return uint32_t(visitSlot(0, [&](const auto& one) { return overlapsOneToMany(Volume{one}, many, count, results); }));
}

EMSCRIPTEN_KEEPALIVE int sx_decode(int index) { return decode(index) ? 0 : slotInvalid(index); }

// Stores the volume of slot `index` (decoded, so validated, and an OBB given by a quaternion has
// its axes) as element i of a batch of its type. Returns 0, slotInvalid(index) when invalid,
// kWrongBatchType when the batch holds another type or k.
EMSCRIPTEN_KEEPALIVE int sx_store(int index, int type, int k, uintptr_t data, uint32_t stride, uint32_t i) {
  if (!decode(index)) return slotInvalid(index);
  const Slot& s = slot(index);
  const bool f32 = type & kFloat32;
  type &= kTypeMask;
  if (s.type == VolumeType::Triangle || int(s.type) != type || (s.type == VolumeType::Kdop && s.kdop->k != k))
    return kWrongBatchType;
  // Float32 batches store the nearest float: the batch then holds that volume, exactly.
  auto put = [&](int f, double v) {
    const size_t at = size_t(f) * stride + i;
    if (f32)
      reinterpret_cast<float*>(data)[at] = float(v);
    else
      reinterpret_cast<double*>(data)[at] = v;
  };
  auto putVec = [&](int f, Vec3 v) { put(f, v.x), put(f + 1, v.y), put(f + 2, v.z); };
  using namespace batch_field;
  switch (s.type) {
    case VolumeType::Sphere: putVec(kSphereCenter, s.sphere.center), put(kSphereRadius, s.sphere.radius); break;
    case VolumeType::Aabb: putVec(kAabbMin, s.aabb.min), putVec(kAabbMax, s.aabb.max); break;
    case VolumeType::Obb:
      putVec(kObbCenter, s.obb.center);
      for (int a = 0; a < 3; ++a) putVec(kObbAxes + 3 * a, s.obb.axis[a]);
      putVec(kObbHalfExtents, s.obb.halfExtents);
      break;
    case VolumeType::Kdop:
      for (int j = 0; j < k / 2; ++j) put(kdopMin(k, j), s.kdop->min[j]), put(kdopMax(k, j), s.kdop->max[j]);
      break;
    case VolumeType::Triangle: break;  // refused above
  }
  return 0;
}

}  // extern "C"
