#pragma once

#include <string>

#include "api/route.hpp"
#include "core/error.hpp"
#include "http/response.hpp"

namespace dossier::api {

int statusFor(ErrorKind kind);

// The one place where an expected failure becomes an HTTP answer (DESIGN §4).
http::Response errorResponse(const Error& error, const std::string& correlationId,
                             ErrorStyle style = ErrorStyle::Standard);

}  // namespace dossier::api
