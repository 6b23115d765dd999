// Case generators of generators.h. Contacts are found with the oracle's own linear program (the
// largest s with A and B + s w sharing a point) or built exactly from normal cones, then moved by a
// margin a few times to a hundred times the contract band.

#include "oracle/generators.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sepaxis_oracle {

const char* categoryName(Category c) {
  switch (c) {
    case Category::Random: return "random";
    case Category::TouchFace: return "touch-face";
    case Category::TouchEdge: return "touch-edge";
    case Category::TouchCorner: return "touch-corner";
    case Category::EdgeEdge: return "edge-edge";
    case Category::NearParallel: return "near-parallel";
    case Category::NearParallelEdges: return "near-parallel-edges";
    case Category::ExactlyParallel: return "exactly-parallel";
    case Category::Nested: return "nested";
    case Category::Tiny: return "tiny";
    case Category::Huge: return "huge";
    case Category::Far: return "far";
    case Category::Degenerate: return "degenerate";
    case Category::Count: break;
  }
  return "?";
}

V3 Rng::direction() {
  for (;;) {
    const V3 v{normal(), normal(), normal()};
    if (norm(v) > 1e-6) return unit(v);
  }
}

void Rng::rotation(V3 (&u)[3]) {
  double q[4], n = 0;
  for (double& x : q) {
    x = normal();
    n += x * x;
  }
  n = std::sqrt(n);
  const double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
  u[0] = {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)};
  u[1] = {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)};
  u[2] = {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
}

V3 rotated(V3 v, V3 axis, double angle) {
  // Rodrigues: v cos + (k x v) sin + k (k . v)(1 - cos).
  const V3 k = unit(axis);
  const double c = std::cos(angle), s = std::sin(angle);
  return v * c + cross(k, v) * s + k * (dot(k, v) * (1 - c));
}

void rotateAxes(V3 (&u)[3], V3 axis, double angle) {
  for (V3& v : u) v = rotated(v, axis, angle);
}

bool insideCone(V3 v, V3 n1, V3 n2, double minWeight) {
  const double c = dot(n1, n2);
  const double det = 1 - c * c;
  if (det < 1e-9) return false;
  const double p1 = dot(v, n1), p2 = dot(v, n2);
  const double alpha = (p1 - c * p2) / det, beta = (p2 - c * p1) / det;
  const double len = norm(v);
  if (norm(v - n1 * alpha - n2 * beta) > 1e-9 * len) return false;
  return alpha > minWeight * len && beta > minWeight * len;
}

std::vector<Edge> edgesOf(const Body& body) {
  std::vector<Edge> out;
  const size_t nv = body.vertices.size();
  for (size_t i = 0; i < nv; ++i)
    for (size_t j = i + 1; j < nv; ++j) {
      const uint64_t shared = body.activeFaces[i] & body.activeFaces[j];
      if (!shared) continue;
      const V3 p = body.vertices[i], q = body.vertices[j];
      const V3 dir = q - p;
      if (norm(dir) < 1e-7 * (1 + body.radius)) continue;
      // Two faces through the segment with independent normals (both contain dir).
      int f1 = -1, f2 = -1;
      for (size_t f = 0; f < body.faces.size() && f2 < 0; ++f) {
        if (!((shared >> f) & 1)) continue;
        if (f1 < 0) {
          f1 = int(f);
        } else if (norm(cross(body.faces[f1].n, body.faces[f].n)) > 1e-6) {
          f2 = int(f);
        }
      }
      if (f2 < 0) continue;
      out.push_back({p, q, body.faces[f1].n, body.faces[f2].n});
    }
  return out;
}

double roughSize(const Raw& r) {
  switch (r.kind) {
    case Kind::Sphere: return r.s.r;
    case Kind::Aabb: return norm(r.a.hi - r.a.lo) * 0.5;
    case Kind::Obb: return norm(r.o.e);
    case Kind::Kdop: {
      double size = 0;
      for (int i = 0; i < r.d.k / 2; ++i)
        size = std::max(size, (r.d.hi[i] - r.d.lo[i]) / norm(kdopDirection(r.d.k, i)));
      return size;
    }
  }
  return 1;
}

namespace {

constexpr double kSqrtHalf = 0.70710678118654752440;

bool isPolytope(Kind k) { return k != Kind::Sphere; }

struct ShapeOptions {
  const V3 (*axes)[3] = nullptr;  ///< OBB orientation (random when null)
  int flat = 0;                   ///< 1: one zero extent / zero radius / zero-width slab; 2: two
  bool jitter = false;            ///< k-DOP: move every slab plane by up to 1e-11 of the size
};

class Generator {
 public:
  explicit Generator(uint64_t seed) : rng_(seed) {}

  Case make(Kind ka, Kind kb, Category cat, int serial);

 private:
  Raw shape(Kind kind, V3 centre, double size, const ShapeOptions& opt = {});
  double nearMargin();
  void placeRandom(const Raw& a, Raw& b, double reach = 1.2);
  void placeAt(Raw& b, V3 point) { b = translated(b, point - innerPoint(b)); }
  bool placeContact(Raw& a, Raw& b, int flavour, double sigma, std::string& detail);
  bool placeEdgeEdge(Raw& a, Raw& b, double gap, std::string& detail);
  bool edgeEdgeRotating(const Raw& fixed, Raw& box, double gap, std::string& detail);
  bool edgeEdgeFixed(const Raw& a, Raw& b, double gap, std::string& detail);
  bool edgeEdgeNearParallel(const Raw& fixed, Raw& box, double gap, double angle, std::string& detail);
  void nearParallelAxes(const V3 (&base)[3], V3 (&out)[3], double tilt, bool exact);
  void placeNear(Raw& a, Raw& b, Category cat, std::string& detail, bool allowEdgeEdge);
  V3 interiorPoint(const Raw& r);

  Rng rng_;
};

Raw Generator::shape(Kind kind, V3 centre, double size, const ShapeOptions& opt) {
  Raw r;
  r.kind = kind;
  V3 e{size * rng_.uniform(0.3, 1.2), size * rng_.uniform(0.3, 1.2), size * rng_.uniform(0.3, 1.2)};
  if (opt.flat > 0 && kind != Kind::Kdop) {
    const int i = rng_.index(3);
    e = {i == 0 ? 0 : e.x, i == 1 ? 0 : e.y, i == 2 ? 0 : e.z};
    if (opt.flat > 1) {
      const int j = (i + 1 + rng_.index(2)) % 3;
      e = {j == 0 ? 0 : e.x, j == 1 ? 0 : e.y, j == 2 ? 0 : e.z};
    }
  }
  switch (kind) {
    case Kind::Sphere: r.s = {centre, opt.flat > 0 ? 0.0 : size * rng_.uniform(0.4, 1.2)}; break;
    case Kind::Aabb: r.a = {centre - e, centre + e}; break;
    case Kind::Obb:
      r.o.c = centre;
      if (opt.axes) {
        for (int i = 0; i < 3; ++i) r.o.u[i] = (*opt.axes)[i];
      } else {
        rng_.rotation(r.o.u);
      }
      r.o.e = e;
      break;
    case Kind::Kdop: {
      static const int kKs[5] = {6, 8, 14, 18, 26};
      const int k = kKs[rng_.index(5)];
      V3 u[3];
      rng_.rotation(u);
      const V3 aspect{rng_.uniform(0.3, 1.2), rng_.uniform(0.3, 1.2), rng_.uniform(0.3, 1.2)};
      const int n = 4 + rng_.index(13);
      std::vector<V3> cloud;
      V3 mean;
      for (int i = 0; i < n; ++i) {
        const V3 l{rng_.uniform(-1, 1) * aspect.x, rng_.uniform(-1, 1) * aspect.y, rng_.uniform(-1, 1) * aspect.z};
        cloud.push_back(centre + (u[0] * l.x + u[1] * l.y + u[2] * l.z) * size);
        mean = mean + cloud.back();
      }
      mean = mean / double(n);
      r.d = kdopOfPoints(k, cloud);
      if (opt.jitter) {
        // Slab planes that met in one cloud point now miss it by ~1e-11 of the size: microscopic
        // facets and edges, vertices 1e-12 apart (what rounding does to clouds far from the origin).
        for (int i = 0; i < k / 2; ++i) {
          r.d.lo[i] -= size * rng_.uniform(0, 1e-11);
          r.d.hi[i] += size * rng_.uniform(0, 1e-11);
        }
      }
      // Zero-width slabs through the cloud's mean (strictly inside the other slabs).
      int first = -1;
      for (int f = 0; f < opt.flat; ++f) {
        int i = rng_.index(k / 2);
        if (i == first) i = (i + 1) % (k / 2);
        first = i;
        const double v = dot(kdopDirection(k, i), mean);
        r.d.lo[i] = r.d.hi[i] = v;
      }
      break;
    }
  }
  return r;
}

double Generator::nearMargin() {
  // Mostly ten times the band, some within a factor 3 to 5 of it, some far outside.
  static const double kMagnitudes[8] = {3e-6, 5e-6, 1e-5, 1e-5, 1e-5, 2e-5, 1e-4, 1e-3};
  const double m = kMagnitudes[rng_.index(8)];
  return rng_.index(2) ? m : -m;
}

void Generator::placeRandom(const Raw& a, Raw& b, double reach) {
  const double dist = rng_.uniform(0, reach) * (roughSize(a) + roughSize(b));
  placeAt(b, innerPoint(a) + rng_.direction() * dist);
}

V3 Generator::interiorPoint(const Raw& r) {
  const V3 inner = innerPoint(r);
  if (r.kind == Kind::Sphere) {
    V3 d;
    do d = V3{rng_.uniform(-1, 1), rng_.uniform(-1, 1), rng_.uniform(-1, 1)};
    while (norm(d) > 1);
    return inner + d * (0.5 * r.s.r);
  }
  const Frame f = frameFor(inner, roughSize(r));
  const Body b = bodyOf(r, f);
  V3 sum;
  double total = 0;
  for (V3 v : b.vertices) {
    const double w = -std::log(rng_.uniform(1e-12, 1));
    sum = sum + v * w;
    total += w;
  }
  const V3 p = sum / total;
  return f.toWorld(b.inner + (p - b.inner) * 0.5);
}

bool Generator::placeContact(Raw& a, Raw& b, int flavour, double sigma, std::string& detail) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "margin %+.1e", sigma);
  detail = buf;
  if (a.kind == Kind::Sphere && b.kind == Kind::Sphere) {
    const V3 u = rng_.direction();
    const double scale = a.s.r + b.s.r > 0 ? 2 * (a.s.r + b.s.r) : 1;  // two points: unit scale
    b.s.c = a.s.c + u * (a.s.r + b.s.r + sigma * scale);
    return true;
  }
  if (a.kind == Kind::Sphere || b.kind == Kind::Sphere) {
    Raw& s = a.kind == Kind::Sphere ? a : b;
    const Raw& p = a.kind == Kind::Sphere ? b : a;
    const Frame f = frameFor(innerPoint(p), roughSize(p) + s.s.r);
    const Body body = bodyOf(p, f);
    V3 point, u;
    if (flavour == 0) {
      for (int tries = 0; tries < 50; ++tries) {
        const int i = rng_.index(int(body.faces.size()));
        V3 sum;
        int n = 0;
        for (size_t v = 0; v < body.vertices.size(); ++v)
          if ((body.activeFaces[v] >> i) & 1) {
            sum = sum + body.vertices[v];
            ++n;
          }
        if (n == 0) continue;
        point = sum / double(n);
        u = body.faces[i].n;
        break;
      }
    } else if (flavour == 1) {
      const std::vector<Edge> edges = edgesOf(body);
      if (edges.empty()) return false;
      const Edge& e = edges[rng_.index(int(edges.size()))];
      point = e.p + (e.q - e.p) * rng_.uniform(0.1, 0.9);
      u = unit(e.n1 * rng_.uniform(0.1, 1) + e.n2 * rng_.uniform(0.1, 1));
    } else {
      const int v = rng_.index(int(body.vertices.size()));
      point = body.vertices[v];
      V3 sum;
      for (size_t i = 0; i < body.faces.size(); ++i)
        if ((body.activeFaces[v] >> i) & 1) sum = sum + body.faces[i].n * rng_.uniform(0.1, 1);
      u = unit(sum);
    }
    if (norm(u) == 0) return false;
    // The normal cone at `point` contains u, so `point` is the closest point of P to any centre
    // point + d u (d >= 0): the distance is exactly d.
    const double r = s.s.r / f.scale;
    const double scale = body.radius + r + norm(point + u * r - body.centre);
    s.s.c = f.toWorld(point + u * (r + sigma * scale));
    return true;
  }
  // Two polytopes: push B along w from A's interior until it touches A, then add the margin.
  const V3 ia = innerPoint(a);
  b = translated(b, ia - innerPoint(b));
  const Frame f = frameFor(ia, roughSize(a) + roughSize(b));
  const Body A = bodyOf(a, f), B = bodyOf(b, f);
  V3 w;
  if (flavour == 0) {
    w = A.faces[rng_.index(int(A.faces.size()))].n;
  } else if (flavour == 1) {
    const std::vector<Edge> edges = edgesOf(A);
    if (edges.empty()) return false;
    const Edge& e = edges[rng_.index(int(edges.size()))];
    w = unit(e.n1 + e.n2);
  } else if (flavour == 2) {
    const int v = rng_.index(int(A.vertices.size()));
    for (size_t i = 0; i < A.faces.size(); ++i)
      if ((A.activeFaces[v] >> i) & 1) w = w + A.faces[i].n;
    w = unit(w);
  } else {
    w = rng_.direction();
  }
  w = unit(w + rng_.direction() * 0.05);
  const Contact c = contactAlong(A, B, w);
  if (!c.ok) return false;
  const double scale = A.radius + B.radius + norm(A.centre - (B.centre + w * c.s));
  b = translated(b, w * ((c.s + sigma * scale) * f.scale));
  return true;
}

bool Generator::edgeEdgeRotating(const Raw& fixed, Raw& box, double gap, std::string& detail) {
  // An edge of `fixed` with outward bisector w; the box gets an edge with bisector -w, spun about
  // w at random, and is placed so that the two edges cross `gap` apart along w.
  const Frame f = frameFor(innerPoint(fixed), roughSize(fixed));
  const Body A = bodyOf(fixed, f);
  const std::vector<Edge> edges = edgesOf(A);
  if (edges.empty()) return false;
  const Edge& e = edges[rng_.index(int(edges.size()))];
  const V3 w = unit(e.n1 + e.n2);
  const V3 ea = unit(e.q - e.p);
  V3 eb;
  for (;;) {
    const V3 d = rng_.direction();
    eb = unit(d - w * dot(d, w));
    if (norm(eb) > 0 && std::fabs(dot(eb, ea)) < 0.95) break;
  }
  const V3 fv = cross(w, eb);
  V3 u[3] = {eb, (w + fv) * kSqrtHalf, (w - fv) * kSqrtHalf};  // right-handed: u0 x u1 = u2
  double ext[3] = {box.o.e.x / f.scale, box.o.e.y / f.scale, box.o.e.z / f.scale};
  const V3 pa = e.p + (e.q - e.p) * rng_.uniform(0.2, 0.8);
  const double mu = rng_.uniform(-0.7, 0.7) * ext[0];
  const double rb = norm(box.o.e) / f.scale;
  const double scale = A.radius + rb + norm(pa + w * rb - A.centre);
  const V3 c = pa + w * (gap * scale) + u[1] * ext[1] + u[2] * ext[2] - u[0] * mu;
  // Relabel the axes cyclically so that the crossing edge is along any of u0, u1, u2.
  const int shift = rng_.index(3);
  box.o.c = f.toWorld(c);
  const double world[3] = {box.o.e.x, box.o.e.y, box.o.e.z};
  double we[3];
  for (int j = 0; j < 3; ++j) {
    box.o.u[j] = u[(j + shift) % 3];
    we[j] = world[(j + shift) % 3];
  }
  box.o.e = {we[0], we[1], we[2]};
  char buf[96];
  std::snprintf(buf, sizeof buf, "gap %+.1e, box edge axis %d", gap, (3 - shift) % 3);
  detail = buf;
  return true;
}

bool Generator::edgeEdgeNearParallel(const Raw& fixed, Raw& box, double gap, double angle, std::string& detail) {
  // L strictly inside the normal cone of an edge of `fixed` (direction ui); the box's edge
  // direction uj is ui turned by `angle` about L, so ui x uj = sin(angle) L; the box's two faces
  // at that edge have normals m1, m2 perpendicular to uj with -L strictly between them. The edges
  // cross (seen along L) at interior points, `gap` apart along L: the distance is exactly gap.
  const Frame f = frameFor(innerPoint(fixed), roughSize(fixed));
  const Body A = bodyOf(fixed, f);
  const std::vector<Edge> edges = edgesOf(A);
  if (edges.empty()) return false;
  const Edge& e = edges[rng_.index(int(edges.size()))];
  const V3 ui = unit(e.q - e.p);
  const double lambda = rng_.uniform(0.15, 0.85);
  const V3 l = unit(e.n1 * lambda + e.n2 * (1 - lambda));
  const V3 uj = ui * std::cos(angle) + cross(l, ui) * std::sin(angle);
  const double alpha = rng_.uniform(0.25, 1.3);  // radians, inside (0, pi/2)
  V3 u[3] = {uj, rotated(-l, uj, alpha), rotated(-l, uj, alpha - 1.5707963267948966)};
  if (dot(cross(u[0], u[1]), u[2]) < 0) std::swap(u[1], u[2]);
  const double ext[3] = {box.o.e.x / f.scale, box.o.e.y / f.scale, box.o.e.z / f.scale};
  const V3 pa = e.p + (e.q - e.p) * rng_.uniform(0.3, 0.7);
  const double mu = rng_.uniform(-0.5, 0.5) * ext[0];
  const double rb = norm(box.o.e) / f.scale;
  const double scale = A.radius + rb + norm(pa - l * rb - A.centre);
  // The box's edge is its corner edge in the +u1, +u2 directions (outward normals u1, u2).
  const V3 c = pa + l * (gap * scale) - u[1] * ext[1] - u[2] * ext[2] - u[0] * mu;
  const int shift = rng_.index(3);
  box.o.c = f.toWorld(c);
  const double world[3] = {box.o.e.x, box.o.e.y, box.o.e.z};
  double we[3];
  for (int j = 0; j < 3; ++j) {
    box.o.u[j] = u[(j + shift) % 3];
    we[j] = world[(j + shift) % 3];
  }
  box.o.e = {we[0], we[1], we[2]};
  char buf[96];
  std::snprintf(buf, sizeof buf, "edge angle %.0e, gap %+.1e", angle, gap);
  detail = buf;
  return true;
}

bool Generator::edgeEdgeFixed(const Raw& a, Raw& b, double gap, std::string& detail) {
  const V3 ia = innerPoint(a);
  b = translated(b, ia - innerPoint(b));
  const Frame f = frameFor(ia, roughSize(a) + roughSize(b));
  const Body A = bodyOf(a, f), B = bodyOf(b, f);
  const std::vector<Edge> ea = edgesOf(A), eb = edgesOf(B);
  if (ea.empty() || eb.empty()) return false;
  for (int tries = 0; tries < 400; ++tries) {
    const Edge& x = ea[rng_.index(int(ea.size()))];
    const Edge& y = eb[rng_.index(int(eb.size()))];
    V3 l = cross(unit(x.q - x.p), unit(y.q - y.p));
    if (norm(l) < 0.2) continue;
    l = unit(l);
    if (!(insideCone(l, x.n1, x.n2, 0.05) && insideCone(-l, y.n1, y.n2, 0.05))) {
      l = -l;
      if (!(insideCone(l, x.n1, x.n2, 0.05) && insideCone(-l, y.n1, y.n2, 0.05))) continue;
    }
    const V3 pa = x.p + (x.q - x.p) * rng_.uniform(0.2, 0.8);
    const V3 pb = y.p + (y.q - y.p) * rng_.uniform(0.2, 0.8);
    const double scale = A.radius + B.radius + norm(A.centre - B.centre + (pa - pb));
    b = translated(b, (pa - pb + l * (gap * scale)) * f.scale);
    char buf[128];
    std::snprintf(buf, sizeof buf, "gap %+.1e, common normal %s", gap, str(l).c_str());
    detail = buf;
    return true;
  }
  return false;
}

bool Generator::placeEdgeEdge(Raw& a, Raw& b, double gap, std::string& detail) {
  if (!isPolytope(a.kind) || !isPolytope(b.kind)) return false;
  if (b.kind == Kind::Obb) return edgeEdgeRotating(a, b, gap, detail);
  if (a.kind == Kind::Obb) return edgeEdgeRotating(b, a, gap, detail);
  return edgeEdgeFixed(a, b, gap, detail);
}

void Generator::nearParallelAxes(const V3 (&base)[3], V3 (&out)[3], double tilt, bool exact) {
  for (int i = 0; i < 3; ++i) out[i] = base[i];
  if (exact && rng_.index(2)) {
    // A signed permutation with determinant +1.
    static const int kPerm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}};
    const int p = rng_.index(6);
    double sign[3] = {rng_.index(2) ? 1.0 : -1.0, rng_.index(2) ? 1.0 : -1.0, 1.0};
    const bool odd = p >= 3;
    sign[2] = (sign[0] * sign[1] > 0) != odd ? 1.0 : -1.0;
    for (int i = 0; i < 3; ++i) out[i] = base[kPerm[p][i]] * sign[i];
    return;
  }
  const int k = rng_.index(3);
  rotateAxes(out, base[k], rng_.uniform(0, 6.283185307179586));
  if (tilt > 0) {
    const V3 d = rng_.direction();
    const V3 axis = unit(d - base[k] * dot(d, base[k]));
    rotateAxes(out, axis, tilt);
  }
}

void Generator::placeNear(Raw& a, Raw& b, Category cat, std::string& detail, bool allowEdgeEdge) {
  // Shared by the scale categories: mostly contact +- margin, some edge-edge, some random.
  const int pick = rng_.index(10);
  if (pick < 2 && allowEdgeEdge && placeEdgeEdge(a, b, nearMargin(), detail)) return;
  if (pick < 8 && placeContact(a, b, rng_.index(4), nearMargin(), detail)) return;
  placeRandom(a, b);
  detail = std::string(categoryName(cat)) + ", random placement";
}

Case Generator::make(Kind ka, Kind kb, Category cat, int serial) {
  Case out;
  out.category = cat;
  const bool polytopes = isPolytope(ka) && isPolytope(kb);
  const V3 here{rng_.uniform(-2, 2), rng_.uniform(-2, 2), rng_.uniform(-2, 2)};
  Raw& a = out.a;
  Raw& b = out.b;
  auto pair = [&](V3 centre, double size, const ShapeOptions& oa, const ShapeOptions& ob) {
    a = shape(ka, centre, size, oa);
    b = shape(kb, centre, size * std::exp(rng_.uniform(-1, 1)), ob);
  };
  switch (cat) {
    case Category::Random: {
      pair(here, 1, {}, {});
      placeRandom(a, b);
      break;
    }
    case Category::TouchFace:
    case Category::TouchEdge:
    case Category::TouchCorner: {
      pair(here, 1, {}, {});
      const int flavour = cat == Category::TouchFace ? 0 : cat == Category::TouchEdge ? 1 : 2;
      if (!placeContact(a, b, flavour, nearMargin(), out.detail)) {
        placeRandom(a, b);
        out.category = Category::Random;
      }
      break;
    }
    case Category::EdgeEdge: {
      // Some pairs have no strictly crossing edges (a 6-DOP's edges are all axis-parallel, like an
      // AABB's): draw new volumes (and new k) a few times before falling back.
      bool built = false;
      for (int attempt = 0; attempt < 8 && !built; ++attempt) {
        pair(here, 1, {}, {});
        built = placeEdgeEdge(a, b, nearMargin(), out.detail);
      }
      if (!built) {
        placeContact(a, b, 1, nearMargin(), out.detail);
        out.category = Category::TouchEdge;
      }
      break;
    }
    case Category::NearParallel:
    case Category::ExactlyParallel: {
      static const double kTilts[4] = {1e-3, 1e-6, 1e-9, 1e-12};
      const bool exact = cat == Category::ExactlyParallel;
      const double tilt = exact ? 0 : kTilts[serial % 4];
      pair(here, 1, {}, {});
      const V3 identity[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
      if (ka == Kind::Obb && kb == Kind::Obb) {
        nearParallelAxes(a.o.u, b.o.u, tilt, exact);
      } else if (kb == Kind::Obb) {
        nearParallelAxes(identity, b.o.u, tilt, exact);
      } else {
        nearParallelAxes(identity, a.o.u, tilt, exact);
      }
      char buf[64];
      std::snprintf(buf, sizeof buf, "tilt %.0e", tilt);
      std::string placed;
      if (rng_.index(10) < 7 && placeContact(a, b, rng_.index(4), nearMargin(), placed)) {
        out.detail = std::string(buf) + ", " + placed;
      } else {
        placeRandom(a, b);
        out.detail = std::string(buf) + ", random placement";
      }
      break;
    }
    case Category::NearParallelEdges: {
      static const double kAngles[6] = {1e-2, 3e-3, 1e-3, 1e-4, 1e-6, 1e-9};
      static const double kGaps[4] = {1e-5, 2e-5, 5e-5, 1e-4};
      pair(here, 1, {}, {});
      const double gap = (rng_.index(2) ? 1 : -1) * kGaps[rng_.index(4)];
      const bool ok = kb == Kind::Obb ? edgeEdgeNearParallel(a, b, gap, kAngles[serial % 6], out.detail)
                                      : edgeEdgeNearParallel(b, a, gap, kAngles[serial % 6], out.detail);
      if (!ok) {
        placeRandom(a, b);
        out.category = Category::Random;
      }
      break;
    }
    case Category::Nested: {
      const bool bInside = rng_.index(2);
      if (bInside) {
        a = shape(ka, here, 1);
        b = shape(kb, interiorPoint(a), rng_.uniform(0.05, 0.2));
      } else {
        b = shape(kb, here, 1);
        a = shape(ka, interiorPoint(b), rng_.uniform(0.05, 0.2));
      }
      out.detail = bInside ? "B inside A" : "A inside B";
      break;
    }
    case Category::Tiny:
    case Category::Huge: {
      const double s = cat == Category::Tiny ? 1e-4 : 1e5;
      pair(here * s, s, {}, {});
      placeNear(a, b, cat, out.detail, polytopes);
      break;
    }
    case Category::Far: {
      static const double kSizes[3] = {1, 1e-2, 1e-4};
      const double s = kSizes[rng_.index(3)];
      const V3 far{rng_.index(2) ? 1e5 : -1e5, rng_.index(2) ? 1e5 : -1e5, rng_.index(2) ? 1e5 : -1e5};
      pair(far + here * s, s, {}, {});
      placeNear(a, b, cat, out.detail, polytopes);
      break;
    }
    case Category::Degenerate: {
      ShapeOptions oa, ob;
      const int which = rng_.index(3);  // A flat, B flat, or both
      if (which != 1) oa.flat = 1 + (rng_.index(4) == 0);
      if (which != 0) ob.flat = 1 + (rng_.index(4) == 0);
      oa.jitter = ob.jitter = rng_.index(2);
      pair(here, 1, oa, ob);
      if (rng_.index(5) == 0) {
        // Crossing through each other's middle: deep overlap without interior.
        const double reach = roughSize(a) + roughSize(b);
        placeAt(b, innerPoint(a) + rng_.direction() * (0.1 * (reach > 0 ? reach : 1)));
        out.detail = "crossing";
      } else {
        placeNear(a, b, cat, out.detail, polytopes);
      }
      out.detail += ", flat " + std::to_string(oa.flat) + "/" + std::to_string(ob.flat);
      break;
    }
    case Category::Count: break;
  }
  if (ka == Kind::Kdop || kb == Kind::Kdop) {
    out.detail += ", k " + (ka == Kind::Kdop ? std::to_string(a.d.k) : std::string("-")) + "/" +
                  (kb == Kind::Kdop ? std::to_string(b.d.k) : std::string("-"));
  }
  return out;
}

}  // namespace

std::vector<std::pair<Category, int>> scheduledCategories(Kind ka, Kind kb, int count) {
  const bool polytopes = isPolytope(ka) && isPolytope(kb);
  const bool rotating = polytopes && (ka == Kind::Obb || kb == Kind::Obb);
  const bool spheres = ka == Kind::Sphere && kb == Kind::Sphere;
  const bool edgeEdge = polytopes && !(ka == Kind::Aabb && kb == Kind::Aabb);  // AABB edges never cross strictly
  // Weights per category; categories that cannot occur for this pair get none.
  const std::pair<Category, double> weights[] = {{Category::Random, 20},
                                                 {Category::TouchFace, 10},
                                                 {Category::TouchEdge, spheres ? 0.0 : 10},
                                                 {Category::TouchCorner, spheres ? 0.0 : 10},
                                                 {Category::EdgeEdge, edgeEdge ? 15.0 : 0.0},
                                                 {Category::NearParallel, rotating ? 12.0 : 0.0},
                                                 {Category::NearParallelEdges, rotating ? 10.0 : 0.0},
                                                 {Category::ExactlyParallel, rotating ? 4.0 : 0.0},
                                                 {Category::Nested, 6},
                                                 {Category::Tiny, 5},
                                                 {Category::Huge, 5},
                                                 {Category::Far, 7},
                                                 {Category::Degenerate, 10}};
  double total = 0;
  for (const auto& w : weights) total += w.second;
  std::vector<std::pair<Category, int>> out;
  int made = 0;
  for (const auto& w : weights) {
    if (w.second == 0) continue;
    const int n = w.first == Category::Degenerate ? count - made : int(std::floor(count * w.second / total));
    out.push_back({w.first, n});
    made += n;
  }
  return out;
}

std::vector<Case> generateCases(Kind ka, Kind kb, uint64_t seed, int count) {
  Generator gen(seed);
  std::vector<Case> cases;
  cases.reserve(count);
  for (const auto& [category, n] : scheduledCategories(ka, kb, count))
    for (int j = 0; j < n; ++j) cases.push_back(gen.make(ka, kb, category, j));
  return cases;
}

}  // namespace sepaxis_oracle
