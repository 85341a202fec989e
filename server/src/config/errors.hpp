#pragma once

#include "core/error_code.hpp"

namespace dossier::config::errors {

inline constexpr ErrorCode kInvalid{"config.invalid", ErrorKind::Internal};

}  // namespace dossier::config::errors
