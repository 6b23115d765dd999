#include "world_grid.h"

#include <algorithm>
#include <cmath>

#include "platform.h"

namespace sepaxis::detail {

namespace {
constexpr int kLevelCount = kMaxLevel - kMinLevel + 1;
constexpr int kLevelWords = (kLevelCount + 63) / 64;
}  // namespace

void Grid::build(const BodyStore& bodies) {
  const uint32_t n = bodies.size();
  // At least two slots per body: few collisions, and the counting sort's table stays small.
  uint32_t tableSize = 16;
  while (tableSize < 2 * n) tableSize *= 2;
  mask_ = tableSize - 1;
  start_.assign(tableSize + 1, 0);
  slot_.resize(n), body_.resize(n), entry_.resize(n), byLevel_.resize(n);
  levelBits_.assign(kLevelWords, 0);

  // Each present level's block of cells, for its row-major index (rowHash).
  frame_.resize(kLevelCount);
  const Cell* cells = bodies.cells();
  for (uint32_t i = 0; i < n; ++i) {
    const Cell& c = cells[i];
    const int bit = c.level - kMinLevel;
    LevelFrame& f = frame_[std::size_t(bit)];
    const uint64_t mask = uint64_t{1} << (bit & 63);
    if ((levelBits_[bit >> 6] & mask) == 0) {
      levelBits_[bit >> 6] |= mask;
      f.x0 = f.x1 = c.x, f.y0 = f.y1 = c.y, f.z0 = f.z1 = c.z;
    } else {
      f.x0 = std::min(f.x0, c.x), f.x1 = std::max(f.x1, c.x);
      f.y0 = std::min(f.y0, c.y), f.y1 = std::max(f.y1, c.y);
      f.z0 = std::min(f.z0, c.z), f.z1 = std::max(f.z1, c.z);
    }
  }
  for (int w = 0; w < kLevelWords; ++w)
    for (uint64_t bits = levelBits_[w]; bits != 0; bits &= bits - 1) {
      LevelFrame& f = frame_[std::size_t(w * 64 + countTrailingZeros(bits))];
      // Strides with room for the neighbours just outside the block (+3), so that those do not
      // alias cells of the block; levels start far apart in the table.
      f.rowStride = uint32_t(int64_t(f.x1) - f.x0 + 3);
      f.layerStride = f.rowStride * uint32_t(int64_t(f.y1) - f.y0 + 3);
      f.base = uint32_t(w * 64 + countTrailingZeros(bits)) * 0x9E3779B1u + f.rowStride + 1 + f.layerStride;
    }

  // A counting sort by slot: count, prefix sums (start_[s] = first position of slot s), scatter
  // (which moves start_[s] to the end of slot s), then shift back by one slot.
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t s = slotOf(cells[i]);
    slot_[i] = s;
    ++start_[s + 1];
  }
  for (uint32_t s = 1; s <= tableSize; ++s) start_[s] += start_[s - 1];
  const double *minX = bodies.minX(), *minY = bodies.minY(), *minZ = bodies.minZ();
  const double *maxX = bodies.maxX(), *maxY = bodies.maxY(), *maxZ = bodies.maxZ();
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t p = start_[slot_[i]]++;
    body_[p] = i;
    entry_[p] = {{{minX[i], minY[i], minZ[i]}, {maxX[i], maxY[i], maxZ[i]}}, cells[i]};
  }
  for (uint32_t s = tableSize; s > 0; --s) start_[s] = start_[s - 1];
  start_[0] = 0;

  levels_.clear();
  for (int w = 0; w < kLevelWords; ++w)
    for (uint64_t bits = levelBits_[w]; bits != 0; bits &= bits - 1) {
      levels_.push_back(int32_t(w * 64 + countTrailingZeros(bits) + kMinLevel));
    }

  // The sorted positions grouped by level (a counting sort by level index; few levels).
  levelStart_.assign(levels_.size() + 1, 0);
  for (uint32_t p = 0; p < n; ++p) ++levelStart_[levelIndex(entry_[p].cell.level) + 1];
  for (std::size_t i = 1; i < levelStart_.size(); ++i) levelStart_[i] += levelStart_[i - 1];
  for (uint32_t p = 0; p < n; ++p) byLevel_[levelStart_[levelIndex(entry_[p].cell.level)]++] = p;
  for (std::size_t i = levelStart_.size() - 1; i > 0; --i) levelStart_[i] = levelStart_[i - 1];
  levelStart_[0] = 0;

  // Which of two levels looks at the other. The finer one looking up: each of its bodies reads
  // 9 rows of the coarser level. The coarser one looking down: each of its cells (at most one per
  // body) reads about (2r + 2)^2 rows of the finer level, r the ratio of their cells' sides.
  // The cheaper way, for every two levels; each pair of bodies is still seen exactly once.
  const std::size_t levelCount = levels_.size();
  searches_.assign(levelCount * levelCount, 0);
  for (std::size_t i = 0; i < levelCount; ++i)
    for (std::size_t j = i + 1; j < levelCount; ++j) {
      const double fine = levelStart_[i + 1] - levelStart_[i], coarse = levelStart_[j + 1] - levelStart_[j];
      const double r = std::ldexp(1.0, std::min(levels_[j] - levels_[i], 30));
      const bool up = 9 * fine < coarse * (2 * r + 2) * (2 * r + 2);
      searches_[i * levelCount + j] = up;
      searches_[j * levelCount + i] = !up;
    }
}

}  // namespace sepaxis::detail
