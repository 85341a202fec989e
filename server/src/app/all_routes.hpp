#pragma once

#include "app/route.hpp"

namespace dossier::app {

// Every API route of every feature.
RouteTable allRoutes();

}  // namespace dossier::app
