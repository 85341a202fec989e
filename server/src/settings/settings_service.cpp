#include "settings/settings_service.hpp"

#include <algorithm>

#include "core/build_info.hpp"
#include "core/crypto.hpp"

namespace dossier::settings {

namespace json = boost::json;
using config::EnvironmentConfig;
using config::kAzure;
using config::kOwnCredentials;
using config::kWindows;

namespace {

bool enabled(const EnvironmentConfig& config, std::string_view method) {
  const auto& methods = config.signIn.methods;
  return std::find(methods.begin(), methods.end(), method) != methods.end();
}

const char* botCheckWord(config::BotCheckPolicy::Mode mode) {
  switch (mode) {
    case config::BotCheckPolicy::Mode::Always:
      return "always";
    case config::BotCheckPolicy::Mode::AfterFailures:
      return "afterFailures";
    case config::BotCheckPolicy::Mode::Off:
      break;
  }
  return "off";
}

}  // namespace

json::object chromeSettings(const EnvironmentConfig& config) {
  const auto& branding = config.branding;
  return json::object{
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
  };
}

json::object environmentSettings(const EnvironmentConfig& config) {
  json::array registrations;
  json::array loginOptions;
  for (const auto& method : config.signIn.methods) {
    if (method == kAzure) {
      for (const auto& registration : config.signIn.azureRegistrations) {
        loginOptions.push_back(json::object{{"type", kAzure}, {"id", registration.id}});
      }
    } else {
      loginOptions.push_back(json::object{{"type", method}, {"id", ""}});
    }
  }
  for (const auto& registration : config.signIn.azureRegistrations) {
    registrations.push_back(json::object{{"id", registration.id}, {"name", registration.name}});
  }
  return json::object{
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
      {"botCheck", botCheckWord(config.signIn.botCheck.mode)},
  };
}

json::array menuItems(const EnvironmentConfig& config) {
  json::array items;
  for (const auto& item : config.menu) {
    json::array subItems;
    for (const auto& sub : item.subMenuItems) {
      subItems.push_back(json::object{{"name", sub.name}, {"path", sub.path}});
    }
    items.push_back(json::object{
        {"id", item.id},
        {"name", item.name},
        {"path", item.path},
        {"iconClass", item.iconClass},
        {"disabled", item.disabled},
        {"subMenuItems", std::move(subItems)},
    });
  }
  return items;
}

}  // namespace dossier::settings
