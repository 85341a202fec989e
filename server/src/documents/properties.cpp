#include "documents/properties.hpp"

#include <algorithm>

#include <boost/json/array.hpp>

#include "documents/errors.hpp"
#include "documents/file_checks.hpp"
#include "documents/versions.hpp"
#include "types/document_definition.hpp"
#include "types/entity_type.hpp"
#include "types/field_values.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

constexpr int kMaxTitle = 255;
constexpr int kMaxText = 255;
constexpr int kMaxUrl = 2000;
constexpr int kMaxComments = 4000;

types::FieldBinding bindingOf(const types::DocumentDefinition& definition,
                              const std::string& name) {
  const auto found = definition.standardFields.find(name);
  return found == definition.standardFields.end() ? types::FieldBinding{} : found->second;
}

bool hasOption(const std::vector<types::Option>& options, std::string_view value) {
  return std::any_of(options.begin(), options.end(),
                     [&](const auto& option) { return option.value == value; });
}

bool isWebAddress(std::string_view text) {
  const bool scheme = text.starts_with("https://") || text.starts_with("http://");
  const bool clean = std::none_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f;
  });
  return scheme && clean && text.size() > std::string_view("https://").size();
}

struct Reader {
  const types::DocumentDefinition& definition;
  const json::object& submitted;
  std::map<std::string, std::string> errors;

  // The submitted text of a standard field, or the stored one when the field is read-only or
  // hidden, or not sent. Text shown as the document's name (shownAs: "title", "web address") may
  // hold no invisible or control character.
  std::string text(const char* name, const std::string& stored, int maxLength,
                   const char* shownAs = nullptr) {
    const auto binding = bindingOf(definition, name);
    const auto* value = submitted.if_contains(name);
    if (binding.readOnly || !binding.visible || value == nullptr) {
      return stored;
    }
    if (value->is_null()) {
      return "";
    }
    if (!value->is_string()) {
      errors.emplace(name, "Must be text.");
      return stored;
    }
    std::string out(value->get_string());
    // Leading and trailing spaces are never meant.
    const auto first = out.find_first_not_of(" \t");
    const auto last = out.find_last_not_of(" \t");
    out = first == std::string::npos ? "" : out.substr(first, last - first + 1);
    types::FieldDef field;
    field.type = types::FieldType::Text;
    field.maxLength = maxLength;
    const auto check = types::checkFieldValue(field, json::value(out));
    if (check.error) {
      errors.emplace(name, *check.error);
      return stored;
    }
    if (shownAs != nullptr) {
      if (auto shown = checkShownText(out, shownAs, name); !shown) {
        errors.emplace(name, shown.error().message);
        return stored;
      }
    }
    return out;
  }

  std::string choice(const char* name, const std::string& stored,
                     const std::vector<types::Option>& options) {
    auto value = text(name, stored, kMaxText);
    if (!value.empty() && value != stored && !hasOption(options, value)) {
      errors.emplace(name, "Choose one of the offered values.");
      return stored;
    }
    return value;
  }
};

const char* statusText(const Document& document) {
  return document.checkedOut() ? "Checked Out" : "Checked In";
}

}  // namespace

Result<Document> readProperties(const types::Catalog& catalog, const json::object& submitted,
                                const Document& stored, bool isNew, std::string_view username) {
  const auto& definition = *catalog.documents;
  Reader read{definition, submitted, {}};
  Document out = stored;

  out.extRefType = read.text("ExtRefType", stored.extRefType, kMaxText);
  if (std::find(kDocumentKinds.begin(), kDocumentKinds.end(), out.extRefType) ==
      kDocumentKinds.end()) {
    read.errors.emplace("ExtRefType", "Choose Electronic, Link or Location.");
    out.extRefType = stored.extRefType;
  } else if (!isNew && (stored.electronic() != out.electronic())) {
    read.errors.emplace("ExtRefType",
                        stored.electronic()
                            ? "A file keeps its type. Add a new document for a link or a place."
                            : "A link or a place cannot become a file. Add a new document for it.");
    out.extRefType = stored.extRefType;
  }

  out.title = read.text("Title", stored.title, kMaxTitle, "title");
  if (!out.electronic() && out.title.empty()) {
    read.errors.emplace("Title", "Title is mandatory.");
  }
  if (out.electronic()) {
    // A file's name is its upload's, and changes only by a rename.
    out.extRefFilename = stored.extRefFilename;
  } else {
    const bool link = out.extRefType == kLink;
    out.extRefFilename = read.text("ExtRefFilename", stored.extRefFilename,
                                   link ? kMaxUrl : kMaxText, link ? "web address" : "location");
    if (out.extRefFilename.empty()) {
      read.errors.emplace("ExtRefFilename", link ? "URL is mandatory." : "Location is mandatory.");
    } else if (link && !isWebAddress(out.extRefFilename)) {
      read.errors.emplace("ExtRefFilename",
                          "Enter a web address that starts with https:// or http://.");
    }
  }
  out.author = read.text("Author", stored.author, kMaxText);
  out.comments = read.text("Comments", stored.comments, kMaxComments);

  const auto date = read.text("CreateDate", stored.createDate.value_or(""), 40);
  if (date.empty()) {
    out.createDate.reset();
  } else {
    types::FieldDef field;
    field.type = types::FieldType::Date;
    const auto check = types::checkFieldValue(field, json::value(date));
    if (check.error) {
      read.errors.emplace("CreateDate", *check.error);
    } else {
      out.createDate = check.value.is_string() ? std::string(check.value.get_string()) : date;
    }
  }

  out.folder = read.choice("Folder", stored.folder, definition.folders);
  out.category = read.choice("Category", stored.category, definition.categories);
  out.portalCategory =
      read.choice("PortalCategory", stored.portalCategory, definition.portalCategories);
  out.security = read.text("Security", stored.security, kMaxText);
  if (out.security != stored.security && !out.security.empty()) {
    const bool known =
        std::any_of(definition.securityGroups.begin(), definition.securityGroups.end(),
                    [&](const auto& group) { return group.value == out.security; });
    if (!known || !types::maySeeDocumentsOf(catalog, out.security, username)) {
      read.errors.emplace("Security", "Choose a security group you belong to.");
      out.security = stored.security;
    }
  }

  for (const auto& field : definition.customFields) {
    const auto* value = submitted.if_contains(field.id);
    if (field.readOnly || value == nullptr) {
      if (isNew && !out.fields.contains(field.id) && !field.defaultValue.is_null()) {
        out.fields[field.id] = field.defaultValue;
      }
    } else {
      const auto check = types::checkFieldValue(field, *value);
      if (check.error) {
        read.errors.emplace(field.id, *check.error);
        continue;
      }
      out.fields[field.id] = check.value;
    }
    const auto* now = out.fields.if_contains(field.id);
    if (field.mandatory && (now == nullptr || types::isEmptyValue(*now))) {
      read.errors.emplace(field.id, field.label + " is mandatory.");
    }
  }

  if (!read.errors.empty()) {
    auto error =
        Error::of(errors::kInvalid,
                  "ValidationFailed" + std::string(read.errors.size() == 1
                                                       ? ": one field needs attention."
                                                       : ": " + std::to_string(read.errors.size()) +
                                                             " fields need attention."));
    error.fieldErrors = std::move(read.errors);
    return error;
  }
  return out;
}

json::object standardValues(const Document& document) {
  return json::object{
      {"Title", document.title},
      {"ExtRefFilename", document.extRefFilename},
      {"ExtRefType", document.extRefType},
      {"Author", document.author},
      {"CreateDate", document.createDate ? json::value(*document.createDate) : nullptr},
      {"Comments", document.comments},
      {"Folder", document.folder},
      {"Security", document.security},
      {"Category", document.category},
      {"PortalCategory", document.portalCategory}};
}

json::object documentData(const DocumentAccess& access,
                          const std::vector<StoredVersion>& versions) {
  const auto& document = access.document;
  auto properties = standardValues(document);
  properties["VersionComments"] = "";
  properties["CanEditDocumentProperties"] = access.canModify;
  properties["CantEditReason"] = access.cantEditReason;
  properties["dmsId"] = document.guid;
  properties["rowVersion"] = document.rowVersion;
  properties["CheckedOutBy"] =
      document.checkedOut() ? json::value(document.checkedOutByName) : json::value(nullptr);
  properties["CheckedOutByMe"] = access.checkedOutByMe;
  properties["ExtractionStatus"] = document.extractionStatus;
  properties["ExtractionMessage"] = document.extractionMessage;
  properties["CustomFields"] = document.fields;
  const auto* current = document.current ? &*document.current : nullptr;
  json::object info{
      {"RegisteredDate", document.createdAt},
      {"CreatedByID", document.createdByName},
      {"LastEditDate", document.modifiedAt},
      {"LastEditBy", document.modifiedByName},
      {"FileSize", current != nullptr ? json::value(current->fileSize) : nullptr},
      {"FileExtension", current != nullptr ? json::value(current->fileType) : nullptr},
      {"Status", document.checkedOut() ? "Checked out by " + document.checkedOutByName
                                       : std::string(statusText(document))},
      {"IsCheckInEnabled", access.checkedOutByMe}};
  json::array history;
  for (const auto& version : versions) {
    history.push_back(json::object{{"Version", versionLabel({version.major, version.minor})},
                                   {"Comments", version.comments},
                                   {"FilenameOnDisk", version.fileName},
                                   {"CaseextrefHistoryID", version.id},
                                   {"FileSize", version.fileSize},
                                   {"ModifiedBy", version.createdByName},
                                   {"ModifiedAt", version.createdAt},
                                   {"IsCurrent", document.currentVersionId == version.id}});
  }
  return json::object{
      {"Success", true},
      {"DocumentProperties", std::move(properties)},
      {"DocumentInfoBarData", std::move(info)},
      {"DocumentVersion", json::object{{"Major", document.major}, {"Minor", document.minor}}},
      {"DocumentHistoryListData", std::move(history)}};
}

json::object documentRow(const DocumentAccess& access) {
  const auto& document = access.document;
  const auto* current = document.current ? &*document.current : nullptr;
  return json::object{
      {"documentGuid", document.guid},
      {"title", document.title},
      {"extRefType", document.extRefType},
      {"extRefFilename", document.extRefFilename},
      {"fileExtension", current != nullptr ? json::value(current->fileType) : nullptr},
      {"fileSize", current != nullptr ? json::value(current->fileSize) : nullptr},
      {"version", document.electronic()
                      ? json::value(versionLabel({document.major, document.minor}))
                      : nullptr},
      {"folder", document.folder},
      {"category", document.category},
      {"checkedOutBy", document.checkedOut() ? json::value(document.checkedOutByName) : nullptr},
      {"checkedOutByMe", access.checkedOutByMe},
      {"canModify", access.canModify},
      {"modifiedAt", document.modifiedAt},
      {"modifiedBy", document.modifiedByName},
      {"extractionStatus", document.extractionStatus}};
}

}  // namespace dossier::documents
