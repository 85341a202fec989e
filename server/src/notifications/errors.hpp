#pragma once

#include "core/error_code.hpp"

namespace dossier::notifications::errors {

inline constexpr ErrorCode kBadQuery{"notifications.bad_query", ErrorKind::BadRequest};
inline constexpr ErrorCode kNotFound{"notifications.not_found", ErrorKind::NotFound};

}  // namespace dossier::notifications::errors
