#include "app/all_routes.hpp"

#include "auth/routes.hpp"
#include "entities/routes.hpp"
#include "environments/routes.hpp"
#include "forms/routes.hpp"
#include "search/routes.hpp"

namespace dossier::app {

RouteTable allRoutes() {
  RouteTable routes;
  environments::registerSettingsRoutes(routes);
  auth::registerSignInRoutes(routes);
  auth::registerChangePasswordRoutes(routes);
  auth::registerCurrentUserRoutes(routes);
  entities::registerEntityRoutes(routes);
  forms::registerFormRoutes(routes);
  search::registerSearchRoutes(routes);
  return routes;
}

}  // namespace dossier::app
