#include <algorithm>
#include <cmath>

#include "sepaxis/tolerance.h"
#include "sepaxis/volume.h"

namespace sepaxis {
namespace {

constexpr double kPi = 3.14159265358979323846;

double volumeOfShape(const Sphere& s) { return 4.0 / 3.0 * kPi * s.radius * s.radius * s.radius; }
double volumeOfShape(const Aabb& b) { return (b.max.x - b.min.x) * (b.max.y - b.min.y) * (b.max.z - b.min.z); }
double volumeOfShape(const Obb& b) { return 8 * b.halfExtents.x * b.halfExtents.y * b.halfExtents.z; }

/// (outward unit normal . any point of the face) * the face's area: the face's term of the
/// divergence theorem, volume = 1/3 sum over faces of (n . x) dA. The face is the polygon of the
/// polytope's vertices on the plane, in angular order about their centroid.
double faceTerm(const Kdop& kdop, Vec3 normal, double offset, double onPlane) {
  Vec3 face[kMaxKdopVertices];
  int n = 0;
  Vec3 g;
  for (int v = 0; v < kdop.vertexCount; ++v)
    if (std::fabs(dot(normal, kdop.vertex[v]) - offset) <= onPlane) g = g + kdop.vertex[v], face[n++] = kdop.vertex[v];
  if (n < 3) return 0;
  g = g / n;
  // An orthonormal frame (u, w) of the plane, u across the normal's smallest component.
  const Vec3 a = std::fabs(normal.x) <= std::fabs(normal.y) && std::fabs(normal.x) <= std::fabs(normal.z)
                     ? Vec3{1, 0, 0}
                 : std::fabs(normal.y) <= std::fabs(normal.z) ? Vec3{0, 1, 0}
                                                              : Vec3{0, 0, 1};
  const Vec3 u = normalize(cross(normal, a)), w = cross(normal, u);
  std::sort(face, face + n, [&](Vec3 p, Vec3 q) {
    return std::atan2(dot(p - g, w), dot(p - g, u)) < std::atan2(dot(q - g, w), dot(q - g, u));
  });
  double area = 0;
  for (int i = 0; i < n; ++i) area += dot(cross(face[i] - g, face[(i + 1) % n] - g), normal);
  return dot(normal, g) * 0.5 * area;
}

// Unused where Volume leaves triangles out (SEPAXIS_VOLUME_WITHOUT_TRIANGLE).
[[maybe_unused]] double volumeOfShape(const Triangle&) { return 0; }  // flat

double volumeOfShape(const Kdop& kdop) {
  // The slab planes at their tight values, relative to the polytope's origin like its vertices.
  double extent = 0;
  for (int i = 0; i < kdop.slabCount(); ++i)
    extent = std::max({extent, std::fabs(kdop.localMin[i]), std::fabs(kdop.localMax[i])});
  const double onPlane = tolerance::kKdopMerge * extent;
  const KdopDirection* dirs = kdopDirections(kdop.k);
  double sum = 0;
  for (int i = 0; i < kdop.slabCount(); ++i) {
    const Vec3 d = toVec3(dirs[i]);
    const double len = length(d);
    sum += faceTerm(kdop, d / len, kdop.localMax[i] / len, onPlane);
    sum += faceTerm(kdop, -d / len, -kdop.localMin[i] / len, onPlane);
  }
  // A flat k-DOP's two faces on one plane cancel up to rounding.
  return std::max(0.0, sum / 3);
}

}  // namespace

double volumeOf(const Volume& volume) {
  return std::visit([](const auto& shape) { return volumeOfShape(shape); }, volume);
}

}  // namespace sepaxis
