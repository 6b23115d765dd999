#include "sepaxis/mesh.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <type_traits>
#include <string>

#include "sepaxis/fit.h"

#include "assertions.h"
#include "fit_points.h"
#include "mesh_nodes.h"
#include "validate.h"

namespace sepaxis {

namespace {

bool isKnownNodeType(MeshNodeType type) {
  const int t = int(type);
  return t >= int(MeshNodeType::Sphere) && t <= int(MeshNodeType::Kdop26);
}

// The first coordinate that is not finite, as an error naming its place in the flat array (the
// name is made for that one only: a mesh has millions of coordinates).
std::optional<Error> checkMeshPositions(const double* positions, size_t vertexCount) {
  for (size_t i = 0; i < 3 * vertexCount; ++i)
    if (!isFinite(positions[i])) return detail::checkFinite(detail::indexed("positions", int(i)), positions[i]);
  return std::nullopt;
}

std::vector<Vec3> meshVertices(const double* positions, size_t vertexCount) {
  std::vector<Vec3> v(vertexCount);
  for (size_t i = 0; i < vertexCount; ++i) v[i] = {positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]};
  return v;
}

// A triangle as the builder moves it: a + b + c halved (its centroid times 1.5) and its index.
// The builder permutes these rather than indices into an array of centroids, so that each split
// reads its range in a row (the random reads cost most of a build of 420,000 triangles); the
// comparisons and swaps are the same, and so is the tree.
struct MeshBuildItem {
  Vec3 centroid;
  uint32_t triangle;
};

// Splits leaf-order triangles [begin, end) at the median of their centroids along the longest
// side of the centroids' box (the split of Klosowski et al.'s k-DOP trees; balanced, so the depth
// stays logarithmic whatever the mesh). Node: MeshNode, or an AABB tree's MeshBoxNode (its box
// fitted afterwards).
template <class Nodes>
struct MeshTreeBuilder {
  std::vector<MeshBuildItem>& items;  // in leaf order
  Nodes& nodes;
  uint32_t leafSize;
  int depth = 0;

  void split(uint32_t node, uint32_t begin, uint32_t end, int level) {
    depth = std::max(depth, level);
    if (end - begin <= leafSize) {
      nodes[node].first = begin, nodes[node].count = end - begin;
      return;
    }
    Vec3 lo = items[begin].centroid, hi = lo;
    for (uint32_t i = begin + 1; i < end; ++i) lo = min(lo, items[i].centroid), hi = max(hi, items[i].centroid);
    const Vec3 side = hi - lo;
    const int axis = side.x >= side.y && side.x >= side.z ? 0 : side.y >= side.z ? 1 : 2;
    const uint32_t middle = begin + (end - begin) / 2;
    // Ties broken by the triangle's index: the same tree on every platform. One comparison per
    // axis, its coordinate's place fixed: most of a build is spent here.
    const auto select = [&](auto along) {
      constexpr int k = decltype(along)::value;
      const auto key = [](const MeshBuildItem& i) {
        return k == 0 ? i.centroid.x : k == 1 ? i.centroid.y : i.centroid.z;
      };
      std::nth_element(items.begin() + begin, items.begin() + middle, items.begin() + end,
                       [key](const MeshBuildItem& a, const MeshBuildItem& b) {
                         const double ca = key(a), cb = key(b);
                         return ca < cb || (ca == cb && a.triangle < b.triangle);
                       });
    };
    if (axis == 0) {
      select(std::integral_constant<int, 0>{});
    } else if (axis == 1) {
      select(std::integral_constant<int, 1>{});
    } else {
      select(std::integral_constant<int, 2>{});
    }
    const auto children = uint32_t(nodes.size());
    nodes.resize(nodes.size() + 2);
    nodes[node].first = children, nodes[node].count = 0;
    split(children, begin, middle, level + 1);
    split(children + 1, middle, end, level + 1);
  }
};

}  // namespace

const char* meshNodeTypeName(MeshNodeType type) {
  switch (type) {
    case MeshNodeType::Sphere: return "sphere";
    case MeshNodeType::Aabb: return "aabb";
    case MeshNodeType::Obb: return "obb";
    case MeshNodeType::Kdop6: return "kdop6";
    case MeshNodeType::Kdop8: return "kdop8";
    case MeshNodeType::Kdop14: return "kdop14";
    case MeshNodeType::Kdop18: return "kdop18";
    case MeshNodeType::Kdop26: return "kdop26";
  }
  return "unknown";
}

Expected<Mesh> Mesh::build(const double* positions, size_t vertexCount, const uint32_t* indices, size_t indexCount,
                           MeshOptions options) {
  if (!isKnownNodeType(options.node))
    return detail::makeError(ErrorCode::OutOfRange, "options.node", int(options.node),
                             "one of sphere, aabb, obb, kdop6, kdop8, kdop14, kdop18, kdop26");
  if (options.leafSize < 1 || options.leafSize > kMaxMeshLeafSize)
    return detail::makeError(ErrorCode::OutOfRange, "options.leafSize", options.leafSize,
                             "from 1 to " + std::to_string(kMaxMeshLeafSize));
  if (indices) {
    if (indexCount < 3 || indexCount % 3)
      return detail::makeError(ErrorCode::WrongLength, "indices.length", double(indexCount),
                               "a multiple of 3 and at least 3 (three indices a triangle)");
    for (size_t i = 0; i < indexCount; ++i)
      if (indices[i] >= vertexCount)
        return detail::makeError(ErrorCode::OutOfRange, detail::indexed("indices", int(i)), indices[i],
                                 "below the vertex count " + std::to_string(vertexCount));
  } else if (vertexCount < 3 || vertexCount % 3) {
    return detail::makeError(ErrorCode::WrongLength, "positions.length", double(3 * vertexCount),
                             "a multiple of 9 and at least 9 without indices (three vertices a triangle)");
  }
  if (auto e = checkMeshPositions(positions, vertexCount)) return *e;
  if ((indices ? indexCount : vertexCount) / 3 > (uint64_t(1) << 31))
    return detail::makeError(ErrorCode::WrongLength, "indices.length", double(indexCount), "at most 3 * 2^31");

  Mesh mesh;
  mesh.options_ = options;
  mesh.positions_ = meshVertices(positions, vertexCount);
  mesh.measureMagnitude();
  const auto triangles = uint32_t((indices ? indexCount : vertexCount) / 3);
  std::vector<MeshBuildItem> items(triangles);
  for (uint32_t t = 0; t < triangles; ++t) {
    const size_t i = 3 * size_t(t);
    const Vec3 &a = mesh.positions_[indices ? indices[i] : i], &b = mesh.positions_[indices ? indices[i + 1] : i + 1],
               &c = mesh.positions_[indices ? indices[i + 2] : i + 2];
    // Summed in halves: three coordinates near the largest double must not overflow.
    items[t] = {a * 0.5 + b * 0.5 + c * 0.5, t};
  }
  const auto build = [&](auto& nodes) {
    nodes.reserve(nodeCountFor(triangles, options.leafSize));
    nodes.resize(1);
    MeshTreeBuilder<std::decay_t<decltype(nodes)>> builder{items, nodes, uint32_t(options.leafSize)};
    builder.split(0, 0, triangles, 0);
    mesh.depth_ = builder.depth;
  };
  if (options.node == MeshNodeType::Aabb) {
    build(mesh.boxes_);
  } else {
    build(mesh.nodes_);
  }
  mesh.order_.resize(triangles);
  for (uint32_t i = 0; i < triangles; ++i) mesh.order_[i] = items[i].triangle;
  std::vector<MeshBuildItem>().swap(items);
  mesh.orderLeafCorners(indices);
  if (Status fitted = mesh.fitNodes(); !fitted) return fitted.error();
  return mesh;
}

Status Mesh::refit(const double* positions, size_t vertexCount) {
  if (vertexCount != positions_.size())
    return detail::makeError(ErrorCode::WrongLength, "positions.length", double(3 * vertexCount),
                             "the mesh's " + std::to_string(3 * positions_.size()) + " (3 per vertex)");
  if (auto e = checkMeshPositions(positions, vertexCount)) return *e;
  if (mergesNodes()) {
    // Boxes and k-DOPs always fit: the vertices and volumes are replaced in place, the largest
    // magnitude found as they are copied.
    double magnitude = 0;
    bool floats = true;
    for (size_t i = 0; i < vertexCount; ++i) {
      const Vec3 p{positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]};
      positions_[i] = p;
      magnitude = greater(magnitude, maxComponent(abs(p)));
      floats = floats && double(float(p.x)) == p.x && double(float(p.y)) == p.y && double(float(p.z)) == p.z;
    }
    magnitude_ = magnitude;
    if (options_.node == MeshNodeType::Aabb && floats) {
      leafVertices_.resize(9 * order_.size());
      fitBoxes(true);
    } else {
      copyLeafVertices(floats);
      fitMergedNodes();
    }
    return {};
  }
  std::vector<Vec3> before = std::move(positions_);
  positions_ = meshVertices(positions, vertexCount);
  copyLeafVertices(verticesAreFloats());
  Status fitted = fitNodes();
  if (!fitted) {
    positions_ = std::move(before);
    copyLeafVertices(verticesAreFloats());
  } else {
    measureMagnitude();
  }
  return fitted;
}

namespace {

// The nodes below and at a range of n triangles: it splits into floor(n / 2) and ceil(n / 2), so
// each level holds ranges of at most two sizes and `known` stays small (two entries a level).
size_t nodesOver(size_t n, size_t leafSize, std::map<size_t, size_t>& known) {
  if (n <= leafSize) return 1;
  if (const auto it = known.find(n); it != known.end()) return it->second;
  const size_t count = 1 + nodesOver(n / 2, leafSize, known) + nodesOver(n - n / 2, leafSize, known);
  known[n] = count;
  return count;
}

}  // namespace

size_t Mesh::nodeCountFor(size_t triangleCount, int leafSize) {
  std::map<size_t, size_t> known;
  return nodesOver(triangleCount, size_t(leafSize < 1 ? 1 : leafSize), known);
}

size_t Mesh::buildByteEstimate(size_t vertexCount, size_t triangleCount, MeshOptions options) {
  const size_t nodes = nodeCountFor(triangleCount, options.leafSize);
  const size_t perNode = options.node == MeshNodeType::Aabb
                             ? sizeof(detail::MeshBoxNode)
                             : sizeof(MeshNode) + size_t(detail::meshNodeStride(options.node)) * sizeof(double);
  const size_t kept = sizeof(Mesh) + vertexCount * sizeof(Vec3) +
                      triangleCount * (5 * sizeof(uint32_t) + 9 * sizeof(float)) + nodes * perNode;
  // The build holds the centroids until the tree is made; spheres and OBBs are then fitted into
  // new volumes, each node's range at hand, to the corners below a node (the root's: all).
  const size_t fitting =
      options.node == MeshNodeType::Sphere || options.node == MeshNodeType::Obb
          ? nodes * (perNode - sizeof(MeshNode) + 2 * sizeof(uint32_t)) + 3 * triangleCount * sizeof(Vec3)
          : 0;
  return kept + std::max(triangleCount * sizeof(MeshBuildItem), fitting);
}

size_t Mesh::byteLength() const {
  return sizeof(Mesh) + positions_.size() * sizeof(Vec3) +
         (order_.size() + leafCorners_.size() + slotOf_.size()) * sizeof(uint32_t) + nodes_.size() * sizeof(MeshNode) +
         leafVertices_.size() * sizeof(float) + volumes_.size() * sizeof(double) +
         boxes_.size() * sizeof(detail::MeshBoxNode);
}

bool Mesh::mergesNodes() const {
  return options_.node == MeshNodeType::Aabb || detail::meshNodeKdopK(options_.node) != 0;
}

// Boxes and k-DOPs, in place. Children come after their parent, so a backward pass meets both
// children before their parent: a leaf's slabs come from its corners, an inner node's are its
// children's merged (exactly the fit over all the corners below, in linear time).
void Mesh::fitMergedNodes() {
  if (options_.node == MeshNodeType::Aabb) return fitBoxes();
  const size_t n = nodes_.size();
  const int stride = detail::meshNodeStride(options_.node);
  const int k = detail::meshNodeKdopK(options_.node);
  volumes_.resize(n * size_t(stride));
  Vec3 corners[3 * kMaxMeshLeafSize];
  for (size_t i = n; i-- > 0;) {
    const MeshNode& node = nodes_[i];
    double* out = volumes_.data() + i * size_t(stride);
    if (!node.isLeaf()) {
      const double* a = volumes_.data() + size_t(node.first) * size_t(stride);
      const double* b = a + stride;
      for (int j = 0; j < stride / 2; ++j) out[j] = lesser(a[j], b[j]);
      for (int j = stride / 2; j < stride; ++j) out[j] = greater(a[j], b[j]);
      continue;
    }
    size_t count = 0;
    for (uint32_t slot = node.first; slot < node.first + node.count; ++slot) {
      const Triangle t = leafTriangle(slot);
      corners[count++] = t.a, corners[count++] = t.b, corners[count++] = t.c;
    }
    detail::kdopSlabs(k, corners, count, out, out + k / 2);
  }
}

// The compact nodes' boxes: a leaf's is the box of doubles of its corners rounded outward to
// floats, an inner node's its children's merged, which is the same as rounding the merged boxes
// of doubles (rounding outward keeps the order of numbers).
void Mesh::fitBoxes(bool copyCorners) {
  const double s = boxScale_ = detail::boxScaleFor(magnitude_);
  for (size_t i = boxes_.size(); i-- > 0;) {
    detail::MeshBoxNode& box = boxes_[i];
    if (!box.isLeaf()) {
      const detail::MeshBoxNode &a = boxes_[box.first], &b = boxes_[box.first + 1];
      // In doubles through lesser/greater (one instruction each in WebAssembly, where a float
      // std::min is a compare and a branch): the lesser of two floats is one of them, exactly.
      for (int j = 0; j < 3; ++j)
        box.min[j] = float(lesser(a.min[j], b.min[j])), box.max[j] = float(greater(a.max[j], b.max[j]));
      continue;
    }
    Vec3 lo = copyCorners ? indexedTriangle(box.first).a : leafTriangle(box.first).a, hi = lo;
    for (uint32_t slot = box.first; slot < box.first + box.count; ++slot) {
      const Triangle t = copyCorners ? indexedTriangle(slot) : leafTriangle(slot);
      if (copyCorners) {
        float* v = leafVertices_.data() + 9 * size_t(slot);
        for (int k = 0; k < 3; ++k)
          v[3 * k] = float(t[k].x), v[3 * k + 1] = float(t[k].y), v[3 * k + 2] = float(t[k].z);
      }
      lo = min(min(lo, t.a), min(t.b, t.c)), hi = max(max(hi, t.a), max(t.b, t.c));
    }
    for (int j = 0; j < 3; ++j) box.min[j] = detail::floatBelow(lo[j] * s), box.max[j] = detail::floatAbove(hi[j] * s);
  }
}

// Fits every node's volume to the corners of its triangles: boxes and k-DOPs merged in place
// (fitMergedNodes, which cannot fail); spheres and OBBs, which do not merge exactly, fitted to the
// corners below each node, the new volumes replacing the old ones only when every fit succeeded
// (a fit fails only where a volume would pass the largest double).
Status Mesh::fitNodes() {
  if (mergesNodes()) {
    fitMergedNodes();
    return {};
  }
  const size_t n = nodes_.size();
  const int stride = detail::meshNodeStride(options_.node);
  std::vector<double> volumes(n * size_t(stride));
  std::vector<uint32_t> begin(n), end(n);  // each node's range of leaf slots
  std::vector<Vec3> corners;
  corners.reserve(3 * order_.size());  // the root's: all of them
  for (size_t i = n; i-- > 0;) {
    const MeshNode& node = nodes_[i];
    begin[i] = node.isLeaf() ? node.first : begin[node.first];
    end[i] = node.isLeaf() ? node.first + node.count : end[node.first + 1];
    double* out = volumes.data() + i * size_t(stride);
    corners.clear();
    for (uint32_t slot = begin[i]; slot < end[i]; ++slot) {
      const Triangle t = leafTriangle(slot);
      corners.insert(corners.end(), {t.a, t.b, t.c});
    }
    if (options_.node == MeshNodeType::Sphere) {
      const auto s = fitSphere(corners.data(), corners.size());
      if (!s) return s.error();
      out[0] = s->center.x, out[1] = s->center.y, out[2] = s->center.z, out[3] = s->radius;
      continue;
    }
    const auto box = fitObb(corners.data(), corners.size(), FitQuality::Fast);
    if (!box) return box.error();
    for (int j = 0; j < 3; ++j) {
      out[j] = box->center[j];
      for (int a = 0; a < 3; ++a) out[3 + 3 * a + j] = box->axis[a][j];
      out[12 + j] = box->halfExtents[j];
    }
  }
  volumes_ = std::move(volumes);
  return {};
}

void Mesh::orderLeafCorners(const uint32_t* indices) {
  leafCorners_.resize(3 * order_.size());
  slotOf_.resize(order_.size());
  for (size_t slot = 0; slot < order_.size(); ++slot) {
    const size_t t = order_[slot];
    slotOf_[t] = uint32_t(slot);
    for (size_t j = 0; j < 3; ++j) leafCorners_[3 * slot + j] = indices ? indices[3 * t + j] : uint32_t(3 * t + j);
  }
  copyLeafVertices(verticesAreFloats());
}

bool Mesh::verticesAreFloats() const {
  return std::all_of(positions_.begin(), positions_.end(), [](Vec3 p) {
    return double(float(p.x)) == p.x && double(float(p.y)) == p.y && double(float(p.z)) == p.z;
  });
}

void Mesh::copyLeafVertices(bool floats) {
  if (!floats) {
    std::vector<float>().swap(leafVertices_);
    return;
  }
  leafVertices_.resize(3 * leafCorners_.size());
  for (size_t i = 0; i < leafCorners_.size(); ++i) {
    const Vec3& p = positions_[leafCorners_[i]];
    leafVertices_[3 * i] = float(p.x), leafVertices_[3 * i + 1] = float(p.y), leafVertices_[3 * i + 2] = float(p.z);
  }
}

void Mesh::measureMagnitude() {
  magnitude_ = 0;
  for (const Vec3& p : positions_) magnitude_ = greater(magnitude_, maxComponent(abs(p)));
}

void Mesh::compactBoxes() {
  const double s = boxScale_ = detail::boxScaleFor(magnitude_);
  boxes_.resize(nodes_.size());
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const double* v = volumes_.data() + 6 * i;
    detail::MeshBoxNode& box = boxes_[i];
    for (int j = 0; j < 3; ++j)
      box.min[j] = detail::floatBelow(v[j] * s), box.max[j] = detail::floatAbove(v[3 + j] * s);
    box.first = nodes_[i].first, box.count = nodes_[i].count;
  }
  std::vector<MeshNode>().swap(nodes_);
  std::vector<double>().swap(volumes_);
}

detail::NodeNumbers Mesh::nodeNumbers() const {
  return {volumes_.data(), boxes_.empty() ? nullptr : boxes_.data(), detail::meshNodeStride(options_.node),
          1 / boxScale_};
}

Volume Mesh::nodeVolume(uint32_t node) const {
  double scratch[6];
  const double* v = nodeNumbers().at(node, scratch);
  switch (options_.node) {
    case MeshNodeType::Sphere: return Sphere{{v[0], v[1], v[2]}, v[3]};
    case MeshNodeType::Aabb: return Aabb{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
    case MeshNodeType::Obb: {
      Obb box;
      box.center = {v[0], v[1], v[2]};
      for (int a = 0; a < 3; ++a) box.axis[a] = {v[3 + 3 * a], v[4 + 3 * a], v[5 + 3 * a]};
      box.halfExtents = {v[12], v[13], v[14]};
      return box;
    }
    default: {
      const int k = detail::meshNodeKdopK(options_.node);
      Kdop kdop;
      [[maybe_unused]] const bool made = tryMakeKdop(k, v, v + k / 2, k / 2, kdop);
      SEPAXIS_ASSERT(made);  // the slabs came from fitKdop, which built this very k-DOP
      return kdop;
    }
  }
}

std::vector<uint32_t> Mesh::nodesAtDepth(int depth) const {
  struct At {
    uint32_t node;
    int level;
  };
  std::vector<uint32_t> level;
  std::vector<At> stack{{0, 0}};
  while (!stack.empty()) {
    const At at = stack.back();
    stack.pop_back();
    const MeshNode n = node(at.node);
    if (n.isLeaf() || at.level >= depth) {
      level.push_back(at.node);
    } else {
      stack.push_back({n.first + 1, at.level + 1});
      stack.push_back({n.first, at.level + 1});
    }
  }
  return level;
}

}  // namespace sepaxis
