#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/routes.hpp"
#include "auth/sign_in_answer.hpp"
#include "auth/two_factor.hpp"
#include "core/json_body.hpp"

namespace dossier::auth {

namespace {

// The ticket and codes of a two-factor call, as the person's attempt.
Result<SecondFactorAttempt> attemptOf(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto ticket = optionalStringField(*body, "ticket");
  auto code = optionalStringField(*body, "code");
  auto recoveryCode = optionalStringField(*body, "recoveryCode");
  if (!ticket) {
    return std::move(ticket).error();
  }
  if (!code) {
    return std::move(code).error();
  }
  if (!recoveryCode) {
    return std::move(recoveryCode).error();
  }
  const auto& request = context.request();
  return SecondFactorAttempt{ticket->value_or(""), code->value_or(""), recoveryCode->value_or(""),
                             request.clientAddress, request.correlationId};
}

Result<http::Response> withCode(api::Context& context) {
  auto attempt = attemptOf(context);
  if (!attempt) {
    return std::move(attempt).error();
  }
  auto signedIn = signInWithCode(context.environment(), *attempt, Clock::now());
  if (!signedIn) {
    return std::move(signedIn).error();
  }
  return signInAnswer(*signedIn);
}

Result<http::Response> setupStart(api::Context& context) {
  auto attempt = attemptOf(context);
  if (!attempt) {
    return std::move(attempt).error();
  }
  auto secret = startSetup(context.environment(), attempt->ticket, Clock::now());
  if (!secret) {
    return std::move(secret).error();
  }
  return api::jsonResponse(boost::json::object{{"secret", secret->secret},
                                               {"otpauthUri", secret->otpauthUri},
                                               {"qrCode", secret->qrCodeSvg},
                                               {"issuer", secret->issuer},
                                               {"account", secret->account}});
}

Result<http::Response> setupConfirm(api::Context& context) {
  auto attempt = attemptOf(context);
  if (!attempt) {
    return std::move(attempt).error();
  }
  auto done = confirmSetup(context.environment(), *attempt, Clock::now());
  if (!done) {
    return std::move(done).error();
  }
  boost::json::array codes;
  for (const auto& code : done->recoveryCodes) {
    codes.emplace_back(code);
  }
  return signInAnswer(done->signedIn, {{"recoveryCodes", std::move(codes)}});
}

}  // namespace

void registerTwoFactorRoutes(api::RouteTable& routes) {
  const auto add = [&](const char* path, api::Handler handler) {
    routes.add({.method = "POST",
                .path = path,
                .handler = std::move(handler),
                .access = api::Access::Public,
                .errorStyle = api::ErrorStyle::TextInErrorField,
                .bodyLimit = 16 * 1024});
  };
  add("/api/{env}/authentication/2fa", withCode);
  add("/api/{env}/authentication/2fasetup/start", setupStart);
  add("/api/{env}/authentication/2fasetup", setupConfirm);
}

}  // namespace dossier::auth
