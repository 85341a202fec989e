#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "notifications/notification_service.hpp"
#include "notifications/routes.hpp"

namespace dossier::notifications {

namespace json = boost::json;

namespace {

Result<http::Response> list(api::Context& context) {
  const auto& request = context.request();
  auto page = readPageRequest(request.queryValue("before"), request.queryValue("limit"));
  if (!page) {
    return std::move(page).error();
  }
  auto db = context.environment().db().acquire();
  const auto found = notificationPage(*db, context.session().userId, *page);
  json::array items;
  for (const auto& notification : found.items) {
    items.push_back(records::notificationJson(notification));
  }
  return api::jsonResponse(
      json::object{{"items", std::move(items)}, {"unread", found.unread}, {"more", found.more}});
}

Result<http::Response> markOneRead(api::Context& context) {
  auto db = context.environment().db().acquire();
  if (auto marked = markRead(*db, context.session().userId,
                             context.request().pathParam("notificationId"), Clock::now());
      !marked) {
    return std::move(marked).error();
  }
  return api::noContent();
}

Result<http::Response> markEveryOneRead(api::Context& context) {
  auto db = context.environment().db().acquire();
  const int marked = markAllRead(*db, context.session().userId, Clock::now());
  return api::jsonResponse(json::object{{"marked", marked}});
}

}  // namespace

void registerNotificationRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/notifications",
              .handler = list,
              .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/notifications/{notificationId}/read",
              .handler = markOneRead,
              .bodyLimit = 1024});
  routes.add({.method = "POST",
              .path = "/api/{env}/notifications/read",
              .handler = markEveryOneRead,
              .bodyLimit = 1024});
}

}  // namespace dossier::notifications
