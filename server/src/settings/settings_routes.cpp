#include <algorithm>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/build_info.hpp"
#include "core/crypto.hpp"
#include "environments/environment.hpp"
#include "settings/routes.hpp"

namespace dossier::settings {

using config::EnvironmentConfig;
using config::kAzure;
using config::kOwnCredentials;
using config::kWindows;

namespace {

bool enabled(const EnvironmentConfig& config, std::string_view method) {
  const auto& methods = config.signIn.methods;
  return std::find(methods.begin(), methods.end(), method) != methods.end();
}

Result<http::Response> chromeSettings(api::Context& context) {
  const auto& config = context.environment().config();
  const auto& branding = config.branding;
  return api::jsonResponse(boost::json::object{
      {"logoImage", base64Encode(branding.logoPng)},
      {"backgroundImage", base64Encode(branding.backgroundPng)},
      {"logoDescription", branding.logoDescription},
      {"backgroundImageDescription", branding.backgroundImageDescription},
      {"helpFile", config.helpFile},
      {"smallScreenSize", config.smallScreenSize},
      {"mediumScreenSize", config.mediumScreenSize},
      {"isApplicationMessagesVerbose", config.verboseMessages},
      {"version", fullVersion()},
      {"environmentName", config.displayName},
  });
}

Result<http::Response> environmentSettings(api::Context& context) {
  const auto& config = context.environment().config();
  boost::json::array registrations;
  boost::json::array loginOptions;
  for (const auto& method : config.signIn.methods) {
    if (method == kAzure) {
      for (const auto& registration : config.signIn.azureRegistrations) {
        loginOptions.push_back(boost::json::object{{"type", kAzure}, {"id", registration.id}});
      }
    } else {
      loginOptions.push_back(boost::json::object{{"type", method}, {"id", ""}});
    }
  }
  for (const auto& registration : config.signIn.azureRegistrations) {
    registrations.push_back(
        boost::json::object{{"id", registration.id}, {"name", registration.name}});
  }
  return api::jsonResponse(boost::json::object{
      {"defaultAuthenticationMethod", config.signIn.defaultMethod},
      {"webClient_AuthenticationSupportsDossierCredentials", enabled(config, kOwnCredentials)},
      {"webClient_AuthenticationSupportsLocalAD", enabled(config, kWindows)},
      {"webClient_AuthenticationSupportsAzure", enabled(config, kAzure)},
      {"webClientAzureAppRegistrations", std::move(registrations)},
      {"loginOptions", std::move(loginOptions)},
      {"standardRequestTimeOutInSecs", config.requestTimeoutSeconds},
      {"downloadRequestTimeOutInSecs", config.downloadTimeoutSeconds},
      {"reportServerApiEndpoint", config.reportServerApiEndpoint},
      {"googleMapApiKey", config.mapsKey},
      {"dateFormat", config.dateFormat},
      {"environmentName", config.displayName},
  });
}

Result<http::Response> menu(api::Context& context) {
  boost::json::array items;
  for (const auto& item : context.environment().config().menu) {
    boost::json::array subItems;
    for (const auto& sub : item.subMenuItems) {
      subItems.push_back(boost::json::object{{"name", sub.name}, {"path", sub.path}});
    }
    items.push_back(boost::json::object{
        {"id", item.id},
        {"name", item.name},
        {"path", item.path},
        {"iconClass", item.iconClass},
        {"disabled", item.disabled},
        {"subMenuItems", std::move(subItems)},
    });
  }
  return api::jsonResponse(items);
}

}  // namespace

void registerSettingsRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/chromesettings",
              .handler = chromeSettings,
              .access = api::Access::Public,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/environmentsettings",
              .handler = environmentSettings,
              .access = api::Access::Public,
              .work = api::Work::Quick});
  routes.add(
      {.method = "GET", .path = "/api/{env}/menu", .handler = menu, .work = api::Work::Quick});
}

}  // namespace dossier::settings
