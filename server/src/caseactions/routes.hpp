#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::caseactions {

// Case actions: dated pieces of work on a case of a configured type, with their own fields, the
// other cases they concern and their documents.
void registerCaseActionRoutes(api::RouteTable& routes);

}  // namespace dossier::caseactions
