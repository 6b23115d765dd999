#pragma once
/// Runs the library against the oracle on generated cases. This file is the only bridge between the
/// two: it converts raw volumes to sepaxis volumes (through the public make* functions) and the
/// volumes the library actually holds (after validation and re-orthonormalization) back to raw
/// numbers for the oracle.
///
/// For every case (both orders):
///   overlaps(a, b) == overlaps(b, a) == overlaps(Volume a, Volume b);
///   collide(a, b).overlap == overlaps(a, b), hasPenetration == overlap, and the same for (b, a);
///   where the oracle decides: overlaps(a, b) equals the truth;
///   for k-DOP pairs: overlapsConservative is true whenever the oracle certifies overlap.
/// For pairs the oracle certifies overlapping and the library reports overlapping, the penetration:
///   depth >= 0 and the normal is unit;
///   depth equals the oracle's penetration depth within the band, and the normal is a minimum
///   translation direction: h_A(n) + h_B(-n) = depth within the band;
///   B moved by (depth + 2 band) n is not certified overlapping by the LP oracle;
///   B moved by (depth - 4 band) n is not certified separated (and is counted when certified
///   overlapping);
///   B moved by 0.999 depth along three random unit directions is never certified separated
///   (nothing shorter than depth separates them).
/// Failures print both volumes with 17 digits, the oracle's certificate and the library's answer.

#include <cstdint>
#include <string>

#include "oracle/generators.h"
#include "oracle/oracle.h"
#include "sepaxis/sepaxis.h"

namespace sepaxis_oracle {

struct CategoryStats {
  int total = 0;
  int decided = 0;
  int overlap = 0;
  int separated = 0;
};

struct PairStats {
  CategoryStats category[int(Category::Count)];
  int cases = 0;
  int decided = 0;
  int failures = 0;
  int penetrationChecked = 0;             ///< certified-overlap cases whose report was checked
  int penetrationShortfallCertified = 0;  ///< of those: B moved by depth - 4 band certified overlapping
  int conservativeButSeparated = 0;       ///< k-DOP pairs: overlapsConservative true, oracle separated
  int conservativeButSeparatedEdgeEdge = 0;
  double seconds = 0;
};

struct PairOptions {
  Kind a = Kind::Sphere;
  Kind b = Kind::Sphere;
  uint64_t seed = 0;
  int count = 10000;
};

/// Builds the library volume through its public constructors; `error` receives the message.
bool toLibrary(const Raw& raw, sepaxis::Volume& out, std::string& error);

/// Generates, checks, records failures with ADD_FAILURE (the first few in full), prints a summary.
PairStats runPairProperty(const PairOptions& options);

/// Asserts the coverage a pair run must reach, so that no test passes vacuously: no failures; the
/// oracle decided at least 95% of all cases and at least 85% of every category (observed: >= 99%
/// and >= 94%); every near-contact category has at least 10% of each verdict; the penetration
/// report was checked on every certified overlap and the shortfall translation certified in at
/// least 90% of them.
void expectCoverage(const PairStats& stats, const PairOptions& options);

}  // namespace sepaxis_oracle
