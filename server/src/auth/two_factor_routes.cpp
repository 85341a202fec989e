#include <string>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "auth/routes.hpp"
#include "auth/sign_in_answer.hpp"
#include "auth/two_factor.hpp"
#include "auth/two_factor_account.hpp"
#include "core/json_body.hpp"

namespace dossier::auth {

namespace {

boost::json::object secretJson(const SecretToSetUp& secret) {
  return {{"secret", secret.secret},
          {"otpauthUri", secret.otpauthUri},
          {"qrCode", secret.qrCodeSvg},
          {"issuer", secret.issuer},
          {"account", secret.account}};
}

boost::json::object recoveryCodesJson(const std::vector<std::string>& codes) {
  boost::json::array list;
  for (const auto& code : codes) {
    list.emplace_back(code);
  }
  return {{"recoveryCodes", std::move(list)}};
}

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
  return api::jsonResponse(secretJson(*secret));
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

// The signed-in person's change: the current code, if the body has one.
Result<AccountChange> changeOf(api::Context& context, std::string* setupToken = nullptr) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto code = optionalStringField(*body, "code");
  if (!code) {
    return std::move(code).error();
  }
  if (setupToken != nullptr) {
    auto token = optionalStringField(*body, "setupToken");
    if (!token) {
      return std::move(token).error();
    }
    *setupToken = token->value_or("");
  }
  auto currentPassword = optionalStringField(*body, "currentPassword");
  if (!currentPassword) {
    return std::move(currentPassword).error();
  }
  const auto& request = context.request();
  return AccountChange{code->value_or(""), request.clientAddress, request.correlationId,
                       *currentPassword};
}

Result<http::Response> accountStatus(api::Context& context) {
  const auto status = twoFactorStatus(context.environment(), context.session());
  return api::jsonResponse(boost::json::object{
      {"offered", status.offered},
      {"required", status.required},
      {"enabled", status.enabled},
      {"confirmedAt", status.confirmedAt ? boost::json::value(*status.confirmedAt) : nullptr},
      {"recoveryCodesLeft", status.recoveryCodesLeft}});
}

Result<http::Response> accountStart(api::Context& context) {
  auto change = changeOf(context);
  if (!change) {
    return std::move(change).error();
  }
  auto begun = beginChange(context.environment(), context.session(), *change, Clock::now());
  if (!begun) {
    return std::move(begun).error();
  }
  auto body = secretJson(begun->secret);
  body["setupToken"] = begun->setupToken;
  return api::jsonResponse(std::move(body));
}

Result<http::Response> accountConfirm(api::Context& context) {
  std::string setupToken;
  auto change = changeOf(context, &setupToken);
  if (!change) {
    return std::move(change).error();
  }
  auto codes =
      confirmChange(context.environment(), context.session(), setupToken, *change, Clock::now());
  if (!codes) {
    return std::move(codes).error();
  }
  return api::jsonResponse(recoveryCodesJson(*codes));
}

Result<http::Response> accountRecoveryCodes(api::Context& context) {
  auto change = changeOf(context);
  if (!change) {
    return std::move(change).error();
  }
  auto codes = renewRecoveryCodes(context.environment(), context.session(), *change, Clock::now());
  if (!codes) {
    return std::move(codes).error();
  }
  return api::jsonResponse(recoveryCodesJson(*codes));
}

Result<http::Response> accountOff(api::Context& context) {
  auto change = changeOf(context);
  if (!change) {
    return std::move(change).error();
  }
  if (auto done = turnOff(context.environment(), context.session(), *change, Clock::now()); !done) {
    return std::move(done).error();
  }
  return api::noContent();
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

  routes.add({.method = "GET",
              .path = "/api/{env}/account/twofactor",
              .handler = accountStatus,
              .work = api::Work::Quick});
  for (auto [path, handler] :
       {std::pair{"/api/{env}/account/twofactor/start", &accountStart},
        std::pair{"/api/{env}/account/twofactor/confirm", &accountConfirm},
        std::pair{"/api/{env}/account/twofactor/recoverycodes", &accountRecoveryCodes},
        std::pair{"/api/{env}/account/twofactor/off", &accountOff}}) {
    routes.add({.method = "POST", .path = path, .handler = handler, .bodyLimit = 16 * 1024});
  }
}

}  // namespace dossier::auth
