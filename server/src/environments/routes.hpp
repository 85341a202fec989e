#pragma once

namespace dossier::app {
class RouteTable;
}

namespace dossier::environments {

// chromesettings, environmentsettings and menu.
void registerSettingsRoutes(app::RouteTable& routes);

}  // namespace dossier::environments
