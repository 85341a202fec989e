#include "app/application.hpp"

#include <charconv>

#include <spdlog/spdlog.h>

#include "api/context.hpp"
#include "api/error_response.hpp"
#include "auth/sessions.hpp"
#include "db/pool.hpp"
#include "environments/registry.hpp"

namespace dossier::app {

namespace {

constexpr std::size_t kSmallBodyLimit = 64 * 1024;

bool isApi(const http::Request& request) {
  return !request.segments.empty() && request.segments.front() == "api";
}

std::optional<int> parseTimezoneOffset(std::string_view text) {
  int minutes = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, minutes);
  // Real offsets lie between UTC-12 and UTC+14.
  if (ec != std::errc{} || ptr != end || minutes < -14 * 60 || minutes > 14 * 60) {
    return std::nullopt;
  }
  return minutes;
}

environments::Environment* environmentOfToken(environments::Registry& registry,
                                              std::string_view token) {
  for (auto* environment : registry.all()) {
    auto db = environment->db().acquire();
    if (auth::isKnownToken(*db, token)) {
      return environment;
    }
  }
  return nullptr;
}

http::Response notFoundPage() {
  return http::textResponse(404, "text/html; charset=utf-8",
                            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                            "<title>Not found</title></head><body><h1>Page not found</h1>"
                            "<p><a href=\"/\">Go to Dossier</a></p></body></html>\n");
}

}  // namespace

Application::Application(environments::Registry& registry, api::RouteTable routes,
                         const std::filesystem::path& webRoot, std::string defaultEnvironment)
    : registry_(registry),
      table_(std::move(routes)),
      files_(webRoot),
      defaultEnvironment_(std::move(defaultEnvironment)) {
  for (std::size_t i = 0; i < table_.routes().size(); ++i) {
    const auto& route = table_.routes()[i];
    router_.add(route.method, route.path, i);
  }
}

http::Application::Plan Application::plan(const http::Request& request) {
  Plan plan;
  if (!isApi(request)) {
    return plan;
  }
  http::Router<std::size_t>::Match match;
  if (router_.match(request.method, request.segments, match) ==
      http::Router<std::size_t>::Outcome::Found) {
    const auto& route = table_.routes()[*match.value];
    plan.bodyLimit = route.bodyLimit;
    plan.offload = route.offload;
    plan.route = static_cast<int>(*match.value);
  } else {
    plan.bodyLimit = kSmallBodyLimit;
  }
  return plan;
}

http::Response Application::handle(http::Request& request, const Plan&) noexcept {
  try {
    if (request.segments.size() == 1 && request.segments.front() == "healthz") {
      return http::textResponse(200, "text/plain; charset=utf-8", "ok\n");
    }
    if (isApi(request)) {
      return dispatchApi(request);
    }
    return serveWeb(request);
  } catch (const std::exception& e) {
    spdlog::error("{} {} failed (cid={}): {}", request.method, request.path, request.correlationId,
                  e.what());
    return api::errorResponse(Error::internal(), request.correlationId);
  } catch (...) {
    spdlog::error("{} {} failed (cid={})", request.method, request.path, request.correlationId);
    return api::errorResponse(Error::internal(), request.correlationId);
  }
}

http::Response Application::error(const http::Request& request, const Error& error) noexcept {
  try {
    // Answer in the style of the route asked for, so that a sign-in screen can show the text.
    auto style = api::ErrorStyle::Standard;
    http::Router<std::size_t>::Match match;
    if (isApi(request) && router_.match(request.method, request.segments, match) ==
                              http::Router<std::size_t>::Outcome::Found) {
      style = table_.routes()[*match.value].errorStyle;
    }
    return api::errorResponse(error, request.correlationId, style);
  } catch (...) {
    return http::textResponse(500, "text/plain; charset=utf-8", "Internal error\n");
  }
}

http::Response Application::dispatchApi(http::Request& request) {
  const auto& cid = request.correlationId;
  http::Router<std::size_t>::Match match;
  const auto outcome = router_.match(request.method, request.segments, match);
  if (outcome == http::Router<std::size_t>::Outcome::NotFound) {
    if (request.segments.size() >= 3 && registry_.find(request.segments[1]) == nullptr) {
      return api::errorResponse(
          Error::notFound("environment.not_found",
                          "There is no environment '" + request.segments[1] + "' on this server."),
          cid);
    }
    return api::errorResponse(
        Error::notFound("api.not_found", "There is no API at " + request.path + "."), cid);
  }
  if (outcome == http::Router<std::size_t>::Outcome::MethodNotAllowed) {
    auto response = api::errorResponse(Error{ErrorKind::MethodNotAllowed,
                                             "api.method_not_allowed",
                                             request.method + " is not allowed for " +
                                                 request.path + "; use " + match.allowed + ".",
                                             {},
                                             {}},
                                       cid);
    response.setHeader("Allow", match.allowed);
    return response;
  }

  const auto& route = table_.routes()[*match.value];
  const auto fail = [&](const Error& error) {
    return api::errorResponse(error, cid, route.errorStyle);
  };
  request.pathParams = std::move(match.params);

  std::optional<int> offset = 0;
  if (const auto header = request.header("x-timezone-offset")) {
    offset = parseTimezoneOffset(*header);
    if (!offset) {
      return fail(Error::badRequest(
          "request.bad_timezone_offset",
          "The X-Timezone-Offset header must be whole minutes from UTC between -840 and 840, "
          "such as 60 or -300."));
    }
  }

  const auto token = request.header("x-session-token").value_or("");
  environments::Environment* environment = nullptr;
  if (const auto key = request.pathParam("env"); !key.empty()) {
    environment = registry_.find(key);
    if (environment == nullptr) {
      return fail(
          Error::notFound("environment.not_found",
                          "There is no environment '" + std::string(key) + "' on this server."));
    }
  } else if (!token.empty()) {
    environment = environmentOfToken(registry_, token);
  }

  const auto noSession = Error::unauthorized(
      "auth.no_session", "Please sign in: this request needs a session (X-Session-Token).");
  if (environment == nullptr) {
    return fail(token.empty() ? noSession
                              : Error::unauthorized("auth.invalid_session",
                                                    "Your session is not valid. Please sign in "
                                                    "again."));
  }

  api::Context context(request, *environment);
  context.setTimezoneOffset(*offset);
  if (route.access != api::Access::Public) {
    if (token.empty()) {
      return fail(noSession);
    }
    auto session = [&] {
      auto db = environment->db().acquire();
      return auth::validateSession(*db, token, environment->config().sessions, Clock::now());
    }();
    if (!session) {
      return fail(session.error());
    }
    if (route.access == api::Access::SignedIn && session->mustChangePassword) {
      auto response =
          fail(Error::forbidden("auth.password_change_required",
                                "You must change your password before you can continue."));
      response.logUser = session->username;
      return response;
    }
    context.setSession(std::move(session).value());
  }

  auto result = route.handler(context);
  auto response = result ? std::move(result).value() : fail(result.error());
  if (!response.header("Cache-Control")) {
    response.setHeader("Cache-Control", "no-store");
  }
  if (context.signedIn()) {
    response.logUser = context.session().username;
  }
  return response;
}

http::Response Application::serveWeb(http::Request& request) {
  if (request.method != "GET" && request.method != "HEAD") {
    auto response =
        api::errorResponse(Error{ErrorKind::MethodNotAllowed,
                                 "web.method_not_allowed",
                                 "Only GET and HEAD are allowed for the web app's pages and files.",
                                 {},
                                 {}},
                           request.correlationId);
    response.setHeader("Allow", "GET, HEAD");
    return response;
  }
  if (request.segments.empty()) {
    http::Response response;
    response.status = 302;
    response.setHeader("Location", "/" + defaultEnvironment_ + "/");
    return response;
  }
  if (auto file = files_.file(request, request.segments)) {
    return std::move(*file);
  }
  if (registry_.find(request.segments.front()) != nullptr) {
    return files_.index(request);
  }
  return notFoundPage();
}

}  // namespace dossier::app
