#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// The change log: one row per committed change of a record, a document or a part of a record,
// numbered in commit order, which the search index and the change feed follow by number.
//
// Its one writer. Called inside the write transaction of the change it describes: a write
// transaction holds the database's write lock until it commits (BEGIN IMMEDIATE on SQLite, an
// advisory lock on PostgreSQL), so numbers commit in the order they are given and a reader that
// has read up to number N never sees a lower one appear later (docs/decisions.md). The row goes
// with the transaction's next statement, at the latest its COMMIT (Connection::executeDeferred).
void appendChange(db::Connection& db, std::string_view entityKind, std::int64_t entityId,
                  std::string_view operation, TimePoint at,
                  std::optional<std::string_view> securityGroup = std::nullopt);

struct LoggedChange {
  std::int64_t seq = 0;
  std::string entityKind;
  std::int64_t entityId = 0;
  std::string operation;
  std::optional<std::string> securityGroup;
};

// Its one reader: the changes numbered after `after`, in order, at most `limit`.
std::vector<LoggedChange> changesAfter(db::Connection& db, std::int64_t after, int limit);
// The number of the latest change; 0 for none.
std::int64_t latestChange(db::Connection& db);
std::int64_t countChangesAfter(db::Connection& db, std::int64_t after);

}  // namespace dossier::records
