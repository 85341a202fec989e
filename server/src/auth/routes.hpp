#pragma once

namespace dossier::app {
class RouteTable;
}

namespace dossier::auth {

void registerSignInRoutes(app::RouteTable& routes);
void registerChangePasswordRoutes(app::RouteTable& routes);
void registerCurrentUserRoutes(app::RouteTable& routes);

}  // namespace dossier::auth
