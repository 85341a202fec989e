#pragma once

#include "core/error_code.hpp"

namespace dossier::mail::errors {

inline constexpr ErrorCode kAddress{"mail.address", ErrorKind::BadRequest};
inline constexpr ErrorCode kCurl{"mail.curl", ErrorKind::Internal};
inline constexpr ErrorCode kPickupFolder{"mail.pickup_folder", ErrorKind::Unavailable};
inline constexpr ErrorCode kPickupFull{"mail.pickup_full", ErrorKind::Unavailable};
inline constexpr ErrorCode kPickupWrite{"mail.pickup_write", ErrorKind::Unavailable};
inline constexpr ErrorCode kRelay{"mail.relay", ErrorKind::Unavailable};
inline constexpr ErrorCode kTooLarge{"mail.too_large", ErrorKind::PayloadTooLarge};

}  // namespace dossier::mail::errors
