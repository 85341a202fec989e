#include "records/macro_choices.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "db/connection.hpp"

namespace dossier::records {

namespace json = boost::json;

namespace {

constexpr const char* kColumns =
    "SELECT correlation_id, session_id, entity_kind, entity_id, task_id, step_id, request, picks "
    "FROM macro_choices ";

template <typename Rows>
MacroChoice choiceOf(Rows& rows) {
  MacroChoice choice;
  choice.correlationId = rows.text(0);
  choice.sessionId = rows.integer(1);
  choice.kind = rows.text(2) == "person" ? types::EntityKind::Person : types::EntityKind::Case;
  choice.recordId = rows.integer(3);
  choice.taskId = rows.text(4);
  choice.stepId = rows.text(5);
  boost::system::error_code ec;
  if (auto request = json::parse(rows.text(6), ec); !ec && request.is_object()) {
    choice.request = std::move(request.as_object());
  }
  if (auto picks = json::parse(rows.text(7), ec); !ec && picks.is_array()) {
    choice.picks = std::move(picks.as_array());
  }
  return choice;
}

}  // namespace

void saveMacroChoice(db::Connection& db, const MacroChoice& choice, TimePoint now) {
  db.execute(
      "DELETE FROM macro_choices WHERE entity_kind = ?1 AND entity_id = ?2 AND task_id = ?3 AND "
      "step_id = ?4",
      types::kindName(choice.kind), choice.recordId, choice.taskId, choice.stepId);
  db.execute(
      "INSERT INTO macro_choices (correlation_id, session_id, entity_kind, entity_id, task_id, "
      "step_id, request, picks, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
      choice.correlationId, choice.sessionId, types::kindName(choice.kind), choice.recordId,
      choice.taskId, choice.stepId, json::serialize(choice.request), json::serialize(choice.picks),
      now);
}

std::optional<MacroChoice> findMacroChoice(db::Connection& db, std::string_view correlationId) {
  auto rows = db.query(std::string(kColumns) + "WHERE correlation_id = ?1", correlationId);
  if (!rows.step()) {
    return std::nullopt;
  }
  return choiceOf(rows);
}

std::optional<MacroChoice> macroChoiceOf(db::Connection& db, types::EntityKind kind,
                                         std::int64_t recordId, std::string_view taskId,
                                         std::string_view stepId) {
  auto rows = db.query(std::string(kColumns) +
                           "WHERE entity_kind = ?1 AND entity_id = ?2 AND task_id = ?3 AND "
                           "step_id = ?4",
                       types::kindName(kind), recordId, taskId, stepId);
  if (!rows.step()) {
    return std::nullopt;
  }
  return choiceOf(rows);
}

bool removeMacroChoice(db::Connection& db, std::string_view correlationId) {
  return db.execute("DELETE FROM macro_choices WHERE correlation_id = ?1", correlationId) > 0;
}

void removeMacroChoicesOf(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
                          std::string_view taskId) {
  db.execute("DELETE FROM macro_choices WHERE entity_kind = ?1 AND entity_id = ?2 AND task_id = ?3",
             types::kindName(kind), recordId, taskId);
}

std::int64_t removeMacroChoicesBefore(db::Connection& db, TimePoint before) {
  return db.execute("DELETE FROM macro_choices WHERE created_at < ?1", before);
}

}  // namespace dossier::records
