#include "preview/preview.hpp"

#include <boost/json/array.hpp>

#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "records/linked_records.hpp"
#include "types/field_values.hpp"

namespace dossier::preview {

namespace json = boost::json;
using types::EntityKind;

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
  preview["canView"] = true;
  preview["descriptionDisplay"] = record->displayName;
  preview["previewFields"] = std::move(fields);
  // linkToParent leads to the record this one belongs to (spec 2 "Previews"); cases and persons
  // stand on their own until role holders link them, so it stays null.
  if (kind == EntityKind::Person && record->obsolete) {
    preview["obsolete"] = true;
  }
  return preview;
}

}  // namespace dossier::preview
