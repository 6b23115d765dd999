#pragma once
// The World behind a JavaScript world's handle (world_exports.cpp), for the Embind calls that
// return structured results (embind.cpp).

#include <cstdint>

#include "sepaxis/world.h"

namespace sepaxis::bindings {

/// The World of the handle sx_world_create returned.
World& worldOf(uintptr_t handle);

}  // namespace sepaxis::bindings
