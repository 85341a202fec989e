#pragma once

namespace dossier::app {
class RouteTable;
}

namespace dossier::entities {

// searchentitytypes, history and recent.
void registerEntityRoutes(app::RouteTable& routes);

}  // namespace dossier::entities
