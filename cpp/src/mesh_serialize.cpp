// A mesh as bytes (Mesh::serialize, Mesh::deserialize), so that a tree built once can be shipped
// and loaded without building it again. Every number is little-endian whatever the machine:
//
//   offset  size  field
//        0     4  magic "SXMH"
//        4     4  u32 format version (kMeshFormatVersion)
//        8     4  u32 node type (MeshNodeType: sphere 0, aabb 1, obb 2, kdop6 3 ... kdop26 7)
//       12     4  u32 leaf size (1..kMaxMeshLeafSize)
//       16     4  u32 vertex count V
//       20     4  u32 triangle count T
//       24     4  u32 node count N
//       28     4  u32 flags (0)
//       32     8  u64 checksum: FNV-1a (64 bits) over the payload's 32-bit words, each taken whole
//       40        payload: f64 positions[3V], f64 volumes[N * stride] (mesh_nodes.h; an AABB
//                 tree's boxes of floats, widened exactly: they load back to the same floats),
//                 u32 indices[3T], u32 order[T], u32 nodes[2N] (first, count)
//
// The checksum catches damage in transit; the checks after it catch whatever would make a query
// read out of range, loop, or answer other than testing every triangle would: a buffer that
// passes them gives the queries of the mesh it was written from.

#include <cstring>
#include <optional>
#include <string>

#include "sepaxis/mesh.h"
#include "sepaxis/point_query.h"
#include "sepaxis/validate.h"

#include "fit_points.h"
#include "mesh_nodes.h"
#include "validate.h"

namespace sepaxis {

namespace {

constexpr uint8_t kMeshMagic[4] = {'S', 'X', 'M', 'H'};
constexpr uint32_t kMeshFormatVersion = 1;
constexpr size_t kMeshHeaderBytes = 40;

void putU32(uint8_t* at, uint32_t v) {
  for (int i = 0; i < 4; ++i) at[i] = uint8_t(v >> (8 * i));
}
void putU64(uint8_t* at, uint64_t v) {
  for (int i = 0; i < 8; ++i) at[i] = uint8_t(v >> (8 * i));
}
void putF64(uint8_t* at, double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  putU64(at, bits);
}
uint32_t getU32(const uint8_t* at) {
  return uint32_t(at[0]) | uint32_t(at[1]) << 8 | uint32_t(at[2]) << 16 | uint32_t(at[3]) << 24;
}
uint64_t getU64(const uint8_t* at) { return uint64_t(getU32(at)) | uint64_t(getU32(at + 4)) << 32; }
double getF64(const uint8_t* at) {
  const uint64_t bits = getU64(at);
  double x;
  std::memcpy(&x, &bits, 8);
  return x;
}

// FNV-1a over 32-bit words: each step is a bijection of the state, so a change of any one word
// always changes the sum.
uint64_t meshChecksum(const uint8_t* payload, size_t bytes) {
  uint64_t h = 0xcbf29ce484222325u;
  for (size_t i = 0; i + 4 <= bytes; i += 4) h = (h ^ getU32(payload + i)) * 0x100000001b3u;
  return h;
}

// The payload's byte length for these counts (in 64 bits: counts near 2^32 must not wrap).
uint64_t payloadBytes(uint64_t vertices, uint64_t triangles, uint64_t nodes, int stride) {
  return 8 * (3 * vertices + nodes * uint64_t(stride)) + 4 * (3 * triangles + triangles + 2 * nodes);
}

Error corrupt(const std::string& field, double value, const std::string& rule) {
  return detail::makeError(ErrorCode::Inconsistent, field, value, rule);
}

std::string nodeField(uint32_t node, const char* member) {
  return detail::indexed("mesh.nodes", int(node)) + "." + member;
}

}  // namespace

std::vector<uint8_t> Mesh::serialize() const {
  const int stride = detail::meshNodeStride(options_.node);
  const auto vertices = uint32_t(positions_.size()), triangles = uint32_t(triangleCount()),
             nodes = uint32_t(nodeCount());
  std::vector<uint8_t> out(kMeshHeaderBytes + payloadBytes(vertices, triangles, nodes, stride));
  std::memcpy(out.data(), kMeshMagic, 4);
  putU32(&out[4], kMeshFormatVersion);
  putU32(&out[8], uint32_t(options_.node));
  putU32(&out[12], uint32_t(options_.leafSize));
  putU32(&out[16], vertices);
  putU32(&out[20], triangles);
  putU32(&out[24], nodes);
  putU32(&out[28], 0);
  uint8_t* at = out.data() + kMeshHeaderBytes;
  for (const Vec3& p : positions_)
    for (int j = 0; j < 3; ++j, at += 8) putF64(at, p[j]);
  for (const double v : volumes_) putF64(at, v), at += 8;
  const detail::NodeNumbers numbers = nodeNumbers();
  for (uint32_t i = 0; i < boxes_.size(); ++i) {  // an AABB tree's boxes, widened exactly
    double scratch[6];
    const double* v = numbers.at(i, scratch);
    for (int j = 0; j < 6; ++j, at += 8) putF64(at, v[j]);
  }
  for (uint32_t t = 0; t < triangles; ++t)
    for (size_t j = 0; j < 3; ++j, at += 4) putU32(at, leafCorners_[3 * size_t(slotOf_[t]) + j]);
  for (const uint32_t i : order_) putU32(at, i), at += 4;
  for (uint32_t i = 0; i < nodes; ++i) {
    const MeshNode n = node(i);
    putU32(at, n.first), putU32(at + 4, n.count), at += 8;
  }
  putU64(&out[32], meshChecksum(out.data() + kMeshHeaderBytes, out.size() - kMeshHeaderBytes));
  return out;
}

Expected<Mesh> Mesh::deserialize(const uint8_t* bytes, size_t size) {
  if (!bytes || size < kMeshHeaderBytes)
    return detail::makeError(ErrorCode::WrongLength, "mesh.byteLength", double(bytes ? size : 0),
                             "at least " + std::to_string(kMeshHeaderBytes) + " (the header)");
  if (std::memcmp(bytes, kMeshMagic, 4) != 0)
    return corrupt("mesh.magic", getU32(bytes), "the bytes \"SXMH\" (a mesh written by serialize())");
  if (const uint32_t version = getU32(bytes + 4); version != kMeshFormatVersion)
    return detail::makeError(ErrorCode::OutOfRange, "mesh.version", version,
                             std::to_string(kMeshFormatVersion) + " (the format this version reads)");
  const uint32_t type = getU32(bytes + 8);
  if (type > uint32_t(MeshNodeType::Kdop26))
    return detail::makeError(ErrorCode::OutOfRange, "mesh.nodeType", type, "from 0 to 7 (sphere ... kdop26)");
  const uint32_t leafSize = getU32(bytes + 12);
  if (leafSize < 1 || leafSize > uint32_t(kMaxMeshLeafSize))
    return detail::makeError(ErrorCode::OutOfRange, "mesh.leafSize", leafSize,
                             "from 1 to " + std::to_string(kMaxMeshLeafSize));
  const uint32_t vertices = getU32(bytes + 16), triangles = getU32(bytes + 20), nodes = getU32(bytes + 24);
  if (triangles < 1 || triangles > (uint32_t(1) << 31))
    return detail::makeError(ErrorCode::OutOfRange, "mesh.triangleCount", triangles, "from 1 to 2^31");
  if (vertices < 1) return detail::makeError(ErrorCode::OutOfRange, "mesh.vertexCount", vertices, "at least 1");
  // A binary tree of leaves of at most leafSize triangles: an odd count up to 2T - 1.
  if (nodes % 2 == 0 || nodes > 2 * uint64_t(triangles) - 1)
    return detail::makeError(
        ErrorCode::OutOfRange, "mesh.nodeCount", nodes,
        "odd and at most " + std::to_string(2 * uint64_t(triangles) - 1) + " (a binary tree over the triangles)");
  if (const uint32_t flags = getU32(bytes + 28); flags != 0)
    return detail::makeError(ErrorCode::OutOfRange, "mesh.flags", flags, "0");
  const auto node = MeshNodeType(type);
  const int stride = detail::meshNodeStride(node);
  const uint64_t expected = kMeshHeaderBytes + payloadBytes(vertices, triangles, nodes, stride);
  if (size != expected)
    return detail::makeError(ErrorCode::WrongLength, "mesh.byteLength", double(size),
                             std::to_string(expected) + " for its counts (" + std::to_string(vertices) + " vertices, " +
                                 std::to_string(triangles) + " triangles, " + std::to_string(nodes) + " nodes)");
  const uint8_t* payload = bytes + kMeshHeaderBytes;
  if (const uint64_t sum = meshChecksum(payload, size - kMeshHeaderBytes); sum != getU64(bytes + 32))
    return corrupt("mesh.checksum", double(getU64(bytes + 32)),
                   "the checksum of the bytes after the header (the buffer was damaged)");

  Mesh mesh;
  mesh.options_ = {node, int(leafSize)};
  const uint8_t* at = payload;
  mesh.positions_.resize(vertices);
  for (uint32_t v = 0; v < vertices; ++v)
    for (int j = 0; j < 3; ++j, at += 8) {
      const double x = getF64(at);
      if (!isFinite(x)) return *detail::checkFinite(detail::indexed("mesh.positions", int(3 * v + uint32_t(j))), x);
      mesh.positions_[v][j] = x;
    }
  mesh.volumes_.resize(size_t(nodes) * size_t(stride));
  for (size_t i = 0; i < mesh.volumes_.size(); ++i, at += 8) {
    mesh.volumes_[i] = getF64(at);
    if (!isFinite(mesh.volumes_[i]))
      return *detail::checkFinite(detail::indexed("mesh.volumes", int(i)), mesh.volumes_[i]);
  }
  std::vector<uint32_t> indices(size_t(3) * triangles);
  for (size_t i = 0; i < indices.size(); ++i, at += 4) {
    indices[i] = getU32(at);
    if (indices[i] >= vertices)
      return detail::makeError(ErrorCode::OutOfRange, detail::indexed("mesh.indices", int(i)), indices[i],
                               "below the vertex count " + std::to_string(vertices));
  }
  mesh.order_.resize(triangles);
  std::vector<uint8_t> seen(triangles);
  for (uint32_t i = 0; i < triangles; ++i, at += 4) {
    const uint32_t t = mesh.order_[i] = getU32(at);
    if (t >= triangles || seen[t])
      return detail::makeError(ErrorCode::OutOfRange, detail::indexed("mesh.order", int(i)), t,
                               "a triangle index below " + std::to_string(triangles) + " listed once");
    seen[t] = 1;
  }
  mesh.orderLeafCorners(indices.data());
  mesh.nodes_.resize(nodes);
  for (MeshNode& n : mesh.nodes_) n = {getU32(at), getU32(at + 4)}, at += 8;

  // One binary tree: walked depth first, children in order, every node is met once, a child after
  // its parent (refit fits them backwards), and the leaves' ranges follow one another from slot 0
  // to the last (a subtree's triangles are one range of the order, as refit reads them).
  std::vector<uint8_t> nodeDepth(nodes, 0);
  std::vector<uint8_t> met(nodes);
  std::vector<uint32_t> stack{0};
  uint32_t nextSlot = 0;
  met[0] = 1;
  while (!stack.empty()) {
    const uint32_t i = stack.back();
    stack.pop_back();
    const MeshNode& n = mesh.nodes_[i];
    const int level = nodeDepth[i];
    if (n.isLeaf()) {
      if (n.count > leafSize)
        return detail::makeError(ErrorCode::OutOfRange, nodeField(i, "count"), n.count,
                                 "at most the leaf size " + std::to_string(leafSize));
      if (n.first != nextSlot || uint64_t(n.first) + n.count > triangles)
        return corrupt(nodeField(i, "first"), n.first,
                       std::to_string(nextSlot) + " (leaves hold the triangles in order, each once)");
      nextSlot += n.count;
      continue;
    }
    if (n.first <= i || uint64_t(n.first) + 1 >= nodes || met[n.first] || met[n.first + 1])
      return corrupt(nodeField(i, "first"), n.first,
                     "the index of two nodes after it, below " + std::to_string(nodes) + ", no other node's children");
    if (level >= 64)
      return detail::makeError(ErrorCode::OutOfRange, "mesh.depth", level + 1, "at most 64 (levels below the root)");
    met[n.first] = met[n.first + 1] = 1;
    nodeDepth[n.first] = nodeDepth[n.first + 1] = uint8_t(level + 1);
    mesh.depth_ = std::max(mesh.depth_, level + 1);
    stack.push_back(n.first + 1);
    stack.push_back(n.first);
  }
  if (nextSlot != triangles)
    return corrupt("mesh.nodes", nextSlot, "leaves holding all " + std::to_string(triangles) + " triangles");
  for (uint32_t i = 0; i < nodes; ++i)
    if (!met[i]) return corrupt(detail::indexed("mesh.nodes", int(i)), i, "a node of the tree (no parent names it)");

  // Every triangle inside each node above it. Boxes and k-DOPs: a leaf's slabs hold the slabs
  // fitted to its corners (the same arithmetic as the build), an inner node's its children's.
  // Spheres and OBBs: a valid volume that contains() every corner below it, as the build fits them.
  const int k = detail::meshNodeKdopK(node);
  const int slabs = node == MeshNodeType::Aabb ? 3 : k / 2;
  std::vector<uint32_t> begin(nodes), end(nodes);
  std::vector<Vec3> corners;
  double fitted[2 * kMaxKdopSlabs];
  for (uint32_t i = nodes; i-- > 0;) {
    const MeshNode& n = mesh.nodes_[i];
    begin[i] = n.isLeaf() ? n.first : begin[n.first];
    end[i] = n.isLeaf() ? n.first + n.count : end[n.first + 1];
    const double* v = mesh.volumes_.data() + size_t(i) * size_t(stride);
    if (slabs > 0) {
      if (n.isLeaf()) {
        corners.clear();
        for (uint32_t slot = n.first; slot < n.first + n.count; ++slot) {
          const Triangle t = mesh.leafTriangle(slot);
          corners.insert(corners.end(), {t.a, t.b, t.c});
        }
        if (k) {
          detail::kdopSlabs(k, corners.data(), corners.size(), fitted, fitted + slabs);
        } else {
          Vec3 lo = corners[0], hi = lo;
          for (const Vec3& p : corners) lo = min(lo, p), hi = max(hi, p);
          for (int j = 0; j < 3; ++j) fitted[j] = lo[j], fitted[3 + j] = hi[j];
        }
      } else {
        const double* a = mesh.volumes_.data() + size_t(n.first) * size_t(stride);
        const double* b = a + stride;
        for (int j = 0; j < slabs; ++j)
          fitted[j] = lesser(a[j], b[j]), fitted[slabs + j] = greater(a[slabs + j], b[slabs + j]);
      }
      for (int j = 0; j < slabs; ++j)
        if (!(v[j] <= fitted[j] && v[slabs + j] >= fitted[slabs + j]))
          return corrupt(nodeField(i, "volume"), v[j],
                         "a volume around the node's triangles (slab " + std::to_string(j) + ")");
      continue;
    }
    // A volume a validator refuses, named as the node's: "mesh.nodes[3].volume: sphere.radius ...".
    auto invalid = [&](const Problem& p) {
      const std::string field = nodeField(i, "volume");
      return Error{ErrorCode::Inconsistent, field, p.value, field + ": " + toError(p).message};
    };
    auto holdsCorners = [&](const auto& volume) -> std::optional<Error> {
      for (uint32_t slot = begin[i]; slot < end[i]; ++slot) {
        const Triangle t = mesh.leafTriangle(slot);
        if (!contains(volume, t.a) || !contains(volume, t.b) || !contains(volume, t.c))
          return corrupt(nodeField(i, "volume"), double(mesh.order_[slot]),
                         "a volume around the node's triangles (the value is a triangle outside it)");
      }
      return std::nullopt;
    };
    const Volume volume = mesh.nodeVolume(i);
    if (node == MeshNodeType::Sphere) {
      const auto& s = std::get<Sphere>(volume);
      if (const Problem p = validateSphere(s.center, s.radius)) return invalid(p);
      if (auto e = holdsCorners(s)) return *e;
    } else {
      const auto& box = std::get<Obb>(volume);
      if (const Problem p = validateObb(box.center, box.axis, box.halfExtents)) return invalid(p);
      if (auto e = holdsCorners(box)) return *e;
    }
  }
  mesh.measureMagnitude();
  if (node == MeshNodeType::Aabb) mesh.compactBoxes();
  return mesh;
}

}  // namespace sepaxis
