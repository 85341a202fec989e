#include "forms/form_load.hpp"

#include <algorithm>

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "forms/component_values.hpp"
#include "forms/errors.hpp"
#include "records/access.hpp"
#include "records/linked_records.hpp"
#include "records/recent.hpp"
#include "types/form_validation.hpp"
#include "types/task_definitions.hpp"
#include "types/templates.hpp"

namespace dossier::forms {

namespace json = boost::json;
using types::EntityKind;

namespace {

json::object rights(const records::EntityAccess& access) {
  return json::object{{"canView", access.canView},
                      {"canCreate", access.canCreate},
                      {"canModify", access.canModify},
                      {"canDelete", access.canDelete}};
}

// additionalInfo (spec 2 §3): for a person, what the header and New Case need.
json::object additionalInfo(const types::Catalog& catalog, const types::EntityType& type,
                            const records::Record* record, std::string_view username) {
  json::object info;
  if (type.kind == EntityKind::Person) {
    info["DisplayName"] = record != nullptr ? record->displayName : "";
    info["Obsolete"] = record != nullptr && record->obsolete;
    const auto* caseType =
        type.newCase ? catalog.find(EntityKind::Case, type.newCase->caseType) : nullptr;
    info["NewCaseEntityTypeCode"] = caseType != nullptr ? caseType->ref : "";
    info["NewCaseRoleCode"] = caseType != nullptr ? type.newCase->role : "";
    info["NewCaseEntityDisplayName"] = caseType != nullptr ? caseType->name : "";
    info["EntityAccessCanCreateNewCase"] =
        caseType != nullptr && record != nullptr && !record->obsolete &&
        records::accessFor(catalog, *caseType, username).canCreate;
  } else if (record != nullptr) {
    info["CaseNumber"] = record->caseNumber;
    const auto* status = type.status(record->status);
    info["Status"] = record->status;
    info["StatusName"] = status != nullptr ? status->name : record->status;
  }
  return info;
}

json::object describe(const types::EntityType& type, const records::Record* record) {
  json::object entity{
      {"kind", types::kindName(type.kind)},
      {"typeRef", type.ref},
      {"typeName", type.name},
      {"isNew", record == nullptr},
      {"state", record != nullptr ? records::recordState(type, *record) : "undefined"}};
  if (record != nullptr) {
    entity["id"] = record->id;
    entity["identifier"] = record->identifier();
    entity["guid"] = record->guid;
    entity["displayName"] = record->displayName;
    entity["rowVersion"] = record->rowVersion;
    entity["createdBy"] = record->createdByName;
    entity["createdAt"] = record->createdAt;
    entity["modifiedBy"] = record->modifiedByName;
    entity["modifiedAt"] = record->modifiedAt;
    if (type.kind == EntityKind::Case) {
      const auto* status = type.status(record->status);
      entity["status"] = record->status;
      entity["statusName"] = status != nullptr ? status->name : record->status;
      entity["statusActive"] = status == nullptr || status->active;
    } else {
      entity["obsolete"] = record->obsolete;
    }
  }
  return entity;
}

Error noType(EntityKind kind, std::string_view ref) {
  return Error::of(errors::kUnknownType, "There is no " + std::string(types::kindName(kind)) +
                                             " type '" + std::string(ref) + "'.");
}

}  // namespace

std::string FormLoad::serialize() const {
  auto text = json::serialize(result);
  if (!hasLayout) {
    return text;
  }
  text.pop_back();  // the closing brace of a non-empty object
  text += ",\"layout\":{\"components\":";
  text += componentsJson;
  text += "}}";
  return text;
}

Result<FormLoad> loadExistingForm(environments::Environment& environment,
                                  const api::Session& session, EntityKind kind,
                                  std::string_view identifier, TimePoint now) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  auto found = records::recordAccess(*db, catalog, kind, identifier, session.username);
  if (!found || (!found->visible() && !records::mayBeToldOfHidden(*db, session.userId, *found))) {
    return records::recordNotFound(kind, identifier);
  }
  if (found->type == nullptr) {
    return noType(kind, found->record.typeRef);
  }
  const auto& type = found->type;
  const auto& access = found->access;
  auto& record = found->record;
  FormLoad load;
  auto& result = load.result;
  result = rights(access);
  result["formId"] = type->formId;
  result["entityDescription"] = type->name;
  // The web app asks before leaving only the forms whose type has a form-close macro.
  result["closeCheck"] = catalog.macroFor("formClose", kind, type->ref) != nullptr;
  result["hasTasks"] = std::any_of(catalog.tasks.begin(), catalog.tasks.end(),
                                   [&](const auto& task) { return task->isOn(*type); });
  if (!access.canView) {
    return load;
  }
  if (!access.readOnlyReason.empty()) {
    result["readOnlyReason"] = access.readOnlyReason;
  }
  environment.featureState<records::RecentOpenings>().note(*db, session.userId, kind, record.id,
                                                           now);
  records::describeLinks(*db, catalog, *type, session.username, record.values);
  auto data = record.values;
  if (kind == EntityKind::Case) {
    data["status"] = record.status;
  }
  json::array alerts;
  if (!access.canModify && access.readOnlyReason.empty()) {
    alerts.push_back(
        json::object{{"reference", "read-only"},
                     {"message", "You can view this " + type->name + " but not change it."},
                     {"type", "info"},
                     {"closable", true},
                     {"durationInSeconds", 0}});
  }
  result["headerText"] = types::expandTemplate(*type, type->headerText, data, record.identifier());
  load.componentsJson = componentsFor(*type, !access.canModify, &record, data);
  load.hasLayout = true;
  result["data"] = std::move(data);
  result["alerts"] = std::move(alerts);
  result["additionalInfo"] = additionalInfo(catalog, *type, &record, session.username);
  result["entity"] = describe(*type, &record);
  return load;
}

Result<FormLoad> loadNewForm(environments::Environment& environment, const api::Session& session,
                             EntityKind kind, std::string_view typeRef, std::string_view roleCode,
                             std::string_view roleEntityId) {
  const auto& catalog = environment.catalog();
  const auto* type = catalog.find(kind, typeRef);
  if (type == nullptr) {
    return noType(kind, typeRef);
  }
  const auto access = records::accessFor(catalog, *type, session.username);
  FormLoad load;
  auto& result = load.result;
  result = rights(access);
  result["formId"] = type->formId;
  result["entityDescription"] = type->name;
  // The web app asks before leaving only the forms whose type has a form-close macro.
  result["closeCheck"] = catalog.macroFor("formClose", kind, type->ref) != nullptr;
  result["hasTasks"] = std::any_of(catalog.tasks.begin(), catalog.tasks.end(),
                                   [&](const auto& task) { return task->isOn(*type); });
  if (!access.canCreate) {
    return load;
  }
  auto data = types::defaultValues(*type);
  if (!roleCode.empty() && !roleEntityId.empty()) {
    for (const auto& field : type->fields) {
      if (field.role == roleCode && (field.type == types::FieldType::PersonPicker ||
                                     field.type == types::FieldType::CasePicker)) {
        data[field.id] =
            json::object{{"id", field.type == types::FieldType::PersonPicker
                                    ? json::value(std::atoll(std::string(roleEntityId).c_str()))
                                    : json::value(roleEntityId)}};
        break;
      }
    }
  }
  {
    auto db = environment.db().acquire();
    records::describeLinks(*db, catalog, *type, session.username, data);
  }
  result["headerText"] = "New " + type->name;
  load.componentsJson = componentsFor(*type, false, nullptr, data);
  load.hasLayout = true;
  result["data"] = std::move(data);
  result["alerts"] = json::array();
  result["additionalInfo"] = additionalInfo(catalog, *type, nullptr, session.username);
  result["entity"] = describe(*type, nullptr);
  return load;
}

}  // namespace dossier::forms
