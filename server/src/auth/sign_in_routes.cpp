#include <algorithm>
#include <optional>

#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/error_response.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/audit_log.hpp"
#include "auth/bot_check.hpp"
#include "auth/errors.hpp"
#include "auth/routes.hpp"
#include "auth/session_memory.hpp"
#include "auth/sessions.hpp"
#include "auth/sign_in.hpp"
#include "auth/sign_in_answer.hpp"
#include "auth/windows_sign_in.hpp"
#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "core/json_body.hpp"
#include "core/text.hpp"
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
  const auto now = Clock::now();
  auto checked = requireBotCheck(context.environment(), request.header("x-bot-check"),
                                 BotAction::SignIn, request.clientAddress, now);
  if (!checked) {
    return std::move(checked).error();
  }
  SignInAttempt attempt{username->value_or(""), password->value_or(""), request.clientAddress,
                        request.correlationId};
  attempt.botCheckPassed = *checked;
  attempt.userAgent = request.header("user-agent").value_or("");
  auto signedIn = signIn(context.environment(), attempt, now);
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

// Windows integrated sign-in (RFC 4559): without a token, a 401 whose WWW-Authenticate: Negotiate
// has the browser send one (if this site is one it offers Windows credentials to); with one, the
// session or a refusal. The error shapes are the one of every sign-in, with the header added.
Result<http::Response> windowsSignIn(api::Context& context) {
  auto& environment = context.environment();
  const auto& methods = environment.config().signIn.methods;
  if (std::find(methods.begin(), methods.end(), config::kWindows) == methods.end()) {
    return Error::of(errors::kMethodNotEnabled,
                     "Signing in with Windows credentials is not available in this "
                     "environment. Please sign in with your username and password.");
  }
  const auto& request = context.request();
  const auto negotiate = [&](const Error& error) {
    auto response =
        api::errorResponse(error, request.correlationId, api::ErrorStyle::TextInErrorField);
    response.setHeader("WWW-Authenticate", "Negotiate");
    return response;
  };
  const auto authorization = request.header("authorization").value_or("");
  constexpr std::string_view kScheme = "Negotiate ";
  const bool hasToken = authorization.size() > kScheme.size() &&
                        equalsIgnoringCase(authorization.substr(0, kScheme.size()), kScheme);
  const auto token =
      hasToken ? base64Decode(trimmedText(authorization.substr(kScheme.size()))) : std::nullopt;
  if (!hasToken) {
    return negotiate(Error::of(
        errors::kWindowsNotOffered,
        "Your browser did not offer Windows credentials for this site. Sign in with your username "
        "and password, or ask your administrator to add this site to the browser's trusted "
        "intranet sites."));
  }
  if (!token || token->empty()) {
    return Error::of(core::errors::kInvalidField,
                     "The Authorization header must be Negotiate followed by a base64 token.");
  }
  WindowsAttempt attempt{*token, request.clientAddress, request.correlationId,
                         std::string(request.header("user-agent").value_or(""))};
  auto signedIn = signInWithWindows(environment, attempt, Clock::now());
  if (!signedIn) {
    if (signedIn.error().is(errors::kWindowsRefused)) {
      return negotiate(signedIn.error());
    }
    return std::move(signedIn).error();
  }
  return signInAnswer(*signedIn);
}

}  // namespace

void registerSignInRoutes(api::RouteTable& routes) {
  routes.add({.method = "POST",
              .path = "/api/{env}/authentication/windows",
              .handler = windowsSignIn,
              .access = api::Access::Public,
              .errorStyle = api::ErrorStyle::TextInErrorField,
              .bodyLimit = 16 * 1024});
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
