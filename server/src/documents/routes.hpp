#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::documents {

// The documents of a case: their definition (documents.yaml), properties, versions, check-out and
// check-in, downloads and uploads.
void registerDocumentRoutes(api::RouteTable& routes);

}  // namespace dossier::documents
