#pragma once
/// The whole public API of the sepaxis collision core.

#include "sepaxis/batch.h"
#include "sepaxis/bounds.h"
#include "sepaxis/fit.h"
#include "sepaxis/hull.h"
#include "sepaxis/mesh.h"
#include "sepaxis/overlap.h"
#include "sepaxis/point_query.h"
#include "sepaxis/polytope_mesh.h"
#include "sepaxis/ray.h"
#include "sepaxis/report.h"
#include "sepaxis/sweep.h"
#include "sepaxis/tolerance.h"
#include "sepaxis/transform.h"
#include "sepaxis/validate.h"
#include "sepaxis/volume.h"
#include "sepaxis/world.h"
