// The independent reference of oracle.h: H- and V-representations, a four-variable simplex, and
// certified verdicts. Nothing here includes a sepaxis header.

#include "oracle/oracle.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace sepaxis_oracle {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Frame units (bodies are of order one there). A vertex candidate is kept when it violates no
/// half-space by more than this; the 3x3 solves are accurate to ~1e-15, so no true vertex is lost.
constexpr double kVertexTolerance = 1e-11;
/// Frame units: a face passes through a vertex when |n . v - h| is below this.
constexpr double kActiveTolerance = 1e-9;
/// Relative to the pair's scale: what rounding may cost a certificate (the band is 1e-6, so this is
/// a ten-thousandth of it). Coordinates are shifted exactly and of order one, so the evaluation of
/// a certificate errs by ~1e-15 of the scale.
constexpr double kRoundingAllowance = 1e-10;
/// Relative to the pair's scale: how far an LP point may violate the half-spaces and still count as
/// a common point for the cube certificate (observed violations are ~1e-16).
constexpr double kCubeFeasibility = 1e-10;
/// A point violating every half-space of one of our polytopes by at most e lies within
/// kHoffman * e of it: sqrt(3) for boxes; for k-DOPs the normals of any independent triple are
/// integer vectors (determinant >= 1, length <= sqrt(3)), which bounds the corner expansion by ~10.
/// 100 leaves a wide margin; with kCubeFeasibility it costs 1e-8 of the scale, 1% of the band.
constexpr double kHoffman = 100;

const int kDirections[13][3] = {{1, 0, 0}, {0, 1, 0},  {0, 0, 1}, {1, 1, 1},  {1, 1, -1}, {1, -1, 1}, {1, -1, -1},
                                {1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1},  {0, 1, -1}};

/// Index into kDirections of slab i of a k-DOP.
int directionIndex(int k, int slab) {
  switch (k) {
    case 6: return slab;                         // AXES
    case 8: return 3 + slab;                     // CORNERS
    case 14: return slab;                        // AXES + CORNERS
    case 18: return slab < 3 ? slab : slab + 4;  // AXES + EDGES
    case 26: return slab;                        // all
    default: return -1;
  }
}

void computeActiveAndEdges(Body& body) {
  body.activeFaces.assign(body.vertices.size(), 0);
  for (size_t v = 0; v < body.vertices.size(); ++v) {
    for (size_t f = 0; f < body.faces.size(); ++f) {
      const double d = dot(body.faces[f].n, body.vertices[v]) - body.faces[f].h;
      if (std::fabs(d) <= kActiveTolerance) body.activeFaces[v] |= uint64_t(1) << f;
    }
  }
}

void computeCentre(Body& body) {
  V3 lo{kInf, kInf, kInf}, hi{-kInf, -kInf, -kInf}, sum;
  for (V3 v : body.vertices) {
    lo = {std::min(lo.x, v.x), std::min(lo.y, v.y), std::min(lo.z, v.z)};
    hi = {std::max(hi.x, v.x), std::max(hi.y, v.y), std::max(hi.z, v.z)};
    sum = sum + v;
  }
  body.centre = (lo + hi) * 0.5;
  body.inner = sum / double(body.vertices.size());
  body.radius = 0;
  for (V3 v : body.vertices) body.radius = std::max(body.radius, norm(v - body.centre));
}

void addUniqueDirection(std::vector<V3>& dirs, V3 d) {
  d = unit(d);
  if (norm(d) == 0) return;
  for (V3 e : dirs) {
    if (norm(cross(d, e)) < 1e-12) return;
  }
  dirs.push_back(d);
}

/// Solves the 3x3 system with rows r0, r1, r2 by Cramer's rule; false when singular.
bool solve3(V3 r0, V3 r1, V3 r2, double b0, double b1, double b2, V3& x) {
  const V3 c12 = cross(r1, r2), c20 = cross(r2, r0), c01 = cross(r0, r1);
  const double det = dot(r0, c12);
  if (std::fabs(det) < 1e-12) return false;
  x = (c12 * b0 + c20 * b1 + c01 * b2) / det;
  return true;
}

}  // namespace

double norm(V3 a) { return std::sqrt(dot(a, a)); }
V3 unit(V3 a) {
  const double n = norm(a);
  return n > 0 ? a / n : V3{};
}
std::string str(V3 a) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "{%.17g, %.17g, %.17g}", a.x, a.y, a.z);
  return buf;
}

const char* kindName(Kind kind) {
  switch (kind) {
    case Kind::Sphere: return "sphere";
    case Kind::Aabb: return "aabb";
    case Kind::Obb: return "obb";
    case Kind::Kdop: return "kdop";
  }
  return "?";
}

std::string describe(const Raw& raw) {
  std::ostringstream out;
  char buf[64];
  auto num = [&](double v) {
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return std::string(buf);
  };
  switch (raw.kind) {
    case Kind::Sphere: out << "Sphere{center=" << str(raw.s.c) << ", radius=" << num(raw.s.r) << "}"; break;
    case Kind::Aabb: out << "Aabb{min=" << str(raw.a.lo) << ", max=" << str(raw.a.hi) << "}"; break;
    case Kind::Obb:
      out << "Obb{center=" << str(raw.o.c) << ", axes={" << str(raw.o.u[0]) << ", " << str(raw.o.u[1]) << ", "
          << str(raw.o.u[2]) << "}, halfExtents=" << str(raw.o.e) << "}";
      break;
    case Kind::Kdop: {
      out << "Kdop{k=" << raw.d.k << ", min={";
      for (int i = 0; i < raw.d.k / 2; ++i) out << (i ? ", " : "") << num(raw.d.lo[i]);
      out << "}, max={";
      for (int i = 0; i < raw.d.k / 2; ++i) out << (i ? ", " : "") << num(raw.d.hi[i]);
      out << "}}";
      break;
    }
  }
  return out.str();
}

bool kdopKnown(int k) { return k == 6 || k == 8 || k == 14 || k == 18 || k == 26; }

V3 kdopDirection(int k, int slab) {
  const int* d = kDirections[directionIndex(k, slab)];
  return {double(d[0]), double(d[1]), double(d[2])};
}

RawKdop kdopOfPoints(int k, const std::vector<V3>& points) {
  RawKdop out;
  out.k = k;
  for (int i = 0; i < k / 2; ++i) {
    const V3 d = kdopDirection(k, i);
    out.lo[i] = kInf;
    out.hi[i] = -kInf;
    for (V3 p : points) {
      const double v = dot(d, p);
      out.lo[i] = std::min(out.lo[i], v);
      out.hi[i] = std::max(out.hi[i], v);
    }
  }
  return out;
}

RawKdop translatedKdop(const RawKdop& kdop, V3 t) {
  RawKdop out = kdop;
  for (int i = 0; i < kdop.k / 2; ++i) {
    const double s = dot(kdopDirection(kdop.k, i), t);
    out.lo[i] += s;
    out.hi[i] += s;
  }
  return out;
}

Raw translated(const Raw& raw, V3 t) {
  Raw out = raw;
  switch (raw.kind) {
    case Kind::Sphere: out.s.c = raw.s.c + t; break;
    case Kind::Aabb:
      out.a.lo = raw.a.lo + t;
      out.a.hi = raw.a.hi + t;
      break;
    case Kind::Obb: out.o.c = raw.o.c + t; break;
    case Kind::Kdop: out.d = translatedKdop(raw.d, t); break;
  }
  return out;
}

V3 innerPoint(const Raw& raw) {
  switch (raw.kind) {
    case Kind::Sphere: return raw.s.c;
    case Kind::Aabb: return (raw.a.lo + raw.a.hi) * 0.5;
    case Kind::Obb: return raw.o.c;
    case Kind::Kdop: break;
  }
  // A rough centre and size from three independent slabs, then the mean of the exact vertices.
  const RawKdop& d = raw.d;
  const int i0 = 0, i1 = 1, i2 = 2;  // independent for every k (axes, or three corners)
  V3 guess;
  solve3(kdopDirection(d.k, i0), kdopDirection(d.k, i1), kdopDirection(d.k, i2), 0.5 * (d.lo[i0] + d.hi[i0]),
         0.5 * (d.lo[i1] + d.hi[i1]), 0.5 * (d.lo[i2] + d.hi[i2]), guess);
  double size = 0;
  for (int i = 0; i < d.k / 2; ++i) size = std::max(size, (d.hi[i] - d.lo[i]) / norm(kdopDirection(d.k, i)));
  const Frame frame = frameFor(guess, size);
  const Body body = bodyOf(raw, frame);
  return frame.toWorld(body.inner);
}

Frame frameFor(V3 centre, double size) {
  if (!(size > 0) || !std::isfinite(size)) size = 1;
  Frame f;
  f.scale = std::ldexp(1.0, std::ilogb(size));
  const double grid = f.scale * std::ldexp(1.0, -10);
  f.origin = {std::round(centre.x / grid) * grid, std::round(centre.y / grid) * grid,
              std::round(centre.z / grid) * grid};
  return f;
}

Body bodyOf(const Raw& raw, const Frame& frame) {
  Body b;
  const double s = frame.scale;
  switch (raw.kind) {
    case Kind::Sphere: {
      b.sphere = true;
      b.c = frame.toLocal(raw.s.c);
      b.r = raw.s.r / s;
      b.centre = b.inner = b.c;
      b.radius = b.r;
      return b;
    }
    case Kind::Aabb: {
      const V3 lo = frame.toLocal(raw.a.lo), hi = frame.toLocal(raw.a.hi);
      b.faces = {{{1, 0, 0}, hi.x},   {{-1, 0, 0}, -lo.x}, {{0, 1, 0}, hi.y},
                 {{0, -1, 0}, -lo.y}, {{0, 0, 1}, hi.z},   {{0, 0, -1}, -lo.z}};
      for (int i = 0; i < 8; ++i)
        b.vertices.push_back({(i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z});
      b.edgeDirections = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
      break;
    }
    case Kind::Obb: {
      const V3 c = frame.toLocal(raw.o.c);
      const double e[3] = {raw.o.e.x / s, raw.o.e.y / s, raw.o.e.z / s};
      V3 u[3];
      for (int k = 0; k < 3; ++k) {
        u[k] = unit(raw.o.u[k]);
        b.faces.push_back({u[k], dot(u[k], c) + e[k]});
        b.faces.push_back({-u[k], -dot(u[k], c) + e[k]});
        b.edgeDirections.push_back(u[k]);
      }
      for (int i = 0; i < 8; ++i)
        b.vertices.push_back(c + u[0] * ((i & 1) ? e[0] : -e[0]) + u[1] * ((i & 2) ? e[1] : -e[1]) +
                             u[2] * ((i & 4) ? e[2] : -e[2]));
      break;
    }
    case Kind::Kdop: {
      const RawKdop& d = raw.d;
      const int slabs = d.k / 2;
      V3 n[13];
      double lo[13], hi[13];
      for (int i = 0; i < slabs; ++i) {
        const V3 dir = kdopDirection(d.k, i);
        const double len = norm(dir);
        n[i] = dir / len;
        // dir . origin is exact: the origin lies on a coarse binary grid (frameFor).
        const double shift = dot(dir, frame.origin);
        hi[i] = (d.hi[i] - shift) / s / len;
        lo[i] = (d.lo[i] - shift) / s / len;
        b.faces.push_back({n[i], hi[i]});
        b.faces.push_back({-n[i], -lo[i]});
      }
      for (int i = 0; i < slabs; ++i)
        for (int j = i + 1; j < slabs; ++j) addUniqueDirection(b.edgeDirections, cross(n[i], n[j]));
      // Vertices: every independent triple of slab directions, each plane of a slab in turn.
      double bound = 1;
      for (int i = 0; i < slabs; ++i) bound = std::max({bound, std::fabs(lo[i]), std::fabs(hi[i])});
      const double tol = kVertexTolerance * bound;
      for (int i = 0; i < slabs; ++i)
        for (int j = i + 1; j < slabs; ++j)
          for (int l = j + 1; l < slabs; ++l) {
            const V3 c12 = cross(n[j], n[l]), c20 = cross(n[l], n[i]), c01 = cross(n[i], n[j]);
            const double det = dot(n[i], c12);
            if (std::fabs(det) < 1e-9) continue;  // integer directions: |det| >= 1/(sqrt3)^3 or 0
            for (int sg = 0; sg < 8; ++sg) {
              const double bi = (sg & 1) ? hi[i] : lo[i], bj = (sg & 2) ? hi[j] : lo[j], bl = (sg & 4) ? hi[l] : lo[l];
              const V3 x = (c12 * bi + c20 * bj + c01 * bl) / det;
              bool inside = true;
              for (int m = 0; m < slabs && inside; ++m) {
                const double v = dot(n[m], x);
                inside = v <= hi[m] + tol && v >= lo[m] - tol;
              }
              if (!inside) continue;
              bool duplicate = false;
              for (V3 w : b.vertices) {
                const V3 dd = w - x;
                if (std::fabs(dd.x) <= tol && std::fabs(dd.y) <= tol && std::fabs(dd.z) <= tol) {
                  duplicate = true;
                  break;
                }
              }
              if (!duplicate) b.vertices.push_back(x);
            }
          }
      break;
    }
  }
  computeActiveAndEdges(b);
  computeCentre(b);
  return b;
}

Body translated(const Body& body, V3 t) {
  Body b = body;
  b.c = b.c + t;
  for (HalfSpace& f : b.faces) f.h += dot(f.n, t);
  for (V3& v : b.vertices) v = v + t;
  b.centre = b.centre + t;
  b.inner = b.inner + t;
  return b;
}

double support(const Body& body, V3 u) {
  if (body.sphere) return dot(body.c, u) + body.r * norm(u);
  double best = -kInf;
  for (V3 v : body.vertices) best = std::max(best, dot(u, v));
  return best;
}

double violation(const Body& body, V3 x) {
  if (body.sphere) return norm(x - body.c) - body.r;
  double worst = -kInf;
  for (const HalfSpace& f : body.faces) worst = std::max(worst, dot(f.n, x) - f.h);
  return worst;
}

// ---- The simplex method on the dual of a four-variable LP.

Lp4 solveLp4(const std::vector<Row4>& rows, const double (&c)[4]) {
  Lp4 out;
  const int m = int(rows.size());
  const int ncol = m + 4;      // y_0..y_{m-1}, then the four artificials
  const int width = ncol + 1;  // last column: right-hand side
  std::vector<double> t(5 * width, 0.0);
  auto at = [&](int r, int j) -> double& { return t[size_t(r) * width + j]; };

  double sign[4];
  double bmax = 1;
  for (const Row4& row : rows) bmax = std::max(bmax, std::fabs(row.b));
  for (int r = 0; r < 4; ++r) {
    sign[r] = c[r] < 0 ? -1 : 1;  // keeps every right-hand side >= 0
    for (int j = 0; j < m; ++j) at(r, j) = sign[r] * rows[j].a[r];
    at(r, m + r) = 1;
    at(r, ncol) = sign[r] * c[r];
  }
  int basis[4] = {m, m + 1, m + 2, m + 3};
  const double pivotTol = 1e-10;
  const double costTol = 1e-12 * bmax;

  auto setObjective = [&](const std::vector<double>& cost) {
    for (int j = 0; j <= ncol; ++j) at(4, j) = j < ncol ? cost[j] : 0;
    for (int r = 0; r < 4; ++r) {
      const double cb = cost[basis[r]];
      if (cb == 0) continue;
      for (int j = 0; j <= ncol; ++j) at(4, j) -= cb * at(r, j);
    }
  };
  auto pivot = [&](int pr, int pc) {
    const double p = at(pr, pc);
    for (int j = 0; j <= ncol; ++j) at(pr, j) /= p;
    at(pr, pc) = 1;
    for (int r = 0; r < 5; ++r) {
      if (r == pr) continue;
      const double f = at(r, pc);
      if (f == 0) continue;
      for (int j = 0; j <= ncol; ++j) at(r, j) -= f * at(pr, j);
      at(r, pc) = 0;
      if (r < 4 && at(r, ncol) < 0) at(r, ncol) = 0;  // rounding below a zero right-hand side
    }
    basis[pr] = pc;
  };
  // Bland's rule: the entering column is the lowest index with a negative reduced cost, the leaving
  // row the minimum ratio with ties broken by the lowest basic index. Returns 0 optimal, 1 unbounded,
  // 2 iteration limit.
  auto run = [&]() -> int {
    for (int it = 0; it < 1000; ++it) {
      int e = -1;
      for (int j = 0; j < m; ++j) {
        if (at(4, j) < -costTol) {
          e = j;
          break;
        }
      }
      if (e < 0) return 0;
      int pr = -1;
      double best = 0;
      for (int r = 0; r < 4; ++r) {
        if (at(r, e) <= pivotTol) continue;
        const double ratio = at(r, ncol) / at(r, e);
        if (pr < 0 || ratio < best - 1e-13 * (1 + std::fabs(best)) ||
            (ratio <= best + 1e-13 * (1 + std::fabs(best)) && basis[r] < basis[pr])) {
          pr = r;
          best = ratio;
        }
      }
      if (pr < 0) return 1;
      pivot(pr, e);
      ++out.iterations;
    }
    return 2;
  };

  // Phase 1: minimize the sum of the artificials.
  std::vector<double> cost(ncol, 0.0);
  for (int r = 0; r < 4; ++r) cost[m + r] = 1;
  setObjective(cost);
  if (run() != 0) return out;
  if (-at(4, ncol) > 1e-9) return out;  // no y: the primal is unbounded
  // Drive degenerate artificials out of the basis.
  for (int r = 0; r < 4; ++r) {
    if (basis[r] < m) continue;
    int best = -1;
    for (int j = 0; j < m; ++j)
      if (best < 0 || std::fabs(at(r, j)) > std::fabs(at(r, best))) best = j;
    if (best >= 0 && std::fabs(at(r, best)) > 1e-9) {
      at(r, ncol) = 0;
      pivot(r, best);
    }
  }
  // Phase 2: minimize b . y.
  for (int j = 0; j < m; ++j) cost[j] = rows[j].b;
  for (int r = 0; r < 4; ++r) cost[m + r] = 0;
  setObjective(cost);
  if (run() != 0) return out;

  out.y.assign(m, 0.0);
  for (int r = 0; r < 4; ++r)
    if (basis[r] < m) out.y[basis[r]] = std::max(0.0, at(r, ncol));
  out.value = 0;
  for (int j = 0; j < m; ++j) out.value += rows[j].b * out.y[j];
  // Simplex multipliers: the reduced cost of artificial r is -pi'_r (its column is e_r, cost 0).
  for (int r = 0; r < 4; ++r) out.z[r] = -at(4, m + r) * sign[r];
  out.ok = true;
  return out;
}

Lp4 ballLp(const Body& a, const Body& b) {
  std::vector<Row4> rows;
  rows.reserve(a.faces.size() + b.faces.size());
  for (const Body* body : {&a, &b})
    for (const HalfSpace& f : body->faces) rows.push_back({{f.n.x, f.n.y, f.n.z, 1}, f.h});
  const double c[4] = {0, 0, 0, 1};
  return solveLp4(rows, c);
}

Contact contactAlong(const Body& a, const Body& b, V3 w) {
  // maximize s: x in A, x - s w in B.
  std::vector<Row4> rows;
  for (const HalfSpace& f : a.faces) rows.push_back({{f.n.x, f.n.y, f.n.z, 0}, f.h});
  for (const HalfSpace& f : b.faces) rows.push_back({{f.n.x, f.n.y, f.n.z, -dot(f.n, w)}, f.h});
  const double c[4] = {0, 0, 0, 1};
  const Lp4 lp = solveLp4(rows, c);
  Contact out;
  out.ok = lp.ok;
  out.s = lp.z[3];
  return out;
}

// ---- Verdicts.

const char* truthName(Truth t) {
  switch (t) {
    case Truth::Overlap: return "overlap";
    case Truth::Separated: return "separated";
    case Truth::Undecided: return "undecided";
  }
  return "?";
}

Closest closestPoint(const Body& p, V3 x) {
  Closest out;
  out.distance = kInf;
  const double v0 = violation(p, x);
  if (v0 <= 0) {
    out.distance = 0;
    out.point = x;
    return out;
  }
  const double tol = 1e-12 * (1 + p.radius + norm(x - p.centre));
  auto consider = [&](V3 q) {
    const double viol = violation(p, q);
    if (viol > tol) return;
    const double d = norm(q - x);
    if (d < out.distance) {
      out.distance = d;
      out.point = q;
      out.violation = std::max(0.0, viol);
    }
  };
  const size_t nf = p.faces.size();
  for (size_t i = 0; i < nf; ++i) {
    const HalfSpace& f = p.faces[i];
    consider(x - f.n * (dot(f.n, x) - f.h));
  }
  for (size_t i = 0; i < nf; ++i)
    for (size_t j = i + 1; j < nf; ++j) {
      const HalfSpace& f = p.faces[i];
      const HalfSpace& g = p.faces[j];
      const double cij = dot(f.n, g.n);
      const double det = 1 - cij * cij;
      if (det < 1e-12) continue;  // parallel planes meet in no line
      const double ri = dot(f.n, x) - f.h, rj = dot(g.n, x) - g.h;
      const double li = (ri - cij * rj) / det, lj = (rj - cij * ri) / det;
      consider(x - f.n * li - g.n * lj);
    }
  for (V3 v : p.vertices) consider(v);
  return out;
}

double differenceSupport(const Body& a, const Body& b, V3 u) { return support(a, u) + support(b, -u); }

/// min over the candidate facet normals u of A - B (both signs) of h_A(u) + h_B(-u), and the
/// direction attaining it: the penetration depth when they overlap, minus the largest gap along
/// a candidate when they are apart.
double minimumDifferenceSupport(const Body& a, const Body& b, V3& direction) {
  std::vector<V3> dirs;
  for (const Body* body : {&a, &b})
    for (const HalfSpace& f : body->faces) dirs.push_back(f.n);
  for (V3 ea : a.edgeDirections)
    for (V3 eb : b.edgeDirections) {
      const V3 c = cross(ea, eb);
      if (norm(c) > 1e-12) dirs.push_back(unit(c));
    }
  double best = kInf;
  for (V3 u : dirs) {
    for (V3 v : {u, -u}) {
      const double d = differenceSupport(a, b, v);
      if (d < best) {
        best = d;
        direction = v;
      }
    }
  }
  return best;
}

Verdict classify(const Body& a, const Body& b) {
  Verdict out;
  out.scale = a.radius + b.radius + norm(a.centre - b.centre);
  out.band = kContractBand * out.scale;
  const double round = kRoundingAllowance * out.scale;
  const double need = out.band + round;

  if (a.sphere && b.sphere) {
    const double m = a.r + b.r - norm(a.c - b.c);
    out.how = "centre distance";
    if (m > need) {
      out.truth = Truth::Overlap;
      out.margin = m;
    } else if (-m > need) {
      out.truth = Truth::Separated;
      out.margin = -m;
    }
    return out;
  }
  if (a.sphere || b.sphere) {
    const Body& s = a.sphere ? a : b;
    const Body& p = a.sphere ? b : a;
    const double slack = -violation(p, s.c);
    if (slack >= 0) {
      // ball(c, slack) is inside P: any translation shorter than r + slack keeps a common point.
      out.how = "centre inside";
      if (s.r + slack > need) {
        out.truth = Truth::Overlap;
        out.margin = s.r + slack;
      }
      return out;
    }
    const Closest cl = closestPoint(p, s.c);
    out.how = "closest point";
    const double depth = s.r - cl.distance - kHoffman * cl.violation;
    if (depth > need) {
      out.truth = Truth::Overlap;
      out.margin = depth;
      return out;
    }
    // Separation: the plane through the closest point, checked against every vertex.
    const V3 u = unit(s.c - cl.point);
    const double gap = dot(u, s.c) - support(p, u) - s.r;
    if (gap > need) {
      out.truth = Truth::Separated;
      out.margin = gap;
    }
    return out;
  }

  const Lp4 lp = ballLp(a, b);
  double inscribed = -kInf;
  if (lp.ok) {
    const V3 x{lp.z[0], lp.z[1], lp.z[2]};
    inscribed = -std::max(violation(a, x), violation(b, x));
    if (2 * inscribed > need) {
      out.truth = Truth::Overlap;
      out.margin = 2 * inscribed;
      out.how = "inscribed ball";
      return out;
    }
    V3 la, lb;
    const size_t na = a.faces.size();
    for (size_t i = 0; i < lp.y.size(); ++i) {
      if (i < na)
        la = la + a.faces[i].n * lp.y[i];
      else
        lb = lb + b.faces[i - na].n * lp.y[i];
    }
    for (V3 u : {unit(la), unit(-lb)}) {
      if (norm(u) == 0) continue;
      const double gap = -support(b, -u) - support(a, u);
      if (gap > need && gap > out.margin) {
        out.truth = Truth::Separated;
        out.margin = gap;
        out.how = "dual direction";
      }
    }
    if (out.truth == Truth::Separated) return out;
    if (inscribed < 0) {
      // The loosened polytopes may first touch at a corner although the closest features are two
      // edges: then the dual direction certifies only part of the distance. Any direction with a
      // positive gap is a certificate; try the facet normals of A - B (faces of both, cross
      // products of edge directions), projected over our own vertices.
      V3 best;
      const double gap = -minimumDifferenceSupport(a, b, best);
      if (gap > need) {
        out.truth = Truth::Separated;
        out.margin = gap;
        out.how = "candidate direction";
        return out;
      }
    }
  }
  // Thin or flat intersections: the cube certificate.
  if (lp.ok && inscribed > -out.band) {
    const double m = 1.05 * out.band + 2 * round;
    const double feasible = kCubeFeasibility * out.scale;
    double worst = 0;
    bool all = true;
    for (int i = 0; i < 8 && all; ++i) {
      const V3 v{(i & 1) ? m : -m, (i & 2) ? m : -m, (i & 4) ? m : -m};
      const Body moved = translated(b, v);
      const Lp4 q = ballLp(a, moved);
      if (!q.ok) {
        all = false;
        break;
      }
      const V3 x{q.z[0], q.z[1], q.z[2]};
      const double viol = std::max({0.0, violation(a, x), violation(moved, x)});
      worst = std::max(worst, viol);
      all = viol <= feasible;
    }
    const double certified = m - 2 * kHoffman * worst;
    if (all && certified > need) {
      out.truth = Truth::Overlap;
      out.margin = certified;
      out.how = "cube";
    }
  }
  return out;
}

Depth penetrationDepth(const Body& a, const Body& b) {
  Depth out;
  if (a.sphere && b.sphere) {
    const V3 d = b.c - a.c;
    out.normal = norm(d) > 0 ? unit(d) : V3{1, 0, 0};
    out.depth = a.r + b.r - norm(d);
    return out;
  }
  if (a.sphere || b.sphere) {
    const Body& s = a.sphere ? a : b;
    const Body& p = a.sphere ? b : a;
    // Direction in which the sphere leaves the polytope.
    V3 away;
    double depth;
    const double slack = -violation(p, s.c);
    if (slack >= 0) {
      // Inside: through the nearest face plane (min over all faces = min over facets).
      const HalfSpace* nearest = nullptr;
      for (const HalfSpace& f : p.faces)
        if (!nearest || f.h - dot(f.n, s.c) < nearest->h - dot(nearest->n, s.c)) nearest = &f;
      away = nearest->n;
      depth = s.r + slack;
    } else {
      const Closest cl = closestPoint(p, s.c);
      away = unit(s.c - cl.point);
      depth = s.r - cl.distance;
    }
    out.depth = depth;
    out.normal = a.sphere ? -away : away;  // B moves: the polytope moves opposite to the sphere
    return out;
  }
  out.depth = minimumDifferenceSupport(a, b, out.normal);
  return out;
}

}  // namespace sepaxis_oracle
