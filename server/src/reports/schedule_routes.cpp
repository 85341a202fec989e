#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "reports/routes.hpp"
#include "reports/schedule_service.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

Result<http::Response> scheduleAnswer(Result<json::object> schedule, int status = 200) {
  if (!schedule) {
    return std::move(schedule).error();
  }
  return api::jsonResponse(json::object{{"schedule", std::move(*schedule)}}, status);
}

Result<http::Response> list(api::Context& context) {
  return api::jsonResponse(
      json::object{{"schedules", listSchedules(context.environment(), context.session())}});
}

Result<http::Response> create(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  return scheduleAnswer(createSchedule(context.environment(), context.session(), *body), 201);
}

Result<http::Response> update(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  return scheduleAnswer(
      updateSchedule(context.environment(), context.session(), context.param("scheduleId"), *body));
}

Result<http::Response> remove(api::Context& context) {
  if (auto removed =
          deleteSchedule(context.environment(), context.session(), context.param("scheduleId"));
      !removed) {
    return std::move(removed).error();
  }
  return api::noContent();
}

Result<http::Response> recipients(api::Context& context) {
  auto choices =
      listRecipientChoices(context.environment(), context.session(),
                           context.request().queryValue("search").value_or("").substr(0, 200));
  if (!choices) {
    return std::move(choices).error();
  }
  return api::jsonResponse(json::object{{"recipients", std::move(*choices)}});
}

Result<http::Response> sendNow(api::Context& context) {
  return scheduleAnswer(
      sendScheduleNow(context.environment(), context.session(), context.param("scheduleId")), 202);
}

}  // namespace

void registerScheduleRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/reports/schedules",
              .handler = list,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/reports/recipients",
              .handler = recipients,
              .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/reports/schedules",
              .handler = create,
              .bodyLimit = 64 * 1024});
  routes.add({.method = "PUT",
              .path = "/api/{env}/reports/schedules/{scheduleId}",
              .handler = update,
              .bodyLimit = 64 * 1024});
  routes.add(
      {.method = "DELETE", .path = "/api/{env}/reports/schedules/{scheduleId}", .handler = remove});
  routes.add({.method = "POST",
              .path = "/api/{env}/reports/schedules/{scheduleId}/send",
              .handler = sendNow,
              .bodyLimit = 1024});
}

}  // namespace dossier::reports
