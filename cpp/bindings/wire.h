#pragma once
// The wire between the WebAssembly module and its JavaScript package (web/lib), declared once:
// the scratch area's layout, the type codes, the status codes and the batch field order (the
// core's own, sepaxis/batch.h). JavaScript does not repeat these numbers: the build compiles
// forEachWireConstant's table into a small program of its own (wire_js.cpp), runs it
// (scripts/wire-js.mjs) and writes wire.js, a module of plain `export const`s that
// scripts/build-package.sh puts into dist/. The shipped module carries only the table's
// fingerprint (sx_wire_fingerprint), not its names; tests/js/wire.test.js checks that dist/wire.js
// has the same fingerprint as the module it ships with.

#include <cstdint>

#include "sepaxis/batch.h"
#include "sepaxis/fit.h"
#include "sepaxis/mesh.h"
#include "sepaxis/world.h"

namespace sepaxis::wire {

// ---- Type codes: what JavaScript writes at a slot's [0], and passes to the batch exports.
inline constexpr int kTypeSphere = int(VolumeType::Sphere);  // 0
inline constexpr int kTypeAabb = int(VolumeType::Aabb);      // 1
inline constexpr int kTypeObb = int(VolumeType::Obb);        // 2, by its axes
inline constexpr int kTypeKdop = int(VolumeType::Kdop);      // 3
inline constexpr int kTypeObbQuaternion = 4;                 // an OBB by its rotation quaternion (slots only)
inline constexpr int kTypeTriangle = 5;                      // a triangle (slots only: batches hold none)
/// Batch exports take type + kFloat32 for float32 data (type and precision in one argument).
inline constexpr int kFloat32 = 8;
inline constexpr int kTypeMask = kFloat32 - 1;
static_assert(kTypeTriangle <= kTypeMask, "the type codes must stay below the precision flag");

// ---- fitPoints' option for an OBB: how hard it searches (sepaxis/fit.h, FitQuality).
inline constexpr int kFitFast = int(FitQuality::Fast);
inline constexpr int kFitTight = int(FitQuality::Tight);

// ---- Batch results: kBatchApart, kBatchOverlap or kBatchInvalid per element (batch.h).

// ---- Status codes the exports return: >= 0 an answer, < 0 one of these.
inline constexpr int kSlotAInvalid = -1;    ///< slot 0's volume is invalid: lastError() says why
inline constexpr int kSlotBInvalid = -2;    ///< slot 1's volume is invalid: lastError() says why
inline constexpr int kWrongBatchType = -4;  ///< sx_store: the batch holds another type (or k)
// The world exports (world_exports.cpp); io[kIoFailedIndex] says which element failed.
inline constexpr int kUnknownBody = -5;    ///< an id that is no body of the world (removed or never added)
inline constexpr int kInvalidPose = -6;    ///< a pose makeRigidTransform refuses: lastError() says why
inline constexpr int kWorldRefused = -7;   ///< the World refused the call: lastError() has its Error's message
inline constexpr int kDuplicateBody = -8;  ///< an id named a second time in one setPoses call (at io[kIoFailedIndex])
inline constexpr int kMeshRefused = -9;    ///< a mesh export refused its input: lastError() has the core's message
/// The status of slot `index` being invalid.
constexpr int slotInvalid(int index) { return kSlotAInvalid - index; }

// ---- The scratch area (doubles): two slots for volumes, then io for query arguments and results.
inline constexpr int kSlotDoubles = 64;
inline constexpr int kSlotA = 0;
inline constexpr int kSlotB = kSlotA + kSlotDoubles;
inline constexpr int kIo = kSlotB + kSlotDoubles;  // 128
inline constexpr int kIoDoubles = 32;
inline constexpr int kScratchDoubles = kIo + kIoDoubles;  // 160

// A slot: the type code at [kSlotType], then the volume's numbers. Spheres, AABBs and OBBs by
// their axes follow the batch field order (batch_field) from kSlotFields; a k-DOP has k at
// kSlotKdopK and its batch fields from kSlotKdopFields; an OBB by a quaternion has its centre,
// the quaternion x y z w and its half-extents.
inline constexpr int kSlotType = 0;
inline constexpr int kSlotFields = 1;
inline constexpr int kSlotKdopK = 1;
inline constexpr int kSlotKdopFields = 2;
inline constexpr int kSlotObbQuaternionCenter = 1;
inline constexpr int kSlotObbQuaternionRotation = 4;
inline constexpr int kSlotObbQuaternionHalfExtents = 8;
/// A triangle: its corners a, b, c (x y z each) from kSlotTriangleVertices.
inline constexpr int kSlotTriangleVertices = 1;
static_assert(kSlotFields + batch_field::kObbCount <= kSlotDoubles, "an OBB fills a slot");
static_assert(kSlotKdopFields + 2 * kMaxKdopSlabs <= kSlotDoubles, "a 26-DOP fills a slot");

// io, relative to kIo: the arguments and results of the query exports (exports.cpp, embind.cpp).
inline constexpr int kIoPoint = 0;         ///< contains, closestPoint: the point
inline constexpr int kIoClosestPoint = 3;  ///< closestPoint: the result
inline constexpr int kIoOrigin = 0;        ///< raycast: origin; segmentCast: p
inline constexpr int kIoDirection = 3;     ///< raycast: direction; segmentCast: q
inline constexpr int kIoMaxDistance = 6;   ///< raycast
inline constexpr int kIoHitDistance = 8;   ///< casts' result: distance, point, normal, startsInside
inline constexpr int kIoHitPoint = 9;
inline constexpr int kIoHitNormal = 12;
inline constexpr int kIoHitStartsInside = 15;
inline constexpr int kIoBoxMin = 0;  ///< boundingBox's result
inline constexpr int kIoBoxMax = 3;
inline constexpr int kIoRotation = 0;  ///< transform: quaternion x y z w
inline constexpr int kIoTranslation = 4;
inline constexpr int kIoScale = 7;
inline constexpr int kIoVelocityA = 0;  ///< sweep, timeOfImpact: the motion
inline constexpr int kIoVelocityB = 3;
inline constexpr int kIoMaxTime = 6;
inline constexpr int kIoSweepTime = 8;  ///< timeOfImpact's result: time, normal
inline constexpr int kIoSweepNormal = 9;
inline constexpr int kIoBody =
    16;  ///< world add: the new body's id; raycast, sweep: the body hit (sweep: first the one left out)
inline constexpr int kIoFailedIndex = 17;     ///< world exports: the element (or body id) that failed
inline constexpr int kIoHitBarycentric = 18;  ///< casts' result on a triangle: the corners' weights
inline constexpr int kIoMeshTriangle = 21;    ///< mesh raycast, closestPoint: the input triangle's index
inline constexpr int kIoMeshDistance = 22;    ///< mesh closestPoint: the distance (its point at kIoClosestPoint)
static_assert(kIoHitBarycentric + 3 <= kIoMeshTriangle, "a mesh's triangle follows a cast's result");
/// mesh overlapsMesh, trianglePairs: this mesh's pose (rotation, translation, scale, as at
/// kIoRotation), while kIoRotation.. holds the other mesh's.
inline constexpr int kIoMeshPose = 24;
static_assert(kIoRotation == 0 && kIoTranslation == 4 && kIoScale == 7, "a pose in io is 8 numbers from kIoRotation");
static_assert(kIoMeshDistance < kIoMeshPose && kIoMeshPose + 8 <= kIoDoubles, "io holds two poses for two meshes");

// ---- Meshes (mesh_exports.cpp): the node types by code (MeshNodeType's order) and the leaf sizes.
inline constexpr int kMeshNodeSphere = int(MeshNodeType::Sphere);
inline constexpr int kMeshNodeKdop26 = int(MeshNodeType::Kdop26);
inline constexpr int kMeshMaxLeafSize = kMaxMeshLeafSize;

// ---- The world (world_exports.cpp): a pose is 7 numbers, tx ty tz qx qy qz qw, and the pose
// storage JavaScript writes in place (world.poses) holds one per slot, a body id's low bits.
inline constexpr int kPoseTranslation = 0;
inline constexpr int kPoseRotation = 3;
inline constexpr int kPoseNumbers = 7;
inline constexpr int kWorldSlotBits = kBodyIdSlotBits;
/// world.raycastAll's hits, as numbers: per hit the body id, distance, point (3), normal (3),
/// startsInside (0 or 1) and the triangle hit of a mesh body (-1 for a volume body).
inline constexpr int kRayHitBody = 0;
inline constexpr int kRayHitDistance = 1;
inline constexpr int kRayHitPoint = 2;
inline constexpr int kRayHitNormal = 5;
inline constexpr int kRayHitStartsInside = 8;
inline constexpr int kRayHitTriangle = 9;
inline constexpr int kRayHitNumbers = 10;
/// The most threads a World runs on (createWorld's and init's `threads` are checked against it).
inline constexpr int kWorldMaxThreads = int(kMaxWorldThreads);

/// Calls f(name, value) for every number above that JavaScript needs, under its JavaScript name.
template <class F>
constexpr void forEachWireConstant(F&& f) {
  f("TYPE_SPHERE", kTypeSphere);
  f("TYPE_AABB", kTypeAabb);
  f("TYPE_OBB", kTypeObb);
  f("TYPE_KDOP", kTypeKdop);
  f("TYPE_OBB_QUATERNION", kTypeObbQuaternion);
  f("TYPE_TRIANGLE", kTypeTriangle);
  f("TYPE_FLOAT32", kFloat32);
  f("FIT_FAST", kFitFast);
  f("FIT_TIGHT", kFitTight);
  f("STATUS_SLOT_A_INVALID", kSlotAInvalid);
  f("STATUS_SLOT_B_INVALID", kSlotBInvalid);
  f("STATUS_WRONG_BATCH_TYPE", kWrongBatchType);
  f("STATUS_UNKNOWN_BODY", kUnknownBody);
  f("STATUS_INVALID_POSE", kInvalidPose);
  f("STATUS_WORLD_REFUSED", kWorldRefused);
  f("STATUS_DUPLICATE_BODY", kDuplicateBody);
  f("STATUS_MESH_REFUSED", kMeshRefused);
  f("SLOT_A", kSlotA);
  f("SLOT_B", kSlotB);
  f("IO", kIo);
  f("SCRATCH_DOUBLES", kScratchDoubles);
  f("SLOT_TYPE", kSlotType);
  f("SLOT_FIELDS", kSlotFields);
  f("SLOT_KDOP_K", kSlotKdopK);
  f("SLOT_KDOP_FIELDS", kSlotKdopFields);
  f("SLOT_OBB_QUATERNION_CENTER", kSlotObbQuaternionCenter);
  f("SLOT_OBB_QUATERNION_ROTATION", kSlotObbQuaternionRotation);
  f("SLOT_OBB_QUATERNION_HALF_EXTENTS", kSlotObbQuaternionHalfExtents);
  f("SLOT_TRIANGLE_VERTICES", kSlotTriangleVertices);
  f("IO_POINT", kIoPoint);
  f("IO_CLOSEST_POINT", kIoClosestPoint);
  f("IO_ORIGIN", kIoOrigin);
  f("IO_DIRECTION", kIoDirection);
  f("IO_MAX_DISTANCE", kIoMaxDistance);
  f("IO_HIT_DISTANCE", kIoHitDistance);
  f("IO_HIT_POINT", kIoHitPoint);
  f("IO_HIT_NORMAL", kIoHitNormal);
  f("IO_HIT_STARTS_INSIDE", kIoHitStartsInside);
  f("IO_HIT_BARYCENTRIC", kIoHitBarycentric);
  f("IO_BOX_MIN", kIoBoxMin);
  f("IO_BOX_MAX", kIoBoxMax);
  f("IO_ROTATION", kIoRotation);
  f("IO_TRANSLATION", kIoTranslation);
  f("IO_SCALE", kIoScale);
  f("IO_VELOCITY_A", kIoVelocityA);
  f("IO_VELOCITY_B", kIoVelocityB);
  f("IO_MAX_TIME", kIoMaxTime);
  f("IO_SWEEP_TIME", kIoSweepTime);
  f("IO_SWEEP_NORMAL", kIoSweepNormal);
  f("IO_BODY", kIoBody);
  f("IO_FAILED_INDEX", kIoFailedIndex);
  f("IO_MESH_TRIANGLE", kIoMeshTriangle);
  f("IO_MESH_DISTANCE", kIoMeshDistance);
  f("IO_MESH_POSE", kIoMeshPose);
  f("RAY_HIT_BODY", kRayHitBody);
  f("RAY_HIT_DISTANCE", kRayHitDistance);
  f("RAY_HIT_POINT", kRayHitPoint);
  f("RAY_HIT_NORMAL", kRayHitNormal);
  f("RAY_HIT_STARTS_INSIDE", kRayHitStartsInside);
  f("RAY_HIT_TRIANGLE", kRayHitTriangle);
  f("RAY_HIT_NUMBERS", kRayHitNumbers);
  f("MESH_NODE_SPHERE", kMeshNodeSphere);
  f("MESH_NODE_KDOP26", kMeshNodeKdop26);
  f("MESH_MAX_LEAF_SIZE", kMeshMaxLeafSize);
  f("POSE_TRANSLATION", kPoseTranslation);
  f("POSE_ROTATION", kPoseRotation);
  f("POSE_NUMBERS", kPoseNumbers);
  f("WORLD_SLOT_BITS", kWorldSlotBits);
  f("WORLD_MAX_THREADS", kWorldMaxThreads);
  f("SPHERE_CENTER", batch_field::kSphereCenter);
  f("SPHERE_RADIUS", batch_field::kSphereRadius);
  f("SPHERE_FIELD_COUNT", batch_field::kSphereCount);
  f("AABB_MIN", batch_field::kAabbMin);
  f("AABB_MAX", batch_field::kAabbMax);
  f("AABB_FIELD_COUNT", batch_field::kAabbCount);
  f("OBB_CENTER", batch_field::kObbCenter);
  f("OBB_AXES", batch_field::kObbAxes);
  f("OBB_HALF_EXTENTS", batch_field::kObbHalfExtents);
  f("OBB_FIELD_COUNT", batch_field::kObbCount);
  f("BATCH_INVALID", kBatchInvalid);
  f("KDOP_MIN_BLOCK", batch_field::kKdopMinBlock);
  f("KDOP_MAX_BLOCK", batch_field::kKdopMaxBlock);
}

/// A 32-bit fingerprint of the whole table, computed while compiling: the sum (mod 2^32) over the
/// constants of FNV-1a (http://www.isthe.com/chongo/tech/comp/fnv/) over the name's bytes, then
/// '=', then the value's four bytes as an unsigned little-endian number. A sum, so the order of
/// the table does not matter (JavaScript lists a module's exports sorted by name). The module
/// exports it; tests/js/wire.test.js computes the same over dist/wire.js.
constexpr uint32_t wireFingerprint() {
  uint32_t sum = 0;
  forEachWireConstant([&sum](const char* name, int value) {
    uint32_t h = 2166136261u;
    auto mix = [&h](uint32_t byte) { h = (h ^ byte) * 16777619u; };
    for (const char* c = name; *c; ++c) mix(uint8_t(*c));
    mix('=');
    for (int i = 0; i < 4; ++i) mix((uint32_t(value) >> (8 * i)) & 0xffu);
    sum += h;
  });
  return sum;
}

}  // namespace sepaxis::wire
