#include "app/application.hpp"

#include <array>
#include <charconv>
#include <optional>

#include <spdlog/spdlog.h>

#include "api/context.hpp"
#include "api/error_response.hpp"
#include "api/errors.hpp"
#include "app/all_routes.hpp"
#include "app/database_failure.hpp"
#include "app/environment_metrics.hpp"
#include "app/errors.hpp"
#include "app/hub_socket.hpp"
#include "app/readiness.hpp"
#include "auth/errors.hpp"
#include "auth/session_memory.hpp"
#include "auth/sessions.hpp"
#include "core/errors.hpp"
#include "core/logging.hpp"
#include "db/database_error.hpp"
#include "db/errors.hpp"
#include "db/pool.hpp"
#include "environments/errors.hpp"
#include "environments/registry.hpp"
#include "http/errors.hpp"
#include "metrics/registry.hpp"

namespace dossier::app {

namespace {

constexpr std::size_t kSmallBodyLimit = 64 * 1024;

using Outcome = http::Router<std::size_t>::Outcome;

bool isApi(const http::Request& request) {
  return !request.segments.empty() && request.segments.front() == "api";
}

bool isProbe(const http::Request& request, std::string_view name) {
  return request.segments.size() == 1 && request.segments.front() == name;
}

bool isReadinessCheck(const http::Request& request) {
  return isProbe(request, "readyz");
}

bool isMetrics(const http::Request& request) {
  return isProbe(request, "metrics");
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

Error noSession() {
  return Error::of(auth::errors::kNoSession,
                   "Please sign in: this request needs a session (X-Session-Token).");
}

// X-Timezone-Offset: minutes east of UTC; 0 when not sent.
Result<int> timezoneOffsetOf(const http::Request& request) {
  const auto header = request.header("x-timezone-offset");
  if (!header) {
    return 0;
  }
  if (auto minutes = parseTimezoneOffset(*header)) {
    return *minutes;
  }
  return Error::of(errors::kBadTimezoneOffset,
                   "The X-Timezone-Offset header must be whole minutes from UTC between "
                   "-840 and 840, such as 60 or -300.");
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

Application::Application(environments::Registry& registry, api::Services services,
                         const std::filesystem::path& webRoot, std::string defaultEnvironment,
                         MetricsAccess metricsAccess)
    : registry_(registry),
      services_(std::move(services)),
      table_(allRoutes(services_)),
      files_(webRoot),
      defaultEnvironment_(std::move(defaultEnvironment)),
      metricsAccess_(std::move(metricsAccess)),
      hubMetrics_(metrics::processRegistry(), "GET", "/api/{env}/hub") {
  auto& metrics = metrics::processRegistry();
  for (std::size_t i = 0; i < table_.routes().size(); ++i) {
    const auto& route = table_.routes()[i];
    router_.add(route.method, route.path, i);
    routeMetrics_.push_back(
        std::make_unique<http::RouteMetrics>(metrics, route.method, route.path));
  }
  // Routes of their own in the series, so that the web app's files and addresses nobody serves
  // are counted without a series per path asked for.
  static constexpr std::array<std::string_view, static_cast<std::size_t>(Served::Count)> kRoutes{
      "/healthz", "/readyz", "/metrics", "(web app)", "(unknown API)"};
  for (const auto route : kRoutes) {
    for (const auto method : http::RouteMetrics::methodLabels()) {
      servedMetrics_.push_back(
          std::make_unique<http::RouteMetrics>(metrics, std::string(method), std::string(route)));
    }
  }
}

http::RouteMetrics* Application::metricsOf(Served served, std::string_view method) {
  const auto methods = http::RouteMetrics::methodLabels().size();
  return servedMetrics_[static_cast<std::size_t>(served) * methods +
                        http::RouteMetrics::methodIndex(method)]
      .get();
}

http::Application::Plan Application::plan(const http::Request& request) {
  Plan plan;
  if (isReadinessCheck(request) || isMetrics(request)) {
    plan.offload = true;  // they ask every environment's database
    plan.metrics =
        metricsOf(isMetrics(request) ? Served::Metrics : Served::Readiness, request.method);
    return plan;
  }
  if (!isApi(request)) {
    // The web app's files and the health check: quick, and on the I/O thread.
    plan.metrics =
        metricsOf(isProbe(request, "healthz") ? Served::Health : Served::Web, request.method);
    return plan;
  }
  http::Router<std::size_t>::Match match;
  if (router_.match(request.method, request.segments, match) == Outcome::Found) {
    const auto& route = table_.routes()[*match.value];
    plan.bodyLimit = route.bodyLimit;
    plan.route = static_cast<int>(*match.value);
    plan.metrics = routeMetrics_[*match.value].get();
    // Only a quick route may hold an I/O thread (api/route.hpp), and only while its database is a
    // file on this machine: a round trip to a database server would hold the thread meanwhile.
    auto* environment = request.segments.size() > 1 ? registry_.find(request.segments[1]) : nullptr;
    const bool local = environment == nullptr || environment->db().local();
    plan.offload = route.work != api::Work::Quick || !local;
    plan.heavy = route.work == api::Work::Heavy || route.work == api::Work::Search;
    plan.search = route.work == api::Work::Search;
    plan.quick = route.work == api::Work::Quick && !local;
  } else {
    plan.bodyLimit = kSmallBodyLimit;
    plan.metrics = metricsOf(Served::UnknownApi, request.method);
  }
  return plan;
}

http::Response Application::handle(http::Request& request, const Plan&) noexcept {
  const RequestLogScope logScope(request.correlationId);
  try {
    if (isProbe(request, "healthz")) {
      return healthCheck(request);
    }
    if (isReadinessCheck(request)) {
      return readinessCheck(request);
    }
    if (isMetrics(request)) {
      return metricsAnswer(request);
    }
    if (isApi(request)) {
      return dispatchApi(request);
    }
    return serveWeb(request);
  } catch (const db::DatabaseError& e) {
    return databaseFailure(e, request);
  } catch (const std::exception& e) {
    return api::errorResponse(
        Error::of(core::errors::kInternal, request.method + " " + request.path + ": " + e.what()),
        request.correlationId);
  } catch (...) {
    return api::errorResponse(
        Error::of(core::errors::kInternal, request.method + " " + request.path),
        request.correlationId);
  }
}

http::Response Application::error(const http::Request& request, const Error& error) noexcept {
  try {
    // Answer in the style of the route asked for, so that a sign-in screen can show the text.
    auto style = api::ErrorStyle::Standard;
    http::Router<std::size_t>::Match match;
    if (isApi(request) &&
        router_.match(request.method, request.segments, match) == Outcome::Found) {
      style = table_.routes()[*match.value].errorStyle;
    }
    return api::errorResponse(error, request.correlationId, style);
  } catch (...) {
    return http::textResponse(500, "text/plain; charset=utf-8", "Internal error\n");
  }
}

namespace {

bool sameOrigin(std::string_view origin, std::string_view host) {
  return origin == "http://" + std::string(host) || origin == "https://" + std::string(host);
}

}  // namespace

http::Application::Upgrade Application::upgrade(http::Request& request) noexcept {
  try {
    const auto& segments = request.segments;
    const bool isHub = request.method == "GET" && segments.size() == 3 && segments[0] == "api" &&
                       (segments[2] == "hub" || segments[2] == "Hub");
    if (!isHub) {
      auto refused = http::Application::upgrade(request);
      refused.metrics = metricsOf(Served::UnknownApi, request.method);
      return refused;
    }
    auto* environment = registry_.find(segments[1]);
    if (environment == nullptr) {
      return {nullptr,
              api::errorResponse(
                  Error::of(environments::errors::kNotFound,
                            "There is no environment '" + segments[1] + "' on this server."),
                  request.correlationId),
              &hubMetrics_};
    }
    // A page of another site may open a WebSocket here in the user's browser; it could not
    // authenticate without the token, but it is refused before it gets that far.
    const auto origin = request.header("origin");
    const auto host = request.header("host");
    if (origin && (!host || !sameOrigin(*origin, *host))) {
      return {nullptr,
              api::errorResponse(Error::of(errors::kHubOrigin,
                                           "The hub accepts connections from the web app "
                                           "of this server only."),
                                 request.correlationId),
              &hubMetrics_};
    }
    return {std::make_shared<HubSocket>(
                *environment, request.clientAddress,
                [this](http::Request& call) { return dispatchHubCall(call); },
                [this](const std::string& method, const http::Request& call) {
                  return mayCallOverHub(method, call);
                }),
            {},
            &hubMetrics_};
  } catch (const std::exception& e) {
    spdlog::error("opening a hub connection failed: {} (cid={})", e.what(), request.correlationId);
    return {nullptr,
            api::errorResponse(Error::of(core::errors::kInternal, e.what()), request.correlationId),
            &hubMetrics_};
  }
}

bool Application::mayCallOverHub(const std::string& method, const http::Request& request) const {
  http::Router<std::size_t>::Match match;
  return router_.match(method, request.segments, match) == Outcome::Found &&
         table_.routes()[*match.value].overHub;
}

http::Response Application::dispatchHubCall(http::Request& request) {
  const auto started = std::chrono::steady_clock::now();
  const auto plan = this->plan(request);
  auto response = request.body.size() > plan.bodyLimit
                      ? api::errorResponse(Error::of(http::errors::kTooLarge,
                                                     "The request body is too large: at most " +
                                                         std::to_string(plan.bodyLimit) +
                                                         " bytes are accepted here."),
                                           request.correlationId)
                      : handle(request, plan);
  // Counted in its route's series as a request is: the work is the same, only the way in differs.
  if (plan.metrics != nullptr) {
    plan.metrics->observe(
        response.status,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  }
  logRequest({"HUB", request.method, request.path, response.status, std::nullopt,
              request.correlationId, response.logUser});
  return response;
}

Result<environments::Environment*> Application::environmentOf(const http::Request& request,
                                                              std::string_view token) {
  if (const auto key = request.pathParam("env"); !key.empty()) {
    auto* environment = registry_.find(key);
    if (environment == nullptr) {
      return Error::of(environments::errors::kNotFound,
                       "There is no environment '" + std::string(key) + "' on this server.");
    }
    return environment;
  }
  // /api/ChangePassword names no environment: the one that issued the token is meant.
  auto* environment = token.empty() ? nullptr : environmentOfToken(registry_, token);
  if (environment == nullptr) {
    return token.empty() ? noSession()
                         : Error::of(auth::errors::kInvalidSession,
                                     "Your session is not valid. Please sign in again.");
  }
  return environment;
}

Status Application::signIn(api::Context& context, const api::Route& route, std::string_view token) {
  if (route.access == api::Access::Public) {
    return {};
  }
  if (token.empty()) {
    return noSession();
  }
  auto& environment = context.environment();
  auto session = auth::checkSession(environment, token, Clock::now());
  if (!session) {
    return std::move(session).error();
  }
  const bool mustChange = session->mustChangePassword;
  context.setSession(std::move(session).value());
  if (route.access == api::Access::SignedIn && mustChange) {
    return Error::of(auth::errors::kPasswordChangeRequired,
                     "You must change your password before you can continue.");
  }
  return {};
}

Result<http::Response> Application::runRoute(http::Request& request, const api::Route& route,
                                             std::string_view token, std::string& user) {
  auto offset = timezoneOffsetOf(request);
  if (!offset) {
    return std::move(offset).error();
  }
  auto environment = environmentOf(request, token);
  if (!environment) {
    return std::move(environment).error();
  }
  api::Context context(request, **environment);
  context.setTimezoneOffset(*offset);
  auto signedIn = signIn(context, route, token);
  if (context.signedIn()) {
    user = context.session().username;
    RequestLogScope::setUser(user);
  }
  if (!signedIn) {
    return std::move(signedIn).error();
  }
  return route.handler(context);
}

http::Response Application::dispatchApi(http::Request& request) {
  const auto& cid = request.correlationId;
  http::Router<std::size_t>::Match match;
  const auto outcome = router_.match(request.method, request.segments, match);
  if (outcome == Outcome::NotFound) {
    if (request.segments.size() >= 3 && registry_.find(request.segments[1]) == nullptr) {
      return api::errorResponse(
          Error::of(environments::errors::kNotFound,
                    "There is no environment '" + request.segments[1] + "' on this server."),
          cid);
    }
    return api::errorResponse(
        Error::of(api::errors::kNotFound, "There is no API at " + request.path + "."), cid);
  }
  if (outcome == Outcome::MethodNotAllowed) {
    auto response = api::errorResponse(
        Error::of(errors::kMethodNotAllowed, request.method + " is not allowed for " +
                                                 request.path + "; use " + match.allowed + "."),
        cid);
    response.setHeader("Allow", match.allowed);
    return response;
  }

  const auto& route = table_.routes()[*match.value];
  request.pathParams = std::move(match.params);
  std::string user;
  auto result = runRoute(request, route, request.header("x-session-token").value_or(""), user);
  auto response = result ? std::move(result).value()
                         : api::errorResponse(result.error(), cid, route.errorStyle);
  if (!response.header("Cache-Control")) {
    response.setHeader("Cache-Control", "no-store");
  }
  response.logUser = std::move(user);
  return response;
}

namespace {

// 405 for anything but GET and HEAD, on what can only be read; nothing when the method is one of
// those.
std::optional<http::Response> readOnly(const http::Request& request, const ErrorCode& code,
                                       std::string what) {
  if (request.method == "GET" || request.method == "HEAD") {
    return std::nullopt;
  }
  auto response = api::errorResponse(
      Error::of(code, "Only GET and HEAD are allowed for " + what + "."), request.correlationId);
  response.setHeader("Allow", "GET, HEAD");
  return response;
}

}  // namespace

// A probe that can change nothing.
http::Response Application::healthCheck(const http::Request& request) {
  if (auto refused = readOnly(request, errors::kHealthMethodNotAllowed, "the health check")) {
    return std::move(*refused);
  }
  return http::textResponse(200, "text/plain; charset=utf-8", "ok\n");
}

// The same, and whether this process can serve its environments now (app/readiness.hpp).
http::Response Application::readinessCheck(const http::Request& request) {
  if (auto refused = readOnly(request, errors::kHealthMethodNotAllowed, "the readiness check")) {
    return std::move(*refused);
  }
  auto response = readiness(registry_);
  response.setHeader("Cache-Control", "no-store");
  return response;
}

// What this process counts, for Prometheus: to the addresses and the token the server was told
// (app/metrics_access.hpp).
http::Response Application::metricsAnswer(const http::Request& request) {
  if (auto refused = readOnly(request, errors::kHealthMethodNotAllowed, "the metrics")) {
    return std::move(*refused);
  }
  if (auto refusal = metricsAccess_.refusal(request)) {
    auto response = api::errorResponse(*refusal, request.correlationId);
    if (response.status == 401) {
      response.setHeader("WWW-Authenticate", "Bearer realm=\"dossier metrics\"");
    }
    return response;
  }
  metrics::TextFormat out;
  metrics::processRegistry().write(out);
  writeEnvironmentMetrics(registry_, out);
  auto response =
      http::textResponse(200, std::string(metrics::TextFormat::kContentType), out.take());
  response.setHeader("Cache-Control", "no-store");
  return response;
}

http::Response Application::serveWeb(http::Request& request) {
  if (auto refused =
          readOnly(request, errors::kWebMethodNotAllowed, "the web app's pages and files")) {
    return std::move(*refused);
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
