#pragma once

#include <string>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "types/entity_type.hpp"

namespace dossier::types {

// The layout components of spec 2 §3 for a type's form: containers with their children, and data
// fields with their label, tooltip, options, limits and visibility condition. readOnlyForm makes
// every component read-only (a person who may not modify the record).
boost::json::array buildComponents(const types::EntityType& type, bool readOnlyForm);

// The component of one data field, as in a form (documents' custom fields use it too).
boost::json::object fieldComponent(const FieldDef& field, const std::string& id, bool readOnly);

}  // namespace dossier::types
