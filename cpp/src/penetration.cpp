#include "penetration.h"

#include "platform.h"
#include "range_scale.h"
#include "triangle_axes.h"

namespace sepaxis::detail {
namespace {

// The pairs as collide() walks them, without its report.
Penetration translationOfBoxes(const BoxAxesFound& f) { return boxesTranslation(f.first, f.found, f.swapped); }

Penetration translationOfPolytopes(const Polytope& a, const Polytope& b) {
  const Vec3 origin = reportOrigin(a, b);
  MinimumTranslation m;
  forEachPolytopeAxis(a, b, [&](const CandidateAxis& c) {
    if (c.parallel) return false;
    const AxisProjection p = projectPair(a, b, c, origin);
    m.consider(worldAxis(c.axis, p.a, p.b, origin));
    return false;
  });
  return m.best;
}

template <class Shape>
Penetration translationOfSphere(const Sphere& s, const Shape& shape, bool sphereIsA) {
  SphereSteps steps;
  findSphereSteps(s, shape, steps);
  return sphereTranslation(s, steps.face, steps.count, steps.offset, sphereIsA);
}

BoxAxesFound findInFrameOf(const Obb& a, const Obb& b, Vec3 d, bool swapped) {
  BoxAxesFound f;
  f.first = a;
  f.swapped = swapped;
  int n = 0;
  forEachBoxAxis(a.halfExtents, inFrameOf(a, b, d), [&](const BoxAxis& x) {
    f.found[n++] = x;
    return false;
  });
  return f;
}

// In the frame of `first`, the offset with an AABB's centre folded in (obb_axes.h).
template <class F, class S>
BoxAxesFound findBoxAxesInFrameOf(const F& first, const S& second, bool swapped) {
  return findInFrameOf(asBox(first), asBox(second), centreOffset(first, second), swapped);
}

template <class P, class Q>
Penetration translationOf(const P& a, const Q& b) {
  return translationOfPolytopes(view(a), view(b));
}
template <class Q>
Penetration translationOf(const Sphere& a, const Q& b) {
  return translationOfSphere(a, sphereTestShape(b), true);
}
template <class P>
Penetration translationOf(const P& a, const Sphere& b) {
  return translationOfSphere(b, sphereTestShape(a), false);
}
Penetration translationOf(const Aabb& a, const Obb& b) { return translationOfBoxes(findBoxAxes(a, b)); }
Penetration translationOf(const Obb& a, const Aabb& b) { return translationOfBoxes(findBoxAxes(a, b)); }
Penetration translationOf(const Obb& a, const Obb& b) { return translationOfBoxes(findBoxAxes(a, b)); }
Penetration translationOf(const Sphere& a, const Sphere& b) { return spheresTranslation(a, b); }

// As collide() reports a pair tested scaled (range_scale.h): the depth back in the pair's lengths.
template <class A, class B>
SEPAXIS_NOINLINE Penetration translationScaled(const A& a, const B& b, double f) {
  Penetration p = translationOf(scaled(a, f), scaled(b, f));
  p.depth *= 1 / f;
  return p;
}

}  // namespace

BoxAxesFound findBoxAxes(const Aabb& a, const Obb& b) { return findBoxAxesInFrameOf(a, b, false); }
// In the AABB's frame, as overlaps(Obb, Aabb) is overlaps(Aabb, Obb).
BoxAxesFound findBoxAxes(const Obb& a, const Aabb& b) { return findBoxAxesInFrameOf(b, a, true); }
BoxAxesFound findBoxAxes(const Obb& a, const Obb& b) {
  return testedSwapped(a, b) ? findBoxAxesInFrameOf(b, a, true) : findBoxAxesInFrameOf(a, b, false);
}

template <class A, class B>
Penetration penetrationOf(const A& a, const B& b) {
  const double f = pairScale(a, b);
  if (f != 1) return translationScaled(a, b, f);
  return translationOf(a, b);
}

#define SEPAXIS_PENETRATION_OF(A, B) template Penetration penetrationOf<A, B>(const A&, const B&);
#define SEPAXIS_PENETRATION_OF_EACH(A)  \
  SEPAXIS_PENETRATION_OF(A, Sphere)     \
  SEPAXIS_PENETRATION_OF(A, Aabb)       \
  SEPAXIS_PENETRATION_OF(A, Obb)        \
  SEPAXIS_PENETRATION_OF(A, Kdop)       \
  SEPAXIS_PENETRATION_OF(A, Triangle)
SEPAXIS_PENETRATION_OF_EACH(Sphere)
SEPAXIS_PENETRATION_OF_EACH(Aabb)
SEPAXIS_PENETRATION_OF_EACH(Obb)
SEPAXIS_PENETRATION_OF_EACH(Kdop)
SEPAXIS_PENETRATION_OF_EACH(Triangle)
#undef SEPAXIS_PENETRATION_OF_EACH
#undef SEPAXIS_PENETRATION_OF

}  // namespace sepaxis::detail
