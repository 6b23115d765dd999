#pragma once
// The Mesh behind a JavaScript mesh's handle (mesh_exports.cpp), for the Embind calls that return
// structured results (embind.cpp).

#include <cstdint>

#include "sepaxis/mesh.h"

namespace sepaxis::bindings {

/// The Mesh of the handle sx_mesh_create or sx_mesh_load returned.
const Mesh& meshOf(uintptr_t handle);

}  // namespace sepaxis::bindings
