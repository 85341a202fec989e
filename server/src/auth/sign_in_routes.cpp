#include <algorithm>
#include <optional>

#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/audit_log.hpp"
#include "auth/errors.hpp"
#include "auth/routes.hpp"
#include "auth/session_memory.hpp"
#include "auth/sessions.hpp"
#include "auth/sign_in.hpp"
#include "auth/sign_in_answer.hpp"
#include "core/json_body.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "realtime/fanout.hpp"

namespace dossier::auth {

namespace {

Result<http::Response> login(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto username = optionalStringField(*body, "username");
  if (!username) {
    return std::move(username).error();
  }
  auto password = optionalStringField(*body, "password");
  if (!password) {
    return std::move(password).error();
  }
  const auto& request = context.request();
  SignInAttempt attempt{username->value_or(""), password->value_or(""), request.clientAddress,
                        request.correlationId};
  attempt.userAgent = request.header("user-agent").value_or("");
  auto signedIn = signIn(context.environment(), attempt, Clock::now());
  if (!signedIn) {
    return std::move(signedIn).error();
  }
  return signInAnswer(*signedIn);
}

// Ends the session of the token sent, if it is still valid; answers 204 either way so that signing
// out always succeeds from the person's point of view.
Result<http::Response> logout(api::Context& context) {
  const auto token = context.request().header("x-session-token");
  if (!token) {
    return api::noContent();
  }
  auto& environment = context.environment();
  const auto now = Clock::now();
  auto response = api::noContent();
  std::optional<std::int64_t> ended;
  {
    auto db = environment.db().acquire();
    auto session = validateSession(*db, *token, environment.config().sessions, now);
    if (session) {
      revokeSession(*db, session->sessionId, now);
      recordSecurityEvent(
          *db, {"signout", session->userId, session->username, context.request().clientAddress,
                context.request().correlationId, ""});
      response.logUser = session->username;
      ended = session->sessionId;
    }
  }
  if (ended) {
    // With the connection given back: telling the other processes takes one.
    forgetSessions(environment);
    // Its other tabs are told at once, on every server process, and stop listening.
    environment.endHubSession(std::to_string(*ended), "You signed out.");
  }
  return response;
}

// Windows and cloud-directory sign-in (DESIGN §4 fixes their paths) cannot be enabled in this
// version (docs/decisions.md): the routes exist so that a client asking is told so plainly.
Result<http::Response> windowsSignIn(api::Context&) {
  return Error::of(errors::kMethodNotEnabled,
                   "Signing in with Windows credentials is not available in this "
                   "environment. Please sign in with your username and password.");
}

Result<http::Response> azureSignIn(api::Context& context) {
  const auto& registrations = context.environment().config().signIn.azureRegistrations;
  const auto id = context.param("registrationId");
  const auto found = std::find_if(registrations.begin(), registrations.end(),
                                  [&](const auto& registration) { return registration.id == id; });
  return Error::of(
      errors::kMethodNotEnabled,
      "Signing in with " +
          (found != registrations.end() ? found->name : std::string("a cloud directory")) +
          " is not available in this environment. Please sign in with your username and "
          "password.");
}

}  // namespace

void registerSignInRoutes(api::RouteTable& routes) {
  routes.add({.method = "POST",
              .path = "/api/{env}/authentication/windows",
              .handler = windowsSignIn,
              .access = api::Access::Public,
              .errorStyle = api::ErrorStyle::TextInErrorField,
              .bodyLimit = 16 * 1024,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/authentication/azure/{registrationId}",
              .handler = azureSignIn,
              .access = api::Access::Public,
              .errorStyle = api::ErrorStyle::TextInErrorField,
              .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/authentication/login",
              .handler = login,
              .access = api::Access::Public,
              .errorStyle = api::ErrorStyle::TextInErrorField,
              .bodyLimit = 16 * 1024});
  routes.add({.method = "POST",
              .path = "/api/{env}/authentication/logout",
              .handler = logout,
              .access = api::Access::Public,
              .bodyLimit = 16 * 1024});
}

}  // namespace dossier::auth
