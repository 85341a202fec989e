#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::documents {

// Resumable uploads of a document's file (tus 1.0.0) under /api/{env}/documentupload/chunk.
void registerUploadRoutes(api::RouteTable& routes);

}  // namespace dossier::documents
