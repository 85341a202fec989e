#pragma once

#include <string>
#include <vector>

#include "db/schema.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::datamove {

// One table of the move, as the target's schema has it.
struct TablePlan {
  db::SchemaTable table;
  // Columns whose foreign key names this same table: written in a second pass, once every row of
  // the table is there.
  std::vector<std::string> selfReferences;
  // Rows the target's own migrations put there, replaced by the source's.
  bool seededByMigrations = false;
  // Not copied, and why (for the summary); empty when copied.
  std::string notCopiedBecause;
  // Filled in the target by the blob copy (the database's blob store): its rows are checked by
  // reading each blob back, not by counting.
  bool keptByBlobStore = false;
};

// The tables of an environment in the order they are copied (copy_order.hpp), every table but the
// migrations' own bookkeeping. Both databases must be at the same schema version; throws MoveError
// when a table or column of the target is missing from the source, or holds a kind of value this
// copy cannot carry.
std::vector<TablePlan> planMove(db::Connection& source, db::Connection& target);

// The tables whose rows the migrations themselves write, found by migrating an empty database in
// memory: everything else in a freshly migrated database is empty.
std::vector<std::string> tablesSeededByMigrations();

// The tables no move copies, by name: sessions and what belongs to them, and the database's own
// blob and upload stores, whose content goes through the stores.
std::vector<std::string> tablesNotCopied();

// The migrations' bookkeeping, which each database keeps for itself.
inline constexpr const char* kMigrationsTable = "schema_migrations";

}  // namespace dossier::datamove
