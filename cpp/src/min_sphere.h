#pragma once
// The smallest sphere enclosing a point set (fitSphere's SphereFit::Minimal), in two layers:
//
// - smallestBall: Welzl's algorithm as four nested loops (its recursion unrolled: a ball in 3D is
//   fixed by at most four boundary points), over a few thousand candidates in a fixed
//   pseudo-random order, which makes it expected linear and the result reproducible;
// - minimalBall: filtering over the whole set. The smallest ball of the extreme points along the
//   14-DOP's directions is nearly the answer; one pass collects the points outside it, the
//   smallest ball of those and the current support is the next guess, until a pass finds no point
//   outside. Each guess is the smallest ball of a superset of the previous support, so the radius
//   grows every round; a few passes over the points suffice (usually two or three).
//
// "Outside" means |p - c|^2 > r^2 (1 + tolerance::kSphereFitSlack): points that only rounding puts
// outside (the cospherical vertices of an icosphere, near-duplicates) never start a degenerate
// solve. encloseAll then grows the radius by the few ulps that need so that every point lies
// inside exactly.

#include <cstddef>

#include "sepaxis/sphere.h"

namespace sepaxis::detail {

/// The smallest ball around points[0..count), count > 0, finite points; before encloseAll, so every
/// point lies within radius * (1 + kSphereFitSlack) (plus rounding) of the centre.
Sphere minimalBall(const Vec3* points, size_t count);

/// The smallest ball around at most a few thousand points (Welzl's algorithm, unrolled). count > 0.
Sphere smallestBall(const Vec3* points, size_t count);

/// `ball` with its radius grown just enough that contains() holds for every point.
Sphere encloseAll(const Vec3* points, size_t count, Sphere ball);

}  // namespace sepaxis::detail
