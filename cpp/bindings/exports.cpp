// Plain exports for the hot paths: no Embind marshalling, just numbers through the scratch area
// (scratch.h) and pointers into the WebAssembly heap. Results: >= 0 an answer, -1 slot 0
// invalid, -2 slot 1 invalid, -3 invalid query arguments (lastError() says why).

#include <emscripten/emscripten.h>

#include <cstdint>

#include "scratch.h"

using namespace sepaxis;
using namespace sepaxis::bindings;

namespace {

double* io() { return scratch() + kIoOffset; }
Vec3 ioVec(int at) { return {io()[at], io()[at + 1], io()[at + 2]}; }
void ioWrite(int at, Vec3 v) { io()[at] = v.x, io()[at + 1] = v.y, io()[at + 2] = v.z; }

// A cast's result: io[8] distance, io[9..12) point, io[12..15) normal, io[15] startsInside.
int writeHit(const RayHit& h) {
  io()[8] = h.distance;
  ioWrite(9, h.point);
  ioWrite(12, h.normal);
  io()[15] = h.startsInside;
  return h.hit;
}

int decodeBoth() {
  if (!decode(0)) return -1;
  if (!decode(1)) return -2;
  return 0;
}

bool read(const double* p, int, Sphere& s) { return readSphere(p, s); }
bool read(const double* p, int, Aabb& b) { return readAabb(p, b); }
bool read(const double* p, int code, Obb& b) { return readObb(p, code, b); }

// Never returned unless a reader and decode() disagree (a bug): JS reports it as internal.
constexpr int kReadersDisagree = -5;

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

// A volume that does not read is decoded again, only to set lastError(): decode() runs the same
// reader, so it fails too.
template <class A, class B>
int overlapsRead(const double* pa, int typeA, const double* pb, int typeB) {
  ReadVolume<A> ra;
  ReadVolume<B> rb;
  A& a = ra.at(0);
  B& b = rb.at(1);
  if (!read(pa, typeA, a)) return decode(0) ? kReadersDisagree : -1;
  if (!read(pb, typeB, b)) return decode(1) ? kReadersDisagree : -2;
  return int(overlaps(a, b));
}

// The pairs whose test is a call into the core anyway go out of line, so that sx_overlaps itself
// needs no stack frame: the sphere and AABB pairs, inlined there, then run without one.
template <class A, class B>
__attribute__((noinline)) int overlapsReadOutOfLine(const double* pa, int typeA, const double* pb, int typeB) {
  return overlapsRead<A, B>(pa, typeA, pb, typeB);
}

// Pairs with a k-DOP: both slots decoded (k-DOPs through the cache), then visited.
__attribute__((noinline)) int overlapsDecoded() {
  if (int status = decodeBoth()) return status;
  return visitSlot(0, [](const auto& a) {
    return visitSlot(1, [&](const auto& b) { return int(overlaps(a, b)); });
  });
}

// type and precision packed as type + 8 * precision: the exports stay within a few arguments.
BatchLayout layout(int typeAndPrecision, int k, uintptr_t data, uint32_t stride) {
  return {VolumeType(typeAndPrecision & 7), k, reinterpret_cast<const void*>(data), stride,
          Precision(typeAndPrecision >> 3)};
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE double* sx_scratch() { return scratch(); }

// The single overlaps() call. typeA and typeB are the type codes JavaScript has just written to
// the slots (as arguments, they cost no float-to-int conversion). Spheres, AABBs and OBBs are read
// straight from the scratch area into the volumes the pair needs; pairs with a k-DOP decode both
// slots (through the k-DOP cache) and visit them.
EMSCRIPTEN_KEEPALIVE int sx_overlaps(int typeA, int typeB) {
  const double* pa = slotData(0);
  const double* pb = slotData(1);
  switch (typeA * 8 + typeB) {
    case 0 * 8 + 0: return overlapsRead<Sphere, Sphere>(pa, typeA, pb, typeB);
    case 1 * 8 + 1: return overlapsRead<Aabb, Aabb>(pa, typeA, pb, typeB);
    case 0 * 8 + 1: return overlapsReadOutOfLine<Sphere, Aabb>(pa, typeA, pb, typeB);
    case 0 * 8 + 2: case 0 * 8 + 4: return overlapsReadOutOfLine<Sphere, Obb>(pa, typeA, pb, typeB);
    case 1 * 8 + 0: return overlapsReadOutOfLine<Aabb, Sphere>(pa, typeA, pb, typeB);
    case 1 * 8 + 2: case 1 * 8 + 4: return overlapsReadOutOfLine<Aabb, Obb>(pa, typeA, pb, typeB);
    case 2 * 8 + 0: case 4 * 8 + 0: return overlapsReadOutOfLine<Obb, Sphere>(pa, typeA, pb, typeB);
    case 2 * 8 + 1: case 4 * 8 + 1: return overlapsReadOutOfLine<Obb, Aabb>(pa, typeA, pb, typeB);
    case 2 * 8 + 2: case 2 * 8 + 4: case 4 * 8 + 2: case 4 * 8 + 4:
      return overlapsReadOutOfLine<Obb, Obb>(pa, typeA, pb, typeB);
    default: return overlapsDecoded();
  }
}

EMSCRIPTEN_KEEPALIVE int sx_overlaps_conservative() {
  if (int status = decodeBoth()) return status;
  return int(overlapsConservative(*slot(0).kdop, *slot(1).kdop));
}

// io[0..3): the point.
EMSCRIPTEN_KEEPALIVE int sx_contains() {
  if (!decode(0)) return -1;
  const Vec3 p = ioVec(0);
  return visitSlot(0, [&](const auto& v) { return int(contains(v, p)); });
}

// io[0..3): the point; writes the closest point to io[3..6).
EMSCRIPTEN_KEEPALIVE int sx_closest_point() {
  if (!decode(0)) return -1;
  const Vec3 p = ioVec(0);
  ioWrite(3, visitSlot(0, [&](const auto& v) { return closestPoint(v, p); }));
  return 0;
}

// io[0..3) origin, io[3..6) direction, io[6] maxDistance; writes io[8] distance,
// io[9..12) point, io[12..15) normal, io[15] startsInside. Returns 1 hit, 0 miss.
EMSCRIPTEN_KEEPALIVE int sx_raycast() {
  if (!decode(0)) return -1;
  const Vec3 origin = ioVec(0), direction = ioVec(3);
  const double maxDistance = io()[6];
  return writeHit(visitSlot(0, [&](const auto& v) { return raycast(v, origin, direction, maxDistance); }));
}

// io[0..3) p, io[3..6) q; writes the hit as sx_raycast does (distance measured from p).
EMSCRIPTEN_KEEPALIVE int sx_segment_cast() {
  if (!decode(0)) return -1;
  const Vec3 p = ioVec(0), q = ioVec(3);
  return writeHit(visitSlot(0, [&](const auto& v) { return segmentCast(Volume(v), p, q); }));
}

// Writes min to io[0..3), max to io[3..6).
EMSCRIPTEN_KEEPALIVE int sx_bounding_box() {
  if (!decode(0)) return -1;
  const Aabb box = visitSlot(0, [](const auto& v) { return boundingBox(v); });
  ioWrite(0, box.min);
  ioWrite(3, box.max);
  return 0;
}

EMSCRIPTEN_KEEPALIVE uint32_t sx_overlaps_pairwise(int typeA, int kA, uintptr_t a, uint32_t strideA, int typeB,
                                                   int kB, uintptr_t b, uint32_t strideB, uint32_t count,
                                                   uintptr_t out) {
  return uint32_t(overlapsPairwise(layout(typeA, kA, a, strideA), layout(typeB, kB, b, strideB), count,
                                   reinterpret_cast<uint8_t*>(out)));
}

// The one volume is slot 0 (decode it first with sx_decode).
EMSCRIPTEN_KEEPALIVE uint32_t sx_overlaps_one_to_many(int type, int k, uintptr_t data, uint32_t stride,
                                                      uint32_t count, uintptr_t out) {
  const BatchLayout many = layout(type, k, data, stride);
  uint8_t* results = reinterpret_cast<uint8_t*>(out);
  return uint32_t(visitSlot(0, [&](const auto& one) { return overlapsOneToMany(Volume{one}, many, count, results); }));
}

EMSCRIPTEN_KEEPALIVE int sx_decode(int index) { return decode(index) ? 0 : -1 - index; }

// Stores the volume of slot `index` (decoded, so validated, and an OBB given by a quaternion has
// its axes) as element i of a batch of its type. Returns 0, -1 - index when invalid, -4 when the
// batch holds another type or k.
EMSCRIPTEN_KEEPALIVE int sx_store(int index, int type, int k, uintptr_t data, uint32_t stride, uint32_t i) {
  if (!decode(index)) return -1 - index;
  const Slot& s = slot(index);
  const bool f32 = type >> 3;
  type &= 7;
  if (int(s.type) != type || (s.type == VolumeType::Kdop && s.kdop->k != k)) return -4;
  // Float32 batches store the nearest float: the batch then holds that volume, exactly.
  auto put = [&](int f, double v) {
    const size_t at = size_t(f) * stride + i;
    if (f32) reinterpret_cast<float*>(data)[at] = float(v);
    else reinterpret_cast<double*>(data)[at] = v;
  };
  auto putVec = [&](int f, Vec3 v) { put(f, v.x), put(f + 1, v.y), put(f + 2, v.z); };
  switch (s.type) {
    case VolumeType::Sphere: putVec(0, s.sphere.center), put(3, s.sphere.radius); break;
    case VolumeType::Aabb: putVec(0, s.aabb.min), putVec(3, s.aabb.max); break;
    case VolumeType::Obb:
      putVec(0, s.obb.center);
      for (int a = 0; a < 3; ++a) putVec(3 + 3 * a, s.obb.axis[a]);
      putVec(12, s.obb.halfExtents);
      break;
    case VolumeType::Kdop:
      for (int f = 0; f < k / 2; ++f) put(f, s.kdop->min[f]), put(k / 2 + f, s.kdop->max[f]);
      break;
  }
  return 0;
}

}  // extern "C"
