#include "records/linked_records.hpp"

#include "records/access.hpp"
#include "records/records.hpp"

namespace dossier::records {

namespace json = boost::json;
using types::EntityKind;
using types::FieldType;

namespace {

std::string idText(const json::value& id) {
  if (id.is_string()) {
    return std::string(id.get_string());
  }
  if (id.is_int64()) {
    return std::to_string(id.get_int64());
  }
  return {};
}

// The linked record, when it exists and the user may view it.
std::optional<records::Record> visibleLink(db::Connection& db, const types::Catalog& catalog,
                                           types::EntityKind kind, const std::string& identifier,
                                           std::string_view username) {
  auto record = records::findRecord(db, kind, identifier);
  if (!record) {
    return std::nullopt;
  }
  const auto* type = catalog.find(kind, record->typeRef);
  if (type == nullptr || !records::accessFor(catalog, *type, username).canView) {
    return std::nullopt;
  }
  return record;
}

}  // namespace

void describeLinks(db::Connection& db, const types::Catalog& catalog, const types::EntityType& type,
                   std::string_view username, json::object& values) {
  for (const auto& field : type.fields) {
    if (field.type != types::FieldType::PersonPicker &&
        field.type != types::FieldType::CasePicker) {
      continue;
    }
    auto* value = values.if_contains(field.id);
    if (value == nullptr || !value->is_object() || !value->as_object().contains("id")) {
      continue;
    }
    auto& link = value->as_object();
    const auto kind = field.type == types::FieldType::PersonPicker ? types::EntityKind::Person
                                                                   : types::EntityKind::Case;
    const auto identifier = idText(link.at("id"));
    if (const auto record = visibleLink(db, catalog, kind, identifier, username)) {
      link["display"] = record->displayName;
      link["kind"] = types::kindName(kind);
      link["identifier"] = record->identifier();
    } else {
      // Neither the id nor the number of a record one may not see is told; saving the form
      // sends {"unavailable": true} back, which keeps the link as stored.
      link = json::object{
          {"display", "Not available"}, {"kind", types::kindName(kind)}, {"unavailable", true}};
    }
  }
}

void keepUnavailableLinks(const types::EntityType& type, const json::object& stored,
                          json::object& values) {
  for (const auto& field : type.fields) {
    if (field.type != types::FieldType::PersonPicker &&
        field.type != types::FieldType::CasePicker) {
      continue;
    }
    const auto* value = values.if_contains(field.id);
    if (value == nullptr || !value->is_object()) {
      continue;
    }
    const auto* unavailable = value->as_object().if_contains("unavailable");
    if (unavailable == nullptr || !unavailable->is_bool() || !unavailable->get_bool()) {
      continue;
    }
    const auto* kept = stored.if_contains(field.id);
    values[field.id] = kept != nullptr ? *kept : json::value(nullptr);
  }
}

std::vector<std::string> checkLinks(db::Connection& db, const types::Catalog& catalog,
                                    const types::EntityType& type, std::string_view username,
                                    const json::object& stored, json::object& values) {
  std::vector<std::string> warnings;
  for (const auto& field : type.fields) {
    if (field.type != types::FieldType::PersonPicker &&
        field.type != types::FieldType::CasePicker) {
      continue;
    }
    auto* value = values.if_contains(field.id);
    if (value == nullptr || !value->is_object()) {
      continue;
    }
    const auto kind = field.type == types::FieldType::PersonPicker ? types::EntityKind::Person
                                                                   : types::EntityKind::Case;
    const auto identifier = idText(value->as_object().at("id"));
    // A link already stored stays, whoever saves the form: it may name a record this person
    // cannot see, which is not theirs to remove.
    const auto* before = stored.if_contains(field.id);
    if (before != nullptr && before->is_object() && before->as_object().contains("id") &&
        idText(before->as_object().at("id")) == identifier) {
      continue;
    }
    const auto record = visibleLink(db, catalog, kind, identifier, username);
    if (!record) {
      warnings.push_back(field.label + ": there is no " + types::kindName(kind) + " " + identifier +
                         " that you can see, so it was not linked.");
      values.erase(field.id);
      continue;
    }
    // Stored by id only; the display name is looked up afresh on every load.
    json::object stored;
    stored["id"] = kind == types::EntityKind::Person ? json::value(record->id)
                                                     : json::value(record->caseNumber);
    *value = std::move(stored);
  }
  return warnings;
}

}  // namespace dossier::records
