#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "db/connection.hpp"

struct pg_conn;
struct pg_result;

namespace dossier::db::postgresql {

class PostgresqlStatement;

struct ConnectionSettings {
  // A libpq connection URI, postgresql://user@host:port/database?…
  std::string url;
  // Given apart, so that it need not sit in the URL or the configuration folder.
  std::string password;
  // A statement running longer is cancelled, so that one slow query cannot hold a connection.
  std::chrono::milliseconds statementTimeout{60'000};
};

// A connection to a PostgreSQL database through libpq. Statements are prepared on the server once
// per connection, their ?N parameters rewritten as $N; parameters go as text and PostgreSQL infers
// their types from where they stand. Results are read whole (text format), which lets a query run
// while the rows of another on the same connection are still being read.
class PostgresqlConnection final : public Connection {
 public:
  static std::unique_ptr<PostgresqlConnection> open(const ConnectionSettings& settings);
  // A link as every connection makes it (its time limits, its name): the commit listener's too.
  static pg_conn* connect(const ConnectionSettings& settings);
  ~PostgresqlConnection() override;

  void executeScript(const std::string& sql) override;
  int changes() const override { return changes_; }
  Dialect dialect() const override { return Dialect::Postgresql; }
  const std::string& describe() const override { return description_; }
  bool healthy() const override;
  void reconnect() override;
  void holdMigrationLock(bool held) override;
  void tellOthers(const std::string& channel, const std::string& message) override;
  Schema describeSchema() override;
  std::int64_t newRowId(std::string_view table) override;

  // Throws the DatabaseError a failed result stands for.
  [[noreturn]] void fail(const char* what, const pg_result* result) const;

 protected:
  Statement* prepare(std::string_view sql) override;
  void beginWrite() override;
  void beginSnapshot() override;
  void setWaiting(bool waiting) override;
  void allowLongStatements(bool allowed) override;
  void forgetDeferred() override { deferred_.clear(); }

 private:
  friend class PostgresqlStatement;
  // A statement as prepared on the server: made again after the link was made anew.
  struct Prepared {
    std::string name;
    std::string sql;  // with $N parameters
    int parameters = 0;
    std::uint64_t link = 0;  // the link it was prepared on
    // It reads a bytea column: its results come in binary, so that a chunk of content arrives as
    // its bytes rather than as twice as many hex digits to decode.
    bool binaryResults = false;
    std::unique_ptr<PostgresqlStatement> statement;
  };
  // A statement run later (Connection::executeDeferred), with its own copy of its parameters.
  struct Deferred {
    Prepared* prepared;
    std::vector<std::string> values;
    std::vector<int> lengths;
    std::vector<int> formats;
    std::vector<bool> nulls;
  };
  // One statement of a pipeline as libpq sends it.
  struct Sent {
    Prepared* prepared;
    const char* const* values;
    const int* lengths;
    const int* formats;
  };
  PostgresqlConnection(pg_conn* handle, ConnectionSettings settings);
  // Sends what was deferred and then `last` (when given) in one pipeline, one round trip, and
  // gives last's result; throws the first failure among them.
  pg_result* runPipelined(const Sent* last);
  pg_result* pipeline(const std::vector<Deferred>& deferred, const Sent* last);
  void sendDeferred() {
    if (!deferred_.empty()) {
      runPipelined(nullptr);
    }
  }
  // Prepares it on the current link unless it already is.
  void ensurePrepared(Prepared& prepared);
  // The statement of this SQL, prepared on the server.
  Prepared& cached(std::string_view sql);
  // Runs a function that talks to the server; when the link turns out to be gone and no
  // transaction was open (so that nothing is lost by starting again: a database restart, an idle
  // connection ended by the server), makes the link anew and runs it once more.
  template <class Run>
  auto withRelink(Run&& run) -> decltype(run());
  bool idle() const;

  pg_conn* handle_;
  ConnectionSettings settings_;
  std::string description_;
  // Node-based, so that a Prepared stays where it is while statements are added.
  std::unordered_map<std::string, Prepared> prepared_;
  std::vector<Deferred> deferred_;
  std::uint64_t link_ = 1;
  int changes_ = 0;
};

}  // namespace dossier::db::postgresql
