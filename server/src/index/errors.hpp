#pragma once

#include "core/error_code.hpp"

namespace dossier::index::errors {

inline constexpr ErrorCode kBusy{"index.busy", ErrorKind::Unavailable};
inline constexpr ErrorCode kFailed{"index.failed", ErrorKind::Internal};
inline constexpr ErrorCode kLanguage{"index.language", ErrorKind::Internal};
inline constexpr ErrorCode kLocked{"index.locked", ErrorKind::Conflict};
inline constexpr ErrorCode kOpen{"index.open", ErrorKind::Internal};
inline constexpr ErrorCode kRebuild{"index.rebuild", ErrorKind::Internal};
inline constexpr ErrorCode kTooBroad{"index.too_broad", ErrorKind::BadRequest};
inline constexpr ErrorCode kTooLong{"index.too_long", ErrorKind::BadRequest};
// The search index library failed (the detail is logged).
inline constexpr ErrorCode kXapianError{"index.xapian_error", ErrorKind::Internal};

}  // namespace dossier::index::errors
