#include "forms/preview.hpp"

#include <boost/json/array.hpp>

#include "db/pool.hpp"
#include "entities/access.hpp"
#include "entities/context.hpp"
#include "entities/records.hpp"
#include "forms/field_values.hpp"
#include "forms/linked_records.hpp"

namespace dossier::forms {

namespace json = boost::json;
using entities::EntityKind;

Result<json::object> previewRecord(environments::Environment& environment,
                                   const auth::Session& session, EntityKind kind,
                                   std::string_view identifier) {
  const auto& catalog = entities::catalogOf(environment);
  auto db = environment.db().acquire();
  auto record = entities::findRecord(*db, kind, identifier);
  if (!record) {
    return Error::notFound("record.not_found",
                           kind == EntityKind::Case
                               ? "There is no case " + std::string(identifier) + "."
                               : "There is no person " + std::string(identifier) + ".");
  }
  const auto* type = catalog.find(kind, record->typeRef);
  json::object preview{{"canView", false},
                       {"errorMessage", nullptr},
                       {"descriptionDisplay", ""},
                       {"previewFields", json::array()},
                       {"linkToParent", nullptr},
                       {"entityDescription", type != nullptr ? type->name : record->typeRef}};
  if (type == nullptr || !entities::accessFor(catalog, *type, session.username).canView) {
    preview["errorMessage"] = "You do not have permission to view this record.";
    return preview;
  }
  describeLinks(*db, catalog, *type, session.username, record->values);
  auto values = record->values;
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
                      {"fieldType", componentType(field.type)},
                      {"displayInSearchPreview", true}};
    if (field.type == entities::FieldType::Address && value != nullptr && value->is_object()) {
      item["value"] = displayText(field, *value);
      item["address"] = *value;
    } else if ((field.type == entities::FieldType::Date ||
                field.type == entities::FieldType::DateTime) &&
               value != nullptr) {
      item["value"] = *value;  // ISO; shown in the person's own format
    } else {
      item["value"] = value != nullptr ? displayText(field, *value) : "";
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

}  // namespace dossier::forms
