#pragma once

#include "core/error_code.hpp"

namespace dossier::comments::errors {

inline constexpr ErrorCode kChanged{"comments.changed", ErrorKind::Conflict};
inline constexpr ErrorCode kInvalid{"comments.invalid", ErrorKind::BadRequest};
inline constexpr ErrorCode kNotFound{"comments.not_found", ErrorKind::NotFound};
// A comment Dossier wrote itself cannot be changed.
inline constexpr ErrorCode kSystem{"comments.system", ErrorKind::Conflict};

}  // namespace dossier::comments::errors
