#include "sepaxis/world.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "sepaxis/bounds.h"
#include "sepaxis/overlap.h"
#include "sepaxis/ray.h"
#include "sepaxis/sweep.h"
#include "sepaxis/tolerance.h"
#include "penetration.h"
#include "platform.h"
#include "quaternion.h"
#include "validate.h"
#include "world_bodies.h"
#include "world_grid.h"
#include "world_mesh.h"
#include "world_narrow.h"
#include "workers.h"

namespace sepaxis {

using detail::BodyStore;
using detail::Bounds;
using detail::WorldShape;

namespace {

Error unknownBody(BodyId id) {
  return Error{ErrorCode::UnknownBody, "id", double(id.value),
               "id " + std::to_string(id.value) + " is not a body of this world (never added, or removed)"};
}

// ---- validation: what add and setPose accept. Allocation-free until an error is found.

/// Whether the frame's Gram matrix is within tolerance::kWorldOrthonormal of the identity.
bool isOrthonormalFrame(Vec3 a, Vec3 b, Vec3 c) {
  const double e = tolerance::kWorldOrthonormal;
  return std::fabs(dot(a, a) - 1) <= e && std::fabs(dot(b, b) - 1) <= e && std::fabs(dot(c, c) - 1) <= e &&
         std::fabs(dot(a, b)) <= e && std::fabs(dot(a, c)) <= e && std::fabs(dot(b, c)) <= e;
}

/// An Obb a World accepts has a frame orthonormal to machine precision (as Obb promises; what
/// makeObb and transformed() return): the broad phase's box around it relies on it.
Status checkObb(const Obb& box) {
  if (Problem p = validateObb(box.center, box.axis, box.halfExtents)) return toError(p);
  if (!isOrthonormalFrame(box.axis[0], box.axis[1], box.axis[2]))
    return Error{ErrorCode::NotOrthonormal, "obb.axes", std::nan(""),
                 "obb.axes must be orthonormal to machine precision (within " +
                     formatNumber(tolerance::kWorldOrthonormal) + "): make the box with makeObb"};
  return {};
}

/// A k-DOP's polytope must be the one makeKdop builds from its slabs: the tests project it.
Status checkKdop(const Kdop& kdop) {
  if (Problem p = validateKdop(kdop.k, kdop.min, kdop.max, isValidKdopK(kdop.k) ? kdop.k / 2 : 0)) return toError(p);
  Kdop built;
  tryMakeKdop(kdop.k, kdop.min, kdop.max, kdop.k / 2, built);
  bool same = built.origin == kdop.origin && built.vertexCount == kdop.vertexCount;
  for (int v = 0; same && v < built.vertexCount; ++v) same = built.vertex[v] == kdop.vertex[v];
  for (int i = 0; same && i < built.slabCount(); ++i)
    same = built.localMin[i] == kdop.localMin[i] && built.localMax[i] == kdop.localMax[i];
  if (!same)
    return Error{ErrorCode::Inconsistent, "kdop", std::nan(""),
                 "kdop's polytope does not match its slabs: make the k-DOP with makeKdop"};
  return {};
}

Status checkVolume(const Volume& v) {
  if (const Sphere* s = std::get_if<Sphere>(&v)) {
    if (Problem p = validateSphere(s->center, s->radius)) return toError(p);
    return {};
  }
  if (const Aabb* a = std::get_if<Aabb>(&v)) {
    if (Problem p = validateAabb(a->min, a->max)) return toError(p);
    return {};
  }
  if (const Obb* o = std::get_if<Obb>(&v)) return checkObb(*o);
  if (isTriangle(v)) return detail::triangleUnsupported("a World", "volume");
  return checkKdop(std::get<Kdop>(v));
}

/// Finite, scale > 0, and a rotation that is orthonormal with determinant +1 to within
/// tolerance::kWorldOrthonormal in every entry of R^T R (so that the OBBs it makes are boxes).
bool isValidRotationAndScale(const RigidTransform& t) {
  bool finite = isFinite(t.translation) && isFinite(t.scale);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) finite = finite && isFinite(t.rotation.m[r][c]);
  if (!finite || !(t.scale > 0)) return false;
  const Vec3 c0 = t.rotation.column(0), c1 = t.rotation.column(1), c2 = t.rotation.column(2);
  return isOrthonormalFrame(c0, c1, c2) && dot(cross(c0, c1), c2) > 0;
}

Error poseError(const RigidTransform& t) {
  if (auto e = detail::checkFinite("pose.translation", t.translation)) return *e;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      if (auto e = detail::checkFinite("pose.rotation[" + std::to_string(r) + "][" + std::to_string(c) + "]",
                                       t.rotation.m[r][c]))
        return *e;
  if (auto e = detail::checkFinite("pose.scale", t.scale)) return *e;
  if (!(t.scale > 0)) return detail::makeError(ErrorCode::Negative, "pose.scale", t.scale, "> 0");
  return Error{ErrorCode::NotOrthonormal, "pose.rotation", std::nan(""),
               "pose.rotation must be a rotation (orthonormal, determinant +1) to within " +
                   formatNumber(tolerance::kWorldOrthonormal) + ": make the pose with makeRigidTransform"};
}

Error outOfRange(Vec3 translation) {
  return Error{
      ErrorCode::NotFinite, "pose.translation", maxComponent(abs(translation)),
      "pose would carry the body beyond " + formatNumber(tolerance::kWorldMaxCoordinate) + " (the world's range)"};
}

/// Entry i of a setPoses call names the body an earlier entry named (the first such entry).
Error namedTwice(const BodyId* ids, std::size_t i) {
  std::size_t first = 0;
  while (ids[first].value != ids[i].value) ++first;
  return Error{ErrorCode::DuplicateBody, "id", double(ids[i].value),
               "id " + std::to_string(ids[i].value) + " is named twice (also by poses[" + std::to_string(first) +
                   "]): a call moves each body once"};
}

/// make()'s error for entry i of a setPoses call. Out of line: the loops that check every pose
/// stay small without the strings' code.
template <class MakeError>
SEPAXIS_NOINLINE Error errorAt(std::size_t i, MakeError make) {
  Error e = make();
  e.message = "poses[" + std::to_string(i) + "]: " + e.message;
  return e;
}

}  // namespace

struct World::Impl {
  BodyStore bodies;
  detail::Grid grid;
  bool gridCurrent = false;      // the grid holds the current bounds
  bool pairsCurrent = false;     // pairs_ holds the current pairs
  bool contactsCurrent = false;  // normals and depths hold the current pairs' translations
  std::vector<BodyPair> pairs;
  std::vector<Vec3> normals;              // contacts(): by pair
  std::vector<double> depths;             // contacts(): by pair
  std::vector<uint32_t> contactBodies;    // contacts(): the pairs' bodies by dense index, two a pair
  std::vector<int32_t> contactTriangles;  // contacts(): by entry, the mesh's triangle or -1
  std::vector<BodyPair> contactPairs;     // contacts() with mesh contacts: by entry
  std::vector<uint32_t> denseScratch;     // setPoses: the validated bodies
  std::vector<double> poseScratch;        // setPoses naming mesh bodies: the others' poses, packed

  /// The mesh bodies, outside the grid (World::add(mesh)). Removal swaps the last into the hole.
  struct MeshBody {
    BodyId id;
    std::shared_ptr<const Mesh> mesh;
    RigidTransform pose;
    double magnitude = 0;  // of the mesh's root node's box: what a pose may carry (poseInRange)
    Aabb root;             // the root node's box, grown past its fit's rounding (a k-DOP's polytope)
    Bounds bounds;         // padded, of the posed root box: every posed triangle lies inside
  };
  std::vector<MeshBody> meshes;
  std::vector<uint32_t> meshNamedBy;  // by mesh index, as namedBy
  struct MeshMove {
    uint32_t mesh;
    std::size_t entry;  // of the setPoses call
  };
  std::vector<MeshMove> meshMoves;    // setPoses: the mesh bodies it names
  std::size_t volumePairs = 0;        // pairs() lists the pairs without a mesh body first, this many
  std::vector<double> lengthScratch;  // setPoses of quaternions: their lengths

  // Threads (setThreads): pairs() runs in as many parts, each with its own lists; setPoses too.
  struct Part {
    detail::Grid::BoxPairs boxPairs;  // the part's pairs of boxes that meet (Grid::sweepPart)
    detail::NarrowPhase narrow;       // those pairs by kind, decided kind by kind
    std::vector<BodyPair> pairs;      // the part's overlapping pairs (two parts or more)
  };
  std::vector<Part> parts = std::vector<Part>(1);
  detail::Workers workers;
  /// By dense index, the setPoses call that last named each body: a body named again by the
  /// same call is an error (which of its poses was meant?), found as the ids are checked. Kept
  /// as long as the bodies (World::add), so a call allocates nothing. It also lets a call's
  /// parts run on the threads without two of them writing one body.
  std::vector<uint32_t> namedBy;
  uint32_t call = 0;
  /// A number no body's namedBy holds: this call's.
  uint32_t nextCall() {
    if (++call == 0) {
      std::fill(namedBy.begin(), namedBy.end(), 0), std::fill(meshNamedBy.begin(), meshNamedBy.end(), 0);
      call = 1;
    }
    return call;
  }
  /// Below these, a call's parts run one after the other on the calling thread (the same results):
  /// handing parts to the threads (a few microseconds while a helper spins, ~40 in Node once it
  /// sleeps) would cost more than they save.
  static constexpr std::size_t kPosesOnThreadsFrom = 512, kEntriesOnThreadsFrom = 1024, kContactsOnThreadsFrom = 256;

  void moved() { gridCurrent = pairsCurrent = contactsCurrent = false; }
  void ensureGrid() {
    if (!gridCurrent) grid.build(bodies, workers);
    gridCurrent = true;
  }

  template <class V>
  bool overlapsBody(const V& volume, uint32_t b) {
    switch (bodies.shape(b)) {
      case WorldShape::Sphere: return overlaps(volume, bodies.sphereWorld(b));
      case WorldShape::Box: return overlaps(volume, bodies.boxWorld(b));
      case WorldShape::Kdop: break;
    }
    return overlaps(volume, bodies.kdopWorld(b));
  }

  /// The minimum translation of two bodies that overlap (detail::penetrationOf: collide()'s).
  template <class V>
  Penetration penetrationWith(const V& volume, uint32_t b) {
    switch (bodies.shape(b)) {
      case WorldShape::Sphere: return detail::penetrationOf(volume, bodies.sphereWorld(b));
      case WorldShape::Box: return detail::penetrationOf(volume, bodies.boxWorld(b));
      case WorldShape::Kdop: break;
    }
    return detail::penetrationOf(volume, bodies.kdopWorld(b));
  }
  /// normals and depths of the volume pairs [from, to), their bodies found (contactBodies): each
  /// pair's bodies' volumes asked of memory a few pairs ahead (they lie anywhere in the pools).
  void penetrations(std::size_t from, std::size_t to) {
    const uint32_t* found = contactBodies.data();
    constexpr std::size_t kAhead = 4;
    for (std::size_t i = from; i < to; ++i) {
      if (i + kAhead < to)
        bodies.prefetchWorld(found[2 * (i + kAhead)]), bodies.prefetchWorld(found[2 * (i + kAhead) + 1]);
      const Penetration p = penetration(found[2 * i], found[2 * i + 1]);
      normals[i] = p.normal, depths[i] = p.depth;
    }
  }
  Penetration penetration(uint32_t a, uint32_t b) {
    switch (bodies.shape(a)) {
      case WorldShape::Sphere: return penetrationWith(bodies.sphereWorld(a), b);
      case WorldShape::Box: return penetrationWith(bodies.boxWorld(a), b);
      case WorldShape::Kdop: break;
    }
    return penetrationWith(bodies.kdopWorld(a), b);
  }

  /// hit(dense, its raycast) for every body the ray origin + t * normalize(direction), 0 <= t <=
  /// farthest, meets, through the grid; hit may lower farthest, which ends the walk sooner.
  template <class Hit>
  void castAlong(Vec3 origin, Vec3 direction, double& farthest, Hit&& hit);

  RayHit raycastBody(uint32_t b, Vec3 origin, Vec3 direction, double maxDistance) {
    switch (bodies.shape(b)) {
      case WorldShape::Sphere: return sepaxis::raycast(bodies.sphereWorld(b), origin, direction, maxDistance);
      case WorldShape::Box: return sepaxis::raycast(bodies.boxWorld(b), origin, direction, maxDistance);
      case WorldShape::Kdop: break;
    }
    return sepaxis::raycast(bodies.kdopWorld(b), origin, direction, maxDistance);
  }

  /// Every id known and named once, every pose valid, or the first error and nothing moved; then
  /// all move.
  Status setPoses(const BodyId* ids, const RigidTransform* poses, std::size_t count) {
    denseScratch.resize(count);
    const uint32_t stamp = nextCall();
    meshMoves.clear();
    for (std::size_t i = 0; i < count; ++i) {
      uint32_t mesh;
      const bool isMesh = bodies.findMesh(ids[i], mesh);
      if (!isMesh && !bodies.find(ids[i], denseScratch[i])) return errorAt(i, [=] { return unknownBody(ids[i]); });
      if (!isValidRotationAndScale(poses[i])) return errorAt(i, [=] { return poseError(poses[i]); });
      const bool inRange = isMesh ? BodyStore::poseInRange(meshes[mesh].magnitude, poses[i].translation, poses[i].scale)
                                  : bodies.poseInRange(denseScratch[i], poses[i].translation, poses[i].scale);
      if (!inRange) return errorAt(i, [=] { return outOfRange(poses[i].translation); });
      uint32_t& named = isMesh ? meshNamedBy[mesh] : namedBy[denseScratch[i]];
      if (named == stamp) return errorAt(i, [=] { return namedTwice(ids, i); });
      named = stamp;
      if (isMesh) meshMoves.push_back({mesh, i});
    }
    for (std::size_t i = 0; i < count; ++i)
      if (!bodies.findMesh(ids[i], denseScratch[i])) bodies.setPose(denseScratch[i], poses[i]);
    moveMeshes(poses);
    if (count > 0) moved();
    return {};
  }

  /// bodies.setPoses of validated bodies and poses (each body once): in parts on the threads when
  /// there are many.
  void movePoses(const uint32_t* dense, const double* poses, const double* lengths, std::size_t count) {
    const unsigned threads = workers.threads();
    if (threads == 1 || count < kPosesOnThreadsFrom) return bodies.setPoses(dense, poses, lengths, count);
    bodies.prepareMoves(count);
    auto movePart = [&](unsigned part) {
      bodies.setPoses(dense, poses, lengths, count * part / threads, count * (part + 1) / threads);
    };
    workers.runParts(movePart);
  }

  /// emit(a, b) of the narrow phase: the pair by id, the lower id first, appended to `out`.
  auto emitter(std::vector<BodyPair>& out) const {
    return [&bodies = bodies, &out](uint32_t a, uint32_t b) {
      // Chosen without a branch; written in place (a BodyPair pushed from the stack went through
      // two 4-byte stores and an 8-byte load, which stalls).
      const uint32_t ia = bodies.id(a).value, ib = bodies.id(b).value;
      BodyPair& pair = out.emplace_back();
      pair.a.value = ia < ib ? ia : ib;
      pair.b.value = ia < ib ? ib : ia;
    };
  }

  /// The pose is valid and keeps a body of this local magnitude in range, or the error.
  Status checkPose(const RigidTransform& pose, double localMagnitude) {
    if (!isValidRotationAndScale(pose)) return poseError(pose);
    if (!BodyStore::poseInRange(localMagnitude, pose.translation, pose.scale)) return outOfRange(pose.translation);
    return {};
  }

  // ---- mesh bodies

  /// Poses a mesh body (a pose checked): its bounds are the posed root box's, padded.
  void placeMesh(MeshBody& m, const RigidTransform& pose) {
    m.pose = pose;
    m.bounds = detail::paddedBounds(Volume{transformed(m.root, pose)});
  }
  /// f(t, posed) for each triangle t of mesh body m whose posed triangle overlaps `volume` (in the
  /// world), in the tree's order, until f returns false: by the World's descent (world_mesh.h)
  /// where it applies, else by the mesh's own.
  template <class V, class F>
  static void forEachMeshTriangle(const V& volume, const MeshBody& m, F&& f) {
    if constexpr (std::is_same_v<V, Sphere> || std::is_same_v<V, Aabb> || std::is_same_v<V, Obb>)
      if (detail::forEachTriangleMeeting(*m.mesh, m.pose, volume, f)) return;
    m.mesh->forEachOverlappingTriangle(Volume{volume}, m.pose, f);
  }
  /// Whether `volume` (in the world) meets mesh body m's triangles.
  template <class V>
  static bool meetsMesh(const V& volume, const MeshBody& m) {
    bool hit = false;
    forEachMeshTriangle(volume, m, [&hit](uint32_t, const Triangle&) { return !(hit = true); });
    return hit;
  }
  /// Whether volume body b meets mesh body m's triangles.
  bool bodyMeetsMesh(uint32_t b, const MeshBody& m) {
    switch (bodies.shape(b)) {
      case WorldShape::Sphere: return meetsMesh(bodies.sphereWorld(b), m);
      case WorldShape::Box: return meetsMesh(bodies.boxWorld(b), m);
      case WorldShape::Kdop: break;
    }
    return meetsMesh(bodies.kdopWorld(b), m);
  }
  /// Appends a contact for each triangle of mesh body m that overlaps volume body b: collide's
  /// minimum translation in the pair's order (the smaller id first).
  template <class V>
  void appendMeshContacts(const V& volume, uint32_t b, const MeshBody& m) {
    const BodyPair pair = bodies.id(b) < m.id ? BodyPair{bodies.id(b), m.id} : BodyPair{m.id, bodies.id(b)};
    const bool volumeFirst = pair.a == bodies.id(b);
    forEachMeshTriangle(volume, m, [&](uint32_t t, const Triangle& posed) {
      const Penetration p = volumeFirst ? detail::penetrationOf(volume, posed) : detail::penetrationOf(posed, volume);
      contactPairs.push_back(pair), normals.push_back(p.normal), depths.push_back(p.depth);
      contactTriangles.push_back(int32_t(t));
      return true;
    });
  }
  void appendMeshContacts(uint32_t b, const MeshBody& m) {
    switch (bodies.shape(b)) {
      case WorldShape::Sphere: return appendMeshContacts(bodies.sphereWorld(b), b, m);
      case WorldShape::Box: return appendMeshContacts(bodies.boxWorld(b), b, m);
      case WorldShape::Kdop: break;
    }
    appendMeshContacts(bodies.kdopWorld(b), b, m);
  }
  /// emit(a, b) for every pair with a mesh body: each mesh body against the bodies of the grid
  /// within its box, then against the mesh bodies after it.
  template <class Emit>
  void meshPairs(Emit&& emit) {
    for (std::size_t i = 0; i < meshes.size(); ++i) {
      const MeshBody& m = meshes[i];
      grid.forEachInBox(m.bounds, [&](uint32_t b) {
        if (bodyMeetsMesh(b, m)) emit(bodies.id(b), m.id);
      });
      for (std::size_t j = i + 1; j < meshes.size(); ++j) {
        const MeshBody& n = meshes[j];
        if (boundsMeet(m.bounds, n.bounds) && m.mesh->overlapsMesh(m.pose, *n.mesh, n.pose)) emit(m.id, n.id);
      }
    }
  }
  static bool boundsMeet(const Bounds& a, const Bounds& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y && a.min.z <= b.max.z &&
           b.min.z <= a.max.z;
  }
  /// The mesh bodies a setPoses call named (meshMoves, their poses checked) take their poses.
  void moveMeshes(const RigidTransform* poses) {
    for (const MeshMove& move : meshMoves) placeMesh(meshes[move.mesh], poses[move.entry]);
  }
};

World::World() : impl_(std::make_unique<Impl>()) {}
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

void World::reserve(std::size_t bodies) {
  impl_->bodies.reserve(bodies);
  impl_->pairs.reserve(bodies * 2);
  impl_->normals.reserve(bodies * 2);
  impl_->depths.reserve(bodies * 2);
  impl_->contactBodies.reserve(bodies * 4);
  impl_->contactTriangles.reserve(bodies * 2);
  impl_->denseScratch.reserve(bodies);
  impl_->lengthScratch.reserve(bodies);
  impl_->namedBy.reserve(bodies);
}

Status World::setThreads(unsigned threads) {
  if (threads == 0) return Error{ErrorCode::Negative, "threads", 0, "threads must be >= 1, got 0"};
  Impl& w = *impl_;
  w.workers.resize(std::min(threads, kMaxWorldThreads));
  w.parts.resize(w.workers.threads());
  return {};
}

unsigned World::threads() const { return impl_->workers.threads(); }

Expected<BodyId> World::add(const Volume& localVolume, const RigidTransform& pose) {
  Impl& w = *impl_;
  if (Status s = checkVolume(localVolume); !s) return s.error();
  if (Status s = w.checkPose(pose, BodyStore::localMagnitude(localVolume)); !s) return s.error();
  if (w.bodies.full())
    return Error{ErrorCode::WorldFull, "world", double(kMaxBodies),
                 "world has issued every body id it can (at most " + std::to_string(kMaxBodies) + " bodies)"};
  if (w.namedBy.size() <= w.bodies.size()) w.namedBy.resize(w.bodies.size() + 1);  // before: nothing fails after
  w.moved();
  return w.bodies.add(localVolume, pose);
}

Expected<BodyId> World::add(std::shared_ptr<const Mesh> mesh, const RigidTransform& pose) {
  Impl& w = *impl_;
  if (!mesh) return Error{ErrorCode::Negative, "mesh", std::nan(""), "World::add: mesh must not be null"};
  // The root's box, grown by 2^-26 of its size: beyond the rounding of any node fit (a k-DOP's
  // polytope lies within tolerance::kKdopMerge of its slabs), so every triangle lies inside.
  Aabb root = boundingBox(mesh->nodeVolume(0));
  const double grow = 0x1p-26 * (maxComponent(max(abs(root.min), abs(root.max))) + maxComponent(root.max - root.min));
  root = {root.min - Vec3{grow, grow, grow}, root.max + Vec3{grow, grow, grow}};
  const double magnitude = maxComponent(max(abs(root.min), abs(root.max)));
  if (Status s = w.checkPose(pose, magnitude); !s) return s.error();
  if (w.bodies.full())
    return Error{ErrorCode::WorldFull, "world", double(kMaxBodies),
                 "world has issued every body id it can (at most " + std::to_string(kMaxBodies) + " bodies)"};
  w.meshes.reserve(w.meshes.size() + 1), w.meshNamedBy.resize(w.meshes.size() + 1);  // before: nothing fails after
  Impl::MeshBody body;
  body.id = w.bodies.addMesh(uint32_t(w.meshes.size()));
  body.mesh = std::move(mesh);
  body.magnitude = magnitude;
  body.root = root;
  w.placeMesh(body, pose);
  w.meshes.push_back(std::move(body));
  w.moved();
  return w.meshes.back().id;
}

bool World::isMesh(BodyId id) const {
  uint32_t mesh;
  return impl_->bodies.findMesh(id, mesh);
}

Status World::remove(BodyId id) {
  Impl& w = *impl_;
  uint32_t dense;
  if (uint32_t mesh; w.bodies.findMesh(id, mesh)) {
    w.bodies.removeMesh(id);
    if (mesh + 1 != w.meshes.size()) {
      w.meshes[mesh] = std::move(w.meshes.back());
      w.bodies.moveMesh(w.meshes[mesh].id, mesh);
    }
    w.meshes.pop_back();
    w.moved();
    return {};
  }
  if (!w.bodies.find(id, dense)) return unknownBody(id);
  w.bodies.remove(dense);
  w.moved();
  return {};
}

Status World::setPose(BodyId id, const RigidTransform& pose) { return setPoses(&id, &pose, 1); }

Status World::setPoses(const BodyId* ids, const RigidTransform* poses, std::size_t count) {
  return impl_->setPoses(ids, poses, count);
}

Status World::setPoses(const BodyId* ids, const double* poses, std::size_t count) {
  Impl& w = *impl_;
  // Checked first, all of them, without building a matrix (makeRigidTransform's rules: finite,
  // a unit quaternion); then the bodies moved, each rotation built by makeRigidTransform's
  // arithmetic (from the length measured here) straight into its body. A pose that fails gets
  // makeRigidTransform's message.
  w.denseScratch.resize(count), w.lengthScratch.resize(count);
  uint32_t* dense = w.denseScratch.data();
  double* length = w.lengthScratch.data();
  const uint32_t stamp = w.nextCall();
  uint32_t* namedBy = w.namedBy.data();
  w.meshMoves.clear();
  for (std::size_t i = 0; i < count; ++i) {
    const double* p = poses + 7 * i;
    const Quat q{p[3], p[4], p[5], p[6]};
    const Vec3 t{p[0], p[1], p[2]};
    length[i] = detail::quaternionLength(q);
    // One test of them all (a unit length implies a finite q, a translation in range a finite t);
    // when it fails, the first rule broken names the error.
    if (!(detail::isUnitLength(length[i]) && w.bodies.find(ids[i], dense[i]) && w.bodies.poseInRange(dense[i], t, 1) &&
          namedBy[dense[i]] != stamp)) {
      // A mesh body (off the hot path: few calls name one) is checked here and moved last.
      uint32_t mesh;
      if (w.bodies.findMesh(ids[i], mesh) && detail::isUnitLength(length[i]) &&
          BodyStore::poseInRange(w.meshes[mesh].magnitude, t, 1) && w.meshNamedBy[mesh] != stamp) {
        w.meshNamedBy[mesh] = stamp;
        w.meshMoves.push_back({mesh, i});
        continue;
      }
      return errorAt(i, [q, t, ids, i, &w] {
        uint32_t found;
        if (!isFinite(t) || !detail::isUnitLength(detail::quaternionLength(q))) return makeRigidTransform(q, t).error();
        if (w.bodies.findMesh(ids[i], found)) {
          if (!BodyStore::poseInRange(w.meshes[found].magnitude, t, 1)) return outOfRange(t);
          return namedTwice(ids, i);
        }
        if (!w.bodies.find(ids[i], found)) return unknownBody(ids[i]);
        if (!w.bodies.poseInRange(found, t, 1)) return outOfRange(t);
        return namedTwice(ids, i);
      });
    }
    namedBy[dense[i]] = stamp;
  }
  if (w.meshMoves.empty()) {
    w.movePoses(dense, poses, length, count);
  } else {
    // The other bodies' entries packed, in order, then the mesh bodies posed.
    w.poseScratch.resize(7 * count);
    std::size_t kept = 0, next = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (next < w.meshMoves.size() && w.meshMoves[next].entry == i) {
        ++next;
        continue;
      }
      dense[kept] = dense[i], length[kept] = length[i];
      std::copy(poses + 7 * i, poses + 7 * i + 7, w.poseScratch.data() + 7 * kept);
      ++kept;
    }
    w.movePoses(dense, w.poseScratch.data(), length, kept);
    for (const Impl::MeshMove& move : w.meshMoves) {
      const double* p = poses + 7 * move.entry;
      w.placeMesh(w.meshes[move.mesh], makeRigidTransform({p[3], p[4], p[5], p[6]}, {p[0], p[1], p[2]}).value());
    }
  }
  if (count > 0) w.moved();
  return {};
}

const std::vector<BodyPair>& World::pairs() {
  Impl& w = *impl_;
  if (w.pairsCurrent) return w.pairs;
  w.ensureGrid();
  w.pairs.clear();
  // Each part sweeps its share of the grid's columns (Grid::sweepPart), files the pairs of boxes
  // that meet by kind, decides those without a k-DOP and those with one that the k-DOP shortcuts
  // settle, on a thread of its own; then the pairs left are decided, one part after the other
  // (deciding them may build k-DOPs), and the parts' pairs listed in part order. One part lists
  // straight into pairs.
  const unsigned parts = unsigned(w.parts.size());
  auto findPart = [&w, parts](unsigned part) {
    Impl::Part& p = w.parts[part];
    std::vector<BodyPair>& out = parts == 1 ? w.pairs : p.pairs;
    out.clear();
    const std::size_t count = w.grid.sweepPart(part, parts, p.boxPairs);
    for (std::size_t k = 0; k < count; ++k) p.narrow.add(w.bodies, p.boxPairs[k].first, p.boxPairs[k].second);
    p.narrow.decideSpheresAndBoxes(w.bodies, w.emitter(out));
    p.narrow.settleKdops(w.bodies, w.emitter(out));
  };
  if (parts == 1 || w.grid.entries() < Impl::kEntriesOnThreadsFrom) {
    for (unsigned part = 0; part < parts; ++part) findPart(part);
  } else {
    w.workers.runParts(findPart);
  }
  for (unsigned part = 0; part < parts; ++part) {
    Impl::Part& p = w.parts[part];
    std::vector<BodyPair>& out = parts == 1 ? w.pairs : p.pairs;
    p.narrow.decideUnsettled(w.bodies, w.emitter(out));
    if (parts > 1) w.pairs.insert(w.pairs.end(), out.begin(), out.end());
  }
  w.volumePairs = w.pairs.size();
  w.meshPairs([&w](BodyId a, BodyId b) { w.pairs.push_back(a < b ? BodyPair{a, b} : BodyPair{b, a}); });
  w.pairsCurrent = true;
  return w.pairs;
}

WorldContacts World::contacts() {
  Impl& w = *impl_;
  const std::vector<BodyPair>& pairs = World::pairs();
  const std::size_t n = w.volumePairs;
  if (!w.contactsCurrent) {
    w.normals.resize(n), w.depths.resize(n), w.contactBodies.resize(2 * n);
    // The bodies first, in a loop of independent lookups; then the pairs' translations, each
    // written to its own place: on the threads, each part a run of the pairs, the same numbers
    // in the same places as on one.
    uint32_t* bodies = w.contactBodies.data();
    for (std::size_t i = 0; i < n; ++i)
      w.bodies.find(pairs[i].a, bodies[2 * i]), w.bodies.find(pairs[i].b, bodies[2 * i + 1]);  // listed: found
    const unsigned threads = w.workers.threads();
    if (threads == 1 || n < Impl::kContactsOnThreadsFrom) {
      w.penetrations(0, n);
    } else {
      // Building a k-DOP writes its body: every one the pairs name is built here, so that the
      // parts only read.
      for (std::size_t k = 0; k < 2 * n; ++k)
        if (w.bodies.shape(bodies[k]) == WorldShape::Kdop) w.bodies.kdopWorld(bodies[k]);
      auto part = [&w, n, threads](unsigned p) { w.penetrations(n * p / threads, n * (p + 1) / threads); };
      w.workers.runParts(part);
    }
    w.contactTriangles.assign(n, -1);
    // A volume body against a mesh body: one contact per triangle that meets it. Two mesh bodies
    // give none: a triangle's minimum translation against another pushes one surface through the
    // other's plane, no way to part two meshes.
    w.contactPairs.clear();
    if (pairs.size() > n) {
      w.contactPairs.assign(pairs.begin(), pairs.begin() + std::ptrdiff_t(n));
      for (std::size_t i = n; i < pairs.size(); ++i) {
        uint32_t dense = 0, meshA = 0, meshB = 0;
        const bool aIsMesh = w.bodies.findMesh(pairs[i].a, meshA), bIsMesh = w.bodies.findMesh(pairs[i].b, meshB);
        if (aIsMesh && bIsMesh) continue;
        w.bodies.find(aIsMesh ? pairs[i].b : pairs[i].a, dense);  // listed: found
        w.appendMeshContacts(dense, w.meshes[aIsMesh ? meshA : meshB]);
      }
    }
    w.contactsCurrent = true;
  }
  const bool meshContacts = w.contactPairs.size() > n;
  return {meshContacts ? w.contactPairs.data() : pairs.data(), w.normals.data(), w.depths.data(),
          meshContacts ? w.contactPairs.size() : n, w.contactTriangles.data()};
}

std::size_t World::broadPhasePairCount() {
  Impl& w = *impl_;
  w.ensureGrid();
  std::size_t count = 0;
  w.grid.forEachBoxPair([&count](uint32_t, uint32_t) { ++count; });
  return count;
}

Status World::query(const Volume& worldVolume, std::vector<BodyId>& out) {
  Impl& w = *impl_;
  if (Status s = checkVolume(worldVolume); !s) return s;
  out.clear();
  w.ensureGrid();
  const Bounds box = detail::paddedBounds(worldVolume);
  std::visit(
      [&](const auto& volume) {
        w.grid.forEachInBox(box, [&](uint32_t b) {
          if (w.overlapsBody(volume, b)) out.push_back(w.bodies.id(b));
        });
      },
      worldVolume);
  for (const Impl::MeshBody& m : w.meshes)
    if (Impl::boundsMeet(box, m.bounds) &&
        std::visit([&m](const auto& volume) { return Impl::meetsMesh(volume, m); }, worldVolume))
      out.push_back(m.id);
  return {};
}

namespace {

// The ray's problem, or none: origin and direction finite, direction not zero, maxDistance >= 0.
std::optional<Error> rayError(Vec3 origin, Vec3 direction, double maxDistance) {
  // The messages only when a number is bad: building the field names allocates (wasm's libc++
  // keeps only 10 characters in place).
  if (!isFinite(origin))
    if (auto e = detail::checkFinite("origin", origin)) return e;
  if (!isFinite(direction))
    if (auto e = detail::checkFinite("direction", direction)) return e;
  if (normalize(direction) == Vec3{})
    return Error{ErrorCode::Negative, "direction", 0, "direction must be a non-zero vector, got (0, 0, 0)"};
  if (!(maxDistance >= 0)) return detail::makeError(ErrorCode::Negative, "maxDistance", maxDistance, ">= 0");
  return std::nullopt;
}

}  // namespace

template <class Hit>
void World::Impl::castAlong(Vec3 origin, Vec3 direction, double& farthest, Hit&& hit) {
  // The bodies along the ray (the grid's walk) have their padded box, widened by 2^-30 of the
  // scale of the numbers (origin, box), tested with the slab method (Kay & Kajiya); only the
  // bodies it keeps get the exact raycast, up to the original limit (so that every answer is the
  // body's own raycast). Widened so: a ray that touches the padded box runs through the widened
  // box for a length of at least that margin, far beyond the rounding of the slab arithmetic
  // (relative to t), so it is kept.
  ensureGrid();
  const Vec3 unit = normalize(direction);
  const double maxDistance = farthest;
  const double originScale = maxComponent(abs(origin));
  const Bounds* boxes = bodies.bounds();
  const Vec3 inverse{1 / unit.x, 1 / unit.y, 1 / unit.z};
  const uint32_t stamp = nextCall();
  grid.forEachAlongRay(origin, unit, farthest, [&](uint32_t b) {
    if (namedBy[b] == stamp) return;  // met in an earlier column
    namedBy[b] = stamp;
    const Vec3 lo = boxes[b].min, hi = boxes[b].max;
    const double scale = originScale + maxComponent(max(abs(lo), abs(hi))) + maxComponent(hi - lo);
    const double widen = 0x1p-30 * scale + tolerance::kWorldBoundsTinyPad;
    double enter = -std::numeric_limits<double>::infinity(), exit = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 3; ++i) {
      const double a = lo[i] - widen, z = hi[i] + widen;
      if (unit[i] == 0) {
        if (origin[i] < a || origin[i] > z) return;
        continue;
      }
      const double t0 = (a - origin[i]) * inverse[i], t1 = (z - origin[i]) * inverse[i];
      enter = greater(enter, lesser(t0, t1));
      exit = lesser(exit, greater(t0, t1));
    }
    if (enter > exit || exit < -widen || enter > farthest + widen) return;
    const RayHit h = raycastBody(b, origin, direction, maxDistance);
    if (h.hit) hit(b, h);
  });
}

Expected<WorldRayHit> World::raycast(Vec3 origin, Vec3 direction, double maxDistance) {
  if (auto e = rayError(origin, direction, maxDistance)) return *e;
  Impl& w = *impl_;
  WorldRayHit best;
  double farthest = maxDistance;  // the farthest a hit may still be: the walk ends there
  w.castAlong(origin, direction, farthest, [&](uint32_t b, const RayHit& hit) {
    const BodyId id = w.bodies.id(b);
    if (best.hit && (hit.distance > best.distance || (hit.distance == best.distance && best.body < id))) return;
    best = {true, id, hit.distance, hit.point, hit.normal, hit.startsInside};
    farthest = hit.distance;
  });
  for (const Impl::MeshBody& m : w.meshes) {
    const MeshRayHit hit = m.mesh->raycast(origin, direction, farthest, m.pose);
    if (!hit.hit || (best.hit && (hit.distance > best.distance || (hit.distance == best.distance && best.body < m.id))))
      continue;
    best = {true, m.id, hit.distance, hit.point, hit.normal, false, hit.triangle};
    farthest = hit.distance;
  }
  return best;
}

Status World::raycastAll(Vec3 origin, Vec3 direction, double maxDistance, std::vector<WorldRayHit>& out) {
  if (auto e = rayError(origin, direction, maxDistance)) return *e;
  out.clear();
  double farthest = maxDistance;  // never lowered: every hit counts
  impl_->castAlong(origin, direction, farthest, [&](uint32_t b, const RayHit& hit) {
    out.push_back({true, impl_->bodies.id(b), hit.distance, hit.point, hit.normal, hit.startsInside});
  });
  for (const Impl::MeshBody& m : impl_->meshes) {
    const MeshRayHit hit = m.mesh->raycast(origin, direction, maxDistance, m.pose);
    if (hit.hit) out.push_back({true, m.id, hit.distance, hit.point, hit.normal, false, hit.triangle});
  }
  std::sort(out.begin(), out.end(), [](const WorldRayHit& a, const WorldRayHit& b) {
    return a.distance < b.distance || (a.distance == b.distance && a.body < b.body);
  });
  return {};
}

Expected<WorldSweepHit> World::sweep(const Volume& volume, Vec3 velocity, double maxTime, BodyId exclude) {
  Impl& w = *impl_;
  if (Status s = checkVolume(volume); !s) return s.error();
  if (!isFinite(velocity))
    if (auto e = detail::checkFinite("velocity", velocity)) return *e;
  if (!(maxTime >= 0)) return detail::makeError(ErrorCode::Negative, "maxTime", maxTime, ">= 0");
  w.ensureGrid();
  // The bodies whose padded box meets the box swept by the volume's (padded: the sweep's contact
  // may be a touch): the volume's box at the start and at the end, and all between. Endless or
  // overflowing motions make an endless box, which the grid reads as every body.
  const Bounds start = detail::paddedBounds(volume);
  const auto along = [maxTime](double v) { return v == 0 ? 0 : v * maxTime; };  // 0 * Infinity is 0 here
  const Vec3 move{along(velocity.x), along(velocity.y), along(velocity.z)};
  const Bounds swept{min(start.min, start.min + move), max(start.max, start.max + move)};
  const Motion motion{velocity, {}, maxTime};
  uint32_t skip = kMaxBodies;
  if (!w.bodies.find(exclude, skip)) skip = kMaxBodies;
  WorldSweepHit best;
  const auto consider = [&](uint32_t b) {
    if (b == skip) return;
    const Expected<SweepHit> hit = timeOfImpact(volume, w.bodies.worldVolume(b), motion);
    if (!hit.ok() || !hit->hit) return;
    const BodyId id = w.bodies.id(b);
    if (best.hit && (hit->time > best.time || (hit->time == best.time && best.body < id))) return;
    best = {true, id, hit->time, hit->normal};
  };
  // A motion of some length walks the grid like a ray carrying the volume's box, nearest columns
  // first, and stops past the first contact found (a cast across the scene reads the columns
  // along its way, not the whole box around it); a motion of no length, or a speed whose square
  // leaves the doubles, reads the box it sweeps.
  const double speed = length(velocity), reach = speed * maxTime;
  if (speed > 0 && std::isfinite(speed) && reach > 0) {
    const Vec3 centre = start.min * 0.5 + start.max * 0.5, half = start.max * 0.5 - start.min * 0.5;
    double farthest = reach;
    w.grid.forEachAlongRay(
        centre, velocity / speed, farthest,
        [&](uint32_t b) {
          consider(b);
          if (best.hit) farthest = lesser(farthest, best.time * speed);
        },
        half);
  } else {
    w.grid.forEachInBox(swept, consider);
  }
  // Mesh bodies: their triangles that meet the swept box (every one the volume can touch on its
  // way), each cast as a Triangle, posed as the mesh's other queries pose it. The box is taken
  // within the mesh's bounds, which keeps it finite for an endless motion.
  for (const Impl::MeshBody& m : w.meshes) {
    if (m.id == exclude || !Impl::boundsMeet(swept, m.bounds)) continue;
    const Volume box = Aabb{max(swept.min, m.bounds.min), min(swept.max, m.bounds.max)};
    m.mesh->forEachOverlappingTriangle(box, m.pose, [&](uint32_t t, const Triangle& posed) {
      const Expected<SweepHit> hit = timeOfImpact(volume, posed, motion);
      if (!hit.ok() || !hit->hit) return true;
      if (best.hit &&
          (hit->time > best.time ||
           (hit->time == best.time && (best.body < m.id || (best.body == m.id && best.triangle < int32_t(t))))))
        return true;
      best = {true, m.id, hit->time, hit->normal, int32_t(t)};
      return true;
    });
  }
  return best;
}

std::size_t World::count() const { return impl_->bodies.size() + impl_->meshes.size(); }

bool World::contains(BodyId id) const {
  uint32_t dense;
  return impl_->bodies.find(id, dense) || impl_->bodies.findMesh(id, dense);
}

Expected<Volume> World::worldVolume(BodyId id) {
  uint32_t dense;
  if (impl_->bodies.findMesh(id, dense))
    return Error{ErrorCode::Unsupported, "id", double(id.value),
                 "World::worldVolume: body " + std::to_string(id.value) + " is a triangle mesh: it has no volume"};
  if (!impl_->bodies.find(id, dense)) return unknownBody(id);
  return impl_->bodies.worldVolume(dense);
}

Expected<RigidTransform> World::pose(BodyId id) const {
  uint32_t dense;
  if (impl_->bodies.findMesh(id, dense)) return impl_->meshes[dense].pose;
  if (!impl_->bodies.find(id, dense)) return unknownBody(id);
  return impl_->bodies.pose(dense);
}

}  // namespace sepaxis
