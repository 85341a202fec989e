#include "settings/settings_service.hpp"

#include <map>

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "api/route.hpp"
#include "core/build_info.hpp"
#include "settings/routes.hpp"

namespace dossier::settings {
namespace {

namespace json = boost::json;
using config::EnvironmentConfig;

EnvironmentConfig acme() {
  EnvironmentConfig config;
  config.key = "acme";
  config.displayName = "Acme Licensing";
  config.helpFile = "https://help.example.org/dossier.pdf";
  config.smallScreenSize = 480;
  config.mediumScreenSize = 960;
  config.verboseMessages = true;
  config.requestTimeoutSeconds = 40;
  config.downloadTimeoutSeconds = 600;
  config.mapsKey = "test-maps-key";
  config.dateFormat = "DD MMM YYYY";
  config.reportServerApiEndpoint = "https://reports.example.org/api";
  config.branding.logoPng = "PNG";
  config.branding.logoDescription = "Acme logo";
  config.branding.backgroundImageDescription = "Acme background";
  return config;
}

std::string types(const json::value& options) {
  std::string out;
  for (const auto& option : options.as_array()) {
    out += (out.empty() ? "" : " ") + std::string(option.at("type").as_string());
    if (!option.at("id").as_string().empty()) {
      out += ":" + std::string(option.at("id").as_string());
    }
  }
  return out;
}

// Chrome settings ---------------------------------------------------------------------------------

TEST(ChromeSettings, CarryTheBrandingScreenSizesAndNamesOfTheConfiguration) {
  const auto chrome = chromeSettings(acme());
  EXPECT_EQ(chrome.at("logoImage"), "UE5H") << "the image's bytes in base64";
  EXPECT_EQ(chrome.at("backgroundImage"), "") << "no background configured";
  EXPECT_EQ(chrome.at("logoDescription"), "Acme logo");
  EXPECT_EQ(chrome.at("backgroundImageDescription"), "Acme background");
  EXPECT_EQ(chrome.at("helpFile"), "https://help.example.org/dossier.pdf");
  EXPECT_EQ(chrome.at("smallScreenSize"), 480);
  EXPECT_EQ(chrome.at("mediumScreenSize"), 960);
  EXPECT_EQ(chrome.at("isApplicationMessagesVerbose"), true);
  EXPECT_EQ(chrome.at("environmentName"), "Acme Licensing");
  EXPECT_EQ(chrome.at("version").as_string(), fullVersion());
}

TEST(ChromeSettings, OfAnEnvironmentConfiguredWithNothingAreTheDefaults) {
  const auto chrome = chromeSettings(EnvironmentConfig{});
  EXPECT_EQ(chrome.at("logoImage"), "");
  EXPECT_EQ(chrome.at("smallScreenSize"), 474);
  EXPECT_EQ(chrome.at("mediumScreenSize"), 800);
  EXPECT_EQ(chrome.at("isApplicationMessagesVerbose"), false);
}

// Environment settings ----------------------------------------------------------------------------

TEST(EnvironmentSettings, SayHowToSignInWithOwnCredentialsByDefault) {
  const auto settings = environmentSettings(acme());
  EXPECT_EQ(settings.at("defaultAuthenticationMethod"), "dossier");
  EXPECT_EQ(settings.at("webClient_AuthenticationSupportsDossierCredentials"), true);
  EXPECT_EQ(settings.at("webClient_AuthenticationSupportsLocalAD"), false);
  EXPECT_EQ(settings.at("webClient_AuthenticationSupportsAzure"), false);
  EXPECT_EQ(types(settings.at("loginOptions")), "dossier");
  EXPECT_TRUE(settings.at("webClientAzureAppRegistrations").as_array().empty());
}

TEST(EnvironmentSettings, OfferOneLoginOptionPerMethodAndPerAzureRegistration) {
  auto config = acme();
  config.signIn.methods = {"windows", "azure", "dossier"};
  config.signIn.defaultMethod = "azure";
  config.signIn.azureRegistrations = {{"staff", "Staff"}, {"partners", "Partner agencies"}};
  const auto settings = environmentSettings(config);
  EXPECT_EQ(types(settings.at("loginOptions")), "windows azure:staff azure:partners dossier")
      << "in the order configured";
  EXPECT_EQ(settings.at("defaultAuthenticationMethod"), "azure");
  EXPECT_EQ(settings.at("webClient_AuthenticationSupportsLocalAD"), true);
  EXPECT_EQ(settings.at("webClient_AuthenticationSupportsAzure"), true);
  EXPECT_EQ(json::serialize(settings.at("webClientAzureAppRegistrations")),
            R"([{"id":"staff","name":"Staff"},{"id":"partners","name":"Partner agencies"}])");
}

TEST(EnvironmentSettings, AzureRegistrationsAreNoLoginOptionWhileAzureIsOff) {
  auto config = acme();
  config.signIn.azureRegistrations = {{"staff", "Staff"}};
  const auto settings = environmentSettings(config);
  EXPECT_EQ(types(settings.at("loginOptions")), "dossier");
  EXPECT_EQ(settings.at("webClient_AuthenticationSupportsAzure"), false);
}

TEST(EnvironmentSettings, AnEnvironmentWithNoSignInMethodOffersNone) {
  auto config = acme();
  config.signIn.methods.clear();
  const auto settings = environmentSettings(config);
  EXPECT_TRUE(settings.at("loginOptions").as_array().empty());
  EXPECT_EQ(settings.at("webClient_AuthenticationSupportsDossierCredentials"), false);
}

TEST(EnvironmentSettings, CarryTheTimeOutsKeysAndFormatsOfTheConfiguration) {
  const auto settings = environmentSettings(acme());
  EXPECT_EQ(settings.at("standardRequestTimeOutInSecs"), 40);
  EXPECT_EQ(settings.at("downloadRequestTimeOutInSecs"), 600);
  EXPECT_EQ(settings.at("reportServerApiEndpoint"), "https://reports.example.org/api");
  EXPECT_EQ(settings.at("googleMapApiKey"), "test-maps-key");
  EXPECT_EQ(settings.at("dateFormat"), "DD MMM YYYY");
  EXPECT_EQ(settings.at("environmentName"), "Acme Licensing");
}

// The menu ----------------------------------------------------------------------------------------

TEST(Menu, ListsTheConfiguredItemsInOrderWithDisabledOnesAndSubItems) {
  auto config = acme();
  config.menu = {{"home", "Home", "/home", "home", false, {}},
                 {"search", "Search", "/search", "search", true, {}},
                 {"links",
                  "Links",
                  "",
                  "links",
                  false,
                  {{"Intranet", "https://intranet.example.org"}, {"Forms", "/forms"}}}};
  const auto items = menuItems(config);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(json::serialize(items[0]),
            R"({"id":"home","name":"Home","path":"/home","iconClass":"home","disabled":false,)"
            R"("subMenuItems":[]})");
  EXPECT_EQ(items[1].at("disabled"), true);
  EXPECT_EQ(json::serialize(items[2].at("subMenuItems")),
            R"([{"name":"Intranet","path":"https://intranet.example.org"},)"
            R"({"name":"Forms","path":"/forms"}])");
}

TEST(Menu, OfAnEnvironmentWithoutOneIsEmpty) {
  EXPECT_TRUE(menuItems(acme()).empty());
}

// What is open without a session ------------------------------------------------------------------

TEST(SettingsRoutes, ChromeAndEnvironmentSettingsAreOpenWithoutASessionTheMenuIsNot) {
  api::RouteTable routes;
  registerSettingsRoutes(routes);
  std::map<std::string, api::Access> access;
  for (const auto& route : routes.routes()) {
    EXPECT_EQ(route.method, "GET") << route.path;
    access[route.path] = route.access;
  }
  EXPECT_EQ(access, (std::map<std::string, api::Access>{
                        {"/api/{env}/chromesettings", api::Access::Public},
                        {"/api/{env}/environmentsettings", api::Access::Public},
                        {"/api/{env}/menu", api::Access::SignedIn}}));
}

}  // namespace
}  // namespace dossier::settings
