#include "range_scale.h"

namespace sepaxis::detail {

Kdop scaled(const Kdop& k, double f) {
  Kdop o = k;
  for (int i = 0; i < k.slabCount(); ++i) {
    o.min[i] = k.min[i] * f, o.max[i] = k.max[i] * f;
    o.tightMin[i] = k.tightMin[i] * f, o.tightMax[i] = k.tightMax[i] * f;
    o.localMin[i] = k.localMin[i] * f, o.localMax[i] = k.localMax[i] * f;
  }
  o.origin = k.origin * f;
  for (int i = 0; i < k.vertexCount; ++i) o.vertex[i] = k.vertex[i] * f;
  return o;
}

}  // namespace sepaxis::detail
