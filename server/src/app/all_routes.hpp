#pragma once

#include "api/route.hpp"

namespace dossier::app {

// Every API route of every feature.
api::RouteTable allRoutes();

}  // namespace dossier::app
