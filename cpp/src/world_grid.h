#pragma once
// The World's broad phase: sort and sweep along x in the columns of a hierarchical grid, rebuilt
// from scratch each frame in linear time.
//
// Columns: level L (world_cell.h) cuts the y-z plane into squares of side h = 2^L; a column is
// one square, infinite along x. A body of level L is narrower than h, so it crosses at most 2 x 2
// columns of its level; it is listed in each of them, and in the columns it crosses at every
// coarser level that holds bodies (where it meets that level's bodies). Within a column the
// entries are sorted by their box's min x (one radix sort of all bodies, then a stable counting
// sort of the entries by column), so a sweep finds every two entries whose x ranges overlap: each
// entry looks ahead while the next ones start before it ends (Baraff's sort and sweep, one axis,
// within columns instead of over the whole world).
//
// Each pair of overlapping boxes is reported once: at the level of the coarser body (a column
// pair is kept only if one entry is that level's own), in the one column holding the min corner
// of the two boxes' overlap in y-z (the first column both cross on each axis: one of the two is
// its own first), by the entry that starts first along x. Levels whose blocks of columns are
// sparse (far-apart clusters) hash their columns; an entry then also compares its column.
//
// Boxes are kept as floats (toFloat: they compare as the doubles do), so that an entry is half a
// cache line. Only boxes that overlap are reported: the narrow phase decides.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "assertions.h"
#include "lanes.h"
#include "platform.h"
#include "workers.h"
#include "world_bodies.h"
#include "world_cell.h"

namespace sepaxis::detail {

class Grid {
 public:
  /// Sorts the bodies into their columns. Allocates only when the world has grown past its size.
  /// With more than one thread in `workers`, and the tables of the last build kept, the sort and
  /// the scatter run in parts: each part the bodies with an entry in its run of columns.
  void build(const BodyStore& bodies, Workers& workers);

  /// f(denseA, denseB) once for every pair of bodies whose padded boxes overlap.
  template <class F>
  void forEachBoxPair(F&& f) const;

  /// Pairs of dense indices, as the sweep lists them.
  using BoxPairs = std::vector<std::pair<uint32_t, uint32_t>>;
  /// The pairs of bodies whose padded boxes overlap that part `part` of `parts` finds (the
  /// columns of all levels, in order, cut into `parts` runs of about as many entries each), into
  /// out[0, count) (out grows as needed); returns count. Parts are independent (each reads the
  /// grid and writes its own list) and together find each pair once.
  std::size_t sweepPart(unsigned part, unsigned parts, BoxPairs& out) const;
  /// The entries of the last build (a body in each column it is listed in).
  uint32_t entries() const { return entries_; }

  /// f(dense) once for every body whose padded box overlaps `box`.
  template <class F>
  void forEachInBox(const Bounds& box, F&& f) const;

  /// f(dense) for every body whose padded box the ray origin + t * unit (unit length) meets for
  /// some 0 <= t <= farthest, and some near it (the ray is taken widened by 2^-30 of the scale of
  /// its numbers and the bodies', far beyond the rounding of its points); nearest columns first
  /// at each level. f may lower `farthest` (a hit), and the walk then ends sooner. A body may be
  /// passed more than once (once for each column it shares with the ray's steps). With
  /// `halfSize`, the ray carries a box of those half extents centred on its point (a shape
  /// cast's): the bodies whose padded box that box meets somewhere along the way.
  template <class F>
  void forEachAlongRay(Vec3 origin, Vec3 unit, const double& farthest, F&& f, Vec3 halfSize = {}) const;

  /// Whether the grid built from `bodies` keeps its invariants: the runs' starts never decrease,
  /// each run is sorted along x and holds only its kind of entries, each body is filed once as
  /// its own in its first column, and the parts' first columns are sorted. Checked after each
  /// build under SEPAXIS_ASSERTIONS (O(entries + bodies)).
  bool validate(const BodyStore& bodies) const;

 private:
  /// One body in one column, half a cache line: the sweep reads entries in a row. Its box across
  /// y and z is kept as (minY, -maxY, minZ, -maxZ), so that two boxes meet there when each of
  /// these four numbers of one is at most the matching one of the other's limits (limitsOf): four
  /// comparisons in one SIMD instruction.
  struct alignas(32) Entry {
    float yz[4];
    float minX, maxX;
    uint32_t body;
    /// kOwn: the body is of the column's level; kFirstY, kFirstZ: this is the body's first column
    /// along y, along z (at this level).
    uint32_t flags;
  };
  static constexpr uint32_t kOwn = 1, kFirstY = 2, kFirstZ = 4, kFirstBoth = kFirstY | kFirstZ;
  /// The two runs of a column's entries (start_): its level group's own bodies, then finer ones.
  static constexpr uint32_t kOwnRun = 0, kFinerRun = 1;
  static Entry entryOf(const FloatBox& b, uint32_t body, uint32_t flags) {
    return {{b.minY, -b.maxY, b.minZ, -b.maxZ}, b.minX, b.maxX, body, flags};
  }
#if SEPAXIS_LANES
  /// An entry as its two halves, for two 16-byte stores (V8 stores a struct built in registers
  /// field by field: eight stores an entry, four entries a body): yz, and (minX, maxX, body, 0)
  /// to which the flags are or-ed.
  struct EntryLanes {
    v128_t yz, x;
  };
  static EntryLanes entryLanesOf(const FloatBox& b, uint32_t body) {
    static_assert(sizeof(FloatBox) == 24 && sizeof(Entry) == 32, "the layouts the loads and stores assume");
    const v128_t negateMax = wasm_i32x4_make(0, int32_t(0x80000000u), 0, int32_t(0x80000000u));
    return {wasm_v128_xor(wasm_v128_load(&b.minY), negateMax),
            wasm_v128_or(wasm_v128_load64_zero(&b.minX), wasm_i32x4_make(0, 0, int32_t(body), 0))};
  }
  static void store(Entry& to, const EntryLanes& e, uint32_t flags) {
    unsigned char* const bytes = reinterpret_cast<unsigned char*>(&to);
    wasm_v128_store(bytes, e.yz);
    wasm_v128_store(bytes + 16, wasm_v128_or(e.x, wasm_i32x4_make(0, 0, 0, int32_t(flags))));
  }
#endif
  static FloatBox boxOf(const Entry& e) { return {e.minX, e.maxX, e.yz[0], -e.yz[1], e.yz[2], -e.yz[3]}; }
#if SEPAXIS_LANES
  using Limits = v128_t;
  /// (maxY, -minY, maxZ, -minZ) of an entry's box.
  static Limits limitsOf(const Entry& e) { return wasm_f32x4_neg(lanes::swapPairs(wasm_v128_load(e.yz))); }
  /// Whether the boxes of entry c and of the entry whose limits these are meet across y and z.
  static bool meetsAcross(const Entry& c, Limits limits) {
    return wasm_i32x4_bitmask(wasm_f32x4_le(wasm_v128_load(c.yz), limits)) == 15;
  }
#else
  struct Limits {
    float r[4];
  };
  static Limits limitsOf(const Entry& e) { return {{-e.yz[1], -e.yz[0], -e.yz[3], -e.yz[2]}}; }
  static bool meetsAcross(const Entry& c, const Limits& limits) {
    return (c.yz[0] <= limits.r[0]) & (c.yz[1] <= limits.r[1]) & (c.yz[2] <= limits.r[2]) & (c.yz[3] <= limits.r[3]);
  }
#endif
  struct Column {
    int32_t y, z;
  };
  /// The columns at a level `up` levels coarser (up <= 31 bits of shift make -1 or 0 of any index).
  static ColumnRange shifted(const ColumnRange& c, int up) {
    const int k = up < 31 ? up : 31;
    return {c.y0 >> k, c.y1 >> k, c.z0 >> k, c.z1 >> k};
  }

  struct LevelGroup {
    int32_t level = 0;                         ///< its bodies are of this level, or of finer ones merged into it
    bool merged = false;                       ///< finer levels are merged into this one (findLevels)
    double inverse = 1;                        ///< 2^-level: column index = floor(coordinate * inverse)
    int32_t y0 = 0, y1 = -1, z0 = 0, z1 = -1;  ///< the block of columns its entries cross
    uint32_t entries = 0;                      ///< its entries (own and finer bodies)
    uint32_t own = 0;                          ///< its own bodies (findLevels)
    // Its table (layOutTables), kept from frame to frame while it fits (tablesFit).
    bool dense = true;
    uint32_t bucketBase = 0, bucketCount = 0;  ///< its buckets: bucketBase .. bucketBase + bucketCount - 1
    uint32_t rowStride = 0;                    ///< dense: buckets per z
    uint32_t mask = 0;                         ///< hashed: bucketCount - 1 (a power of two)
    /// The block of columns its table has buckets for: at a dense level the entries' block and a
    /// margin; at a hashed level every column.
    int32_t tableY0 = 0, tableY1 = -1, tableZ0 = 0, tableZ1 = -1;
  };

  /// The buckets of the four columns a body crossing columns r at level l may cross: (y0, z0),
  /// (y1, z0), (y0, z1), (y1, z1) (r spans one or two along each axis). At a dense level the
  /// others are the first's neighbours in the table.
  void cornerBuckets(const LevelGroup& l, const ColumnRange& r, uint32_t bucket[4]) const {
    if (l.dense) {
      bucket[0] = bucketOf(l, r.y0, r.z0);
      bucket[1] = bucket[0] + uint32_t(r.y1 - r.y0);
      bucket[2] = bucket[0] + uint32_t(r.z1 - r.z0) * l.rowStride;
      bucket[3] = bucket[2] + uint32_t(r.y1 - r.y0);
    } else {
      bucket[0] = bucketOf(l, r.y0, r.z0), bucket[1] = bucketOf(l, r.y1, r.z0);
      bucket[2] = bucketOf(l, r.y0, r.z1), bucket[3] = bucketOf(l, r.y1, r.z1);
    }
  }

  /// r with each column index moved into the block of columns l's table has buckets for (no
  /// change to a body's columns when that block holds them, as tablesFit asks).
  static ColumnRange inTable(const LevelGroup& l, const ColumnRange& r) {
    auto clamp = [](int32_t c, int32_t lo, int32_t hi) { return c < lo ? lo : c > hi ? hi : c; };
    return {clamp(r.y0, l.tableY0, l.tableY1), clamp(r.y1, l.tableY0, l.tableY1), clamp(r.z0, l.tableZ0, l.tableZ1),
            clamp(r.z1, l.tableZ0, l.tableZ1)};
  }
  /// Counts the entries of a body crossing columns r at level l into their runs (kOwnRun or
  /// kFinerRun), each one place on (start_[2s + run + 1]: sumRuns then leaves start_[2s + run] at
  /// the run's first entry). Its four candidate columns are
  /// visited without a loop; the ones it does not cross count nothing (a loop that runs once or
  /// twice mispredicts its end about every other time). The four buckets are left in `bucket`.
  void countEntries(const LevelGroup& l, const ColumnRange& r, uint32_t run, uint32_t (&bucket)[4]) {
    const uint32_t wideY = uint32_t(r.y1 - r.y0), wideZ = uint32_t(r.z1 - r.z0);  // 0 or 1
    // A body is narrower than its level's columns (levelOf), and so than every coarser level's.
    SEPAXIS_ASSERT(wideY <= 1 && wideZ <= 1);
    cornerBuckets(l, r, bucket);
    SEPAXIS_ASSERT(bucket[0] - l.bucketBase < l.bucketCount && bucket[1] - l.bucketBase < l.bucketCount &&
                   bucket[2] - l.bucketBase < l.bucketCount && bucket[3] - l.bucketBase < l.bucketCount);
    uint32_t* const count = start_.data() + run + 1;
    count[2 * bucket[0]] += 1;
    count[2 * bucket[1]] += wideY;
    count[2 * bucket[2]] += wideZ;
    count[2 * bucket[3]] += wideY & wideZ;
  }

  /// What the grid makes of a body's padded bounds, by dense index (cells_): its level, the
  /// columns it crosses there and its box as floats. One struct a body: the scatter reads all of
  /// it, in min-x order, from all over memory (one or two cache lines instead of three).
  struct BodyCells {
    FloatBox box;
    ColumnRange columns;
    int32_t level;
  };
  /// Body bounds b's cells into `to`; returns its level.
  static int32_t cellsOf(const Bounds& b, BodyCells& to);

  // The steps of build().
  /// Each body's cells (cells_), from the bounds the store holds; the levels the bodies are of,
  /// grouped (groups_: each group's coarsest level), and each body level's group (groupAt_);
  /// true when they are the levels of the last build, whose tables are then kept.
  bool findLevels(const BodyStore& bodies);
  /// Each level's block of columns and count of entries; the bodies' min-x keys (keyed_). With
  /// kCountRuns, also the runs' entries (start_) in the tables kept from the last build; with
  /// kByPart too, each body's key goes to the list of every part (partKeyed_) whose run of
  /// columns (partBucket_) holds one of its entries, instead of keyed_.
  template <bool kCountRuns, bool kByPart = false>
  void measureLevels(const BodyStore& bodies);
  /// Whether every level's table still holds its block of columns (so that the runs counted in
  /// it are right) and is still of a size its entries call for.
  bool tablesFit() const;
  /// Each level's table of columns, dense or hashed (buckets_).
  void layOutTables();
  /// The entries of each run into start_, in the tables just laid out.
  void countRuns(const BodyStore& bodies);
  /// start_'s counts into prefix sums (start_[r] = first entry of run r).
  void sumRuns();
  /// The entries of the bodies of `keyed` (in min-x order) into their runs, with kRanged only
  /// those in the columns bucketBegin .. bucketEnd - 1; entries a body does not have go to
  /// entry_[spare].
  template <bool kRanged>
  void scatterRuns(const std::vector<uint64_t>& keyed, uint32_t bucketBegin, uint32_t bucketEnd, uint32_t spare);
  /// start_, scattered (each run's start moved to its end), shifted back by one run.
  void unshiftRuns();
  /// The first column of each of `parts` runs of columns of about as many entries (partBucket_),
  /// from this build's runs, for the parts of the next.
  void splitColumns(unsigned parts);
  /// The first column of part `part` of `parts` runs of columns of about as many entries each
  /// (0 for the first part, buckets_ past the last); start_ in prefix sums.
  uint32_t partStart(unsigned part, unsigned parts) const;

  /// The box pairs of the columns bucketBegin .. bucketEnd - 1, of one level (column coordinates
  /// compared at hashed levels only), appended to out from `count` on; returns the new count.
  template <bool kHashed>
  std::size_t sweepLevel(uint32_t bucketBegin, uint32_t bucketEnd, BoxPairs& out, std::size_t count) const;

  static ColumnRange columnsOf(const Bounds& b, double inverse) {
    return {clampedCellIndex(b.min.y, inverse), clampedCellIndex(b.max.y, inverse), clampedCellIndex(b.min.z, inverse),
            clampedCellIndex(b.max.z, inverse)};
  }
  static uint32_t columnHash(int32_t y, int32_t z) { return uint32_t(y) * 0x9E3779B1u ^ uint32_t(z) * 0x85EBCA77u; }
  uint32_t bucketOf(const LevelGroup& l, int32_t y, int32_t z) const {
    if (l.dense) return l.bucketBase + uint32_t(y - l.tableY0) + uint32_t(z - l.tableZ0) * l.rowStride;
    return l.bucketBase + (columnHash(y, z) & l.mask);
  }

  /// A column whose entries make at most this many pairs has room made in the pair list for all
  /// of them before its sweep (a look-ahead then checks nothing); more, and each look-ahead makes
  /// room for its own.
  static constexpr uint64_t kColumnPairsMadeRoomFor = 1 << 16;
  /// The box of all bodies' float boxes, made when a ray first asks after a build.
  const FloatBox& bodiesBox() const;
  mutable FloatBox bodiesBox_{};
  mutable bool bodiesBoxCurrent_ = false;

  std::vector<BodyCells> cells_;  ///< by dense index, of the last build
  /// By sorted position: the entries, and their columns (written and read at hashed levels only).
  std::vector<Entry> entry_;
  std::vector<Column> column_;
  /// Bucket s of the levels' tables (a column) holds two runs of entries: its level's own bodies
  /// [start_[2s], start_[2s + 1]) and the finer bodies [start_[2s + 1], start_[2s + 2]).
  std::vector<uint32_t> start_;
  std::vector<LevelGroup> groups_;       ///< the levels that hold bodies, ascending
  std::vector<LevelGroup> foundGroups_;  ///< findLevels's, before they are compared with groups_
  bool tablesLaidOut_ = false;           ///< groups_ has tables (layOutTables)
  uint32_t buckets_ = 0, entries_ = 0;   ///< of all levels' tables
  // Scratch of build, and of the sweep.
  std::vector<uint64_t> keyed_, keyedScratch_;  ///< min-x key << 32 | dense index
  std::vector<uint32_t> radixCount_;
  /// The parts of a build on threads: each part's first column (and the end), and its bodies'
  /// keys, radix scratch and counts.
  std::vector<uint32_t> partBucket_;
  struct PartKeys {
    std::vector<uint64_t> keyed, scratch;
    std::vector<uint32_t> count;
  };
  std::vector<PartKeys> partKeyed_;
  std::vector<uint64_t> levelBits_;
  std::vector<int32_t> groupAt_;
  std::vector<uint32_t> levelBodies_;  ///< findLevels: the bodies of each level (zeros between builds)
  /// How many levels finer than a group of levels a level merged into it may be (findLevels).
  static constexpr int32_t kMergeSpan = 3;
  /// Below this many bodies a build runs on the calling thread alone: natively, on two threads,
  /// in parts a frame of 10,000 bodies took 1.53 ms against 1.32, of 50,000 10.3 against 11.3
  /// (medians of 16 runs, alternated).
  static constexpr uint32_t kBodiesInPartsFrom = 16384;
  mutable BoxPairs boxPairs_;  ///< forEachBoxPair's (dense indices), grown only

  /// Test-only: tests/cpp/world_grid_test.cpp breaks a built grid through it, to prove that
  /// validate() reports each broken invariant.
  friend struct GridTestAccess;
};

template <class F>
void Grid::forEachBoxPair(F&& f) const {
  // Swept into a list first, handed over after: a call per pair inside the sweep's loops made
  // their branches mispredict.
  const std::size_t count = sweepPart(0, 1, boxPairs_);
  for (std::size_t k = 0; k < count; ++k) f(boxPairs_[k].first, boxPairs_[k].second);
}

template <bool kHashed>
std::size_t Grid::sweepLevel(uint32_t bucketBegin, uint32_t bucketEnd, BoxPairs& pairs, std::size_t count) const {
  const Entry* entry = entry_.data();
  const Column* column = column_.data();
  // p's partners among the entries [from, end) that start before p ends, added to pairs. Two
  // entries of one column are partners when this is the first column both cross (the corner
  // rule), their boxes meet across y and z (x is the sweep's), and at a hashed level both are of
  // this column. Kept without a branch on the answer (unpredictable): the bucket after the last
  // partner is simply overwritten (the list has room for every entry looked at: made sure of for
  // the whole column at once where that many pairs are few, else before each look-ahead).
  auto lookAhead = [&](auto checked, uint32_t p, uint32_t from, uint32_t end) {
    if constexpr (decltype(checked)::value)
      if (pairs.size() < count + (end - from)) pairs.resize(2 * (count + (end - from)));
    std::pair<uint32_t, uint32_t>* out = pairs.data();
    const Entry& e = entry[p];
    const Limits limits = limitsOf(e);
    const float endX = e.maxX;
    const uint32_t corner = e.flags & kFirstBoth, body = e.body;  // in registers: the stores below may alias e
    for (uint32_t q = from; q < end && entry[q].minX <= endX; ++q) {
      const Entry& c = entry[q];
      bool partner = ((corner | c.flags) & kFirstBoth) == kFirstBoth;
      partner &= meetsAcross(c, limits);
      if constexpr (kHashed) partner &= (column[q].y == column[p].y) & (column[q].z == column[p].z);
      out[count] = {body, c.body};
      count += partner;
    }
  };
  auto sweepColumn = [&](auto checked, uint32_t ownBegin, uint32_t ownEnd, uint32_t finerEnd) {
    // Own with own: each entry looks ahead while the next ones start before it ends.
    for (uint32_t p = ownBegin; p + 1 < ownEnd; ++p) lookAhead(checked, p, p + 1, ownEnd);
    // Own with finer: the two runs merged by min x; whichever starts first looks ahead in the
    // other run (Baraff's sweep over two lists), so each two that overlap along x meet once.
    // An entry that ends before the other run's next one starts has no partner there: skipped
    // without a look (a column's finer run is often short, its own run long).
    for (uint32_t i = ownBegin, j = ownEnd; i < ownEnd && j < finerEnd;) {
      if (entry[i].minX <= entry[j].minX) {
        if (entry[i].maxX >= entry[j].minX) lookAhead(checked, i, j, finerEnd);
        ++i;
      } else {
        if (entry[j].maxX >= entry[i].minX) lookAhead(checked, j, i, ownEnd);
        ++j;
      }
    }
  };
  for (uint32_t s = bucketBegin; s < bucketEnd; ++s) {
    const uint32_t ownBegin = start_[2 * s], ownEnd = start_[2 * s + 1], finerEnd = start_[2 * s + 2];
    if (ownBegin == ownEnd) continue;  // pairs of two finer bodies are found at their own level
    // Every pair of the column's entries that can be looked at (own with own, own with finer),
    // and one more bucket.
    const uint64_t own = ownEnd - ownBegin, finer = finerEnd - ownEnd;
    const uint64_t most = own * (own - 1) / 2 + own * finer + 1;
    if (most <= kColumnPairsMadeRoomFor) {
      if (pairs.size() < count + most) pairs.resize(2 * (count + std::size_t(most)));
      sweepColumn(std::false_type{}, ownBegin, ownEnd, finerEnd);
    } else {
      sweepColumn(std::true_type{}, ownBegin, ownEnd, finerEnd);
    }
  }
  return count;
}

template <class F>
void Grid::forEachInBox(const Bounds& box, F&& f) const {
  const FloatBox a = toFloatBox(box);
  auto meets = [&a](const FloatBox& b) {
    return (b.minX <= a.maxX) & (a.minX <= b.maxX) & (b.minY <= a.maxY) & (a.minY <= b.maxY) & (b.minZ <= a.maxZ) &
           (a.minZ <= b.maxZ);
  };
  for (const LevelGroup& l : groups_) {
    if (l.own == 0) continue;
    ColumnRange r = columnsOf(box, l.inverse);
    r.y0 = r.y0 < l.y0 ? l.y0 : r.y0, r.y1 = r.y1 > l.y1 ? l.y1 : r.y1;
    r.z0 = r.z0 < l.z0 ? l.z0 : r.z0, r.z1 = r.z1 > l.z1 ? l.z1 : r.z1;
    if (r.y0 > r.y1 || r.z0 > r.z1) continue;
    const double columns = (double(r.y1) - r.y0 + 1) * (double(r.z1) - r.z0 + 1);
    const uint32_t first = start_[2 * l.bucketBase], last = start_[2 * (l.bucketBase + l.bucketCount)];
    if (columns > double(l.own)) {
      // Fewer bodies than columns: each own body once, in its first column.
      for (uint32_t p = first; p < last; ++p) {
        const Entry& e = entry_[p];
        if ((e.flags & (kOwn | kFirstBoth)) == (kOwn | kFirstBoth) && meets(boxOf(e))) f(e.body);
      }
      continue;
    }
    for (int32_t z = r.z0; z <= r.z1; ++z)
      for (int32_t y = r.y0; y <= r.y1; ++y) {
        // A body is reported in the first column it shares with the box (see the top).
        const uint32_t need = kOwn | (y == r.y0 ? 0 : kFirstY) | (z == r.z0 ? 0 : kFirstZ);
        const uint32_t s = bucketOf(l, y, z);
        for (uint32_t p = start_[2 * s]; p < start_[2 * s + 1] && entry_[p].minX <= a.maxX; ++p) {
          const Entry& e = entry_[p];
          if ((e.flags & need) != need || !meets(boxOf(e))) continue;
          if (!l.dense && (column_[p].y != y || column_[p].z != z)) continue;
          f(e.body);
        }
      }
  }
}

// The ray's parameter range [enter, exit] clipped to lo <= o + t * u <= hi along one axis.
inline void clipToSlab(double o, double u, double lo, double hi, double& enter, double& exit) {
  if (u == 0) {
    if (o < lo || o > hi) enter = 1, exit = 0;
    return;
  }
  double t0 = (lo - o) / u, t1 = (hi - o) / u;
  if (t0 > t1) std::swap(t0, t1);
  enter = t0 > enter ? t0 : enter;
  exit = t1 < exit ? t1 : exit;
}

// Each level is walked along the ray in steps no longer than its columns across any axis: a
// step's box (the ray's stretch, widened) crosses at most 2 x 2 of the level's columns (3 x 3
// when widened over a border; a cast's box adds the columns it spans), and in each the level's own bodies sorted by min
// x are read from the first that can reach the step's box (own bodies are narrower than the columns, levelOf) to the
// last that starts before it ends. A walk longer than the level has own bodies reads those bodies instead (each in its
// first column), so a ray costs no more than testing every body.
template <class F>
void Grid::forEachAlongRay(Vec3 origin, Vec3 unit, const double& farthest, F&& f, Vec3 halfSize) const {
  if (entries_ == 0) return;
  const FloatBox& all = bodiesBox();
  const Vec3 lo{all.minX, all.minY, all.minZ}, hi{all.maxX, all.maxY, all.maxZ};
  const double widen =
      0x1p-30 * (maxComponent(abs(origin)) + maxComponent(max(abs(lo), abs(hi))) + maxComponent(hi - lo)) +
      tolerance::kWorldBoundsTinyPad;
  const Vec3 w = halfSize + Vec3{widen, widen, widen};
  double enter = 0, exit = farthest;
  clipToSlab(origin.x, unit.x, double(all.minX) - w.x, double(all.maxX) + w.x, enter, exit);
  clipToSlab(origin.y, unit.y, double(all.minY) - w.y, double(all.maxY) + w.y, enter, exit);
  clipToSlab(origin.z, unit.z, double(all.minZ) - w.z, double(all.maxZ) + w.z, enter, exit);
  if (!(enter <= exit)) return;
  const double across = greater(std::fabs(unit.x), greater(std::fabs(unit.y), std::fabs(unit.z)));
  auto stretch = [&](double t0, double t1) {
    const Vec3 p = origin + unit * t0, q = origin + unit * t1;
    return Bounds{min(p, q) - w, max(p, q) + w};
  };
  for (const LevelGroup& l : groups_) {
    if (l.own == 0) continue;
    const double side = 1 / l.inverse;  // exact: a power of two
    double from = enter, to = exit;
    clipToSlab(origin.y, unit.y, l.y0 * side - w.y, (double(l.y1) + 1) * side + w.y, from, to);
    clipToSlab(origin.z, unit.z, l.z0 * side - w.z, (double(l.z1) + 1) * side + w.z, from, to);
    if (!(from <= to)) continue;
    const double step = side / across;
    const uint32_t first = start_[2 * l.bucketBase], last = start_[2 * (l.bucketBase + l.bucketCount)];
    if (!((to - from) / step * 4 <= double(l.own))) {
      const FloatBox a = toFloatBox(stretch(from, to));
      for (uint32_t p = first; p < last; ++p) {
        const Entry& e = entry_[p];
        if ((e.flags & (kOwn | kFirstBoth)) != (kOwn | kFirstBoth)) continue;
        const FloatBox b = boxOf(e);
        if ((b.minX <= a.maxX) & (a.minX <= b.maxX) & (b.minY <= a.maxY) & (a.minY <= b.maxY) & (b.minZ <= a.maxZ) &
            (a.minZ <= b.maxZ))
          f(e.body);
      }
      continue;
    }
    const float reach = toFloat(2 * side);  // beyond an own body's width, in floats' rounding too
    // Steps counted, not added up: a step may be below the rounding of t far along the ray.
    const double steps = std::ceil((to - from) / step);
    for (double i = 0; i < steps; ++i) {
      const double t0 = from + i * step;
      if (t0 > farthest + widen) break;
      const Bounds box = stretch(t0, i + 1 < steps ? from + (i + 1) * step : to);
      const FloatBox a = toFloatBox(box);
      ColumnRange r = columnsOf(box, l.inverse);
      r.y0 = r.y0 < l.y0 ? l.y0 : r.y0, r.y1 = r.y1 > l.y1 ? l.y1 : r.y1;
      r.z0 = r.z0 < l.z0 ? l.z0 : r.z0, r.z1 = r.z1 > l.z1 ? l.z1 : r.z1;
      for (int32_t z = r.z0; z <= r.z1; ++z)
        for (int32_t y = r.y0; y <= r.y1; ++y) {
          const uint32_t s = bucketOf(l, y, z);
          const Entry* begin = entry_.data() + start_[2 * s];
          const Entry* end = entry_.data() + start_[2 * s + 1];
          const float lowest = a.minX - reach;
          begin = std::partition_point(begin, end, [lowest](const Entry& e) { return e.minX < lowest; });
          for (const Entry* e = begin; e != end && e->minX <= a.maxX; ++e) {
            const FloatBox b = boxOf(*e);
            if (!((a.minX <= b.maxX) & (b.minY <= a.maxY) & (a.minY <= b.maxY) & (b.minZ <= a.maxZ) &
                  (a.minZ <= b.maxZ)))
              continue;
            if (!l.dense && (column_[size_t(e - entry_.data())].y != y || column_[size_t(e - entry_.data())].z != z))
              continue;
            f(e->body);
          }
        }
    }
  }
}

}  // namespace sepaxis::detail
