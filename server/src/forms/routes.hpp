#pragma once

namespace dossier::app {
class RouteTable;
}

namespace dossier::forms {

// Form initialise, save, obsolete and reinstate, preview.
void registerFormRoutes(app::RouteTable& routes);

}  // namespace dossier::forms
