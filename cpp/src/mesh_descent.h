#pragma once
// The descents of a mesh's tree that its queries share (mesh_query.cpp, mesh_overlap.cpp): one
// tree nearer nodes first, and two trees at once, pair by pair. Node tests may say "maybe"
// wrongly but never "no" wrongly: every node volume is taken grown by kNodePad of the largest
// coordinate involved, so that the answers are those of testing every triangle, bit for bit.

#include <cstdint>
#include <vector>

#include "sepaxis/mesh.h"

namespace sepaxis::detail {

// 2^-40: some 2^12 ulps of the largest coordinate, above the rounding of any node test (a few
// operations on numbers of that size, a pose applied or undone), and far too small to let a
// descent visit more nodes.
inline constexpr double kNodePad = 0x1p-40;

struct MeshPending {
  uint32_t node;
  double bound;  // entry distance, distance lower bound, or 0 (maybe) / infinity (no); NaN: missed
};

// The triangles of a leaf node of bound `bound`, in turn.
template <class Node, class Leaf>
void visitLeaf(const Node& node, double bound, const double& limit, MeshQueryCost& tally, Leaf& leaf) {
  // The bound holds for every triangle below: once the limit drops under it, none can matter.
  for (uint32_t slot = node.first; slot < node.first + node.count && bound <= limit; ++slot) {
    ++tally.triangleTests;
    leaf(slot);
  }
}

// `descend` below one node already tested (`start`); `children(first, a, b)` sets the bounds of
// the sibling nodes first and first + 1 (counted here).
template <class Nodes, class Children, class Leaf>
void descendFrom(const Nodes& nodes, MeshPending start, const double& limit, MeshQueryCost& tally, Children children,
                 Leaf leaf) {
  MeshPending stack[64 + 1];
  int top = 0;
  if (start.bound <= limit) stack[top++] = start;
  while (top > 0) {
    const MeshPending at = stack[--top];
    if (!(at.bound <= limit)) continue;
    const auto& node = nodes[at.node];
    if (node.isLeaf()) {
      visitLeaf(node, at.bound, limit, tally, leaf);
      continue;
    }
    tally.volumeTests += 2;
    MeshPending a{node.first, 0}, b{node.first + 1, 0};
    children(node.first, a.bound, b.bound);
    const MeshPending& nearer = a.bound <= b.bound ? a : b;
    const MeshPending& farther = a.bound <= b.bound ? b : a;
    if (farther.bound <= limit) stack[top++] = farther;
    if (nearer.bound <= limit) stack[top++] = nearer;
  }
}

// Nodes nearer first (by `bound`, counted as a volume test), skipping every node whose bound is
// not at most `limit` (a NaN bound fails even the infinite limit a ray that meets nothing keeps),
// which `leaf(slot)` (leaf slot `slot`: triangle triangleOrder()[slot]) lowers as it finds better
// answers (below every bound to stop). A stack of depth + 1 entries: 65 holds any tree of 2^32
// triangles. `nodes`: the MeshNodes, or any array of nodes with their `first`, `count` and
// isLeaf() (MeshBoxNode). `children(first, a, b)`: the bounds of two siblings at once.
template <class Nodes, class Bound, class Children, class Leaf>
void descend(const Nodes& nodes, const double& limit, MeshQueryCost& tally, Bound bound, Children children, Leaf leaf) {
  ++tally.volumeTests;
  descendFrom(nodes, MeshPending{0, bound(0)}, limit, tally, children, leaf);
}

// `descend` with each sibling's bound taken on its own.
template <class Nodes, class Bound, class Leaf>
void descend(const Nodes& nodes, const double& limit, MeshQueryCost& tally, Bound bound, Leaf leaf) {
  const auto children = [&](uint32_t first, double& a, double& b) { a = bound(first), b = bound(first + 1); };
  descend(nodes, limit, tally, bound, children, leaf);
}

// The nodes of `descend` best first, for queries whose bounds are distances from one point: of
// all the nodes pending, the one of least bound next, so the nearest leaves are reached first and
// the limit falls as early as it can; it stops when the least bound exceeds the limit. From a node
// taken, it follows the nearer child down to a leaf and keeps the farther one pending. The pending
// nodes are a binary heap of fixed capacity on the stack (nothing allocated): a node that finds it
// full is searched at once depth first, which changes the order only, never the answer. Same
// counts and same arguments as `descend`, and `children(first, a, b)`, which sets the bounds of
// the sibling nodes first and first + 1 at once (a pair of boxes shares its SIMD lanes).
template <class Nodes, class Bound, class Children, class Leaf>
void descendBestFirst(const Nodes& nodes, const double& limit, MeshQueryCost& tally, Bound bound, Children children,
                      Leaf leaf) {
  auto counted = [&](uint32_t node) {
    ++tally.volumeTests;
    return MeshPending{node, bound(node)};
  };
  constexpr int kCapacity = 256;
  MeshPending heap[kCapacity];
  int size = 0;
  const auto push = [&](MeshPending x) {
    int i = size++;
    while (i > 0) {
      const int parent = (i - 1) / 2;
      if (!(x.bound < heap[parent].bound)) break;
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = x;
  };
  const auto pop = [&] {
    const MeshPending least = heap[0], last = heap[--size];
    int i = 0;
    for (;;) {
      int child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && heap[child + 1].bound < heap[child].bound) ++child;
      if (!(heap[child].bound < last.bound)) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
    return least;
  };
  MeshPending at = counted(0);
  for (;;) {
    if (at.bound <= limit) {
      const auto& node = nodes[at.node];
      if (node.isLeaf()) {
        visitLeaf(node, at.bound, limit, tally, leaf);
      } else {
        tally.volumeTests += 2;
        MeshPending a{node.first, 0}, b{node.first + 1, 0};
        children(node.first, a.bound, b.bound);
        const bool aNearer = a.bound <= b.bound;
        const MeshPending& farther = aNearer ? b : a;
        if (farther.bound <= limit) {
          if (size < kCapacity) {
            push(farther);
          } else {
            descendFrom(nodes, farther, limit, tally, children, leaf);
          }
        }
        at = aNearer ? a : b;
        continue;
      }
    }
    // The least bound pending above the limit: so are all the others.
    if (size == 0 || !(heap[0].bound <= limit)) return;
    at = pop();
  }
}

// descendBestFirst with each sibling's bound taken on its own.
template <class Nodes, class Bound, class Leaf>
void descendBestFirst(const Nodes& nodes, const double& limit, MeshQueryCost& tally, Bound bound, Leaf leaf) {
  const auto children = [&](uint32_t first, double& a, double& b) { a = bound(first), b = bound(first + 1); };
  descendBestFirst(nodes, limit, tally, bound, children, leaf);
}

// Two trees at once (a simultaneous descent): a pair of nodes whose volumes may meet is split
// on the side whose node is the larger until both are leaves, which go to `leaves(leafA, leafB)`;
// it returns false to stop the descent. `meet(a, b)` (counted as a volume test) answers 0 when the
// nodes' volumes are apart, else 1 to split a first, 2 to split b (a leaf is never split). Each
// pair of triangles is reached at most once. The stack holds at most depthA + depthB + 1 pairs.
template <class Meet, class Leaves>
void descendPairs(const Mesh& meshA, const Mesh& meshB, MeshQueryCost& tally, Meet meet, Leaves leaves) {
  struct Pair {
    uint32_t a, b;
  };
  Pair stack[2 * 64 + 2];
  int top = 0;
  stack[top++] = {0, 0};
  while (top > 0) {
    const Pair at = stack[--top];
    ++tally.volumeTests;
    const int larger = meet(at.a, at.b);
    if (larger == 0) continue;
    const MeshNode a = meshA.node(at.a), b = meshB.node(at.b);
    if (a.isLeaf() && b.isLeaf()) {
      if (!leaves(a, b)) return;
    } else if (b.isLeaf() || (!a.isLeaf() && larger == 1)) {
      stack[top++] = {a.first + 1, at.b};
      stack[top++] = {a.first, at.b};
    } else {
      stack[top++] = {at.a, b.first + 1};
      stack[top++] = {at.a, b.first};
    }
  }
}

}  // namespace sepaxis::detail
