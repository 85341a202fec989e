#include "records/audit.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "db/connection.hpp"
#include "records/actor.hpp"
#include "records/change_log.hpp"

namespace dossier::records {

namespace json = boost::json;

std::vector<FieldChange> changesBetween(const types::EntityType& type, const json::object& before,
                                        const json::object& after) {
  std::vector<FieldChange> changes;
  for (const auto& field : type.fields) {
    const auto* was = before.if_contains(field.id);
    const auto* now = after.if_contains(field.id);
    const json::value oldValue = was != nullptr ? *was : json::value(nullptr);
    const json::value newValue = now != nullptr ? *now : json::value(nullptr);
    if (oldValue != newValue) {
      changes.push_back({field.id, field.label, oldValue, newValue});
    }
  }
  return changes;
}

void appendAudit(db::Connection& db, std::string_view entityKind, std::int64_t entityId,
                 std::string_view action, const std::vector<FieldChange>& changes,
                 const json::value& activity, const Actor& actor, TimePoint now,
                 std::string_view fieldPrefix) {
  json::array fields;
  for (const auto& each : changes) {
    fields.push_back(json::object{{"field", std::string(fieldPrefix) + each.field},
                                  {"label", each.label},
                                  {"oldValue", each.oldValue},
                                  {"newValue", each.newValue}});
  }
  const auto about =
      activity.is_null() ? std::nullopt : std::optional<std::string>(json::serialize(activity));
  db.executeDeferred(
      "INSERT INTO entity_audit (entity_kind, entity_id, at, user_id, username, user_display_name, "
      "action, changes, activity) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
      entityKind, entityId, now, actor.userId, actor.username, actor.displayName, action,
      json::serialize(fields), about);
}

void appendActivity(db::Connection& db, types::EntityKind kind, std::int64_t id,
                    std::string_view action, const json::value& activity, const Actor& actor,
                    TimePoint now) {
  appendAudit(db, types::kindName(kind), id, action, {}, activity, actor, now);
}

void markChanged(db::Connection& db, types::EntityKind kind, std::int64_t id, TimePoint now) {
  appendChange(db, types::kindName(kind), id, "updated", now);
}

void markPartChanged(db::Connection& db, types::EntityKind kind, std::int64_t id, RecordPart part,
                     TimePoint now, std::optional<std::string_view> securityGroup) {
  appendChange(db, types::kindName(kind), id, part == RecordPart::Tasks ? "tasks" : "documents",
               now, securityGroup);
}

HistoryPage readHistory(db::Connection& db, types::EntityKind kind, std::int64_t id, int page,
                        int pageSize) {
  HistoryPage result;
  {
    auto row =
        db.query("SELECT COUNT(*) FROM entity_audit WHERE entity_kind = ?1 AND entity_id = ?2",
                 types::kindName(kind), id);
    row.step();
    result.total = row.integer(0);
  }
  auto rows = db.query(
      "SELECT id, at, username, user_display_name, action, changes, activity FROM entity_audit "
      "WHERE entity_kind = ?1 AND entity_id = ?2 ORDER BY id DESC LIMIT ?3 OFFSET ?4",
      types::kindName(kind), id, pageSize, static_cast<std::int64_t>(page - 1) * pageSize);
  while (rows.step()) {
    AuditEntry entry;
    entry.id = rows.integer(0);
    entry.at = rows.text(1);
    entry.username = rows.text(2);
    entry.userDisplayName = rows.text(3);
    entry.action = rows.text(4);
    boost::system::error_code ec;
    entry.changes = json::parse(rows.text(5), ec);
    if (ec) {
      entry.changes = json::array();
    }
    if (const auto activity = rows.optionalText(6)) {
      entry.activity = json::parse(*activity, ec);
    }
    result.entries.push_back(std::move(entry));
  }
  return result;
}

}  // namespace dossier::records
