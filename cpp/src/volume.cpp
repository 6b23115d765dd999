#include "sepaxis/volume.h"

namespace sepaxis {

const char* typeName(const Volume& volume) {
  static const char* const kNames[] = {"sphere", "aabb", "obb", "kdop", "triangle"};
  return kNames[volume.index()];
}

}  // namespace sepaxis
