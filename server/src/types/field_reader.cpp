#include "types/field_reader.hpp"

#include <algorithm>
#include <set>

#include "core/yaml_reader.hpp"
#include "types/field_values.hpp"

namespace dossier::types {

namespace {

bool isAsciiLetter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

bool isName(const std::string& text, std::size_t maxLength) {
  return !text.empty() && text.size() <= maxLength && isAsciiLetter(text.front()) &&
         std::all_of(text.begin(), text.end(),
                     [](char c) { return isAsciiLetter(c) || isDigit(c) || c == '_'; });
}

std::vector<Option> readOptions(YamlReader& reader, const char* key) {
  std::vector<Option> options;
  std::set<std::string> seen;
  reader.list(key, [&](YamlReader& item, std::size_t) {
    item.allowOnly({"value", "text"});
    Option option{item.requiredString("value"), item.string("text")};
    if (option.text.empty()) {
      option.text = option.value;
    }
    if (!seen.insert(option.value).second) {
      item.error("value", "'" + option.value + "' is listed twice");
    }
    options.push_back(std::move(option));
  });
  return options;
}

FieldDef readField(YamlReader& item) {
  item.allowOnly({"id", "type", "label", "tooltip", "mandatory", "maxLength", "minimum", "maximum",
                  "default", "readOnly", "search", "searchWeight", "searchResult", "preview",
                  "options", "role"});
  FieldDef field;
  field.id = item.requiredString("id");
  if (!field.id.empty() && !isName(field.id, 50)) {
    item.error("id", "must start with a letter and hold only letters, digits and _ (at most 50)");
  }
  const auto word = item.requiredString("type");
  if (const auto type = fieldTypeFromWord(word)) {
    field.type = *type;
  } else if (!word.empty()) {
    item.error("type", "'" + word +
                           "' is not a field type (text, multiline, richtext, number, date, "
                           "datetime, yesno, choice, multichoice, address, person, case)");
  }
  field.label = item.requiredString("label");
  field.tooltip = item.string("tooltip");
  field.mandatory = item.boolean("mandatory", false);
  field.maxLength = item.integer("maxLength", 0, 1, 100000);
  if (item.has("minimum")) {
    field.minimum = item.integer("minimum", 0, -1000000000, 1000000000);
  }
  if (item.has("maximum")) {
    field.maximum = item.integer("maximum", 0, -1000000000, 1000000000);
  }
  field.readOnly = item.boolean("readOnly", false);
  field.searchable = item.boolean("search", false);
  field.searchWeight = item.integer("searchWeight", 1, 1, 10);
  field.displayInSearchResult = item.boolean("searchResult", false);
  field.preview = item.boolean("preview", false);
  field.options = readOptions(item, "options");
  field.role = item.string("role");
  const bool needsOptions = field.type == FieldType::Choice || field.type == FieldType::MultiChoice;
  if (needsOptions && field.options.empty()) {
    item.error("options", "a " + word + " field needs options");
  }
  if (!needsOptions && !field.options.empty()) {
    item.error("options", "only choice and multichoice fields have options");
  }
  const bool picker = field.type == FieldType::PersonPicker || field.type == FieldType::CasePicker;
  if (picker && field.role.empty()) {
    item.error("role", "a " + word + " field names the role its holder takes");
  }
  if (field.maxLength > 0 && field.type != FieldType::Text &&
      field.type != FieldType::MultiLineText && field.type != FieldType::RichText) {
    item.error("maxLength", "only text fields have a maximum length");
  }
  if (item.has("default")) {
    const auto check = types::checkFieldValue(field, item.json("default"));
    if (check.error) {
      item.error("default", "does not suit the field: " + *check.error);
    } else {
      field.defaultValue = check.value;
    }
  }
  return field;
}

}  // namespace dossier::types
