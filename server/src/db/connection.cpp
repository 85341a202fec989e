#include "db/connection.hpp"

#include <spdlog/spdlog.h>

namespace dossier::db {

std::optional<std::string> Query::optionalText(int column) const {
  if (isNull(column)) {
    return std::nullopt;
  }
  return text(column);
}

std::optional<std::int64_t> Query::optionalInteger(int column) const {
  if (isNull(column)) {
    return std::nullopt;
  }
  return integer(column);
}

std::optional<TimePoint> Query::time(int column) const {
  if (isNull(column)) {
    return std::nullopt;
  }
  return parseIsoTime(text(column));
}

namespace {

// Ends an open transaction without keeping it, from a destructor: never throws. A connection the
// server already ended has nothing left to roll back.
void rollbackQuietly(Connection& connection, const char* what) noexcept {
  try {
    if (connection.healthy()) {
      connection.execute("ROLLBACK");
    }
  } catch (const std::exception& e) {
    spdlog::error("{} failed: {}", what, e.what());
  }
}

}  // namespace

Transaction::Transaction(Connection& connection) : connection_(connection) {
  connection_.beginWrite();
}

Transaction::~Transaction() {
  if (!done_) {
    connection_.forgetDeferred();
    rollbackQuietly(connection_, "rollback");
  }
}

void Transaction::commit() {
  connection_.execute("COMMIT");
  done_ = true;
}

Snapshot::Snapshot(Connection& connection) : connection_(connection) {
  connection_.beginSnapshot();
}

Snapshot::~Snapshot() {
  rollbackQuietly(connection_, "ending a read transaction");
}

}  // namespace dossier::db
