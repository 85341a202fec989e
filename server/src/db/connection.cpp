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

Transaction::Transaction(Connection& connection) : connection_(connection) {
  connection_.beginWrite();
}

Transaction::~Transaction() {
  if (done_) {
    return;
  }
  try {
    if (connection_.healthy()) {
      connection_.execute("ROLLBACK");
    }
  } catch (const std::exception& e) {
    spdlog::error("rollback failed: {}", e.what());
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
  try {
    if (connection_.healthy()) {
      connection_.execute("ROLLBACK");
    }
  } catch (const std::exception& e) {
    spdlog::error("ending a read transaction failed: {}", e.what());
  }
}

}  // namespace dossier::db
