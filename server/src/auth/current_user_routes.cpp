#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/routes.hpp"
#include "auth/session_memory.hpp"
#include "auth/users.hpp"
#include "core/json_body.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

boost::json::object describe(const api::Session& session) {
  boost::json::object out{
      {"username", session.username},
      {"displayName", session.displayName},
      {"highContrast", session.highContrast},
      {"mustChangePassword", session.mustChangePassword},
      {"canChangePassword", session.hasPassword},
  };
  if (session.personId) {
    out["personId"] = *session.personId;
  } else {
    out["personId"] = nullptr;
  }
  return out;
}

Result<http::Response> currentUser(api::Context& context) {
  return api::jsonResponse(describe(context.session()));
}

Result<http::Response> updateHighContrast(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto highContrast = boolField(*body, "highContrast");
  if (!highContrast) {
    return std::move(highContrast).error();
  }
  auto session = context.session();
  {
    auto db = context.environment().db().acquire();
    setHighContrast(*db, session.userId, *highContrast);
  }
  forgetSessions(context.environment());
  session.highContrast = *highContrast;
  return api::jsonResponse(describe(session));
}

}  // namespace

void registerCurrentUserRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/currentuser",
              .handler = currentUser,
              .access = api::Access::SignedInAnyState,
              .work = api::Work::Quick});
  routes.add({.method = "PUT",
              .path = "/api/{env}/currentuser/highcontrast",
              .handler = updateHighContrast,
              .access = api::Access::SignedInAnyState,
              .bodyLimit = 16 * 1024});
}

}  // namespace dossier::auth
