#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "db/database_error.hpp"
#include "db/dialect.hpp"
#include "db/schema.hpp"
#include "db/statement.hpp"

namespace dossier::db {

class Connection;

// One run of a prepared statement: bind parameters ?1…?N, step through the rows, read columns.
// The statement is borrowed from the connection's cache and handed back, reset, when the Query goes
// out of scope.
class Query {
 public:
  explicit Query(Statement* statement) : statement_(statement) {}
  Query(Query&& other) noexcept : statement_(other.statement_) { other.statement_ = nullptr; }
  Query& operator=(Query&&) = delete;
  ~Query() {
    if (statement_ != nullptr) {
      statement_->finish();
    }
  }

  void bind(int index, std::nullptr_t) { statement_->bindNull(index); }
  void bind(int index, std::int64_t value) { statement_->bindInteger(index, value); }
  void bind(int index, int value) { bind(index, static_cast<std::int64_t>(value)); }
  void bind(int index, bool value) { bind(index, static_cast<std::int64_t>(value ? 1 : 0)); }
  void bind(int index, double value) { statement_->bindReal(index, value); }
  void bind(int index, std::string_view value) { statement_->bindText(index, value); }
  void bind(int index, const std::string& value) { bind(index, std::string_view(value)); }
  void bind(int index, const char* value) { bind(index, std::string_view(value)); }
  // Borrowed until the statement has run (Statement::bindBlob).
  void bind(int index, Bytes value) { statement_->bindBlob(index, value.value); }
  // Times are stored as UTC ISO 8601 text (DESIGN §5), on both backends.
  void bind(int index, TimePoint value) { bind(index, formatIsoTime(value)); }
  template <class T>
  void bind(int index, const std::optional<T>& value) {
    if (value) {
      bind(index, *value);
    } else {
      bind(index, nullptr);
    }
  }

  // Advances to the next row; false when there is none (the statement has finished).
  bool step() { return statement_->step(); }
  // Before the first step: rows one at a time as the database sends them (Statement::streamRows).
  void streamRows() { statement_->streamRows(); }
  // Instead of stepping: run with the connection's next statement (Connection::executeDeferred).
  void defer() { statement_->runDeferred(); }

  bool isNull(int column) const { return statement_->isNull(column); }
  std::int64_t integer(int column) const { return statement_->integer(column); }
  bool boolean(int column) const { return integer(column) != 0; }
  double real(int column) const { return statement_->real(column); }
  std::string text(int column) const { return std::string(statement_->text(column)); }
  // The same without a copy, valid until the next step: for rows read by the million.
  std::string_view textView(int column) const { return statement_->text(column); }
  // A binary column's bytes, valid until the next step.
  std::string_view bytes(int column) const { return statement_->bytes(column); }
  std::optional<std::string> optionalText(int column) const;
  std::optional<std::int64_t> optionalInteger(int column) const;
  std::optional<TimePoint> time(int column) const;

 private:
  Statement* statement_;
};

// One connection to an environment's database, used by one thread at a time (the pool sees to
// that). Statements are prepared once per connection and kept, since preparing costs more than
// running a simple lookup. The backends live in db/sqlite/ and db/postgresql/; nothing else knows
// which one it talks to.
class Connection {
 public:
  virtual ~Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // A query with its parameters bound in order to ?1, ?2, …
  template <class... Args>
  Query query(std::string_view sql, const Args&... args) {
    Query query(prepare(sql));
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

  // Runs an INSERT … RETURNING of one integer column (the new row's id) and gives that value.
  template <class... Args>
  std::int64_t insertReturning(std::string_view sql, const Args&... args) {
    Query statement = query(sql, args...);
    if (!statement.step()) {
      throw DatabaseError("an insert returned no row: " + std::string(sql.substr(0, 80)));
    }
    const auto value = statement.integer(0);
    while (statement.step()) {
    }
    return value;
  }

  // Runs a statement whose answer nothing reads (an audit row, a change-log row) in a write
  // transaction: on a database server it goes with the next statement the transaction sends, at
  // the latest its COMMIT, one round trip for both, so that the transaction (and the write lock it
  // holds) ends sooner. Every later statement sees its effect; its failure is the failure of that
  // later statement (the transaction is then rolled back, with it). Run at once on SQLite.
  template <class... Args>
  void executeDeferred(std::string_view sql, const Args&... args) {
    query(sql, args...).defer();
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

  // The id of a row about to be inserted into `table` (its `id` column), for an INSERT that names
  // it and can then go with the statements after it (executeDeferred). On a database server it is
  // taken from the table's sequence in a round trip of its own, before the transaction's BEGIN
  // and write lock are sent, so that the lock is not held across it; ids are then unique but
  // need not follow the order of commits. On SQLite, in the write transaction: the id SQLite
  // would have given the row itself.
  virtual std::int64_t newRowId(std::string_view table) = 0;

  // Runs a script of several statements, such as a migration. No parameters.
  virtual void executeScript(const std::string& sql) = 0;

  // The rows the last statement that finished changed.
  virtual int changes() const = 0;

  virtual Dialect dialect() const = 0;
  // The database, for messages: its file, or its server and name (never a password).
  virtual const std::string& describe() const = 0;

  // False once the link to a database server is gone; the pool then reconnects before lending it.
  virtual bool healthy() const { return true; }
  // Makes a new link to the database after it was lost; throws DatabaseError when it cannot.
  virtual void reconnect() {}

  // The tables, columns, indexes and constraints of the database, in both backends' common terms.
  virtual Schema describeSchema() = 0;

  // Takes (or gives back) a lock that one connection at a time may hold across transactions, so
  // that processes starting at once migrate one after another. SQLite needs none: each migration's
  // transaction holds the file's write lock.
  virtual void holdMigrationLock(bool held) { (void)held; }

  // Lifts (or restores) the limit on how long one statement may run (the environment's
  // database.statementTimeoutSeconds): for the one statement of a report's export, which streams
  // a million rows for as long as its file takes to write, and may be cancelled by its owner.
  // SQLite has no such limit.
  virtual void allowLongStatements(bool allowed) { (void)allowed; }

  // Tells the other server processes sharing the database something they listen for on `channel`
  // (CommitSignal), when this transaction commits, or at once outside one: PostgreSQL's NOTIFY.
  // Nothing on SQLite, whose file only one server process serves.
  virtual void tellOthers(const std::string& channel, const std::string& message) {
    (void)channel;
    (void)message;
  }

 protected:
  Connection() = default;

  virtual Statement* prepare(std::string_view sql) = 0;
  // Starts a transaction that will write (db::Transaction).
  virtual void beginWrite() = 0;
  // Starts a read-only transaction whose statements all see one moment (db::Snapshot).
  virtual void beginSnapshot() = 0;
  // While on, a statement needing a lock another connection holds fails at once as busy instead
  // of waiting.
  virtual void setWaiting(bool waiting) = 0;
  // The transaction is being rolled back: what was deferred is not to be sent.
  virtual void forgetDeferred() {}

 private:
  friend class Transaction;
  friend class Snapshot;
  class WithoutWaiting {
   public:
    explicit WithoutWaiting(Connection& connection) : connection_(connection) {
      connection_.setWaiting(false);
    }
    ~WithoutWaiting() { connection_.setWaiting(true); }
    WithoutWaiting(const WithoutWaiting&) = delete;
    WithoutWaiting& operator=(const WithoutWaiting&) = delete;

   private:
    Connection& connection_;
  };
};

// While it lives, statements on the connection may run past the statement timeout
// (Connection::allowLongStatements).
class LongStatements {
 public:
  explicit LongStatements(Connection& connection) : connection_(connection) {
    connection_.allowLongStatements(true);
  }
  ~LongStatements() {
    try {
      connection_.allowLongStatements(false);
    } catch (...) {
      // A connection that cannot take the setting back is lost; the pool reconnects it, with
      // its limit, before lending it again.
    }
  }
  LongStatements(const LongStatements&) = delete;
  LongStatements& operator=(const LongStatements&) = delete;

 private:
  Connection& connection_;
};

// A write transaction, rolled back when left without commit(). On SQLite it takes the write lock
// at the start (BEGIN IMMEDIATE), which avoids the deadlock of two readers both becoming writers.
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

// A read-only transaction: every statement in it sees the database as it was at its first read,
// whatever commits meanwhile (a rebuild of the search index reads the records and the last change
// of one moment). Ended when it goes.
class Snapshot {
 public:
  explicit Snapshot(Connection& connection);
  ~Snapshot();
  Snapshot(const Snapshot&) = delete;
  Snapshot& operator=(const Snapshot&) = delete;

 private:
  Connection& connection_;
};

}  // namespace dossier::db
