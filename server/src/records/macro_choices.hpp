#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "core/clock.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// A macro search that a task step's macro waits on (migration 0011): the page data it asked with
// (spec 2 §3 "Macro search page data", macroExecutionCorrelationId included), the answers given
// before it, and the session it was asked of, who alone may answer it.
struct MacroChoice {
  std::string correlationId;
  std::int64_t sessionId = 0;
  types::EntityKind kind = types::EntityKind::Case;
  std::int64_t recordId = 0;
  std::string taskId;
  std::string stepId;
  boost::json::object request;
  boost::json::array picks;
};

// Keeps the choice in place of any other the same step of the record waited on.
void saveMacroChoice(db::Connection& db, const MacroChoice& choice, TimePoint now);
std::optional<MacroChoice> findMacroChoice(db::Connection& db, std::string_view correlationId);
// The choice a step of a record waits on, if any.
std::optional<MacroChoice> macroChoiceOf(db::Connection& db, types::EntityKind kind,
                                         std::int64_t recordId, std::string_view taskId,
                                         std::string_view stepId);
// False when it was not there (answered already: of two answers at once, one goes on).
bool removeMacroChoice(db::Connection& db, std::string_view correlationId);
// Every choice a task on a record waits on (the task was cancelled).
void removeMacroChoicesOf(db::Connection& db, types::EntityKind kind, std::int64_t recordId,
                          std::string_view taskId);
// Those asked before `before`; how many.
std::int64_t removeMacroChoicesBefore(db::Connection& db, TimePoint before);

}  // namespace dossier::records
