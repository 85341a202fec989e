#pragma once

#include "core/error_code.hpp"

namespace dossier::search::errors {

inline constexpr ErrorCode kBadEntity{"search.bad_entity", ErrorKind::BadRequest};
inline constexpr ErrorCode kBadPaging{"search.bad_paging", ErrorKind::BadRequest};
inline constexpr ErrorCode kBadText{"search.bad_text", ErrorKind::BadRequest};
inline constexpr ErrorCode kEmpty{"search.empty", ErrorKind::BadRequest};
inline constexpr ErrorCode kFormNotFound{"search.form_not_found", ErrorKind::NotFound};
// The macro no longer waits for the choice this search was made for.
inline constexpr ErrorCode kMacroEnded{"search.macro_ended", ErrorKind::NotFound};
inline constexpr ErrorCode kUnavailable{"search.unavailable", ErrorKind::Unavailable};
inline constexpr ErrorCode kUnknownEntity{"search.unknown_entity", ErrorKind::BadRequest};
inline constexpr ErrorCode kUnknownStatus{"search.unknown_status", ErrorKind::BadRequest};

}  // namespace dossier::search::errors
