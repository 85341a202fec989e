#pragma once

#include "core/error_code.hpp"

namespace dossier::roles::errors {

inline constexpr ErrorCode kExists{"roles.exists", ErrorKind::Conflict};
// The role is held through a form field: it is removed by changing the form.
inline constexpr ErrorCode kHeldByField{"roles.held_by_field", ErrorKind::Conflict};
inline constexpr ErrorCode kNotFound{"roles.not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kTypeNotFound{"roles.type_not_found", ErrorKind::NotFound};

}  // namespace dossier::roles::errors
