#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::forms {

// Form initialise, save, obsolete and reinstate.
void registerFormRoutes(api::RouteTable& routes);

}  // namespace dossier::forms
