#include "app/all_routes.hpp"

#include "auth/routes.hpp"
#include "environments/routes.hpp"

namespace dossier::app {

RouteTable allRoutes() {
  RouteTable routes;
  environments::registerSettingsRoutes(routes);
  auth::registerSignInRoutes(routes);
  auth::registerChangePasswordRoutes(routes);
  auth::registerCurrentUserRoutes(routes);
  return routes;
}

}  // namespace dossier::app
