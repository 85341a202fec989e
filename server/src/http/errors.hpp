#pragma once

#include "core/error_code.hpp"

namespace dossier::http::errors {

inline constexpr ErrorCode kAddress{"http.address", ErrorKind::BadRequest};
inline constexpr ErrorCode kBadTarget{"http.bad_target", ErrorKind::BadRequest};
// A request framed two ways, or without one Host (RFC 9112).
inline constexpr ErrorCode kFraming{"http.framing", ErrorKind::BadRequest};
inline constexpr ErrorCode kHeadersTooLarge{"http.headers_too_large", ErrorKind::HeadersTooLarge};
inline constexpr ErrorCode kListen{"http.listen", ErrorKind::Internal};
inline constexpr ErrorCode kMalformed{"http.malformed", ErrorKind::BadRequest};
// A WebSocket upgrade for a path that takes none.
inline constexpr ErrorCode kSocketNotFound{"http.socket_not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kStopping{"http.stopping", ErrorKind::Unavailable};
inline constexpr ErrorCode kTooLarge{"http.too_large", ErrorKind::PayloadTooLarge};

}  // namespace dossier::http::errors
