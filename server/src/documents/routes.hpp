#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::documents {

// The documents of a case: their definition (documents.yaml) so far; properties, versions,
// uploads and previews follow.
void registerDocumentRoutes(api::RouteTable& routes);

}  // namespace dossier::documents
