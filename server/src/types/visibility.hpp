#pragma once

#include <map>
#include <string>

#include <boost/json/object.hpp>

#include "types/entity_type.hpp"

namespace dossier::types {

// Where a field stands in its form: shown (every container above it and the field itself pass
// their visibility conditions for these values) and read-only (itself or a container above).
struct Placement {
  bool visible = false;
  bool readOnly = false;
};

// For every field of the type; a field the layout does not place is not visible.
std::map<std::string, Placement> placeFields(const types::EntityType& type,
                                             const boost::json::object& values);

}  // namespace dossier::types
