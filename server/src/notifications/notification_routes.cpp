#include <charconv>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "notifications/routes.hpp"
#include "records/notifications.hpp"

namespace dossier::notifications {

namespace json = boost::json;

namespace {

constexpr int kDefaultPage = 20;
constexpr int kLargestPage = 100;

// A whole positive number of a query parameter; `fallback` when absent.
Result<std::int64_t> number(api::Context& context, std::string_view name, std::int64_t fallback) {
  const auto text = context.request().queryValue(name);
  if (!text) {
    return fallback;
  }
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc{} || end != text->data() + text->size() || value < 0) {
    return Error::badRequest("notification.bad_query",
                             "'" + std::string(name) + "' must be a whole number of 0 or more.");
  }
  return value;
}

Result<http::Response> list(api::Context& context) {
  auto before = number(context, "before", 0);
  if (!before) {
    return std::move(before).error();
  }
  auto limit = number(context, "limit", kDefaultPage);
  if (!limit) {
    return std::move(limit).error();
  }
  if (*limit < 1 || *limit > kLargestPage) {
    return Error::badRequest("notification.bad_query",
                             "'limit' must be between 1 and " + std::to_string(kLargestPage) + ".");
  }
  auto db = context.environment().db().acquire();
  const auto page =
      records::notificationsOf(*db, context.session().userId, *before, static_cast<int>(*limit));
  json::array items;
  for (const auto& notification : page.items) {
    items.push_back(records::notificationJson(notification));
  }
  return api::jsonResponse(
      json::object{{"items", std::move(items)}, {"unread", page.unread}, {"more", page.more}});
}

Result<http::Response> markRead(api::Context& context) {
  const auto text = context.request().pathParam("notificationId");
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  const auto notThere = Error::notFound("notification.not_found",
                                        "There is no notification " + std::string(text) + ".");
  if (ec != std::errc{} || end != text.data() + text.size()) {
    return notThere;
  }
  auto db = context.environment().db().acquire();
  if (!records::markNotificationRead(*db, context.session().userId, id, Clock::now())) {
    return notThere;
  }
  return api::noContent();
}

Result<http::Response> markAllRead(api::Context& context) {
  auto db = context.environment().db().acquire();
  const int marked = records::markAllNotificationsRead(*db, context.session().userId, Clock::now());
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
              .handler = markRead,
              .bodyLimit = 1024});
  routes.add({.method = "POST",
              .path = "/api/{env}/notifications/read",
              .handler = markAllRead,
              .bodyLimit = 1024});
}

}  // namespace dossier::notifications
