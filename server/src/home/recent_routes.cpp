#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "home/recent_service.hpp"
#include "home/routes.hpp"

namespace dossier::home {

namespace {

Result<http::Response> recent(api::Context& context) {
  const auto& session = context.session();
  auto db = context.environment().db().acquire();
  return api::jsonResponse(
      recentRecords(*db, context.environment().catalog(), session.userId, session.username));
}

}  // namespace

void registerHomeRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET", .path = "/api/{env}/recent", .handler = recent});
}

}  // namespace dossier::home
