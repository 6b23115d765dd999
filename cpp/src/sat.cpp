#include "sat.h"

#include <cstdlib>
#include <numeric>

namespace sepaxis::detail {
namespace {

// Integer directions up to sign: equal when one is a positive or negative multiple of the other.
bool parallel(Vec3 a, Vec3 b) { return lengthSquared(cross(a, b)) == 0; }

std::vector<CandidateAxis> buildFixedAxes(int kA, int kB) {
  std::vector<CandidateAxis> axes;
  auto known = [&](Vec3 v) {
    for (const CandidateAxis& c : axes)
      if (parallel(c.axis, v)) return true;
    return false;
  };
  const KdopDirection* dirA = kdopDirections(kA);
  const KdopDirection* dirB = kdopDirections(kB);
  for (int i = 0; i < kA / 2; ++i) {
    CandidateAxis c;
    c.axis = toVec3(dirA[i]);
    c.faceA = i;
    // A face of B along the same direction: both project in O(1).
    for (int j = 0; j < kB / 2; ++j)
      if (dirB[j].x == dirA[i].x && dirB[j].y == dirA[i].y && dirB[j].z == dirA[i].z) c.faceB = j;
    axes.push_back(c);
  }
  for (int j = 0; j < kB / 2; ++j) {
    if (known(toVec3(dirB[j]))) continue;
    CandidateAxis c;
    c.axis = toVec3(dirB[j]);
    c.faceB = j;
    axes.push_back(c);
  }
  for (int i = 0; i < kdopEdgeCount(kA); ++i) {
    for (int j = 0; j < kdopEdgeCount(kB); ++j) {
      const Vec3 axis = cross(toVec3(kdopEdge(kA, i)), toVec3(kdopEdge(kB, j)));
      if (lengthSquared(axis) == 0 || known(axis)) continue;
      CandidateAxis c;
      const int g = std::gcd(std::gcd(std::abs(int(axis.x)), std::abs(int(axis.y))), std::abs(int(axis.z)));
      c.axis = axis / g;  // exact: a primitive integer vector
      c.edgeA = i;
      c.edgeB = j;
      axes.push_back(c);
    }
  }
  return axes;
}

struct FixedAxisTables {
  std::vector<CandidateAxis> table[5][5];
  FixedAxisTables() {
    for (int a = 0; a < 5; ++a)
      for (int b = 0; b < 5; ++b) table[a][b] = buildFixedAxes(kKdopKs[a], kKdopKs[b]);
  }
};

}  // namespace

const std::vector<CandidateAxis>& fixedDirectionAxes(int kA, int kB) {
  static const FixedAxisTables tables;
  return tables.table[kdopKIndex(kA)][kdopKIndex(kB)];
}

}  // namespace sepaxis::detail
