#pragma once

#include "core/error_code.hpp"

namespace dossier::cli::errors {

inline constexpr ErrorCode kPersonInvalid{"cli.person_invalid", ErrorKind::BadRequest};
inline constexpr ErrorCode kPersonNotFound{"cli.person_not_found", ErrorKind::NotFound};

}  // namespace dossier::cli::errors
