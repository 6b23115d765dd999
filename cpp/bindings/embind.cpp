// The Embind mapping: the only file that includes <emscripten/bind.h>. Calls whose results are
// structured (the report, transformed volumes, error texts) are built here as plain JS objects;
// the geometry is all in the core.

#include <emscripten/bind.h>

#include <string>
#include <utility>
#include <vector>

#include "scratch.h"
#if SEPAXIS_WASM_WORLD
#include "world_exports.h"
#endif
#if SEPAXIS_WASM_MESH
#include "mesh_exports.h"
#endif

using emscripten::val;
using namespace sepaxis;
using namespace sepaxis::bindings;

namespace {

// "push" registered as an Embind symbol: JS reads the method name once, not on every call (a
// report pushes three arrays per axis).
EMSCRIPTEN_SYMBOL(push);

val array(Vec3 v) {
  val a = val::array();
  a.call<void>(push_symbol, v.x, v.y, v.z);
  return a;
}

val array(Interval i) {
  val a = val::array();
  a.call<void>(push_symbol, i.min, i.max);
  return a;
}

val toJson(const Sphere& s) {
  val o = val::object();
  o.set("type", "sphere");
  o.set("center", array(s.center));
  o.set("radius", s.radius);
  return o;
}

val toJson(const Aabb& b) {
  val o = val::object();
  o.set("type", "aabb");
  o.set("min", array(b.min));
  o.set("max", array(b.max));
  return o;
}

val toJson(const Obb& b) {
  val o = val::object();
  o.set("type", "obb");
  o.set("center", array(b.center));
  o.set("halfExtents", array(b.halfExtents));
  val axes = val::array();
  for (const Vec3& u : b.axis) axes.call<void>("push", array(u));
  o.set("axes", axes);
  return o;
}

val toJson(const Kdop& k) {
  val o = val::object();
  o.set("type", "kdop");
  o.set("k", k.k);
  val lo = val::array(), hi = val::array();
  for (int i = 0; i < k.slabCount(); ++i) {
    lo.call<void>("push", k.min[i]);
    hi.call<void>("push", k.max[i]);
  }
  o.set("min", lo);
  o.set("max", hi);
  return o;
}

val toJson(const Triangle& t) {
  val o = val::object();
  o.set("type", "triangle");
  val vertices = val::array();
  for (const Vec3& p : {t.a, t.b, t.c}) vertices.call<void>("push", array(p));
  o.set("vertices", vertices);
  return o;
}

val toJson(const Volume& v) {
  return std::visit([](const auto& shape) { return toJson(shape); }, v);
}

// The keys of an axis entry, registered as Embind symbols: JS reads each once, not on every set.
EMSCRIPTEN_SYMBOL(label);
EMSCRIPTEN_SYMBOL(kind);
EMSCRIPTEN_SYMBOL(featureA);
EMSCRIPTEN_SYMBOL(featureB);
EMSCRIPTEN_SYMBOL(direction);
EMSCRIPTEN_SYMBOL(a);
EMSCRIPTEN_SYMBOL(b);
EMSCRIPTEN_SYMBOL(gap);
EMSCRIPTEN_SYMBOL(separating);
EMSCRIPTEN_SYMBOL(degenerate);
EMSCRIPTEN_SYMBOL(reason);

// The report's names (kinds and features, a few dozen in all) as JS strings, each made once: they
// repeat over the axes of every report, and each fresh string is a copy through the heap.
const val& jsName(const std::string& name) {
  // A list searched in order: as fast as a hash map for this few, and a smaller module.
  static std::vector<std::pair<std::string, val>> names;
  for (const auto& [known, js] : names)
    if (known == name) return js;
  return names.emplace_back(name, val(name)).second;
}

const val& jsFeature(const std::optional<std::string>& feature) {
  static const val none = val::null();
  return feature ? jsName(*feature) : none;
}

val toJson(const AxisReport& axis) {
  val o = val::object();
  o.set(label_symbol, axis.label);
  o.set(kind_symbol, jsName(axisKindName(axis.kind)));
  o.set(featureA_symbol, jsFeature(axis.featureA));
  o.set(featureB_symbol, jsFeature(axis.featureB));
  o.set(direction_symbol, array(axis.direction));
  o.set(a_symbol, array(axis.a));
  o.set(b_symbol, array(axis.b));
  // A degenerate axis has no gap: null, not NaN, which JSON cannot hold (the report is plain JSON).
  if (axis.degenerate)
    o.set(gap_symbol, val::null());
  else
    o.set(gap_symbol, axis.gap);
  o.set(separating_symbol, axis.separating);
  o.set(degenerate_symbol, axis.degenerate);
  if (axis.degenerate) o.set(reason_symbol, axis.reason);
  return o;
}

val toJson(const CollisionReport& r) {
  val o = val::object();
  o.set("overlap", r.overlap);
  val axes = val::array();
  for (const AxisReport& axis : r.axes) axes.call<void>(push_symbol, toJson(axis));
  o.set("axes", axes);
  o.set("separatingAxis", r.separatingAxis);
  o.set("touching", r.touching);
  if (r.hasPenetration) {
    val p = val::object();
    p.set("depth", r.penetration.depth);
    p.set("normal", array(r.penetration.normal));
    o.set("penetration", p);
  } else {
    o.set("penetration", val::null());
  }
  return o;
}

// Both slots must have been decoded (sx_decode) by the caller.
val collideSlots() { return toJson(collide(slotVolume(0), slotVolume(1))); }

#if SEPAXIS_WASM_FULL
EMSCRIPTEN_SYMBOL(enter);
EMSCRIPTEN_SYMBOL(exit);

// Both slots decoded; io: the motion (wire.h). The sweep's report, or a string with the error.
val sweepSlots() {
  const double* io = scratch() + wire::kIo;
  const Motion m{{io[wire::kIoVelocityA], io[wire::kIoVelocityA + 1], io[wire::kIoVelocityA + 2]},
                 {io[wire::kIoVelocityB], io[wire::kIoVelocityB + 1], io[wire::kIoVelocityB + 2]},
                 io[wire::kIoMaxTime]};
  const auto r = sweep(slotVolume(0), slotVolume(1), m);
  if (!r) return val(r.error().message);
  val o = val::object();
  o.set("hit", r->hit);
  o.set("time", r->time);
  o.set("normal", array(r->normal));
  val axes = val::array();
  for (const SweepAxis& axis : r->axes) {
    val x = val::object();
    x.set(label_symbol, axis.label);
    x.set(kind_symbol, jsName(axisKindName(axis.kind)));
    x.set(featureA_symbol, jsFeature(axis.featureA));
    x.set(featureB_symbol, jsFeature(axis.featureB));
    x.set(direction_symbol, array(axis.direction));
    // A degenerate axis has no times: null, as collide()'s gap.
    x.set(enter_symbol, axis.degenerate ? val::null() : val(axis.enter));
    x.set(exit_symbol, axis.degenerate ? val::null() : val(axis.exit));
    x.set(degenerate_symbol, axis.degenerate);
    if (axis.degenerate) x.set(reason_symbol, axis.reason);
    axes.call<void>(push_symbol, x);
  }
  o.set("axes", axes);
  o.set("decidingAxis", r->decidingAxis);
  return o;
}
#endif

// Slot 0 decoded; io: rotation quaternion, translation, scale (wire.h).
// Returns the transformed volume, or a string with the error.
val transformSlot(bool enclosingAabb) {
  const double* io = scratch() + wire::kIo;
  const double* q = io + wire::kIoRotation;
  const double* t3 = io + wire::kIoTranslation;
  auto t = makeRigidTransform({q[0], q[1], q[2], q[3]}, {t3[0], t3[1], t3[2]}, io[wire::kIoScale]);
  if (!t) return val(t.error().message);
  const Volume v = slotVolume(0);
  return enclosingAabb ? toJson(transformedBounds(v, *t)) : toJson(transformed(v, *t));
}

// The Error of element i of a batch, as its message; "" when the element is valid.
std::string batchElementError(int typeAndPrecision, int k, uintptr_t data, uint32_t stride, uint32_t i) {
  const BatchLayout l{VolumeType(typeAndPrecision & wire::kTypeMask), k, reinterpret_cast<const void*>(data), stride,
                      typeAndPrecision & wire::kFloat32 ? Precision::Float32 : Precision::Float64};
  auto v = batchElement(l, i);
  return v ? std::string() : v.error().message;
}

std::string lastErrorMessage() { return lastError(); }

// The volume of `type` (wire.h's kTypeSphere, kTypeAabb, kTypeObb or kTypeKdop) around count points (x y z doubles at
// data), or a string with the error. `k` is the k-DOP's k; for an OBB, wire.h's kFitFast or kFitTight.
val fitPoints(int type, int k, uintptr_t data, uint32_t count) {
  const Vec3* points = reinterpret_cast<const Vec3*>(data);
  auto jsonOr = [](const auto& made) { return made ? toJson(*made) : val(made.error().message); };
  switch (type) {
    case wire::kTypeSphere: return jsonOr(fitSphere(points, count));
    case wire::kTypeAabb: return jsonOr(fitAabb(points, count));
    case wire::kTypeObb:
#if SEPAXIS_WASM_FULL
      if (k != wire::kFitFast && k != wire::kFitTight) return val("fit quality must be \"fast\" or \"tight\"");
      return jsonOr(fitObb(points, count, FitQuality(k)));
#else
      return val("fit('obb') is not in the module init({ world: false }) loads: call init()");
#endif
    default: return jsonOr(fitKdop(k, points, count));
  }
}

// Ritter's sphere around count points (fitPoints' sphere is the smallest), or a string with the error.
val fitRitterSphere(uintptr_t data, uint32_t count) {
  const auto made = fitSphere(reinterpret_cast<const Vec3*>(data), count, SphereFit::Ritter);
  return made ? toJson(*made) : val(made.error().message);
}

// Slot 0 decoded: the volume it encloses.
double volumeSlot() { return volumeOf(slotVolume(0)); }

#if SEPAXIS_WASM_FULL
// The convex hull of count points (x y z doubles at data): {vertices: [[x, y, z], ...], faces: [[i, j, k], ...]}, or
// a string with the error.
val convexHullPoints(uintptr_t data, uint32_t count) {
  const auto hull = convexHull(reinterpret_cast<const Vec3*>(data), count);
  if (!hull) return val(hull.error().message);
  val vertices = val::array(), faces = val::array();
  for (const Vec3& v : hull->vertices) vertices.call<void>(push_symbol, array(v));
  for (const auto& f : hull->faces) {
    val face = val::array();
    face.call<void>(push_symbol, f[0], f[1], f[2]);
    faces.call<void>(push_symbol, face);
  }
  val o = val::object();
  o.set("vertices", vertices);
  o.set("faces", faces);
  return o;
}
#endif

// Slot 0 decoded: {vertices: [[x, y, z], ...], edges: [[i, j], ...]}.
val polytopeSlot() {
  const PolytopeMesh mesh = polytopeMesh(slotVolume(0));
  val vertices = val::array(), edges = val::array();
  for (const Vec3& v : mesh.vertices) vertices.call<void>("push", array(v));
  for (const auto& e : mesh.edges) {
    val pair = val::array();
    pair.call<void>("push", e[0], e[1]);
    edges.call<void>("push", pair);
  }
  val o = val::object();
  o.set("vertices", vertices);
  o.set("edges", edges);
  return o;
}

#if SEPAXIS_WASM_WORLD
// The world volume of a body of a world (world_exports.h), or null for an unknown id.
val worldVolume(uintptr_t world, uint32_t id) {
  const auto v = worldOf(world).worldVolume(BodyId{id});
  return v ? toJson(*v) : val::null();
}
#endif

#if SEPAXIS_WASM_MESH
// The volume of node `node` of a mesh (mesh_exports.h); JavaScript checks the index.
val meshNodeVolume(uintptr_t mesh, uint32_t node) { return toJson(meshOf(mesh).nodeVolume(node)); }

// The JSON name of a node type code ("aabb"): the package's names for createMesh's options.node.
std::string meshNodeName(int code) { return meshNodeTypeName(MeshNodeType(code)); }
#endif

}  // namespace

EMSCRIPTEN_BINDINGS(sepaxis) {
  emscripten::function("collideSlots", &collideSlots);
#if SEPAXIS_WASM_FULL
  emscripten::function("sweepSlots", &sweepSlots);
#endif
  emscripten::function("transformSlot", &transformSlot);
  emscripten::function("batchElementError", &batchElementError);
  emscripten::function("lastError", &lastErrorMessage);
  emscripten::function("polytopeSlot", &polytopeSlot);
  emscripten::function("fitPoints", &fitPoints);
  emscripten::function("fitRitterSphere", &fitRitterSphere);
  emscripten::function("volumeSlot", &volumeSlot);
#if SEPAXIS_WASM_FULL
  emscripten::function("convexHullPoints", &convexHullPoints);
#endif
#if SEPAXIS_WASM_WORLD
  emscripten::function("worldVolume", &worldVolume);
#endif
#if SEPAXIS_WASM_MESH
  emscripten::function("meshNodeVolume", &meshNodeVolume);
  emscripten::function("meshNodeName", &meshNodeName);
#endif
}
