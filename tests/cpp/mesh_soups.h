#pragma once
// Triangle meshes the mesh tests build trees over (mesh_tree_test.cpp, mesh_query_test.cpp,
// mesh_overlap_test.cpp): a random soup of many sizes with slivers and degenerate triangles, an
// indexed UV sphere, a flat grid (every centroid ties on one axis), coincident triangles, and any
// of them scaled or moved.

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sepaxis/mesh.h"

namespace sepaxis::mesh_testing {

struct Soup {
  std::string name;
  std::vector<double> positions;  // x, y, z per vertex
  std::vector<uint32_t> indices;  // empty: every three vertices are a triangle
  size_t vertexCount() const { return positions.size() / 3; }
};

inline void addVertex(Soup& s, Vec3 p) { s.positions.insert(s.positions.end(), {p.x, p.y, p.z}); }

// Triangles of many sizes scattered in a box, some slivers, some degenerate.
inline Soup randomSoup(uint32_t seed, int triangles, double scale) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  Soup s{"random soup " + std::to_string(seed), {}, {}};
  for (int t = 0; t < triangles; ++t) {
    const Vec3 c{u(rng) * scale, u(rng) * scale, u(rng) * scale};
    const double size = scale * std::pow(10.0, 2 * u(rng) - 2);
    const Vec3 a = c + Vec3{u(rng), u(rng), u(rng)} * size;
    Vec3 b = c + Vec3{u(rng), u(rng), u(rng)} * size;
    Vec3 d = c + Vec3{u(rng), u(rng), u(rng)} * size;
    if (t % 7 == 0) d = a + (b - a) * 0.25;  // a segment
    if (t % 11 == 0) b = d = a;              // a point
    addVertex(s, a), addVertex(s, b), addVertex(s, d);
  }
  return s;
}

// A UV sphere with shared vertices (an indexed mesh, as models come).
inline Soup uvSphere(int rings, int segments, Vec3 center, double radius) {
  Soup s{"uv sphere", {}, {}};
  const double pi = std::acos(-1.0);
  for (int r = 0; r <= rings; ++r)
    for (int g = 0; g < segments; ++g) {
      const double theta = pi * r / rings, phi = 2 * pi * g / segments;
      addVertex(
          s, center + Vec3{std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta)} * radius);
    }
  auto at = [&](int r, int g) { return uint32_t(r * segments + (g % segments)); };
  for (int r = 0; r < rings; ++r)
    for (int g = 0; g < segments; ++g) {
      s.indices.insert(s.indices.end(), {at(r, g), at(r + 1, g), at(r + 1, g + 1)});
      s.indices.insert(s.indices.end(), {at(r, g), at(r + 1, g + 1), at(r, g + 1)});
    }
  return s;
}

// A flat grid of quads in the plane z = height: every centroid ties on z.
inline Soup flatGrid(int n, double height) {
  Soup s{"flat grid", {}, {}};
  s.positions.reserve(3 * size_t(n + 1) * size_t(n + 1));
  s.indices.reserve(6 * size_t(n) * size_t(n));
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) addVertex(s, {double(i), double(j), height});
  auto at = [&](int i, int j) { return uint32_t(i * (n + 1) + j); };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      s.indices.insert(s.indices.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      s.indices.insert(s.indices.end(), {at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  return s;
}

// Every triangle at one and the same point: no split can separate them.
inline Soup onePoint(int triangles) {
  Soup s{"one point", {}, {}};
  for (int i = 0; i < 3 * triangles; ++i) addVertex(s, {1.5, -2, 3});
  return s;
}

inline Soup scaled(Soup s, double factor, const std::string& name) {
  for (double& x : s.positions) x *= factor;
  s.name = name;
  return s;
}

// Every coordinate rounded to a float (a Float32Array's vertices): the mesh keeps its triangles'
// corners copied in leaf order.
inline Soup asFloats(Soup s, const std::string& name) {
  for (double& x : s.positions) x = double(float(x));
  s.name = name;
  return s;
}

inline Soup translated(Soup s, Vec3 offset, const std::string& name) {
  for (size_t i = 0; i < s.positions.size(); ++i) s.positions[i] += offset[int(i % 3)];
  s.name = name;
  return s;
}

inline Expected<Mesh> buildMesh(const Soup& s, MeshOptions options) {
  return Mesh::build(s.positions.data(), s.vertexCount(), s.indices.empty() ? nullptr : s.indices.data(),
                     s.indices.size(), options);
}

}  // namespace sepaxis::mesh_testing
