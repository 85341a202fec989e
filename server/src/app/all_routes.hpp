#pragma once

#include "api/route.hpp"
#include "api/services.hpp"

namespace dossier::app {

// What the features do for one another (api/services.hpp), each by the feature that owns the work:
// records saved by forms, generated files filed by documents.
api::Services featureServices();

// Every API route of every feature; the routes that need another feature's work get it from
// services, which must outlive the table.
api::RouteTable allRoutes(const api::Services& services);

}  // namespace dossier::app
