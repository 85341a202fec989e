#pragma once

#include "core/error_code.hpp"

namespace dossier::alternatenames::errors {

inline constexpr ErrorCode kChanged{"alternatenames.changed", ErrorKind::Conflict};
inline constexpr ErrorCode kInvalid{"alternatenames.invalid", ErrorKind::BadRequest};
inline constexpr ErrorCode kNotFound{"alternatenames.not_found", ErrorKind::NotFound};

}  // namespace dossier::alternatenames::errors
