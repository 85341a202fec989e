#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/config_errors.hpp"
#include "types/entity_type.hpp"

namespace dossier::types {

// The standard fields of a document's properties (spec 2 §3), which standardFields may relabel,
// explain, make read-only or hide.
inline const std::vector<std::string> kStandardDocumentFields = {
    "Title",  "ExtRefFilename", "ExtRefType", "Author",         "CreateDate",     "Comments",
    "Folder", "Security",       "Category",   "PortalCategory", "VersionComments"};

// The columns the version history grid may show.
inline const std::vector<std::string> kDocumentHistoryColumns = {
    "Version", "Comments", "FileName", "FileSize", "ModifiedBy", "ModifiedAt"};

// The file types a document may be, by the extension its content is recognised as.
inline const std::vector<std::string> kKnownDocumentTypes = {
    "pdf",  "docx", "xlsx", "pptx", "odt",  "ods", "odp",  "txt", "csv",
    "html", "eml",  "png",  "jpg",  "jpeg", "tif", "tiff", "gif", "rtf"};

// Field bindings (spec 2 §3): what an environment changes of a standard field.
struct FieldBinding {
  std::optional<std::string> label;
  std::optional<std::string> tooltip;
  bool readOnly = false;
  bool visible = true;
};

// A document security group: who may see the documents it marks, among those who may see the
// case.
struct DocumentSecurityGroup {
  std::string value;
  std::string text;
  std::vector<std::string> viewers;  // group names; "everyone" for all
};

enum class VersionCommentPrompt { No, Display, DisplayAndMandatory };

struct DocumentVersionSettings {
  bool enabled = true;  // DocumentVersionEnabled
  bool hideIncrementMajorVersion = false;
  bool hideFileUpload = false;
  VersionCommentPrompt commentPrompt = VersionCommentPrompt::Display;
};

struct DocumentHistoryColumn {
  std::string field;
  std::string label;
};

// An environment's documents.yaml: what a document of a case may hold and how it is versioned.
struct DocumentDefinition {
  std::vector<Option> folders;
  std::vector<DocumentSecurityGroup> securityGroups;
  std::vector<Option> categories;
  std::vector<Option> portalCategories;
  std::vector<FieldDef> customFields;
  std::map<std::string, FieldBinding> standardFields;
  DocumentVersionSettings versions;
  int historyPageSize = 10;
  std::vector<DocumentHistoryColumn> historyColumns;
  std::vector<std::string> allowedTypes;
  std::uint64_t maxFileSize = 100ull * 1024 * 1024;
};

// Whether a person may see documents of a security group (its value; '' is everyone who may see
// the case). A group no longer configured hides its documents rather than opening them to all.
bool maySeeDocumentsOf(const Catalog& catalog, std::string_view security,
                       std::string_view username);
// The same as a set, for what reads many documents at once in SQL (reports): the security groups
// whose documents the person may see, '' among them.
std::vector<std::string> visibleDocumentSecurity(const Catalog& catalog, std::string_view username);

// Reads documents.yaml, checking every name against the spec's fields and the environment's
// groups; each problem is added to errors with file, path and line.
std::shared_ptr<const DocumentDefinition> readDocumentDefinition(const std::filesystem::path& file,
                                                                 const std::string& display,
                                                                 const Catalog& catalog,
                                                                 ConfigErrors& errors);

}  // namespace dossier::types
