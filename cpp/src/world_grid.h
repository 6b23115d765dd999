#pragma once
// The World's broad phase: a hierarchical hash grid (Ericson, Real-Time Collision Detection,
// 7.1.6; the cells in world_cell.h), rebuilt from scratch each frame in linear time.
//
// Every body sits in one cell, that of its padded box's min corner at its level. build() sorts
// the bodies by a hash of their cell with a counting sort; a cell's bodies are then a run of the
// sorted arrays. The hash is h(level, y, z) + x, so the cells x-1, x, x+1 of a row are consecutive
// slots and one range covers them. Slots are shared by unrelated cells when hashes collide: every
// candidate's own cell is compared, so collisions cost time, never a wrong or repeated pair.
//
// Pairs: a body looks in its own cell at the bodies after it, and in the 13 neighbouring cells
// of the half-stencil (x+1 in its row; the row y+1; the three rows z+1), so each pair of one level
// is seen once; and in the 27 cells around its min corner on every coarser level present, so a
// pair of two levels is seen once, by its smaller body. Only boxes that overlap are reported:
// the narrow phase decides.

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
  uint32_t rowHash(int32_t level, int32_t y, int32_t z) const {
    uint32_t h = uint32_t(y) * 0x9E3779B1u ^ uint32_t(z) * 0x85EBCA77u ^ uint32_t(level) * 0xC2B2AE3Du;
    return h ^ (h >> 15);
  }
  uint32_t slotOf(const Cell& c) const { return (rowHash(c.level, c.y, c.z) + uint32_t(c.x)) & mask_; }

  /// f(q) for the sorted positions q of the slots of cells x0..x1 (consecutive modulo the table).
  template <class F>
  void forEachInSlots(uint32_t hash, int32_t x0, int32_t x1, F&& f) const {
    const uint32_t tableSize = mask_ + 1;
    const uint32_t s = (hash + uint32_t(x0)) & mask_, n = uint32_t(x1 - x0) + 1;
    if (s + n <= tableSize) {
      for (uint32_t q = start_[s], end = start_[s + n]; q < end; ++q) f(q);
    } else {
      for (uint32_t q = start_[s], end = start_[tableSize]; q < end; ++q) f(q);
      for (uint32_t q = start_[0], end = start_[s + n - tableSize]; q < end; ++q) f(q);
    }
  }

  /// f(q) for the bodies of cells (x0..x1, y, z) of `level` whose boxes meet `box`.
  template <class F>
  void forEachInRow(int32_t level, int32_t x0, int32_t x1, int32_t y, int32_t z, const Bounds& box, F&& f) const {
    forEachInSlots(rowHash(level, y, z), x0, x1, [&](uint32_t q) {
      const Cell& c = cell_[q];
      if (c.level == level && c.y == y && c.z == z && uint32_t(c.x - x0) <= uint32_t(x1 - x0) && boxesMeet(box, box_[q]))
        f(q);
    });
  }

  uint32_t mask_ = 0;
  std::vector<uint32_t> start_;  ///< slot s holds the sorted positions [start_[s], start_[s + 1])
  std::vector<uint32_t> slot_;   ///< by dense index: the body's slot
  std::vector<uint32_t> body_;   ///< by sorted position: the dense index
  std::vector<Cell> cell_;       ///< by sorted position
  std::vector<Bounds> box_;      ///< by sorted position: the padded box
  std::vector<int32_t> levels_;  ///< the levels that hold bodies, ascending
  std::vector<uint64_t> levelBits_;
};

template <class F>
void Grid::forEachBoxPair(F&& f) const {
  const uint32_t n = uint32_t(body_.size());
  for (uint32_t p = 0; p < n; ++p) {
    const Cell c = cell_[p];
    const Bounds& box = box_[p];
    const uint32_t a = body_[p];
    auto report = [&](uint32_t q) { f(a, body_[q]); };
    // Its own cell, the bodies after it (the ones before saw it); then the half-stencil.
    {
      const uint32_t s = slotOf(c);
      for (uint32_t q = p + 1, end = start_[s + 1]; q < end; ++q) {
        const Cell& d = cell_[q];
        if (d.level == c.level && d.x == c.x && d.y == c.y && d.z == c.z && boxesMeet(box, box_[q])) report(q);
      }
    }
    forEachInRow(c.level, c.x + 1, c.x + 1, c.y, c.z, box, report);
    forEachInRow(c.level, c.x - 1, c.x + 1, c.y + 1, c.z, box, report);
    for (int32_t dy = -1; dy <= 1; ++dy) forEachInRow(c.level, c.x - 1, c.x + 1, c.y + dy, c.z + 1, box, report);
    // Every coarser level: the 27 cells around its min corner there.
    for (const int32_t level : levels_) {
      if (level <= c.level) continue;
      const double inverse = inverseCellSide(level);
      const int32_t x = cellIndex(box.min.x, inverse), y = cellIndex(box.min.y, inverse),
                    z = cellIndex(box.min.z, inverse);
      for (int32_t dz = -1; dz <= 1; ++dz)
        for (int32_t dy = -1; dy <= 1; ++dy) forEachInRow(level, x - 1, x + 1, y + dy, z + dz, box, report);
    }
  }
}

template <class F>
void Grid::forEachInBox(const Bounds& box, F&& f) const {
  // A body of level L that meets the box has its min corner's cell within
  // [floor(box.min / h) - 1, floor(box.max / h)] on each axis (its width is below h/2). Indices
  // are clamped to where bodies' cells can be (|index| < 2^30): a monotone clamp keeps every one.
  constexpr double kLimit = double(int32_t{1} << kCellMagnitudeBits) + 2;
  auto index = [](double c, double inverse) {
    const double q = c * inverse;
    return floorToInt(q < -kLimit ? -kLimit : q > kLimit ? kLimit : q);
  };
  const uint32_t n = uint32_t(body_.size());
  // Few cells: visit them; a box covering more cells than there are bodies: visit the bodies.
  double cells = 0;
  for (const int32_t level : levels_) {
    const double inverse = inverseCellSide(level);
    cells += (double(index(box.max.x, inverse)) - index(box.min.x, inverse) + 2) *
             (double(index(box.max.y, inverse)) - index(box.min.y, inverse) + 2) *
             (double(index(box.max.z, inverse)) - index(box.min.z, inverse) + 2);
  }
  if (cells > n) {
    for (uint32_t q = 0; q < n; ++q)
      if (boxesMeet(box, box_[q])) f(body_[q]);
    return;
  }
  for (const int32_t level : levels_) {
    const double inverse = inverseCellSide(level);
    const int32_t x0 = index(box.min.x, inverse) - 1, x1 = index(box.max.x, inverse);
    const int32_t y0 = index(box.min.y, inverse) - 1, y1 = index(box.max.y, inverse);
    const int32_t z0 = index(box.min.z, inverse) - 1, z1 = index(box.max.z, inverse);
    for (int32_t z = z0; z <= z1; ++z)
      for (int32_t y = y0; y <= y1; ++y)
        for (int32_t x = x0; x <= x1; ++x)  // one cell at a time: a long row could wrap the table twice
          forEachInRow(level, x, x, y, z, box, [&](uint32_t q) { f(body_[q]); });
  }
}

}  // namespace sepaxis::detail
