#pragma once

#include "core/error_code.hpp"

namespace dossier::api::errors {

inline constexpr ErrorCode kInvalidRequest{"api.invalid_request", ErrorKind::BadRequest};
inline constexpr ErrorCode kMissingParameter{"api.missing_parameter", ErrorKind::BadRequest};
inline constexpr ErrorCode kMissingVersion{"api.missing_version", ErrorKind::BadRequest};
// The composition root gave the application no way to file generated documents (api/services).
inline constexpr ErrorCode kNoFiler{"api.no_filer", ErrorKind::Internal};
inline constexpr ErrorCode kNotFound{"api.not_found", ErrorKind::NotFound};

}  // namespace dossier::api::errors
