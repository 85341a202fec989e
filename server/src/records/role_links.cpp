#include "records/role_links.hpp"

#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "db/connection.hpp"
#include "records/actor.hpp"
#include "records/audit.hpp"
#include "records/notifications.hpp"
#include "records/records.hpp"

namespace dossier::records {

namespace json = boost::json;
using types::EntityKind;

namespace {

constexpr const char* kColumns =
    "SELECT id, role_code, parent_kind, parent_id, holder_kind, holder_id, field_id, "
    "created_by_name, created_at FROM role_links ";

EntityKind kindOf(const std::string& word) {
  return word == "person" ? EntityKind::Person : EntityKind::Case;
}

RoleLink readLink(db::Query& row) {
  RoleLink link;
  link.id = row.integer(0);
  link.roleCode = row.text(1);
  link.parentKind = kindOf(row.text(2));
  link.parentId = row.integer(3);
  link.holderKind = kindOf(row.text(4));
  link.holderId = row.integer(5);
  link.fieldId = row.text(6);
  link.createdByName = row.text(7);
  link.createdAt = row.text(8);
  return link;
}

std::vector<RoleLink> readLinks(db::Query rows) {
  std::vector<RoleLink> links;
  while (rows.step()) {
    links.push_back(readLink(rows));
  }
  return links;
}

// What each side's history says: which role, and the other record by kind and database id (told
// by name only to those who may see it, when the history is read).
json::object activityOf(const RoleLink& link, bool parentSide) {
  const auto otherKind = parentSide ? link.holderKind : link.parentKind;
  const auto otherId = parentSide ? link.holderId : link.parentId;
  return json::object{
      {"role", link.roleCode},
      {"side", parentSide ? "parent" : "holder"},
      {"other", json::object{{"kind", types::kindName(otherKind)}, {"id", otherId}}}};
}

// The database id of the holder a role field's value names: {"id": 42} for a person,
// {"id": "CMP-2026-00042"} for a case.
std::optional<std::int64_t> holderIdOf(db::Connection& db, EntityKind kind,
                                       const json::value* value) {
  if (value == nullptr || !value->is_object()) {
    return std::nullopt;
  }
  const auto* id = value->as_object().if_contains("id");
  if (id == nullptr) {
    return std::nullopt;
  }
  std::string identifier;
  if (id->is_int64()) {
    identifier = std::to_string(id->get_int64());
  } else if (id->is_string()) {
    identifier = std::string(id->get_string());
  } else {
    return std::nullopt;
  }
  return recordId(db, kind, identifier);
}

}  // namespace

std::vector<RoleLink> linksOnRecord(db::Connection& db, EntityKind kind, std::int64_t id) {
  return readLinks(
      db.query(std::string(kColumns) + "WHERE parent_kind = ?1 AND parent_id = ?2 ORDER BY id",
               types::kindName(kind), id));
}

std::vector<RoleLink> linksHeldBy(db::Connection& db, EntityKind kind, std::int64_t id) {
  return readLinks(
      db.query(std::string(kColumns) + "WHERE holder_kind = ?1 AND holder_id = ?2 ORDER BY id",
               types::kindName(kind), id));
}

std::optional<RoleLink> findLink(db::Connection& db, std::int64_t linkId) {
  auto row = db.query(std::string(kColumns) + "WHERE id = ?1", linkId);
  if (!row.step()) {
    return std::nullopt;
  }
  return readLink(row);
}

std::optional<RoleLink> ownerOf(db::Connection& db, std::string_view roleCode,
                                EntityKind holderKind, std::int64_t holderId) {
  auto row = db.query(std::string(kColumns) +
                          "WHERE holder_kind = ?1 AND holder_id = ?2 AND role_code = ?3 "
                          "ORDER BY id LIMIT 1",
                      types::kindName(holderKind), holderId, roleCode);
  if (!row.step()) {
    return std::nullopt;
  }
  return readLink(row);
}

namespace {

// "Walt Worker added you to CMP-2026-00042 (Loud music) as Witness." to the user whose person
// record now holds a role, unless they gave it to themselves.
void notifyHolder(db::Connection& db, const RoleLink& link, const Actor& actor, TimePoint now) {
  if (link.holderKind != types::EntityKind::Person) {
    return;
  }
  const auto user = userOfPerson(db, link.holderId);
  if (!user || *user == actor.userId) {
    return;
  }
  const auto parent = findRecordById(db, link.parentKind, link.parentId);
  if (!parent) {
    return;
  }
  Notification notification;
  notification.userId = *user;
  notification.type = "info";
  notification.message = actor.displayName + " added you to " + parent->identifier() + " (" +
                         parent->displayName + ") as " +
                         (link.roleName.empty() ? link.roleCode : link.roleName) + ".";
  notification.entityKind = types::kindName(link.parentKind);
  notification.entityIdentifier = parent->identifier();
  notification.source = "role";
  addNotification(db, std::move(notification), now);
}

}  // namespace

bool addLink(db::Connection& db, RoleLink& link, const Actor& actor, TimePoint now) {
  const auto field = link.fieldId.empty() ? std::nullopt : std::optional<std::string>(link.fieldId);
  auto written = db.query(
      "INSERT INTO role_links (role_code, parent_kind, parent_id, holder_kind, holder_id, "
      "field_id, created_by_name, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
      "ON CONFLICT DO NOTHING RETURNING id",
      link.roleCode, types::kindName(link.parentKind), link.parentId,
      types::kindName(link.holderKind), link.holderId, field, actor.displayName, now);
  if (!written.step()) {
    return false;  // the record holds the role already
  }
  link.id = written.integer(0);
  link.createdByName = actor.displayName;
  link.createdAt = formatIsoTime(now);
  if (link.fieldId.empty()) {
    appendActivity(db, link.parentKind, link.parentId, "role.added", activityOf(link, true), actor,
                   now);
  }
  appendActivity(db, link.holderKind, link.holderId, "role.added", activityOf(link, false), actor,
                 now);
  notifyHolder(db, link, actor, now);
  return true;
}

void removeLink(db::Connection& db, const RoleLink& link, const Actor& actor, TimePoint now) {
  db.execute("DELETE FROM role_links WHERE id = ?1", link.id);
  if (link.fieldId.empty()) {
    appendActivity(db, link.parentKind, link.parentId, "role.removed", activityOf(link, true),
                   actor, now);
  }
  appendActivity(db, link.holderKind, link.holderId, "role.removed", activityOf(link, false), actor,
                 now);
}

void syncFieldLinks(db::Connection& db, const types::EntityType& type, const Record& record,
                    const Actor& actor, TimePoint now) {
  std::vector<RoleLink> stored;
  bool loaded = false;
  for (const auto& field : type.fields) {
    if (field.role.empty()) {
      continue;
    }
    if (!loaded) {
      stored = linksOnRecord(db, record.kind, record.id);
      loaded = true;
    }
    const auto holderKind =
        field.type == types::FieldType::PersonPicker ? EntityKind::Person : EntityKind::Case;
    const auto holder = holderIdOf(db, holderKind, record.values.if_contains(field.id));
    bool kept = false;
    for (const auto& link : stored) {
      if (link.fieldId != field.id) {
        continue;
      }
      if (holder && link.holderId == *holder && link.holderKind == holderKind &&
          link.roleCode == field.role) {
        kept = true;
      } else {
        removeLink(db, link, actor, now);
      }
    }
    if (holder && !kept) {
      RoleLink link;
      link.roleCode = field.role;
      link.parentKind = record.kind;
      link.parentId = record.id;
      link.holderKind = holderKind;
      link.holderId = *holder;
      link.fieldId = field.id;
      link.roleName = field.label;
      addLink(db, link, actor, now);
    }
  }
}

namespace {

// The holder a stored role field's value names, if it exists: a person by id, a case by number.
std::optional<std::int64_t> storedHolder(db::Connection& db, const types::FieldDef& field,
                                         const json::value& fields) {
  const auto* value = fields.is_object() ? fields.as_object().if_contains(field.id) : nullptr;
  const auto* named =
      value != nullptr && value->is_object() ? value->as_object().if_contains("id") : nullptr;
  if (named == nullptr) {
    return std::nullopt;
  }
  if (field.type == types::FieldType::PersonPicker) {
    std::string id;
    if (named->is_int64()) {
      id = std::to_string(named->as_int64());
    } else if (named->is_string()) {
      id = std::string(named->as_string());
    } else {
      return std::nullopt;
    }
    return recordId(db, EntityKind::Person, id);
  }
  if (!named->is_string() || named->as_string().empty()) {
    return std::nullopt;
  }
  return recordId(db, EntityKind::Case, named->as_string());
}

// Links the holders that the records of a type name in a role field's stored values, a page of
// records at a time so that memory does not grow with the table.
std::int64_t linkStoredValues(db::Connection& db, const types::EntityType& type,
                              const types::FieldDef& field) {
  constexpr std::int64_t kPage = 1000;
  const std::string table = type.kind == EntityKind::Person ? "persons" : "cases";
  const auto holderKind = field.type == types::FieldType::PersonPicker ? "person" : "case";
  std::int64_t written = 0;
  std::int64_t after = 0;
  for (bool more = true; more;) {
    struct Parent {
      std::int64_t id;
      std::string fields;
      std::string modifiedByName;
      std::string modifiedAt;
    };
    std::vector<Parent> parents;
    auto rows = db.query("SELECT id, fields, modified_by_name, modified_at FROM " + table +
                             " WHERE type_ref = ?1 AND id > ?2 ORDER BY id LIMIT ?3",
                         type.ref, after, kPage);
    while (rows.step()) {
      parents.push_back({rows.integer(0), rows.text(1), rows.text(2), rows.text(3)});
    }
    more = static_cast<std::int64_t>(parents.size()) == kPage;
    for (const auto& parent : parents) {
      after = parent.id;
      boost::system::error_code ec;
      const auto fields = json::parse(parent.fields, ec);
      const auto holder = ec ? std::nullopt : storedHolder(db, field, fields);
      if (!holder) {
        continue;
      }
      written += db.execute(
          "INSERT INTO role_links (role_code, parent_kind, parent_id, holder_kind, holder_id, "
          "field_id, created_by_name, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
          "ON CONFLICT DO NOTHING",
          field.role, types::kindName(type.kind), parent.id, holderKind, *holder, field.id,
          parent.modifiedByName, parent.modifiedAt);
    }
  }
  return written;
}

}  // namespace

std::int64_t linkStoredRoleFields(db::Connection& db, const types::Catalog& catalog) {
  std::int64_t written = 0;
  for (const auto& type : catalog.types) {
    for (const auto& field : type->fields) {
      if (field.role.empty()) {
        continue;
      }
      auto done = db.query(
          "SELECT 1 FROM role_field_links WHERE type_ref = ?1 AND field_id = ?2 AND role_code = ?3",
          type->ref, field.id, field.role);
      if (done.step()) {
        continue;
      }
      written += linkStoredValues(db, *type, field);
      db.execute("INSERT INTO role_field_links (type_ref, field_id, role_code) VALUES (?1, ?2, ?3)",
                 type->ref, field.id, field.role);
    }
  }
  return written;
}

}  // namespace dossier::records
