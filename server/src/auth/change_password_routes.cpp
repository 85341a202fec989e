#include <boost/json/value.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/bot_check.hpp"
#include "auth/change_password.hpp"
#include "auth/routes.hpp"
#include "core/json_body.hpp"

namespace dossier::auth {

namespace {

Result<http::Response> canChange(api::Context& context) {
  return api::jsonResponse(boost::json::value(canChangePassword(context.session())));
}

Result<http::Response> change(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto newPassword = optionalStringField(*body, "newPassword");
  if (!newPassword) {
    return std::move(newPassword).error();
  }
  auto confirm = optionalStringField(*body, "confirmNewPassword");
  if (!confirm) {
    return std::move(confirm).error();
  }
  auto current = optionalStringField(*body, "currentPassword");
  if (!current) {
    return std::move(current).error();
  }
  const auto& request = context.request();
  if (auto checked =
          requireBotCheck(context.environment(), request.header("x-bot-check"),
                          BotAction::ChangePassword, request.clientAddress, Clock::now());
      !checked) {
    return std::move(checked).error();
  }
  auto changed = changePassword(context.environment(), context.session(),
                                {newPassword->value_or(""), confirm->value_or(""), *current,
                                 request.clientAddress, request.correlationId},
                                Clock::now());
  if (!changed) {
    return std::move(changed).error();
  }
  return api::jsonResponse(boost::json::object{{"changed", true}});
}

}  // namespace

void registerChangePasswordRoutes(api::RouteTable& routes) {
  // The spec calls /api/ChangePassword without an environment; the session tells which one.
  for (const auto* path : {"/api/ChangePassword", "/api/{env}/ChangePassword"}) {
    routes.add({.method = "GET",
                .path = path,
                .handler = canChange,
                .access = api::Access::SignedInAnyState,
                .errorStyle = api::ErrorStyle::TextInErrorField});
    routes.add({.method = "PUT",
                .path = path,
                .handler = change,
                .access = api::Access::SignedInAnyState,
                .errorStyle = api::ErrorStyle::TextInErrorField,
                .bodyLimit = 16 * 1024});
  }
}

}  // namespace dossier::auth
