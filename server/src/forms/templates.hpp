#pragma once

#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "entities/entity_type.hpp"

namespace dossier::forms {

// Fills "{firstName} {surname}" or "Complaint {caseNumber}" from a record's values: each {field}
// becomes the field's value as a person reads it, {caseNumber} and {personId} the identifier,
// {typeName} the type's name. Spaces left by empty values are folded.
std::string expandTemplate(const entities::EntityType& type, std::string_view text,
                           const boost::json::object& values, std::string_view identifier);

}  // namespace dossier::forms
