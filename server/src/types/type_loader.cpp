#include "types/type_loader.hpp"

#include <algorithm>
#include <functional>

#include "core/yaml_reader.hpp"
#include "types/action_types.hpp"
#include "types/document_definition.hpp"
#include "types/field_reader.hpp"
#include "types/field_values.hpp"
#include "types/json_logic.hpp"
#include "types/layout_components.hpp"
#include "types/layout_facts.hpp"
#include "types/macro_bindings.hpp"
#include "types/report_definitions.hpp"
#include "types/role_definition.hpp"
#include "types/task_definitions.hpp"

namespace dossier::types {

namespace {

const std::set<std::string> kContainers = {"HBox", "VBox", "Section", "Fieldset", "TabSet"};
// Components that show something other than a field: the case's documents grid, the holders of a
// role, the roles the record itself holds elsewhere, and a person's other names and comments.
const std::set<std::string> kViews = {"Documents",      "Roles",    "RolesHeld",
                                      "AlternateNames", "Comments", "CrossReferences",
                                      "CaseActions"};

bool isAsciiLetter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// Capital letters and digits, as case numbers start: "CMP".
bool isPrefix(const std::string& text) {
  return !text.empty() && text.size() <= 10 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || isDigit(c);
  });
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

LayoutNode readNode(YamlReader& item, const std::string& fallbackId) {
  item.allowOnly({"type", "id", "label", "field", "fact", "text", "minWidth", "maxWidth",
                  "minHeight", "scrollable", "readOnly", "hiddenOnSmallDevice",
                  "hiddenOnMediumDevice", "lateLoad", "indent", "collapsed", "visibleWhen", "role",
                  "children"});
  LayoutNode node;
  node.field = item.string("field");
  node.fact = item.string("fact");
  if (!node.field.empty() && !node.fact.empty()) {
    item.error("fact", "a component shows either a field or a fact of the record, not both");
  }
  node.type = !node.field.empty()  ? "field"
              : !node.fact.empty() ? "fact"
                                   : item.requiredString("type");
  if (!node.field.empty() && item.has("type")) {
    item.error("type", "a data field is written '- field: <id>' without a type");
  } else if (!node.fact.empty() && item.has("type")) {
    item.error("type", "a fact of the record is written '- fact: <name>' without a type");
  }
  if (!node.fact.empty() && findLayoutFact(node.fact) == nullptr) {
    item.error("fact", "'" + node.fact + "' is not a fact of a record (" + layoutFactNames() + ")");
  }
  if (node.field.empty() && node.fact.empty() && !node.type.empty() &&
      !kContainers.contains(node.type) && !kViews.contains(node.type) && node.type != "Text") {
    item.error("type", "'" + node.type +
                           "' is neither a container (HBox, VBox, Section, Fieldset, TabSet), a "
                           "view (Documents, Roles, RolesHeld, AlternateNames, Comments, "
                           "CrossReferences, CaseActions) nor a Text");
  }
  node.text = item.string("text");
  if (node.type == "Text" && node.text.empty()) {
    item.error("text", "a Text says something: give it its text");
  } else if (node.type != "Text" && item.has("text")) {
    item.error("text", "only a Text has a text (a field's label is set on the field)");
  }
  node.role = item.string("role");
  if (node.type == "Roles" && node.role.empty()) {
    item.error("role", "a Roles view names the role whose holders it lists");
  } else if (node.type != "Roles" && !node.role.empty()) {
    item.error("role", "only a Roles view names a role (a field's role is set on the field)");
  }
  node.id = item.string("id", !node.field.empty()  ? node.field
                              : !node.fact.empty() ? node.fact
                                                   : fallbackId);
  node.label = item.string("label");
  if (item.has("minWidth")) {
    node.minWidth = item.integer("minWidth", 0, 0, 4000);
  }
  if (item.has("maxWidth")) {
    node.maxWidth = item.integer("maxWidth", 0, 0, 4000);
  }
  if (item.has("minHeight")) {
    node.minHeight = item.integer("minHeight", 0, 0, 4000);
  }
  node.scrollable = item.boolean("scrollable", false);
  node.readOnly = item.boolean("readOnly", false);
  node.hiddenOnSmallDevice = item.boolean("hiddenOnSmallDevice", false);
  node.hiddenOnMediumDevice = item.boolean("hiddenOnMediumDevice", false);
  node.lateLoad = item.boolean("lateLoad", false);
  node.indent = item.boolean("indent", false);
  node.collapsed = item.boolean("collapsed", false);
  node.visibleWhen = item.json("visibleWhen");
  item.list("children", [&](YamlReader& child, std::size_t index) {
    node.children.push_back(readNode(child, node.id + "-" + std::to_string(index + 1)));
  });
  if (!node.field.empty() && !node.children.empty()) {
    item.error("children", "a data field has no children");
  } else if ((!node.fact.empty() || node.type == "Text") && !node.children.empty()) {
    item.error("children", node.type == "Text" ? "a Text has no children"
                                               : "a fact of the record has no children");
  }
  return node;
}

void readAccess(YamlReader& reader, AccessRights& access) {
  reader.allowOnly({"view", "create", "modify", "delete"});
  access.view = reader.stringList("view");
  access.create = reader.stringList("create");
  access.modify = reader.stringList("modify");
  access.remove = reader.stringList("delete");
}

// "{firstName} {surname}" may only name fields.
// where: a place inside key to name in the message ("layout[2].text: ").
void checkTemplate(YamlReader& root, std::string_view key, const std::string& text,
                   const EntityType& type, const std::string& where = {}) {
  for (auto open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const auto close = text.find('}', open);
    if (close == std::string::npos) {
      break;
    }
    const auto name = text.substr(open + 1, close - open - 1);
    if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) {
          return isAsciiLetter(c) || isDigit(c) || c == '_';
        })) {
      continue;
    }
    const bool builtIn = name == "caseNumber" || name == "personId" || name == "typeName";
    if (!builtIn && type.field(name) == nullptr) {
      root.error(key, where + "{" + name + "} names no field");
    }
  }
}

// Checks the layout against the fields: every field named exists and stands once, every
// condition is JSON Logic over the fields, tab strips hold containers.
void checkLayout(YamlReader& root, const EntityType& type) {
  std::set<std::string> variables;
  for (const auto& field : type.fields) {
    variables.insert(field.id);
  }
  std::set<std::string> placed;
  std::set<std::string> ids;
  std::function<void(const LayoutNode&, const std::string&)> visit = [&](const LayoutNode& node,
                                                                         const std::string& path) {
    if (!node.field.empty()) {
      if (type.field(node.field) == nullptr) {
        root.error("layout", path + ": the field '" + node.field + "' is not among the fields");
      } else if (!placed.insert(node.field).second) {
        root.error("layout", path + ": the field '" + node.field + "' is placed twice");
      }
    }
    if ((node.type == "Documents" || node.type == "CrossReferences" ||
         node.type == "CaseActions") &&
        type.kind != EntityKind::Case) {
      root.error("layout", path + ": " + node.type + " belong to cases, so a " +
                               std::string(kindName(type.kind)) + " form cannot show them");
    }
    if ((node.type == "AlternateNames" || node.type == "Comments") &&
        type.kind != EntityKind::Person) {
      root.error("layout", path + ": " + node.type + " belong to persons, so a " +
                               std::string(kindName(type.kind)) + " form cannot show them");
    }
    if (kViews.contains(node.type) && !node.children.empty()) {
      root.error("layout", path + ": a " + node.type + " view has no children");
    }
    if (!ids.insert(node.id).second) {
      root.error("layout", path + ": the id '" + node.id + "' is used twice");
    }
    if (const auto* fact = node.fact.empty() ? nullptr : findLayoutFact(node.fact);
        fact != nullptr && fact->only && *fact->only != type.kind) {
      root.error("layout", path + ": " + node.fact + " is a fact of " + kindName(*fact->only) +
                               "s, so a " + std::string(kindName(type.kind)) +
                               " form cannot show it");
    }
    if (node.type == "Text") {
      checkTemplate(root, "layout", node.text, type, path + ".text: ");
    }
    if (!node.visibleWhen.is_null()) {
      if (auto problem = types::checkJsonLogic(node.visibleWhen, variables)) {
        root.error("layout", path + ".visibleWhen: " + *problem);
      }
    }
    if (node.type == "TabSet") {
      for (const auto& child : node.children) {
        if (!kContainers.contains(child.type) || child.label.empty()) {
          root.error("layout",
                     path + ": each tab of a TabSet is a container with a label (its heading)");
          break;
        }
      }
    }
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      visit(node.children[i], path + ".children[" + std::to_string(i) + "]");
    }
  };
  for (std::size_t i = 0; i < type.layout.size(); ++i) {
    visit(type.layout[i], "layout[" + std::to_string(i) + "]");
  }
}

std::shared_ptr<EntityType> readType(const std::filesystem::path& file, const std::string& display,
                                     ConfigErrors& errors) {
  auto root = YamlReader::loadFile(file, display, errors);
  if (!root) {
    return nullptr;
  }
  root->allowOnly({"kind", "ref", "name", "description", "numbering", "statuses", "defaultStatus",
                   "displayName", "newCase", "duplicateCheck", "access", "fields", "form"});
  auto type = std::make_shared<EntityType>();
  const auto kind = root->requiredString("kind");
  if (kind == "person") {
    type->kind = EntityKind::Person;
  } else if (kind != "case" && !kind.empty()) {
    root->error("kind", "must be case or person");
  }
  type->ref = root->requiredString("ref");
  if (!type->ref.empty() && !isName(type->ref, 20)) {
    root->error("ref", "must start with a letter and hold only letters, digits and _ (at most 20)");
  }
  type->name = root->requiredString("name");
  type->description = root->string("description");
  root->list("fields", [&](YamlReader& item, std::size_t) {
    auto field = readField(item);
    if (type->field(field.id) != nullptr) {
      item.error("id", "'" + field.id + "' is used by another field");
    }
    if (field.id == "status" && type->kind == EntityKind::Case) {
      item.error("id", "status is the case's status, given by statuses");
    }
    type->fields.push_back(std::move(field));
  });
  if (type->fields.empty()) {
    root->error("fields", "a type needs at least one field");
  }

  if (type->kind == EntityKind::Case) {
    if (root->has("duplicateCheck")) {
      root->error("duplicateCheck", "only person types have this");
    }
    if (auto numbering = root->mapping("numbering")) {
      numbering->allowOnly({"prefix", "width"});
      type->numbering.prefix = numbering->requiredString("prefix");
      if (!type->numbering.prefix.empty() && !isPrefix(type->numbering.prefix)) {
        numbering->error("prefix", "must be 1 to 10 capital letters or digits");
      }
      type->numbering.width = numbering->integer("width", 5, 3, 9);
    } else {
      root->error("numbering", "is required for a case type (prefix and width)");
    }
    std::set<std::string> values;
    root->list("statuses", [&](YamlReader& item, std::size_t) {
      item.allowOnly({"value", "name", "active"});
      CaseStatus status{item.requiredString("value"), item.string("name"),
                        item.boolean("active", true)};
      if (status.name.empty()) {
        status.name = status.value;
      }
      if (!values.insert(status.value).second) {
        item.error("value", "'" + status.value + "' is listed twice");
      }
      type->statuses.push_back(std::move(status));
    });
    if (type->statuses.empty()) {
      root->error("statuses", "a case type needs at least one status");
    }
    type->defaultStatus =
        root->string("defaultStatus", type->statuses.empty() ? "" : type->statuses.front().value);
    if (!type->statuses.empty() && type->status(type->defaultStatus) == nullptr) {
      root->error("defaultStatus", "'" + type->defaultStatus + "' is not one of the statuses");
    }
    // The status is edited like a choice field called "status".
    FieldDef status;
    status.id = "status";
    status.type = FieldType::Choice;
    status.label = "Status";
    status.mandatory = true;
    status.preview = true;
    status.defaultValue = boost::json::value(type->defaultStatus);
    for (const auto& each : type->statuses) {
      status.options.push_back({each.value, each.name});
    }
    type->fields.push_back(std::move(status));
    type->displayName =
        root->string("displayName", type->field("title") ? "{title}" : "{caseNumber}");
  } else {
    for (const auto* key : {"numbering", "statuses", "defaultStatus"}) {
      if (root->has(key)) {
        root->error(key, "only case types have this");
      }
    }
    type->displayName = root->requiredString("displayName");
    if (auto check = root->mapping("duplicateCheck")) {
      check->allowOnly({"names", "dates"});
      DuplicateCheck duplicates{check->stringList("names"), check->stringList("dates")};
      for (const auto& id : duplicates.names) {
        const auto* field = type->field(id);
        if (field == nullptr || field->type != FieldType::Text) {
          check->error("names", "'" + id + "' is not a text field of this type");
        }
      }
      for (const auto& id : duplicates.dates) {
        const auto* field = type->field(id);
        if (field == nullptr || field->type != FieldType::Date) {
          check->error("dates", "'" + id + "' is not a date field of this type");
        }
      }
      if (duplicates.names.empty()) {
        check->error("names", "name at least one text field that tells persons apart");
      }
      type->duplicateCheck = std::move(duplicates);
    }
    if (auto newCase = root->mapping("newCase")) {
      newCase->allowOnly({"caseType", "role"});
      type->newCase =
          NewCaseFromPerson{newCase->requiredString("caseType"), newCase->requiredString("role")};
    }
  }
  checkTemplate(*root, "displayName", type->displayName, *type);

  if (auto access = root->mapping("access")) {
    readAccess(*access, type->access);
  } else {
    root->error("access", "is required: the groups that may view, create, modify and delete");
  }

  if (auto form = root->mapping("form")) {
    form->allowOnly({"id", "headerText", "layout"});
    type->formId = form->requiredString("id");
    type->headerText = form->string("headerText", "{typeName}");
    checkTemplate(*form, "headerText", type->headerText, *type);
    form->list("layout", [&](YamlReader& item, std::size_t index) {
      type->layout.push_back(readNode(item, "layout-" + std::to_string(index + 1)));
    });
    if (type->layout.empty()) {
      form->error("layout", "a form needs a layout");
    }
    checkLayout(*form, *type);
  } else {
    root->error("form", "is required: the form's id and layout");
  }
  return type;
}

void readGroups(const std::filesystem::path& file, const std::string& display, Catalog& catalog,
                ConfigErrors& errors) {
  auto root = YamlReader::loadFile(file, display, errors);
  if (!root) {
    return;
  }
  root->allowOnly({"groups"});
  root->list("groups", [&](YamlReader& item, std::size_t) {
    item.allowOnly({"name", "description", "members"});
    Group group;
    group.name = item.requiredString("name");
    group.description = item.string("description");
    if (group.name == "everyone") {
      item.error("name", "everyone is built in: it holds every user");
    }
    for (const auto& member : item.stringList("members")) {
      group.members.insert(lower(member));
    }
    for (const auto& other : catalog.groups) {
      if (other.name == group.name) {
        item.error("name", "'" + group.name + "' is defined twice");
      }
    }
    catalog.groups.push_back(std::move(group));
  });
}

// Rights name existing groups; a person's new case names a case type and one of its roles.
void crossCheck(Catalog& catalog, const std::map<const EntityType*, std::string>& files,
                ConfigErrors& errors) {
  std::set<std::string> groups{"everyone"};
  for (const auto& group : catalog.groups) {
    groups.insert(group.name);
  }
  std::set<std::string> formIds;
  for (const auto& type : catalog.types) {
    const auto& file = files.at(type.get());
    const auto rights = {
        std::pair{"view", &type->access.view}, std::pair{"create", &type->access.create},
        std::pair{"modify", &type->access.modify}, std::pair{"delete", &type->access.remove}};
    for (const auto& [right, names] : rights) {
      for (const auto& name : *names) {
        if (!groups.contains(name)) {
          errors.add({file, std::string("access.") + right, 0,
                      "'" + name + "' is not a group of groups.yaml"});
        }
      }
    }
    if (!type->formId.empty() && !formIds.insert(type->formId).second) {
      errors.add({file, "form.id", 0, "'" + type->formId + "' is the id of another type's form"});
    }
    for (const auto& other : catalog.types) {
      if (other != type && other->kind == type->kind && lower(other->ref) == lower(type->ref)) {
        errors.add({file, "ref", 0,
                    "'" + type->ref + "' is the ref of another " + kindName(type->kind) + " type"});
      }
    }
    if (type->newCase) {
      const auto* caseType = catalog.find(EntityKind::Case, type->newCase->caseType);
      if (caseType == nullptr) {
        errors.add(
            {file, "newCase.caseType", 0, "'" + type->newCase->caseType + "' is not a case type"});
      } else if (std::none_of(caseType->fields.begin(), caseType->fields.end(),
                              [&](const FieldDef& field) {
                                return field.type == FieldType::PersonPicker &&
                                       field.role == type->newCase->role;
                              })) {
        errors.add({file, "newCase.role", 0,
                    "no person field of " + caseType->ref + " has the role '" +
                        type->newCase->role + "'"});
      }
    }
  }
}

// roles.yaml, or the roles the fields imply; then each Roles view and role field learns what its
// lookup searches.
void readRoles(const std::filesystem::path& environmentFolder, Catalog& catalog,
               const std::vector<std::shared_ptr<EntityType>>& loaded,
               const std::map<const EntityType*, std::string>& files, ConfigErrors& errors) {
  const auto rolesFile = environmentFolder / "roles.yaml";
  auto roles = std::filesystem::exists(rolesFile)
                   ? readRoleDefinitions(rolesFile, rolesFile.string(), catalog, errors)
                   : rolesImpliedByFields(catalog);
  for (auto& role : roles) {
    catalog.roles.push_back(std::make_shared<const RoleDefinition>(std::move(role)));
  }
  for (const auto& type : loaded) {
    for (auto& field : type->fields) {
      if (const auto* role = field.role.empty() ? nullptr : catalog.role(field.role)) {
        field.lookupEntityType = role->lookupEntityType();
      }
    }
    std::set<std::string> byField;
    for (const auto& field : type->fields) {
      byField.insert(field.role);
    }
    std::function<void(LayoutNode&, const std::string&)> visit = [&](LayoutNode& node,
                                                                     const std::string& path) {
      if (node.type == "Roles" && !node.role.empty()) {
        const auto* role = catalog.role(node.role);
        if (role == nullptr) {
          errors.add({files.at(type.get()), "form." + path, 0,
                      "the role '" + node.role + "' is not defined in roles.yaml"});
        } else if (!role->isOn(*type)) {
          errors.add({files.at(type.get()), "form." + path, 0,
                      "the role '" + node.role + "' is not on " + type->ref + " (roles.yaml, on)"});
        } else if (byField.contains(node.role)) {
          errors.add({files.at(type.get()), "form." + path, 0,
                      "the role '" + node.role +
                          "' is held through a field of this type; a Roles view lists roles "
                          "with many holders"});
        } else {
          node.lookupEntityType = role->lookupEntityType();
          if (node.label.empty()) {
            node.label = role->name;
          }
        }
      }
      for (std::size_t i = 0; i < node.children.size(); ++i) {
        visit(node.children[i], path + ".children[" + std::to_string(i) + "]");
      }
    };
    for (std::size_t i = 0; i < type->layout.size(); ++i) {
      visit(type->layout[i], "layout[" + std::to_string(i) + "]");
    }
  }
}

}  // namespace

Catalog loadCatalog(const std::filesystem::path& environmentFolder, ConfigErrors& errors) {
  Catalog catalog;
  const auto groupsFile = environmentFolder / "groups.yaml";
  if (std::filesystem::exists(groupsFile)) {
    readGroups(groupsFile, groupsFile.string(), catalog, errors);
  }
  const auto documentsFile = environmentFolder / "documents.yaml";
  if (std::filesystem::exists(documentsFile)) {
    catalog.documents =
        readDocumentDefinition(documentsFile, documentsFile.string(), catalog, errors);
  }
  const auto typesFolder = environmentFolder / "types";
  std::error_code ec;
  if (!std::filesystem::is_directory(typesFolder, ec)) {
    // These files speak of the types; without them they would be read by nothing, and what they
    // say (a report, a task) would silently not be there.
    for (const auto* name :
         {"roles.yaml", "actions.yaml", "macros.yaml", "tasks.yaml", "reports.yaml"}) {
      if (const auto file = environmentFolder / name; std::filesystem::exists(file, ec)) {
        errors.add({file.string(), "", 0,
                    "is read only beside case and person types, and this environment has none: "
                    "add their files in a types folder, or remove this file"});
      }
    }
    return catalog;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(typesFolder)) {
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  std::map<const EntityType*, std::string> fileOf;
  std::vector<std::shared_ptr<EntityType>> loaded;
  for (const auto& file : files) {
    if (auto type = readType(file, file.string(), errors)) {
      fileOf[type.get()] = file.string();
      catalog.types.push_back(type);
      loaded.push_back(std::move(type));
    }
  }
  crossCheck(catalog, fileOf, errors);
  readRoles(environmentFolder, catalog, loaded, fileOf, errors);
  if (const auto actionsFile = environmentFolder / "actions.yaml";
      std::filesystem::exists(actionsFile)) {
    catalog.actionTypes = readActionTypes(actionsFile, actionsFile.string(), catalog, errors);
  }
  for (auto& binding : readMacroBindings(environmentFolder, catalog, errors)) {
    catalog.macros.push_back(std::make_shared<const MacroBinding>(std::move(binding)));
  }
  catalog.tasks = readTaskDefinitions(environmentFolder, catalog, errors);
  catalog.reports = readReportDefinitions(environmentFolder, catalog, errors);
  // Only a layout whose every field exists can be turned into components.
  if (errors.empty()) {
    for (const auto& type : loaded) {
      type->preparedComponents = {types::prepareComponents(*type, false),
                                  types::prepareComponents(*type, true)};
    }
  }
  return catalog;
}

}  // namespace dossier::types
