#pragma once

#include "core/error_code.hpp"

namespace dossier::crossreferences::errors {

inline constexpr ErrorCode kChanged{"crossreferences.changed", ErrorKind::Conflict};
inline constexpr ErrorCode kExists{"crossreferences.exists", ErrorKind::Conflict};
inline constexpr ErrorCode kInvalid{"crossreferences.invalid", ErrorKind::BadRequest};
inline constexpr ErrorCode kModifyDenied{"crossreferences.modify_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kNotFound{"crossreferences.not_found", ErrorKind::NotFound};

}  // namespace dossier::crossreferences::errors
