#include "db/connection.hpp"

#include <mutex>
#include <sqlite3.h>

#include <spdlog/spdlog.h>

namespace dossier::db {

namespace {

// How long a write waits for another connection's transaction to end.
constexpr int kBusyTimeoutMs = 10000;

// Must run before SQLite opens its first connection. A connection is never used by two threads at
// once, so SQLite's per-connection mutexes are not needed; and its memory statistics take one
// process-wide mutex on every allocation, which made the I/O threads queue behind each other.
void configureOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  });
}

}  // namespace

// Query

Query::Query(Connection& connection, sqlite3_stmt* statement, bool cached)
    : connection_(&connection), statement_(statement), cached_(cached) {}

Query::Query(Query&& other) noexcept
    : connection_(other.connection_), statement_(other.statement_), cached_(other.cached_) {
  other.statement_ = nullptr;
}

Query::~Query() {
  if (statement_ == nullptr) {
    return;
  }
  if (cached_) {
    connection_->giveBack(statement_);
  } else {
    sqlite3_finalize(statement_);
  }
}

void Query::check(int code) const {
  if (code != SQLITE_OK) {
    connection_->fail("binding a parameter");
  }
}

void Query::bind(int index, std::nullptr_t) {
  check(sqlite3_bind_null(statement_, index));
}

void Query::bind(int index, std::int64_t value) {
  check(sqlite3_bind_int64(statement_, index, value));
}

void Query::bind(int index, double value) {
  check(sqlite3_bind_double(statement_, index, value));
}

void Query::bind(int index, std::string_view value) {
  check(sqlite3_bind_text64(statement_, index, value.data(), value.size(), SQLITE_TRANSIENT,
                            SQLITE_UTF8));
}

void Query::bind(int index, TimePoint value) {
  bind(index, formatIsoTime(value));
}

bool Query::step() {
  const int code = sqlite3_step(statement_);
  if (code == SQLITE_ROW) {
    return true;
  }
  if (code == SQLITE_DONE) {
    return false;
  }
  connection_->fail("running a statement");
}

bool Query::isNull(int column) const {
  return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

std::int64_t Query::integer(int column) const {
  return sqlite3_column_int64(statement_, column);
}

double Query::real(int column) const {
  return sqlite3_column_double(statement_, column);
}

std::string Query::text(int column) const {
  const auto* data = sqlite3_column_text(statement_, column);
  if (data == nullptr) {
    return {};
  }
  return std::string(reinterpret_cast<const char*>(data),
                     static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
}

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

// Connection

std::unique_ptr<Connection> Connection::open(const std::filesystem::path& file) {
  configureOnce();
  sqlite3* handle = nullptr;
  const int code =
      sqlite3_open_v2(file.c_str(), &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (code != SQLITE_OK) {
    std::string message = handle != nullptr ? sqlite3_errmsg(handle) : sqlite3_errstr(code);
    sqlite3_close(handle);
    throw DatabaseError("cannot open " + file.string() + ": " + message);
  }
  std::unique_ptr<Connection> connection(new Connection(handle, file));
  sqlite3_busy_timeout(handle, kBusyTimeoutMs);
  connection->executeScript(
      "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; "
      // NORMAL is durable in WAL mode across application crashes; only an OS crash can lose the
      // last transactions, never corrupt the file.
      "PRAGMA synchronous=NORMAL;");
  return connection;
}

Connection::Connection(sqlite3* handle, std::filesystem::path file)
    : handle_(handle), file_(std::move(file)) {}

Connection::~Connection() {
  for (auto& [sql, cached] : cache_) {
    sqlite3_finalize(cached.statement);
  }
  sqlite3_close_v2(handle_);
}

void Connection::fail(const char* what) const {
  const int code = sqlite3_errcode(handle_);
  throw DatabaseError(std::string("database error ") + what + " on " + file_.string() + ": " +
                          sqlite3_errmsg(handle_),
                      code == SQLITE_BUSY || code == SQLITE_LOCKED, file_);
}

Connection::WithoutWaiting::WithoutWaiting(Connection& connection) : connection_(connection) {
  sqlite3_busy_timeout(connection_.handle_, 0);
}

Connection::WithoutWaiting::~WithoutWaiting() {
  sqlite3_busy_timeout(connection_.handle_, kBusyTimeoutMs);
}

Query Connection::prepare(std::string_view sql) {
  const std::string key(sql);
  auto found = cache_.find(key);
  if (found != cache_.end() && !found->second.inUse) {
    found->second.inUse = true;
    return Query(*this, found->second.statement, true);
  }
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v3(handle_, sql.data(), static_cast<int>(sql.size()),
                         SQLITE_PREPARE_PERSISTENT, &statement, nullptr) != SQLITE_OK) {
    fail("preparing a statement");
  }
  if (found != cache_.end()) {
    // The cached one is busy (a query nested in a loop over the same query): use a fresh one.
    return Query(*this, statement, false);
  }
  auto& cached = cache_[key];
  cached.statement = statement;
  cached.inUse = true;
  byStatement_[statement] = &cached;
  return Query(*this, statement, true);
}

void Connection::giveBack(sqlite3_stmt* statement) {
  sqlite3_reset(statement);
  sqlite3_clear_bindings(statement);
  byStatement_.at(statement)->inUse = false;
}

void Connection::executeScript(const std::string& sql) {
  char* message = nullptr;
  if (const int code = sqlite3_exec(handle_, sql.c_str(), nullptr, nullptr, &message);
      code != SQLITE_OK) {
    std::string text = message != nullptr ? message : "unknown error";
    sqlite3_free(message);
    const int primary = code & 0xFF;
    throw DatabaseError(text, primary == SQLITE_BUSY || primary == SQLITE_LOCKED, file_);
  }
}

std::int64_t Connection::lastInsertId() const {
  return sqlite3_last_insert_rowid(handle_);
}

int Connection::changes() const {
  return sqlite3_changes(handle_);
}

// Transaction

Transaction::Transaction(Connection& connection) : connection_(connection) {
  connection_.execute("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      connection_.execute("ROLLBACK");
    } catch (const std::exception& e) {
      spdlog::error("rollback failed: {}", e.what());
    }
  }
}

void Transaction::commit() {
  connection_.execute("COMMIT");
  done_ = true;
}

}  // namespace dossier::db
