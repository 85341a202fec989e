#pragma once

#include <map>
#include <string>

#include <boost/json/object.hpp>

#include "core/result.hpp"
#include "types/entity_type.hpp"

namespace dossier::types {

struct FormValues {
  boost::json::object values;                      // what to store
  std::map<std::string, std::string> fieldErrors;  // field id → message
};

// The values a new record starts with: each field's default.
boost::json::object defaultValues(const types::EntityType& type);

// Validates a whole submitted form against its type (spec 2 §5, issue 4): each value's type,
// options and length; mandatory fields that are shown and editable; read-only fields keep their
// stored value. A field the form does not have is refused (400).
Result<FormValues> validateForm(const types::EntityType& type, const boost::json::object& submitted,
                                const boost::json::object& stored);

}  // namespace dossier::types
