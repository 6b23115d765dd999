#include "world_bodies.h"

#include <cmath>
#include <limits>
#include <utility>

#include "sepaxis/bounds.h"
#include "sepaxis/tolerance.h"
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

double BodyStore::localReach(const Volume& local) {
  const Aabb box = boundingBox(local);
  return maxComponent(max(abs(box.min), abs(box.max)));
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
  id_.push_back(id.value);
  shape_.push_back(uint8_t(shape));
  pool_.push_back(pool);
  pose_.push_back(pose);
  reach_.push_back(localReach(local));
  bounds_.push_back({});
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
  bounds_.pop_back(), level_.pop_back(), floatBox_.pop_back(), columns_.pop_back();
}

void BodyStore::moveLast(uint32_t to) {
  const uint32_t from = size() - 1;
  id_[to] = id_[from], shape_[to] = shape_[from], pool_[to] = pool_[from], pose_[to] = pose_[from];
  reach_[to] = reach_[from], bounds_[to] = bounds_[from];
  level_[to] = level_[from], floatBox_[to] = floatBox_[from], columns_[to] = columns_[from];
  slots_[id_[to] & (kMaxBodies - 1)].dense = to;
}

#if SEPAXIS_LANES
namespace {

/// maxComponent(hi - lo) and maxComponent(max(abs(lo), abs(hi))) of the box whose bounds along
/// x are x's lanes (lo, hi), and so on. Maxima of numbers that are not NaN: the same in any order
/// (but for the sign of a zero width, which the pad adds to a magnitude >= 0 without a trace).
SEPAXIS_ALWAYS_INLINE void widthAndMagnitude(v128_t x, v128_t y, v128_t z, double& width, double& magnitude) {
  const v128_t wXY = wasm_f64x2_sub(wasm_i64x2_shuffle(x, y, 1, 3), wasm_i64x2_shuffle(x, y, 0, 2));
  const v128_t wZ = wasm_f64x2_sub(wasm_i64x2_shuffle(z, z, 1, 3), z);
  width = greater(greater(wasm_f64x2_extract_lane(wXY, 0), wasm_f64x2_extract_lane(wXY, 1)),
                  wasm_f64x2_extract_lane(wZ, 0));
  const v128_t m = wasm_f64x2_pmax(wasm_f64x2_pmax(wasm_f64x2_abs(x), wasm_f64x2_abs(y)), wasm_f64x2_abs(z));
  magnitude = greater(wasm_f64x2_extract_lane(m, 0), wasm_f64x2_extract_lane(m, 1));
}

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
    if (body.fromAabb) axy[i] = r.xy[i], az[i] = r.z[i];  // an Aabb's axes: R's columns
    else rotate(r, body.local.axis[i], axy[i], az[i]);
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
  // The numbers of the scalar code below (padded, levelOf, toFloat, cellIndex), each axis's two
  // bounds in one register: half the instructions (this was 40 % of setPoses's). Stored through
  // bytes, in the structs' layouts (asserted).
  v128_t x = wasm_f64x2_make(lo.x, hi.x), y = wasm_f64x2_make(lo.y, hi.y), z = wasm_f64x2_make(lo.z, hi.z);
  double width, magnitude;
  widthAndMagnitude(x, y, z, width, magnitude);
  const double pad = padOf(magnitude, width);
  const v128_t p = wasm_f64x2_make(-pad, pad);  // lo + -pad is lo - pad, exactly
  x = wasm_f64x2_add(x, p), y = wasm_f64x2_add(y, p), z = wasm_f64x2_add(z, p);
  static_assert(sizeof(Bounds) == 6 * sizeof(double), "min.x min.y min.z max.x max.y max.z");
  unsigned char* const bounds = reinterpret_cast<unsigned char*>(&bounds_[dense]);
  wasm_v128_store(bounds, wasm_i64x2_shuffle(x, y, 0, 2));
  wasm_v128_store(bounds + 16, wasm_i64x2_shuffle(z, x, 0, 3));
  wasm_v128_store(bounds + 32, wasm_i64x2_shuffle(y, z, 1, 3));
  widthAndMagnitude(x, y, z, width, magnitude);
  const int32_t level = levelOf(width, magnitude);
  level_[dense] = level;
  static_assert(sizeof(FloatBox) == 6 * sizeof(float), "minX maxX minY maxY minZ maxZ");
  unsigned char* const box = reinterpret_cast<unsigned char*>(&floatBox_[dense]);
  const bool inFloats = magnitude <= kMaxFloat;
  wasm_v128_store(box, wasm_i64x2_shuffle(toFloats(x, inFloats), toFloats(y, inFloats), 0, 2));
  wasm_v128_store64_lane(box + 16, toFloats(z, inFloats), 0);
  // floor(c / h) < 2^30 at the body's level (levelOf): cellIndex needs no clamp.
  const double inverse = inverseCellSide(level);
  static_assert(sizeof(ColumnRange) == 4 * sizeof(int32_t), "y0 y1 z0 z1");
  wasm_v128_store(&columns_[dense], wasm_i64x2_shuffle(cellIndices(y, inverse), cellIndices(z, inverse), 0, 2));
#else
  const Bounds b = padded(lo, hi);
  bounds_[dense] = b;
  const int32_t level = levelOf(b);
  level_[dense] = level;
  floatBox_[dense] = toFloatBox(b);
  // floor(c / h) < 2^30 at the body's level (levelOf): cellIndex needs no clamp.
  const double inverse = inverseCellSide(level);
  columns_[dense] = {cellIndex(b.min.y, inverse), cellIndex(b.max.y, inverse), cellIndex(b.min.z, inverse),
                     cellIndex(b.max.z, inverse)};
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
      const Vec3 r = abs(o.axis[0]) * o.halfExtents.x + abs(o.axis[1]) * o.halfExtents.y +
                     abs(o.axis[2]) * o.halfExtents.z;
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
  KdopSlabs& slabs = kdopSlabs_[pool_[dense]];
  Kdop& world = kdops_.items[pool_[dense]].world;
  if (!slabs.built) {
    // transformed(Kdop) builds the same slabs with makeKdop, which cannot fail on them (the slabs
    // of a point set's own extremes intersect); tryMakeKdop is makeKdop without the message. It
    // writes every field of a k-DOP of this k (the vertices past the count as zeros), so the
    // k-DOP rebuilt in place is the one makeKdop returns.
    const bool ok = tryMakeKdop(slabs.k, slabs.min, slabs.max, slabs.slabCount(), world);
    (void)ok;
    slabs.built = true;
  }
  return world;
}

const SlabAxes* slabAxes(int k) {
  // |d| and 1 / |d| of a direction (entries 0 or +-1) by its count of nonzero entries: the same
  // numbers as length(d) (sqrt is correctly rounded) and, for 1 / |d|, to rounding (which the
  // margins cover); no square root or division per slab and pair.
  static constexpr double kLength[] = {0, 1, 1.4142135623730951, 1.7320508075688772};
  static constexpr double kInverse[] = {0, 1, 0.70710678118654752, 0.57735026918962576};
  static constexpr int kKs[] = {6, 8, 14, 18, 26};
  // Built once by the first call from any thread (a function-local static, C++11 [stmt.dcl]/4).
  struct Tables {
    SlabAxes byK[5] = {};  // past k / 2: zero directions
    Tables() {
      for (int t = 0; t < 5; ++t) {
        const KdopDirection* dirs = kdopDirections(kKs[t]);
        SlabAxes& axes = byK[t];
        for (int i = 0; i < kKs[t] / 2; ++i) {
          const int nonzeros = (dirs[i].x != 0) + (dirs[i].y != 0) + (dirs[i].z != 0);
          axes.x[i] = dirs[i].x, axes.y[i] = dirs[i].y, axes.z[i] = dirs[i].z;
          axes.length[i] = kLength[nonzeros], axes.inverseLength[i] = kInverse[nonzeros];
          axes.nonzeros[i] = nonzeros;
        }
      }
    }
  };
  static const Tables tables;
  return &tables.byK[k == 6 ? 0 : k == 8 ? 1 : k == 14 ? 2 : k == 18 ? 3 : 4];
}

namespace {

// Slabs two at a time where SIMD lanes are (each lane the scalar operations: the same numbers).
#if SEPAXIS_LANES
using SlabLanes = lanes::F2;
#else
using SlabLanes = double;
#endif
constexpr int kSlabsAtOnce = sizeof(SlabLanes) / sizeof(double);

/// The numbers p[0], p[1] in the lanes of V (p[0] for a double).
template <class V>
V loadSlabs(const double* p);
template <>
[[maybe_unused]] double loadSlabs<double>(const double* p) { return *p; }
#if SEPAXIS_LANES
template <>
[[maybe_unused]] lanes::F2 loadSlabs<lanes::F2>(const double* p) { return {wasm_v128_load(p)}; }
#endif

/// The least lane, by lesser() (of one number, itself).
[[maybe_unused]] double leastLane(double v) { return v; }
#if SEPAXIS_LANES
[[maybe_unused]] double leastLane(lanes::F2 v) {
  return lesser(wasm_f64x2_extract_lane(v.v, 0), wasm_f64x2_extract_lane(v.v, 1));
}
#endif

/// d_i . v (and d_i+1 . v in lanes), as dot() computes it.
template <class V>
V alongSlabs(const SlabAxes& axes, int i, Vec3 v) {
  return loadSlabs<V>(axes.x + i) * lanes::splat<V>(v.x) + loadSlabs<V>(axes.y + i) * lanes::splat<V>(v.y) +
         loadSlabs<V>(axes.z + i) * lanes::splat<V>(v.z);
}

}  // namespace

bool BodyStore::kdopSlabSeparates(uint32_t kdop, uint32_t other) const {
  using V = SlabLanes;
  const KdopSlabs& body = kdopSlabs(kdop);
  const SlabAxes& axes = *body.axes;
  const int n = body.slabCount();
  const Vec3 lo = bounds_[other].min, hi = bounds_[other].max;
  const double magnitude = maxComponent(max(abs(lo), abs(hi)));
  // Both polytopes may lie outside their slabs by kKdopVertex of their extent (plus
  // kKdopLenience of their magnitude), the products below round by a few ulps: kWorldBoundsPad of
  // all these covers them. Beyond it the pair is apart along d_i, which overlaps() tests. For
  // slab i (and i + 1 in lanes), least and greatest of the other body along it.
  auto apartAlong = [&](int i, auto least, auto greatest) {
    using W = decltype(least);
    const W slabMin = loadSlabs<W>(body.min + i), slabMax = loadSlabs<W>(body.max + i);
    const W l1 = loadSlabs<W>(axes.nonzeros + i);  // |d_i|_1
    const W pad = lanes::splat<W>(tolerance::kWorldBoundsPad) *
                  (lanes::abs(slabMin) + lanes::abs(slabMax) + l1 * lanes::splat<W>(magnitude));
    return lanes::any((least > slabMax + pad) | (greatest < slabMin - pad));
  };
  auto along = [&](int i, Vec3 v) { return alongSlabs<V>(axes, i, v); };
  // The other body's interval along each d_i: of the volume itself where that is a few products
  // (a sphere, a box, a k-DOP of the same directions), else of its padded box. The volume's own
  // interval is tighter than its box's: a box turned 45 degrees reaches far less along a diagonal
  // than its bounding box does, and most box pairs the broad phase finds are apart along one.
  // Along x, y, z (a k-DOP's first three slabs, but an 8-DOP's) both bodies' own intervals are
  // their boxes', which the broad phase found overlapping: those slabs are skipped. That leaves
  // an even count for every k (0, 4, 4, 6, 10 slabs): whole lane pairs.
  const int first = body.k == 8 ? 0 : 3;
  const WorldShape otherShape = shape(other);
  if (otherShape == WorldShape::Sphere) {
    const Sphere& sphere = sphereWorld(other);
    for (int i = first; i < n; i += kSlabsAtOnce) {
      const V mid = along(i, sphere.center), reach = lanes::splat<V>(sphere.radius) * loadSlabs<V>(axes.length + i);
      if (apartAlong(i, mid - reach, mid + reach)) return true;
    }
  } else if (otherShape == WorldShape::Box) {
    const Obb& box = boxWorld(other);
    const Vec3 h = box.halfExtents;
    for (int i = first; i < n; i += kSlabsAtOnce) {
      const V mid = along(i, box.center);
      const V reach = lanes::splat<V>(h.x) * lanes::abs(along(i, box.axis[0])) +
                      lanes::splat<V>(h.y) * lanes::abs(along(i, box.axis[1])) +
                      lanes::splat<V>(h.z) * lanes::abs(along(i, box.axis[2]));
      if (apartAlong(i, mid - reach, mid + reach)) return true;
    }
  } else if (kdopSlabs(other).k == body.k) {
    const KdopSlabs& o = kdopSlabs(other);
    for (int i = first; i < n; i += kSlabsAtOnce)
      if (apartAlong(i, loadSlabs<V>(o.min + i), loadSlabs<V>(o.max + i))) return true;
  } else {
    for (int i = 0; i < n; ++i) {
      // The box's interval along d_i: each term d_k x_k takes its least and greatest over [lo_k, hi_k].
      const Vec3 d = axes.d(i);
      double least = 0, greatest = 0;
      for (int k = 0; k < 3; ++k) {
        const double a = d[k] * lo[k], b = d[k] * hi[k];
        least += lesser(a, b), greatest += greater(a, b);
      }
      if (apartAlong(i, least, greatest)) return true;
    }
  }
  return false;
}

namespace {

// The radius of a ball around x inside the slabs of a k-DOP body (negative outside them).
// Whole lane pairs of slabs first, then the last of an odd count: the least of the same numbers
// (in another order, which only a zero's sign could tell).
double slabDepth(const KdopSlabs& body, Vec3 x) {
  const SlabAxes& axes = *body.axes;
  auto depthAlong = [&](int i, auto s) {  // of x in slab i (and i + 1), with s = d_i . x
    using W = decltype(s);
    return lanes::min(s - loadSlabs<W>(body.min + i), loadSlabs<W>(body.max + i) - s) *
           loadSlabs<W>(axes.inverseLength + i);
  };
  const int n = body.slabCount(), whole = n - n % kSlabsAtOnce;
  SlabLanes least = lanes::splat<SlabLanes>(std::numeric_limits<double>::infinity());
  for (int i = 0; i < whole; i += kSlabsAtOnce)
    least = lanes::min(least, depthAlong(i, alongSlabs<SlabLanes>(axes, i, x)));
  double depth = leastLane(least);
  for (int i = whole; i < n; ++i) depth = lesser(depth, depthAlong(i, alongSlabs<double>(axes, i, x)));
  return depth;
}

// The part [t0, t1] of the segment from + t dir (t in [0, 1]) within the slabs of a k-DOP body
// (Liang-Barsky); t0 > t1 when it misses them.
void clipToSlabs(const KdopSlabs& body, Vec3 from, Vec3 dir, double& t0, double& t1) {
  const SlabAxes& axes = *body.axes;
  t0 = 0, t1 = 1;
  for (int i = 0; i < body.slabCount(); ++i) {
    const Vec3 d = axes.d(i);
    const double s0 = dot(d, from), ds = dot(d, dir);
    if (ds == 0) {
      if (s0 < body.min[i] || s0 > body.max[i]) t0 = 1, t1 = 0;
      continue;
    }
    const double inv = 1 / ds;
    const double a = (body.min[i] - s0) * inv, b = (body.max[i] - s0) * inv;
    t0 = greater(t0, lesser(a, b));
    t1 = lesser(t1, greater(a, b));
  }
}

}  // namespace

double BodyStore::sureMargin(const KdopSlabs& kdop, uint32_t other, double distance) const {
  const BoxSize a = kdop.boxSize, b = boxSizeOf(bounds_[other]);
  // Squared lengths and products of lengths stay in range only for bodies of sensible size: past
  // 2^400 they could overflow, below 2^-400 underflow (a distance squared to 0 would put any two
  // tiny bodies in contact). There no margin is met, and the exact test, range-scaled, decides.
  const double smallest = lesser(a.width, b.width), largest = greater(a.magnitude, b.magnitude);
  if (!(smallest >= 0x1p-400 && largest <= 0x1p400)) return std::numeric_limits<double>::infinity();
  const double size = a.width + b.width + distance;
  return tolerance::kWorldSureMargin * size + tolerance::kWorldBoundsPad * largest;
}

bool BodyStore::kdopSurelyApart(uint32_t kdop, uint32_t other) const {
  const WorldShape otherShape = shape(other);
  if (otherShape == WorldShape::Kdop) return false;
  const KdopSlabs& body = kdopSlabs(kdop);
  const SlabAxes& axes = *body.axes;
  const int n = body.slabCount();
  // Each plane of the k-DOP as a . x <= h (plane 2i: +d_i, max_i; plane 2i + 1: -d_i, -min_i), and
  // how far `other` lies beyond it (its least a . x minus h; the slab test found none positive
  // enough). Near an edge of the k-DOP, `other` can lie beyond the wedge of two planes while
  // beyond neither: the edge's own directions m = l a + (1 - l) b, 0 < l < 1, separate it.
  Vec3 centre;
  if (otherShape == WorldShape::Sphere) centre = sphereWorld(other).center;
  else centre = boxWorld(other).center;
  int best[3] = {-1, -1, -1};  // the three planes `other` lies furthest beyond (by gap / |a|)
  double bestGap[3] = {-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                       -std::numeric_limits<double>::infinity()};
  for (int i = 0; i < n; ++i) {
    const Vec3 d = axes.d(i);
    double reach;
    if (otherShape == WorldShape::Sphere) {
      reach = sphereWorld(other).radius * axes.length[i];
    } else {
      const Obb& box = boxWorld(other);
      reach = box.halfExtents.x * std::fabs(dot(d, box.axis[0])) + box.halfExtents.y * std::fabs(dot(d, box.axis[1])) +
              box.halfExtents.z * std::fabs(dot(d, box.axis[2]));
    }
    const double mid = dot(d, centre), scale = axes.inverseLength[i];
    const double gaps[2] = {(mid - reach - body.max[i]) * scale, (body.min[i] - mid - reach) * scale};
    for (int side = 0; side < 2; ++side) {
      int at = 2 * i + side;
      double gap = gaps[side];
      for (int r = 0; r < 3; ++r)  // insert into the three best
        if (gap > bestGap[r]) std::swap(gap, bestGap[r]), std::swap(at, best[r]);
    }
  }
  const double margin = sureMargin(body, other, 0);
  auto plane = [&](int p, Vec3& a, double& h) {
    const Vec3 d = axes.d(p / 2);
    if (p % 2 == 0) a = d, h = body.max[p / 2];
    else a = -d, h = -body.min[p / 2];
  };
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j) {
      if (best[i] < 0 || best[j] < 0 || best[i] / 2 == best[j] / 2) continue;
      Vec3 a, b;
      double ha, hb;
      plane(best[i], a, ha);
      plane(best[j], b, hb);
      const double sa = dot(a, centre) - ha, sb = dot(b, centre) - hb;  // the centre beyond each
      if (otherShape == WorldShape::Sphere) {
        // The centre's distance to the edge line {a . x = ha, b . x = hb}: solve for the line's
        // point nearest it, c - (l a + m b) with [a.a a.b; a.b b.b] [l; m] = [sa; sb]; when l, m >
        // 0 the direction l a + m b separates, at distance sqrt(l sa + m sb) from the wedge.
        const double aa = dot(a, a), ab = dot(a, b), bb = dot(b, b), det = aa * bb - ab * ab;
        const double l = (sa * bb - sb * ab) / det, m = (sb * aa - sa * ab) / det;
        if (l > 0 && m > 0 && std::sqrt(l * sa + m * sb) - sphereWorld(other).radius > margin) return true;
        continue;
      }
      // A box: its least m . x - (l ha + (1 - l) hb) along m = l a + (1 - l) b is concave and
      // piecewise linear in l, greatest where m is perpendicular to one of the box's axes.
      const Obb& box = boxWorld(other);
      for (int k = 0; k < 3; ++k) {
        const double ua = dot(a, box.axis[k]), ub = dot(b, box.axis[k]);
        if (ua == ub) continue;
        const double l = ub / (ub - ua);  // l ua + (1 - l) ub = 0
        if (!(l > 0 && l < 1)) continue;
        const Vec3 m = a * l + b * (1 - l);
        const double least = l * sa + (1 - l) * sb - box.halfExtents.x * std::fabs(dot(m, box.axis[0])) -
                             box.halfExtents.y * std::fabs(dot(m, box.axis[1])) -
                             box.halfExtents.z * std::fabs(dot(m, box.axis[2]));
        if (least > margin * length(m)) return true;
      }
    }
  return false;
}

namespace {

// The point of a k-DOP's slabs nearest c where that point is a face's or an edge's: the foot on
// the plane c lies furthest beyond, or the nearest point of the line of the two it lies furthest
// beyond, when that point is within every other slab (then it is the nearest point of the slabs,
// and in them). False near a corner of the slabs, where neither is, and for c in the slabs.
bool nearestOnSlabs(const KdopSlabs& body, Vec3 c, Vec3& nearest) {
  const SlabAxes& axes = *body.axes;
  const int n = body.slabCount();
  int p = -1, q = -1;  // the planes c lies furthest beyond, by distance
  double dp = 0, dq = 0;
  for (int i = 0; i < n; ++i) {
    const double s = dot(axes.d(i), c), scale = axes.inverseLength[i];
    const double beyond[2] = {(s - body.max[i]) * scale, (body.min[i] - s) * scale};
    for (int side = 0; side < 2; ++side) {
      if (beyond[side] > dp) q = p, dq = dp, p = 2 * i + side, dp = beyond[side];
      else if (beyond[side] > dq) q = 2 * i + side, dq = beyond[side];
    }
  }
  if (p < 0) return false;
  auto plane = [&](int at, Vec3& a, double& h) {
    const Vec3 d = axes.d(at / 2);
    if (at % 2 == 0) a = d, h = body.max[at / 2];
    else a = -d, h = -body.min[at / 2];
  };
  // x within every slab but those of planes p and q (x is on those, to rounding).
  auto withinOthers = [&](Vec3 x, int skip1, int skip2) {
    for (int i = 0; i < n; ++i) {
      if (i == skip1 / 2 || i == skip2 / 2) continue;
      const double s = dot(axes.d(i), x);
      if (s < body.min[i] || s > body.max[i]) return false;
    }
    return true;
  };
  Vec3 a, b;
  double ha, hb;
  plane(p, a, ha);
  const double sa = dot(a, c) - ha;
  nearest = c - a * (sa / dot(a, a));
  if (withinOthers(nearest, p, p)) return true;
  if (q < 0 || q / 2 == p / 2) return false;
  plane(q, b, hb);
  const double sb = dot(b, c) - hb;
  const double aa = dot(a, a), ab = dot(a, b), bb = dot(b, b), det = aa * bb - ab * ab;
  const double l = (sa * bb - sb * ab) / det, m = (sb * aa - sa * ab) / det;
  if (!(l > 0 && m > 0)) return false;
  nearest = c - (a * l + b * m);
  return withinOthers(nearest, p, q);
}

}  // namespace

bool BodyStore::kdopSurelyOverlaps(uint32_t kdop, uint32_t other) const {
  const KdopSlabs& body = kdopSlabs(kdop);
  // Common points of the two, each enough on its own: if one lies deep in one body and is a
  // point of the other, a ball around it lies in both, and every axis sees the two overlap by at
  // least its radius: the pair's depth is at least that much. Tried cheapest first, p1 last: it
  // costs a division per slab, and on the benchmark's scene with 10 % 14-DOPs, of the ~2,100
  // pairs a frame this function settles, the other points leave it 1 in 10 frames.
  const WorldShape otherShape = shape(other);
  const Vec3 from = insidePoint(other);
  const Vec3 dir = body.inside - from;
  // The pair's size: both boxes' widths and the witnesses' distance; and the rounding of the
  // points and of the slabs, a few ulps of the coordinates' magnitude.
  const double margin = sureMargin(body, other, length(dir));
  // On the segment from the point inside `other` (its centre, or a k-DOP's inside point) to the
  // one inside this k-DOP: p2 where it leaves `other` (or the k-DOP's point, if it does not),
  // deep in the k-DOP; p1 where it enters the k-DOP's slabs, deep in `other`.
  double leave = 1;  // where the segment leaves `other`
  switch (otherShape) {
    case WorldShape::Sphere: {
      leave = sphereWorld(other).radius / length(dir);
      break;
    }
    case WorldShape::Box: {
      const Obb& box = boxWorld(other);
      // The segment between the centres may pass beside their common part. Two more points of
      // the box, deep in the k-DOP as p2 would be: the corner nearest the k-DOP's inside point (a
      // corner poking in), and the box's point nearest it (a face or an edge of the box across a
      // face of the k-DOP). Most box pairs settled here are settled by one of them.
      Vec3 corner = box.center, nearest = box.center;
      for (int j = 0; j < 3; ++j) {
        const double along = dot(box.axis[j], dir), h = box.halfExtents[j];
        corner = corner + box.axis[j] * (along < 0 ? -h : h);
        nearest = nearest + box.axis[j] * lesser(greater(along, -h), h);
      }
      if (greater(slabDepth(body, corner), slabDepth(body, nearest)) >= margin) return true;
      for (int j = 0; j < 3; ++j) leave = lesser(leave, box.halfExtents[j] / std::fabs(dot(box.axis[j], dir)));
      break;
    }
    case WorldShape::Kdop: {
      const KdopSlabs& o = kdopSlabs(other);
      double u0, u1;
      clipToSlabs(o, from, dir, u0, u1);
      leave = u0 <= u1 ? u1 : 0;
      break;
    }
  }
  // 0 <= leave (a NaN, from a zero-length segment, compares false and leaves no p2).
  if (leave >= 0 && slabDepth(body, from + dir * lesser(leave, 1.0)) >= margin) return true;
  double t0, t1;
  clipToSlabs(body, from, dir, t0, t1);
  // No p1 when t0 > t1 (rounding, a flat k-DOP).
  if (t0 <= t1 && depthIn(other, from + dir * t0) >= margin) return true;
  // The point of the slabs nearest the other's centre, where it is a face's or an edge's: for a
  // sphere, the nearest point of the k-DOP, in it as deep as it gets; for a box, often in the
  // part the two share (a face on a face).
  Vec3 nearest;
  if (nearestOnSlabs(body, from, nearest)) {
    if (otherShape != WorldShape::Kdop && depthIn(other, nearest) >= margin) return true;
  }
  return false;
}

bool BodyStore::kdopCornerInside(uint32_t kdop, uint32_t other) const {
  // Its turned local vertices are points of its slabs (the slabs are their extremes), the deepest
  // in `other` counts. Turned here in fewer operations than transformedSlabs takes, so a few ulps
  // of the magnitude away from those points: the margin's kWorldBoundsPad of the magnitude covers
  // that. The margin is kdopSurelyOverlaps's.
  const KdopSlabs& body = kdopSlabs(kdop);
  const WorldShape otherShape = shape(other);
  const double margin = sureMargin(body, other, length(body.inside - insidePoint(other)));
  const RigidTransform& pose = pose_[kdop];
  const KdopPoints& points = kdopPoints_[pool_[kdop]];
  const Vec3* const vertex = &kdopVertices_[points.first];
  const int count = int(points.count);
  const Vec3 shift = pose.rotation * points.origin * pose.scale + pose.translation;  // where origin goes
  if (otherShape == WorldShape::Box) {
    // In the box's frame: coordinate j of a turned vertex is w_j . vertex + o_j.
    const Obb& box = boxWorld(other);
    Vec3 w[3];
    double o[3];
    for (int j = 0; j < 3; ++j) {
      const Vec3 u = box.axis[j];  // w_j = scale R^T u
      w[j] = Vec3{dot(pose.rotation.column(0), u), dot(pose.rotation.column(1), u), dot(pose.rotation.column(2), u)} *
             pose.scale;
      o[j] = dot(box.axis[j], shift - box.center);
    }
    double deepest = -std::numeric_limits<double>::infinity();
    for (int v = 0; v < count; ++v) {
      const Vec3 x = vertex[v];
      deepest = greater(deepest, lesser(lesser(box.halfExtents.x - std::fabs(dot(w[0], x) + o[0]),
                                               box.halfExtents.y - std::fabs(dot(w[1], x) + o[1])),
                                        box.halfExtents.z - std::fabs(dot(w[2], x) + o[2])));
    }
    return deepest >= margin;
  }
  if (otherShape == WorldShape::Sphere) {
    const Sphere& sphere = sphereWorld(other);
    const Vec3 offset = shift - sphere.center;
    double nearest = std::numeric_limits<double>::infinity();  // squared
    for (int v = 0; v < count; ++v)
      nearest = lesser(nearest, lengthSquared(pose.rotation * vertex[v] * pose.scale + offset));
    return sphere.radius - std::sqrt(nearest) >= margin;
  }
  const KdopSlabs& o = kdopSlabs(other);
  double deepest = -std::numeric_limits<double>::infinity();
  for (int v = 0; v < count; ++v)
    deepest = greater(deepest, slabDepth(o, pose.rotation * vertex[v] * pose.scale + shift));
  return deepest >= margin;
}

namespace {

// The search's steps go past the nearest point of a set, into it (over-relaxed projections,
// Gubin, Polyak & Raik 1967): 1.8 of the way, clamped to the set. Measured on the benchmark's
// scene with 10 % 14-DOPs, of the 90 overlapping pairs a frame the other shortcuts leave, 12
// rounds found a point for 20 with plain projections and for 79 with these.
constexpr double kOverRelax = 1.8;
constexpr int kWitnessRounds = 12;

// t moved kOverRelax of the way towards [lo, hi] (when outside it), and kept in it.
double stepTowards(double t, double lo, double hi) {
  if (t >= lo && t <= hi) return t;
  const double nearest = t < lo ? lo : hi;
  return lesser(greater(t + kOverRelax * (nearest - t), lo), hi);
}

// Moves x into the slabs of a k-DOP body narrowed by `inset` on each side, one slab after the
// other. False when a slab is narrower than twice the inset.
bool stepIntoSlabs(const KdopSlabs& body, double inset, Vec3& x) {
  const SlabAxes& axes = *body.axes;
  for (int i = 0; i < body.slabCount(); ++i) {
    const Vec3 d = axes.d(i);
    const double reach = inset * axes.length[i];  // the inset along d . x
    const double lo = body.min[i] + reach, hi = body.max[i] - reach;
    if (!(lo <= hi)) return false;
    const double s = dot(d, x);
    if (s >= lo && s <= hi) continue;  // in the slab: the step would be zero (and the division slow)
    x = x + d * ((stepTowards(s, lo, hi) - s) / dot(d, d));
  }
  return true;
}

}  // namespace

Vec3 BodyStore::insidePoint(uint32_t dense) const {
  switch (shape(dense)) {
    case WorldShape::Sphere: return sphereWorld(dense).center;
    case WorldShape::Box: return boxWorld(dense).center;
    case WorldShape::Kdop: break;
  }
  return kdopSlabs(dense).inside;
}

double BodyStore::depthIn(uint32_t dense, Vec3 x) const {
  switch (shape(dense)) {
    case WorldShape::Sphere: {
      const Sphere& sphere = sphereWorld(dense);
      return sphere.radius - length(x - sphere.center);
    }
    case WorldShape::Box: {
      const Obb& box = boxWorld(dense);
      const Vec3 r = x - box.center;
      return lesser(lesser(box.halfExtents.x - std::fabs(dot(box.axis[0], r)),
                           box.halfExtents.y - std::fabs(dot(box.axis[1], r))),
                    box.halfExtents.z - std::fabs(dot(box.axis[2], r)));
    }
    case WorldShape::Kdop: break;
  }
  return slabDepth(kdopSlabs(dense), x);
}

bool BodyStore::stepInto(uint32_t dense, double inset, Vec3& x) const {
  switch (shape(dense)) {
    case WorldShape::Sphere: {
      const Sphere& sphere = sphereWorld(dense);
      const double radius = sphere.radius - inset;
      if (!(radius > 0)) return false;
      const Vec3 r = x - sphere.center;
      const double distance = length(r);
      // Along the line through the centre: a point at signed distance -radius..radius from it.
      if (distance > radius) x = sphere.center + r * (stepTowards(distance, -radius, radius) / distance);
      return true;
    }
    case WorldShape::Box: {
      const Obb& box = boxWorld(dense);
      const Vec3 r = x - box.center;
      for (int j = 0; j < 3; ++j) {
        const double h = box.halfExtents[j] - inset, t = dot(box.axis[j], r);
        if (!(h >= 0)) return false;
        x = x + box.axis[j] * (stepTowards(t, -h, h) - t);
      }
      return true;
    }
    case WorldShape::Kdop: break;
  }
  return stepIntoSlabs(kdopSlabs(dense), inset, x);
}

bool BodyStore::kdopOverlapWitness(uint32_t kdop, uint32_t other) const {
  // Alternating projections (von Neumann; Bauschke & Borwein, SIAM Review 38(3), 1996): stepping
  // into one convex set and then the other converges to a point of both when they meet. Both are
  // narrowed by twice the margin, so a point found lies deeper than the margin in each: a ball of
  // that radius lies in both volumes, and every axis sees them overlap by at least the margin, far
  // beyond overlaps()'s touching band (tolerance::kWorldSureMargin). Only the final check counts:
  // the steps may be anything. The points' rounding is covered by the margin's kWorldBoundsPad of
  // the magnitude, as in kdopSurelyOverlaps.
  const KdopSlabs& body = kdopSlabs(kdop);
  const Vec3 from = insidePoint(other);
  const double margin = sureMargin(body, other, length(body.inside - from));
  if (!(margin < std::numeric_limits<double>::infinity())) return false;
  Vec3 x = (from + body.inside) * 0.5;
  for (int round = 0; round < kWitnessRounds; ++round) {
    if (!stepIntoSlabs(body, 2 * margin, x) || !stepInto(other, 2 * margin, x)) return false;
    if (slabDepth(body, x) >= margin && depthIn(other, x) >= margin) return true;
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
  bounds_.reserve(n), level_.reserve(n), floatBox_.reserve(n), columns_.reserve(n), boxScratch_.reserve(n);
  spheres_.reserve(n), boxes_.reserve(n), boxWorld_.reserve(n);
}

}  // namespace sepaxis::detail
