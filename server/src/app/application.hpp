#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "api/route.hpp"
#include "api/services.hpp"
#include "app/metrics_access.hpp"
#include "http/application.hpp"
#include "http/router.hpp"
#include "http/static_files.hpp"

namespace dossier::environments {
class Environment;
class Registry;
}  // namespace dossier::environments
namespace dossier::api {
class Context;
}

namespace dossier::app {

// The whole of what dossier serves: the API under /api/, a health check at /healthz, a
// readiness check at /readyz, the metrics at /metrics, and the web app for every environment.
// Resolves the environment, checks the session and hands the request to its feature's handler. It
// owns the services its features do for one another (app::featureServices()) and the route table
// made with them (app::allRoutes()), and the series each route's requests are counted in.
class Application final : public http::Application {
 public:
  Application(environments::Registry& registry, api::Services services,
              const std::filesystem::path& webRoot, std::string defaultEnvironment,
              MetricsAccess metricsAccess = {});
  // The routes hold on to services_.
  Application(const Application&) = delete;
  Application& operator=(const Application&) = delete;

  Plan plan(const http::Request& request) override;
  http::Response handle(http::Request& request, const Plan& plan) noexcept override;
  http::Response error(const http::Request& request, const Error& error) noexcept override;
  // /api/{env}/hub: the environment's realtime hub (app/hub_socket.hpp).
  Upgrade upgrade(http::Request& request) noexcept override;

 private:
  http::Response dispatchApi(http::Request& request);
  // A call made over the hub, answered like a request to the same route.
  http::Response dispatchHubCall(http::Request& request);
  bool mayCallOverHub(const std::string& method, const http::Request& request) const;
  // The route's answer, or the failure to answer; user: who asked, once known.
  Result<http::Response> runRoute(http::Request& request, const api::Route& route,
                                  std::string_view token, std::string& user);
  Result<environments::Environment*> environmentOf(const http::Request& request,
                                                   std::string_view token);
  // The session a route needs (401, or 403 while the password must be changed first).
  Status signIn(api::Context& context, const api::Route& route, std::string_view token);
  http::Response serveWeb(http::Request& request);
  static http::Response healthCheck(const http::Request& request);
  http::Response readinessCheck(const http::Request& request);
  http::Response metricsAnswer(const http::Request& request);
  // What is served beside the route table, and counted under a route of its own.
  enum class Served { Health, Readiness, Metrics, Web, UnknownApi, Count };
  // Its series for the request's method.
  http::RouteMetrics* metricsOf(Served served, std::string_view method);

  environments::Registry& registry_;
  const api::Services services_;  // before table_, whose routes use it
  api::RouteTable table_;
  http::Router<std::size_t> router_;
  http::StaticFiles files_;
  std::string defaultEnvironment_;
  MetricsAccess metricsAccess_;
  std::vector<std::unique_ptr<http::RouteMetrics>> routeMetrics_;   // as table_'s routes
  std::vector<std::unique_ptr<http::RouteMetrics>> servedMetrics_;  // Served × method
  http::RouteMetrics hubMetrics_;
};

}  // namespace dossier::app
