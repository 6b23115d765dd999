#pragma once
/// World: many moving bodies, and every frame every pair of them that overlaps.
///
/// A body is a volume in its own frame plus a pose; its world volume is exactly
/// transformed(localVolume, pose) (transform.h), recomputed only when the pose changes, and
/// pairs() returns exactly the pairs whose world volumes overlaps() (overlap.h) says meet: no
/// more, no fewer, none twice. The broad phase (sort and sweep in the columns of a hierarchical
/// grid over padded bounding boxes, cpp/src/world_grid.h) only ever prunes pairs that are truly
/// apart; the exact test decides.
///
/// A call that fails returns the Error and changes nothing. Ids are never reused for another body:
/// a removed body's id stays unknown for good. Not safe to share between threads without a lock
/// (one World per thread is fine): every call, even a query, may build and cache k-DOPs. A World
/// may use threads of its own for setPoses and pairs() (setThreads).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "sepaxis/error.h"
#include "sepaxis/mesh.h"
#include "sepaxis/transform.h"
#include "sepaxis/volume.h"

namespace sepaxis {

/// Names one body of one World. The value packs a slot (low kBodyIdSlotBits) and that slot's
/// generation (from 1), so 0 is never a body and a stale id never names the slot's next body.
struct BodyId {
  uint32_t value = 0;
};
constexpr bool operator==(BodyId a, BodyId b) { return a.value == b.value; }
constexpr bool operator!=(BodyId a, BodyId b) { return a.value != b.value; }
constexpr bool operator<(BodyId a, BodyId b) { return a.value < b.value; }

inline constexpr int kBodyIdSlotBits = 20;
/// The most bodies a World holds at once (2^20: 1,048,576).
inline constexpr uint32_t kMaxBodies = uint32_t{1} << kBodyIdSlotBits;

/// The most threads a World runs on (World::setThreads).
inline constexpr unsigned kMaxWorldThreads = 64;

/// Two overlapping bodies, a < b.
struct BodyPair {
  BodyId a, b;
};

/// Every overlapping pair with the minimum translation that separates it (World::contacts): entry
/// i is pairs[i] and collide(worldVolume(pairs[i].a), worldVolume(pairs[i].b)).penetration, bit
/// for bit: moving body b by depths[i] along normals[i] (unit) leaves the two touching, and
/// nothing shorter does. A volume body and a mesh body give one entry per triangle of the mesh
/// that meets the volume, triangles[i] its input index: collide() of the volume and the posed
/// triangle (transformed(mesh.triangle(t), pose)), in the pair's order; triangles[i] is -1 for two
/// volume bodies. Two mesh bodies give none. Arrays of `count` entries, the World's own.
struct WorldContacts {
  const BodyPair* pairs = nullptr;
  const Vec3* normals = nullptr;
  const double* depths = nullptr;
  std::size_t count = 0;
  const int32_t* triangles = nullptr;
};

/// The closest body a ray hits (hit == false: none within maxDistance).
struct WorldRayHit {
  bool hit = false;
  BodyId body;
  double distance = 0;  ///< along the unit direction; 0 when the origin is inside
  Vec3 point;           ///< origin + distance * unit direction
  Vec3 normal;          ///< outward unit normal at entry; zero when the origin is inside
  bool startsInside = false;
  uint32_t triangle = 0;  ///< of a mesh body: the input index of the triangle hit (as Mesh::raycast gives it)
};

/// The first body a moving volume touches (hit == false: none within maxTime).
struct WorldSweepHit {
  bool hit = false;
  BodyId body;
  double time = 0;        ///< the first time of contact, as timeOfImpact gives it (0: touching at the start)
  Vec3 normal;            ///< unit, from the moving volume to the body, as timeOfImpact(volume, body) gives it
  int32_t triangle = -1;  ///< of a mesh body: the input index of the triangle touched; -1 for a volume body
};

class World {
 public:
  World();
  ~World();
  World(World&&) noexcept;
  World& operator=(World&&) noexcept;
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  /// Room for this many bodies without allocating again (adds up to it allocate nothing).
  void reserve(std::size_t bodies);

  /// How many threads setPoses and pairs() run on: the calling thread and threads - 1 of the
  /// World's own, which sleep between calls (1, the default: none). The results are the same
  /// bits with any number; pairs() lists the same pairs, in an order that depends on the number
  /// (one order for each). Above kMaxWorldThreads, that many. Where threads are missing
  /// (WebAssembly built without pthreads) always 1. Error: threads == 0.
  Status setThreads(unsigned threads);
  unsigned threads() const;

  /// Errors: an invalid volume (its validator's error, as make* gives it), an invalid pose (see
  /// setPose), or a full world (ErrorCode::WorldFull).
  Expected<BodyId> add(const Volume& localVolume, const RigidTransform& pose);
  /// A triangle mesh as a body: level geometry that never moves, or moved by setPose/setPoses as
  /// any body. Its triangles lie in the world as the posed mesh's (Mesh::overlaps: triangle t as
  /// transformed(triangle(t), pose)). The World shares the mesh, which must not change while it
  /// is held (build it once, add it to as many worlds and bodies as you like). Mesh bodies stay
  /// out of the grid: each one's tree is the broad phase for its triangles, asked with the box of
  /// each body near it, so a huge level does not make every body a candidate pair.
  /// pairs(), query, raycast and raycastAll take mesh bodies exactly: a volume body and a mesh
  /// body are a pair when mesh.overlaps(volume, pose) says so, two mesh bodies when overlapsMesh
  /// does. contacts() gives a volume body's contacts with each triangle it meets; sweep() casts
  /// against the posed triangles (WorldSweepHit::triangle); worldVolume() of a mesh
  /// body fails (it has no volume). Errors: a null mesh, a pose as add's, a full world.
  Expected<BodyId> add(std::shared_ptr<const Mesh> mesh, const RigidTransform& pose);
  /// Whether the id names a mesh body of this world.
  bool isMesh(BodyId id) const;
  /// ErrorCode::UnknownBody for an id that is not a body of this world (never issued, removed).
  Status remove(BodyId id);

  /// A valid pose: finite, scale > 0, a rotation orthonormal with determinant +1 to within
  /// tolerance::kWorldOrthonormal (what makeRigidTransform returns), and one that keeps the
  /// body's world bounds within tolerance::kWorldMaxCoordinate.
  Status setPose(BodyId id, const RigidTransform& pose);
  /// All ids and poses are checked before any is written: on an error nothing moved. An id named
  /// twice in one call is an error (ErrorCode::DuplicateBody): which of its poses was meant?
  Status setPoses(const BodyId* ids, const RigidTransform* poses, std::size_t count);
  /// Poses as 7 numbers each: tx, ty, tz, qx, qy, qz, qw (makeRigidTransform's rules, scale 1).
  Status setPoses(const BodyId* ids, const double* poses, std::size_t count);

  /// Every overlapping pair once, those with a mesh body last. The vector is the world's and is
  /// reused: valid until the next non-const call.
  const std::vector<BodyPair>& pairs();
  /// pairs() with the minimum translation of each (WorldContacts), in the same order: the pairs
  /// of volume bodies first, then one entry per meeting triangle of each volume body and mesh
  /// body pair (two mesh bodies give none: no one translation parts two surfaces). Allocates
  /// nothing once the lists have reached their size. Valid until the next non-const call.
  WorldContacts contacts();
  /// How many pairs the broad phase hands to the exact tests: the pairs of bodies whose padded
  /// boxes meet (a superset of pairs()). Runs the broad phase as pairs() does, without the exact
  /// tests: what a frame costs before them (benchmarks report that share), and how well the
  /// bodies' boxes fit them.
  std::size_t broadPhasePairCount();
  /// The bodies whose world volume overlaps `worldVolume`, into `out` (cleared first).
  Status query(const Volume& worldVolume, std::vector<BodyId>& out);
  /// The closest body hit by origin + t * normalize(direction), 0 <= t <= maxDistance (ties: the
  /// smaller id). Errors: a non-finite origin or direction, a zero direction, maxDistance < 0 or NaN.
  Expected<WorldRayHit> raycast(Vec3 origin, Vec3 direction, double maxDistance);
  /// Every body the ray meets within maxDistance, into `out` (cleared first), nearest first (ties:
  /// the smaller id), each as raycast would report it were it the only body: a piercing shot.
  /// Errors as raycast's; `out` then unchanged.
  Status raycastAll(Vec3 origin, Vec3 direction, double maxDistance, std::vector<WorldRayHit>& out);

  /// The first body that `volume` (in world coordinates), moving by velocity * t for t in
  /// [0, maxTime], touches: timeOfImpact(volume, body's world volume) of every body but `exclude`
  /// (a character's own body; an id that names no body excludes nothing), the earliest (ties: the
  /// smaller id), found through the grid rather than body by body. A mesh body counts as its posed
  /// triangles, timeOfImpact(volume, triangle) each (ties: the lower triangle index), found by
  /// descending its tree with the swept box. Errors: an invalid volume (its validator's), a
  /// non-finite velocity, maxTime < 0 or NaN (maxTime may be Infinity).
  Expected<WorldSweepHit> sweep(const Volume& volume, Vec3 velocity, double maxTime, BodyId exclude = {});

  std::size_t count() const;
  bool contains(BodyId id) const;
  /// The body's world volume: transformed(localVolume, pose), bit for bit.
  Expected<Volume> worldVolume(BodyId id);
  Expected<RigidTransform> pose(BodyId id) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sepaxis
