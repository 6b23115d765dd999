#include "world_grid.h"

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
  slot_.resize(n), body_.resize(n), cell_.resize(n), box_.resize(n);
  levelBits_.assign(kLevelWords, 0);

  // A counting sort by slot: count, prefix sums (start_[s] = first position of slot s), scatter
  // (which moves start_[s] to the end of slot s), then shift back by one slot.
  const Cell* cells = bodies.cells();
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t s = slotOf(cells[i]);
    slot_[i] = s;
    ++start_[s + 1];
    const int bit = cells[i].level - kMinLevel;
    levelBits_[bit >> 6] |= uint64_t{1} << (bit & 63);
  }
  for (uint32_t s = 1; s <= tableSize; ++s) start_[s] += start_[s - 1];
  const double *minX = bodies.minX(), *minY = bodies.minY(), *minZ = bodies.minZ();
  const double *maxX = bodies.maxX(), *maxY = bodies.maxY(), *maxZ = bodies.maxZ();
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t p = start_[slot_[i]]++;
    body_[p] = i;
    cell_[p] = cells[i];
    box_[p] = {{minX[i], minY[i], minZ[i]}, {maxX[i], maxY[i], maxZ[i]}};
  }
  for (uint32_t s = tableSize; s > 0; --s) start_[s] = start_[s - 1];
  start_[0] = 0;

  levels_.clear();
  for (int w = 0; w < kLevelWords; ++w)
    for (uint64_t bits = levelBits_[w]; bits != 0; bits &= bits - 1) {
      levels_.push_back(int32_t(w * 64 + countTrailingZeros(bits) + kMinLevel));
    }
}

}  // namespace sepaxis::detail
