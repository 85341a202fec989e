#include "documents/definition.hpp"

#include <boost/json/array.hpp>

#include "db/pool.hpp"
#include "documents/request_fields.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "types/document_definition.hpp"
#include "types/layout_components.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

json::array choices(const std::vector<types::Option>& options) {
  json::array out;
  for (const auto& option : options) {
    out.push_back(json::object{{"textField", option.text}, {"valueField", option.value}});
  }
  return out;
}

const char* promptName(types::VersionCommentPrompt prompt) {
  switch (prompt) {
    case types::VersionCommentPrompt::No:
      return "No";
    case types::VersionCommentPrompt::DisplayAndMandatory:
      return "DisplayAndMandatory";
    case types::VersionCommentPrompt::Display:
      break;
  }
  return "Display";
}

json::object bindings(const types::DocumentDefinition& definition) {
  json::object out;
  for (const auto& name : types::kStandardDocumentFields) {
    const auto found = definition.standardFields.find(name);
    const types::FieldBinding binding =
        found == definition.standardFields.end() ? types::FieldBinding{} : found->second;
    out[name] = json::object{
        {"label", binding.label ? json::value(*binding.label) : json::value(nullptr)},
        {"tooltip", binding.tooltip ? json::value(*binding.tooltip) : json::value(nullptr)},
        {"isReadOnly", binding.readOnly},
        {"isVisible", binding.visible}};
  }
  return out;
}

}  // namespace

Result<json::object> documentDefinition(environments::Environment& environment,
                                        const api::Session& session, std::string_view caseNumber) {
  const auto& catalog = environment.catalog();
  if (!catalog.documents) {
    return documentsNotKept();
  }
  {
    auto db = environment.db().acquire();
    const auto found =
        records::recordAccess(*db, catalog, types::EntityKind::Case, caseNumber, session.username);
    if (!found || !found->visible()) {
      return records::recordNotFound(types::EntityKind::Case, caseNumber);
    }
  }
  const auto& definition = *catalog.documents;
  json::array security;
  for (const auto& group : definition.securityGroups) {
    if (types::maySeeDocumentsOf(catalog, group.value, session.username)) {
      security.push_back(json::object{{"textField", group.text}, {"valueField", group.value}});
    }
  }
  json::array fields;
  for (const auto& field : definition.customFields) {
    fields.push_back(types::fieldComponent(field, field.id, false));
  }
  json::array columns;
  for (const auto& column : definition.historyColumns) {
    columns.push_back(json::object{{"field", column.field}, {"label", column.label}});
  }
  json::array allowed;
  for (const auto& type : definition.allowedTypes) {
    allowed.push_back(json::value(type));
  }
  const auto& versions = definition.versions;
  return json::object{
      {"folders", choices(definition.folders)},
      {"documentSecurityGroups", std::move(security)},
      {"documentCategory", choices(definition.categories)},
      {"portalDocumentCategory", choices(definition.portalCategories)},
      {"customFields", std::move(fields)},
      {"standardFieldsBinding", bindings(definition)},
      {"documentHistoryDefinition",
       json::object{{"pageSize", definition.historyPageSize}, {"columns", std::move(columns)}}},
      {"versionSettings",
       json::object{{"documentVersionEnabled", versions.enabled},
                    {"hideIncrementMajorVersion", versions.hideIncrementMajorVersion},
                    {"hideFileUpload", versions.hideFileUpload},
                    {"documentVersionCommentPrompt", promptName(versions.commentPrompt)}}},
      {"allowedTypes", std::move(allowed)},
      {"maxFileSize", definition.maxFileSize}};
}

}  // namespace dossier::documents
