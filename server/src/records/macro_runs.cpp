#include "records/macro_runs.hpp"

#include "db/connection.hpp"

namespace dossier::records {

void recordMacroRun(db::Connection& db, const MacroRun& run, TimePoint now) {
  db.execute(
      "INSERT INTO macro_runs (at, script, event, type_ref, username, outcome, detail, "
      "milliseconds, printed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
      now, run.script, run.event, run.typeRef, run.username, run.outcome, run.detail,
      run.milliseconds, run.printed);
}

std::vector<MacroRun> latestMacroRuns(db::Connection& db, int count) {
  std::vector<MacroRun> runs;
  auto rows = db.query(
      "SELECT at, script, event, type_ref, username, outcome, detail, milliseconds, printed "
      "FROM macro_runs ORDER BY id DESC LIMIT ?1",
      count);
  while (rows.step()) {
    runs.push_back({rows.text(0), rows.text(1), rows.text(2), rows.text(3), rows.text(4),
                    rows.text(5), rows.text(6), rows.integer(7), rows.text(8)});
  }
  return runs;
}

}  // namespace dossier::records
