#include "world_bodies.h"

#include <cmath>
#include <limits>
#include <utility>

#include "sepaxis/bounds.h"
#include "sepaxis/tolerance.h"
#include "assertions.h"
#include "lanes.h"
#include "platform.h"
#include "quaternion.h"
#include "transformed.h"

namespace sepaxis::detail {

// ---- bounds

Bounds paddedBounds(const Volume& v) {
  const Aabb box = boundingBox(v);
  return padded(box.min, box.max);
}

Bounds kdopSlabBounds(int k, const double* lo, const double* hi) {
  if (k != 8) {
    // The first three directions are x, y, z: the k-DOP lies within those slabs.
    return {{lo[0], lo[1], lo[2]}, {hi[0], hi[1], hi[2]}};
  }
  // The 8-DOP's directions d0 = (1,1,1), d1 = (1,1,-1), d2 = (1,-1,1), d3 = (1,-1,-1) combine to
  // the axes twice: 2x = d0 + d3 = d1 + d2, 2y = d0 - d2 = d1 - d3, 2z = d0 - d1 = d2 - d3.
  const Vec3 top{lesser(hi[0] + hi[3], hi[1] + hi[2]) / 2, lesser(hi[0] - lo[2], hi[1] - lo[3]) / 2,
                 lesser(hi[0] - lo[1], hi[2] - lo[3]) / 2};
  const Vec3 bottom{greater(lo[0] + lo[3], lo[1] + lo[2]) / 2, greater(lo[0] - hi[2], lo[1] - hi[3]) / 2,
                    greater(lo[0] - hi[1], lo[2] - hi[3]) / 2};
  // Rounded sums: the pad (2^-32 of the magnitude, padded()) covers their few ulps.
  return {bottom, top};
}

// ---- ids

bool BodyStore::full() const { return freeHead_ == kNoBody && slots_.size() >= kMaxBodies; }

// ---- bodies

uint32_t BodyStore::takeBox() {
  const uint32_t pool = boxes_.take();
  if (boxWorld_.size() < boxes_.items.size()) boxWorld_.resize(boxes_.items.size());  // at a new most only
  return pool;
}

uint32_t BodyStore::takeKdop() {
  const uint32_t pool = kdops_.take();
  if (kdopSlabs_.size() < kdops_.items.size()) {  // at a new most only
    kdopSlabs_.resize(kdops_.items.size());
    kdopPoints_.resize(kdops_.items.size());
  }
  return pool;
}

double BodyStore::localMagnitude(const Volume& local) {
  const Aabb box = boundingBox(local);
  return maxComponent(max(abs(box.min), abs(box.max)));
}

uint32_t BodyStore::takeSlot() {
  uint32_t slot;
  if (freeHead_ != kNoBody) {
    slot = freeHead_;
    freeHead_ = slots_[slot].nextFree;
    if (freeHead_ == kNoBody) freeTail_ = kNoBody;
  } else {
    slot = uint32_t(slots_.size());
    slots_.emplace_back();
  }
  return slot;
}

void BodyStore::freeSlot(uint32_t slot) {
  Slot& s = slots_[slot];
  s.dense = kNoBody;
  if (s.generation < kMaxGeneration) {
    ++s.generation;
    s.nextFree = kNoBody;
    if (freeTail_ == kNoBody)
      freeHead_ = slot;
    else
      slots_[freeTail_].nextFree = slot;
    freeTail_ = slot;
  }  // else retired: its ids could otherwise come back
}

BodyId BodyStore::addMesh(uint32_t index) {
  const uint32_t slot = takeSlot();
  slots_[slot].dense = kMeshSlot | index;
  return {(slots_[slot].generation << kBodyIdSlotBits) | slot};
}

BodyId BodyStore::add(const Volume& local, const RigidTransform& pose) {
  const uint32_t slot = takeSlot();
  const uint32_t dense = size();
  slots_[slot].dense = dense;
  const BodyId id{(slots_[slot].generation << kBodyIdSlotBits) | slot};

  uint32_t pool = 0;
  WorldShape shape = WorldShape::Sphere;
  if (const Sphere* s = std::get_if<Sphere>(&local)) {
    pool = spheres_.take();
    spheres_.items[pool].local = *s;
  } else if (const Aabb* a = std::get_if<Aabb>(&local)) {
    shape = WorldShape::Box;
    pool = takeBox();
    boxes_.items[pool].fromAabb = true;
    boxes_.items[pool].local.center = center(*a);
    boxes_.items[pool].local.halfExtents = halfExtents(*a);
  } else if (const Obb* o = std::get_if<Obb>(&local)) {
    shape = WorldShape::Box;
    pool = takeBox();
    boxes_.items[pool].fromAabb = false;
    boxes_.items[pool].local = *o;
  } else {
    shape = WorldShape::Kdop;
    pool = takeKdop();
    const Kdop& kdop = std::get<Kdop>(local);
    KdopPoints& points = kdopPoints_[pool];
    points.k = kdop.k, points.origin = kdop.origin, points.count = uint32_t(kdop.vertexCount);
    if (points.room < points.count) {  // the vertices of the pool entry's last k-DOP left less room
      points.first = uint32_t(kdopVertices_.size()), points.room = points.count;
      kdopVertices_.resize(kdopVertices_.size() + points.count);
    }
    Vec3 sum;
    for (int v = 0; v < kdop.vertexCount; ++v) {
      sum = sum + kdop.vertex[v];
      kdopVertices_[points.first + v] = kdop.vertex[v];
    }
    points.inside = kdop.origin + sum / double(kdop.vertexCount);
    kdopSlabs_[pool].k = kdop.k;
    kdopSlabs_[pool].axes = slabAxes(kdop.k);
  }
  forEachDenseField([](auto& field) { field.emplace_back(); });
  id_[dense] = id.value;
  shape_[dense] = uint8_t(shape);
  pool_[dense] = pool;
  magnitude_[dense] = localMagnitude(local);
  SEPAXIS_ASSERT(denseFieldsInStep());
  setPose(dense, pose);
  return id;
}

void BodyStore::remove(uint32_t dense) {
  SEPAXIS_ASSERT(dense < size());
  const uint32_t slot = id_[dense] & (kMaxBodies - 1);
  SEPAXIS_ASSERT(slots_[slot].dense == dense);
  freeSlot(slot);
  switch (shape(dense)) {
    case WorldShape::Sphere: spheres_.give(pool_[dense]); break;
    case WorldShape::Box: boxes_.give(pool_[dense]); break;
    case WorldShape::Kdop: kdops_.give(pool_[dense]); break;
  }
  const uint32_t last = size() - 1;
  if (dense != last) moveLast(dense);
  forEachDenseField([](auto& field) { field.pop_back(); });
  SEPAXIS_ASSERT(denseFieldsInStep());
}

void BodyStore::moveLast(uint32_t to) {
  const uint32_t from = size() - 1;
  forEachDenseField([to, from](auto& field) { field[to] = field[from]; });
  slots_[id_[to] & (kMaxBodies - 1)].dense = to;
}

#if SEPAXIS_LANES
namespace {

/// A rotation as the lanes turn vectors with it: its columns, rows 0 and 1 in one register and
/// row 2 apart.
struct RotationLanes {
  lanes::F2 xy[3];
  double z[3];
};

SEPAXIS_ALWAYS_INLINE RotationLanes rotationLanes(const Mat3& r) {
  RotationLanes l;
  for (int j = 0; j < 3; ++j) l.xy[j] = {wasm_f64x2_make(r.m[0][j], r.m[1][j])}, l.z[j] = r.m[2][j];
  return l;
}

SEPAXIS_ALWAYS_INLINE lanes::F2 splat2(double x) { return lanes::splat<lanes::F2>(x); }

/// R v as Mat3's operator* computes it, rows 0 and 1 in the lanes of xy, row 2 in z: each row
/// (m0 v.x + m1 v.y) + m2 v.z, the same numbers.
SEPAXIS_ALWAYS_INLINE void rotate(const RotationLanes& r, Vec3 v, lanes::F2& xy, double& z) {
  xy = r.xy[0] * splat2(v.x) + r.xy[1] * splat2(v.y) + r.xy[2] * splat2(v.z);
  z = r.z[0] * v.x + r.z[1] * v.y + r.z[2] * v.z;
}

/// Stores x's lanes and z as three consecutive doubles.
SEPAXIS_ALWAYS_INLINE void store3(double* to, lanes::F2 xy, double z) {
  wasm_v128_store(to, xy.v);
  to[2] = z;
}

/// applyPose(pose, p) (R p * scale + t) as (x, y) in lanes and z.
SEPAXIS_ALWAYS_INLINE void placePoint(const RotationLanes& r, const RigidTransform& pose, Vec3 p, lanes::F2& xy,
                                      double& z) {
  rotate(r, p, xy, z);
  xy = xy * splat2(pose.scale) + lanes::F2{wasm_f64x2_make(pose.translation.x, pose.translation.y)};
  z = z * pose.scale + pose.translation.z;
}

/// transformed() of a sphere (inlineTransformed) into `world`, in lanes as below; returns its
/// bounds before padding.
SEPAXIS_ALWAYS_INLINE Bounds transformSphereInLanes(const Sphere& local, const RigidTransform& pose, Sphere& world) {
  using lanes::F2;
  F2 cxy;
  double cz;
  placePoint(rotationLanes(pose.rotation), pose, local.center, cxy, cz);
  const double radius = local.radius * pose.scale;
  store3(&world.center.x, cxy, cz);
  world.radius = radius;
  const F2 lo = cxy - splat2(radius), hi = cxy + splat2(radius);
  return {{wasm_f64x2_extract_lane(lo.v, 0), wasm_f64x2_extract_lane(lo.v, 1), cz - radius},
          {wasm_f64x2_extract_lane(hi.v, 0), wasm_f64x2_extract_lane(hi.v, 1), cz + radius}};
}

/// transformed() of a box (inlineTransformed, transformedAabb) into `world`, the same numbers
/// computed two rows at a time; returns the box's bounds before padding (as place's scalar
/// code: the extent along world axis j is sum_i e_i |u_i[j]|).
SEPAXIS_ALWAYS_INLINE Bounds transformBoxInLanes(const BoxBody& body, const RigidTransform& pose, Obb& world) {
  using lanes::F2;
  const RotationLanes r = rotationLanes(pose.rotation);
  F2 cxy;
  double cz;
  placePoint(r, pose, body.local.center, cxy, cz);
  F2 axy[3];
  double az[3];
  for (int i = 0; i < 3; ++i) {
    if (body.fromAabb)
      axy[i] = r.xy[i], az[i] = r.z[i];  // an Aabb's axes: R's columns
    else
      rotate(r, body.local.axis[i], axy[i], az[i]);
  }
  const Vec3 e = body.local.halfExtents * pose.scale;
  const F2 rxy = abs(axy[0]) * splat2(e.x) + abs(axy[1]) * splat2(e.y) + abs(axy[2]) * splat2(e.z);
  const double rz = std::fabs(az[0]) * e.x + std::fabs(az[1]) * e.y + std::fabs(az[2]) * e.z;
  store3(&world.center.x, cxy, cz);
  for (int i = 0; i < 3; ++i) store3(&world.axis[i].x, axy[i], az[i]);
  world.halfExtents = e;
  const F2 lo = cxy - rxy, hi = cxy + rxy;
  return {{wasm_f64x2_extract_lane(lo.v, 0), wasm_f64x2_extract_lane(lo.v, 1), cz - rz},
          {wasm_f64x2_extract_lane(hi.v, 0), wasm_f64x2_extract_lane(hi.v, 1), cz + rz}};
}

}  // namespace
#endif

SEPAXIS_ALWAYS_INLINE void BodyStore::setBounds(uint32_t dense, Vec3 lo, Vec3 hi) {
#if SEPAXIS_LANES
  // padded()'s numbers, each axis's two bounds in one register: half the instructions.
  v128_t x = wasm_f64x2_make(lo.x, hi.x), y = wasm_f64x2_make(lo.y, hi.y), z = wasm_f64x2_make(lo.z, hi.z);
  double width, magnitude;
  widthAndMagnitude(x, y, z, width, magnitude);
  const double pad = padOf(magnitude, width);
  const v128_t p = wasm_f64x2_make(-pad, pad);  // lo + -pad is lo - pad, exactly
  x = wasm_f64x2_add(x, p), y = wasm_f64x2_add(y, p), z = wasm_f64x2_add(z, p);
  storeBounds(bounds_[dense], x, y, z);
#else
  bounds_[dense] = padded(lo, hi);
#endif
  // A k-DOP keeps its padded box's size with its slabs, for sureMargin.
  if (shape(dense) == WorldShape::Kdop) kdopSlabs_[pool_[dense]].boxSize = boxSizeOf(bounds_[dense]);
}

// Inlined into both callers: setPoses's pose is then a local whose scale (1) the compiler knows
// and keeps in registers (which it does only if no call takes the local's address: transformedSlabs
// reads the stored copy).
SEPAXIS_ALWAYS_INLINE Bounds BodyStore::place(uint32_t dense, const RigidTransform& pose) {
  const RigidTransform& stored = pose_[dense] = pose;
  const uint32_t pool = pool_[dense];
  Vec3 lo, hi;  // the world volume's box
  switch (shape(dense)) {
    case WorldShape::Sphere: {
      SphereBody& body = spheres_.items[pool];
#if SEPAXIS_LANES
      const Bounds b = transformSphereInLanes(body.local, pose, body.world);
      lo = b.min, hi = b.max;
#else
      const Sphere s = inlineTransformed(body.local, pose);
      body.world = s;
      const Vec3 r{s.radius, s.radius, s.radius};
      lo = s.center - r, hi = s.center + r;
#endif
      break;
    }
    case WorldShape::Box: {
      const BoxBody& body = boxes_.items[pool];
#if SEPAXIS_LANES
      const Bounds b = transformBoxInLanes(body, pose, boxWorld_[pool]);
      lo = b.min, hi = b.max;
#else
      const Obb o = body.fromAabb ? transformedAabb(body.local.center, body.local.halfExtents, pose)
                                  : inlineTransformed(body.local, pose);
      boxWorld_[pool] = o;
      // The extent along world axis j is sum_i e_i |u_i[j]| (Ericson, RTCD 4.2.6), rounded a few
      // ulps of the box's numbers either way: the pad covers them.
      const Vec3 r =
          abs(o.axis[0]) * o.halfExtents.x + abs(o.axis[1]) * o.halfExtents.y + abs(o.axis[2]) * o.halfExtents.z;
      lo = o.center - r, hi = o.center + r;
#endif
      break;
    }
    case WorldShape::Kdop: {
      const KdopPoints& points = kdopPoints_[pool];
      KdopSlabs& slabs = kdopSlabs_[pool];
      transformedSlabs(points.k, points.origin, &kdopVertices_[points.first], int(points.count), stored, slabs.min,
                       slabs.max);
      slabs.inside = applyPose(pose, points.inside);
      slabs.built = false;
      const Bounds b = kdopSlabBounds(slabs.k, slabs.min, slabs.max);
      lo = b.min, hi = b.max;
      break;
    }
  }
  return {lo, hi};
}

void BodyStore::setPose(uint32_t dense, const RigidTransform& pose) {
  const Bounds box = place(dense, pose);
  setBounds(dense, box.min, box.max);
}

void BodyStore::setPoses(const uint32_t* dense, const double* poses, const double* lengths, std::size_t begin,
                         std::size_t end) {
  // Two loops, the world volumes and then the bounds: each of the two is a long chain of
  // dependent operations, and a loop that did both held about one body's worth in flight, one
  // that does half holds about two.
  for (std::size_t i = begin; i < end; ++i) {
    const double* p = poses + 7 * i;
    RigidTransform pose;  // as tryMakeRigidTransform makes it
    pose.rotation = rotationOf({p[3], p[4], p[5], p[6]}, lengths[i]);
    pose.translation = {p[0], p[1], p[2]};
    boxScratch_[i] = place(dense[i], pose);
  }
  for (std::size_t i = begin; i < end; ++i) setBounds(dense[i], boxScratch_[i].min, boxScratch_[i].max);
}

const Kdop& BodyStore::kdopWorld(uint32_t dense) {
  SEPAXIS_ASSERT(shape(dense) == WorldShape::Kdop);
  KdopSlabs& slabs = kdopSlabs_[pool_[dense]];
  Kdop& world = kdops_.items[pool_[dense]].world;
  if (!slabs.built) {
    // transformed(Kdop) builds the same slabs with makeKdop, which cannot fail on them (the slabs
    // of a point set's own extremes intersect); tryMakeKdop is makeKdop without the message. It
    // writes every field of a k-DOP of this k (the vertices past the count as zeros), so the
    // k-DOP rebuilt in place is the one makeKdop returns.
    const bool built = tryMakeKdop(slabs.k, slabs.min, slabs.max, slabs.slabCount(), world);
    SEPAXIS_ASSERT(built);
    slabs.built = true;
  }
  return world;
}

Volume BodyStore::worldVolume(uint32_t dense) {
  switch (shape(dense)) {
    case WorldShape::Sphere: return sphereWorld(dense);
    case WorldShape::Box: return boxWorld(dense);
    case WorldShape::Kdop: break;
  }
  return kdopWorld(dense);
}

void BodyStore::reserve(std::size_t n) {
  slots_.reserve(n);
  forEachDenseField([n](auto& field) { field.reserve(n); });
  boxScratch_.reserve(n);
  spheres_.reserve(n), boxes_.reserve(n), boxWorld_.reserve(n);
}

}  // namespace sepaxis::detail
