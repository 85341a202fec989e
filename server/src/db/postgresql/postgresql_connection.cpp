#include "db/postgresql/postgresql_connection.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <libpq-fe.h>
#include <span>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>

#include "db/postgresql/commit_listener.hpp"
#include "db/postgresql/placeholders.hpp"

namespace dossier::db::postgresql {

namespace {

constexpr int kLockTimeoutMs = 10000;

Failure failureOf(const PGresult* result, const PGconn* connection) {
  if (PQstatus(connection) == CONNECTION_BAD) {
    return Failure::ConnectionLost;
  }
  const char* state = result != nullptr ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  if (state == nullptr) {
    return Failure::Other;
  }
  const std::string_view code(state);
  if (code == "23505") {
    return Failure::UniqueViolation;
  }
  if (code == "40001" || code == "40P01") {
    return Failure::SerializationFailure;
  }
  if (code == "57014") {
    return Failure::Timeout;
  }
  if (code == "55P03") {
    return Failure::Busy;
  }
  // Class 08 is a broken connection; 57P01…57P03 the server shutting down or not yet up.
  if (code.starts_with("08") || code == "57P01" || code == "57P02" || code == "57P03") {
    return Failure::ConnectionLost;
  }
  return Failure::Other;
}

// libpq's messages end with a line break (and sometimes a space); ours are sentences in one line.
std::string withoutTrailingSpace(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
    message.pop_back();
  }
  return message;
}

void logNotice(void*, const char* message) {
  std::string_view text(message);
  while (!text.empty() && text.back() == '\n') {
    text.remove_suffix(1);
  }
  spdlog::debug("postgresql: {}", text);
}

struct ResultDeleter {
  void operator()(PGresult* result) const { PQclear(result); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

// The type oids of the columns a binary result is read from (pg_type.h, stable across versions).
constexpr Oid kBoolOid = 16;
constexpr Oid kByteaOid = 17;
constexpr Oid kInt8Oid = 20;
constexpr Oid kInt2Oid = 21;
constexpr Oid kInt4Oid = 23;
constexpr Oid kFloat4Oid = 700;
constexpr Oid kFloat8Oid = 701;

// A binary integer as sent: big-endian, two's complement.
std::int64_t bigEndian(const char* bytes, int length) {
  std::uint64_t value = 0;
  for (int i = 0; i < length; ++i) {
    value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  }
  if (length < 8 && length > 0 && (static_cast<unsigned char>(bytes[0]) & 0x80) != 0) {
    value |= ~std::uint64_t{0} << (8 * length);  // sign-extended
  }
  return static_cast<std::int64_t>(value);
}

}  // namespace

class PostgresqlStatement final : public Statement {
 public:
  PostgresqlStatement(PostgresqlConnection& connection, PostgresqlConnection::Prepared& prepared,
                      bool cached)
      : connection_(connection),
        prepared_(prepared),
        values_(static_cast<std::size_t>(prepared.parameters)),
        blobs_(static_cast<std::size_t>(prepared.parameters)),
        formats_(static_cast<std::size_t>(prepared.parameters), 0),
        nulls_(static_cast<std::size_t>(prepared.parameters), true),
        cached_(cached) {}

  bool inUse = false;

  void bindNull(int index) override { nulls_.at(slot(index)) = true; }
  void bindInteger(int index, std::int64_t value) override {
    bindText(index, std::to_string(value));
  }
  void bindReal(int index, double value) override {
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    bindText(index, std::string_view(buffer, static_cast<std::size_t>(end - buffer)));
  }
  void bindText(int index, std::string_view value) override {
    const auto at = slot(index);
    values_[at].assign(value);
    formats_[at] = 0;
    nulls_[at] = false;
  }
  void bindBlob(int index, std::span<const char> value) override {
    // Sent in binary format: the server takes the bytes as they are, with no escaping either way.
    const auto at = slot(index);
    blobs_[at] = value;
    formats_[at] = 1;
    nulls_[at] = false;
  }

  bool step() override {
    if (streaming_) {
      return stepStreamed();
    }
    if (!result_) {
      run();
    }
    ++row_;
    return row_ < rows_;
  }

  void streamRows() override { streaming_ = true; }

  void runDeferred() override {
    // In a transaction, or about to be (its BEGIN itself deferred).
    if (PQtransactionStatus(connection_.handle_) != PQTRANS_INTRANS &&
        connection_.deferred_.empty()) {
      Statement::runDeferred();
      return;
    }
    connection_.ensurePrepared(prepared_);
    PostgresqlConnection::Deferred later{&prepared_, std::vector<std::string>(values_.size()),
                                         std::vector<int>(values_.size(), 0), formats_, nulls_};
    for (std::size_t i = 0; i < values_.size(); ++i) {
      if (nulls_[i]) {
        continue;
      }
      // Bytes bound are borrowed only until the statement runs (Statement::bindBlob): copied.
      if (formats_[i] == 1) {
        later.values[i].assign(blobs_[i].data(), blobs_[i].size());
      } else {
        later.values[i] = values_[i];
      }
      later.lengths[i] = static_cast<int>(later.values[i].size());
    }
    connection_.deferred_.push_back(std::move(later));
  }

  bool isNull(int column) const override { return PQgetisnull(result_.get(), row_, column) != 0; }
  std::int64_t integer(int column) const override {
    if (binary(column)) {
      const char* value = PQgetvalue(result_.get(), row_, column);
      const int length = PQgetlength(result_.get(), row_, column);
      switch (PQftype(result_.get(), column)) {
        case kBoolOid:
          return length > 0 && value[0] != 0 ? 1 : 0;
        case kInt2Oid:
        case kInt4Oid:
        case kInt8Oid:
          return bigEndian(value, length);
        default:
          throw DatabaseError("a column read as an integer from a binary result is not one");
      }
    }
    const auto value = text(column);
    if (value == "t") {
      return 1;
    }
    if (value == "f") {
      return 0;
    }
    std::int64_t number = 0;
    std::from_chars(value.data(), value.data() + value.size(), number);
    return number;
  }
  double real(int column) const override {
    if (binary(column)) {
      const auto bits = bigEndian(PQgetvalue(result_.get(), row_, column),
                                  PQgetlength(result_.get(), row_, column));
      switch (PQftype(result_.get(), column)) {
        case kFloat8Oid:
          return std::bit_cast<double>(bits);
        case kFloat4Oid:
          return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        default:
          return static_cast<double>(integer(column));
      }
    }
    // Text from the server is terminated; strtod reads "Infinity" and exponents alike.
    return std::strtod(PQgetvalue(result_.get(), row_, column), nullptr);
  }
  std::string_view text(int column) const override {
    if (PQgetisnull(result_.get(), row_, column) != 0) {
      return {};
    }
    return {PQgetvalue(result_.get(), row_, column),
            static_cast<std::size_t>(PQgetlength(result_.get(), row_, column))};
  }

  // Text columns are their text in either format; a bytea column comes only in binary results.
  std::string_view bytes(int column) const override { return text(column); }

  void finish() noexcept override {
    if (sent_) {
      // Dropped before its last row (an export cancelled): the server stops sending, and what
      // it sent meanwhile is read off the link, which must be idle for the next statement.
      if (PGcancel* cancel = PQgetCancel(connection_.handle_)) {
        char reason[256];
        PQcancel(cancel, reason, sizeof reason);
        PQfreeCancel(cancel);
      }
      drain();
    }
    streaming_ = false;
    if (!cached_) {
      delete this;
      return;
    }
    result_.reset();
    row_ = -1;
    rows_ = 0;
    std::fill(nulls_.begin(), nulls_.end(), true);
    std::fill(formats_.begin(), formats_.end(), 0);
    inUse = false;
  }

 private:
  std::size_t slot(int index) const {
    if (index < 1 || static_cast<std::size_t>(index) > values_.size()) {
      throw DatabaseError("parameter ?" + std::to_string(index) + " is not in the statement");
    }
    return static_cast<std::size_t>(index - 1);
  }

  bool binary(int column) const { return PQfformat(result_.get(), column) == 1; }

  // The rows of a streamed run, each in a result of its own (libpq's single-row mode).
  bool stepStreamed() {
    if (!sent_ && !result_) {
      connection_.sendDeferred();
      const auto parameters = parameterPointers();
      connection_.withRelink([&] {
        connection_.ensurePrepared(prepared_);
        if (PQsendQueryPrepared(connection_.handle_, prepared_.name.c_str(),
                                static_cast<int>(parameters.pointers.size()),
                                parameters.pointers.data(), parameters.lengths.data(),
                                formats_.data(), prepared_.binaryResults ? 1 : 0) != 1) {
          connection_.fail("sending a statement", nullptr);
        }
        return 0;
      });
      sent_ = true;
      PQsetSingleRowMode(connection_.handle_);
    }
    if (!sent_) {
      return false;
    }
    ResultPtr next(PQgetResult(connection_.handle_));
    const auto status = next ? PQresultStatus(next.get()) : PGRES_COMMAND_OK;
    if (status == PGRES_SINGLE_TUPLE) {
      result_ = std::move(next);
      row_ = 0;
      rows_ = 1;
      return true;
    }
    // The end (an empty TUPLES_OK), or a failure: either way the link is read to its end.
    sent_ = false;
    result_.reset();
    rows_ = 0;
    drain();
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
      connection_.fail("reading the rows of a statement", next.get());
    }
    return false;
  }

  void drain() noexcept {
    while (PGresult* left = PQgetResult(connection_.handle_)) {
      PQclear(left);
    }
    sent_ = false;
  }

  struct Parameters {
    std::vector<const char*> pointers;
    std::vector<int> lengths;
  };
  Parameters parameterPointers() const {
    Parameters out{std::vector<const char*>(values_.size()), std::vector<int>(values_.size(), 0)};
    for (std::size_t i = 0; i < values_.size(); ++i) {
      if (nulls_[i]) {
        out.pointers[i] = nullptr;
      } else if (formats_[i] == 1) {
        // Empty content is an empty value, not NULL.
        out.pointers[i] = blobs_[i].empty() ? "" : blobs_[i].data();
        out.lengths[i] = static_cast<int>(blobs_[i].size());
      } else {
        out.pointers[i] = values_[i].c_str();
      }
    }
    return out;
  }

  void run() {
    const auto parameters = parameterPointers();
    ResultPtr result =
        connection_.deferred_.empty() ? runAlone(parameters) : runAfterDeferred(parameters);
    rows_ = PQntuples(result.get());
    const char* changed = PQcmdTuples(result.get());
    connection_.changes_ = changed != nullptr && *changed != '\0' ? std::atoi(changed) : 0;
    result_ = std::move(result);
  }

  ResultPtr runAlone(const Parameters& parameters) {
    return connection_.withRelink([&] {
      connection_.ensurePrepared(prepared_);
      ResultPtr ran(PQexecPrepared(connection_.handle_, prepared_.name.c_str(),
                                   static_cast<int>(parameters.pointers.size()),
                                   parameters.pointers.data(), parameters.lengths.data(),
                                   formats_.data(), prepared_.binaryResults ? 1 : 0));
      const auto status = ran ? PQresultStatus(ran.get()) : PGRES_FATAL_ERROR;
      if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
        connection_.fail("running a statement", ran.get());
      }
      return ran;
    });
  }

  // In the pipeline of what the transaction deferred.
  ResultPtr runAfterDeferred(const Parameters& parameters) {
    const PostgresqlConnection::Sent sent{&prepared_, parameters.pointers.data(),
                                          parameters.lengths.data(), formats_.data()};
    return ResultPtr(connection_.runPipelined(&sent));
  }

  PostgresqlConnection& connection_;
  PostgresqlConnection::Prepared& prepared_;
  std::vector<std::string> values_;
  std::vector<std::span<const char>> blobs_;
  std::vector<int> formats_;  // 1 for a parameter sent in binary
  std::vector<bool> nulls_;
  bool cached_;
  ResultPtr result_;
  int row_ = -1;
  int rows_ = 0;
  bool streaming_ = false;
  bool sent_ = false;  // a streamed run's rows are still coming
};

PGconn* PostgresqlConnection::connect(const ConnectionSettings& settings) {
  const std::string options =
      "-c statement_timeout=" + std::to_string(settings.statementTimeout.count()) +
      // A lock held longer than this (another process's write transaction, as a seed's batch)
      // fails the statement as busy, as SQLite's busy timeout does.
      " -c lock_timeout=" + std::to_string(kLockTimeoutMs) + " -c client_min_messages=warning";
  std::vector<const char*> keys{"dbname", "application_name", "options", "connect_timeout"};
  std::vector<const char*> values{settings.url.c_str(), "dossier", options.c_str(), "10"};
  if (!settings.password.empty()) {
    keys.push_back("password");
    values.push_back(settings.password.c_str());
  }
  keys.push_back(nullptr);
  values.push_back(nullptr);
  // expand_dbname: the URL given as dbname is read as a whole connection string; the keys after
  // it (the password) add to it.
  PGconn* handle = PQconnectdbParams(keys.data(), values.data(), 1);
  if (handle == nullptr || PQstatus(handle) != CONNECTION_OK) {
    const std::string message =
        withoutTrailingSpace(handle != nullptr ? PQerrorMessage(handle) : "out of memory");
    PQfinish(handle);
    throw DatabaseError("cannot connect to the PostgreSQL database: " + message,
                        Failure::ConnectionLost);
  }
  PQsetNoticeProcessor(handle, logNotice, nullptr);
  return handle;
}

std::unique_ptr<PostgresqlConnection> PostgresqlConnection::open(
    const ConnectionSettings& settings) {
  return std::unique_ptr<PostgresqlConnection>(
      new PostgresqlConnection(connect(settings), settings));
}

PostgresqlConnection::PostgresqlConnection(PGconn* handle, ConnectionSettings settings)
    : handle_(handle), settings_(std::move(settings)) {
  const char* host = PQhost(handle_);
  description_ = std::string("PostgreSQL database ") + PQdb(handle_) + " on " +
                 (host != nullptr && *host != '\0' && *host != '/' ? host : "this machine");
}

PostgresqlConnection::~PostgresqlConnection() {
  prepared_.clear();
  PQfinish(handle_);
}

bool PostgresqlConnection::healthy() const {
  // A pipeline left unfinished (its link failing half way) leaves the link unfit for more.
  return PQstatus(handle_) == CONNECTION_OK && PQpipelineStatus(handle_) == PQ_PIPELINE_OFF;
}

PGresult* PostgresqlConnection::runPipelined(const Sent* last) {
  const auto deferred = std::move(deferred_);
  deferred_.clear();
  // Begun on an idle link, the pipeline holds the transaction from its BEGIN: when the link turns
  // out to be gone, nothing is lost by sending it all again on a new one.
  return withRelink([&] { return pipeline(deferred, last); });
}

PGresult* PostgresqlConnection::pipeline(const std::vector<Deferred>& deferred, const Sent* last) {
  for (const auto& each : deferred) {
    ensurePrepared(*each.prepared);
  }
  if (last != nullptr) {
    ensurePrepared(*last->prepared);
  }
  if (PQenterPipelineMode(handle_) != 1) {
    fail("starting a pipeline", nullptr);
  }
  int commands = 0;
  const auto send = [&](const Prepared& prepared, const char* const* values, const int* lengths,
                        const int* formats) {
    if (PQsendQueryPrepared(handle_, prepared.name.c_str(), prepared.parameters, values, lengths,
                            formats, prepared.binaryResults ? 1 : 0) != 1) {
      fail("sending a statement", nullptr);
    }
    ++commands;
  };
  for (const auto& each : deferred) {
    std::vector<const char*> values(each.values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      values[i] = each.nulls[i] ? nullptr : each.values[i].c_str();
    }
    send(*each.prepared, values.data(), each.lengths.data(), each.formats.data());
  }
  if (last != nullptr) {
    send(*last->prepared, last->values, last->lengths, last->formats);
  }
  if (PQpipelineSync(handle_) != 1) {
    fail("sending a statement", nullptr);
  }
  // Each statement's results end with a null; the pipeline's end is its sync. After a failure the
  // statements behind it come back aborted, unrun.
  ResultPtr failure;
  ResultPtr answer;
  int ended = 0;
  for (;;) {
    ResultPtr result(PQgetResult(handle_));
    if (!result) {
      if (++ended > commands || PQstatus(handle_) == CONNECTION_BAD) {
        break;
      }
      continue;
    }
    const auto status = PQresultStatus(result.get());
    if (status == PGRES_PIPELINE_SYNC) {
      break;
    }
    if (status == PGRES_PIPELINE_ABORTED) {
      continue;
    }
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      if (!failure) {
        failure = std::move(result);
      }
      continue;
    }
    if (last != nullptr && ended == commands - 1) {
      answer = std::move(result);
    }
  }
  const bool left = PQexitPipelineMode(handle_) == 1;
  if (failure) {
    fail("running a statement", failure.get());
  }
  if (!left || (last != nullptr && !answer)) {
    fail("ending a pipeline", nullptr);
  }
  return answer.release();
}

void PostgresqlConnection::reconnect() {
  PGconn* fresh = connect(settings_);
  PQfinish(handle_);
  handle_ = fresh;
  // Statements prepared on the old link are gone with it: each is prepared again when next run.
  ++link_;
}

bool PostgresqlConnection::idle() const {
  return PQtransactionStatus(handle_) == PQTRANS_IDLE;
}

template <class Run>
auto PostgresqlConnection::withRelink(Run&& run) -> decltype(run()) {
  const bool wasIdle = idle();
  try {
    return run();
  } catch (const DatabaseError& error) {
    if (error.failure() != Failure::ConnectionLost || !wasIdle) {
      throw;
    }
  }
  reconnect();
  return run();
}

void PostgresqlConnection::ensurePrepared(Prepared& prepared) {
  if (prepared.link == link_) {
    return;
  }
  ResultPtr made(PQprepare(handle_, prepared.name.c_str(), prepared.sql.c_str(),
                           prepared.parameters, nullptr));
  if (!made || PQresultStatus(made.get()) != PGRES_COMMAND_OK) {
    fail("preparing a statement", made.get());
  }
  // What it answers decides the format of its results: binary when a column is bytea.
  ResultPtr described(PQdescribePrepared(handle_, prepared.name.c_str()));
  if (!described || PQresultStatus(described.get()) != PGRES_COMMAND_OK) {
    fail("describing a statement", described.get());
  }
  prepared.binaryResults = false;
  for (int column = 0; column < PQnfields(described.get()); ++column) {
    prepared.binaryResults =
        prepared.binaryResults || PQftype(described.get(), column) == kByteaOid;
  }
  prepared.link = link_;
}

namespace {
// The advisory lock key of migrations: any number the database's other users do not use.
constexpr std::int64_t kMigrationLock = 0x646f7373'69657201;  // "dossier", 1
// The advisory lock key every write transaction holds until it ends.
constexpr std::int64_t kWriteLock = 0x646f7373'69657202;
}  // namespace

void PostgresqlConnection::holdMigrationLock(bool held) {
  execute(held ? "SELECT pg_advisory_lock(?1)" : "SELECT pg_advisory_unlock(?1)", kMigrationLock);
}

void PostgresqlConnection::tellOthers(const std::string& channel, const std::string& message) {
  auto row = query("SELECT pg_notify(?1, ?2)", channel, message);
  row.step();
}

void PostgresqlConnection::fail(const char* what, const PGresult* result) const {
  std::string message = result != nullptr ? PQresultErrorMessage(result) : "";
  if (message.empty()) {
    message = PQerrorMessage(handle_);
  }
  message = withoutTrailingSpace(std::move(message));
  throw DatabaseError(
      std::string("database error ") + what + " on " + description_ + ": " + message,
      failureOf(result, handle_));
}

std::int64_t PostgresqlConnection::newRowId(std::string_view table) {
  // A sequence is outside transactions: asked alone, ahead of a BEGIN and write lock still
  // waiting to be sent, nothing the transaction does waits for it, and no lock is held across
  // its round trip. Inside a transaction already begun, it goes with what is deferred.
  std::vector<Deferred> waiting;
  if (idle()) {
    waiting = std::exchange(deferred_, {});
  }
  struct PutBack {
    std::vector<Deferred>& queue;
    std::vector<Deferred>& waiting;
    ~PutBack() {
      if (!waiting.empty()) {
        queue.insert(queue.begin(), std::make_move_iterator(waiting.begin()),
                     std::make_move_iterator(waiting.end()));
      }
    }
  } putBack{deferred_, waiting};
  auto row = query("SELECT nextval(pg_get_serial_sequence(?1, 'id'))", std::string(table));
  row.step();
  return row.integer(0);
}

void PostgresqlConnection::beginSnapshot() {
  execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
}

void PostgresqlConnection::beginWrite() {
  // Write transactions take turns, as on SQLite (BEGIN IMMEDIATE): the rules written for one
  // writer (check, then write; read a row, then change it) hold unchanged, and change-log rows
  // commit in the order of their numbers, so that a reader following the log by number never
  // passes one that commits later (docs/decisions.md). Readers do not wait. The notification
  // goes out only if it commits, and wakes the other processes' followers of the database
  // (commit_listener.hpp). Sent with the transaction's first statement, in its round trip, so
  // that the lock is not held across one of its own.
  static const std::string lock = "SELECT pg_advisory_xact_lock(" + std::to_string(kWriteLock) +
                                  "), pg_notify('" + kCommitChannel + "', '')";
  sendDeferred();
  deferred_.push_back({&cached("BEGIN"), {}, {}, {}, {}});
  deferred_.push_back({&cached(lock), {}, {}, {}, {}});
}

void PostgresqlConnection::allowLongStatements(bool allowed) {
  executeScript("SET statement_timeout = " +
                std::to_string(allowed ? 0 : settings_.statementTimeout.count()));
}

void PostgresqlConnection::setWaiting(bool) {
  // PostgreSQL locks rows, not the database: a statement waits only for a transaction writing the
  // same row, which is brief, so there is nothing to turn off.
}

PostgresqlConnection::Prepared& PostgresqlConnection::cached(std::string_view sql) {
  const std::string key(sql);
  auto found = prepared_.find(key);
  if (found == prepared_.end()) {
    auto rewritten = dollarPlaceholders(sql);
    Prepared prepared;
    prepared.name = "s" + std::to_string(prepared_.size() + 1);
    prepared.sql = std::move(rewritten.sql);
    prepared.parameters = rewritten.parameters;
    prepared.link = 0;
    found = prepared_.emplace(key, std::move(prepared)).first;
    // Whole before it is prepared: when preparing fails (the connection lost on the way), the
    // entry stays, unprepared, and its next run prepares it on the connection made anew.
    found->second.statement = std::make_unique<PostgresqlStatement>(*this, found->second, true);
    withRelink([&] { ensurePrepared(found->second); });
  }
  return found->second;
}

Statement* PostgresqlConnection::prepare(std::string_view sql) {
  auto& prepared = cached(sql);
  if (!prepared.statement->inUse) {
    prepared.statement->inUse = true;
    return prepared.statement.get();
  }
  // The cached one is running (a query nested in a loop over the same query): the same prepared
  // statement, run a second time with its own parameters and result.
  return new PostgresqlStatement(*this, prepared, false);
}

Schema PostgresqlConnection::describeSchema() {
  Schema schema;
  {
    auto tables = query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
        "AND table_type = 'BASE TABLE' ORDER BY table_name");
    while (tables.step()) {
      schema.push_back({tables.text(0), {}, {}, {}});
    }
  }
  for (auto& table : schema) {
    auto columns = query(
        "SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, "
        "COALESCE(array_position(p.conkey, a.attnum), 0) "
        "FROM pg_attribute a LEFT JOIN pg_constraint p ON p.conrelid = a.attrelid AND "
        "p.contype = 'p' WHERE a.attrelid = CAST(?1 AS regclass) AND a.attnum > 0 AND NOT "
        "a.attisdropped ORDER BY a.attnum",
        table.name);
    while (columns.step()) {
      table.columns.push_back({columns.text(0), columnTypeFamily(columns.text(1)),
                               columns.boolean(2), static_cast<int>(columns.integer(3))});
    }
    auto indexes = query(
        "SELECT c.relname, x.indisunique, x.indpred IS NOT NULL, "
        "EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.contype = "
        "'u'), string_agg(COALESCE(a.attname, '<expression>'), ',' ORDER BY u.n) "
        "FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid "
        "CROSS JOIN LATERAL unnest(CAST(x.indkey AS int2[])) WITH ORDINALITY AS u(attnum, n) "
        "LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = u.attnum "
        "WHERE x.indrelid = CAST(?1 AS regclass) AND NOT x.indisprimary "
        "GROUP BY c.relname, x.indisunique, x.indpred, x.indexrelid",
        table.name);
    while (indexes.step()) {
      SchemaIndex index{
          indexes.boolean(3) ? "" : indexes.text(0), indexes.boolean(1), indexes.boolean(2), {}};
      const auto columnsText = indexes.text(4);
      for (std::size_t start = 0; start <= columnsText.size();) {
        const auto end = std::min(columnsText.find(',', start), columnsText.size());
        index.columns.push_back(columnsText.substr(start, end - start));
        start = end + 1;
      }
      table.indexes.push_back(std::move(index));
    }
    auto keys = query(
        "SELECT a.attname, CAST(k.confrelid AS regclass), af.attname FROM pg_constraint k "
        "JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] "
        "JOIN pg_attribute af ON af.attrelid = k.confrelid AND af.attnum = k.confkey[1] "
        "WHERE k.contype = 'f' AND k.conrelid = CAST(?1 AS regclass)",
        table.name);
    while (keys.step()) {
      table.foreignKeys.push_back({keys.text(0), keys.text(1), keys.text(2)});
    }
  }
  normalise(schema);
  return schema;
}

void PostgresqlConnection::executeScript(const std::string& sql) {
  sendDeferred();
  withRelink([&] {
    ResultPtr result(PQexec(handle_, sql.c_str()));
    const auto status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY) {
      fail("running a script", result.get());
    }
  });
}

}  // namespace dossier::db::postgresql
