#include "db/sqlite/sqlite_connection.hpp"

#include <mutex>
#include <sqlite3.h>

#include "core/iso_week.hpp"
#include "db/identifiers.hpp"

namespace dossier::db::sqlite {

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

// iso_week(text): the ISO 8601 week of a date, as PostgreSQL's migrations define it there.
void isoWeekFunction(sqlite3_context* context, int, sqlite3_value** arguments) {
  const auto* text = sqlite3_value_text(arguments[0]);
  if (text == nullptr) {
    sqlite3_result_null(context);
    return;
  }
  const auto week =
      isoWeek(std::string_view(reinterpret_cast<const char*>(text),
                               static_cast<std::size_t>(sqlite3_value_bytes(arguments[0]))));
  if (!week) {
    sqlite3_result_null(context);
    return;
  }
  sqlite3_result_text(context, week->data(), static_cast<int>(week->size()), SQLITE_TRANSIENT);
}

Failure failureOf(int extended) {
  const int primary = extended & 0xFF;
  if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
    return Failure::Busy;
  }
  if (extended == SQLITE_CONSTRAINT_UNIQUE || extended == SQLITE_CONSTRAINT_PRIMARYKEY) {
    return Failure::UniqueViolation;
  }
  return Failure::Other;
}

}  // namespace

// One prepared statement. The connection keeps one per SQL text; a second, uncached one is made
// when the cached one is in use (a query nested in a loop over the same query).
class SqliteStatement final : public Statement {
 public:
  SqliteStatement(SqliteConnection& connection, sqlite3_stmt* statement, bool cached)
      : connection_(connection), statement_(statement), cached_(cached) {}
  ~SqliteStatement() override { sqlite3_finalize(statement_); }

  bool inUse = false;

  void bindNull(int index) override { check(sqlite3_bind_null(statement_, index)); }
  void bindInteger(int index, std::int64_t value) override {
    check(sqlite3_bind_int64(statement_, index, value));
  }
  void bindReal(int index, double value) override {
    check(sqlite3_bind_double(statement_, index, value));
  }
  void bindText(int index, std::string_view value) override {
    check(sqlite3_bind_text64(statement_, index, value.data(), value.size(), SQLITE_TRANSIENT,
                              SQLITE_UTF8));
  }
  void bindBlob(int index, std::span<const char> value) override {
    // A null pointer would bind NULL: empty content is a zero-length blob.
    check(value.empty()
              ? sqlite3_bind_zeroblob(statement_, index, 0)
              : sqlite3_bind_blob64(statement_, index, value.data(), value.size(), SQLITE_STATIC));
  }

  bool step() override {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) {
      return true;
    }
    if (code == SQLITE_DONE) {
      return false;
    }
    connection_.fail("running a statement");
  }

  bool isNull(int column) const override {
    return sqlite3_column_type(statement_, column) == SQLITE_NULL;
  }
  std::int64_t integer(int column) const override {
    return sqlite3_column_int64(statement_, column);
  }
  double real(int column) const override { return sqlite3_column_double(statement_, column); }
  std::string_view text(int column) const override {
    const auto* data = sqlite3_column_text(statement_, column);
    if (data == nullptr) {
      return {};
    }
    return {reinterpret_cast<const char*>(data),
            static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
  }

  std::string_view bytes(int column) const override {
    // The pointer first, then the size: asking the size first may convert the value.
    const auto* data = sqlite3_column_blob(statement_, column);
    if (data == nullptr) {
      return {};
    }
    return {static_cast<const char*>(data),
            static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
  }

  void finish() noexcept override {
    if (!cached_) {
      delete this;
      return;
    }
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
    inUse = false;
  }

 private:
  void check(int code) const {
    if (code != SQLITE_OK) {
      connection_.fail("binding a parameter");
    }
  }

  SqliteConnection& connection_;
  sqlite3_stmt* statement_;
  bool cached_;
};

std::unique_ptr<SqliteConnection> SqliteConnection::open(const std::filesystem::path& file) {
  configureOnce();
  sqlite3* handle = nullptr;
  const int code =
      sqlite3_open_v2(file.c_str(), &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (code != SQLITE_OK) {
    std::string message = handle != nullptr ? sqlite3_errmsg(handle) : sqlite3_errstr(code);
    sqlite3_close(handle);
    throw DatabaseError("cannot open " + file.string() + ": " + message);
  }
  std::unique_ptr<SqliteConnection> connection(new SqliteConnection(handle, file));
  sqlite3_extended_result_codes(handle, 1);
  sqlite3_busy_timeout(handle, kBusyTimeoutMs);
  sqlite3_create_function_v2(handle, "iso_week", 1,
                             SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr,
                             isoWeekFunction, nullptr, nullptr, nullptr);
  connection->executeScript(
      "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; "
      // NORMAL is durable in WAL mode across application crashes; only an OS crash can lose the
      // last transactions, never corrupt the file.
      "PRAGMA synchronous=NORMAL;");
  return connection;
}

SqliteConnection::SqliteConnection(sqlite3* handle, std::filesystem::path file)
    : handle_(handle), file_(std::move(file)), description_(file_.string()) {}

SqliteConnection::~SqliteConnection() {
  cache_.clear();
  sqlite3_close_v2(handle_);
}

void SqliteConnection::fail(const char* what) const {
  throw DatabaseError(std::string("database error ") + what + " on " + file_.string() + ": " +
                          sqlite3_errmsg(handle_),
                      failureOf(sqlite3_extended_errcode(handle_)), file_);
}

void SqliteConnection::setWaiting(bool waiting) {
  sqlite3_busy_timeout(handle_, waiting ? kBusyTimeoutMs : 0);
}

void SqliteConnection::beginSnapshot() {
  // Deferred: in WAL mode the first read fixes what the transaction sees.
  execute("BEGIN");
}

void SqliteConnection::beginWrite() {
  execute("BEGIN IMMEDIATE");
}

Statement* SqliteConnection::prepare(std::string_view sql) {
  const std::string key(sql);
  auto found = cache_.find(key);
  if (found != cache_.end() && !found->second->inUse) {
    found->second->inUse = true;
    return found->second.get();
  }
  sqlite3_stmt* handle = nullptr;
  if (sqlite3_prepare_v3(handle_, sql.data(), static_cast<int>(sql.size()),
                         SQLITE_PREPARE_PERSISTENT, &handle, nullptr) != SQLITE_OK) {
    fail("preparing a statement");
  }
  if (found != cache_.end()) {
    return new SqliteStatement(*this, handle, false);
  }
  auto statement = std::make_unique<SqliteStatement>(*this, handle, true);
  statement->inUse = true;
  return cache_.emplace(key, std::move(statement)).first->second.get();
}

void SqliteConnection::executeScript(const std::string& sql) {
  char* message = nullptr;
  if (const int code = sqlite3_exec(handle_, sql.c_str(), nullptr, nullptr, &message);
      code != SQLITE_OK) {
    std::string text = message != nullptr ? message : "unknown error";
    sqlite3_free(message);
    throw DatabaseError(text, failureOf(code), file_);
  }
}

std::int64_t SqliteConnection::newRowId(std::string_view table) {
  // A rowid table gives a new row the largest id plus one: the same, asked first. The write
  // transaction holds the file, so no other row can take it meanwhile.
  auto row = query("SELECT COALESCE(MAX(id), 0) + 1 FROM " + quotedIdentifier(table));
  row.step();
  return row.integer(0);
}

Schema SqliteConnection::describeSchema() {
  Schema schema;
  {
    auto tables = query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name");
    while (tables.step()) {
      schema.push_back({tables.text(0), {}, {}, {}});
    }
  }
  for (auto& table : schema) {
    auto columns = query(
        "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?1) ORDER BY cid", table.name);
    while (columns.step()) {
      // A rowid alias is never NULL, declared so or not.
      const auto primaryKey = static_cast<int>(columns.integer(3));
      table.columns.push_back({columns.text(0), columnTypeFamily(columns.text(1)),
                               columns.boolean(2) || primaryKey > 0, primaryKey});
    }
    auto indexes = query(
        "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?1) WHERE origin <> 'pk'",
        table.name);
    while (indexes.step()) {
      SchemaIndex index{indexes.text(2) == "u" ? "" : indexes.text(0),
                        indexes.boolean(1),
                        indexes.boolean(3),
                        {}};
      auto parts = query("SELECT name FROM pragma_index_info(?1) ORDER BY seqno", indexes.text(0));
      while (parts.step()) {
        index.columns.push_back(parts.isNull(0) ? "<expression>" : parts.text(0));
      }
      table.indexes.push_back(std::move(index));
    }
    auto keys =
        query("SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list(?1)", table.name);
    while (keys.step()) {
      table.foreignKeys.push_back({keys.text(0), keys.text(1), keys.text(2)});
    }
  }
  normalise(schema);
  return schema;
}

int SqliteConnection::changes() const {
  return sqlite3_changes(handle_);
}

}  // namespace dossier::db::sqlite
