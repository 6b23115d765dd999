// The bridge between generated raw volumes, the library and the oracle (property_driver.h).

#include "oracle/property_driver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <variant>

#include "sepaxis/sepaxis.h"

namespace sepaxis_oracle {

namespace {

sepaxis::Vec3 lib(V3 v) { return {v.x, v.y, v.z}; }
V3 own(sepaxis::Vec3 v) { return {v.x, v.y, v.z}; }

/// The numbers the library actually holds, as raw input for the oracle.
Raw fromLibrary(const sepaxis::Volume& v) {
  Raw r;
  if (auto* s = std::get_if<sepaxis::Sphere>(&v)) {
    r.kind = Kind::Sphere;
    r.s = {own(s->center), s->radius};
  } else if (auto* a = std::get_if<sepaxis::Aabb>(&v)) {
    r.kind = Kind::Aabb;
    r.a = {own(a->min), own(a->max)};
  } else if (auto* o = std::get_if<sepaxis::Obb>(&v)) {
    r.kind = Kind::Obb;
    r.o.c = own(o->center);
    for (int i = 0; i < 3; ++i) r.o.u[i] = own(o->axis[i]);
    r.o.e = own(o->halfExtents);
  } else {
    const auto& d = std::get<sepaxis::Kdop>(v);
    r.kind = Kind::Kdop;
    r.d.k = d.k;
    for (int i = 0; i < d.slabCount(); ++i) {
      r.d.lo[i] = d.min[i];
      r.d.hi[i] = d.max[i];
    }
  }
  return r;
}

Frame pairFrame(const Raw& a, const Raw& b) {
  const V3 ca = innerPoint(a), cb = innerPoint(b);
  return frameFor(ca, std::max({roughSize(a), roughSize(b), norm(ca - cb)}));
}

bool libraryOverlaps(const sepaxis::Volume& a, const sepaxis::Volume& b) {
  return std::visit([](const auto& x, const auto& y) { return sepaxis::overlaps(x, y); }, a, b);
}

std::string fmt(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

struct Context {
  const PairOptions& options;
  PairStats& stats;
  const Case& c;
  const Raw& a;  ///< as held by the library
  const Raw& b;
  const Frame& frame;
  const Verdict& verdict;
  bool libraryAb;
};

/// Records a failure; the first few per run are printed in full, the rest only counted.
void fail(const Context& ctx, const std::string& what) {
  ++ctx.stats.failures;
  if (ctx.stats.failures > 6) return;
  std::ostringstream out;
  out << what << "\n  pair " << kindName(ctx.options.a) << "-" << kindName(ctx.options.b) << ", seed "
      << ctx.options.seed << ", category " << categoryName(ctx.c.category) << " (" << ctx.c.detail << ")"
      << "\n  A = " << describe(ctx.a) << "\n  B = " << describe(ctx.b)
      << "\n  oracle: " << truthName(ctx.verdict.truth) << " (" << ctx.verdict.how << "), certified margin "
      << fmt(ctx.verdict.margin * ctx.frame.scale) << ", band " << fmt(ctx.verdict.band * ctx.frame.scale) << ", scale "
      << fmt(ctx.verdict.scale * ctx.frame.scale) << " (world units)"
      << "\n  library overlaps(A, B) = " << (ctx.libraryAb ? "true" : "false");
  ADD_FAILURE() << out.str();
}

void checkPenetration(const Context& ctx, const Body& A, const Body& B, const sepaxis::CollisionReport& rep,
                      const sepaxis::CollisionReport& repBa, Rng& rng) {
  PairStats& stats = ctx.stats;
  const double s = ctx.frame.scale;
  const double band = ctx.verdict.band;
  const double depth = rep.penetration.depth / s;
  const V3 n = own(rep.penetration.normal);
  ++stats.penetrationChecked;
  auto where = [&](const std::string& what) {
    std::ostringstream out;
    out << what << "\n  report: depth " << fmt(rep.penetration.depth) << ", normal " << str(n)
        << "; reversed report depth " << fmt(repBa.penetration.depth);
    return out.str();
  };
  if (!(depth >= 0) || !std::isfinite(depth)) return fail(ctx, where("penetration depth is negative or not finite"));
  if (!(std::fabs(norm(n) - 1) <= 1e-9)) return fail(ctx, where("penetration normal is not unit length"));

  // Against the oracle's own depth (exact for sphere pairs; for polytopes the minimum of
  // h_A(u) + h_B(-u) over every candidate facet normal of A - B).
  const Depth truth = penetrationDepth(A, B);
  if (std::fabs(depth - truth.depth) > band) {
    std::ostringstream out;
    out << "penetration depth differs from the oracle's " << fmt(truth.depth * s) << " (direction " << str(truth.normal)
        << ") by more than the band";
    return fail(ctx, where(out.str()));
  }
  if (std::fabs(repBa.penetration.depth / s - truth.depth) > band)
    return fail(ctx, where("the reversed pair reports a different penetration depth"));
  const double along = differenceSupport(A, B, n);
  if (along > depth + band) {
    return fail(ctx,
                where("moving B by depth along the normal does not separate: h_A(n) + h_B(-n) = " + fmt(along * s)));
  }
  // The LP oracle on translated copies of B.
  const Verdict beyond = classify(A, translated(B, n * (depth + 2 * band)));
  if (beyond.truth == Truth::Overlap)
    return fail(ctx, where("B moved by depth + 2 band along the normal still overlaps (LP oracle, margin " +
                           fmt(beyond.margin * s) + ")"));
  if (depth > 4 * band) {
    const Verdict shy = classify(A, translated(B, n * (depth - 4 * band)));
    if (shy.truth == Truth::Separated)
      return fail(ctx, where("B moved by depth - 4 band along the normal is already separated"));
    if (shy.truth == Truth::Overlap) ++stats.penetrationShortfallCertified;
  } else {
    ++stats.penetrationShortfallCertified;  // nothing to move: depth is within the band of zero
  }
  for (int i = 0; i < 3; ++i) {
    const V3 u = rng.direction();
    const Verdict other = classify(A, translated(B, u * (0.999 * depth)));
    if (other.truth == Truth::Separated)
      return fail(ctx, where("a translation of 0.999 depth along " + str(u) +
                             " separates the pair: the depth is not the minimum"));
  }
}

}  // namespace

bool toLibrary(const Raw& raw, sepaxis::Volume& out, std::string& error) {
  switch (raw.kind) {
    case Kind::Sphere: {
      auto s = sepaxis::makeSphere(lib(raw.s.c), raw.s.r);
      if (!s) return error = s.error().message, false;
      out = *s;
      return true;
    }
    case Kind::Aabb: {
      auto a = sepaxis::makeAabb(lib(raw.a.lo), lib(raw.a.hi));
      if (!a) return error = a.error().message, false;
      out = *a;
      return true;
    }
    case Kind::Obb: {
      const sepaxis::Vec3 axes[3] = {lib(raw.o.u[0]), lib(raw.o.u[1]), lib(raw.o.u[2])};
      auto o = sepaxis::makeObb(lib(raw.o.c), axes, lib(raw.o.e));
      if (!o) return error = o.error().message, false;
      out = *o;
      return true;
    }
    case Kind::Kdop: {
      auto d = sepaxis::makeKdop(raw.d.k, raw.d.lo, raw.d.hi, raw.d.k / 2);
      if (!d) return error = d.error().message, false;
      out = *d;
      return true;
    }
  }
  return false;
}

PairStats runPairProperty(const PairOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  PairStats stats;
  const std::vector<Case> cases = generateCases(options.a, options.b, options.seed, options.count);
  Rng rng(options.seed ^ 0x9e3779b97f4a7c15ull);
  const bool kdops = options.a == Kind::Kdop && options.b == Kind::Kdop;
  for (const Case& c : cases) {
    ++stats.cases;
    sepaxis::Volume va, vb;
    std::string error;
    if (!toLibrary(c.a, va, error) || !toLibrary(c.b, vb, error)) {
      ++stats.failures;
      ADD_FAILURE() << "a generated volume was rejected: " << error << "\n  A = " << describe(c.a)
                    << "\n  B = " << describe(c.b);
      continue;
    }
    const Raw a = fromLibrary(va), b = fromLibrary(vb);
    const Frame frame = pairFrame(a, b);
    const Body A = bodyOf(a, frame), B = bodyOf(b, frame);
    const Verdict verdict = classify(A, B);

    const bool ab = libraryOverlaps(va, vb);
    const bool ba = libraryOverlaps(vb, va);
    const Context ctx{options, stats, c, a, b, frame, verdict, ab};
    CategoryStats& cat = stats.category[int(c.category)];
    ++cat.total;
    if (verdict.truth != Truth::Undecided) {
      ++cat.decided;
      ++stats.decided;
      ++(verdict.truth == Truth::Overlap ? cat.overlap : cat.separated);
    }
    if (ab != ba)
      fail(ctx, std::string("overlaps(A, B) != overlaps(B, A): overlaps(B, A) = ") + (ba ? "true" : "false"));
    if (sepaxis::overlaps(va, vb) != ab) fail(ctx, "overlaps(Volume, Volume) disagrees with the typed overload");
    if (verdict.truth != Truth::Undecided && ab != (verdict.truth == Truth::Overlap))
      fail(ctx, "the library's verdict contradicts the oracle outside the band");

    const sepaxis::CollisionReport rep = sepaxis::collide(va, vb);
    const sepaxis::CollisionReport repBa = sepaxis::collide(vb, va);
    if (rep.overlap != ab || repBa.overlap != ba) fail(ctx, "collide().overlap differs from overlaps()");
    if (rep.hasPenetration != rep.overlap || repBa.hasPenetration != repBa.overlap)
      fail(ctx, "hasPenetration differs from overlap");

    if (kdops) {
      const auto& ka = std::get<sepaxis::Kdop>(va);
      const auto& kb = std::get<sepaxis::Kdop>(vb);
      const bool cab = sepaxis::overlapsConservative(ka, kb), cba = sepaxis::overlapsConservative(kb, ka);
      if (verdict.truth == Truth::Overlap && !(cab && cba))
        fail(ctx, "overlapsConservative is false for a pair the oracle certifies overlapping");
      if (cab && verdict.truth == Truth::Separated) {
        ++stats.conservativeButSeparated;
        if (c.category == Category::EdgeEdge) ++stats.conservativeButSeparatedEdgeEdge;
      }
    }
    if (verdict.truth == Truth::Overlap && rep.overlap && rep.hasPenetration && repBa.hasPenetration)
      checkPenetration(ctx, A, B, rep, repBa, rng);
  }
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("[ property ] %s-%s seed %llu: %d cases, %d decided (%.2f%% undecided), %d failures, %.2f s\n",
              kindName(options.a), kindName(options.b), (unsigned long long)options.seed, stats.cases, stats.decided,
              100.0 * (stats.cases - stats.decided) / std::max(1, stats.cases), stats.failures, stats.seconds);
  for (int i = 0; i < int(Category::Count); ++i) {
    const CategoryStats& cs = stats.category[i];
    if (cs.total == 0) continue;
    std::printf("[ property ]   %-17s %5d cases, %5d decided (%5d overlap, %5d separated)\n", categoryName(Category(i)),
                cs.total, cs.decided, cs.overlap, cs.separated);
  }
  std::printf("[ property ]   penetration reports checked %d (shortfall certified overlapping %d)",
              stats.penetrationChecked, stats.penetrationShortfallCertified);
  if (kdops)
    std::printf(", conservative-but-separated %d (edge-edge %d)", stats.conservativeButSeparated,
                stats.conservativeButSeparatedEdgeEdge);
  std::printf("\n");
  std::fflush(stdout);
  return stats;
}

void expectCoverage(const PairStats& stats, const PairOptions& options) {
  const double minDecided = 0.85;
  EXPECT_EQ(stats.failures, 0) << "failures (the first few are printed above)";
  EXPECT_EQ(stats.cases, options.count);
  EXPECT_GE(stats.decided, 0.95 * stats.cases) << "the oracle left too many cases undecided";
  // Every scheduled category delivered most of its cases (fallbacks relabel a case).
  for (const auto& [category, n] : scheduledCategories(options.a, options.b, options.count))
    EXPECT_GE(stats.category[int(category)].total, 0.8 * n)
        << categoryName(category) << ": only " << stats.category[int(category)].total << " of " << n
        << " scheduled cases could be built";
  for (int i = 0; i < int(Category::Count); ++i) {
    const CategoryStats& cs = stats.category[i];
    if (cs.total == 0) continue;
    EXPECT_GE(cs.decided, minDecided * cs.total)
        << categoryName(Category(i)) << ": the oracle decided " << cs.decided << " of " << cs.total;
    // Near-contact categories must show both verdicts, or the margins lean to one side.
    if (Category(i) != Category::Nested && Category(i) != Category::Random) {
      EXPECT_GE(cs.overlap, cs.total / 10) << categoryName(Category(i)) << " has too few overlapping cases";
      EXPECT_GE(cs.separated, cs.total / 10) << categoryName(Category(i)) << " has too few separated cases";
    }
  }
  // Every certified overlap had its penetration report checked (unless the library said apart,
  // which is already a failure), and the LP oracle could certify the overlap after moving B by
  // depth - 4 band in nearly all of them.
  int overlaps = 0;
  for (const CategoryStats& cs : stats.category) overlaps += cs.overlap;
  EXPECT_EQ(stats.penetrationChecked, overlaps);
  EXPECT_GE(stats.penetrationShortfallCertified, 0.9 * stats.penetrationChecked);
}

}  // namespace sepaxis_oracle
