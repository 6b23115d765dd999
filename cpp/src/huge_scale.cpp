#include "huge_scale.h"

namespace sepaxis::detail {

Kdop scaledDown(const Kdop& k) {
  Kdop scaled = k;
  for (int i = 0; i < k.slabCount(); ++i) {
    scaled.min[i] = k.min[i] * kHugeScale, scaled.max[i] = k.max[i] * kHugeScale;
    scaled.tightMin[i] = k.tightMin[i] * kHugeScale, scaled.tightMax[i] = k.tightMax[i] * kHugeScale;
    scaled.localMin[i] = k.localMin[i] * kHugeScale, scaled.localMax[i] = k.localMax[i] * kHugeScale;
  }
  scaled.origin = k.origin * kHugeScale;
  for (int i = 0; i < k.vertexCount; ++i) scaled.vertex[i] = k.vertex[i] * kHugeScale;
  return scaled;
}

}  // namespace sepaxis::detail
