#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "environments/environment.hpp"
#include "settings/routes.hpp"
#include "settings/settings_service.hpp"

namespace dossier::settings {

namespace {

Result<http::Response> chrome(api::Context& context) {
  return api::jsonResponse(chromeSettings(context.environment().config()));
}

Result<http::Response> environment(api::Context& context) {
  return api::jsonResponse(environmentSettings(context.environment().config()));
}

Result<http::Response> menu(api::Context& context) {
  return api::jsonResponse(menuItems(context.environment().config()));
}

}  // namespace

void registerSettingsRoutes(api::RouteTable& routes) {
  // What the sign-in page needs is open without a session; the menu is for those signed in.
  routes.add({.method = "GET",
              .path = "/api/{env}/chromesettings",
              .handler = chrome,
              .access = api::Access::Public,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/environmentsettings",
              .handler = environment,
              .access = api::Access::Public,
              .work = api::Work::Quick});
  routes.add(
      {.method = "GET", .path = "/api/{env}/menu", .handler = menu, .work = api::Work::Quick});
}

}  // namespace dossier::settings
