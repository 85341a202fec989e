#pragma once

#include <optional>
#include <string>

#include <boost/json/value.hpp>

#include "types/entity_type.hpp"

namespace dossier::types {

// The longest value a field of a type takes when its configuration sets no maximum.
int defaultMaxLength(types::FieldType type);

// An empty value: null, "", [] or an address with nothing in it.
bool isEmptyValue(const boost::json::value& value);

struct FieldCheck {
  boost::json::value value;          // normalized (e.g. a number given as text becomes a number)
  std::optional<std::string> error;  // what is wrong, for the person; the value is then unchanged
};

// Checks and normalizes a submitted value against its field's type, options and limits.
// Mandatory is checked by the form, which knows whether the field is shown.
FieldCheck checkFieldValue(const types::FieldDef& field, const boost::json::value& submitted);

// A value as a person reads it ("Yes", the option's text, an address on one line).
std::string displayText(const types::FieldDef& field, const boost::json::value& value);

inline constexpr const char* kAddressParts[] = {"line1",  "line2",    "town",
                                                "county", "postcode", "country"};

}  // namespace dossier::types
