#pragma once
// The World's body storage: ids (generation-checked slots), the bodies in a dense array (swap
// removal) with their padded bounds as structure of arrays, and the volumes in pools by type.
// What the broad phase makes of the bounds (world_grid.h: levels, columns) is its own.
//
// A body's world volume is transformed(local, pose) exactly, computed when its pose is set.
// k-DOPs are the exception in time, not in value: building the k-DOP around a turned polytope
// costs ~10-25 us, so a move computes only its slabs (transformedSlabs, the numbers
// transformed() builds from) and the bounds they imply; the k-DOP itself is built from those
// slabs the first time a test needs it (kdopWorld), bit for bit what transformed() returns.

#include <cstdint>
#include <vector>

#include "sepaxis/tolerance.h"
#include "sepaxis/transform.h"
#include "sepaxis/world.h"
#include "assertions.h"
#include "platform.h"
#include "world_bounds.h"

namespace sepaxis::detail {

/// The world volume's type: an AABB turns into an OBB, so the narrow phase sees three kinds.
enum class WorldShape : uint8_t { Sphere, Box, Kdop };

struct SphereBody {
  Sphere local, world;
};
/// A box body's local volume; its world box lives apart (BodyStore::boxWorld_), densely, for
/// the narrow phase, which reads only that (a third of the bytes: fewer cache misses).
struct BoxBody {
  bool fromAabb = false;  ///< local is an Aabb (transformed(Aabb) and transformed(Obb) differ)
  /// The local Obb; of an Aabb, its center and halfExtents (what transformed(Aabb) starts from,
  /// so computed once), its axes unused.
  Obb local;
};
/// A k-DOP body's world polytope (~2.2 kB), built when a test needs it (BodyStore::kdopWorld);
/// what its moves read (KdopPoints) and what the per-pair shortcuts read (KdopSlabs) live apart.
struct KdopBody {
  Kdop world;  ///< valid when its KdopSlabs says built
};
/// A k-DOP body's local polytope as its moves read it (transformedSlabs), by pool index, its
/// vertices packed in BodyStore::kdopVertices_: a frame's moves stream through them (kept in the
/// local Kdop, 4.4 kB apart, a third of transformedSlabs's time in Node went waiting for them).
struct KdopPoints {
  int k = 6;
  Vec3 origin;                    ///< the local polytope's: its vertices are relative to it
  Vec3 inside;                    ///< the mean of its vertices: a point inside it
  uint32_t first = 0, count = 0;  ///< its vertices: kdopVertices_[first, first + count)
  uint32_t room = 0;              ///< vertices kdopVertices_ holds from first (for the pool entry's next k-DOP)
};
/// The widest extent and the largest |coordinate| of a body's padded box: what sureMargin asks of
/// each body of a pair.
struct BoxSize {
  double width, magnitude;
};
inline BoxSize boxSizeOf(const Bounds& b) {
  return {maxComponent(b.max - b.min), maxComponent(max(abs(b.min), abs(b.max)))};
}

/// A k-DOP's slab directions d_i as the shortcuts compute with them: in doubles (their entries 0
/// or +-1), with |d_i|, 1 / |d_i| and the count of nonzero entries (|d_i|_1), so that no test
/// converts or counts them per slab and pair. By coordinate, so that two slabs load as one lane
/// pair, and past the k / 2 directions zero ones.
struct SlabAxes {
  double x[kMaxKdopSlabs + 1], y[kMaxKdopSlabs + 1], z[kMaxKdopSlabs + 1];
  double length[kMaxKdopSlabs + 1], inverseLength[kMaxKdopSlabs + 1], nonzeros[kMaxKdopSlabs + 1];

  Vec3 d(int i) const { return {x[i], y[i], z[i]}; }
};
/// The slab axes of a k-DOP of a valid k.
const SlabAxes* slabAxes(int k);

/// What the per-pair shortcuts (kdopSlabSeparates, kdopSurelyOverlaps, ...) read of a k-DOP body,
/// densely by pool index (BodyStore::kdopSlabs_), as boxWorld_ holds the boxes: 1,000 k-DOPs'
/// take 260 kB instead of being spread between their polytopes over 4.7 MB (the shortcuts' reads
/// would otherwise be cache misses).
struct KdopSlabs {
  int k = 6;
  bool built = false;              ///< its KdopBody::world matches these slabs (built on demand)
  const SlabAxes* axes = nullptr;  ///< slabAxes(k)
  double min[kMaxKdopSlabs] = {}, max[kMaxKdopSlabs] = {};  ///< transformedSlabs(local, pose)
  Vec3 inside;      ///< KdopPoints::inside moved by the pose: inside the world k-DOP (up to rounding)
  BoxSize boxSize;  ///< of the padded bounds, for sureMargin: bounds_ would be another cache miss a pair

  int slabCount() const { return k / 2; }
};

/// A pool of T with holes that are reused: indices stay put while other entries come and go. It
/// grows to the most bodies of its type the world has held at once, and no further.
template <class T>
struct Pool {
  std::vector<T> items;
  std::vector<uint32_t> freeList;

  uint32_t take() {
    if (!freeList.empty()) {
      const uint32_t i = freeList.back();
      freeList.pop_back();
      return i;
    }
    items.emplace_back();
    freeList.reserve(items.capacity());  // never more holes than items: removals never allocate
    return uint32_t(items.size() - 1);
  }
  void give(uint32_t i) {
    SEPAXIS_ASSERT(i < items.size() && freeList.size() < items.size());
    freeList.push_back(i);
  }
  void reserve(std::size_t n) { items.reserve(n), freeList.reserve(n); }
};

class BodyStore {
 public:
  // ---- ids
  /// The dense index of a body of this store, or false. Inline: setPoses asks it for every body.
  bool find(BodyId id, uint32_t& dense) const {
    const uint32_t slot = id.value & (kMaxBodies - 1);
    if (slot >= slots_.size()) return false;
    const Slot& s = slots_[slot];
    // A freed slot (kNoBody) and a mesh body's (kMeshSlot set) are no dense body.
    if (s.dense >= kMeshSlot || s.generation != (id.value >> kBodyIdSlotBits)) return false;
    dense = s.dense;
    return true;
  }
  bool full() const;

  // ---- ids of bodies kept elsewhere (the World's mesh bodies, outside the grid): the same id
  // space, so that an id names one body of either kind; the store keeps only the index it is given.
  /// Issues an id for the body at `index` of the caller's list; the caller checked full().
  BodyId addMesh(uint32_t index);
  /// The index given for a mesh body's id, or false (not a mesh body of this store).
  bool findMesh(BodyId id, uint32_t& index) const {
    const uint32_t slot = id.value & (kMaxBodies - 1);
    if (slot >= slots_.size()) return false;
    const Slot& s = slots_[slot];
    if (s.dense == kNoBody || !(s.dense & kMeshSlot) || s.generation != (id.value >> kBodyIdSlotBits)) return false;
    index = s.dense & ~kMeshSlot;
    return true;
  }
  /// The mesh body of a valid id now sits at `index` of the caller's list.
  void moveMesh(BodyId id, uint32_t index) { slots_[id.value & (kMaxBodies - 1)].dense = kMeshSlot | index; }
  /// Frees a valid mesh body's id for good.
  void removeMesh(BodyId id) { freeSlot(id.value & (kMaxBodies - 1)); }

  // ---- bodies; the caller has validated the volume and the pose.
  /// Adds a body (at the dense end); returns its id.
  BodyId add(const Volume& local, const RigidTransform& pose);
  void remove(uint32_t dense);
  void setPose(uint32_t dense, const RigidTransform& pose);
  /// setPose(dense[i], makeRigidTransform(q, t).value()) for each pose in World::setPoses's form
  /// (7 numbers: t, then q), which the caller has checked, given each q's quaternionLength (which
  /// the check measured): the same bits, built straight into the body.
  void setPoses(const uint32_t* dense, const double* poses, const double* lengths, std::size_t count) {
    prepareMoves(count);
    setPoses(dense, poses, lengths, 0, count);
  }
  /// Room for a setPoses call of `count` poses, which then runs in parts: entries begin .. end - 1
  /// of it. Parts may run at once on other threads when no body appears twice in the call (each
  /// writes its own bodies and entries only).
  void prepareMoves(std::size_t count) { boxScratch_.resize(count); }
  void setPoses(const uint32_t* dense, const double* poses, const double* lengths, std::size_t begin, std::size_t end);
  /// Whether a pose with this translation and scale keeps the body's bounds within
  /// tolerance::kWorldMaxCoordinate (before moving it).
  bool poseInRange(uint32_t dense, Vec3 translation, double scale) const {
    return poseInRange(magnitude_[dense], translation, scale);
  }
  /// The same for a body whose local volume has this magnitude (localMagnitude). False for a
  /// translation that is not finite.
  static bool poseInRange(double localMagnitude, Vec3 translation, double scale) {
    // |R p| <= |p|_2 <= sqrt(3) |p|_inf: the world volume lies within scale * 2 * magnitude of
    // the translation (2 > sqrt(3), and room for the pad). Each coordinate on its own: the same
    // as the largest (rounding is monotone), and a NaN fails.
    const double radius = 2 * scale * localMagnitude;
    const Vec3 t = abs(translation);
    constexpr double kFar = tolerance::kWorldMaxCoordinate;
    return (t.x + radius <= kFar) & (t.y + radius <= kFar) & (t.z + radius <= kFar);
  }
  /// The largest |coordinate| of a local volume's bounding box.
  static double localMagnitude(const Volume& local);

  void reserve(std::size_t n);
  uint32_t size() const { return uint32_t(id_.size()); }
  BodyId id(uint32_t dense) const { return {id_[dense]}; }
  WorldShape shape(uint32_t dense) const { return WorldShape(shape_[dense]); }
  const RigidTransform& pose(uint32_t dense) const { return pose_[dense]; }
  Volume worldVolume(uint32_t dense);

  const Sphere& sphereWorld(uint32_t dense) const {
    SEPAXIS_ASSERT(shape(dense) == WorldShape::Sphere);
    return spheres_.items[pool_[dense]].world;
  }
  const Obb& boxWorld(uint32_t dense) const {
    SEPAXIS_ASSERT(shape(dense) == WorldShape::Box);
    return boxWorld_[pool_[dense]];
  }
  /// Asks the cache for what a test of the body reads first: its world sphere or box (two lines),
  /// a k-DOP's slabs.
  void prefetchWorld(uint32_t dense) const {
    const uint32_t p = pool_[dense];
    const char* at = shape(dense) == WorldShape::Sphere ? reinterpret_cast<const char*>(&spheres_.items[p].world)
                     : shape(dense) == WorldShape::Box  ? reinterpret_cast<const char*>(&boxWorld_[p])
                                                        : reinterpret_cast<const char*>(&kdopSlabs_[p]);
    SEPAXIS_PREFETCH(at);
    SEPAXIS_PREFETCH(at + 64);
  }
  /// Builds the world k-DOP from its slabs the first time it is asked for after a move.
  const Kdop& kdopWorld(uint32_t dense);
  /// What the k-DOP narrow phase (world_kdop.h) reads of a k-DOP body: its slabs, and its local
  /// vertices (kdopPoints(dense).count of them) with the point set they are relative to.
  const KdopSlabs& kdopSlabs(uint32_t dense) const {
    SEPAXIS_ASSERT(shape(dense) == WorldShape::Kdop);
    return kdopSlabs_[pool_[dense]];
  }
  const KdopPoints& kdopPoints(uint32_t dense) const {
    SEPAXIS_ASSERT(shape(dense) == WorldShape::Kdop);
    return kdopPoints_[pool_[dense]];
  }
  const Vec3* kdopVertices(uint32_t dense) const { return &kdopVertices_[kdopPoints(dense).first]; }

  // ---- the broad phase's view: the padded bounds, by dense index.
  const Bounds* bounds() const { return bounds_.data(); }

 private:
  struct Slot {
    uint32_t generation = 1;
    uint32_t dense = kNoBody;
    uint32_t nextFree = kNoBody;
  };
  static constexpr uint32_t kNoBody = 0xffffffffu;
  /// Set in a slot's `dense` that holds a mesh body's index instead (below 2^20: never kNoBody).
  static constexpr uint32_t kMeshSlot = 0x80000000u;
  /// A slot for a new id, its `dense` still to be set.
  uint32_t takeSlot();
  /// A slot's id is given back: its next generation queues for reuse (or it retires).
  void freeSlot(uint32_t slot);
  static constexpr uint32_t kMaxGeneration = (uint32_t{1} << (32 - kBodyIdSlotBits)) - 1;

  /// Sets body `dense`'s world volume for `pose`, keeps the pose, and returns the volume's box
  /// (for setBounds). Both inline, defined (and used) in world_bodies.cpp only.
  inline Bounds place(uint32_t dense, const RigidTransform& pose);
  /// Pads the box lo..hi and keeps it as the body's bounds.
  inline void setBounds(uint32_t dense, Vec3 lo, Vec3 hi);
  uint32_t takeBox();
  uint32_t takeKdop();
  void moveLast(uint32_t to);
  /// f(v) for each vector of the dense fields below, so that add, remove, moveLast and reserve
  /// keep them in step: a field added here is added to all four.
  template <class F>
  void forEachDenseField(F&& f) {
    f(id_), f(shape_), f(pool_), f(pose_), f(magnitude_), f(bounds_);
  }
  bool denseFieldsInStep() {
    bool same = true;
    forEachDenseField([&same, n = id_.size()](const auto& field) { same &= field.size() == n; });
    return same;
  }

  // Slots: freed ones queue first in, first out, so that a slot's generation grows slowly; a
  // slot whose generation would wrap is retired instead of reused.
  std::vector<Slot> slots_;
  uint32_t freeHead_ = kNoBody, freeTail_ = kNoBody;

  // Dense, by body: the id, the volume's pool entry, the pose, the magnitude of the local volume
  // (its largest |coordinate|, for poseInRange), and the padded bounds.
  std::vector<uint32_t> id_;
  std::vector<uint8_t> shape_;
  std::vector<uint32_t> pool_;
  std::vector<RigidTransform> pose_;
  std::vector<double> magnitude_;
  std::vector<Bounds> bounds_;  ///< one struct a body: its readers take all six numbers

  std::vector<Bounds> boxScratch_;  ///< setPoses: the world volumes' boxes, before padding

  Pool<SphereBody> spheres_;
  Pool<BoxBody> boxes_;
  std::vector<Obb> boxWorld_;  ///< by box pool index
  Pool<KdopBody> kdops_;
  std::vector<KdopSlabs> kdopSlabs_;    ///< by k-DOP pool index
  std::vector<KdopPoints> kdopPoints_;  ///< by k-DOP pool index
  std::vector<Vec3> kdopVertices_;      ///< the local vertices of the k-DOPs, packed (KdopPoints)
};

/// The padded bounds of any volume (for queries).
Bounds paddedBounds(const Volume& v);
/// The bounds of the k-DOP that kdop's slabs min, max describe (before padding), without building it.
Bounds kdopSlabBounds(int k, const double* min, const double* max);

}  // namespace sepaxis::detail
