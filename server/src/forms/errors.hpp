#pragma once

#include "core/error_code.hpp"

namespace dossier::forms::errors {

inline constexpr ErrorCode kAlreadyActive{"forms.already_active", ErrorKind::Conflict};
inline constexpr ErrorCode kAlreadyObsolete{"forms.already_obsolete", ErrorKind::Conflict};
inline constexpr ErrorCode kCloseTarget{"forms.close_target", ErrorKind::BadRequest};
inline constexpr ErrorCode kInvalidRole{"forms.invalid_role", ErrorKind::BadRequest};
inline constexpr ErrorCode kMissingType{"forms.missing_type", ErrorKind::BadRequest};
inline constexpr ErrorCode kUnknownType{"forms.unknown_type", ErrorKind::NotFound};

}  // namespace dossier::forms::errors
