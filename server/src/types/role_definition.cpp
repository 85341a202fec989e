#include "types/role_definition.hpp"

#include <algorithm>
#include <cctype>

#include "core/yaml_reader.hpp"
#include "types/field_reader.hpp"

namespace dossier::types {

namespace {

constexpr std::string_view kAnyPerson = "any_person";
constexpr std::string_view kAnyCase = "any_case";

// A type by ref, case or person: refs are unique within a kind, so one that names both is asked to
// be written kind:ref.
const EntityType* findType(const Catalog& catalog, const std::string& written, YamlReader& item,
                           const char* key) {
  auto ref = written;
  std::optional<EntityKind> kind;
  if (const auto colon = written.find(':'); colon != std::string::npos) {
    kind = kindFromRoute(written.substr(0, colon));
    ref = written.substr(colon + 1);
  }
  const auto* asCase = kind != EntityKind::Person ? catalog.find(EntityKind::Case, ref) : nullptr;
  const auto* asPerson = kind != EntityKind::Case ? catalog.find(EntityKind::Person, ref) : nullptr;
  if (asCase != nullptr && asPerson != nullptr) {
    item.error(key, "'" + ref + "' is both a case and a person type: write case:" + ref +
                        " or person:" + ref);
    return nullptr;
  }
  if (asCase == nullptr && asPerson == nullptr) {
    item.error(key, "'" + written + "' is not a case or person type");
    return nullptr;
  }
  return asCase != nullptr ? asCase : asPerson;
}

RoleDefinition readRole(YamlReader& item, const Catalog& catalog) {
  item.allowOnly({"code", "name", "heldIn", "on", "holders", "singleOwner"});
  RoleDefinition role;
  role.code = item.requiredString("code");
  if (!role.code.empty() && !isName(role.code, 30)) {
    item.error("code", "must start with a letter and hold only letters, digits and _ (at most 30)");
  }
  role.name = item.requiredString("name");
  role.heldIn = item.string("heldIn", role.name + " in");
  for (const auto& written : item.stringList("on")) {
    if (const auto* type = findType(catalog, written, item, "on")) {
      role.on.push_back(type);
    }
  }
  if (role.on.empty() && !item.has("on")) {
    item.error("on", "is required: the case or person types that have this role");
  }
  const auto holders = item.stringList("holders");
  if (holders.empty()) {
    item.error("holders", "is required: any_person, any_case, or a list of types of one kind");
  } else if (holders.size() == 1 && (holders[0] == kAnyPerson || holders[0] == kAnyCase)) {
    role.holderKind = holders[0] == kAnyPerson ? EntityKind::Person : EntityKind::Case;
  } else {
    std::optional<EntityKind> kind;
    for (const auto& written : holders) {
      const auto* type = findType(catalog, written, item, "holders");
      if (type == nullptr) {
        continue;
      }
      if (kind && *kind != type->kind) {
        item.error("holders", "the holders of a role are all persons or all cases");
      }
      kind = type->kind;
      role.holderTypes.push_back(type->ref);
    }
    role.holderKind = kind.value_or(EntityKind::Person);
  }
  role.singleOwner = item.boolean("singleOwner", false);
  if (role.singleOwner && role.holderKind != EntityKind::Case) {
    item.error("singleOwner", "only a case can belong to one parent alone");
  }
  return role;
}

FieldType pickerOf(EntityKind kind) {
  return kind == EntityKind::Person ? FieldType::PersonPicker : FieldType::CasePicker;
}

}  // namespace

bool RoleDefinition::isOn(const EntityType& type) const {
  return std::find(on.begin(), on.end(), &type) != on.end();
}

bool RoleDefinition::mayBeHeldBy(const EntityType& type) const {
  return type.kind == holderKind &&
         (holderTypes.empty() ||
          std::find(holderTypes.begin(), holderTypes.end(), type.ref) != holderTypes.end());
}

std::string RoleDefinition::lookupEntityType() const {
  if (holderTypes.size() == 1) {
    return holderTypes.front();
  }
  return std::string(holderKind == EntityKind::Person ? kAnyPerson : kAnyCase);
}

// Role codes are matched without regard to case: the web app's addresses are lower-cased.
const RoleDefinition* Catalog::role(std::string_view code) const {
  const auto same = [](std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) ==
                    std::tolower(static_cast<unsigned char>(y));
           });
  };
  for (const auto& role : roles) {
    if (same(role->code, code)) {
      return role.get();
    }
  }
  return nullptr;
}

std::vector<RoleDefinition> readRoleDefinitions(const std::filesystem::path& file,
                                                const std::string& display, const Catalog& catalog,
                                                ConfigErrors& errors) {
  std::vector<RoleDefinition> roles;
  auto root = YamlReader::loadFile(file, display, errors);
  if (!root) {
    return roles;
  }
  root->allowOnly({"roles"});
  root->list("roles", [&](YamlReader& item, std::size_t) {
    auto role = readRole(item, catalog);
    for (const auto& other : roles) {
      if (other.code == role.code) {
        item.error("code", "'" + role.code + "' is defined twice");
      }
    }
    roles.push_back(std::move(role));
  });
  // A field that holds a role names one defined here, on its type, held by its kind.
  for (const auto& type : catalog.types) {
    for (std::size_t i = 0; i < type->fields.size(); ++i) {
      const auto& field = type->fields[i];
      if (field.role.empty()) {
        continue;
      }
      const auto where = "fields[" + std::to_string(i) + "].role";
      const auto found = std::find_if(roles.begin(), roles.end(),
                                      [&](const auto& role) { return role.code == field.role; });
      if (found == roles.end()) {
        errors.add(
            {display, "roles", 0,
             "the role '" + field.role + "' of " + type->ref + "." + field.id + " is not defined"});
      } else if (!found->isOn(*type)) {
        errors.add({display, "roles", 0,
                    "the role '" + field.role + "' is not on " + type->ref + ", whose field " +
                        field.id + " holds it (" + where + ")"});
      } else if (pickerOf(found->holderKind) != field.type) {
        errors.add({display, "roles", 0,
                    "the role '" + field.role + "' is held by " + kindName(found->holderKind) +
                        "s, but " + type->ref + "." + field.id + " is a " +
                        fieldTypeWord(field.type) + " field"});
      }
    }
  }
  return roles;
}

std::vector<RoleDefinition> rolesImpliedByFields(const Catalog& catalog) {
  std::vector<RoleDefinition> roles;
  for (const auto& type : catalog.types) {
    for (const auto& field : type->fields) {
      if (field.role.empty()) {
        continue;
      }
      auto found = std::find_if(roles.begin(), roles.end(),
                                [&](const auto& role) { return role.code == field.role; });
      if (found == roles.end()) {
        RoleDefinition role;
        role.code = field.role;
        role.name = field.label;
        role.heldIn = field.label + " in";
        role.holderKind =
            field.type == FieldType::PersonPicker ? EntityKind::Person : EntityKind::Case;
        roles.push_back(std::move(role));
        found = std::prev(roles.end());
      }
      if (!found->isOn(*type)) {
        found->on.push_back(type.get());
      }
    }
  }
  return roles;
}

}  // namespace dossier::types
