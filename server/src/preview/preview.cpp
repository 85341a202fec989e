#include "preview/preview.hpp"

#include <algorithm>
#include <cctype>

#include <boost/json/array.hpp>

#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "records/linked_records.hpp"
#include "records/role_links.hpp"
#include "types/field_values.hpp"
#include "types/role_definition.hpp"

namespace dossier::preview {

namespace json = boost::json;
using types::EntityKind;

namespace {

// Names at most this many records a role links, then says how many more.
constexpr std::size_t kMostNamed = 5;

std::string nameOf(db::Connection& db, const types::Catalog& catalog, std::string_view username,
                   EntityKind kind, std::int64_t id, std::string* path = nullptr) {
  const auto other = records::recordAccessById(db, catalog, kind, id, username);
  if (!other || !other->visible()) {
    return kind == EntityKind::Person ? "a person you cannot see" : "a case you cannot see";
  }
  if (path != nullptr) {
    *path = "/" + std::string(types::kindName(kind)) + "/" + other->record.identifier();
    for (auto& c : *path) {
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return kind == EntityKind::Case ? other->record.caseNumber + " " + other->record.displayName
                                  : other->record.displayName;
}

// The record's links in its preview: the holders of each role on it not shown by a field
// ("Witness: Ann Lee, Bo Li"), and the roles it holds elsewhere ("Complainant in: CMP-… Noise").
// linkToParent is the case it belongs to under a single-owner role, when the user may see it.
void addLinks(db::Connection& db, const types::Catalog& catalog, std::string_view username,
              const records::Record& record, json::array& fields, json::object& preview) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  const auto add = [&](const std::string& label, std::string name) {
    auto found = std::find_if(groups.begin(), groups.end(),
                              [&](const auto& group) { return group.first == label; });
    if (found == groups.end()) {
      groups.push_back({label, {}});
      found = std::prev(groups.end());
    }
    found->second.push_back(std::move(name));
  };
  for (const auto& link : records::linksOnRecord(db, record.kind, record.id)) {
    const auto* role = catalog.role(link.roleCode);
    if (link.fieldId.empty() && role != nullptr) {
      add(role->name, nameOf(db, catalog, username, link.holderKind, link.holderId));
    }
  }
  for (const auto& link : records::linksHeldBy(db, record.kind, record.id)) {
    const auto* role = catalog.role(link.roleCode);
    if (role == nullptr) {
      continue;
    }
    std::string path;
    add(role->heldIn, nameOf(db, catalog, username, link.parentKind, link.parentId, &path));
    if (role->singleOwner && !path.empty()) {
      preview["linkToParent"] = path;
    }
  }
  for (const auto& [label, names] : groups) {
    std::string value;
    for (std::size_t i = 0; i < names.size() && i < kMostNamed; ++i) {
      value += (value.empty() ? "" : "; ") + names[i];
    }
    if (names.size() > kMostNamed) {
      value += "; and " + std::to_string(names.size() - kMostNamed) + " more";
    }
    fields.push_back(json::object{{"key", label},
                                  {"value", value},
                                  {"fieldType", "TextField"},
                                  {"displayInSearchPreview", true}});
  }
}

}  // namespace

Result<json::object> previewRecord(environments::Environment& environment,
                                   const api::Session& session, EntityKind kind,
                                   std::string_view identifier) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  auto found = records::recordAccess(*db, catalog, kind, identifier, session.username);
  if (!found || (!found->visible() && !records::mayBeToldOfHidden(*db, session.userId, *found))) {
    return records::recordNotFound(kind, identifier);
  }
  const auto* type = found->type;
  const auto* record = &found->record;
  json::object preview{{"canView", false},
                       {"errorMessage", nullptr},
                       {"descriptionDisplay", ""},
                       {"previewFields", json::array()},
                       {"linkToParent", nullptr},
                       {"entityDescription", type != nullptr ? type->name : record->typeRef}};
  if (!found->visible()) {
    preview["errorMessage"] = "You do not have permission to view this record.";
    return preview;
  }
  auto values = record->values;
  records::describeLinks(*db, catalog, *type, session.username, values);
  if (kind == EntityKind::Case) {
    values["status"] = record->status;
  }
  json::array fields;
  if (kind == EntityKind::Case) {
    fields.push_back(json::object{{"key", "Case Number"},
                                  {"value", record->caseNumber},
                                  {"fieldType", "TextField"},
                                  {"displayInSearchPreview", true}});
  }
  for (const auto& field : type->fields) {
    if (!field.preview) {
      continue;
    }
    const auto* value = values.if_contains(field.id);
    json::object item{{"key", field.label},
                      {"fieldType", types::componentType(field.type)},
                      {"displayInSearchPreview", true}};
    if (field.type == types::FieldType::Address && value != nullptr && value->is_object()) {
      item["value"] = types::displayText(field, *value);
      item["address"] = *value;
    } else if ((field.type == types::FieldType::Date || field.type == types::FieldType::DateTime) &&
               value != nullptr) {
      item["value"] = *value;  // ISO; shown in the person's own format
    } else {
      item["value"] = value != nullptr ? types::displayText(field, *value) : "";
    }
    fields.push_back(std::move(item));
  }
  addLinks(*db, catalog, session.username, *record, fields, preview);
  preview["canView"] = true;
  preview["descriptionDisplay"] = record->displayName;
  preview["previewFields"] = std::move(fields);
  if (kind == EntityKind::Person && record->obsolete) {
    preview["obsolete"] = true;
  }
  return preview;
}

}  // namespace dossier::preview
