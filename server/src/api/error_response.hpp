#pragma once

#include <string>

#include "api/route.hpp"
#include "core/error.hpp"
#include "http/response.hpp"

namespace dossier::api {

// What a client is told of any internal error; what really happened goes to the log.
inline constexpr const char* kInternalMessage =
    "Something went wrong on the server. Please try again later or contact your system "
    "administrator.";

int statusFor(ErrorKind kind);

// The one place where an expected failure becomes an HTTP answer (DESIGN §4). An internal error is
// logged with its detail and the correlation id, and answered with kInternalMessage only.
http::Response errorResponse(const Error& error, const std::string& correlationId,
                             ErrorStyle style = ErrorStyle::Standard);

}  // namespace dossier::api
