#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/errors.hpp"
#include "auth/routes.hpp"
#include "auth/session_list.hpp"
#include "core/text.hpp"

namespace dossier::auth {

namespace {

Result<http::Response> list(api::Context& context) {
  boost::json::array sessions;
  for (const auto& open : openSessionsOf(context.environment(), context.session(), Clock::now())) {
    sessions.push_back(boost::json::object{{"id", open.id},
                                           {"current", open.current},
                                           {"method", open.method},
                                           {"browser", open.browser},
                                           {"userAgent", open.userAgent},
                                           {"clientAddress", open.clientAddress},
                                           {"startedAt", open.startedAt},
                                           {"lastUsedAt", open.lastUsedAt}});
  }
  return api::jsonResponse(boost::json::object{{"sessions", std::move(sessions)}});
}

Result<http::Response> endOne(api::Context& context) {
  const auto id = parsePositiveId(context.param("sessionId"));
  if (!id) {
    return Error::of(errors::kSessionNotFound,
                     "That session has ended already, or is not one of yours.");
  }
  const auto& request = context.request();
  if (auto ended = endOwnSession(context.environment(), context.session(), *id,
                                 request.clientAddress, request.correlationId, Clock::now());
      !ended) {
    return std::move(ended).error();
  }
  return api::noContent();
}

Result<http::Response> endOthers(api::Context& context) {
  const auto& request = context.request();
  const int ended = endOtherOwnSessions(context.environment(), context.session(),
                                        request.clientAddress, request.correlationId, Clock::now());
  return api::jsonResponse(boost::json::object{{"ended", ended}});
}

}  // namespace

void registerSessionListRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/account/sessions",
              .handler = list,
              .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/account/sessions/{sessionId}/end",
              .handler = endOne,
              .bodyLimit = 1024});
  routes.add({.method = "POST",
              .path = "/api/{env}/account/sessions/endothers",
              .handler = endOthers,
              .bodyLimit = 1024});
}

}  // namespace dossier::auth
