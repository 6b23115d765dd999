#pragma once
// The World's broad phase: a hierarchical hash grid (Ericson, Real-Time Collision Detection,
// 7.1.6; the cells in world_cell.h), rebuilt from scratch each frame in linear time.
//
// Every body sits in one cell, that of its padded box's min corner at its level. build() sorts
// the bodies by a hash of their cell with a counting sort; a cell's bodies are then a run of the
// sorted arrays. The hash is the cell's row-major index within its level's occupied block of cells
// (plus an offset per level), modulo the table: the cells x-1, x, x+1 of a row are consecutive
// slots, so one range covers them, and the sorted order follows space, so the rows a body looks
// at next to it lie near the rows its neighbours looked at (the caches keep up). Slots are shared
// by unrelated cells when the index wraps around the table: every candidate's own cell is
// compared, so that costs time, never a wrong or repeated pair.
//
// Pairs, cell by cell: the bodies of a cell are tested against each other, then against the
// bodies of the neighbouring cells of the half-stencil (x+1 in its row; the row y+1; the three
// rows z+1), so each pair of one level is seen once. Of those cells it skips the ones its bodies
// cannot reach: a neighbour's min corner lies at or below the cell's bodies' max corner, so on
// each axis the offset +1 only when one reaches into the next cell. Pairs of two levels: one of
// the two levels looks at the other, in the cells from one before its bodies' min corner to their
// max corner (or, when those are more than the bodies of that level, at those bodies), so each
// pair is seen once. build() picks which, per two levels, from their counts: the finer level's
// bodies looking up read 9 rows each, the coarser level's cells looking down read more, smaller
// rows (a dense fine level is cheaper to look down at, a sparse one to look up from). A cell's neighbours are gathered once for all its bodies (fewer row look-ups than one
// search per body), then each body runs through them in a loop without a branch per candidate.
// Only boxes that overlap are reported: the narrow phase decides.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "world_bodies.h"
#include "world_cell.h"

namespace sepaxis::detail {

inline bool boxesMeet(const Bounds& a, const Bounds& b) {
  return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y) &
         (a.min.z <= b.max.z) & (b.min.z <= a.max.z);
}

class Grid {
 public:
  /// Sorts the bodies into their cells. Allocates only when the world has grown past its size.
  void build(const BodyStore& bodies);

  /// f(denseA, denseB) once for every pair of bodies whose padded boxes overlap.
  template <class F>
  void forEachBoxPair(F&& f) const;

  /// f(dense) once for every body whose padded box overlaps `box`.
  template <class F>
  void forEachInBox(const Bounds& box, F&& f) const;

 private:
  /// One body in sorted order: its box and cell together, one 64-byte line per candidate.
  struct alignas(64) Entry {
    Bounds box;
    Cell cell;
  };

  /// A level's occupied block of cells and the strides of its row-major index.
  struct LevelFrame {
    int32_t x0 = 0, y0 = 0, z0 = 0;
    int32_t x1 = 0, y1 = 0, z1 = 0;
    uint32_t base = 0, rowStride = 0, layerStride = 0;
  };

  /// The slot of cell (0, y, z) of a present level; cell x of the row is x slots further on.
  /// Unsigned arithmetic: wrapping is the modulo.
  uint32_t rowHash(int32_t level, int32_t y, int32_t z) const {
    const LevelFrame& f = frame_[std::size_t(level - kMinLevel)];
    return f.base + uint32_t(y - f.y0) * f.rowStride + uint32_t(z - f.z0) * f.layerStride - uint32_t(f.x0);
  }
  std::size_t levelIndex(int32_t level) const {
    return std::size_t(std::lower_bound(levels_.begin(), levels_.end(), level) - levels_.begin());
  }
  uint32_t slotOf(const Cell& c) const { return (rowHash(c.level, c.y, c.z) + uint32_t(c.x)) & mask_; }

  /// Where the scans put what they find. A scan hands over every candidate it looks at with
  /// whether it matched, and the sink keeps the matches without a branch on that answer (which is
  /// unpredictable: a branch per candidate mispredicts about every other time); `g(q)` runs for
  /// them when the buffer is full and at the end.
  template <class G>
  struct Sink {
    static constexpr uint32_t kCapacity = 256;
    G& g;
    uint32_t count = 0;
    uint32_t found[kCapacity];

    explicit Sink(G& handler) : g(handler) {}
    void put(uint32_t q, bool match) {
      if (count == kCapacity) drain();
      found[count] = q;
      count += match;
    }
    void drain() {
      for (uint32_t i = 0; i < count; ++i) g(found[i]);
      count = 0;
    }
  };

  /// f(lo, hi) for the runs of sorted positions of the slots of cells x0..x1 (x1 - x0 < 4:
  /// consecutive slots modulo the table, which has at least 16).
  template <class F>
  void forEachRun(uint32_t hash, int32_t x0, int32_t x1, F&& f) const {
    const uint32_t tableSize = mask_ + 1;
    const uint32_t s = (hash + uint32_t(x0)) & mask_, n = uint32_t(x1 - x0) + 1;
    if (s + n <= tableSize) {
      f(start_[s], start_[s + n]);
    } else {
      f(start_[s], start_[tableSize]);
      f(start_[0], start_[s + n - tableSize]);
    }
  }

  /// The bodies of cells (x0..x1, y, z) of `level` whose boxes meet `box`, into the sink.
  template <class S>
  void scanRow(int32_t level, int32_t x0, int32_t x1, int32_t y, int32_t z, const Bounds& box, S& sink) const {
    const uint32_t hash = rowHash(level, y, z);
    for (int32_t from = x0; from <= x1; from += 4) {
      const int32_t to = x1 - from < 3 ? x1 : from + 3;
      forEachRun(hash, from, to, [&](uint32_t lo, uint32_t hi) {
        for (uint32_t q = lo; q < hi; ++q) {
          const Entry& e = entry_[q];
          sink.put(q, (e.cell.level == level) & (e.cell.y == y) & (e.cell.z == z) &
                          (uint32_t(e.cell.x - from) <= uint32_t(to - from)) & boxesMeet(box, e.box));
        }
      });
    }
  }

  /// The bodies of level index `li` whose boxes meet `box`, into the sink: through the cells that
  /// can hold them, or through the level's list when there are fewer bodies than cells.
  template <class S>
  void scanLevel(std::size_t li, const Bounds& box, S& sink) const {
    const int32_t level = levels_[li];
    const uint32_t first = levelStart_[li], last = levelStart_[li + 1];
    // A body of this level that meets the box has its min corner's cell within
    // [floor(box.min / h) - 1, floor(box.max / h)] on each axis (its width is below h). Indices
    // are clamped to where bodies' cells can be (|index| < 2^30): a monotone clamp keeps them all.
    constexpr double kLimit = double(int32_t{1} << kCellMagnitudeBits) + 2;
    const double inverse = inverseCellSide(level);
    auto index = [inverse](double c) {
      const double q = c * inverse;
      return floorToInt(q < -kLimit ? -kLimit : q > kLimit ? kLimit : q);
    };
    const int32_t x0 = index(box.min.x) - 1, x1 = index(box.max.x);
    const int32_t y0 = index(box.min.y) - 1, y1 = index(box.max.y);
    const int32_t z0 = index(box.min.z) - 1, z1 = index(box.max.z);
    const double cells = (double(x1) - x0 + 1) * (double(y1) - y0 + 1) * (double(z1) - z0 + 1);
    if (cells > double(last - first)) {
      for (uint32_t i = first; i < last; ++i) sink.put(byLevel_[i], boxesMeet(box, entry_[byLevel_[i]].box));
      return;
    }
    for (int32_t z = z0; z <= z1; ++z)
      for (int32_t y = y0; y <= y1; ++y) scanRow(level, x0, x1, y, z, box, sink);
  }

  uint32_t mask_ = 0;
  std::vector<uint32_t> start_;       ///< slot s holds the sorted positions [start_[s], start_[s + 1])
  std::vector<uint32_t> slot_;        ///< by dense index: the body's slot
  std::vector<uint32_t> body_;        ///< by sorted position: the dense index
  std::vector<Entry> entry_;          ///< by sorted position
  std::vector<int32_t> levels_;       ///< the levels that hold bodies, ascending
  /// [i * levels + j]: the cells of level index i look for pairs at level index j (for each two
  /// levels exactly one looks at the other; build() picks the cheaper way).
  std::vector<uint8_t> searches_;
  std::vector<uint32_t> levelStart_;  ///< level index i holds byLevel_[levelStart_[i] .. levelStart_[i + 1])
  std::vector<uint32_t> byLevel_;     ///< sorted positions grouped by level
  std::vector<uint64_t> levelBits_;
  std::vector<LevelFrame> frame_;     ///< by level - kMinLevel; set for the present levels
  // Scratch of forEachBoxPair, kept so that a frame allocates nothing.
  mutable std::vector<uint32_t> members_, near_, found_;
};

template <class F>
void Grid::forEachBoxPair(F&& f) const {
  const uint32_t n = uint32_t(body_.size());
  auto sameCell = [](const Cell& a, const Cell& b) {
    return (a.x == b.x) & (a.y == b.y) & (a.z == b.z) & (a.level == b.level);
  };
  // The candidates of the current cell, gathered without a branch per candidate (see Sink).
  uint32_t nearCount = 0;
  auto collect = [&](uint32_t q, bool match) {
    if (nearCount == near_.size()) near_.resize(near_.size() * 2 + 64);  // only at a new most
    near_[nearCount] = q;
    nearCount += match;
  };
  for (uint32_t p = 0; p < n; ++p) {
    const Cell c = entry_[p].cell;
    const uint32_t s = slotOf(c), first = start_[s], end = start_[s + 1];
    // Each cell once, from its first body in the slot (a slot may hold other cells too).
    bool leader = true;
    for (uint32_t q = first; q < p; ++q) leader &= !sameCell(entry_[q].cell, c);
    if (!leader) continue;
    members_.clear();
    Bounds reach = entry_[p].box;  // the union of the cell's boxes
    for (uint32_t q = p; q < end; ++q)
      if (sameCell(entry_[q].cell, c)) {
        members_.push_back(q);
        reach.min = min(reach.min, entry_[q].box.min), reach.max = max(reach.max, entry_[q].box.max);
      }
    const uint32_t m = uint32_t(members_.size());
    // Pairs within the cell.
    for (uint32_t i = 0; i < m; ++i)
      for (uint32_t j = i + 1; j < m; ++j)
        if (boxesMeet(entry_[members_[i]].box, entry_[members_[j]].box)) f(body_[members_[i]], body_[members_[j]]);
    // The bodies of the half-stencil's cells that meet the cell's reach, without the cells beyond
    // its max corner (offset +1 only when a box reaches into the next cell); then every finer
    // level, where this cell's bodies are the larger ones.
    nearCount = 0;
    struct RowSink {
      decltype(collect)& c;
      void put(uint32_t q, bool match) { c(q, match); }
    } sink{collect};
    const double inverse = inverseCellSide(c.level);
    const int32_t reachX = cellIndex(reach.max.x, inverse) > c.x, reachY = cellIndex(reach.max.y, inverse) > c.y,
                  reachZ = cellIndex(reach.max.z, inverse) > c.z;
    if (reachX) scanRow(c.level, c.x + 1, c.x + 1, c.y, c.z, reach, sink);
    if (reachY) scanRow(c.level, c.x - 1, c.x + reachX, c.y + 1, c.z, reach, sink);
    if (reachZ)
      for (int32_t y = c.y - 1; y <= c.y + reachY; ++y) scanRow(c.level, c.x - 1, c.x + reachX, y, c.z + 1, reach, sink);
    const std::size_t own = levelIndex(c.level), levelCount = levels_.size();
    for (std::size_t li = 0; li < levelCount; ++li)
      if (searches_[own * levelCount + li]) scanLevel(li, reach, sink);
    if (nearCount == 0) continue;
    // Every body of the cell against them: a tight loop without a branch per candidate.
    if (found_.size() < nearCount) found_.resize(nearCount);
    for (uint32_t i = 0; i < m; ++i) {
      const Bounds box = entry_[members_[i]].box;
      uint32_t k = 0;
      for (uint32_t j = 0; j < nearCount; ++j) {
        found_[k] = near_[j];
        k += boxesMeet(box, entry_[near_[j]].box);
      }
      const uint32_t a = body_[members_[i]];
      for (uint32_t j = 0; j < k; ++j) f(a, body_[found_[j]]);
    }
  }
}

template <class F>
void Grid::forEachInBox(const Bounds& box, F&& f) const {
  auto report = [&](uint32_t q) { f(body_[q]); };
  Sink<decltype(report)> sink(report);
  for (std::size_t li = 0; li < levels_.size(); ++li) scanLevel(li, box, sink);
  sink.drain();
}

}  // namespace sepaxis::detail
