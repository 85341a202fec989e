#pragma once

#include "core/error_code.hpp"

namespace dossier::db::errors {

inline constexpr ErrorCode kMigrationChanged{"db.migration_changed", ErrorKind::Internal};
inline constexpr ErrorCode kMigrationFailed{"db.migration_failed", ErrorKind::Internal};
inline constexpr ErrorCode kOpen{"db.open", ErrorKind::Internal};
// Two people wrote the same unique thing at the same moment (a username, a link) and this one
// lost: nothing was written (409).
inline constexpr ErrorCode kConflict{"db.conflict", ErrorKind::Conflict};
inline constexpr ErrorCode kUnknownMigration{"db.unknown_migration", ErrorKind::Internal};
// The database server could not be reached, or a lock or a statement took too long: the request
// did nothing and may be sent again (503 with Retry-After).
inline constexpr ErrorCode kUnavailable{"db.unavailable", ErrorKind::Unavailable};

}  // namespace dossier::db::errors
