#pragma once

#include <string>

#include <boost/json/object.hpp>

#include "types/entity_type.hpp"
#include "types/prepared_components.hpp"

namespace dossier::types {

// The layout components of spec 2 §3 for a type's form, as JSON text: containers with their
// children, data fields with their label, tooltip, options, limits and visibility condition,
// views, and the read-only facts and texts that carry their own value. readOnlyForm makes every
// component read-only (a person who may not modify the record). A value that is the same for
// every record of the type is written in; the others are left as holes for each form load.
PreparedComponents prepareComponents(const types::EntityType& type, bool readOnlyForm);

// The component of one data field, as in a form (documents' custom fields use it too).
boost::json::object fieldComponent(const FieldDef& field, const std::string& id, bool readOnly);

}  // namespace dossier::types
