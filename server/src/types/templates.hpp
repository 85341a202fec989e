#pragma once

#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "types/entity_type.hpp"

namespace dossier::types {

// Fills "{firstName} {surname}" or "Complaint {caseNumber}" from a record's values: each {field}
// becomes the field's value as a person reads it, {caseNumber} and {personId} the identifier,
// {typeName} the type's name. Spaces left by empty values are folded.
std::string expandTemplate(const types::EntityType& type, std::string_view text,
                           const boost::json::object& values, std::string_view identifier);

}  // namespace dossier::types
