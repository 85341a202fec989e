#pragma once

#include "core/error_code.hpp"

namespace dossier::types::errors {

inline constexpr ErrorCode kFormInvalid{"types.form_invalid", ErrorKind::BadRequest};
inline constexpr ErrorCode kFormMissingValues{"types.form_missing_values", ErrorKind::BadRequest};
inline constexpr ErrorCode kFormUnknownField{"types.form_unknown_field", ErrorKind::BadRequest};

}  // namespace dossier::types::errors
