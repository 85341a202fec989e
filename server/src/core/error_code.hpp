#pragma once

#include <string_view>

namespace dossier {

// What went wrong, in terms the HTTP layer maps to a status code in one place (api/error_response).
enum class ErrorKind {
  BadRequest,
  Unauthorized,
  Forbidden,
  NotFound,
  MethodNotAllowed,
  Conflict,
  PayloadTooLarge,
  Unprocessable,
  TooManyRequests,
  HeadersTooLarge,
  PreconditionFailed,
  UnsupportedMediaType,
  ChecksumMismatch,     // tus's 460: the bytes that arrived are not the bytes that were sent
  InsufficientStorage,  // 507: the server has no room for what was sent
  Internal,
  Unavailable,
};

// A stable machine code and the kind of failure it always is. Each folder that raises errors
// declares its codes once, in its errors.hpp (namespace dossier::<folder>::errors), as
// `inline constexpr ErrorCode`, prefixed with the folder's name ("comments.not_found"); the
// contract (server/api/openapi.yaml, ErrorCode) lists every one, and the web app branches on them.
// server/tests/structure/error_codes_test.cpp keeps the three in step.
struct ErrorCode {
  std::string_view code;
  ErrorKind kind;
};

}  // namespace dossier
