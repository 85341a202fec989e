#pragma once

#include "core/error_code.hpp"

namespace dossier::environments::errors {

inline constexpr ErrorCode kDataFolder{"environments.data_folder", ErrorKind::Internal};
inline constexpr ErrorCode kNotFound{"environments.not_found", ErrorKind::NotFound};

}  // namespace dossier::environments::errors
