#include "auth/sign_in_answer.hpp"

#include "api/json_response.hpp"

namespace dossier::auth {

http::Response signInAnswer(const SignedIn& signedIn, boost::json::object extra) {
  boost::json::object body = std::move(extra);
  body["next"] = signedIn.next;
  if (signedIn.next == "login") {
    body["token"] = signedIn.token;
    body["mustChangePassword"] = signedIn.mustChangePassword;
  } else {
    body["ticket"] = signedIn.ticket;
  }
  if (signedIn.recoveryCodesLeft) {
    body["recoveryCodesLeft"] = *signedIn.recoveryCodesLeft;
  }
  auto response = api::jsonResponse(std::move(body));
  response.logUser = signedIn.username;
  return response;
}

}  // namespace dossier::auth
