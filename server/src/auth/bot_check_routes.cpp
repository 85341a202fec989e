#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/bot_check.hpp"
#include "auth/routes.hpp"
#include "core/errors.hpp"

namespace dossier::auth {

namespace {

Result<http::Response> challenge(api::Context& context) {
  auto name = context.requiredQuery("action");
  if (!name) {
    return std::move(name).error();
  }
  const auto action = botActionNamed(*name);
  if (!action) {
    return Error::of(core::errors::kInvalidField,
                     "action must be signin or changepassword, not '" + *name + "'");
  }
  const auto made = issueBotChallenge(context.environment(), *action, Clock::now());
  return api::jsonResponse(boost::json::object{{"algorithm", "SHA-256"},
                                               {"challenge", made.challenge},
                                               {"maxnumber", made.maxNumber},
                                               {"salt", made.salt},
                                               {"signature", made.signature}});
}

}  // namespace

void registerBotCheckRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/botcheck/challenge",
              .handler = challenge,
              .access = api::Access::Public,
              .errorStyle = api::ErrorStyle::TextInErrorField});
}

}  // namespace dossier::auth
