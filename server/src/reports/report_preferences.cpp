#include "reports/report_preferences.hpp"

#include "db/connection.hpp"

namespace dossier::reports {

namespace {

ReportPreference read(db::Query& row) {
  return {row.boolean(1), row.time(2), row.text(3)};
}

}  // namespace

std::map<std::string, ReportPreference> preferencesOf(db::Connection& db, std::int64_t userId) {
  std::map<std::string, ReportPreference> kept;
  auto row = db.query(
      "SELECT report_code, favourite, last_run_at, filters FROM report_preferences WHERE "
      "user_id = ?1",
      userId);
  while (row.step()) {
    kept.emplace(row.text(0), read(row));
  }
  return kept;
}

ReportPreference preferenceOf(db::Connection& db, std::int64_t userId, const std::string& code) {
  auto row = db.query(
      "SELECT report_code, favourite, last_run_at, filters FROM report_preferences WHERE "
      "user_id = ?1 AND report_code = ?2",
      userId, code);
  return row.step() ? read(row) : ReportPreference{};
}

void setFavourite(db::Connection& db, std::int64_t userId, const std::string& code,
                  bool favourite) {
  db.execute(
      "INSERT INTO report_preferences (user_id, report_code, favourite) VALUES (?1, ?2, ?3) "
      "ON CONFLICT (user_id, report_code) DO UPDATE SET favourite = ?3",
      userId, code, favourite);
}

void recordRun(db::Connection& db, std::int64_t userId, const std::string& code,
               const std::string& filters, TimePoint now) {
  db.execute(
      "INSERT INTO report_preferences (user_id, report_code, last_run_at, filters) VALUES (?1, "
      "?2, ?3, ?4) ON CONFLICT (user_id, report_code) DO UPDATE SET last_run_at = ?3, filters = ?4",
      userId, code, now, filters);
}

}  // namespace dossier::reports
