#include "types/entity_type.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace dossier::types {

namespace {

struct FieldTypeNames {
  FieldType type;
  const char* word;
  const char* component;
};

constexpr std::array<FieldTypeNames, 12> kFieldTypes{{
    {FieldType::Text, "text", "TextField"},
    {FieldType::MultiLineText, "multiline", "TextAreaField"},
    {FieldType::RichText, "richtext", "RichTextField"},
    {FieldType::Number, "number", "NumberField"},
    {FieldType::Date, "date", "DateField"},
    {FieldType::DateTime, "datetime", "DateTimeField"},
    {FieldType::YesNo, "yesno", "YesNoField"},
    {FieldType::Choice, "choice", "ChoiceField"},
    {FieldType::MultiChoice, "multichoice", "MultiChoiceField"},
    {FieldType::Address, "address", "Addresses"},
    {FieldType::PersonPicker, "person", "PersonRoleField"},
    {FieldType::CasePicker, "case", "CaseRoleField"},
}};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

const char* kindName(EntityKind kind) {
  return kind == EntityKind::Case ? "case" : "person";
}

std::optional<EntityKind> kindFromRoute(std::string_view word) {
  if (word == "case") {
    return EntityKind::Case;
  }
  if (word == "person") {
    return EntityKind::Person;
  }
  return std::nullopt;
}

const char* fieldTypeWord(FieldType type) {
  for (const auto& names : kFieldTypes) {
    if (names.type == type) {
      return names.word;
    }
  }
  return "text";
}

const char* componentType(FieldType type) {
  for (const auto& names : kFieldTypes) {
    if (names.type == type) {
      return names.component;
    }
  }
  return "TextField";
}

std::optional<FieldType> fieldTypeFromWord(std::string_view word) {
  for (const auto& names : kFieldTypes) {
    if (word == names.word) {
      return names.type;
    }
  }
  return std::nullopt;
}

const FieldDef* EntityType::field(std::string_view id) const {
  for (const auto& field : fields) {
    if (field.id == id) {
      return &field;
    }
  }
  return nullptr;
}

const CaseStatus* EntityType::status(std::string_view value) const {
  for (const auto& status : statuses) {
    if (status.value == value) {
      return &status;
    }
  }
  return nullptr;
}

const EntityType* Catalog::find(EntityKind kind, std::string_view ref) const {
  for (const auto& type : types) {
    if (type->kind == kind && lower(type->ref) == lower(ref)) {
      return type.get();
    }
  }
  return nullptr;
}

std::vector<const EntityType*> Catalog::ofKind(EntityKind kind) const {
  std::vector<const EntityType*> out;
  for (const auto& type : types) {
    if (type->kind == kind) {
      out.push_back(type.get());
    }
  }
  return out;
}

std::set<std::string> Catalog::groupsOf(std::string_view username) const {
  std::set<std::string> out{"everyone"};
  const auto name = lower(username);
  for (const auto& group : groups) {
    if (group.members.contains(name)) {
      out.insert(group.name);
    }
  }
  if (granted) {
    out.merge(granted->of(name));
  }
  return out;
}

}  // namespace dossier::types
