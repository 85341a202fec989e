#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::settings {

// chromesettings, environmentsettings and menu.
void registerSettingsRoutes(api::RouteTable& routes);

}  // namespace dossier::settings
