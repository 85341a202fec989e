#pragma once

#include "core/error_code.hpp"

namespace dossier::records::errors {

inline constexpr ErrorCode kCaseactionNotFound{"records.caseaction_not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kChanged{"records.changed", ErrorKind::Conflict};
inline constexpr ErrorCode kCreateDenied{"records.create_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kDeleteDenied{"records.delete_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kModifyDenied{"records.modify_denied", ErrorKind::Forbidden};
// The composition root gave the application no way to create records (api/services).
inline constexpr ErrorCode kNoCreator{"records.no_creator", ErrorKind::Internal};
inline constexpr ErrorCode kNotFound{"records.not_found", ErrorKind::NotFound};
inline constexpr ErrorCode kObsolete{"records.obsolete", ErrorKind::Conflict};
inline constexpr ErrorCode kPersonNotFound{"records.person_not_found", ErrorKind::NotFound};
// The record cannot be changed now (obsolete, or a reason its type gives).
inline constexpr ErrorCode kReadOnly{"records.read_only", ErrorKind::Conflict};
// The role is chosen in its form, not added in the roles grid.
inline constexpr ErrorCode kRoleHeldByField{"records.role_held_by_field", ErrorKind::BadRequest};
inline constexpr ErrorCode kRoleHolderType{"records.role_holder_type", ErrorKind::BadRequest};
inline constexpr ErrorCode kRoleModifyDenied{"records.role_modify_denied", ErrorKind::Forbidden};
inline constexpr ErrorCode kRoleNotOnType{"records.role_not_on_type", ErrorKind::BadRequest};
// A single-owner role whose holder already belongs to another record.
inline constexpr ErrorCode kRoleOwned{"records.role_owned", ErrorKind::Conflict};
inline constexpr ErrorCode kRoleSelf{"records.role_self", ErrorKind::BadRequest};
inline constexpr ErrorCode kRoleUnknown{"records.role_unknown", ErrorKind::NotFound};

}  // namespace dossier::records::errors
