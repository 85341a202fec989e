#include "reports/report_exports.hpp"

#include <array>

#include "db/connection.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

constexpr std::array<std::pair<ExportStatus, std::string_view>, 5> kStatusWords = {{
    {ExportStatus::Queued, "queued"},
    {ExportStatus::Running, "running"},
    {ExportStatus::Done, "done"},
    {ExportStatus::Failed, "failed"},
    {ExportStatus::Cancelled, "cancelled"},
}};

ExportStatus statusFromWord(std::string_view word) {
  for (const auto& [status, each] : kStatusWords) {
    if (each == word) {
      return status;
    }
  }
  return ExportStatus::Failed;
}

constexpr std::string_view kColumns =
    "SELECT id, user_id, report_code, heading, format, filters, status, rows_done, rows_total, "
    "message, blob, file_size, file_name, media_type, runner, heartbeat_at, cancel_requested, "
    "created_at, finished_at FROM report_exports ";

BackgroundExport read(const db::Query& row) {
  BackgroundExport out;
  out.id = row.integer(0);
  out.userId = row.integer(1);
  out.reportCode = row.text(2);
  out.heading = row.text(3);
  out.format = row.text(4);
  out.filters = row.text(5);
  out.status = statusFromWord(row.text(6));
  out.rowsDone = row.integer(7);
  out.rowsTotal = row.optionalInteger(8);
  out.message = row.optionalText(9).value_or("");
  out.blob = row.optionalText(10).value_or("");
  out.fileSize = row.optionalInteger(11).value_or(0);
  out.fileName = row.optionalText(12).value_or("");
  out.mediaType = row.optionalText(13).value_or("");
  out.runner = row.optionalText(14).value_or("");
  out.heartbeatAt = row.time(15);
  out.cancelRequested = row.boolean(16);
  out.createdAt = row.time(17).value_or(TimePoint{});
  out.finishedAt = row.time(18);
  return out;
}

template <class... Args>
std::vector<BackgroundExport> readAll(db::Connection& db, const std::string& sql,
                                      const Args&... args) {
  std::vector<BackgroundExport> out;
  auto rows = db.query(sql, args...);
  while (rows.step()) {
    out.push_back(read(rows));
  }
  return out;
}

}  // namespace

std::string_view statusWord(ExportStatus status) {
  for (const auto& [each, word] : kStatusWords) {
    if (each == status) {
      return word;
    }
  }
  return "failed";
}

json::object exportJson(const BackgroundExport& exported, std::optional<TimePoint> keptUntil) {
  const auto timeOrNull = [](const std::optional<TimePoint>& time) {
    return time ? json::value(formatIsoTime(*time)) : json::value(nullptr);
  };
  json::object out{
      {"id", exported.id},
      {"reportCode", exported.reportCode},
      {"heading", exported.heading},
      {"format", exported.format},
      {"status", statusWord(exported.status)},
      {"rowsDone", exported.rowsDone},
      {"rowsTotal", exported.rowsTotal ? json::value(*exported.rowsTotal) : json::value(nullptr)},
      {"cancelRequested", exported.cancelRequested},
      {"createdAt", formatIsoTime(exported.createdAt)},
      {"finishedAt", timeOrNull(exported.finishedAt)}};
  if (!exported.message.empty()) {
    out["message"] = exported.message;
  }
  if (exported.status == ExportStatus::Done) {
    out["fileName"] = exported.fileName;
    out["fileSize"] = exported.fileSize;
    out["keptUntil"] = timeOrNull(keptUntil);
  }
  return out;
}

std::int64_t queueExport(db::Connection& db, const NewExport& exported, TimePoint now) {
  return db.insertReturning(
      "INSERT INTO report_exports (user_id, report_code, heading, format, filters, status, "
      "rows_total, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 'queued', ?6, ?7) RETURNING id",
      exported.userId, exported.reportCode, exported.heading, exported.format, exported.filters,
      exported.rowsTotal, now);
}

std::optional<BackgroundExport> exportById(db::Connection& db, std::int64_t id) {
  auto row = db.query(std::string(kColumns) + "WHERE id = ?1", id);
  if (!row.step()) {
    return std::nullopt;
  }
  return read(row);
}

std::vector<BackgroundExport> exportsOf(db::Connection& db, std::int64_t userId, int limit) {
  return readAll(db, std::string(kColumns) + "WHERE user_id = ?1 ORDER BY id DESC LIMIT ?2", userId,
                 limit);
}

int unfinishedExportsOf(db::Connection& db, std::int64_t userId) {
  auto row = db.query(
      "SELECT COUNT(*) FROM report_exports WHERE user_id = ?1 AND status IN ('queued', "
      "'running')",
      userId);
  return row.step() ? static_cast<int>(row.integer(0)) : 0;
}

std::optional<BackgroundExport> claimNextExport(db::Connection& db, const std::string& runner,
                                                TimePoint now) {
  auto next = db.query("SELECT id FROM report_exports WHERE status = 'queued' ORDER BY id LIMIT 1");
  if (!next.step()) {
    return std::nullopt;
  }
  const auto id = next.integer(0);
  while (next.step()) {
  }
  // Whoever changes the row from queued takes it: another runner that read the same id changes
  // nothing.
  if (db.execute("UPDATE report_exports SET status = 'running', runner = ?2, heartbeat_at = ?3 "
                 "WHERE id = ?1 AND status = 'queued'",
                 id, runner, now) != 1) {
    return std::nullopt;
  }
  return exportById(db, id);
}

std::int64_t addFinishedExport(db::Connection& db, const NewExport& exported,
                               const FinishedFile& file, TimePoint now) {
  return db.insertReturning(
      "INSERT INTO report_exports (user_id, report_code, heading, format, filters, status, "
      "rows_done, rows_total, blob, file_size, file_name, media_type, created_at, finished_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, 'done', ?6, ?6, ?7, ?8, ?9, ?10, ?11, ?11) RETURNING id",
      exported.userId, exported.reportCode, exported.heading, exported.format, exported.filters,
      file.rows, file.blob, file.size, file.fileName, file.mediaType, now);
}

int requeueSilentExports(db::Connection& db, TimePoint silentSince) {
  return db.execute(
      "UPDATE report_exports SET status = 'queued', runner = NULL, rows_done = 0 WHERE status = "
      "'running' AND heartbeat_at < ?1",
      silentSince);
}

std::optional<bool> beatExport(db::Connection& db, std::int64_t id, const std::string& runner,
                               std::int64_t rowsDone, TimePoint now) {
  auto row = db.query(
      "UPDATE report_exports SET rows_done = ?3, heartbeat_at = ?4 WHERE id = ?1 AND runner = ?2 "
      "AND status = 'running' RETURNING cancel_requested",
      id, runner, rowsDone, now);
  if (!row.step()) {
    return std::nullopt;
  }
  const bool cancel = row.boolean(0);
  while (row.step()) {
  }
  return cancel;
}

bool completeExport(db::Connection& db, std::int64_t id, const std::string& runner,
                    const FinishedFile& file, TimePoint now) {
  return db.execute(
             "UPDATE report_exports SET status = 'done', blob = ?3, file_size = ?4, file_name = "
             "?5, media_type = ?6, rows_done = ?7, rows_total = ?7, finished_at = ?8 WHERE id = "
             "?1 AND runner = ?2 AND status = 'running'",
             id, runner, file.blob, file.size, file.fileName, file.mediaType, file.rows, now) == 1;
}

bool failExport(db::Connection& db, std::int64_t id, const std::string& runner,
                const std::string& message, TimePoint now) {
  return db.execute(
             "UPDATE report_exports SET status = 'failed', message = ?3, finished_at = ?4 WHERE "
             "id = ?1 AND runner = ?2 AND status = 'running'",
             id, runner, message, now) == 1;
}

bool cancelledWhileRunning(db::Connection& db, std::int64_t id, const std::string& runner,
                           TimePoint now) {
  return db.execute(
             "UPDATE report_exports SET status = 'cancelled', finished_at = ?3 WHERE id = ?1 AND "
             "runner = ?2 AND status = 'running'",
             id, runner, now) == 1;
}

void giveBackExport(db::Connection& db, std::int64_t id, const std::string& runner) {
  db.execute(
      "UPDATE report_exports SET status = 'queued', runner = NULL, rows_done = 0 WHERE id = ?1 "
      "AND runner = ?2 AND status = 'running'",
      id, runner);
}

bool requestCancel(db::Connection& db, std::int64_t id, TimePoint now) {
  db::Transaction transaction(db);
  const auto queued = db.execute(
      "UPDATE report_exports SET status = 'cancelled', cancel_requested = 1, finished_at = ?2 "
      "WHERE id = ?1 AND status = 'queued'",
      id, now);
  const auto running = db.execute(
      "UPDATE report_exports SET cancel_requested = 1 WHERE id = ?1 AND status = 'running'", id);
  transaction.commit();
  return queued + running > 0;
}

std::vector<BackgroundExport> exportsInMotion(db::Connection& db, TimePoint finishedSince) {
  return readAll(db,
                 std::string(kColumns) +
                     "WHERE status IN ('queued', 'running') OR finished_at >= ?1 ORDER BY id",
                 finishedSince);
}

int forgetExportsBefore(db::Connection& db, TimePoint cutoff) {
  return db.execute("DELETE FROM report_exports WHERE finished_at < ?1", cutoff);
}

bool exportKeepsBlob(db::Connection& db, std::string_view sha256) {
  return db.query("SELECT 1 FROM report_exports WHERE blob = ?1 LIMIT 1", sha256).step();
}

}  // namespace dossier::reports
