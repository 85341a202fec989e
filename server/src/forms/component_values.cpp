#include "forms/component_values.hpp"

#include <vector>

#include "types/layout_components.hpp"
#include "types/templates.hpp"

namespace dossier::forms {

namespace json = boost::json;

namespace {

// A fact of a record not yet saved is not known: its component shows nothing.
json::value factValue(const std::string& fact, const records::Record* record) {
  if (record == nullptr) {
    return nullptr;
  }
  if (fact == "caseNumber" || fact == "personId") {
    return json::value(record->identifier());
  }
  if (fact == "createdBy") {
    return json::value(record->createdByName);
  }
  if (fact == "createdAt") {
    return json::value(record->createdAt);
  }
  if (fact == "modifiedBy") {
    return json::value(record->modifiedByName);
  }
  if (fact == "modifiedAt") {
    return json::value(record->modifiedAt);
  }
  return nullptr;
}

std::string fill(const types::PreparedComponents& prepared, const types::EntityType& type,
                 const records::Record* record, const json::object& data) {
  if (prepared.values.empty()) {
    return prepared.parts.front();
  }
  std::vector<json::value> values;
  values.reserve(prepared.values.size());
  const auto identifier = record != nullptr ? record->identifier() : std::string();
  for (const auto& value : prepared.values) {
    values.push_back(value.fact.empty() ? json::value(types::expandTemplate(
                                              type, value.textTemplate, data, identifier))
                                        : factValue(value.fact, record));
  }
  return prepared.fill(values);
}

}  // namespace

std::string componentsFor(const types::EntityType& type, bool readOnly,
                          const records::Record* record, const json::object& data) {
  const auto& made = type.preparedComponents[readOnly ? 1 : 0];
  if (made.ready()) {
    return fill(made, type, record, data);
  }
  return fill(types::prepareComponents(type, readOnly), type, record, data);
}

}  // namespace dossier::forms
