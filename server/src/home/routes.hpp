#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::home {

// What the home page shows of a person's own work: the records they opened last.
void registerHomeRoutes(api::RouteTable& routes);

}  // namespace dossier::home
