#pragma once

#include "core/error_code.hpp"

namespace dossier::core::errors {

inline constexpr ErrorCode kEmptyBody{"core.empty_body", ErrorKind::BadRequest};
// Anything a person cannot act on; its detail is logged, never sent (api/error_response).
inline constexpr ErrorCode kInternal{"core.internal", ErrorKind::Internal};
inline constexpr ErrorCode kInvalidField{"core.invalid_field", ErrorKind::BadRequest};
inline constexpr ErrorCode kMalformedJson{"core.malformed_json", ErrorKind::BadRequest};
inline constexpr ErrorCode kMissingField{"core.missing_field", ErrorKind::BadRequest};

}  // namespace dossier::core::errors
