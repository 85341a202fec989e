#include <algorithm>

#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/cookies.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/directory_sign_in.hpp"
#include "auth/errors.hpp"
#include "auth/routes.hpp"
#include "auth/sign_in_answer.hpp"
#include "config/environment_config.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

// The browser's binding to its sign-in: read and written only by the server, sent only to the
// cloud-directory paths of its environment.
constexpr const char* kBrowserCookie = "dossier-directory-sign-in";
constexpr auto kCookieLasts = std::chrono::minutes(10);

Result<const config::AzureRegistration*> offeredRegistration(api::Context& context) {
  const auto& signIn = context.environment().config().signIn;
  const auto& registrations = signIn.azureRegistrations;
  const auto id = context.param("registrationId");
  const auto found = std::find_if(registrations.begin(), registrations.end(),
                                  [&](const auto& registration) { return registration.id == id; });
  if (std::find(signIn.methods.begin(), signIn.methods.end(), config::kAzure) ==
      signIn.methods.end()) {
    return Error::of(
        errors::kMethodNotEnabled,
        "Signing in with " +
            (found != registrations.end() ? found->name : std::string("a cloud directory")) +
            " is not available in this environment. Please sign in with your username and "
            "password.");
  }
  if (found == registrations.end()) {
    return Error::of(errors::kRegistrationUnknown,
                     "This environment has no cloud directory '" + std::string(id) +
                         "' to sign in with. Please choose a way of signing in on the sign-in "
                         "page.");
  }
  return &*found;
}

api::ServerCookie browserCookie(api::Context& context,
                                const config::AzureRegistration& registration, std::string value,
                                std::chrono::seconds lasts) {
  return {kBrowserCookie, std::move(value),
          "/api/" + context.environment().key() + "/authentication/azure", lasts,
          registration.redirectUri.starts_with("https://")};
}

Result<http::Response> startSignIn(api::Context& context) {
  auto registration = offeredRegistration(context);
  if (!registration) {
    return std::move(registration).error();
  }
  auto started = startDirectorySignIn(context.environment(), **registration,
                                      context.request().clientAddress, Clock::now());
  if (!started) {
    return std::move(started).error();
  }
  auto response = api::jsonResponse(
      boost::json::object{{"next", "azure"}, {"azure_redirect", started->address}});
  api::setServerCookie(response,
                       browserCookie(context, **registration, started->browserKey, kCookieLasts));
  return response;
}

// The directory sends the browser here; whatever happened, it goes on to login/success, in the
// web app beside the API of the registration's redirect URI (under the same path prefix, should a
// proxy serve Dossier below one), on the host the browser came back to.
Result<http::Response> directoryAnswered(api::Context& context) {
  auto registration = offeredRegistration(context);
  if (!registration) {
    return std::move(registration).error();
  }
  const auto& request = context.request();
  const auto query = [&](std::string_view name) {
    return std::string(request.queryValue(name).value_or(""));
  };
  const DirectoryReturn answer{api::requestCookie(request, kBrowserCookie).value_or(""),
                               query("code"),
                               query("state"),
                               query("error"),
                               query("error_description"),
                               request.clientAddress,
                               request.correlationId};
  const auto newKey =
      finishDirectorySignIn(context.environment(), **registration, answer, Clock::now());
  const auto& redirectUri = (*registration)->redirectUri;
  const auto pathAt = redirectUri.find('/', redirectUri.find("://") + 3);
  const auto apiAt = redirectUri.rfind("/api/");
  auto response = api::noContent();
  response.status = 303;
  response.setHeader("Location", redirectUri.substr(pathAt, apiAt - pathAt) + "/" +
                                     context.environment().key() + "/login/success");
  // The browser keeps the key of its sign-in (or the new one carrying the explanation) for the
  // ten minutes login/success has to take the outcome.
  const auto& keptKey = newKey ? *newKey : answer.browserKey;
  if (!keptKey.empty()) {
    api::setServerCookie(response, browserCookie(context, **registration, keptKey, kCookieLasts));
  }
  return response;
}

Result<http::Response> completeSignIn(api::Context& context) {
  const auto& request = context.request();
  const DirectoryCompletion completion{api::requestCookie(request, kBrowserCookie).value_or(""),
                                       request.clientAddress, request.correlationId,
                                       std::string(request.header("user-agent").value_or(""))};
  auto signedIn = completeDirectorySignIn(context.environment(), completion, Clock::now());
  if (!signedIn) {
    return std::move(signedIn).error();
  }
  auto response = signInAnswer(*signedIn);
  api::setServerCookie(response, {kBrowserCookie, "",
                                  "/api/" + context.environment().key() + "/authentication/azure",
                                  std::chrono::seconds(0), false});
  return response;
}

}  // namespace

void registerDirectorySignInRoutes(api::RouteTable& routes) {
  // Each may wait seconds for the directory (its configuration, keys and token endpoint): on the
  // workers, never the I/O threads.
  routes.add({.method = "GET",
              .path = "/api/{env}/authentication/azure/{registrationId}",
              .handler = startSignIn,
              .access = api::Access::Public,
              .errorStyle = api::ErrorStyle::TextInErrorField});
  routes.add({.method = "GET",
              .path = "/api/{env}/authentication/azure/{registrationId}/callback",
              .handler = directoryAnswered,
              .access = api::Access::Public,
              .errorStyle = api::ErrorStyle::TextInErrorField});
  routes.add({.method = "POST",
              .path = "/api/{env}/authentication/azure/complete",
              .handler = completeSignIn,
              .access = api::Access::Public,
              .errorStyle = api::ErrorStyle::TextInErrorField,
              .bodyLimit = 16 * 1024});
}

}  // namespace dossier::auth
