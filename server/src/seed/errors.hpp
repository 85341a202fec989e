#pragma once

#include "core/error_code.hpp"

namespace dossier::seed::errors {

inline constexpr ErrorCode kFailed{"seed.failed", ErrorKind::Internal};
inline constexpr ErrorCode kNoCases{"seed.no_cases", ErrorKind::BadRequest};
inline constexpr ErrorCode kNoDocuments{"seed.no_documents", ErrorKind::BadRequest};
inline constexpr ErrorCode kNoTypes{"seed.no_types", ErrorKind::BadRequest};
inline constexpr ErrorCode kSamplesCheckOut{"seed.samples_check_out", ErrorKind::Internal};
inline constexpr ErrorCode kSamplesInvalid{"seed.samples_invalid", ErrorKind::Internal};
inline constexpr ErrorCode kSamplesUser{"seed.samples_user", ErrorKind::Internal};

}  // namespace dossier::seed::errors
