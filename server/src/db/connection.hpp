#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/clock.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace dossier::db {

// A database failure nobody expected (disk full, corrupt file, wrong SQL): it becomes a 500.
class DatabaseError : public std::runtime_error {
 public:
  explicit DatabaseError(const std::string& what, bool busy = false,
                         std::filesystem::path file = {})
      : std::runtime_error(what), busy_(busy), file_(std::move(file)) {}
  // Another connection (perhaps of another process) held the write lock for longer than this one
  // would wait.
  bool busy() const { return busy_; }
  // The database file, when known.
  const std::filesystem::path& file() const { return file_; }

 private:
  bool busy_ = false;
  std::filesystem::path file_;
};

class Connection;

// One run of a prepared statement: bind parameters ?1…?N, step through the rows, read columns.
// Borrowed from the connection's cache and handed back, reset, when it goes out of scope.
class Query {
 public:
  Query(Query&& other) noexcept;
  Query& operator=(Query&&) = delete;
  ~Query();

  void bind(int index, std::nullptr_t);
  void bind(int index, std::int64_t value);
  void bind(int index, int value) { bind(index, static_cast<std::int64_t>(value)); }
  void bind(int index, bool value) { bind(index, static_cast<std::int64_t>(value ? 1 : 0)); }
  void bind(int index, double value);
  void bind(int index, std::string_view value);
  void bind(int index, const std::string& value) { bind(index, std::string_view(value)); }
  void bind(int index, const char* value) { bind(index, std::string_view(value)); }
  // Times are stored as UTC ISO 8601 text (DESIGN §5).
  void bind(int index, TimePoint value);
  template <class T>
  void bind(int index, const std::optional<T>& value) {
    if (value) {
      bind(index, *value);
    } else {
      bind(index, nullptr);
    }
  }

  // Advances to the next row; false when there is none (the statement has finished).
  bool step();

  bool isNull(int column) const;
  std::int64_t integer(int column) const;
  bool boolean(int column) const { return integer(column) != 0; }
  double real(int column) const;
  std::string text(int column) const;  // empty for NULL
  std::optional<std::string> optionalText(int column) const;
  std::optional<std::int64_t> optionalInteger(int column) const;
  std::optional<TimePoint> time(int column) const;

 private:
  friend class Connection;
  Query(Connection& connection, sqlite3_stmt* statement, bool cached);
  void check(int code) const;

  Connection* connection_;
  sqlite3_stmt* statement_;
  bool cached_;
};

// One SQLite connection, used by one thread at a time (the pool sees to that). Statements are
// prepared once per connection and kept, since preparing costs more than running a simple lookup.
class Connection {
 public:
  static std::unique_ptr<Connection> open(const std::filesystem::path& file);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // A query with its parameters bound in order to ?1, ?2, …
  template <class... Args>
  Query query(std::string_view sql, const Args&... args) {
    Query query = prepare(sql);
    int index = 0;
    (query.bind(++index, args), ...);
    return query;
  }

  // Runs a statement to its end; returns the number of rows it changed.
  template <class... Args>
  int execute(std::string_view sql, const Args&... args) {
    Query statement = query(sql, args...);
    while (statement.step()) {
    }
    return changes();
  }

  // Runs a statement that may be left out when another connection is writing: false, and
  // nothing done, instead of waiting for the write lock. For bookkeeping such as a session's
  // last-seen time, on a path that must never wait.
  template <class... Args>
  bool tryExecute(std::string_view sql, const Args&... args) {
    const WithoutWaiting scope(*this);
    try {
      execute(sql, args...);
      return true;
    } catch (const DatabaseError& error) {
      if (!error.busy()) {
        throw;
      }
      return false;
    }
  }

  // Runs a script of several statements, such as a migration. No parameters.
  void executeScript(const std::string& sql);

  std::int64_t lastInsertId() const;
  int changes() const;
  const std::filesystem::path& file() const { return file_; }

 private:
  friend class Query;
  Connection(sqlite3* handle, std::filesystem::path file);
  Query prepare(std::string_view sql);
  // While it lives, a statement needing the write lock fails at once instead of waiting.
  class WithoutWaiting {
   public:
    explicit WithoutWaiting(Connection& connection);
    ~WithoutWaiting();
    WithoutWaiting(const WithoutWaiting&) = delete;
    WithoutWaiting& operator=(const WithoutWaiting&) = delete;

   private:
    Connection& connection_;
  };
  void giveBack(sqlite3_stmt* statement);
  [[noreturn]] void fail(const char* what) const;

  sqlite3* handle_;
  std::filesystem::path file_;
  struct Cached {
    sqlite3_stmt* statement = nullptr;
    bool inUse = false;
  };
  std::unordered_map<std::string, Cached> cache_;
  std::unordered_map<sqlite3_stmt*, Cached*> byStatement_;
};

// BEGIN IMMEDIATE … COMMIT, rolled back when left without commit(). Taking the write lock at the
// start avoids SQLite's deadlock when two readers both try to become writers.
class Transaction {
 public:
  explicit Transaction(Connection& connection);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Connection& connection_;
  bool done_ = false;
};

}  // namespace dossier::db
