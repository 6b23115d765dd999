#include "lanes.h"

namespace sepaxis::lanes {

Implementation compiledImplementation() { return kImplementation; }

}  // namespace sepaxis::lanes
