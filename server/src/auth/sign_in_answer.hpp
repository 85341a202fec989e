#pragma once

#include <boost/json/object.hpp>

#include "auth/sign_in.hpp"
#include "http/response.hpp"

namespace dossier::auth {

// The answer of every sign-in step (openapi.yaml LoginResponse): a session with next "login", or
// a ticket with next "2fa" or "2fasetup"; the response notes the user for the access log.
http::Response signInAnswer(const SignedIn& signedIn, boost::json::object extra = {});

}  // namespace dossier::auth
