#pragma once

#include <string_view>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"
#include "types/entity_type.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::preview {

// Preview data of spec 2 §3: canView, errorMessage, descriptionDisplay, previewFields (key,
// value, fieldType, displayInSearchPreview), linkToParent (the record this one belongs to; none
// for cases and persons yet), entityDescription. Without the right to view: canView false and the
// spec's message.
Result<boost::json::object> previewRecord(environments::Environment& environment,
                                          const api::Session& session, types::EntityKind kind,
                                          std::string_view identifier);

}  // namespace dossier::preview
