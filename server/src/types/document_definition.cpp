#include "types/document_definition.hpp"

#include <algorithm>
#include <set>

#include "core/yaml_reader.hpp"
#include "types/field_reader.hpp"

namespace dossier::types {

namespace {

bool contains(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

std::string joined(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& item : list) {
    out += (out.empty() ? "" : ", ") + item;
  }
  return out;
}

void readSecurityGroups(YamlReader& root, const Catalog& catalog, DocumentDefinition& definition) {
  std::set<std::string> known = {"everyone"};
  for (const auto& group : catalog.groups) {
    known.insert(group.name);
  }
  std::set<std::string> seen;
  root.list("securityGroups", [&](YamlReader& item, std::size_t) {
    item.allowOnly({"value", "text", "view"});
    DocumentSecurityGroup group{item.requiredString("value"), item.string("text"),
                                item.stringList("view")};
    if (group.text.empty()) {
      group.text = group.value;
    }
    if (!seen.insert(group.value).second) {
      item.error("value", "'" + group.value + "' is listed twice");
    }
    if (group.viewers.empty()) {
      item.error("view", "names the groups that may see these documents (everyone for all)");
    }
    for (const auto& viewer : group.viewers) {
      if (!known.contains(viewer)) {
        item.error("view", "'" + viewer + "' is not a group of groups.yaml");
      }
    }
    definition.securityGroups.push_back(std::move(group));
  });
  if (definition.securityGroups.empty()) {
    definition.securityGroups.push_back({"standard", "Standard", {"everyone"}});
  }
}

void readStandardFields(YamlReader& root, DocumentDefinition& definition) {
  auto fields = root.mapping("standardFields");
  if (!fields) {
    return;
  }
  for (const auto& name : kStandardDocumentFields) {
    auto binding = fields->mapping(name);
    if (!binding) {
      continue;
    }
    binding->allowOnly({"label", "tooltip", "readOnly", "visible"});
    FieldBinding bound;
    if (binding->has("label")) {
      bound.label = binding->requiredString("label");
    }
    if (binding->has("tooltip")) {
      bound.tooltip = binding->string("tooltip");
    }
    bound.readOnly = binding->boolean("readOnly", false);
    bound.visible = binding->boolean("visible", true);
    if (name == "Title" && !bound.visible) {
      binding->error("visible", "the title of a document cannot be hidden");
    }
    definition.standardFields.emplace(name, bound);
  }
  fields->allowOnly({"Title", "ExtRefFilename", "ExtRefType", "Author", "CreateDate", "Comments",
                     "Folder", "Security", "Category", "PortalCategory", "VersionComments"});
}

void readVersions(YamlReader& root, DocumentDefinition& definition) {
  auto versions = root.mapping("versions");
  if (!versions) {
    return;
  }
  versions->allowOnly({"enabled", "hideIncrementMajorVersion", "hideFileUpload", "commentPrompt"});
  auto& settings = definition.versions;
  settings.enabled = versions->boolean("enabled", settings.enabled);
  settings.hideIncrementMajorVersion =
      versions->boolean("hideIncrementMajorVersion", settings.hideIncrementMajorVersion);
  settings.hideFileUpload = versions->boolean("hideFileUpload", settings.hideFileUpload);
  const auto prompt = versions->string("commentPrompt", "Display");
  if (prompt == "No") {
    settings.commentPrompt = VersionCommentPrompt::No;
  } else if (prompt == "Display") {
    settings.commentPrompt = VersionCommentPrompt::Display;
  } else if (prompt == "DisplayAndMandatory") {
    settings.commentPrompt = VersionCommentPrompt::DisplayAndMandatory;
  } else {
    versions->error("commentPrompt", "'" + prompt + "' must be No, Display or DisplayAndMandatory");
  }
}

void readHistory(YamlReader& root, DocumentDefinition& definition) {
  auto history = root.mapping("history");
  if (history) {
    history->allowOnly({"pageSize", "columns"});
    definition.historyPageSize = history->integer("pageSize", definition.historyPageSize, 1, 100);
    history->list("columns", [&](YamlReader& item, std::size_t) {
      item.allowOnly({"field", "label"});
      DocumentHistoryColumn column{item.requiredString("field"), item.string("label")};
      if (!column.field.empty() && !contains(kDocumentHistoryColumns, column.field)) {
        item.error("field",
                   "'" + column.field + "' is not one of " + joined(kDocumentHistoryColumns));
      }
      if (column.label.empty()) {
        column.label = column.field;
      }
      definition.historyColumns.push_back(std::move(column));
    });
  }
  if (definition.historyColumns.empty()) {
    definition.historyColumns = {{"Version", "Version"},
                                 {"Comments", "Comments"},
                                 {"ModifiedBy", "Changed by"},
                                 {"ModifiedAt", "Changed at"}};
  }
}

void readFiles(YamlReader& root, DocumentDefinition& definition) {
  const int megabytes = root.integer("maxFileSizeMB", 100, 1, 10240);
  definition.maxFileSize = static_cast<std::uint64_t>(megabytes) * 1024 * 1024;
  for (const auto& type : root.stringList("allowedTypes")) {
    if (!contains(kKnownDocumentTypes, type)) {
      root.error("allowedTypes", "'" + type + "' is not a file type Dossier recognises (" +
                                     joined(kKnownDocumentTypes) + ")");
    } else if (contains(definition.allowedTypes, type)) {
      root.error("allowedTypes", "'" + type + "' is listed twice");
    } else {
      definition.allowedTypes.push_back(type);
    }
  }
  if (!root.has("allowedTypes")) {
    definition.allowedTypes = kKnownDocumentTypes;
  }
}

void readCustomFields(YamlReader& root, DocumentDefinition& definition) {
  std::set<std::string> ids;
  root.list("customFields", [&](YamlReader& item, std::size_t) {
    auto field = readField(item);
    if (field.type == FieldType::PersonPicker || field.type == FieldType::CasePicker) {
      item.error("type", "a document's own fields cannot hold a person or a case");
    }
    if (contains(kStandardDocumentFields, field.id)) {
      item.error("id", "'" + field.id + "' is a standard field: use standardFields to change it");
    }
    if (!ids.insert(field.id).second) {
      item.error("id", "'" + field.id + "' is defined twice");
    }
    definition.customFields.push_back(std::move(field));
  });
}

}  // namespace

std::shared_ptr<const DocumentDefinition> readDocumentDefinition(const std::filesystem::path& file,
                                                                 const std::string& display,
                                                                 const Catalog& catalog,
                                                                 ConfigErrors& errors) {
  auto root = YamlReader::loadFile(file, display, errors);
  if (!root) {
    return nullptr;
  }
  root->allowOnly({"folders", "securityGroups", "categories", "portalCategories", "customFields",
                   "standardFields", "versions", "history", "allowedTypes", "maxFileSizeMB"});
  auto definition = std::make_shared<DocumentDefinition>();
  definition->folders = readOptions(*root, "folders");
  definition->categories = readOptions(*root, "categories");
  definition->portalCategories = readOptions(*root, "portalCategories");
  readSecurityGroups(*root, catalog, *definition);
  readCustomFields(*root, *definition);
  readStandardFields(*root, *definition);
  readVersions(*root, *definition);
  readHistory(*root, *definition);
  readFiles(*root, *definition);
  return definition;
}

bool maySeeDocumentsOf(const Catalog& catalog, std::string_view security,
                       std::string_view username) {
  if (security.empty() || !catalog.documents) {
    return true;
  }
  const auto groups = catalog.groupsOf(username);
  for (const auto& group : catalog.documents->securityGroups) {
    if (group.value == security) {
      return std::any_of(group.viewers.begin(), group.viewers.end(),
                         [&](const auto& viewer) { return groups.contains(viewer); });
    }
  }
  return false;
}

std::vector<std::string> visibleDocumentSecurity(const Catalog& catalog,
                                                 std::string_view username) {
  std::vector<std::string> visible{""};
  if (catalog.documents) {
    for (const auto& group : catalog.documents->securityGroups) {
      if (maySeeDocumentsOf(catalog, group.value, username)) {
        visible.push_back(group.value);
      }
    }
  }
  return visible;
}

}  // namespace dossier::types
