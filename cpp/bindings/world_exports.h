#pragma once
// The World behind a JavaScript world's handle (world_exports.cpp), for the Embind calls that
// return structured results (embind.cpp).

#include <cstdint>
#include <functional>

#include "sepaxis/world.h"

namespace sepaxis::bindings {

/// The World of the handle sx_world_create returned.
World& worldOf(uintptr_t handle);

/// Adds a body to the world of the handle through `add` (World::add of a volume or a mesh), posed
/// by io (kIoRotation, kIoTranslation), and lists it for world.poses; the id goes to io[kIoBody].
/// Returns 0, kInvalidPose or kWorldRefused with lastError().
int addWorldBody(uintptr_t handle, const std::function<Expected<BodyId>(World&, const RigidTransform&)>& add);

}  // namespace sepaxis::bindings
