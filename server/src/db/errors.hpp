#pragma once

#include "core/error_code.hpp"

namespace dossier::db::errors {

inline constexpr ErrorCode kMigrationChanged{"db.migration_changed", ErrorKind::Internal};
inline constexpr ErrorCode kMigrationFailed{"db.migration_failed", ErrorKind::Internal};
inline constexpr ErrorCode kOpen{"db.open", ErrorKind::Internal};
inline constexpr ErrorCode kUnknownMigration{"db.unknown_migration", ErrorKind::Internal};

}  // namespace dossier::db::errors
