#pragma once

#include "core/error_code.hpp"

// The upload store's own codes. The documents feature answers them with its own
// (documents/upload_lifecycle), as it does the blob store's.
namespace dossier::uploads::errors {

inline constexpr ErrorCode kBadId{"uploads.bad_id", ErrorKind::Internal};
// Another request is writing the upload.
inline constexpr ErrorCode kBusy{"uploads.busy", ErrorKind::Conflict};
inline constexpr ErrorCode kNotFound{"uploads.not_found", ErrorKind::NotFound};
// A piece sent for another offset than the one the upload stands at.
inline constexpr ErrorCode kOffset{"uploads.offset", ErrorKind::Conflict};
inline constexpr ErrorCode kTooLong{"uploads.too_long", ErrorKind::BadRequest};
inline constexpr ErrorCode kWriteFailed{"uploads.write_failed", ErrorKind::Internal};

}  // namespace dossier::uploads::errors
