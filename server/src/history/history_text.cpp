#include "history/history_text.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "records/linked_records.hpp"
#include "types/field_values.hpp"

namespace dossier::history {

namespace json = boost::json;
using types::FieldType;

namespace {

// A date stays ISO for the web app to show in the person's own format and time zone.
json::value shownValue(db::Connection& db, const types::Catalog& catalog,
                       const types::FieldDef* field, std::string_view username,
                       const json::value& value, std::string& text) {
  if (field == nullptr) {
    text = value.is_string() ? std::string(value.get_string()) : "";
    return value;
  }
  if ((field->type == FieldType::PersonPicker || field->type == FieldType::CasePicker) &&
      value.is_object()) {
    types::EntityType single;
    single.fields.push_back(*field);
    json::object holder{{field->id, value}};
    records::describeLinks(db, catalog, single, username, holder);
    text = types::displayText(*field, holder.at(field->id));
    return holder.at(field->id);
  }
  if (field->type == FieldType::Date || field->type == FieldType::DateTime) {
    text = value.is_string() ? std::string(value.get_string()) : "";
    return value;
  }
  text = types::displayText(*field, value);
  return value;
}

}  // namespace

json::value presentChanges(db::Connection& db, const types::Catalog& catalog,
                           const types::EntityType& type, std::string_view username,
                           const json::value& changes) {
  json::array out;
  if (!changes.is_array()) {
    return out;
  }
  for (const auto& item : changes.as_array()) {
    if (!item.is_object()) {
      continue;
    }
    auto change = item.as_object();
    const auto* id = change.if_contains("field");
    const auto* field = id != nullptr && id->is_string() ? type.field(id->get_string()) : nullptr;
    for (const auto& [valueKey, textKey] :
         {std::pair{"oldValue", "oldText"}, std::pair{"newValue", "newText"}}) {
      const auto* value = change.if_contains(valueKey);
      std::string text;
      auto shown = shownValue(db, catalog, field, username,
                              value != nullptr ? *value : json::value(nullptr), text);
      change[valueKey] = std::move(shown);
      change[textKey] = text;
    }
    out.push_back(std::move(change));
  }
  return out;
}

}  // namespace dossier::history
