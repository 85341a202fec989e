#pragma once

#include "core/error_code.hpp"

namespace dossier::blobs::errors {

inline constexpr ErrorCode kBadHash{"blobs.bad_hash", ErrorKind::Internal};
// A write to a blob after it was committed or abandoned.
inline constexpr ErrorCode kClosed{"blobs.closed", ErrorKind::Internal};
inline constexpr ErrorCode kNotFound{"blobs.not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kReadFailed{"blobs.read_failed", ErrorKind::Internal};
inline constexpr ErrorCode kWriteFailed{"blobs.write_failed", ErrorKind::Internal};

}  // namespace dossier::blobs::errors
