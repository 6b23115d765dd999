#include "world_grid.h"

#include <algorithm>
#include <type_traits>

#include "assertions.h"

namespace sepaxis::detail {

namespace {

constexpr int kLevelCount = kMaxLevel - kMinLevel + 1;
constexpr int kLevelWords = (kLevelCount + 63) / 64;

/// A float's bits as an unsigned number in the floats' order (negative floats reversed).
uint32_t orderedBits(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits & 0x80000000u ? ~bits : bits | 0x80000000u;
}

/// Sorts `items` by their key, 32 bits in three passes of 11 bits (a stable radix sort).
void radixSort(std::vector<uint64_t>& items, std::vector<uint64_t>& scratch, std::vector<uint32_t>& count) {
  // An item is key << 32 | value.
  constexpr uint32_t kBits = 11, kBuckets = 1u << kBits, kMask = kBuckets - 1;
  const std::size_t n = items.size();
  scratch.resize(n);
  count.assign(3 * kBuckets, 0);
  for (uint64_t item : items) {
    const uint32_t k = uint32_t(item >> 32);
    ++count[k & kMask], ++count[kBuckets + ((k >> kBits) & kMask)], ++count[2 * kBuckets + (k >> 2 * kBits)];
  }
  for (uint32_t pass = 0; pass < 3; ++pass) {
    uint32_t* c = count.data() + pass * kBuckets;
    uint32_t sum = 0;
    for (uint32_t b = 0; b < kBuckets; ++b) {
      const uint32_t t = c[b];
      c[b] = sum;
      sum += t;
    }
    const uint32_t shift = 32 + pass * kBits;
    for (uint64_t item : items) scratch[c[(item >> shift) & kMask]++] = item;
    items.swap(scratch);
  }
}

// ---- The sizes of the levels' tables (layOutTables lays them out, tablesFit keeps them).

/// A level's table is dense while it has at most this many buckets an entry, plus kDenseSpareBuckets:
/// the prefix sum over its buckets (sumRuns) then costs less than hashing the entries' columns, and
/// a world of a few bodies keeps a dense table however spread out they are.
constexpr double kDenseBucketsPerEntry = 4, kDenseSpareBuckets = 1024;
/// A kept dense table is laid out again once it has this many times the buckets a table laid out
/// now could have (a world that shrank); less, and it is kept, so that a world whose entries come
/// and go a little does not lay out its tables every frame.
constexpr double kKeptDenseSlack = 2;
/// A hashed table: a power of two, at least this many buckets an entry (at most half full, so
/// columns seldom share a bucket) and at least kHashedMinBuckets.
constexpr uint32_t kHashedBucketsPerEntry = 2, kHashedMinBuckets = 16;
/// A kept hashed table is laid out again past this many buckets an entry (plus kHashedMinBuckets):
/// four times the most a table laid out now has.
constexpr double kKeptHashedBucketsPerEntry = 16;

/// The columns a dense table adds to a block of columns lo..hi on each side: a sixteenth of its
/// extent, and one, so that the table still holds the block after a few frames of motion.
int32_t tableMargin(int32_t lo, int32_t hi) { return int32_t(1 + (int64_t(hi) - lo) / 16); }

/// The buckets of a dense table for the block of columns y0..y1 by z0..z1, margins included.
double denseBuckets(int32_t y0, int32_t y1, int32_t z0, int32_t z1) {
  return (double(y1) - y0 + 1 + 2.0 * tableMargin(y0, y1)) * (double(z1) - z0 + 1 + 2.0 * tableMargin(z0, z1));
}

/// Whether a level's table is dense (row-major over its block of columns, margins included):
/// when that has not many more buckets than entries (the prefix sum over it costs less than the
/// sort). Else it is hashed.
bool isDense(double buckets, uint32_t entries) {
  return buckets <= kDenseBucketsPerEntry * entries + kDenseSpareBuckets;
}

}  // namespace

SEPAXIS_ALWAYS_INLINE int32_t Grid::cellsOf(const Bounds& b, BodyCells& to) {
#if SEPAXIS_LANES
  // The numbers of the scalar code below (levelOf, toFloatBox, cellIndex), each axis's two bounds
  // in one register: half the instructions. Stored through bytes, in the structs' layouts.
  v128_t x, y, z;
  loadBounds(b, x, y, z);
  double width, magnitude;
  widthAndMagnitude(x, y, z, width, magnitude);
  const int32_t level = levelOf(width, magnitude);
  static_assert(sizeof(FloatBox) == 6 * sizeof(float), "minX maxX minY maxY minZ maxZ");
  unsigned char* const box = reinterpret_cast<unsigned char*>(&to.box);
  const bool inFloats = magnitude <= kMaxFloat;
  wasm_v128_store(box, wasm_i64x2_shuffle(toFloats(x, inFloats), toFloats(y, inFloats), 0, 2));
  wasm_v128_store64_lane(box + 16, toFloats(z, inFloats), 0);
  // floor(c / h) < 2^30 at the body's level (levelOf): cellIndex needs no clamp.
  const double inverse = inverseCellSide(level);
  static_assert(sizeof(ColumnRange) == 4 * sizeof(int32_t), "y0 y1 z0 z1");
  wasm_v128_store(&to.columns, wasm_i64x2_shuffle(cellIndices(y, inverse), cellIndices(z, inverse), 0, 2));
#else
  const int32_t level = levelOf(b);
  to.box = toFloatBox(b);
  // floor(c / h) < 2^30 at the body's level (levelOf): cellIndex needs no clamp.
  const double inverse = inverseCellSide(level);
  to.columns = {cellIndex(b.min.y, inverse), cellIndex(b.max.y, inverse), cellIndex(b.min.z, inverse),
                cellIndex(b.max.z, inverse)};
#endif
  to.level = level;
  return level;
}

const FloatBox& Grid::bodiesBox() const {
  if (bodiesBoxCurrent_) return bodiesBox_;
  constexpr float kInf = std::numeric_limits<float>::infinity();
  FloatBox all{kInf, -kInf, kInf, -kInf, kInf, -kInf};
  for (const BodyCells& c : cells_) {
    const FloatBox& b = c.box;
    all = {std::min(all.minX, b.minX), std::max(all.maxX, b.maxX), std::min(all.minY, b.minY),
           std::max(all.maxY, b.maxY), std::min(all.minZ, b.minZ), std::max(all.maxZ, b.maxZ)};
  }
  bodiesBox_ = all;
  bodiesBoxCurrent_ = true;
  return bodiesBox_;
}

void Grid::build(const BodyStore& bodies, Workers& workers) {
  bodiesBoxCurrent_ = false;
  // The tables of the last build are kept while the bodies are of the same levels and the tables
  // still fit their columns: the runs are then counted as the levels are measured, one pass over
  // the bodies instead of two (bodies move a little from frame to frame; their levels and blocks
  // of columns seldom change).
  const bool kept = findLevels(bodies);
  const unsigned parts = workers.threads();
  // On threads: the parts of the last build's columns (partBucket_), each sorting and scattering
  // the bodies with an entry there (those crossing from one part to the next in both lists).
  const bool inParts = kept && parts > 1 && partBucket_.size() == parts + 1 && bodies.size() >= kBodiesInPartsFrom;
  if (inParts)
    measureLevels<true, true>(bodies);
  else if (kept)
    measureLevels<true>(bodies);
  else
    measureLevels<false>(bodies);
  if (inParts && tablesFit()) {
    sumRuns();
    if (entry_.size() < std::size_t(entries_) + parts) {  // grown only: a frame reads what it writes
      entry_.resize(std::size_t(entries_) + parts), column_.resize(std::size_t(entries_) + parts);
    }
    auto sortAndScatter = [&](unsigned part) {
      PartKeys& k = partKeyed_[part];
      radixSort(k.keyed, k.scratch, k.count);  // the part's bodies in the order of their boxes' min x
      scatterRuns<true>(k.keyed, partBucket_[part], partBucket_[part + 1], entries_ + part);
    };
    workers.runParts(sortAndScatter);
  } else {
    if (inParts) {  // a body beyond a kept table: every body's key again, for the whole sort
      keyed_.resize(bodies.size());
      for (uint32_t i = 0; i < bodies.size(); ++i) keyed_[i] = uint64_t(orderedBits(cells_[i].box.minX)) << 32 | i;
    }
    radixSort(keyed_, keyedScratch_, radixCount_);  // the bodies in the order of their boxes' min x
    if (!kept || !tablesFit()) {
      layOutTables();
      countRuns(bodies);
    }
    sumRuns();
    if (entry_.size() < std::size_t(entries_) + 1) {  // grown only: a frame reads what it writes
      entry_.resize(std::size_t(entries_) + 1), column_.resize(std::size_t(entries_) + 1);
    }
    scatterRuns<false>(keyed_, 0, buckets_, entries_);
  }
  unshiftRuns();
  if (parts > 1) splitColumns(parts);
  SEPAXIS_ASSERT(validate(bodies));
}

bool Grid::findLevels(const BodyStore& bodies) {
  const uint32_t n = bodies.size();
  const Bounds* bounds = bodies.bounds();
  // Each body's cells, and the levels present with their bodies (levelBodies_ is all zeros
  // between builds): one pass over the bounds, read in a row.
  cells_.resize(n);
  BodyCells* const cells = cells_.data();
  levelBits_.assign(kLevelWords, 0);
  levelBodies_.resize(kLevelCount);
  for (uint32_t i = 0; i < n; ++i) {
    const int bit = cellsOf(bounds[i], cells[i]) - kMinLevel;
    levelBits_[std::size_t(bit >> 6)] |= uint64_t{1} << (bit & 63);
    ++levelBodies_[std::size_t(bit)];
  }
  // The grid's levels (groups of body levels), coarsest first. A body of a finer level is listed
  // in a coarser level's columns anyway (to meet its bodies); merged into it, it is listed there
  // only, in columns wider than it: fewer entries, and no table and sweep of its own. A level is
  // merged into the group just listed
  // - when the group is the next coarser level alone ({1, 0}): a body of the finer level is
  //   listed in the coarser one's columns anyway, so merged in pairs the levels make about half
  //   the entries (on the benchmark's 10,000 bodies, 19k instead of 42k);
  // - or when it holds at most a quarter of the group's bodies and is at most kMergeSpan levels
  //   finer than the group: its bodies then meet each other in columns up to 2^kMergeSpan times
  //   wider than their own, which costs little while they are few, and they take nothing from
  //   the group's bodies, which meet them there anyway (the benchmark's levels 1, 0, -1, -2 with
  //   3,350, 5,726, 900 and 24 bodies make one group, not {1, 0} and {-1, -2}). Many small
  //   bodies keep columns of their own size.
  std::vector<LevelGroup>& found = foundGroups_;
  found.clear();
  groupAt_.resize(kLevelCount);
  for (int w = kLevelWords - 1; w >= 0; --w)
    for (uint64_t bits = levelBits_[std::size_t(w)]; bits != 0;) {
      const int top = 63 - countLeadingZeros(bits);
      const int bit = w * 64 + top;
      bits &= ~(uint64_t{1} << top);
      const int32_t bodyLevel = bit + kMinLevel;
      const uint32_t levelBodies = levelBodies_[std::size_t(bit)];
      levelBodies_[std::size_t(bit)] = 0;
      LevelGroup* group = found.empty() ? nullptr : &found.back();
      const bool pair = group && group->level == bodyLevel + 1 && !group->merged;
      const bool minority = group && group->level - bodyLevel <= kMergeSpan && 4 * uint64_t(levelBodies) <= group->own;
      if (pair || minority) {
        group->merged = true;
        group->own += levelBodies;
      } else {
        LevelGroup l;
        l.level = bodyLevel;
        l.inverse = inverseCellSide(l.level);
        l.own = levelBodies;
        found.push_back(l);
      }
      groupAt_[std::size_t(bit)] = int32_t(found.size() - 1);
    }
  // Ascending, as the rest expects.
  std::reverse(found.begin(), found.end());
  for (int w = 0; w < kLevelWords; ++w)
    for (uint64_t bits = levelBits_[std::size_t(w)]; bits != 0; bits &= bits - 1) {
      const std::size_t bit = std::size_t(w * 64 + countTrailingZeros(bits));
      groupAt_[bit] = int32_t(found.size()) - 1 - groupAt_[bit];
    }
  // The same levels as the last build: its tables are kept, the counts of this build start anew.
  bool same = tablesLaidOut_ && found.size() == groups_.size();
  for (std::size_t i = 0; same && i < found.size(); ++i)
    same = found[i].level == groups_[i].level && found[i].merged == groups_[i].merged;
  if (!same) {
    groups_.swap(found);
    tablesLaidOut_ = false;
    return false;
  }
  for (std::size_t i = 0; i < groups_.size(); ++i) groups_[i].entries = 0, groups_[i].own = found[i].own;
  return true;
}

template <bool kCountRuns, bool kByPart>
void Grid::measureLevels(const BodyStore& bodies) {
  const uint32_t n = bodies.size(), groupCount = uint32_t(groups_.size());
  const BodyCells* const cells = cells_.data();
  // Each body's columns at its grid level and every coarser one: at a level k above the body's
  // its columns are the body's shifted (floor(floor(c / h) / 2^k) = floor(c / (2^k h))). Each
  // level's block of columns and count of entries.
  const unsigned parts = unsigned(partBucket_.size()) - 1;
  if constexpr (kByPart) {
    if (partKeyed_.size() < parts) partKeyed_.resize(parts);
    for (unsigned p = 0; p < parts; ++p) partKeyed_[p].keyed.clear();
  } else {
    keyed_.resize(n);
  }
  if (kCountRuns) start_.assign(2 * std::size_t(buckets_) + 1, 0);
  for (uint32_t i = 0; i < n; ++i) {
    const BodyCells& body = cells[i];
    const uint32_t own = uint32_t(groupAt_[std::size_t(body.level - kMinLevel)]);
    static_assert(kMaxWorldThreads <= 64, "a part of the build per thread, a bit of inParts per part");
    uint64_t inParts = 0;  // kByPart: bit p for an entry in part p's columns
    for (uint32_t li = own; li < groupCount; ++li) {
      LevelGroup& l = groups_[li];
      const ColumnRange r = shifted(body.columns, l.level - body.level);
      if (l.entries == 0) l.y0 = r.y0, l.y1 = r.y1, l.z0 = r.z0, l.z1 = r.z1;
      l.y0 = std::min(l.y0, r.y0), l.y1 = std::max(l.y1, r.y1);
      l.z0 = std::min(l.z0, r.z0), l.z1 = std::max(l.z1, r.z1);
      l.entries += uint32_t(r.y1 - r.y0 + 1) * uint32_t(r.z1 - r.z0 + 1);
      // Counted in the kept table: a column outside it is counted in one inside (tablesFit then
      // fails, and the runs are counted again).
      if constexpr (kByPart) {
        const ColumnRange t = inTable(l, r);
        uint32_t bucket[4];
        countEntries(l, t, li == own ? kOwnRun : kFinerRun, bucket);
        // The parts whose columns hold the body's entries at this level (the buckets it crosses).
        const uint32_t wideY = uint32_t(t.y1 - t.y0), wideZ = uint32_t(t.z1 - t.z0);
        const uint32_t crosses[4] = {1, wideY, wideZ, wideY & wideZ};
        for (int c = 0; c < 4; ++c) {
          unsigned p = 0;
          while (bucket[c] >= partBucket_[p + 1]) ++p;
          inParts |= uint64_t(crosses[c]) << p;
        }
      } else if (kCountRuns) {
        uint32_t bucket[4];
        countEntries(l, inTable(l, r), li == own ? kOwnRun : kFinerRun, bucket);
      }
    }
    const uint64_t key = uint64_t(orderedBits(body.box.minX)) << 32 | i;
    if constexpr (kByPart) {
      for (uint64_t m = inParts; m != 0; m &= m - 1)
        partKeyed_[std::size_t(countTrailingZeros(m))].keyed.push_back(key);
    } else {
      keyed_[i] = key;
    }
  }
  entries_ = 0;
  for (const LevelGroup& l : groups_) entries_ += l.entries;
}

bool Grid::tablesFit() const {
  for (const LevelGroup& l : groups_) {
    if (l.dense) {
      if (l.y0 < l.tableY0 || l.y1 > l.tableY1 || l.z0 < l.tableZ0 || l.z1 > l.tableZ1) return false;
      if (double(l.bucketCount) > kKeptDenseSlack * (kDenseBucketsPerEntry * l.entries + kDenseSpareBuckets))
        return false;
    } else {
      // Still as full as layOutTables allows, not much emptier, and still sparse.
      if (double(kHashedBucketsPerEntry) * l.entries > l.bucketCount ||
          l.bucketCount > kKeptHashedBucketsPerEntry * l.entries + kHashedMinBuckets)
        return false;
      if (isDense(denseBuckets(l.y0, l.y1, l.z0, l.z1), l.entries)) return false;
    }
  }
  return true;
}

void Grid::layOutTables() {
  // Each level's table: dense (row-major over its block of columns and a margin, tableMargin)
  // or hashed into twice as many buckets as entries (a power of two).
  buckets_ = 0;
  for (LevelGroup& l : groups_) {
    l.dense = isDense(denseBuckets(l.y0, l.y1, l.z0, l.z1), l.entries);
    l.bucketBase = buckets_;
    if (l.dense) {
      const int32_t marginY = tableMargin(l.y0, l.y1), marginZ = tableMargin(l.z0, l.z1);
      l.tableY0 = l.y0 - marginY, l.tableY1 = l.y1 + marginY, l.tableZ0 = l.z0 - marginZ, l.tableZ1 = l.z1 + marginZ;
      l.rowStride = uint32_t(l.tableY1 - l.tableY0 + 1);
      l.bucketCount = l.rowStride * uint32_t(l.tableZ1 - l.tableZ0 + 1);
    } else {
      constexpr int32_t kAny = std::numeric_limits<int32_t>::max();
      l.tableY0 = -kAny, l.tableY1 = kAny, l.tableZ0 = -kAny, l.tableZ1 = kAny;
      uint32_t size = kHashedMinBuckets;
      while (size < kHashedBucketsPerEntry * l.entries) size *= 2;
      l.bucketCount = size;
      l.mask = size - 1;
    }
    buckets_ += l.bucketCount;
  }
  tablesLaidOut_ = true;
}

void Grid::countRuns(const BodyStore& bodies) {
  const uint32_t n = bodies.size(), groupCount = uint32_t(groups_.size());
  const BodyCells* const cells = cells_.data();
  // A counting sort of the entries into runs, two per column (run 2s its level's own bodies, run
  // 2s + 1 the finer ones), stable (the bodies come in min-x order): count (here, or in
  // measureLevels), prefix sums (sumRuns: start_[r] = first entry of run r), scatter (which moves
  // start_[r] to the end of run r), then shift back by one run. A body crosses 1 or 2 columns
  // along y and along z at its level and coarser ones (it is narrower than their side).
  start_.assign(2 * std::size_t(buckets_) + 1, 0);
  for (uint32_t i = 0; i < n; ++i) {  // counted in any order: the bodies' own
    const BodyCells& body = cells[i];
    const uint32_t own = uint32_t(groupAt_[std::size_t(body.level - kMinLevel)]);
    for (uint32_t li = own; li < groupCount; ++li) {
      const LevelGroup& l = groups_[li];
      uint32_t bucket[4];
      countEntries(l, shifted(body.columns, l.level - body.level), li == own ? kOwnRun : kFinerRun, bucket);
    }
  }
}

void Grid::sumRuns() {
  for (uint32_t s = 1; s <= 2 * buckets_; ++s) start_[s] += start_[s - 1];
}

template <bool kRanged>
void Grid::scatterRuns(const std::vector<uint64_t>& keyed, uint32_t bucketBegin, uint32_t bucketEnd, uint32_t spare) {
  const uint32_t n = uint32_t(keyed.size());
  const BodyCells* const cells = cells_.data();
  const uint32_t groupCount = uint32_t(groups_.size());
  uint32_t elsewhere = 0;  // kRanged: the counter of the entries of other parts' columns
  // The bodies come in min-x order, from all over memory: each one's numbers are loaded while
  // the one before is scattered, so that a cache miss waits beside that work, not before it.
  auto load = [&](uint32_t k) { return cells[uint32_t(keyed[k])]; };
  // Body i's entries at level l, in the level's own run (at the body's grid level) or its finer
  // run (the coarser levels): a constant here, so that what depends on it is folded.
  auto scatterAt = [&](auto ownRun, const LevelGroup& l, const BodyCells& body, uint32_t i) {
    const uint32_t own = decltype(ownRun)::value ? kOwn : 0, run = decltype(ownRun)::value ? kOwnRun : kFinerRun;
    const ColumnRange r = shifted(body.columns, l.level - body.level);
    const uint32_t wideY = uint32_t(r.y1 - r.y0), wideZ = uint32_t(r.z1 - r.z0);
    uint32_t bucket[4];
    cornerBuckets(l, r, bucket);
#if SEPAXIS_LANES
    const EntryLanes e = entryLanesOf(body.box, i);
#else
    const Entry e = entryOf(body.box, i, 0);
#endif
    const bool hashed = !l.dense;  // only there does the sweep compare the columns
    auto put = [&](uint32_t s, int32_t y, int32_t z, uint32_t crosses, uint32_t flags) {
      // Ranged: another part's column is that part's to count and fill (a select, no branch).
      if constexpr (kRanged) crosses &= uint32_t(s - bucketBegin < bucketEnd - bucketBegin);
      uint32_t& next = !kRanged || crosses ? start_[2 * s + run] : elsewhere;
      const uint32_t p = crosses ? next : spare;
      next += crosses;
#if SEPAXIS_LANES
      store(entry_[p], e, own | flags);
#else
      Entry& to = entry_[p];
      to = e;
      to.flags = own | flags;
#endif
      if (hashed) column_[p] = {y, z};
    };
    put(bucket[0], r.y0, r.z0, 1, kFirstBoth);
    put(bucket[1], r.y1, r.z0, wideY, kFirstZ);
    put(bucket[2], r.y0, r.z1, wideZ, kFirstY);
    put(bucket[3], r.y1, r.z1, wideY & wideZ, 0);
  };
  BodyCells ahead = n > 0 ? load(0) : BodyCells{};
  for (uint32_t k = 0; k < n; ++k) {  // scattered in min-x order: each run sorted along x
    const uint32_t i = uint32_t(keyed[k]);
    const BodyCells body = ahead;
    ahead = load(k + 1 < n ? k + 1 : k);
    const uint32_t ownLevel = uint32_t(groupAt_[std::size_t(body.level - kMinLevel)]);
    scatterAt(std::true_type{}, groups_[ownLevel], body, i);
    for (uint32_t li = ownLevel + 1; li < groupCount; ++li) scatterAt(std::false_type{}, groups_[li], body, i);
  }
  (void)bucketBegin, (void)bucketEnd;
}

void Grid::unshiftRuns() {
  for (uint32_t s = 2 * buckets_; s > 0; --s) start_[s] = start_[s - 1];
  start_[0] = 0;
}

uint32_t Grid::partStart(unsigned part, unsigned parts) const {
  if (part == 0) return 0;
  if (part >= parts) return buckets_;
  // The runs lie in column order across the levels (start_[2s] is column s's first entry): the
  // first column whose entries start at or after the part's share of them.
  const uint64_t e = uint64_t(entries_) * part / parts;
  uint32_t lo = 0, hi = buckets_;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (start_[2 * std::size_t(mid)] < e)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void Grid::splitColumns(unsigned parts) {
  partBucket_.resize(parts + 1);
  for (unsigned p = 0; p <= parts; ++p) partBucket_[p] = partStart(p, parts);
}

std::size_t Grid::sweepPart(unsigned part, unsigned parts, BoxPairs& out) const {
  SEPAXIS_ASSERT(part < parts);
  const uint32_t begin = partStart(part, parts), end = partStart(part + 1, parts);
  std::size_t count = 0;
  for (const LevelGroup& l : groups_) {
    const uint32_t from = std::max(begin, l.bucketBase), to = std::min(end, l.bucketBase + l.bucketCount);
    if (l.own == 0 || from >= to) continue;
    if (l.dense)
      count = sweepLevel<false>(from, to, out, count);
    else
      count = sweepLevel<true>(from, to, out, count);
  }
  return count;
}

bool Grid::validate(const BodyStore& bodies) const {
  // The runs: their starts never decrease, and the last ends at the last entry.
  if (start_.size() < 2 * std::size_t(buckets_) + 1 || start_[0] != 0 || start_[2 * buckets_] != entries_) return false;
  for (uint32_t r = 0; r < 2 * buckets_; ++r)
    if (start_[r] > start_[r + 1]) return false;
  // The levels: ascending, their tables one after the other, covering the buckets.
  uint32_t bucket = 0, entries = 0;
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    const LevelGroup& l = groups_[i];
    if ((i > 0 && l.level <= groups_[i - 1].level) || l.bucketBase != bucket) return false;
    bucket += l.bucketCount, entries += l.entries;
  }
  if (bucket != buckets_ || entries != entries_) return false;
  // Each run sorted along x, an own run's entries of its level's own bodies only, and each body
  // filed once as its own in its first column (kOwn | kFirstBoth): where the corner rule reports
  // its pairs.
  std::vector<uint32_t> filed(bodies.size(), 0);
  for (uint32_t s = 0; s < buckets_; ++s)
    for (uint32_t run = kOwnRun; run <= kFinerRun; ++run) {
      const uint32_t begin = start_[2 * s + run], end = start_[2 * s + run + 1];
      for (uint32_t p = begin; p < end; ++p) {
        const Entry& e = entry_[p];
        if (e.body >= bodies.size() || bool(e.flags & kOwn) != (run == kOwnRun)) return false;
        if (p > begin && entry_[p - 1].minX > e.minX) return false;
        if ((e.flags & (kOwn | kFirstBoth)) == (kOwn | kFirstBoth)) ++filed[e.body];
      }
    }
  for (uint32_t count : filed)
    if (count != 1) return false;
  // The parts' first columns (for the next build on threads): from 0 to buckets_, never decreasing.
  if (!partBucket_.empty()) {
    if (partBucket_.front() != 0 || partBucket_.back() != buckets_) return false;
    for (std::size_t p = 1; p < partBucket_.size(); ++p)
      if (partBucket_[p - 1] > partBucket_[p]) return false;
  }
  return true;
}

}  // namespace sepaxis::detail
