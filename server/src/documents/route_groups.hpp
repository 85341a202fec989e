#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::documents {

// The documents feature's routes by what they do; registerDocumentRoutes adds them all.
void registerPropertyRoutes(api::RouteTable& routes);  // list, data, save, rename, delete
void registerVersionRoutes(api::RouteTable& routes);   // check out and in, revert
void registerDownloadRoutes(api::RouteTable& routes);  // tokens and the download
void registerUploadRoutes(api::RouteTable& routes);    // tus
void registerPreviewRoutes(api::RouteTable& routes);   // the document preview
void registerFormRoutes(api::RouteTable& routes);      // the properties form

}  // namespace dossier::documents
