// Plain exports for the World (sepaxis/world.h) of the package's createWorld() (web/lib/world.js).
// Mapping only: numbers in (the scratch slot, io, and the world's own arrays that JavaScript fills
// through typed-array views), a call of the World, numbers out. Results: >= 0 an answer, < 0 a
// status of wire.h, with io[kIoFailedIndex] naming the element and lastError() the core's message.
//
// A JsWorld keeps, next to its World, what JavaScript writes and reads in place:
// - the staging area of setPoses (ids, and 7 numbers per id), copied in by one TypedArray.set each;
// - the pose storage (world.poses): 7 numbers per slot of a body id (its low kWorldSlotBits bits),
//   updated by add and setPoses, and read back by commitPoses for every body;
// - the ids of the bodies (for commitPoses), with each slot's place in that list.
// None of it allocates once reserved for `capacity` bodies, so neither does a frame.

#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_set>
#include <vector>

#include "scratch.h"
#include "world_exports.h"

using namespace sepaxis;
using namespace sepaxis::bindings;
using namespace sepaxis::wire;

static_assert(sizeof(BodyId) == sizeof(uint32_t), "BodyId arrays are uint32 arrays in JavaScript");
// pairs() hands JavaScript the World's own vector as [a0, b0, a1, b1, ...].
static_assert(sizeof(BodyPair) == 2 * sizeof(uint32_t) && offsetof(BodyPair, b) == sizeof(uint32_t));
// contacts() hands it the World's normals as [x0, y0, z0, x1, ...].
static_assert(sizeof(Vec3) == 3 * sizeof(double) && offsetof(Vec3, y) == sizeof(double));

namespace {

constexpr uint32_t kSlotMask = (uint32_t{1} << kWorldSlotBits) - 1;
constexpr uint32_t kNotListed = 0xffffffffu;

struct JsWorld {
  World world;
  std::vector<BodyId> stagedIds;
  std::vector<double> stagedPoses;  // kPoseNumbers per staged id
  std::vector<double> slotPoses;    // kPoseNumbers per slot: world.poses
  std::vector<BodyId> bodies;       // every body, in no particular order
  std::vector<uint32_t> listed;     // by slot: its body's place in `bodies`, or kNotListed
  std::vector<BodyId> found;        // query's result
  std::vector<WorldRayHit> hits;    // raycastAll's
  std::vector<double> hitNumbers;   // raycastAll's, kRayHitNumbers per hit for JavaScript
  WorldContacts contacts;           // the last contacts()'s arrays (the World's own)

  void reserve(size_t n) {
    world.reserve(n);
    stagedIds.reserve(n), stagedPoses.reserve(n * kPoseNumbers);
    slotPoses.reserve(n * kPoseNumbers), listed.reserve(n);
    bodies.reserve(n), found.reserve(n);
  }
};

double* io() { return scratch() + kIo; }

int failAt(double index, int status) {
  io()[kIoFailedIndex] = index;
  return status;
}

/// makeRigidTransform's rules for 7 numbers (scale 1) into t; else its message as lastError().
bool readPose(const double* p, RigidTransform& t) {
  const Quat q{p[kPoseRotation], p[kPoseRotation + 1], p[kPoseRotation + 2], p[kPoseRotation + 3]};
  const Vec3 translation{p[kPoseTranslation], p[kPoseTranslation + 1], p[kPoseTranslation + 2]};
  if (tryMakeRigidTransform(q, translation, 1, t)) return true;
  setLastError(makeRigidTransform(q, translation).error().message);
  return false;
}

/// World::setPoses of `count` ids and their 7-number poses: all checked, then all moved, in one
/// call of the World (which makes each RigidTransform once). Only when it refuses are the
/// elements looked at again, to name the first bad one: an id named a second time
/// (kDuplicateBody: the World checks that last, so every element before it is good), an unknown
/// id (kUnknownBody) or a pose makeRigidTransform refuses (kInvalidPose), at io[kIoFailedIndex]
/// (ids[i] when `byId`); else the World's own Error (a pose out of the world's range:
/// kWorldRefused).
int movePoses(JsWorld& w, const BodyId* ids, const double* poses, size_t count, bool byId) {
  const Status s = w.world.setPoses(ids, poses, count);
  if (s) return 0;
  if (s.error().code == ErrorCode::DuplicateBody) {
    std::unordered_set<uint32_t> named;  // an error's path: allocating is fine here
    for (size_t i = 0; i < count; ++i)
      if (!named.insert(ids[i].value).second) return failAt(byId ? double(ids[i].value) : double(i), kDuplicateBody);
  }
  RigidTransform t;
  for (size_t i = 0; i < count; ++i) {
    const double at = byId ? double(ids[i].value) : double(i);
    if (!w.world.contains(ids[i])) return failAt(at, kUnknownBody);
    if (!readPose(poses + i * kPoseNumbers, t)) return failAt(at, kInvalidPose);
  }
  setLastError(s.error().message);
  return failAt(-1, kWorldRefused);
}

}  // namespace

World& sepaxis::bindings::worldOf(uintptr_t handle) { return reinterpret_cast<JsWorld*>(handle)->world; }

int sepaxis::bindings::addWorldBody(uintptr_t handle,
                                    const std::function<Expected<BodyId>(World&, const RigidTransform&)>& add) {
  JsWorld* w = reinterpret_cast<JsWorld*>(handle);
  double pose[kPoseNumbers];
  std::memcpy(pose + kPoseRotation, io() + kIoRotation, 4 * sizeof(double));
  std::memcpy(pose + kPoseTranslation, io() + kIoTranslation, 3 * sizeof(double));
  RigidTransform t;
  if (!readPose(pose, t)) return failAt(0, kInvalidPose);
  // Room first, so that nothing can fail after the World has the body.
  const size_t bodies = w->world.count() + 1;
  if (w->bodies.capacity() < bodies) w->reserve(2 * bodies);
  auto id = add(w->world, t);
  if (!id) {
    setLastError(id.error().message);
    return failAt(0, kWorldRefused);
  }
  const uint32_t slot = id->value & kSlotMask;
  if (w->listed.size() <= slot) {
    w->listed.resize(slot + 1, kNotListed);
    w->slotPoses.resize(size_t(slot + 1) * kPoseNumbers);
  }
  w->listed[slot] = uint32_t(w->bodies.size());
  w->bodies.push_back(*id);
  std::memcpy(&w->slotPoses[size_t(slot) * kPoseNumbers], pose, sizeof pose);
  io()[kIoBody] = id->value;
  return 0;
}

extern "C" {

EMSCRIPTEN_KEEPALIVE JsWorld* sx_world_create(uint32_t capacity) {
  JsWorld* w = new JsWorld;
  w->reserve(capacity);
  return w;
}

EMSCRIPTEN_KEEPALIVE void sx_world_destroy(JsWorld* w) { delete w; }

// World::setThreads (threads >= 1: JavaScript checks it); returns the threads the World runs on.
EMSCRIPTEN_KEEPALIVE uint32_t sx_world_set_threads(JsWorld* w, uint32_t threads) {
  (void)w->world.setThreads(threads);
  return w->world.threads();
}

EMSCRIPTEN_KEEPALIVE uint32_t sx_world_count(const JsWorld* w) { return uint32_t(w->world.count()); }

EMSCRIPTEN_KEEPALIVE int sx_world_contains(const JsWorld* w, uint32_t id) { return w->world.contains(BodyId{id}); }

// Slot 0 holds the local volume, io the pose (kIoRotation, kIoTranslation). The id goes to
// io[kIoBody]. Returns 0, kSlotAInvalid (the volume), kInvalidPose or kWorldRefused.
EMSCRIPTEN_KEEPALIVE int sx_world_add(JsWorld* w) {
  if (!decode(0)) return kSlotAInvalid;
  return addWorldBody(reinterpret_cast<uintptr_t>(w),
                      [](World& world, const RigidTransform& pose) { return world.add(slotVolume(0), pose); });
}

// Returns 0 or kUnknownBody.
EMSCRIPTEN_KEEPALIVE int sx_world_remove(JsWorld* w, uint32_t id) {
  if (!w->world.remove(BodyId{id})) return failAt(id, kUnknownBody);
  const uint32_t slot = id & kSlotMask, at = w->listed[slot];
  const BodyId last = w->bodies.back();
  w->bodies[at] = last;
  w->listed[last.value & kSlotMask] = at;
  w->bodies.pop_back();
  w->listed[slot] = kNotListed;
  return 0;
}

// Room for `count` staged ids and poses; JavaScript then takes the pointers below afresh.
EMSCRIPTEN_KEEPALIVE void sx_world_stage(JsWorld* w, uint32_t count) {
  if (w->stagedIds.size() < count) {
    w->stagedIds.resize(count);
    w->stagedPoses.resize(size_t(count) * kPoseNumbers);
  }
}
EMSCRIPTEN_KEEPALIVE BodyId* sx_world_staged_ids(JsWorld* w) { return w->stagedIds.data(); }
EMSCRIPTEN_KEEPALIVE double* sx_world_staged_poses(JsWorld* w) { return w->stagedPoses.data(); }
EMSCRIPTEN_KEEPALIVE uint32_t sx_world_staged_capacity(const JsWorld* w) { return uint32_t(w->stagedIds.size()); }

// The first `count` staged ids and poses: all checked, then all applied (or none). Returns 0,
// or kUnknownBody / kInvalidPose / kDuplicateBody with io[kIoFailedIndex] = the element, or
// kWorldRefused.
EMSCRIPTEN_KEEPALIVE int sx_world_set_poses(JsWorld* w, uint32_t count) {
  if (count > w->stagedIds.size()) {  // not staged: a bug of the caller
    setLastError("setPoses: " + std::to_string(count) + " poses were not staged");
    return failAt(count, kWorldRefused);
  }
  const BodyId* ids = w->stagedIds.data();
  const double* poses = w->stagedPoses.data();
  if (int status = movePoses(*w, ids, poses, count, false)) return status;
  for (uint32_t i = 0; i < count; ++i)
    std::memcpy(&w->slotPoses[size_t(ids[i].value & kSlotMask) * kPoseNumbers], poses + size_t(i) * kPoseNumbers,
                kPoseNumbers * sizeof(double));
  return 0;
}

// world.poses: kPoseNumbers per slot; JavaScript takes the pointer and length afresh after adds.
EMSCRIPTEN_KEEPALIVE double* sx_world_poses(JsWorld* w) { return w->slotPoses.data(); }
EMSCRIPTEN_KEEPALIVE uint32_t sx_world_pose_slots(const JsWorld* w) { return uint32_t(w->listed.size()); }

// Every body's pose from world.poses (gathered into the staging area in the order of `bodies`):
// all checked, then all applied. Returns 0, or kInvalidPose with io[kIoFailedIndex] = the body's
// id, or kWorldRefused.
EMSCRIPTEN_KEEPALIVE int sx_world_commit_poses(JsWorld* w) {
  const size_t count = w->bodies.size();
  sx_world_stage(w, uint32_t(count));
  double* staged = w->stagedPoses.data();
  for (size_t i = 0; i < count; ++i)
    std::memcpy(staged + i * kPoseNumbers, &w->slotPoses[size_t(w->bodies[i].value & kSlotMask) * kPoseNumbers],
                kPoseNumbers * sizeof(double));
  return movePoses(*w, w->bodies.data(), staged, count, true);
}

// Every overlapping pair once; the pairs are at sx_world_pairs_data, valid until the next call.
EMSCRIPTEN_KEEPALIVE uint32_t sx_world_pairs(JsWorld* w) { return uint32_t(w->world.pairs().size()); }
EMSCRIPTEN_KEEPALIVE const BodyPair* sx_world_pairs_data(JsWorld* w) { return w->world.pairs().data(); }
// Every overlapping pair with its minimum translation: the pairs at sx_world_contact_pairs, the
// normals (3 numbers a pair) and depths at sx_world_contact_normals and _depths, valid until the
// next call.
EMSCRIPTEN_KEEPALIVE uint32_t sx_world_contacts(JsWorld* w) {
  w->contacts = w->world.contacts();
  return uint32_t(w->contacts.count);
}
EMSCRIPTEN_KEEPALIVE const BodyPair* sx_world_contact_pairs(JsWorld* w) { return w->contacts.pairs; }
EMSCRIPTEN_KEEPALIVE const Vec3* sx_world_contact_normals(JsWorld* w) { return w->contacts.normals; }
EMSCRIPTEN_KEEPALIVE const double* sx_world_contact_depths(JsWorld* w) { return w->contacts.depths; }
EMSCRIPTEN_KEEPALIVE const int32_t* sx_world_contact_triangles(JsWorld* w) { return w->contacts.triangles; }
EMSCRIPTEN_KEEPALIVE uint32_t sx_world_broad_phase_pair_count(JsWorld* w) {
  return uint32_t(w->world.broadPhasePairCount());
}

// Slot 0 holds the world-space volume. Returns the number of bodies found (at
// sx_world_found_data), or kSlotAInvalid.
EMSCRIPTEN_KEEPALIVE int sx_world_query(JsWorld* w) {
  if (!decode(0)) return kSlotAInvalid;
  const Status s = w->world.query(slotVolume(0), w->found);
  if (!s) {
    setLastError(s.error().message);
    return failAt(-1, kWorldRefused);
  }
  return int(w->found.size());
}
EMSCRIPTEN_KEEPALIVE const BodyId* sx_world_found_data(JsWorld* w) { return w->found.data(); }

// io: origin, direction, maxDistance; writes the hit as sx_raycast does, the body to io[kIoBody]
// and the triangle hit of a mesh body to io[kIoMeshTriangle] (-1 for a volume body). Returns 1
// hit, 0 miss, or kWorldRefused.
EMSCRIPTEN_KEEPALIVE int sx_world_raycast(JsWorld* w) {
  const double* p = io();
  const Vec3 origin{p[kIoOrigin], p[kIoOrigin + 1], p[kIoOrigin + 2]};
  const Vec3 direction{p[kIoDirection], p[kIoDirection + 1], p[kIoDirection + 2]};
  const auto hit = w->world.raycast(origin, direction, p[kIoMaxDistance]);
  if (!hit) {
    setLastError(hit.error().message);
    return failAt(-1, kWorldRefused);
  }
  if (!hit->hit) return 0;
  double* out = io();
  out[kIoHitDistance] = hit->distance;
  out[kIoHitPoint] = hit->point.x, out[kIoHitPoint + 1] = hit->point.y, out[kIoHitPoint + 2] = hit->point.z;
  out[kIoHitNormal] = hit->normal.x, out[kIoHitNormal + 1] = hit->normal.y, out[kIoHitNormal + 2] = hit->normal.z;
  out[kIoHitStartsInside] = hit->startsInside;
  out[kIoBody] = hit->body.value;
  out[kIoMeshTriangle] = w->world.isMesh(hit->body) ? double(hit->triangle) : -1;
  return 1;
}

// io: origin, direction, maxDistance, as sx_world_raycast. Every hit into the world's list
// (kRayHitNumbers numbers each, at sx_world_hits_data), nearest first; returns their count, or
// kWorldRefused.
EMSCRIPTEN_KEEPALIVE int sx_world_raycast_all(JsWorld* w) {
  const double* p = io();
  const Vec3 origin{p[kIoOrigin], p[kIoOrigin + 1], p[kIoOrigin + 2]};
  const Vec3 direction{p[kIoDirection], p[kIoDirection + 1], p[kIoDirection + 2]};
  const Status s = w->world.raycastAll(origin, direction, p[kIoMaxDistance], w->hits);
  if (!s) {
    setLastError(s.error().message);
    return failAt(-1, kWorldRefused);
  }
  w->hitNumbers.resize(w->hits.size() * kRayHitNumbers);
  double* out = w->hitNumbers.data();
  for (const WorldRayHit& h : w->hits) {
    out[kRayHitBody] = h.body.value, out[kRayHitDistance] = h.distance;
    out[kRayHitPoint] = h.point.x, out[kRayHitPoint + 1] = h.point.y, out[kRayHitPoint + 2] = h.point.z;
    out[kRayHitNormal] = h.normal.x, out[kRayHitNormal + 1] = h.normal.y, out[kRayHitNormal + 2] = h.normal.z;
    out[kRayHitStartsInside] = h.startsInside;
    out[kRayHitTriangle] = w->world.isMesh(h.body) ? double(h.triangle) : -1;
    out += kRayHitNumbers;
  }
  return int(w->hits.size());
}
EMSCRIPTEN_KEEPALIVE const double* sx_world_hits_data(const JsWorld* w) { return w->hitNumbers.data(); }

// Slot 0 holds the moving world-space volume; io: velocityA (its velocity), maxTime, and at
// kIoBody the body to leave out (0: none). Writes the hit's time and normal as sx_time_of_impact
// does, its body to io[kIoBody] and its triangle (-1: a volume body) to io[kIoMeshTriangle]. Returns 1 hit, 0 miss,
// kSlotAInvalid or kWorldRefused.
EMSCRIPTEN_KEEPALIVE int sx_world_sweep(JsWorld* w) {
  if (!decode(0)) return kSlotAInvalid;
  const double* p = io();
  const Vec3 velocity{p[kIoVelocityA], p[kIoVelocityA + 1], p[kIoVelocityA + 2]};
  const auto hit = w->world.sweep(slotVolume(0), velocity, p[kIoMaxTime], BodyId{uint32_t(p[kIoBody])});
  if (!hit) {
    setLastError(hit.error().message);
    return failAt(-1, kWorldRefused);
  }
  if (!hit->hit) return 0;
  double* out = io();
  out[kIoSweepTime] = hit->time;
  out[kIoSweepNormal] = hit->normal.x, out[kIoSweepNormal + 1] = hit->normal.y, out[kIoSweepNormal + 2] = hit->normal.z;
  out[kIoBody] = hit->body.value;
  out[kIoMeshTriangle] = hit->triangle;
  return 1;
}

}  // extern "C"
