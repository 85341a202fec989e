#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace dossier::db {

// Bytes to bind as a binary value (Query::bind), where a std::string would be bound as text.
struct Bytes {
  std::span<const char> value;
};

// A backend's prepared statement while one Query runs it. Parameters are numbered from 1,
// columns from 0, as in the SQL written for both backends (?1 … ?N).
class Statement {
 public:
  virtual ~Statement() = default;

  virtual void bindNull(int index) = 0;
  virtual void bindInteger(int index, std::int64_t value) = 0;
  virtual void bindReal(int index, double value) = 0;
  virtual void bindText(int index, std::string_view value) = 0;
  // Bytes as a binary value (BLOB on SQLite, bytea on PostgreSQL), sent as they are, never as
  // text. They are borrowed, not copied: they stay valid until the statement has run.
  virtual void bindBlob(int index, std::span<const char> value) = 0;

  // Runs the statement on the first call; then moves to the next row, false when there is none.
  virtual bool step() = 0;
  // Before the first step: the rows are wanted one at a time as the database sends them, rather
  // than all of them held at once, for a result too large to hold (a report's export of a million
  // rows). The connection runs nothing else until the rows are read or the Query is dropped.
  // SQLite steps through rows as they are read anyway.
  virtual void streamRows() {}
  // Instead of stepping: runs it, its rows unread, when its connection next sends a statement (at
  // the latest the transaction's COMMIT), in one round trip with that one (Connection::
  // executeDeferred). Now where the database is a file, or no transaction is open.
  virtual void runDeferred() {
    while (step()) {
    }
  }

  virtual bool isNull(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;
  virtual double real(int column) const = 0;
  // Valid until the next step; empty for NULL.
  virtual std::string_view text(int column) const = 0;
  // A binary column's bytes as stored. Valid until the next step; empty for NULL.
  virtual std::string_view bytes(int column) const = 0;

  // The Query is done with it: reset and handed back to its connection's cache, or freed.
  virtual void finish() noexcept = 0;
};

}  // namespace dossier::db
