#pragma once

#include <string>

#include <boost/json/object.hpp>

#include "records/records.hpp"
#include "types/entity_type.hpp"

namespace dossier::forms {

// The layout components of a record's form (or of a new record's, without one) as JSON text: the
// type's prepared components with each value that differs from record to record in its place —
// the record's facts ("Created on"), and its Texts filled from data as headerText is.
std::string componentsFor(const types::EntityType& type, bool readOnly,
                          const records::Record* record, const boost::json::object& data);

}  // namespace dossier::forms
