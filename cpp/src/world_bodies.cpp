#include "world_bodies.h"

#include <cmath>
#include <limits>

#include "sepaxis/bounds.h"
#include "sepaxis/tolerance.h"

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

bool BodyStore::find(BodyId id, uint32_t& dense) const {
  const uint32_t slot = id.value & (kMaxBodies - 1);
  if (slot >= slots_.size()) return false;
  const Slot& s = slots_[slot];
  if (s.dense == kNoBody || s.generation != (id.value >> kBodyIdSlotBits)) return false;
  dense = s.dense;
  return true;
}

bool BodyStore::full() const { return freeHead_ == kNoBody && slots_.size() >= kMaxBodies; }

// ---- bodies

uint32_t BodyStore::takeBox() {
  const uint32_t pool = boxes_.take();
  if (boxWorld_.size() < boxes_.items.size()) boxWorld_.resize(boxes_.items.size());  // at a new most only
  return pool;
}

double BodyStore::localReach(const Volume& local) {
  const Aabb box = boundingBox(local);
  return maxComponent(max(abs(box.min), abs(box.max)));
}

bool BodyStore::poseInRange(double reach, const RigidTransform& pose) {
  // |R p| <= |p|_2 <= sqrt(3) |p|_inf: the world volume lies within scale * 2 * reach of the
  // translation (2 > sqrt(3), and room for the pad).
  const double far = maxComponent(abs(pose.translation)) + 2 * pose.scale * reach;
  return far <= tolerance::kWorldMaxCoordinate;
}

bool BodyStore::poseInRange(uint32_t dense, const RigidTransform& pose) const {
  return poseInRange(reach_[dense], pose);
}

BodyId BodyStore::add(const Volume& local, const RigidTransform& pose) {
  uint32_t slot;
  if (freeHead_ != kNoBody) {
    slot = freeHead_;
    freeHead_ = slots_[slot].nextFree;
    if (freeHead_ == kNoBody) freeTail_ = kNoBody;
  } else {
    slot = uint32_t(slots_.size());
    slots_.emplace_back();
  }
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
    boxes_.items[pool].localAabb = *a;
  } else if (const Obb* o = std::get_if<Obb>(&local)) {
    shape = WorldShape::Box;
    pool = takeBox();
    boxes_.items[pool].fromAabb = false;
    boxes_.items[pool].localObb = *o;
  } else {
    shape = WorldShape::Kdop;
    pool = kdops_.take();
    kdops_.items[pool].local = std::get<Kdop>(local);
  }
  id_.push_back(id.value);
  shape_.push_back(uint8_t(shape));
  pool_.push_back(pool);
  pose_.push_back(pose);
  reach_.push_back(localReach(local));
  minX_.push_back(0), minY_.push_back(0), minZ_.push_back(0);
  maxX_.push_back(0), maxY_.push_back(0), maxZ_.push_back(0);
  level_.push_back(0);
  floatBox_.push_back({}), columns_.push_back({});
  setPose(dense, pose);
  return id;
}

void BodyStore::remove(uint32_t dense) {
  const uint32_t slot = id_[dense] & (kMaxBodies - 1);
  Slot& s = slots_[slot];
  s.dense = kNoBody;
  if (s.generation < kMaxGeneration) {
    ++s.generation;
    s.nextFree = kNoBody;
    if (freeTail_ == kNoBody) freeHead_ = slot;
    else slots_[freeTail_].nextFree = slot;
    freeTail_ = slot;
  }  // else retired: its ids could otherwise come back
  switch (shape(dense)) {
    case WorldShape::Sphere: spheres_.give(pool_[dense]); break;
    case WorldShape::Box: boxes_.give(pool_[dense]); break;
    case WorldShape::Kdop: kdops_.give(pool_[dense]); break;
  }
  const uint32_t last = size() - 1;
  if (dense != last) moveLast(dense);
  id_.pop_back(), shape_.pop_back(), pool_.pop_back(), pose_.pop_back(), reach_.pop_back();
  minX_.pop_back(), minY_.pop_back(), minZ_.pop_back(), maxX_.pop_back(), maxY_.pop_back(), maxZ_.pop_back();
  level_.pop_back(), floatBox_.pop_back(), columns_.pop_back();
}

void BodyStore::moveLast(uint32_t to) {
  const uint32_t from = size() - 1;
  id_[to] = id_[from], shape_[to] = shape_[from], pool_[to] = pool_[from], pose_[to] = pose_[from];
  reach_[to] = reach_[from];
  minX_[to] = minX_[from], minY_[to] = minY_[from], minZ_[to] = minZ_[from];
  maxX_[to] = maxX_[from], maxY_[to] = maxY_[from], maxZ_[to] = maxZ_[from];
  level_[to] = level_[from], floatBox_[to] = floatBox_[from], columns_[to] = columns_[from];
  slots_[id_[to] & (kMaxBodies - 1)].dense = to;
}

void BodyStore::setBounds(uint32_t dense, Vec3 lo, Vec3 hi) {
  const Bounds b = padded(lo, hi);
  minX_[dense] = b.min.x, minY_[dense] = b.min.y, minZ_[dense] = b.min.z;
  maxX_[dense] = b.max.x, maxY_[dense] = b.max.y, maxZ_[dense] = b.max.z;
  const int32_t level = levelOf(b);
  level_[dense] = level;
  floatBox_[dense] = {toFloat(b.min.x), toFloat(b.max.x), toFloat(b.min.y),
                      toFloat(b.max.y), toFloat(b.min.z), toFloat(b.max.z)};
  // floor(c / h) < 2^30 at the body's level (levelOf): cellIndex needs no clamp.
  const double inverse = inverseCellSide(level);
  columns_[dense] = {cellIndex(b.min.y, inverse), cellIndex(b.max.y, inverse), cellIndex(b.min.z, inverse),
                     cellIndex(b.max.z, inverse)};
}

void BodyStore::setPose(uint32_t dense, const RigidTransform& pose) {
  pose_[dense] = pose;
  const uint32_t pool = pool_[dense];
  switch (shape(dense)) {
    case WorldShape::Sphere: {
      SphereBody& body = spheres_.items[pool];
      body.world = transformed(body.local, pose);
      const Vec3 r{body.world.radius, body.world.radius, body.world.radius};
      setBounds(dense, body.world.center - r, body.world.center + r);
      break;
    }
    case WorldShape::Box: {
      const BoxBody& body = boxes_.items[pool];
      Obb& o = boxWorld_[pool];
      o = body.fromAabb ? transformed(body.localAabb, pose) : transformed(body.localObb, pose);
      // The extent along world axis j is sum_i e_i |u_i[j]| (Ericson, RTCD 4.2.6), rounded a few
      // ulps of the box's numbers either way: the pad covers them.
      const Vec3 r = abs(o.axis[0]) * o.halfExtents.x + abs(o.axis[1]) * o.halfExtents.y +
                     abs(o.axis[2]) * o.halfExtents.z;
      setBounds(dense, o.center - r, o.center + r);
      break;
    }
    case WorldShape::Kdop: {
      KdopBody& body = kdops_.items[pool];
      transformedSlabs(body.local, pose, body.min, body.max);
      body.built = false;
      const Bounds b = kdopSlabBounds(body.local.k, body.min, body.max);
      setBounds(dense, b.min, b.max);
      break;
    }
  }
}

const Kdop& BodyStore::kdopWorld(uint32_t dense) {
  KdopBody& body = kdops_.items[pool_[dense]];
  if (!body.built) {
    // transformed(Kdop) builds the same slabs with makeKdop, which cannot fail on them (the slabs
    // of a point set's own extremes intersect); tryMakeKdop is makeKdop without the message.
    body.world = Kdop{};  // no entries left from the last build past the new counts
    const bool ok = tryMakeKdop(body.local.k, body.min, body.max, body.local.slabCount(), body.world);
    (void)ok;
    body.built = true;
  }
  return body.world;
}

bool BodyStore::kdopSlabSeparates(uint32_t kdop, uint32_t other) const {
  const KdopBody& body = kdops_.items[pool_[kdop]];
  const KdopDirection* dirs = kdopDirections(body.local.k);
  const Vec3 lo{minX_[other], minY_[other], minZ_[other]}, hi{maxX_[other], maxY_[other], maxZ_[other]};
  const double magnitude = maxComponent(max(abs(lo), abs(hi)));
  for (int i = 0; i < body.local.slabCount(); ++i) {
    // The box's interval along d_i: each term d_k x_k takes its least and greatest over [lo_k, hi_k].
    const Vec3 d = toVec3(dirs[i]);
    double least = 0, greatest = 0;
    for (int k = 0; k < 3; ++k) {
      const double a = d[k] * lo[k], b = d[k] * hi[k];
      least += lesser(a, b), greatest += greater(a, b);
    }
    // The polytope may lie outside its slabs by kKdopVertex of its extent (plus kKdopLenience of
    // its magnitude), the sums above round by a few ulps: kWorldBoundsPad of all these covers both.
    const double l1 = std::fabs(d.x) + std::fabs(d.y) + std::fabs(d.z);
    const double pad = tolerance::kWorldBoundsPad * (std::fabs(body.min[i]) + std::fabs(body.max[i]) + l1 * magnitude);
    if (least > body.max[i] + pad || greatest < body.min[i] - pad) return true;
  }
  return false;
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
  id_.reserve(n), shape_.reserve(n), pool_.reserve(n), pose_.reserve(n), reach_.reserve(n);
  minX_.reserve(n), minY_.reserve(n), minZ_.reserve(n), maxX_.reserve(n), maxY_.reserve(n), maxZ_.reserve(n);
  level_.reserve(n), floatBox_.reserve(n), columns_.reserve(n);
  spheres_.reserve(n), boxes_.reserve(n), boxWorld_.reserve(n);
}

}  // namespace sepaxis::detail
