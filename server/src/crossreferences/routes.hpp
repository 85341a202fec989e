#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::crossreferences {

// Cross references between cases (spec 2 "Cross reference"): seen from both cases alike.
void registerCrossReferenceRoutes(api::RouteTable& routes);

}  // namespace dossier::crossreferences
