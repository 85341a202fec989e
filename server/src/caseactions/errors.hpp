#pragma once

#include "core/error_code.hpp"

namespace dossier::caseactions::errors {

inline constexpr ErrorCode kAlreadyRelated{"caseactions.already_related", ErrorKind::Conflict};
inline constexpr ErrorCode kModifyDenied{"caseactions.modify_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kNotRelated{"caseactions.not_related", ErrorKind::Conflict};
inline constexpr ErrorCode kOwnCase{"caseactions.own_case", ErrorKind::BadRequest};
inline constexpr ErrorCode kUnknownType{"caseactions.unknown_type", ErrorKind::NotFound};

}  // namespace dossier::caseactions::errors
