#include "records/audit.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "db/connection.hpp"
#include "records/actor.hpp"

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

void appendActivity(db::Connection& db, types::EntityKind kind, std::int64_t id,
                    std::string_view action, const json::value& activity, const Actor& actor,
                    TimePoint now) {
  db.execute(
      "INSERT INTO entity_audit (entity_kind, entity_id, at, user_id, username, user_display_name, "
      "action, changes, activity) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, '[]', ?8)",
      types::kindName(kind), id, now, actor.userId, actor.username, actor.displayName, action,
      json::serialize(activity));
}

void markChanged(db::Connection& db, types::EntityKind kind, std::int64_t id, TimePoint now) {
  db.execute(
      "INSERT INTO change_log (entity_kind, entity_id, operation, at) VALUES (?1, ?2, 'updated', "
      "?3)",
      types::kindName(kind), id, now);
}

void markPartChanged(db::Connection& db, types::EntityKind kind, std::int64_t id, RecordPart part,
                     TimePoint now, std::optional<std::string_view> securityGroup) {
  db.execute(
      "INSERT INTO change_log (entity_kind, entity_id, operation, at, security_group) "
      "VALUES (?1, ?2, ?3, ?4, ?5)",
      types::kindName(kind), id, part == RecordPart::Tasks ? "tasks" : "documents", now,
      securityGroup);
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
