// Regression tests for the errors in the OBB-OBB code of the seed texts (/work/shared/seeds):
//   - an index error in the rotation-matrix terms: the thesis (Denner 2008, appendix) builds
//     R[i][j] = Dot(a.u[i], b.u[i]), and its table 1 gives rows 8, 9, 11, 12, 14 and 15 (the cross
//     axes with B.u1 and B.u2) the wrong half-extent of B (e1B where e0B belongs);
//   - a missing absolute value: the thesis sets AbsR[i][j] = R[i][j] + EPSILON (no fabs) and
//     compares t[i] > ra + rb without fabs(t[i]);
//   - an early exit: the Korean blog (hoodymong.tistory.com/8) returns "overlap" after the six face
//     axes whenever some |A.ui . B.uj| > cutoff = 0.999999, i.e. for axes closer than ~1.4e-3 rad.
// Each test builds configurations that those errors get wrong: for each of the nine cross axes
// A.ui x B.uj, boxes with distinct half-extents where that axis is the ONLY separating axis (all six
// face axes and the other eight cross axes overlap, checked by projecting the vertices), its
// overlapping twin, and the point-reflected pair (negative dot products, negative T). The oracle
// (oracle/oracle.h, a linear program) confirms every verdict independently.
//
// To prove that the tests can fail, the seed formulas are transcribed below (SeedReference, clearly
// the buggy reference, never used by the library) with each error as a switch: every error is
// caught by at least one of the configurations, while the transcription without errors agrees with
// the library on all of them.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "oracle/generators.h"
#include "oracle/oracle.h"
#include "sepaxis/sepaxis.h"

namespace seed_regression_test {  // the file's own names (tests/cpp/CMakeLists.txt: unity build)
namespace {

using sepaxis_oracle::V3;

// ---- The buggy reference: Gomes (Gamasutra 1999) / Ericson 4.4.1 as transcribed in the seeds.

enum class SeedError {
  None,                    ///< the 15-axis test as it should be
  ThesisRotationIndex,     ///< R[i][j] = Dot(a.u[i], b.u[i])
  ThesisTableExtents,      ///< table 1, rows 8, 9, 11, 12, 14, 15: e1B (and e2B) for e0B (and e1B)
  TransposedCrossTerm,     ///< one cross axis (crossAxis) reads AbsR[j'][i] instead of AbsR[i][j']
  MissingAbsOnRotation,    ///< AbsR[i][j] = R[i][j] (+ EPSILON) without fabs
  MissingAbsOnDistance,    ///< t > ra + rb without fabs(t)
  ParallelCutoffEarlyExit  ///< cutoff 0.999999: "overlap" after the face axes
};

const char* errorName(SeedError e) {
  switch (e) {
    case SeedError::None: return "none";
    case SeedError::ThesisRotationIndex: return "thesis rotation index";
    case SeedError::ThesisTableExtents: return "thesis table extents";
    case SeedError::TransposedCrossTerm: return "transposed cross term";
    case SeedError::MissingAbsOnRotation: return "missing abs on rotation";
    case SeedError::MissingAbsOnDistance: return "missing abs on distance";
    case SeedError::ParallelCutoffEarlyExit: return "parallel cutoff early exit";
  }
  return "?";
}

struct Box {
  V3 c;
  V3 u[3];
  double e[3];
};

/// THE BUGGY REFERENCE (seed transcription). Returns true for "overlap".
bool seedReferenceOverlaps(const Box& a, const Box& b, SeedError error, int crossAxis = -1) {
  double R[3][3], AbsR[3][3];
  bool existsParallelPair = false;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      R[i][j] = sepaxis_oracle::dot(a.u[i], b.u[error == SeedError::ThesisRotationIndex ? i : j]);
      AbsR[i][j] = error == SeedError::MissingAbsOnRotation ? R[i][j] : std::fabs(R[i][j]);
      if (AbsR[i][j] > 0.999999) existsParallelPair = true;
    }
  const V3 d = b.c - a.c;
  const double T[3] = {sepaxis_oracle::dot(d, a.u[0]), sepaxis_oracle::dot(d, a.u[1]), sepaxis_oracle::dot(d, a.u[2])};
  auto mag = [&](double t) { return error == SeedError::MissingAbsOnDistance ? t : std::fabs(t); };
  for (int i = 0; i < 3; ++i) {
    const double ra = a.e[i];
    const double rb = b.e[0] * AbsR[i][0] + b.e[1] * AbsR[i][1] + b.e[2] * AbsR[i][2];
    if (mag(T[i]) > ra + rb) return false;
  }
  for (int j = 0; j < 3; ++j) {
    const double ra = a.e[0] * AbsR[0][j] + a.e[1] * AbsR[1][j] + a.e[2] * AbsR[2][j];
    const double rb = b.e[j];
    if (mag(T[0] * R[0][j] + T[1] * R[1][j] + T[2] * R[2][j]) > ra + rb) return false;
  }
  if (error == SeedError::ParallelCutoffEarlyExit && existsParallelPair) return true;
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      // L = A.ui x B.uj
      const double ra = a.e[i1] * AbsR[i2][j] + a.e[i2] * AbsR[i1][j];
      double rb = b.e[j1] * AbsR[i][j2] + b.e[j2] * AbsR[i][j1];
      if (error == SeedError::TransposedCrossTerm && crossAxis == 3 * i + j)
        rb = b.e[j1] * AbsR[j2][i] + b.e[j2] * AbsR[j1][i];
      if (error == SeedError::ThesisTableExtents && j == 1) rb = b.e[1] * AbsR[i][2] + b.e[2] * AbsR[i][0];
      if (error == SeedError::ThesisTableExtents && j == 2) rb = b.e[1] * AbsR[i][1] + b.e[2] * AbsR[i][0];
      const double t = T[i2] * R[i1][j] - T[i1] * R[i2][j];
      if (mag(t) > ra + rb) return false;
    }
  }
  return true;
}

// ---- Helpers: library volumes, vertex projections, the oracle.

sepaxis::Obb libraryObb(const Box& b) {
  const sepaxis::Vec3 axes[3] = {
      {b.u[0].x, b.u[0].y, b.u[0].z}, {b.u[1].x, b.u[1].y, b.u[1].z}, {b.u[2].x, b.u[2].y, b.u[2].z}};
  auto o = sepaxis::makeObb({b.c.x, b.c.y, b.c.z}, axes, {b.e[0], b.e[1], b.e[2]});
  EXPECT_TRUE(o.ok());
  return o.ok() ? *o : sepaxis::Obb{};
}

/// The box exactly as the library holds it (axes re-orthonormalized to machine precision).
Box held(const Box& b) {
  const sepaxis::Obb o = libraryObb(b);
  Box h;
  h.c = {o.center.x, o.center.y, o.center.z};
  for (int i = 0; i < 3; ++i) {
    h.u[i] = {o.axis[i].x, o.axis[i].y, o.axis[i].z};
  }
  h.e[0] = o.halfExtents.x;
  h.e[1] = o.halfExtents.y;
  h.e[2] = o.halfExtents.z;
  return h;
}

std::array<V3, 8> vertices(const Box& b) {
  std::array<V3, 8> v;
  for (int k = 0; k < 8; ++k)
    v[k] = b.c + b.u[0] * ((k & 1) ? b.e[0] : -b.e[0]) + b.u[1] * ((k & 2) ? b.e[1] : -b.e[1]) +
           b.u[2] * ((k & 4) ? b.e[2] : -b.e[2]);
  return v;
}

/// Gap of the two boxes' projections on L (> 0: L separates them by that much).
double gapAlong(const Box& a, const Box& b, V3 l) {
  l = sepaxis_oracle::unit(l);
  double amin = 1e300, amax = -1e300, bmin = 1e300, bmax = -1e300;
  for (V3 p : vertices(a)) {
    amin = std::min(amin, sepaxis_oracle::dot(l, p));
    amax = std::max(amax, sepaxis_oracle::dot(l, p));
  }
  for (V3 p : vertices(b)) {
    bmin = std::min(bmin, sepaxis_oracle::dot(l, p));
    bmax = std::max(bmax, sepaxis_oracle::dot(l, p));
  }
  return std::max(bmin - amax, amin - bmax);
}

/// The 15 candidate axes' gaps: 0-2 A.ui, 3-5 B.uj, 6 + 3i + j A.ui x B.uj.
std::array<double, 15> axisGaps(const Box& a, const Box& b) {
  std::array<double, 15> g;
  for (int i = 0; i < 3; ++i) g[i] = gapAlong(a, b, a.u[i]);
  for (int j = 0; j < 3; ++j) g[3 + j] = gapAlong(a, b, b.u[j]);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) g[6 + 3 * i + j] = gapAlong(a, b, sepaxis_oracle::cross(a.u[i], b.u[j]));
  return g;
}

sepaxis_oracle::Verdict oracleVerdict(const Box& a, const Box& b) {
  using namespace sepaxis_oracle;
  Raw ra, rb;
  ra.kind = rb.kind = Kind::Obb;
  for (const auto& [raw, box] : {std::pair<Raw*, const Box*>{&ra, &a}, {&rb, &b}}) {
    raw->o.c = box->c;
    for (int i = 0; i < 3; ++i) raw->o.u[i] = box->u[i];
    raw->o.e = {box->e[0], box->e[1], box->e[2]};
  }
  const Frame frame = frameFor(a.c, norm(a.c - b.c) + norm(ra.o.e) + norm(rb.o.e));
  return classify(bodyOf(ra, frame), bodyOf(rb, frame));
}

/// The same pair mirrored through A's centre: congruent, with T and the signs of R flipped.
Box reflectedThroughCentreOf(const Box& a, const Box& b) {
  Box r = b;
  r.c = a.c * 2 - b.c;
  for (V3& u : r.u) u = -u;
  // Three negated axes are left-handed; negating one back keeps the same box, right-handed.
  r.u[0] = -r.u[0];
  return r;
}

struct Config {
  Box a, apart, overlapping;  ///< apart: separated only by the cross axis; overlapping: its twin
  int axis;                   ///< index 6 + 3i + j of the deciding cross axis
  double gap;
};

std::string describe(const Box& b) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "Obb{center={%.17g, %.17g, %.17g}, axes={{%.17g, %.17g, %.17g}, {%.17g, %.17g, %.17g}, "
                "{%.17g, %.17g, %.17g}}, halfExtents={%.17g, %.17g, %.17g}}",
                b.c.x, b.c.y, b.c.z, b.u[0].x, b.u[0].y, b.u[0].z, b.u[1].x, b.u[1].y, b.u[1].z, b.u[2].x, b.u[2].y,
                b.u[2].z, b.e[0], b.e[1], b.e[2]);
  return buf;
}

bool distinct(const double (&e)[3], double by) {
  return std::fabs(e[0] - e[1]) > by && std::fabs(e[1] - e[2]) > by && std::fabs(e[0] - e[2]) > by;
}

/// Builds a pair whose edges A.ui (an edge of A) and B.uj (an edge of B) are `angle` apart, their
/// common normal L strictly inside both edges' normal cones, the edges `gap` apart along L.
/// Accepts it only when the cross axis is the one separating axis: every other axis of the 15
/// overlaps by more than `otherOverlap`, in the pair and in its twin at -gap.
bool buildConfig(sepaxis_oracle::Rng& rng, int i, int j, double angle, double gap, double otherOverlap, Config& out) {
  using namespace sepaxis_oracle;
  Box a, b;
  rng.rotation(a.u);
  for (double& e : a.e) e = rng.uniform(0.4, 1.6);
  for (double& e : b.e) e = rng.uniform(0.4, 1.6);
  if (!distinct(a.e, 0.15) || !distinct(b.e, 0.15)) return false;
  a.c = {rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3)};
  const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
  const double s1 = rng.index(2) ? 1 : -1, s2 = rng.index(2) ? 1 : -1;
  // A's edge along ui at the corner (s1 u_i1, s2 u_i2); its normal cone is spanned by those two.
  const V3 n1 = a.u[i1] * s1, n2 = a.u[i2] * s2;
  const V3 pa = a.c + n1 * a.e[i1] + n2 * a.e[i2] + a.u[i] * (rng.uniform(-0.6, 0.6) * a.e[i]);
  const double lambda = rng.uniform(0.15, 0.85);
  const V3 l = unit(n1 * lambda + n2 * (1 - lambda));
  const V3 eb = a.u[i] * std::cos(angle) + cross(l, a.u[i]) * std::sin(angle);
  // B's faces at its edge: normals m1, m2 perpendicular to eb, -L strictly between them.
  const double alpha = rng.uniform(0.3, 1.27);
  const V3 m1 = rotated(-l, eb, alpha), m2 = rotated(-l, eb, alpha - 1.5707963267948966);
  const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
  b.u[j] = eb;
  b.u[j1] = m1;
  b.u[j2] = m2;
  if (dot(cross(b.u[0], b.u[1]), b.u[2]) < 0) b.u[j] = -eb;  // same edge, right-handed axes
  const double mu = rng.uniform(-0.6, 0.6) * b.e[j];
  // B's edge along uj is its corner edge in the +m1, +m2 directions (outward normals m1, m2).
  const V3 centreAtContact = pa - m1 * b.e[j1] - m2 * b.e[j2] - b.u[j] * mu;
  b.c = centreAtContact + l * gap;
  Box twin = b;
  twin.c = centreAtContact - l * gap;
  const Box ha = held(a), hb = held(b), ht = held(twin);
  const std::array<double, 15> g = axisGaps(ha, hb), gt = axisGaps(ha, ht);
  const int axis = 6 + 3 * i + j;
  if (!(g[axis] > 0.9 * gap)) return false;
  for (int k = 0; k < 15; ++k) {
    if (k == axis) continue;
    if (!(g[k] < -otherOverlap) || !(gt[k] < -otherOverlap)) return false;
  }
  if (!(gt[axis] < 0)) return false;
  out = {ha, hb, ht, axis, gap};
  return true;
}

std::vector<Config> crossAxisConfigs() {
  sepaxis_oracle::Rng rng(0x5EED0BB0'0000C0DEull);
  std::vector<Config> configs;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      int found = 0;
      for (int attempt = 0; attempt < 20000 && found < 6; ++attempt) {
        Config c;
        if (buildConfig(rng, i, j, rng.uniform(0.35, 1.2), 2e-3, 0.02, c)) {
          configs.push_back(c);
          ++found;
        }
      }
    }
  return configs;
}

bool libraryOverlaps(const Box& a, const Box& b) {
  const sepaxis::Obb oa = libraryObb(a), ob = libraryObb(b);
  const bool ab = sepaxis::overlaps(oa, ob), ba = sepaxis::overlaps(ob, oa);
  EXPECT_EQ(ab, ba) << "asymmetric verdict\n  A = " << describe(a) << "\n  B = " << describe(b);
  return ab;
}

// ---- Tests.

TEST(SeedRegression, EachOfTheNineCrossAxesIsTheOnlySeparatingAxisSomewhereAndThosePairsAreReportedApart) {
  const std::vector<Config> configs = crossAxisConfigs();
  int perAxis[15] = {};
  for (const Config& c : configs) ++perAxis[c.axis];
  for (int axis = 6; axis < 15; ++axis) ASSERT_EQ(perAxis[axis], 6) << "no configuration for cross axis " << axis;

  for (const Config& c : configs) {
    const std::string where = "cross axis A.u" + std::to_string((c.axis - 6) / 3) + " x B.u" +
                              std::to_string((c.axis - 6) % 3) + "\n  A = " + describe(c.a) +
                              "\n  B = " + describe(c.apart) + "\n  twin B = " + describe(c.overlapping);
    const sepaxis_oracle::Verdict apart = oracleVerdict(c.a, c.apart);
    const sepaxis_oracle::Verdict twin = oracleVerdict(c.a, c.overlapping);
    ASSERT_EQ(apart.truth, sepaxis_oracle::Truth::Separated) << where;
    ASSERT_GT(apart.margin, 10 * apart.band) << where;  // certified far outside the band
    ASSERT_EQ(twin.truth, sepaxis_oracle::Truth::Overlap) << where;
    EXPECT_FALSE(libraryOverlaps(c.a, c.apart)) << where;
    EXPECT_TRUE(libraryOverlaps(c.a, c.overlapping)) << where;
    // The report names the deciding axis as the first separating one.
    const sepaxis::CollisionReport rep = sepaxis::collide(libraryObb(c.a), libraryObb(c.apart));
    ASSERT_GE(rep.separatingAxis, 0) << where;
    const sepaxis::Vec3 d = rep.axes[rep.separatingAxis].direction;
    const V3 l = sepaxis_oracle::unit(sepaxis_oracle::cross(c.a.u[(c.axis - 6) / 3], c.apart.u[(c.axis - 6) % 3]));
    EXPECT_NEAR(std::fabs(d.x * l.x + d.y * l.y + d.z * l.z), 1, 1e-9)
        << where << "\n  first separating axis reported: " << rep.axes[rep.separatingAxis].label;
  }
}

TEST(SeedRegression, PairsMirroredThroughTheCentreWithNegativeDotProductsGetTheSameVerdicts) {
  int negativeEntries = 0;
  for (const Config& c : crossAxisConfigs()) {
    const Box apart = reflectedThroughCentreOf(c.a, c.apart);
    const Box twin = reflectedThroughCentreOf(c.a, c.overlapping);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) negativeEntries += sepaxis_oracle::dot(c.a.u[i], apart.u[j]) < -0.05;
    const std::string where = "\n  A = " + describe(c.a) + "\n  B = " + describe(apart);
    ASSERT_EQ(oracleVerdict(c.a, apart).truth, sepaxis_oracle::Truth::Separated) << where;
    ASSERT_EQ(oracleVerdict(c.a, twin).truth, sepaxis_oracle::Truth::Overlap) << where;
    EXPECT_FALSE(libraryOverlaps(c.a, apart)) << where;
    EXPECT_TRUE(libraryOverlaps(c.a, twin)) << where;
  }
  EXPECT_GT(negativeEntries, 100);  // the rotations do have negative dot products
}

TEST(SeedRegression, EachSeedErrorMisjudgesSomeOfTheseConfigurationsWhileTheCorrectedFormulaDoesNot) {
  std::vector<Config> configs = crossAxisConfigs();
  const size_t n = configs.size();
  for (size_t k = 0; k < n; ++k) {
    Config m = configs[k];
    m.apart = reflectedThroughCentreOf(m.a, configs[k].apart);
    m.overlapping = reflectedThroughCentreOf(m.a, configs[k].overlapping);
    configs.push_back(m);
  }
  auto misjudged = [&](SeedError error, int onlyAxis) {
    int wrong = 0;
    for (const Config& c : configs) {
      if (onlyAxis >= 0 && c.axis != onlyAxis) continue;
      wrong += seedReferenceOverlaps(c.a, c.apart, error, onlyAxis - 6) != false;
      wrong += seedReferenceOverlaps(c.a, c.overlapping, error, onlyAxis - 6) != true;
    }
    return wrong;
  };
  EXPECT_EQ(misjudged(SeedError::None, -1), 0) << "the corrected transcription must be right";
  for (SeedError e : {SeedError::ThesisRotationIndex, SeedError::ThesisTableExtents, SeedError::MissingAbsOnRotation,
                      SeedError::MissingAbsOnDistance})
    EXPECT_GT(misjudged(e, -1), 0) << errorName(e) << " is not caught";
  for (int axis = 6; axis < 15; ++axis)
    EXPECT_GT(misjudged(SeedError::TransposedCrossTerm, axis), 0)
        << "a transposed rotation term in cross axis " << axis << " is not caught";
}

TEST(SeedRegression, AxesAMilliradianFromParallelDoNotShortCutTheCrossAxes) {
  // The blog's cutoff 0.999999 means "overlap" for axes within ~1.4e-3 rad. Here A.ui and B.uj
  // are 1e-3 rad apart (|A.ui . B.uj| = 0.9999995), and their cross product is the only separating
  // axis, by 1e-4 (about 2e-5 of the scale R_A + R_B + |c_A - c_B|, asserted to be more than ten
  // times the contract band), found by a seeded search.
  sepaxis_oracle::Rng rng(0x5EED'C0FF'0000'1E3Dull);
  std::vector<Config> found;
  for (int attempt = 0; attempt < 200000 && found.size() < 6; ++attempt) {
    Config c;
    const int i = rng.index(3), j = rng.index(3);
    if (buildConfig(rng, i, j, 1e-3, 1e-4, 1e-5, c)) found.push_back(c);
  }
  ASSERT_GE(found.size(), 6u) << "the search found too few configurations";
  for (const Config& c : found) {
    const int i = (c.axis - 6) / 3, j = (c.axis - 6) % 3;
    const double cosine = std::fabs(sepaxis_oracle::dot(c.a.u[i], c.apart.u[j]));
    const std::string where = "\n  A = " + describe(c.a) + "\n  B = " + describe(c.apart);
    ASSERT_GT(cosine, 0.999999) << where;
    const sepaxis_oracle::Verdict v = oracleVerdict(c.a, c.apart);
    ASSERT_EQ(v.truth, sepaxis_oracle::Truth::Separated) << where;
    ASSERT_GT(v.margin, 10 * v.band) << where;
    ASSERT_EQ(oracleVerdict(c.a, c.overlapping).truth, sepaxis_oracle::Truth::Overlap) << where;
    EXPECT_FALSE(libraryOverlaps(c.a, c.apart)) << where;
    EXPECT_TRUE(libraryOverlaps(c.a, c.overlapping)) << where;
    // The blog's early exit gets exactly these wrong; the corrected formula gets them right.
    EXPECT_TRUE(seedReferenceOverlaps(c.a, c.apart, SeedError::ParallelCutoffEarlyExit));
    EXPECT_FALSE(seedReferenceOverlaps(c.a, c.apart, SeedError::None));
  }
}

}  // namespace
}  // namespace seed_regression_test
