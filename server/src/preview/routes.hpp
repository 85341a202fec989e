#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::preview {

// The preview of a case or person shown in the information bar.
void registerPreviewRoutes(api::RouteTable& routes);

}  // namespace dossier::preview
