#include "records/case_actions.hpp"

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "records/actor.hpp"
#include "records/audit.hpp"
#include "types/action_types.hpp"

namespace dossier::records {

namespace json = boost::json;
using types::EntityKind;

namespace {

constexpr const char* kColumns =
    "SELECT a.id, a.guid, a.case_id, a.type_code, a.fields, a.created_by_name, a.created_at, "
    "a.modified_by_name, a.modified_at, a.row_version FROM case_actions a ";

CaseAction readAction(db::Query& row) {
  CaseAction action;
  action.id = row.integer(0);
  action.guid = row.text(1);
  action.caseId = row.integer(2);
  action.typeCode = row.text(3);
  boost::system::error_code ec;
  auto values = json::parse(row.text(4), ec);
  if (!ec && values.is_object()) {
    action.values = std::move(values.as_object());
  }
  action.createdByName = row.text(5);
  action.createdAt = row.text(6);
  action.modifiedByName = row.text(7);
  action.modifiedAt = row.text(8);
  action.rowVersion = row.integer(9);
  return action;
}

std::vector<CaseAction> readActions(db::Query rows) {
  std::vector<CaseAction> actions;
  while (rows.step()) {
    actions.push_back(readAction(rows));
  }
  return actions;
}

json::object about(const CaseAction& action, const std::string& typeName) {
  return json::object{{"action", action.guid},
                      {"subject", action.subject()},
                      {"type", typeName},
                      {"typeCode", action.typeCode}};
}

void audit(db::Connection& db, const CaseAction& action, std::string_view verb,
           const std::string& typeName, const std::vector<FieldChange>& changes, const Actor& actor,
           TimePoint now) {
  appendAudit(db, "case", action.caseId, "caseaction." + std::string(verb), changes,
              about(action, typeName), actor, now);
}

void write(db::Connection& db, const CaseAction& action) {
  db.execute(
      "UPDATE case_actions SET subject = ?1, action_at = ?2, done = ?3, fields = ?4 WHERE id = ?5",
      action.subject(), action.actionAt(), action.done(), json::serialize(action.values),
      action.id);
}

}  // namespace

std::string CaseAction::subject() const {
  const auto* value = values.if_contains(types::kActionSubject);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : "";
}

std::string CaseAction::actionAt() const {
  const auto* value = values.if_contains(types::kActionAt);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : "";
}

bool CaseAction::done() const {
  const auto* value = values.if_contains(types::kActionDone);
  return value != nullptr && value->is_bool() && value->get_bool();
}

std::optional<CaseAction> findAction(db::Connection& db, std::string_view guid) {
  auto row = db.query(std::string(kColumns) + "WHERE a.guid = ?1", guid);
  if (!row.step()) {
    return std::nullopt;
  }
  return readAction(row);
}

std::vector<CaseAction> actionsOf(db::Connection& db, std::int64_t caseId) {
  return readActions(db.query(
      std::string(kColumns) + "WHERE a.case_id = ?1 ORDER BY a.action_at DESC, a.id DESC", caseId));
}

std::vector<CaseAction> actionsConcerning(db::Connection& db, std::int64_t caseId) {
  return readActions(db.query(std::string(kColumns) +
                                  "JOIN case_action_cases r ON r.action_id = a.id "
                                  "WHERE r.case_id = ?1 ORDER BY a.action_at DESC, a.id DESC",
                              caseId));
}

std::vector<std::int64_t> casesOfAction(db::Connection& db, std::int64_t actionId) {
  std::vector<std::int64_t> cases;
  auto rows = db.query(
      "SELECT case_id FROM case_action_cases WHERE action_id = ?1 ORDER BY created_at, case_id",
      actionId);
  while (rows.step()) {
    cases.push_back(rows.integer(0));
  }
  return cases;
}

std::int64_t documentCountOf(db::Connection& db, std::int64_t actionId) {
  auto row =
      db.query("SELECT COUNT(*) FROM documents WHERE action_id = ?1 AND deleted = 0", actionId);
  row.step();
  return row.integer(0);
}

void addAction(db::Connection& db, CaseAction& action, const std::string& typeName,
               const Actor& actor, TimePoint now) {
  action.guid = randomGuid();
  action.rowVersion = 1;
  action.createdByName = action.modifiedByName = actor.displayName;
  action.createdAt = action.modifiedAt = formatIsoTime(now);
  action.id = db.insertReturning(
      "INSERT INTO case_actions (guid, case_id, type_code, subject, action_at, done, fields, "
      "created_by_name, created_at, modified_by_name, modified_at, row_version) VALUES (?1, ?2, "
      "?3, ?4, ?5, ?6, ?7, ?8, ?9, ?8, ?9, 1) RETURNING id",
      action.guid, action.caseId, action.typeCode, action.subject(), action.actionAt(),
      action.done(), json::serialize(action.values), actor.displayName, now);
  audit(db, action, "added", typeName, {}, actor, now);
}

bool updateAction(db::Connection& db, CaseAction& action, std::int64_t expectedVersion,
                  const std::string& typeName, std::vector<FieldChange> changes, const Actor& actor,
                  TimePoint now) {
  const auto changed = db.execute(
      "UPDATE case_actions SET modified_by_name = ?1, modified_at = ?2, "
      "row_version = row_version + 1 WHERE id = ?3 AND row_version = ?4",
      actor.displayName, now, action.id, expectedVersion);
  if (changed == 0) {
    return false;
  }
  write(db, action);
  action.rowVersion = expectedVersion + 1;
  action.modifiedByName = actor.displayName;
  action.modifiedAt = formatIsoTime(now);
  audit(db, action, "changed", typeName, changes, actor, now);
  return true;
}

void removeAction(db::Connection& db, const CaseAction& action, const std::string& typeName,
                  const Actor& actor, TimePoint now) {
  for (const auto caseId : casesOfAction(db, action.id)) {
    relateCase(db, action, caseId, false, actor, now);
  }
  // Its documents stay with the case.
  db.execute("UPDATE documents SET action_id = NULL WHERE action_id = ?1", action.id);
  db.execute("DELETE FROM case_actions WHERE id = ?1", action.id);
  audit(db, action, "removed", typeName, {}, actor, now);
}

bool relateCase(db::Connection& db, const CaseAction& action, std::int64_t caseId, bool related,
                const Actor& actor, TimePoint now) {
  const auto written =
      related ? db.execute(
                    "INSERT INTO case_action_cases (action_id, case_id, created_by_name, "
                    "created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                    action.id, caseId, actor.displayName, now)
              : db.execute("DELETE FROM case_action_cases WHERE action_id = ?1 AND case_id = ?2",
                           action.id, caseId);
  if (written == 0) {
    return false;
  }
  const auto verb = related ? "caseaction.related" : "caseaction.unrelated";
  json::object activity{{"action", action.guid}, {"subject", action.subject()}};
  activity["other"] = json::object{{"kind", "case"}, {"id", caseId}};
  appendActivity(db, EntityKind::Case, action.caseId, verb, activity, actor, now);
  activity["other"] = json::object{{"kind", "case"}, {"id", action.caseId}};
  appendActivity(db, EntityKind::Case, caseId, verb, activity, actor, now);
  return true;
}

}  // namespace dossier::records
