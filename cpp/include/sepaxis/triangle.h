#pragma once
/// Triangle {a, b, c} (closed, flat): every convex combination of its three corners. Corners that
/// are collinear or coincide are valid: the triangle is then the segment or the point it covers,
/// and every call treats it as that.

#include "sepaxis/error.h"
#include "sepaxis/vec3.h"

namespace sepaxis {

struct Triangle {
  Vec3 a, b, c;

  Vec3 operator[](int i) const { return i == 0 ? a : (i == 1 ? b : c); }
};

/// Checks that every coordinate is finite.
Expected<Triangle> makeTriangle(Vec3 a, Vec3 b, Vec3 c);

/// cross(b - a, c - a): twice the area along the normal; zero for a degenerate triangle.
inline Vec3 triangleNormal(const Triangle& t) { return cross(t.b - t.a, t.c - t.a); }

}  // namespace sepaxis
