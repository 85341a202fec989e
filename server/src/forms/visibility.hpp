#pragma once

#include <map>
#include <string>

#include <boost/json/object.hpp>

#include "entities/entity_type.hpp"

namespace dossier::forms {

// Where a field stands in its form: shown (every container above it and the field itself pass
// their visibility conditions for these values) and read-only (itself or a container above).
struct Placement {
  bool visible = false;
  bool readOnly = false;
};

// For every field of the type; a field the layout does not place is not visible.
std::map<std::string, Placement> placeFields(const entities::EntityType& type,
                                             const boost::json::object& values);

}  // namespace dossier::forms
