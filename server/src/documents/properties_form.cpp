#include "documents/properties_form.hpp"

#include <boost/json/array.hpp>

#include "documents/document_access.hpp"
#include "documents/properties.hpp"
#include "types/document_definition.hpp"
#include "types/layout_components.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

constexpr const char* kFormId = "documentproperties";

json::array options(const std::vector<types::Option>& choices, const char* emptyText) {
  json::array out;
  out.push_back(json::object{{"textField", emptyText}, {"valueField", ""}});
  for (const auto& option : choices) {
    out.push_back(json::object{{"textField", option.text}, {"valueField", option.value}});
  }
  return out;
}

struct Builder {
  const types::DocumentDefinition& definition;

  types::FieldBinding binding(const char* name) const {
    const auto found = definition.standardFields.find(name);
    return found == definition.standardFields.end() ? types::FieldBinding{} : found->second;
  }

  // A standard field as a layout component, or null when documents.yaml hides it.
  json::value field(const char* name, const char* type, const char* label, bool readOnly,
                    json::object extra = {}) const {
    const auto bound = binding(name);
    if (!bound.visible) {
      return nullptr;
    }
    json::object out{{"id", std::string("document-") + name},
                     {"referenceCode", name},
                     {"type", type},
                     {"label", bound.label.value_or(label)},
                     {"readonly", readOnly || bound.readOnly},
                     {"hiddenOnSmallDevice", false},
                     {"hiddenOnMediumDevice", false}};
    if (bound.tooltip) {
      out["tooltip"] = *bound.tooltip;
    }
    for (auto& [key, value] : extra) {
      out[key] = std::move(value);
    }
    return out;
  }
};

json::object container(const char* id, const char* type, json::array children,
                       std::optional<int> minWidth = std::nullopt, const char* label = "") {
  json::array present;
  for (auto& child : children) {
    if (!child.is_null()) {
      present.push_back(std::move(child));
    }
  }
  json::object out{{"id", id},
                   {"type", type},
                   {"label", label},
                   {"readonly", false},
                   {"hiddenOnSmallDevice", false},
                   {"hiddenOnMediumDevice", false},
                   {"children", std::move(present)}};
  if (minWidth) {
    out["minWidth"] = *minWidth;
  }
  return out;
}

}  // namespace

json::object documentForm(const types::Catalog& catalog, std::string_view username,
                          const DocumentAccess* access, bool mayAdd) {
  const auto& definition = *catalog.documents;
  const Builder build{definition};
  const bool isNew = access == nullptr;
  const std::string kind = isNew ? kElectronic : access->document.extRefType;
  const bool canEdit = isNew ? mayAdd : access->canModify;

  json::array kinds;
  for (const auto& each : kDocumentKinds) {
    kinds.push_back(json::object{{"textField", each}, {"valueField", each}});
  }
  json::array security;
  security.push_back(
      json::object{{"textField", "Everyone who may see the case"}, {"valueField", ""}});
  for (const auto& group : definition.securityGroups) {
    if (types::maySeeDocumentsOf(catalog, group.value, username)) {
      security.push_back(json::object{{"textField", group.text}, {"valueField", group.value}});
    }
  }
  const bool link = kind == kLink;
  json::array left{
      // A stored document keeps its kind: a file stays a file.
      build.field("ExtRefType", "ChoiceField", "Document Type", !isNew,
                  {{"mandatory", true}, {"options", std::move(kinds)}}),
      build.field("Title", "TextField", "Title", false,
                  {{"mandatory", kind != kElectronic}, {"maxLength", 255}}),
      // A file's name changes only by a rename, which the screen knows (spec 2 §4): read-only here
      // only when documents.yaml says so, as the type may change on a new document.
      build.field("ExtRefFilename", "TextField",
                  kind == kElectronic ? "File Name" : (link ? "URL" : "Location"), false,
                  {{"mandatory", kind != kElectronic}, {"maxLength", link ? 2000 : 255}}),
      build.field("Author", "TextField", "Author", false, {{"maxLength", 255}}),
      build.field("CreateDate", "DateField", "Create Date", false)};
  json::array right{
      build.field("Folder", "ChoiceField", "Folder", false,
                  {{"options", options(definition.folders, "")}}),
      build.field("Category", "ChoiceField", "Category", false,
                  {{"options", options(definition.categories, "")}}),
      build.field("Security", "ChoiceField", "Security", false, {{"options", std::move(security)}}),
      build.field("PortalCategory", "ChoiceField", "Portal Category", false,
                  {{"options", options(definition.portalCategories, "")}})};
  json::array components{
      container("document-columns", "HBox",
                json::array{container("document-left", "VBox", std::move(left), 260),
                            container("document-right", "VBox", std::move(right), 260)})};
  if (auto comments =
          build.field("Comments", "TextAreaField", "Comments", false, {{"maxLength", 4000}});
      !comments.is_null()) {
    components.push_back(std::move(comments));
  }
  if (!definition.customFields.empty()) {
    json::array custom;
    for (const auto& field : definition.customFields) {
      custom.push_back(types::fieldComponent(field, field.id, false));
    }
    components.push_back(
        container("document-custom", "Section", std::move(custom), std::nullopt, "More details"));
  }

  json::object data;
  json::array alerts;
  json::object info{{"CanEditDocumentProperties", canEdit}};
  std::string header = "New document";
  if (access != nullptr) {
    data = standardValues(access->document);
    for (const auto& [key, value] : access->document.fields) {
      data[key] = value;
    }
    header =
        access->document.title.empty() ? access->document.extRefFilename : access->document.title;
    info["CantEditReason"] = access->cantEditReason;
    info["dmsId"] = access->document.guid;
    // The document's own case: a related document is shown under another case's address.
    info["CaseNumber"] = access->parent.record.caseNumber;
    info["rowVersion"] = access->document.rowVersion;
    if (!access->canModify && !access->cantEditReason.empty()) {
      // Spec 2 §6: a document that cannot be changed says why in the header alert area.
      alerts.push_back(json::object{{"reference", "document-" + access->document.guid},
                                    {"type", "warning"},
                                    {"closable", false},
                                    {"durationInSeconds", 0},
                                    {"message", access->cantEditReason}});
    }
  } else {
    data = json::object{{"ExtRefType", kElectronic},
                        {"Title", ""},
                        {"Author", ""},
                        {"CreateDate", nullptr},
                        {"Comments", ""},
                        {"Folder", ""},
                        {"Category", ""},
                        {"Security", ""},
                        {"PortalCategory", ""}};
    for (const auto& field : definition.customFields) {
      if (!field.defaultValue.is_null()) {
        data[field.id] = field.defaultValue;
      }
    }
  }
  return json::object{{"canView", true},
                      {"canCreate", mayAdd},
                      {"canModify", canEdit},
                      {"canDelete", canEdit && !isNew},
                      {"formId", kFormId},
                      {"entityDescription", "Document"},
                      {"headerText", header},
                      {"layout", json::object{{"components", std::move(components)}}},
                      {"data", std::move(data)},
                      {"alerts", std::move(alerts)},
                      {"additionalInfo", std::move(info)}};
}

}  // namespace dossier::documents
