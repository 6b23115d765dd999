#include "polytope.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <vector>

namespace sepaxis::detail {
namespace {

KdopDirection primitive(int x, int y, int z) {
  const int g = std::gcd(std::gcd(std::abs(x), std::abs(y)), std::abs(z));
  x /= g, y /= g, z /= g;
  // One sign per direction: the first non-zero component positive.
  if (x < 0 || (x == 0 && (y < 0 || (y == 0 && z < 0)))) x = -x, y = -y, z = -z;
  return {x, y, z};
}

struct EdgeTables {
  std::vector<KdopDirection> edges[5];
  EdgeTables() {
    for (int t = 0; t < 5; ++t) {
      const int k = kKdopKs[t];
      const KdopDirection* d = kdopDirections(k);
      for (int i = 0; i < k / 2; ++i) {
        for (int j = i + 1; j < k / 2; ++j) {
          const Vec3 c = cross(toVec3(d[i]), toVec3(d[j]));
          if (lengthSquared(c) == 0) continue;
          const KdopDirection e = primitive(int(c.x), int(c.y), int(c.z));
          bool known = false;
          for (const KdopDirection& o : edges[t]) known |= o.x == e.x && o.y == e.y && o.z == e.z;
          if (!known) edges[t].push_back(e);
        }
      }
    }
  }
};

const EdgeTables& edgeTables() {
  static const EdgeTables tables;
  return tables;
}

std::string formatDirection(KdopDirection d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

// Every feature name, formatted once: a report names each of its axes, and formatting the names
// every time cost the report more than computing the axes.
struct FeatureNames {
  const std::string worldAxes[3] = {"x", "y", "z"};
  const std::string obbAxes[3] = {"u0", "u1", "u2"};
  // A triangle's normal and the normals of its sides in its plane; its edges.
  const std::string triangleFaces[4] = {"n", "n×ab", "n×bc", "n×ca"};
  const std::string triangleEdges[3] = {"ab", "bc", "ca"};
  std::vector<std::string> faces[5], edges[5];
  FeatureNames() {
    for (int t = 0; t < 5; ++t) {
      const int k = kKdopKs[t];
      for (int i = 0; i < k / 2; ++i) faces[t].push_back("n" + formatDirection(kdopDirections(k)[i]));
      for (int i = 0; i < kdopEdgeCount(k); ++i) edges[t].push_back("e" + formatDirection(kdopEdge(k, i)));
    }
  }
};

const FeatureNames& featureNames() {
  static const FeatureNames names;
  return names;
}

}  // namespace

int kdopEdgeCount(int k) { return int(edgeTables().edges[kdopKIndex(k)].size()); }
KdopDirection kdopEdge(int k, int i) { return edgeTables().edges[kdopKIndex(k)][i]; }

int Polytope::edgeCount() const { return kind == Kind::Kdop ? kdopEdgeCount(kdop->k) : 3; }

Vec3 Polytope::edge(int i) const {
  switch (kind) {
    case Kind::Aabb: return toVec3(kdopEdge(6, i));  // the same three axes, in the 6-DOP's edge order
    case Kind::Obb: return obb->axis[i];
    case Kind::Kdop: return toVec3(kdopEdge(kdop->k, i));
    case Kind::Triangle: return triangleEdge(*triangle, i);
  }
  return {};
}

const std::string& Polytope::faceFeature(int i) const {
  const FeatureNames& names = featureNames();
  switch (kind) {
    case Kind::Aabb: return names.worldAxes[i];
    case Kind::Obb: return names.obbAxes[i];
    case Kind::Triangle: return names.triangleFaces[i];
    case Kind::Kdop: break;
  }
  return names.faces[kdopKIndex(kdop->k)][i];
}

const std::string& Polytope::edgeFeature(int i) const {
  const FeatureNames& names = featureNames();
  switch (kind) {
    case Kind::Aabb: {
      const KdopDirection d = kdopEdge(6, i);  // the 6-DOP's edge order: named by direction
      return names.worldAxes[d.x ? 0 : d.y ? 1 : 2];
    }
    case Kind::Obb: return names.obbAxes[i];
    case Kind::Triangle: return names.triangleEdges[i];
    case Kind::Kdop: break;
  }
  return names.edges[kdopKIndex(kdop->k)][i];
}

}  // namespace sepaxis::detail
