#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::history {

// The history of a case or person: its audit trail, a page at a time.
void registerHistoryRoutes(api::RouteTable& routes);

}  // namespace dossier::history
