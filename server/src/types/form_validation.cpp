#include "types/form_validation.hpp"

#include "types/errors.hpp"
#include "types/field_values.hpp"
#include "types/visibility.hpp"

namespace dossier::types {

boost::json::object defaultValues(const types::EntityType& type) {
  boost::json::object values;
  for (const auto& field : type.fields) {
    if (!field.defaultValue.is_null()) {
      values[field.id] = field.defaultValue;
    }
  }
  return values;
}

Result<FormValues> validateForm(const types::EntityType& type, const boost::json::object& submitted,
                                const boost::json::object& stored) {
  for (const auto& [key, value] : submitted) {
    if (type.field(key) == nullptr) {
      return Error::of(errors::kFormUnknownField,
                       "The " + type.name + " form has no field '" + std::string(key) + "'.");
    }
  }
  // Read-only is decided by the layout as stored; visibility by the values as they will be.
  const auto lockedBefore = placeFields(type, stored);
  FormValues result;
  result.values = stored;
  for (const auto& field : type.fields) {
    const auto* given = submitted.if_contains(field.id);
    if (given == nullptr || lockedBefore.at(field.id).readOnly) {
      continue;
    }
    auto check = checkFieldValue(field, *given);
    if (check.error) {
      result.fieldErrors[field.id] = *check.error;
      continue;
    }
    if (check.value.is_null()) {
      result.values.erase(field.id);
    } else {
      result.values[field.id] = std::move(check.value);
    }
  }
  const auto placements = placeFields(type, result.values);
  for (const auto& field : type.fields) {
    const auto& placement = placements.at(field.id);
    // A value that is not valid in a field the person cannot see is not theirs to put right: the
    // stored value stays, and the save goes on.
    if (!placement.visible && result.fieldErrors.erase(field.id) > 0) {
      continue;
    }
    if (!field.mandatory || !placement.visible || placement.readOnly ||
        result.fieldErrors.contains(field.id)) {
      continue;
    }
    const auto* value = result.values.if_contains(field.id);
    if (value == nullptr || isEmptyValue(*value)) {
      result.fieldErrors[field.id] = "Required";
    }
  }
  return result;
}

}  // namespace dossier::types
