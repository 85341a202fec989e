#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace dossier::db {

// What kind of failure a backend reported, in the terms callers act on.
enum class Failure {
  // Nobody expected it (disk full, corrupt file, wrong SQL): it becomes a 500.
  Other,
  // Another connection (perhaps of another process) held a lock for longer than this one would
  // wait.
  Busy,
  // A UNIQUE or PRIMARY KEY constraint refused the row: usually a race two people lost to each
  // other, answered with a 409.
  UniqueViolation,
  // The database gave up one of two transactions that could not both be applied (a serialization
  // failure or a deadlock): trying again is safe.
  SerializationFailure,
  // The database server went away (restart, network): the pool reconnects; the request answers
  // 503 with Retry-After.
  ConnectionLost,
  // A statement ran past its time limit and was cancelled.
  Timeout,
};

class DatabaseError : public std::runtime_error {
 public:
  explicit DatabaseError(const std::string& what, Failure failure = Failure::Other,
                         std::filesystem::path file = {})
      : std::runtime_error(what), failure_(failure), file_(std::move(file)) {}

  Failure failure() const { return failure_; }
  bool busy() const { return failure_ == Failure::Busy; }
  // Worth trying again in a moment: the database, not the request, was the trouble.
  bool transient() const {
    return failure_ == Failure::Busy || failure_ == Failure::ConnectionLost ||
           failure_ == Failure::SerializationFailure || failure_ == Failure::Timeout;
  }
  // The database file of an SQLite database, when known; empty for a database server.
  const std::filesystem::path& file() const { return file_; }

 private:
  Failure failure_;
  std::filesystem::path file_;
};

}  // namespace dossier::db
